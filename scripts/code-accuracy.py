#!/usr/bin/env python3
"""Compares ctxpack's class extractor with Python's own `ast` over a tree of Python files
(default: the whole installed standard library).

For every `ClassDef` (at any depth) `ast` gives the name, `lineno` (the `class` line), the
first decorator's line and `end_lineno`; the extractor (examples/extract_classes.rs, built
natively) gives the same four for each class it finds. A class matches exactly when all four
agree. Files `ast` cannot parse (Python 2 test data, deliberately broken files) are counted
apart and not compared. Prints a summary and every disagreement.

    cargo build --release --example extract_classes
    python3 scripts/code-accuracy.py [ROOT] [--bin target/release/examples/extract_classes]
"""
import ast
import json
import os
import subprocess
import sys
import sysconfig
import tokenize
import warnings


def python_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith((".py", ".pyi")):
                yield os.path.join(dirpath, name)


def ast_classes(path):
    with tokenize.open(path) as f:  # the file's declared encoding, universal newlines
        source = f.read()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tree = ast.parse(source, filename=path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            # A decorator's expression line; its `@` is on the same line in real code.
            out.append((node.name, node.lineno, start, node.end_lineno))
    out.sort(key=lambda c: (c[1], c[0]))
    return out


def keyed(classes):
    """(name, line, k): the k-th class of that name on that line (one line may hold several)."""
    seen = {}
    for c in classes:
        k = seen[(c[0], c[1])] = seen.get((c[0], c[1]), 0) + 1
        yield (c[0], c[1], k), c


def main():
    args = sys.argv[1:]
    binary = "target/release/examples/extract_classes"
    if "--bin" in args:
        i = args.index("--bin")
        binary = args[i + 1]
        del args[i : i + 2]
    root = args[0] if args else sysconfig.get_paths()["stdlib"]
    files = list(python_files(root))
    expected, unparsable = {}, []
    for path in files:
        try:
            expected[path] = ast_classes(path)
        except (SyntaxError, UnicodeDecodeError, ValueError) as e:
            unparsable.append((path, type(e).__name__))
    paths = [p for p in files if p in expected]
    run = subprocess.run(
        [binary], input="\n".join(paths) + "\n", capture_output=True, text=True, check=True
    )
    got = {}
    for line in run.stdout.splitlines():
        rec = json.loads(line)
        got[rec["path"]] = sorted(
            [(c[0], c[1], c[2], c[3]) for c in rec["classes"]], key=lambda c: (c[1], c[0])
        )
    total = exact = 0
    missing, extra, wrong = [], [], []
    for path in paths:
        want = expected[path]
        have = got.get(path, [])
        total += len(want)
        by_key = dict(keyed(have))
        for key, c in keyed(want):
            h = by_key.pop(key, None)
            if h is None:
                missing.append((path, c))
            elif h == c:
                exact += 1
            else:
                wrong.append((path, c, h))
        extra.extend((path, h) for h in by_key.values())
    size = sum(os.path.getsize(p) for p in paths)
    print(f"root: {root}")
    print(f"files: {len(files)} ({len(paths)} parsed by ast, {len(unparsable)} not: counted apart)")
    print(f"bytes compared: {size}")
    print(f"classes (ast): {total}")
    pct = 100.0 * exact / total if total else 100.0
    print(f"exact-span matches: {exact} ({pct:.3f}%)")
    print(f"missed: {len(missing)}, extra: {len(extra)}, span differs: {len(wrong)}")
    for path, c in missing:
        print(f"  MISSED {path}:{c[1]} {c[0]} (ast start {c[2]} end {c[3]})")
    for path, h in extra:
        print(f"  EXTRA  {path}:{h[1]} {h[0]} (ours start {h[2]} end {h[3]})")
    for path, c, h in wrong:
        print(f"  SPAN   {path}:{c[1]} {c[0]} ast {c[2]}-{c[3]} ours {h[2]}-{h[3]}")
    for path, why in unparsable:
        print(f"  UNPARSABLE {path} ({why})")


if __name__ == "__main__":
    main()
