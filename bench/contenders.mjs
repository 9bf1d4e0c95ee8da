// The contenders, on the same documents, request, profile, budget and cap. Runtime-neutral:
// bench/node.mjs and the Chromium page (bench/browser.mjs) build them from the modules they load.

/**
 * @param {{ ContextAssembler: any, baseline: any, profile: object, request: string, options: { cap: string, maxChars: number }, peers?: Record<string, Function> }} deps
 * @returns {{ name: string, input: "objects" | "text" | "bytes", run: (docs: object[], text: string, request?: string) => any }[]}
 */
export function makeContenders({ ContextAssembler, baseline, profile, request, options, peers = {} }) {
  const assembler = new ContextAssembler(profile); // the profile compiled once, as a server would
  const { maxChars } = options;
  const fromManifest = ({ context, manifest }) => ({
    context,
    included: manifest.documents.filter((d) => d.action === "full" || d.action === "truncated" || d.action === "summarized").map((d) => d.id),
    records: manifest.documents.length,
  });
  // JSON text as UTF-8 bytes, as a server reads it from a file or a database column: encoded once
  // per workload, outside the timed calls.
  const encoded = new Map();
  const bytesOf = (text) => {
    let bytes = encoded.get(text);
    if (bytes === undefined) {
      encoded.clear();
      bytes = new TextEncoder().encode(text);
      encoded.set(text, bytes);
    }
    return bytes;
  };
  const decoder = new TextDecoder();
  const list = [
    { name: "plain TS", input: "objects", run: (docs, _, r = request) => baseline.assemble(docs, r, profile, maxChars) },
    { name: "ctxpack", input: "objects", run: (docs, _, r = request) => fromManifest(assembler.assemble({ documents: docs, request: r, ...options })) },
    { name: "JSON.parse + plain TS", input: "text", run: (_, text, r = request) => baseline.assemble(JSON.parse(text), r, profile, maxChars) },
    { name: "ctxpack, JSON text", input: "text", run: (_, text, r = request) => fromManifest(assembler.assemble({ documents: text, request: r, ...options })) },
    { name: "TextDecoder + JSON.parse + plain TS", input: "bytes", run: (_, text, r = request) => baseline.assemble(JSON.parse(decoder.decode(bytesOf(text))), r, profile, maxChars) },
    { name: "ctxpack, JSON bytes", input: "bytes", run: (_, text, r = request) => fromManifest(assembler.assemble({ documents: bytesOf(text), request: r, ...options })) },
  ];
  for (const [name, assemble] of Object.entries(peers)) {
    list.push({ name, input: "objects", run: (docs, _, r = request) => assemble(docs, r, profile, maxChars) });
  }
  return list;
}

/** The ids a context holds, in order, read from its `## type (id)` headers. */
export function idsInContext(context) {
  return [...context.matchAll(/^## [^\n]* \(([^()\n]*)\)$/gm)].map((m) => m[1]);
}

/**
 * Runs every contender once and compares it with the plain-TypeScript reference: the same
 * included documents in the same order, and the same context bytes.
 */
export async function agreement(contenders, docs, text, request) {
  const rows = [];
  let ref;
  for (const c of contenders) {
    const out = await c.run(docs, text, request);
    const included = out.included ?? idsInContext(out.context);
    ref ??= { included, context: out.context };
    rows.push({
      name: c.name,
      included: included.length,
      chars: out.context.length,
      records: out.records ?? null,
      sameIncluded: included.join("\n") === ref.included.join("\n"),
      sameContext: out.context === ref.context,
    });
  }
  return rows;
}
