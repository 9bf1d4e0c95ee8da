"""Hostile input at every export: each call returns or raises CtxpackError — never a
PanicException (a BaseException, which `except Exception` would not even catch), never a crash.
The core has no panic reachable from input; this holds the binding to it as well (its
conversions run Python code: a tzinfo's utcoffset, an int subclass, a dict changed meanwhile)."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any, Callable

import pytest

import ctxpack


class MutatingZone(dt.tzinfo):
    """A time zone whose utcoffset empties the containers the walk is in the middle of."""

    def __init__(self, victims: list[Any]) -> None:
        self.victims = victims

    def utcoffset(self, _: Any) -> dt.timedelta:
        for v in self.victims:
            v.clear()
        return dt.timedelta(0)


class RaisingZone(dt.tzinfo):
    def utcoffset(self, _: Any) -> dt.timedelta:
        raise RuntimeError("no offset")


class Str(str):
    pass


class Int(int):
    def __float__(self) -> float:
        raise RuntimeError("no float")


class Dict(dict):  # type: ignore[type-arg]
    def items(self):  # type: ignore[no-untyped-def]
        raise RuntimeError("no items")


def deep(n: int) -> Any:
    v: Any = "x"
    for _ in range(n):
        v = [v]
    return v


def cyclic() -> Any:
    c: list[Any] = []
    c.append(c)
    return c


def mutating() -> Any:
    victim: dict[str, Any] = {"a": 1, "b": [1, 2, 3]}
    victim["when"] = dt.datetime(2026, 1, 1, tzinfo=MutatingZone([victim, victim["b"]]))
    victim["z"] = 2
    return victim


HOSTILE: list[Callable[[], Any]] = [
    lambda: None,
    lambda: True,
    lambda: -1,
    lambda: 1.5,
    lambda: math.nan,
    lambda: -math.inf,
    lambda: 10**400,
    lambda: -(10**400),
    lambda: "",
    lambda: "\ud800",
    lambda: "{",
    lambda: "[" * 10_000,
    lambda: b"\xff\xfe",
    lambda: bytearray(b"{}"),
    lambda: [],
    lambda: {},
    lambda: {"a": object()},
    lambda: {1: 2},
    lambda: {"documents": [None], "request": {"intent": 7}},
    lambda: {"documents": "[1e400]"},
    lambda: {"references": [{"path": "\x00/../../etc/passwd"}], "contents": [{"path": "a", "content": [256]}]},
    lambda: {"paths": ["../x", "C:\\a", "/etc/passwd", ".env"]},
    lambda: {"sections": [{"id": "a", "text": "x" * 1000}], "maxChars": -1},
    lambda: set(),
    lambda: object(),
    lambda: (lambda: 1),
    lambda: deep(2_000),
    cyclic,
    mutating,
    lambda: {"t": dt.datetime(2026, 1, 1, tzinfo=RaisingZone())},
    lambda: Str("x"),
    lambda: [Int(5), Int(10**400)],
    lambda: Dict(a=1),
    lambda: {"limits": {"maxDepth": 1e308}},
]


def assembler(*a: Any) -> Any:
    return ctxpack.ContextAssembler(*a)


def governor(*a: Any) -> Any:
    return ctxpack.RunGovernor(*a)


DOC = {"id": "a", "schema_type": "t", "origin_type": "user_input", "created_at": "2026-01-01T00:00:00Z", "data": {"x": 1}}
INPUT = {"documents": [DOC], "request": "x"}

# Each export with a valid baseline for every argument; each argument is replaced in turn.
EXPORTS: list[tuple[str, Callable[..., Any], list[Any]]] = [
    ("assemble_context", ctxpack.assemble_context, [INPUT, None]),
    ("prioritize", ctxpack.prioritize, [INPUT, None]),
    ("cap_context", ctxpack.cap_context, [INPUT, None]),
    ("trim_jsondoc", ctxpack.trim_jsondoc, [DOC, "truncated", None, None]),
    ("infer_intent", ctxpack.infer_intent, ["episodes 1-3", None, None]),
    ("locate_json", ctxpack.locate_json, ['{"a": [1]}', "/a/0", None]),
    ("ContextAssembler", assembler, [None, None]),
    ("ContextAssembler.assemble", lambda i: ctxpack.ContextAssembler().assemble(i), [INPUT]),
    ("ContextAssembler.cap_context", lambda i: ctxpack.ContextAssembler().cap_context(i), [INPUT]),
    ("ContextAssembler.prioritize", lambda i: ctxpack.ContextAssembler().prioritize(i), [INPUT]),
    ("ContextAssembler.infer_intent", lambda i: ctxpack.ContextAssembler().infer_intent(i), ["x"]),
    ("preload_files", ctxpack.preload_files, [{"references": [{"path": "a"}], "contents": [{"path": "a", "content": "x"}]}, None]),
    ("check_paths", ctxpack.check_paths, [{"paths": ["a"]}, None]),
    ("fit_sections", ctxpack.fit_sections, [{"sections": [{"name": "a", "variants": [{"name": "full", "text": "x"}]}]}, None]),
    ("read_context_files", ctxpack.read_context_files, [".", ["a"], None, None]),
    ("extract_classes", ctxpack.extract_classes, ["a.py", "class A: pass", None]),
    ("format_module_registry", ctxpack.format_module_registry, [{"modules": {"a.py": {"classes": ["A"]}}}, {"a.py": "class A: pass"}, None, None]),
    ("track_outputs", ctxpack.track_outputs, [{"a.py": "class A: pass"}, None, None]),
    ("parse_modified_files", ctxpack.parse_modified_files, ["Modified: a.py", None]),
    ("estimate_tokens", ctxpack.estimate_tokens, ["hello", None, None]),
    ("governor_step", ctxpack.governor_step, [None, {"type": "command", "command": "ls"}, None]),
    ("RunGovernor", governor, [None, None]),
    ("RunGovernor.push", lambda e: ctxpack.RunGovernor().push(e), [{"type": "command", "command": "ls"}]),
    ("RunGovernor.from_state", ctxpack.RunGovernor.from_state, [None, None]),
    ("to_json", ctxpack.to_json, [None]),
]


def survive(call: Callable[[], Any]) -> None:
    try:
        call()
    except ctxpack.CtxpackError:
        pass
    except BaseException as e:  # noqa: BLE001 - the point: nothing but CtxpackError escapes
        if type(e).__name__ == "PanicException":
            pytest.fail(f"panic: {e!r}")
        raise AssertionError(f"{type(e).__name__}: {e}") from e


@pytest.mark.parametrize(("name", "fn", "baseline"), EXPORTS, ids=[e[0] for e in EXPORTS])
def test_hostile_arguments(name: str, fn: Callable[..., Any], baseline: list[Any]) -> None:
    survive(lambda: fn(*baseline))
    for i in range(len(baseline)):
        for make in HOSTILE:
            args = list(baseline)
            args[i] = make()
            survive(lambda: fn(*args))


def test_hostile_token_counters() -> None:
    doc = {**DOC, "data": {"x": "y" * 500}}
    for counter in (lambda t: -1, lambda t: math.nan, lambda t: "3", lambda t: True, lambda t: 1 / 0, lambda t: 10**400):
        for call in (
            lambda: ctxpack.assemble_context({"documents": [doc], "maxTokens": 50}, {"tokenCounter": counter}),
            lambda: ctxpack.fit_sections({"sections": [{"name": "a", "variants": [{"name": "full", "text": "x" * 99}]}], "maxTokens": 5}, {"tokenCounter": counter}),
            lambda: ctxpack.ContextAssembler(None, {"tokenCounter": counter}).assemble({"documents": [doc], "maxTokens": 50}),
        ):
            with pytest.raises(ctxpack.CtxpackError) as raised:
                call()
            assert raised.value.code == "TOKEN_COUNTER_FAILED"


def test_limits_refuse_before_reading() -> None:
    """Resource limits hold for Python input as for JavaScript's: TOO_LARGE and TOO_DEEP, with
    the field's path."""
    cases: list[tuple[Callable[[], Any], str, str]] = [
        (lambda: ctxpack.assemble_context({"documents": [DOC] * 10}, {"limits": {"maxDocuments": 5}}), "TOO_LARGE", "/documents"),
        (lambda: ctxpack.extract_classes("a.py", "x" * 100, {"limits": {"maxTextLength": 10}}), "TOO_LARGE", "/content"),
        (lambda: ctxpack.assemble_context({"documents": [{**DOC, "data": "y" * 100}]}, {"limits": {"maxTextLength": 50}}), "TOO_LARGE", "/documents/0/data"),
        (lambda: ctxpack.assemble_context("[" * 100_000), "INVALID_INPUT", ""),
        (lambda: ctxpack.assemble_context({"documents": "[" * 100_000}), "TOO_DEEP", "/documents"),
        (lambda: ctxpack.assemble_context({"documents": [{**DOC, "data": deep(300)}]}), "TOO_DEEP", "/documents/0/data"),
    ]
    for call, code, path in cases:
        with pytest.raises(ctxpack.CtxpackError) as raised:
            call()
        assert (raised.value.code, raised.value.path[: len(path)]) == (code, path), raised.value
