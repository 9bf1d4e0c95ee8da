"""How Python values become JSON (docs/PYTHON.md, "Type mapping"): as JSON.stringify writes the
same value in JavaScript, and what JavaScript has no value for is refused with a CtxpackError."""

from __future__ import annotations

import datetime as dt
import json
import math

import pytest

import ctxpack


def refused(value: object, code: str = "INVALID_INPUT") -> ctxpack.CtxpackError:
    with pytest.raises(ctxpack.CtxpackError) as raised:
        ctxpack.to_json(value)
    assert raised.value.code == code
    return raised.value


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, "null"),
        (True, "true"),
        (0, "0"),
        (1.0, "1"),  # a float and an int are one double, as in JavaScript
        (-0.0, "0"),  # JSON.stringify(-0) is "0"
        (1.5, "1.5"),
        (1e21, "1e+21"),
        (1e-7, "1e-7"),  # Python's repr says 1e-07
        (123456789012345678901234567890, "1.2345678901234568e+29"),
        (2**53 + 1, "9007199254740992"),  # rounded as JSON.parse reads the digits
        ("é\u2028\x7f\x00", '"é\u2028\x7f\\u0000"'),
        ("\ud83c", '"\\ud83c"'),  # a lone surrogate, as json.loads gives for "\ud83c"
        ([1, (2, 3)], "[1,[2,3]]"),
        ({"b": 1, "a": 2, "10": 3, "2": 4}, '{"2":4,"10":3,"b":1,"a":2}'),  # JS property order
        (b"\x00\xff", "[0,255]"),  # bytes are an array of byte values, as the Node reader sends
    ],
)
def test_values_as_json_stringify_writes_them(value: object, text: str) -> None:
    assert ctxpack.to_json(value) == text


def test_indent_as_json_stringify() -> None:
    assert ctxpack.to_json({"a": [1, {}], "b": []}, 2) == '{\n  "a": [\n    1,\n    {}\n  ],\n  "b": []\n}'


def test_round_trip_of_json_text() -> None:
    text = '{"x":[1,2.5,"\\ud800",null,true,{"1":{},"0":[]}],"y":-1e-7}'
    assert ctxpack.to_json(json.loads(text)) == '{"x":[1,2.5,"\\ud800",null,true,{"0":[],"1":{}}],"y":-1e-7}'


def test_datetimes_as_date_to_json() -> None:
    berlin = dt.timezone(dt.timedelta(hours=1))
    assert ctxpack.to_json(dt.datetime(2026, 3, 2, 11, 15, 0, 123456, tzinfo=berlin)) == '"2026-03-02T10:15:00.123Z"'
    assert ctxpack.to_json(dt.datetime(1, 1, 1, tzinfo=dt.timezone.utc)) == '"0001-01-01T00:00:00.000Z"'
    e = refused(dt.datetime(2026, 3, 2))
    assert "time zone" in e.message


def test_what_javascript_has_no_value_for_is_refused() -> None:
    assert refused({1: "a"}).message == "a dict key of type int is not a JSON value"
    assert refused({"a": [{1.5: 0}]}).path == "/a/0"
    assert refused({"s": {1, 2}}).message == "a Python set is not a JSON value"
    assert refused({"s": {1, 2}}).path == "/s"
    assert refused([object()]).path == "/0"
    assert refused(dt.date(2026, 1, 1)).message == "a Python date is not a JSON value"
    for bad in (math.nan, math.inf, -math.inf, 10**400):
        refused([bad])


def test_nesting_past_the_limit_and_cycles() -> None:
    deep: list[object] = []
    cursor = deep
    for _ in range(300):
        cursor.append([])
        cursor = cursor[0]  # type: ignore[assignment]
    assert refused(deep, "TOO_DEEP").message == "nesting deeper than 256 levels (or a cycle)"
    cycle: dict[str, object] = {}
    cycle["self"] = cycle
    refused(cycle, "TOO_DEEP")


def test_non_finite_inputs_fail_as_json_texts_1e400() -> None:
    """A NaN or inf in an input is refused by the core field by field, as a JavaScript NaN is
    and as the text `1e400` (read as Infinity) is."""
    doc = {"id": "a", "schema_type": "t", "origin_type": "user_input", "created_at": "2026-01-01T00:00:00Z", "data": {}}
    for bad in (math.nan, math.inf, 10**400):
        with pytest.raises(ctxpack.CtxpackError) as raised:
            ctxpack.assemble_context({"documents": [doc], "maxChars": bad})
        assert (raised.value.code, raised.value.path) == ("INVALID_BUDGET", "/maxChars")
    with pytest.raises(ctxpack.CtxpackError) as text:
        ctxpack.assemble_context('{"documents":[],"maxChars":1e400}')
    assert text.value.code == "INVALID_BUDGET"


def test_datetime_timestamps_in_documents() -> None:
    """A timestamptz column as psycopg returns it: the same result as its ISO text."""
    when = dt.datetime(2026, 3, 2, 10, 15, tzinfo=dt.timezone.utc)
    doc = {"id": "a", "schema_type": "note", "origin_type": "user_input", "data": {"t": 1}}
    as_datetime = ctxpack.assemble_context({"documents": [{**doc, "created_at": when}], "now": when})
    as_text = ctxpack.assemble_context(
        {"documents": [{**doc, "created_at": "2026-03-02T10:15:00.000Z"}], "now": "2026-03-02T10:15:00Z"}
    )
    assert as_datetime == as_text


def test_errors_are_value_errors_with_code_path_message() -> None:
    with pytest.raises(ValueError) as raised:
        ctxpack.assemble_context({"documents": [7]})
    e = raised.value
    assert isinstance(e, ctxpack.CtxpackError)
    assert (e.code, e.path, e.message) == ("INVALID_INPUT", "/documents/0", "a document must be an object, got a number")
    assert str(e) == "INVALID_INPUT at /documents/0: a document must be an object, got a number"


def test_json_text_errors_say_where() -> None:
    with pytest.raises(ctxpack.CtxpackError) as raised:
        ctxpack.assemble_context('{"documents": [\n  {"id": }]}')
    e = raised.value
    assert e.code == "INVALID_JSON"
    assert (e.line, e.column) == (2, 10)


def test_bytes_must_be_utf8() -> None:
    with pytest.raises(ctxpack.CtxpackError) as raised:
        ctxpack.assemble_context(b'{"documents": []}\xff')
    assert raised.value.code == "INVALID_JSON"
    # A byte-order mark is skipped, as TextDecoder skips it.
    assert ctxpack.assemble_context(b'\xef\xbb\xbf{"documents": []}')["context"] == ""


def test_errors_pickle() -> None:
    import pickle

    e = ctxpack.CtxpackError("m", "INVALID_INPUT", "/a", 1, 2)
    back = pickle.loads(pickle.dumps(e))
    assert (back.code, back.path, back.message, back.line, back.column) == ("INVALID_INPUT", "/a", "m", 1, 2)


def test_indent_is_clamped_as_json_stringify_clamps_it() -> None:
    assert ctxpack.to_json([1], -3) == "[1]"
    assert ctxpack.to_json([1], 99) == "[\n          1\n]"
