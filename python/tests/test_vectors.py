"""The shared vectors (tests/vectors/) through the installed package: the same bytes as the
native core, Node and Chromium, with the rules of tests/engines/vectors.mjs and
tests/node/vectors.test.mjs. Results are compared as ``JSON.stringify`` writes them
(``ctxpack.to_json``); texts byte for byte."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest

import ctxpack
from conftest import VECTORS


def snake(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def utf16(text: str) -> int:
    """The vectors' `tokenCounter: "utf16"`: JavaScript's `text.length`."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


COUNTERS: dict[str, Callable[[str], int]] = {"utf16": utf16}


def read(path: Any) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None


def error_json(e: ctxpack.CtxpackError) -> str:
    return ctxpack.to_json({"code": e.code, "path": e.path, "message": e.message}, 2)


# The engines beyond jsondoc: (set, compact, the function's text field).
SETS = [
    ("files", False, {"preloadFiles": "block"}),
    ("sections", False, {"fitSections": "text"}),
    ("code", True, {}),
]
CASES = [
    (d, compact, text, p.stem)
    for d, compact, text in SETS
    for p in sorted((VECTORS / d / "inputs").glob("*.json"))
]


@pytest.mark.parametrize(("set_dir", "compact", "text", "name"), CASES, ids=[f"{c[0]}/{c[3]}" for c in CASES])
def test_engine_vector(set_dir: str, compact: bool, text: dict[str, str], name: str) -> None:
    at = VECTORS / set_dir
    vector = json.loads((at / "inputs" / f"{name}.json").read_bytes().decode("utf-8"))
    fn = vector.get("function") or vector["call"]
    args = list(vector["args"]) if "args" in vector else [vector["input"]]
    if "tokenCounter" in vector:
        args.append({"tokenCounter": COUNTERS[vector["tokenCounter"]]})
    call = getattr(ctxpack, snake(fn))
    try:
        result = call(*args)
    except ctxpack.CtxpackError as e:
        assert error_json(e) == read(at / "expected" / f"{name}.error.json")
        return
    got = ctxpack.to_json(result, 0 if compact else 2)
    assert got == read(at / "expected" / f"{name}.json")
    field = text.get(fn)
    if field is not None:
        assert result[field] == read(at / "expected" / f"{name}.txt")


GOVERNOR = sorted(p.stem for p in (VECTORS / "governor" / "inputs").glob("*.jsonl"))


def answer(f: Callable[[], Any]) -> str:
    try:
        return ctxpack.to_json(f())
    except ctxpack.CtxpackError as e:
        return ctxpack.to_json({"error": {"code": e.code, "path": e.path, "message": e.message}})


@pytest.mark.parametrize("name", GOVERNOR)
def test_governor_vector(name: str) -> None:
    """Each line pushed as JSON text and as a dict, through governor_step, and resumed from
    the JSON state before every event: all give the decisions, state and report the core
    wrote."""
    at = VECTORS / "governor"
    text = (at / "inputs" / f"{name}.jsonl").read_bytes().decode("utf-8")
    header, *events = [line for line in text.split("\n") if line.strip() != ""]
    config = json.loads(header)["config"]
    as_text = ctxpack.RunGovernor(config)
    as_object = ctxpack.RunGovernor(config)
    state = ctxpack.RunGovernor(config).state()
    lines = []
    for line in events:
        got = answer(lambda: as_text.push(line))
        try:
            parsed = json.loads(line)
        except ValueError:
            parsed = None
        if parsed is not None:
            assert answer(lambda: as_object.push(parsed)) == got
        try:
            step = ctxpack.governor_step(state, line)
            assert ctxpack.to_json(step["decision"]) == got
            state = step["state"]
        except ctxpack.CtxpackError as e:
            want = json.loads(got)["error"]
            assert (e.code, e.path) == (want["code"], "/event" + want["path"])
        resumed = ctxpack.RunGovernor.from_state(ctxpack.to_json(as_object.state()))
        assert ctxpack.to_json(resumed.state()) == ctxpack.to_json(as_object.state())
        lines.append(got)
    expected = lambda ext: read(at / "expected" / f"{name}.{ext}")  # noqa: E731
    assert "\n".join(lines) + "\n" == expected("decisions.jsonl")
    for s in (as_text.state(), as_object.state(), state):
        assert ctxpack.to_json(s) + "\n" == expected("state.json")
    assert ctxpack.to_json(as_text.report(), 2) + "\n" == expected("report.json")
    assert as_text.report_markdown() == expected("report.md")


JSONDOC = sorted(p.stem for p in (VECTORS / "inputs").glob("*.json"))


@pytest.mark.parametrize("name", JSONDOC)
def test_jsondoc_vector(name: str) -> None:
    """As a dict, as JSON text (str and bytes), with documents as JSON text (str and bytes),
    and through a ContextAssembler: one context and one manifest."""
    vector = json.loads((VECTORS / "inputs" / f"{name}.json").read_bytes().decode("utf-8"))
    obj: dict[str, Any] = {"documents": vector["documents"]}
    for key in ("request", "profile"):
        if key in vector:
            obj[key] = vector[key]
    obj.update(vector.get("options", {}))
    context = read(VECTORS / "expected" / f"{name}.context.txt")
    manifest = read(VECTORS / "expected" / f"{name}.manifest.json")

    def same(result: Any) -> None:
        assert result["context"] == context
        assert ctxpack.to_json(result["manifest"], 2) == manifest

    text = ctxpack.to_json(obj)
    docs = ctxpack.to_json(obj["documents"])
    same(ctxpack.assemble_context(obj))
    same(ctxpack.assemble_context(text))
    same(ctxpack.assemble_context(text.encode("utf-8", "surrogatepass")))
    same(ctxpack.assemble_context({**obj, "documents": docs}))
    same(ctxpack.assemble_context({**obj, "documents": docs.encode("utf-8", "surrogatepass")}))
    rest = {k: v for k, v in obj.items() if k != "profile"}
    same(ctxpack.ContextAssembler(obj.get("profile")).assemble(rest))


def error_cases() -> list[tuple[str, Any, str]]:
    cases = json.loads((VECTORS / "errors" / "cases.json").read_bytes().decode("utf-8"))
    out = []
    for c in cases:
        if "input" in c:
            out.append((c["name"], c["input"], ctxpack.to_json(c["input"])))
        else:
            out.append((c["name"], json.loads(c["text"]), c["text"]))
    return out


ERRORS = json.loads((VECTORS / "errors" / "expected.json").read_bytes().decode("utf-8"))


@pytest.mark.parametrize(("name", "value", "text"), error_cases(), ids=[c[0] for c in error_cases()])
def test_error_vector(name: str, value: Any, text: str) -> None:
    """One bad input, one error, whatever form it comes in: a dict (where `1e400` is Python's
    `inf`, as it is JavaScript's `Infinity`) and its JSON text."""
    want = ERRORS[name]
    for form in (value, text):
        with pytest.raises(ctxpack.CtxpackError) as raised:
            ctxpack.assemble_context(form)
        e = raised.value
        assert {"code": e.code, "path": e.path, "message": e.message} == want, form
        assert isinstance(e, ValueError)
