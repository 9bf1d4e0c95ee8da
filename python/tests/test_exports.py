"""Every function and class the export tables give JavaScript (src/<engine>/calls.rs, written
out as src/wasm/exports.mjs) has its Python name in the package, so an export added to a table
cannot be left out of Python unnoticed; the native functions are the tables' rows, with the
parameters the stubs declare; and locate_json answers as JavaScript's locateJson."""

from __future__ import annotations

import ast
import inspect
import json
import re
from pathlib import Path
from typing import Any

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


def stub_signatures(path: Path) -> dict[str, list[tuple[str, bool]]]:
    """The module-level functions a stub declares: each parameter's name, and whether it has a
    default."""
    out = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef):
            params = node.args.args
            first_default = len(params) - len(node.args.defaults)
            out[node.name] = [(p.arg, i >= first_default) for i, p in enumerate(params)]
    return out


def native_signature(f: Any) -> list[tuple[str, bool]]:
    return [
        (p.name, p.default is not inspect.Parameter.empty) for p in inspect.signature(f).parameters.values()
    ]


def test_the_native_functions_are_the_tables_rows_as_the_stubs_declare() -> None:
    """Each function of a table is a native function named in snake_case (the binding expands
    the tables, src/python/mod.rs), its parameters those its stub declares; the engines' module
    has no other function but to_json, the tokenizer's wheel (the `tokenizer` table) none."""
    from ctxpack import _ctxpack
    from ctxpack_tokenizer import _tokenizer

    tokenizer = {snake(name) for name in tables()["tokenizer"]["functions"]} - {"version", "estimate_tokens"}
    rows = {snake(name) for table in tables().values() for name in table["functions"]}
    modules = [
        (_ctxpack, REPO / "python" / "ctxpack" / "_ctxpack.pyi", rows - tokenizer | {"to_json"}),
        (_tokenizer, REPO / "python-tokenizer" / "ctxpack_tokenizer" / "_tokenizer.pyi", tokenizer),
    ]
    for module, stub, names in modules:
        declared = stub_signatures(stub)
        functions = {n: f for n, f in vars(module).items() if inspect.isbuiltin(f)}
        assert set(functions) == set(declared) == names, module.__name__
        for name, f in functions.items():
            assert f.__name__ == name
            assert native_signature(f) == declared[name], f"{module.__name__}.{name}"


def test_each_native_row_has_its_generated_wrapper() -> None:
    """ctxpack/_calls.py, generated from the tables (src/shape/python_calls.rs), wraps every row
    of the engines' module but `version` (``__version__``): each wrapper is the package's
    function of that name, takes the native function's parameters with its defaults, and has
    its row's doc."""
    from ctxpack import _calls, _ctxpack

    own = {"count_tokens", "encode_tokens", "decode_tokens"}  # the tokenizer wheel's, by hand
    rows = {snake(name) for table in tables().values() for name in table["functions"]}
    assert set(_calls.__all__) == rows - own - {"version"}
    assert set(_calls.__all__) <= set(ctxpack.__all__)
    for name in _calls.__all__:
        wrapper = getattr(ctxpack, name)
        assert wrapper is getattr(_calls, name)
        assert native_signature(wrapper) == native_signature(getattr(_ctxpack, name)), name
        assert wrapper.__doc__, name


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
