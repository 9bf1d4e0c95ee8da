"""Every function and class the export tables give JavaScript (src/<engine>/calls.rs, written
out as src/wasm/exports.mjs) has its Python name in the package, so an export added to a table
cannot be left out of Python unnoticed; and locate_json answers as JavaScript's locateJson."""

from __future__ import annotations

import json
import re

import pytest

import ctxpack
from conftest import REPO

# What Python spells otherwise, and why.
RENAMED = {
    "version": "__version__",  # a module attribute in Python
}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def tables() -> dict[str, dict[str, list[str]]]:
    text = (REPO / "src" / "wasm" / "exports.mjs").read_text(encoding="utf-8")
    body = text[text.index("{") : text.rindex("}") + 1]
    parsed: dict[str, dict[str, list[str]]] = json.loads(body)
    return parsed


def test_every_export_of_the_tables_is_in_python() -> None:
    missing = []
    for engine, table in tables().items():
        for name in table["functions"]:
            py = RENAMED.get(name, snake(name))
            if not hasattr(ctxpack, py):
                missing.append(f"{engine}: {name} as {py}")
        for name in table["classes"]:
            if not hasattr(ctxpack, name):
                missing.append(f"{engine}: class {name}")
    assert missing == []


TEXT = '{\n  "a": [1, 2],\n  "😀b": {"c": "x"}\n}'


@pytest.mark.parametrize(
    ("pointer", "location"),
    [
        ("/a/1", {"line": 2, "column": 12, "offset": 13, "found": "/a/1", "exact": True}),
        ("/😀b/c", {"line": 3, "column": 16, "offset": 32, "found": "/😀b/c", "exact": True}),
        ("", {"line": 1, "column": 1, "offset": 0, "found": "", "exact": True}),
        ("/missing/x", {"line": 1, "column": 1, "offset": 0, "found": "", "exact": False}),
        (None, {"line": 1, "column": 1, "offset": 0, "found": "", "exact": True}),
    ],
)
def test_locate_json_answers_as_javascript(pointer: str | None, location: dict[str, object]) -> None:
    assert ctxpack.locate_json(TEXT, pointer) == location


def test_locate_json_refuses_as_javascript() -> None:
    with pytest.raises(ctxpack.CtxpackError) as bad_pointer:
        ctxpack.locate_json(TEXT, "a")
    assert (bad_pointer.value.code, bad_pointer.value.path) == ("INVALID_INPUT", "/pointer")
    with pytest.raises(ctxpack.CtxpackError) as bad_text:
        ctxpack.locate_json("{", "/a")
    assert (bad_text.value.code, bad_text.value.path) == ("INVALID_JSON", "/text")
