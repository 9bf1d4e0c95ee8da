import { createElement as h } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app.js";
import "ctxpack/react/styles.css";

const recoverable = [];
window.ctxpackRecoverable = recoverable;
const root = document.getElementById("root");
if (root.hasChildNodes()) hydrateRoot(root, h(App), { onRecoverableError: (e) => recoverable.push(String(e?.message ?? e)) });
else createRoot(root).render(h(App));
