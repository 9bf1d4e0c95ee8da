"""How a call reads each kind of argument (src/python/args.rs, docs/PYTHON.md "How the binding is
made"): a string argument only as a `str`, refused with Python's word for anything else; an
object argument as a value or as its JSON text (`str`, or UTF-8 `bytes`); a name (a vocabulary)
never as JSON text; a string over maxTextLength refused with the reader's words. Each error is
the one the hand-written binding gave (every case was run against its wheel)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Callable

import pytest

import ctxpack

LIMIT: Any = {"limits": {"maxTextLength": 10}}
STATE = ctxpack.RunGovernor().state()
MESSAGE = {"type": "message", "role": "user", "text": "hi"}
# Called untyped: most arguments here are of the wrong type on purpose.
api: Any = ctxpack

REFUSED: dict[str, tuple[Callable[[], object], tuple[str, str, str]]] = {
    "a string argument given bytes": (
        lambda: api.extract_classes(b"a.py", ""),
        ("INVALID_INPUT", "/path", "invalid type: expected a string, got a Python bytes"),
    ),
    "a string argument given a bytearray": (
        lambda: api.extract_classes(bytearray(b"a.py"), ""),
        ("INVALID_INPUT", "/path", "invalid type: expected a string, got a Python bytearray"),
    ),
    "a string argument given a datetime": (
        lambda: api.extract_classes(dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc), ""),
        ("INVALID_INPUT", "/path", "invalid type: expected a string, got a Python datetime"),
    ),
    "a string argument given a set": (
        lambda: api.extract_classes({1}, ""),
        ("INVALID_INPUT", "/path", "invalid type: expected a string, got a Python set"),
    ),
    "a string argument given a number": (
        lambda: api.extract_classes(1, ""),
        ("INVALID_INPUT", "/path", "invalid type: expected a string, got a number"),
    ),
    "a string argument given None": (
        lambda: api.extract_classes(None, ""),
        ("INVALID_INPUT", "/path", "invalid type: expected a string, got null"),
    ),
    "a string argument given a list": (
        lambda: api.parse_modified_files(["x"]),
        ("INVALID_INPUT", "/responseText", "invalid type: expected a string, got an array"),
    ),
    "a string over maxTextLength": (
        lambda: api.extract_classes("a.py", "x" * 11, LIMIT),
        ("TOO_LARGE", "/content", "the content is 11 UTF-16 code units long, over limits.maxTextLength (10)"),
    ),
    "a string of lone surrogates over maxTextLength": (
        lambda: api.extract_classes("a.py", "\ud83c" * 11, LIMIT),
        ("TOO_LARGE", "/content", "the content is 11 UTF-16 code units long, over limits.maxTextLength (10)"),
    ),
    "an object argument's JSON text, invalid": (
        lambda: api.check_paths('{"paths": ['),
        ("INVALID_JSON", "", "unexpected end of JSON input, expected a JSON value"),
    ),
    "an object argument's JSON text over maxTextLength": (
        lambda: api.check_paths('{"paths":[]} ', LIMIT),
        ("TOO_LARGE", "", "the JSON text is 13 UTF-16 code units long, over limits.maxTextLength (10)"),
    ),
    "an object argument's bytes over maxTextLength": (
        lambda: api.check_paths(b'{"paths":[]} ', LIMIT),
        (
            "TOO_LARGE",
            "",
            "the JSON text is 13 bytes long, over limits.maxTextLength (10), which bounds bytes as it bounds UTF-16 units",
        ),
    ),
    "an object argument's bytes, not UTF-8": (
        lambda: api.check_paths(b'{"paths":["\xff"]}'),
        ("INVALID_JSON", "", "the JSON text is not UTF-8 (from byte 11)"),
    ),
    "a value refused inside an object argument": (
        lambda: api.check_paths({"paths": [{1}]}),
        ("INVALID_INPUT", "/paths/0", "a Python set is not a JSON value"),
    ),
    "a map argument given JSON text": (
        lambda: api.format_module_registry(None, "{}"),
        ("INVALID_INPUT", "/files", "invalid type: expected an object, got a string"),
    ),
    "a map argument given bytes": (
        lambda: api.track_outputs(b"{}"),
        ("INVALID_INPUT", "/created", "invalid type: expected an object {path: content}, got an array"),
    ),
    "a name given as JSON text": (
        lambda: api.estimate_tokens("hello", '"o200k"'),
        ("INVALID_INPUT", "/vocabulary", 'unknown variant `"o200k"`, expected one of `o200k`, `cl100k`'),
    ),
    "an event refused": (
        lambda: api.governor_step(STATE, {"type": {1}}),
        ("INVALID_INPUT", "/event/type", "a Python set is not a JSON value"),
    ),
    "options that are not an object": (
        lambda: api.extract_classes("a.py", "", [1]),
        ("INVALID_INPUT", "/options", "invalid type: expected an options object {limits?, tokenCounter?}, got an array"),
    ),
    "a tokenCounter where the call counts nothing": (
        lambda: api.extract_classes("a.py", "", {"tokenCounter": len}),
        ("INVALID_INPUT", "/options/tokenCounter", "a Python builtin_function_or_method is not a JSON value"),
    ),
    "a string argument of a call the binding answers itself, given bytes": (
        lambda: api.locate_json(b"{}"),
        ("INVALID_INPUT", "/text", "invalid type: expected a string, got a Python bytes"),
    ),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_an_argument_refused(name: str) -> None:
    call, want = REFUSED[name]
    with pytest.raises(ctxpack.CtxpackError) as raised:
        call()
    assert (raised.value.code, raised.value.path, raised.value.message) == want


ALIKE: dict[str, tuple[Callable[[], object], Callable[[], object]]] = {
    "an object argument as JSON text": (
        lambda: api.check_paths('{"paths": ["a.py", "../b"]}'),
        lambda: api.check_paths({"paths": ["a.py", "../b"]}),
    ),
    "an object argument as UTF-8 bytes with a byte-order mark": (
        lambda: api.check_paths(b'\xef\xbb\xbf{"paths": ["a.py"]}'),
        lambda: api.check_paths({"paths": ["a.py"]}),
    ),
    "an optional object argument as the JSON text null": (
        lambda: api.format_module_registry("null", {}),
        lambda: api.format_module_registry(None, {}),
    ),
    "an optional map argument given None": (
        lambda: api.track_outputs({"a.py": "class A: pass"}, None),
        lambda: api.track_outputs({"a.py": "class A: pass"}),
    ),
    "a state as JSON text, an event as bytes": (
        lambda: api.governor_step(ctxpack.to_json(STATE), ctxpack.to_json(MESSAGE).encode()),
        lambda: api.governor_step(STATE, MESSAGE),
    ),
    "an object argument of a call the binding answers itself, as JSON text": (
        lambda: api.infer_intent("notes", '{"defaultIntent": "notes", "intents": {"notes": {}}}'),
        lambda: api.infer_intent("notes", {"defaultIntent": "notes", "intents": {"notes": {}}}),
    ),
}


@pytest.mark.parametrize("name", list(ALIKE))
def test_an_argument_in_either_form(name: str) -> None:
    given, same = ALIKE[name]
    assert given() == same()


def test_a_name_and_a_count() -> None:
    # cl100k holds no Georgian words: a letter is two tokens there, a fraction of one in o200k.
    assert ctxpack.estimate_tokens("ქართული", "cl100k") >= 14 > ctxpack.estimate_tokens("ქართული")
    assert isinstance(ctxpack.estimate_tokens("hello there"), int)
