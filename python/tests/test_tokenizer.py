"""Exact counts through ctxpack[tokenizer] (the ctxpack-tokenizer wheel): every vector of
tests/vectors/tokenizer through count_tokens, with the rules of tests/engines/vectors.mjs
(replayTokenizer), and ids that go back to their text."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ctxpack
from conftest import VECTORS

INPUTS = json.loads((VECTORS / "tokenizer" / "inputs.json").read_bytes())["vectors"]
EXPECTED = json.loads((VECTORS / "tokenizer" / "expected.json").read_bytes())


def text_of(v: dict[str, Any]) -> str:
    parts = v["text"] if isinstance(v["text"], list) else [v["text"]]
    return "".join(p if isinstance(p, str) else p["repeat"] * p["times"] for p in parts)


def count(text: str, vocabulary: Any) -> dict[str, Any]:
    try:
        return {"count": ctxpack.count_tokens(text, vocabulary)}
    except ctxpack.CtxpackError as e:
        return {"error": e.code}


@pytest.mark.parametrize("vector", INPUTS, ids=[v["name"] for v in INPUTS])
def test_tokenizer_vector(vector: dict[str, Any]) -> None:
    assert count(text_of(vector), vector.get("vocabulary")) == EXPECTED[vector["name"]]


@pytest.mark.parametrize("vocabulary", ["o200k", "cl100k"])
def test_ids_go_back_to_their_text(vocabulary: Any) -> None:
    text = "Assemble the context 生成第7-12集 🦀 under a budget.\n\tdef f(x): return x"
    ids = ctxpack.encode_tokens(text, vocabulary)
    assert len(ids) == ctxpack.count_tokens(text, vocabulary)
    assert ctxpack.decode_tokens(ids, vocabulary) == text
    assert ctxpack.decode_tokens(tuple(ids), vocabulary) == text


def test_bad_ids_and_vocabularies() -> None:
    for bad, path in (([1, -1], "/tokens/1"), ([1.5], "/tokens/0"), ([2**32], "/tokens/0"), ([True], "/tokens/0"), ("abc", "/tokens")):
        with pytest.raises(ctxpack.CtxpackError) as raised:
            ctxpack.decode_tokens(bad)  # type: ignore[arg-type]
        assert (raised.value.code, raised.value.path) == ("INVALID_INPUT", path)
    with pytest.raises(ctxpack.CtxpackError) as raised:
        ctxpack.count_tokens("x", "p50k")  # type: ignore[arg-type]
    assert (raised.value.code, raised.value.path) == ("INVALID_INPUT", "/vocabulary")


def test_the_extra_names_the_tokenizer_wheel() -> None:
    from importlib.metadata import requires

    spaced = [r.replace(" ", "").replace('"', "'") for r in requires("ctxpack") or []]
    assert "ctxpack-tokenizer==0.1.0;extra=='tokenizer'" in spaced
