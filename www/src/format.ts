import type { JsonValue } from "ctxpack";

const numbers = new Intl.NumberFormat("en-US");
export const fmt = (n: number): string => numbers.format(n);

export function fmtMs(ms: number): string {
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function paramsText(params: { [key: string]: JsonValue }): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return "no params";
  return entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ");
}
