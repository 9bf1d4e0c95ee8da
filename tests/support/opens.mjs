// Which files a call opens, watched on fs.openSync (the Node reader calls it through the shared
// node:fs module): "refused before reading" is shown by a file never being opened, not by a clock.
// Used by tests/node/files-reader*.test.mjs.
import fs from "node:fs";

/** Runs fn with fs.openSync watched; returns [its result, the paths opened]. */
export function watchingOpens(fn) {
  const opened = [];
  const original = fs.openSync;
  fs.openSync = function (path, ...rest) {
    opened.push(String(path));
    return original.call(this, path, ...rest);
  };
  try {
    return [fn(), opened];
  } finally {
    fs.openSync = original;
  }
}
