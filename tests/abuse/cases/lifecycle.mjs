// Abuse group `lifecycle`: ContextAssembler free(), [Symbol.dispose]() and `using`; methods on
// freed, detached, foreign and forged assemblers; free() during a call.
import { PROFILE, REQUEST, refAsmInput, refCapInput, allTraps } from "./common.mjs";

export function lifecycleCases() {
  const cases = [];
  const freed = (ctx, how) => {
    const a = new ctx.ctxpack.ContextAssembler(PROFILE);
    if (how === "dispose") a[Symbol.dispose]();
    else a.free();
    return a;
  };
  cases.push({ door: "ContextAssembler#free", input: "free() a fresh assembler", run: (ctx) => new ctx.ctxpack.ContextAssembler(PROFILE).free(), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#[Symbol.dispose]", input: "Symbol.dispose is a function", run: (ctx) => typeof ctx.ctxpack.ContextAssembler.prototype[Symbol.dispose], expect: ["ok"], check: (r) => ({ value: r, fail: r === "function" ? undefined : "no [Symbol.dispose]" }) });
  cases.push({ door: "ContextAssembler#[Symbol.dispose]", input: "[Symbol.dispose]() a fresh assembler", run: (ctx) => new ctx.ctxpack.ContextAssembler(PROFILE)[Symbol.dispose](), expect: ["ok"] });
  cases.push({
    door: "ContextAssembler#[Symbol.dispose]",
    input: "`using` block (when the runtime parses it) disposes",
    run: (ctx) => {
      let f;
      try {
        f = new Function("C", "p", "r", "{ using a = new C(p); r.a = a; return a.inferIntent('x').intent; }");
      } catch {
        // The runtime cannot parse `using`: dispose by hand, the same effect.
        const a = new ctx.ctxpack.ContextAssembler(PROFILE);
        try {
          return a.inferIntent("x").intent;
        } finally {
          a[Symbol.dispose]();
        }
      }
      const r = {};
      const intent = f(ctx.ctxpack.ContextAssembler, PROFILE, r);
      try {
        r.a.inferIntent("x");
      } catch (e) {
        if (e instanceof ctx.ctxpack.CtxpackError && e.code === "FREED") return intent;
        throw e;
      }
      throw new Error("still usable after the using block");
    },
    expect: ["ok"],
    check: (r) => ({ value: r }),
  });
  for (const how of ["free", "dispose"]) {
    for (const [method, call] of [
      ["assemble", (a) => a.assemble(refAsmInput())],
      ["prioritize", (a) => a.prioritize(refAsmInput())],
      ["capContext", (a) => a.capContext(refCapInput())],
      ["inferIntent", (a) => a.inferIntent(REQUEST)],
    ]) {
      cases.push({ door: `ContextAssembler#${method}`, input: `after ${how === "free" ? "free()" : "[Symbol.dispose]()"}`, run: (ctx) => call(freed(ctx, how)), expect: ["FREED"] });
    }
  }
  // Disposal is idempotent: `using a = …; a.free()` ends its block without an error.
  cases.push({ door: "ContextAssembler#free", input: "free() twice", run: (ctx) => freed(ctx, "free").free(), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#[Symbol.dispose]", input: "[Symbol.dispose]() after free()", run: (ctx) => freed(ctx, "free")[Symbol.dispose](), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#free", input: "free() after [Symbol.dispose]()", run: (ctx) => freed(ctx, "dispose").free(), expect: ["ok"] });
  cases.push({ door: "ContextAssembler#assemble", input: "called with a foreign this ({})", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.assemble.call({}, refAsmInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#assemble", input: "called with a forged this ({ __wbg_ptr: 8 })", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.assemble.call({ __wbg_ptr: 8 }, refAsmInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#prioritize", input: "called with this = Object.create(ContextAssembler.prototype)", run: (ctx) => Object.create(ctx.ctxpack.ContextAssembler.prototype).prioritize(refAsmInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#capContext", input: "called with a Proxy this whose traps throw", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.capContext.call(new Proxy({}, allTraps()), refCapInput()), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#inferIntent", input: "called detached (this undefined)", run: (ctx) => { const f = ctx.asm.inferIntent; return f(REQUEST); }, expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#free", input: "called on a plain object", run: (ctx) => ctx.ctxpack.ContextAssembler.prototype.free.call({}), expect: ["FREED"] });
  cases.push({ door: "ContextAssembler#free", input: "called detached (this undefined)", run: (ctx) => { const f = ctx.asm.free; return f(); }, expect: ["FREED"] });
  // free() while one of its own methods runs (a getter of the input frees it): the method ends
  // normally, the assembler is dropped once it returns, and later calls are FREED.
  cases.push({
    door: "ContextAssembler#free",
    input: "free() from a getter while its assemble() runs",
    run: (ctx) => {
      const a = new ctx.ctxpack.ContextAssembler(PROFILE);
      const input = refAsmInput();
      const r = a.assemble({ ...input, get documents() { a.free(); return input.documents; } });
      try {
        a.inferIntent(REQUEST);
      } catch (e) {
        if (e instanceof ctx.ctxpack.CtxpackError && e.code === "FREED") return r;
        throw e;
      }
      throw new Error("still usable after free()");
    },
    expect: ["ok"],
    check: (r, ctx) => ({ fail: r && JSON.stringify(r) !== ctx.ref["ContextAssembler#assemble"] ? "answer changed" : undefined }),
  });
  cases.push({ door: "new ContextAssembler", input: "called without new", run: (ctx) => ctx.ctxpack.ContextAssembler(PROFILE), expect: ["JS_ERROR"] });
  cases.push({ door: "new ContextAssembler", input: "a subclass", run: (ctx) => { const S = class extends ctx.ctxpack.ContextAssembler {}; const a = new S(PROFILE); try { return a.assemble(refAsmInput()); } finally { a.free(); } }, expect: ["ok"], check: (r, ctx) => ({ fail: r && JSON.stringify(r) !== ctx.ref["ContextAssembler#assemble"] ? "a subclass answers differently" : undefined }) });
  cases.push({
    door: "new ContextAssembler",
    input: "10,000 created and freed, then the shared one still answers",
    run: (ctx) => {
      for (let i = 0; i < 10_000; i++) new ctx.ctxpack.ContextAssembler(PROFILE).free();
      return ctx.asm.assemble(refAsmInput());
    },
    expect: ["ok"],
    check: (r, ctx) => ({ fail: r && JSON.stringify(r) !== ctx.ref["ContextAssembler#assemble"] ? "answer changed" : undefined }),
  });
  return cases;
}
