"""ctxpack for Python against the plain-Python way, side by side in one process
(docs/BENCHMARKS.md, "Python"):

- extract_classes against Python's own ast (ClassDef names) on the standard library's modules;
- read_context_files against seed 000's plain-Python _build_preloaded_files on the same files;
- assemble_context in 1 and 4 threads (the GIL is released while the core runs).

Run with the installed wheel: python python/bench/compare.py [--quick]. Medians of 5 runs.
"""

from __future__ import annotations

import ast
import os
import statistics
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

import ctxpack

QUICK = "--quick" in sys.argv
RUNS = 2 if QUICK else 5


def median_ms(f: Callable[[], Any]) -> float:
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def stdlib_sources() -> list[tuple[str, str]]:
    root = Path(sysconfig.get_paths()["stdlib"])
    out = []
    for p in sorted(root.glob("*.py")):
        try:
            out.append((p.name, p.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError):
            pass
    return out


def bench_classes() -> None:
    sources = stdlib_sources()
    size = sum(len(s.encode()) for _, s in sources)

    def with_ast() -> list[list[str]]:
        return [[n.name for n in ast.walk(ast.parse(s)) if isinstance(n, ast.ClassDef)] for _, s in sources]

    def with_ctxpack() -> list[list[str]]:
        return [[c["name"] for c in ctxpack.extract_classes(p, s)["classes"]] for p, s in sources]

    agree = sum(sorted(a) == sorted(b) for a, b in zip(with_ast(), with_ctxpack()))
    a, c = median_ms(with_ast), median_ms(with_ctxpack)
    print(f"extract_classes: {len(sources)} stdlib modules, {size / 1e6:.1f} MB: "
          f"ast {a:.1f} ms, ctxpack {c:.1f} ms ({a / c:.1f}x); same class names in {agree} of {len(sources)}")


# Seed 000's formatter as the seed writes it (proxy/formatter.py, Task 1), its estimate_tokens
# the formatter's 4 characters a token.
PRELOAD_MAX_LINES = 200
PRELOAD_TOKEN_BUDGET = 5000
_LANG_MAP = {".py": "python", ".jsx": "jsx", ".tsx": "tsx", ".ts": "typescript", ".js": "javascript",
             ".css": "css", ".html": "html", ".json": "json"}


def estimate_tokens(text: str) -> int:
    return len(text) // 4


def seed_build_preloaded_files(contexts: list[dict[str, Any]] | None, backend_map: dict[str, Any] | None) -> str:
    base = Path(os.getenv("VCI_OUTPUT_DIR", "/output")).resolve()
    paths: list[str] = []
    seen: set[str] = set()
    for ctx in contexts or []:
        sf = ctx.get("sourceFile")
        if sf and sf not in seen:
            seen.add(sf)
            paths.append(sf)
    if not paths:
        return ""
    sections: list[str] = []
    total_tokens = 0
    for rel_path in paths:
        try:
            full = (base / rel_path).resolve()
            if not full.is_relative_to(base) or not full.is_file():
                continue
            content = full.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        lines = content.splitlines()
        if len(lines) > PRELOAD_MAX_LINES:
            continue
        file_tokens = estimate_tokens(content)
        if total_tokens + file_tokens > PRELOAD_TOKEN_BUDGET:
            continue
        total_tokens += file_tokens
        lang = _LANG_MAP.get(Path(rel_path).suffix, "")
        sections.append(f"#### `{rel_path}` ({len(lines)} lines)\n```{lang}\n{content}\n```\n")
    if not sections:
        return ""
    return "### Pre-loaded Files\n\n" + "\n".join(sections) + "\n"


def bench_preload() -> None:
    sources = [(p, s) for p, s in stdlib_sources() if len(s.splitlines()) <= PRELOAD_MAX_LINES]
    with tempfile.TemporaryDirectory() as base:
        for p, s in sources:
            Path(base, p).write_text(s, encoding="utf-8")
        contexts = [{"sourceFile": p} for p, _ in sources]
        os.environ["VCI_OUTPUT_DIR"] = base

        def with_ctxpack() -> str:
            refs = [{"path": c["sourceFile"], "source": f"contexts[{i}].sourceFile"} for i, c in enumerate(contexts)]
            block: str = ctxpack.read_context_files(base, refs, {"listNotInlined": False})["block"]
            return block

        seed, ours = seed_build_preloaded_files(contexts, None), with_ctxpack()
        a = median_ms(lambda: seed_build_preloaded_files(contexts, None))
        c = median_ms(with_ctxpack)
        print(f"preload: {len(sources)} files of <= 200 lines: seed's formatter {a:.2f} ms "
              f"({seed.count('#### ')} inlined), read_context_files {c:.2f} ms ({ours.count('#### ')} inlined, "
              f"paths confined and secrets refused)")


def bench_threads() -> None:
    docs = [
        {"id": f"d{i}", "schema_type": f"t{i % 7}", "origin_type": "ai_generated" if i % 3 else "user_input",
         "created_at": 1_772_000_000_000 + i * 60_000, "data": {"text": "lorem ipsum dolor " * 100, "n": i}}
        for i in range(2_000)
    ]
    text = ctxpack.to_json({"documents": docs, "request": "notes", "maxChars": 16_000})
    calls = 8 if QUICK else 16

    def run(threads: int) -> float:
        per = calls // threads

        def work() -> None:
            for _ in range(per):
                ctxpack.assemble_context(text)

        ts = [threading.Thread(target=work) for _ in range(threads)]
        t = time.perf_counter()
        for th in ts:
            th.start()
        for th in ts:
            th.join()
        return (time.perf_counter() - t) * 1000

    one = statistics.median(run(1) for _ in range(RUNS))
    four = statistics.median(run(4) for _ in range(RUNS))
    print(f"threads: {calls} assemble_context calls on 2,000 documents as JSON text ({len(text) / 1e6:.1f} MB): "
          f"1 thread {one:.0f} ms, 4 threads {four:.0f} ms ({one / four:.2f}x; {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    bench_classes()
    bench_preload()
    bench_threads()
