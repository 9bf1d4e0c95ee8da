// An SVG plot of median time per call against the number of documents (log–log), one line per
// contender and runtime, drawn by hand (no plotting dependency).

const COLORS = { "ctxpack": "#1f77b4", "ctxpack, JSON text": "#17becf", "ctxpack, JSON bytes": "#ff7f0e", "TextDecoder + JSON.parse + plain TS": "#c49c94", "plain TS": "#2ca02c", "JSON.parse + plain TS": "#98df8a", Priompt: "#d62728", "prompt-tsx": "#9467bd" };
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * @param {{ runtime: string, dash?: string, points: { contender: string, n: number, ms: number }[] }[]} series
 */
export function plot(series, { title = "Median time per call (log–log)", width = 860, height = 480 } = {}) {
  const all = series.flatMap((s) => s.points);
  const ns = all.map((p) => p.n);
  const ms = all.map((p) => p.ms);
  const [x0, x1] = [Math.log10(Math.min(...ns)) - 0.15, Math.log10(Math.max(...ns)) + 0.15];
  const [y0, y1] = [Math.floor(Math.log10(Math.min(...ms))), Math.ceil(Math.log10(Math.max(...ms)))];
  const m = { l: 70, r: 300, t: 40, b: 50 };
  const X = (n) => m.l + ((Math.log10(n) - x0) / (x1 - x0)) * (width - m.l - m.r);
  const Y = (v) => height - m.b - ((Math.log10(v) - y0) / (y1 - y0)) * (height - m.t - m.b);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`, `<rect width="100%" height="100%" fill="white"/>`, `<text x="${m.l}" y="22" font-size="15">${esc(title)}</text>`];
  for (let e = y0; e <= y1; e++) {
    const y = Y(10 ** e);
    out.push(`<line x1="${m.l}" x2="${width - m.r}" y1="${y}" y2="${y}" stroke="#ddd"/>`, `<text x="${m.l - 8}" y="${y + 4}" text-anchor="end">${10 ** e >= 1 ? (10 ** e).toLocaleString("en") : 10 ** e} ms</text>`);
  }
  for (const n of [...new Set(ns)].sort((a, b) => a - b)) {
    const x = X(n);
    out.push(`<line x1="${x}" x2="${x}" y1="${m.t}" y2="${height - m.b}" stroke="#eee"/>`, `<text x="${x}" y="${height - m.b + 18}" text-anchor="middle">${n.toLocaleString("en")}</text>`);
  }
  out.push(`<text x="${(m.l + width - m.r) / 2}" y="${height - 12}" text-anchor="middle">documents (bodies ×1)</text>`);
  let legend = 0;
  for (const s of series) {
    for (const contender of [...new Set(s.points.map((p) => p.contender))]) {
      const pts = s.points.filter((p) => p.contender === contender).sort((a, b) => a.n - b.n);
      const color = COLORS[contender] ?? "#333";
      const dash = s.dash ? ` stroke-dasharray="${s.dash}"` : "";
      out.push(`<polyline fill="none" stroke="${color}" stroke-width="2"${dash} points="${pts.map((p) => `${X(p.n).toFixed(1)},${Y(p.ms).toFixed(1)}`).join(" ")}"/>`);
      for (const p of pts) out.push(`<circle cx="${X(p.n).toFixed(1)}" cy="${Y(p.ms).toFixed(1)}" r="3" fill="${color}"/>`);
      const ly = m.t + 14 + legend++ * 18;
      out.push(`<line x1="${width - m.r + 15}" x2="${width - m.r + 45}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="2"${dash}/>`, `<text x="${width - m.r + 52}" y="${ly}">${esc(`${contender} (${s.runtime})`)}</text>`);
    }
  }
  out.push("</svg>");
  return out.join("\n") + "\n";
}

/** The plot of a run's results: bodies ×1 workloads, Node solid, Chromium dashed. */
export function plotResults({ node, chromium }) {
  const series = [node, chromium].filter(Boolean).map((res, i) => ({
    runtime: res.runtime.split(" ")[0],
    dash: i ? "6 4" : "",
    points: res.workloads.filter((w) => w.bodyScale === 1).flatMap((w) => Object.entries(w.stats).map(([contender, s]) => ({ contender, n: w.n, ms: s.median }))),
  }));
  return plot(series);
}
