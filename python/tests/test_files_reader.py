"""read_context_files against a real temporary directory, with the Node reader's cases
(tests/node/files-reader*.test.mjs): the core's path rules, then the disk's — symlinks out of
the base, a FIFO (never opened), a directory, binary files, a 10 MB file refused from its size
before it is opened, the traversal corpus, secrets by name and by where a link leads,
duplicates spelled differently — and every path with exactly one record, in the order given.
What was opened is watched on os.open: "refused before reading" is shown by a file never being
opened."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest

import ctxpack
from conftest import VECTORS

BIG = 10 * 1024 * 1024
SECRET = "DB_PASSWORD=Tr0ub4dor&3-horse\n"


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("reader")
    base, outside = root / "base", root / "outside"

    def write(path: Path, data: str | bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode() if isinstance(data, str) else data)

    write(outside / "secret.txt", "OUTSIDE-SECRET\n")
    write(outside / "dir" / "x.txt", "OUTSIDE-DIR\n")
    write(outside / "peek.txt", "OUTSIDE-PEEK\n")
    write(base / "src" / "App.jsx", "export default function App() {\n  return null;\n}\n")
    write(base / "src" / "util.ts", "export const one = 1;\n")
    write(base / "README.md", "# inside\n")
    (base / "link-out.txt").symlink_to(outside / "secret.txt")
    (base / "linkdir").symlink_to(Path("..") / "outside" / "dir")
    (base / "link-in.jsx").symlink_to(Path("src") / "App.jsx")
    os.mkfifo(base / "pipe")
    write(base / "logo.png", bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE, 0x00, 0x80]))
    write(base / "nul.txt", "text\x00more\n")
    write(base / "latin1.txt", "caf\xe9\n".encode("latin-1"))
    write(base / "big.log", b"a" * BIG)
    os.chmod(base / "big.log", 0)
    write(base / ".env", "API_KEY=hunter2\n")
    write(base / "config.js", f'export const key = "ghp_{"aB3" * 12}";\n')
    write(base / "long.py", "x = 1\n" * 300)
    # Secrets through links (tests/node/files-reader-secrets.test.mjs).
    write(base / "deploy" / "keys" / "server.pem", SECRET)
    write(base / "docs" / "guide.md", "# Guide\n")
    (base / "src" / "settings.txt").symlink_to(Path("..") / ".env")
    (base / "chain").mkdir()
    (base / "chain" / "c.txt").symlink_to(Path("..") / "deploy" / "keys" / "server.pem")
    (base / "chain" / "b.txt").symlink_to("c.txt")
    (base / "chain" / "a.txt").symlink_to("b.txt")
    (base / "guide-link.md").symlink_to(Path("docs") / "guide.md")
    return {"root": root, "base": base}


@contextlib.contextmanager
def watching_opens(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    opened: list[str] = []
    real_open = os.open

    def spy(path: Any, *a: Any, **k: Any) -> int:
        opened.append(os.fspath(path))
        return real_open(path, *a, **k)

    with monkeypatch.context() as m:
        m.setattr(os, "open", spy)
        yield opened


def codes(result: Any) -> list[str]:
    return [f"{f['path']} {f['action']} {f['reasonCode']}" for f in result["manifest"]["files"]]


def one_record_each(result: Any, paths: list[Any]) -> None:
    files = result["manifest"]["files"]
    assert [f["path"] for f in files] == [p if isinstance(p, str) else p["path"] for p in paths]
    t = result["manifest"]["totals"]
    assert t["inlined"] + t["skipped"] + t["rejected"] + t["duplicates"] == t["references"] == len(paths)


def test_the_disks_rules(tree: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    base = tree["base"]
    paths = ["src/App.jsx", "link-out.txt", "linkdir/x.txt", "linkdir/../peek.txt", "link-in.jsx", "pipe", "src",
             "logo.png", "nul.txt", "latin1.txt", "big.log", "long.py", "missing.txt"]
    with watching_opens(monkeypatch) as opened:
        result = ctxpack.read_context_files(str(base), paths, {"maxTokens": 100_000, "maxBytes": 1024 * 1024, "maxLines": 200})
    one_record_each(result, paths)
    assert codes(result) == [
        "src/App.jsx inlined inlined",
        "link-out.txt rejected path_escape",
        "linkdir/x.txt rejected path_escape",
        "linkdir/../peek.txt skipped missing",
        "link-in.jsx inlined inlined",
        "pipe rejected not_a_file",
        "src rejected directory",
        "logo.png rejected binary",
        "nul.txt rejected binary",
        "latin1.txt rejected binary",
        "big.log skipped too_large",
        "long.py skipped too_many_lines",
        "missing.txt skipped missing",
    ]
    for leaked in ("OUTSIDE-SECRET", "OUTSIDE-DIR", "OUTSIDE-PEEK"):
        assert leaked not in result["block"]
    by_path = {f["path"]: f for f in result["manifest"]["files"]}
    assert by_path["big.log"]["bytes"] == BIG
    assert by_path["logo.png"]["bytes"] == 12
    real = os.path.realpath(base)
    assert sorted(p[len(real) + 1 :] for p in opened) == sorted(
        ["latin1.txt", "logo.png", "long.py", "nul.txt", "src/App.jsx", "src/App.jsx"]
    )


def test_a_big_file_is_refused_from_its_size(tree: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    with watching_opens(monkeypatch) as opened:
        result = ctxpack.read_context_files(str(tree["base"]), ["big.log"], {"maxBytes": 1000})
    assert opened == []
    assert codes(result) == ["big.log skipped too_large"]
    assert codes(ctxpack.read_context_files(str(tree["base"]), ["big.log"])) == ["big.log skipped too_large"]


def test_the_traversal_corpus_opens_nothing(tree: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    vector = json.loads((VECTORS / "files" / "inputs" / "check-traversal-corpus.json").read_bytes())
    corpus = vector["input"]["paths"]
    with watching_opens(monkeypatch) as opened:
        result = ctxpack.read_context_files(str(tree["base"]), corpus, {"maxTokens": 100_000, "allowSecrets": True})
    assert opened == []
    one_record_each(result, corpus)
    assert result["manifest"]["totals"]["inlined"] == 0


def test_secrets_by_name_content_and_link_target(tree: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    base = str(tree["base"])
    with watching_opens(monkeypatch) as opened:
        result = ctxpack.read_context_files(base, [".env", "config.js", "README.md", "src/settings.txt", "chain/a.txt", "guide-link.md"])
    assert codes(result) == [
        ".env rejected secret",
        "config.js rejected secret",
        "README.md inlined inlined",
        "src/settings.txt rejected secret",
        "chain/a.txt rejected secret",
        "guide-link.md inlined inlined",
    ]
    assert not any(p.endswith((".env", "server.pem")) for p in opened)
    assert "hunter2" not in result["block"] and "ghp_" not in result["block"]
    assert "real path `.env`" in result["manifest"]["files"][3]["reason"]
    allowed = ctxpack.read_context_files(base, [".env", "config.js"], {"allowSecrets": True})
    assert codes(allowed) == [".env inlined inlined", "config.js inlined inlined"]


def test_duplicates_spelled_differently(tree: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    paths: list[Any] = ["src/util.ts", "src/App.jsx", "./src/App.jsx", "src//App.jsx", "src/x/../App.jsx", "./src/util.ts",
                        {"path": "README.md", "source": "contexts[0].sourceFile"}]
    with watching_opens(monkeypatch) as opened:
        result = ctxpack.read_context_files(str(tree["base"]), paths)
    one_record_each(result, paths)
    assert [(f["id"], f["action"], f["duplicateOf"]) for f in result["manifest"]["files"]] == [
        ("src/util.ts", "inlined", None),
        ("src/App.jsx", "inlined", None),
        ("src/App.jsx", "duplicate", 1),
        ("src/App.jsx", "duplicate", 1),
        ("src/App.jsx", "duplicate", 1),
        ("src/util.ts", "duplicate", 0),
        ("README.md", "inlined", None),
    ]
    assert result["manifest"]["files"][6]["source"] == "contexts[0].sourceFile"
    assert len(opened) == 3


def test_the_same_as_preload_files_given_the_contents(tree: dict[str, Path]) -> None:
    base = tree["base"]
    paths = ["src/App.jsx", "./src/util.ts", "README.md"]
    options = {"maxTokens": 60, "fanout": 3}
    by_hand = ctxpack.preload_files(
        {
            **options,
            "references": [{"path": p} for p in paths],
            "contents": [{"path": p, "content": (base / p).read_text()} for p in ("src/App.jsx", "src/util.ts", "README.md")],
            "maxBytes": 1 << 20,
        }
    )
    assert ctxpack.read_context_files(str(base), paths, options) == by_hand


def test_strict_mode(tree: dict[str, Path]) -> None:
    with pytest.raises(ctxpack.CtxpackError) as raised:
        ctxpack.read_context_files(str(tree["base"]), ["src/App.jsx", "README.md"], {"mode": "strict", "maxTokens": 5})
    assert (raised.value.code, raised.value.path) == ("BUDGET_EXCEEDED", "/maxTokens")


@pytest.mark.parametrize(
    ("args", "code", "path"),
    [
        ((["src/App.jsx"], {"maxBytes": -1}), "INVALID_INPUT", "/maxBytes"),
        ((["src/App.jsx"], {"maxLines": 1.5}), "INVALID_INPUT", "/maxLines"),
        ((["src/App.jsx"], {"mode": "lenient"}), "INVALID_INPUT", "/mode"),
        ((["src/App.jsx", 7],), "INVALID_INPUT", "/references/1"),
        (("src/App.jsx",), "INVALID_INPUT", "/references"),
    ],
)
def test_bad_arguments_fail_before_opening(tree: dict[str, Path], monkeypatch: pytest.MonkeyPatch, args: Any, code: str, path: str) -> None:
    with watching_opens(monkeypatch) as opened, pytest.raises(ctxpack.CtxpackError) as raised:
        ctxpack.read_context_files(str(tree["base"]), *args)
    assert (raised.value.code, raised.value.path) == (code, path)
    assert opened == []


@pytest.mark.parametrize("base", ["nope", "base/README.md", None, ""])
def test_a_base_that_is_no_directory(tree: dict[str, Path], base: Any) -> None:
    where = None if base is None else (str(tree["root"] / base) if base else "")
    with pytest.raises(ctxpack.CtxpackError) as raised:
        ctxpack.read_context_files(where, ["src/App.jsx"])
    assert (raised.value.code, raised.value.path) == ("INVALID_INPUT", "")


def test_a_path_object_and_a_tuple(tree: dict[str, Path]) -> None:
    result = ctxpack.read_context_files(tree["base"], ("README.md",))
    assert codes(result) == ["README.md inlined inlined"]
    assert result == ctxpack.read_context_files(str(tree["base"]), ["README.md"])
