// readContextFiles and secret names through any path (issue 33): a real tree of symlinks —
// file to file, directory to directory, chains, links into and out of secret directories — and
// names Windows opens as a secret file (`id_rsa.`, `.npmrc `, `keys/server.pem `: trailing dots
// and spaces stripped). On Linux those are distinct files, so they can be created and read; the
// rule must refuse them by name all the same. The reader resolves every path
// (fs.realpathSync.native) and hands the core its real path relative to the real base
// (`contents[i].realPath`); the core applies the same name rules to it as to the path asked for.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { readContextFiles, checkPaths } from "ctxpack/files";
import { watchingOpens } from "../support/opens.mjs";

let root;
let base;
const SECRET = "DB_PASSWORD=Tr0ub4dor&3-horse\n";

before(() => {
  root = fs.mkdtempSync(join(tmpdir(), "ctxpack-secrets-"));
  // The base is reached through a symlink too: real paths are relative to the real base.
  const realBase = join(root, "real-base");
  base = join(root, "base-link");
  const write = (path, data) => {
    fs.mkdirSync(dirname(join(realBase, path)), { recursive: true });
    fs.writeFileSync(join(realBase, path), data);
  };
  const link = (target, path) => {
    fs.mkdirSync(dirname(join(realBase, path)), { recursive: true });
    fs.symlinkSync(target, join(realBase, path));
  };
  write(".env", SECRET);
  write(".ssh/id_ed25519", SECRET);
  write(".ssh/config", "Host prod\n  User deploy\n");
  write(".aws/notes.md", "rotation notes\n");
  write("deploy/keys/server.pem", SECRET);
  write("docs/guide.md", "# Guide\n");
  write("src/app.ts", "export const app = 1;\n");
  for (const name of ["id_rsa.", ".npmrc ", "keys/server.pem ", "prod.env. ", "example.env"]) write(name, name === "example.env" ? "API_URL=\n" : SECRET);
  link("../.env", "src/settings.txt"); // file -> file
  link(".ssh", "cfg"); // dir -> dir
  link("../deploy/keys/server.pem", "chain/c.txt"); // a chain: a -> b -> c -> the key
  link("c.txt", "chain/b.txt");
  link("b.txt", "chain/a.txt");
  link("../.aws", "tools/aws"); // a link into a secret directory
  link("../docs/guide.md", ".ssh/guide-link.md"); // a link out of a secret directory
  link("deploy/keys", "keys-dir"); // a directory whose files are keys by extension
  link("id_rsa.", "plain.txt"); // to a Windows spelling of a key
  link("docs/guide.md", "guide-link.md"); // a harmless link
  fs.symlinkSync(realBase, base);
});

after(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const reasons = (result) => Object.fromEntries(result.manifest.files.map((f) => [f.path, `${f.action} ${f.reasonCode}`]));

test("a link to a secret file or into a secret directory is refused by where it leads", () => {
  const paths = ["src/settings.txt", "cfg/config", "cfg/id_ed25519", "chain/a.txt", "chain/b.txt", "tools/aws/notes.md", "keys-dir/server.pem", "plain.txt", "src/../src/settings.txt"];
  const [result, opened] = watchingOpens(() => readContextFiles(base, paths));
  for (const path of paths.slice(0, -1)) assert.equal(reasons(result)[path], "rejected secret", path);
  // Judged by where they lead before anything is opened: no secret was read at all.
  assert.deepEqual(opened, []);
  assert.ok(!result.block.includes("Tr0ub4dor"), "no secret in the block");
  // The reason says where the link led: the real path is a name, never content.
  const settings = result.manifest.files.find((f) => f.path === "src/settings.txt");
  assert.match(settings.reason, /real path `\.env`/);
  // allowSecrets lets them through, as it does the files themselves.
  const [allowed, openedAllowed] = watchingOpens(() => readContextFiles(base, ["src/settings.txt", "chain/a.txt"], { allowSecrets: true }));
  assert.deepEqual(Object.values(reasons(allowed)), ["inlined inlined", "inlined inlined"]);
  assert.equal(openedAllowed.length, 2);
});

test("a link out of a secret directory is refused by the path asked for; a harmless link is read", () => {
  // Two links to one secret: the second is judged as the first (checkPaths calls it a duplicate).
  const twice = readContextFiles(base, ["chain/a.txt", "chain/b.txt", "docs/guide.md"]);
  assert.deepEqual(Object.values(reasons(twice)), ["rejected secret", "rejected secret", "inlined inlined"]);
  const result = readContextFiles(base, [".ssh/guide-link.md", "guide-link.md", "docs/guide.md"]);
  assert.deepEqual(reasons(result), {
    ".ssh/guide-link.md": "rejected secret",
    "guide-link.md": "inlined inlined",
    "docs/guide.md": "inlined inlined",
  });
});

test("names Windows opens as a secret file are refused by name, before they are opened", () => {
  const windows = ["id_rsa.", ".npmrc ", "keys/server.pem ", "prod.env. "];
  const result = readContextFiles(base, [...windows, "example.env", "src/app.ts"]);
  for (const path of windows) assert.equal(reasons(result)[path], "rejected secret", JSON.stringify(path));
  assert.equal(reasons(result)["example.env"], "inlined inlined");
  assert.equal(reasons(result)["src/app.ts"], "inlined inlined");
  // checkPaths, the reader's first step, already refuses them: the disk is never asked.
  const checks = checkPaths({ paths: windows }).paths;
  assert.deepEqual(checks.map((c) => c.reasonCode), windows.map(() => "secret"));
});

test("every link in the tree is judged by its target's name as the target itself is", () => {
  // Walk the tree: for each symlink to a file, reading it through the link gives the verdict
  // that reading its real path does (secret or not), unless the link's own path is a secret's.
  const realBase = fs.realpathSync.native(base);
  const links = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(join(realBase, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) links.push(rel);
      else if (entry.isDirectory()) walk(rel);
    }
  };
  walk("");
  assert.ok(links.length >= 10, `links found: ${links}`);
  for (const link of links) {
    if (!fs.statSync(join(realBase, link)).isFile()) continue;
    const real = fs.realpathSync.native(join(realBase, link)).slice(realBase.length + 1);
    const [viaLink, direct, asked] = [link, real, link].map((p, i) =>
      i === 2 ? checkPaths({ paths: [p] }).paths[0].reasonCode === "secret" : readContextFiles(base, [p]).manifest.files[0].reasonCode === "secret",
    );
    assert.equal(viaLink, direct || asked, `${link} -> ${real}`);
  }
});
