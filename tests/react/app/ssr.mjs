// The server's HTML of the app (no Worker in Node: the hook assembles in render), put into the
// built page for it to hydrate.
import { readFileSync, writeFileSync } from "node:fs";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./app.js";

const html = renderToString(h(App));
const page = readFileSync("dist/index.html", "utf8");
writeFileSync("dist/ssr.html", page.replace('<div id="root"></div>', `<div id="root">${html}</div>`));
console.log(`server-rendered ${html.length} chars`);
