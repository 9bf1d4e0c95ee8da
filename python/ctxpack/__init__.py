"""ctxpack: decide what an LLM agent is sent, under a budget, and say why.

The Rust core of the npm package ``ctxpack``, natively: the same decisions and the same bytes
as in Node and the browser. Inputs are plain ``dict``/``list``/``str`` values or their JSON
text (``str`` or ``bytes``); results are plain ``dict`` values shaped as the TypedDicts of
``ctxpack.types`` (generated from the same declarations as the TypeScript types). Every
bad input raises :class:`CtxpackError` with the code, path and message JavaScript gets.
See docs/PYTHON.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence, Union, cast

from . import _calls, _ctxpack
from ._calls import *  # noqa: F403 (the typed wrapper of every table function)
from ._calls import _loads
from ._error import CtxpackError
from ._files import read_context_files

if TYPE_CHECKING:
    from .types import (
        AssemblerInput,
        Assembly,
        CallOptions,
        CapResult,
        GovernorConfig,
        GovernorDecision,
        GovernorEvent,
        GovernorReport,
        GovernorState,
        JsonText,
        Prioritized,
        Profile,
        RequestInput,
        ResolvedIntent,
        Vocabulary,
    )

__version__: str = _ctxpack.version()

# Python's own names; the generated module's (src/shape/python_calls.rs) follow.
__all__ = [
    "CtxpackError",
    "ContextAssembler",
    "RunGovernor",
    "count_tokens",
    "decode_tokens",
    "encode_tokens",
    "read_context_files",
    "to_json",
]
__all__ += _calls.__all__


def to_json(value: Any, indent: int = 0) -> str:
    """``JSON.stringify(value, null, indent)``: the JSON text JavaScript writes for the value."""
    return _ctxpack.to_json(value, indent)


# exact counts: the ctxpack-tokenizer wheel's, not the engines' module ------------------------


def _exact() -> Any:
    try:
        from ctxpack_tokenizer import _tokenizer
    except ImportError:
        raise ImportError(
            "exact token counts come with the tokenizer extra: pip install 'ctxpack[tokenizer]'"
        ) from None
    return _tokenizer


def count_tokens(
    text: str, vocabulary: Optional[Vocabulary] = None, options: Optional[CallOptions] = None
) -> int:
    """The exact number of tokens ``text`` takes in ``vocabulary`` (default ``"o200k"``), as
    tiktoken counts it (special tokens as ordinary text). Needs ``ctxpack[tokenizer]``."""
    n: int = _exact().count_tokens(text, vocabulary, options)
    return n


def encode_tokens(
    text: str, vocabulary: Optional[Vocabulary] = None, options: Optional[CallOptions] = None
) -> list[int]:
    """The token ids of ``text`` in ``vocabulary``. Needs ``ctxpack[tokenizer]``."""
    ids: list[int] = _exact().encode_tokens(text, vocabulary, options)
    return ids


def decode_tokens(
    tokens: Sequence[int], vocabulary: Optional[Vocabulary] = None, options: Optional[CallOptions] = None
) -> str:
    """The text of token ids in ``vocabulary``. Needs ``ctxpack[tokenizer]``."""
    text: str = _exact().decode_tokens(tokens, vocabulary, options)
    return text


# classes with compiled state ----------------------------------------------------------------


class ContextAssembler:
    """A profile compiled once (validated, rules built) serving many requests."""

    __slots__ = ("_core",)

    def __init__(
        self, profile: Union[Profile, JsonText, None] = None, options: Optional[CallOptions] = None
    ) -> None:
        self._core = _ctxpack.ContextAssembler(profile, options)

    def infer_intent(self, request: RequestInput) -> ResolvedIntent:
        return cast("ResolvedIntent", _loads(self._core.infer_intent(request)))

    def prioritize(self, input: Union[AssemblerInput, JsonText]) -> Prioritized:
        return cast("Prioritized", _loads(self._core.prioritize(input)))

    def assemble(self, input: Union[AssemblerInput, JsonText]) -> Assembly:
        return cast("Assembly", _loads(self._core.assemble(input)))

    def cap_context(self, input: Union[AssemblerInput, JsonText]) -> CapResult:
        return cast("CapResult", _loads(self._core.cap_context(input)))


class RunGovernor:
    """A run's state held natively: events applied in place, the state read out on demand."""

    __slots__ = ("_core",)

    def __init__(
        self,
        config: Union[GovernorConfig, JsonText, None] = None,
        options: Optional[CallOptions] = None,
    ) -> None:
        self._core = _ctxpack.RunGovernor(config, options)

    @classmethod
    def from_state(
        cls, state: Union[GovernorState, JsonText], options: Optional[CallOptions] = None
    ) -> RunGovernor:
        """A run going on from a state :meth:`state` returned, or its JSON text."""
        governor = cls.__new__(cls)
        governor._core = _ctxpack.RunGovernor.from_state(state, options)
        return governor

    def push(self, event: Union[GovernorEvent, JsonText]) -> GovernorDecision:
        return cast("GovernorDecision", _loads(self._core.push(event)))

    def state(self) -> GovernorState:
        return cast("GovernorState", _loads(self._core.state()))

    def report(self) -> GovernorReport:
        return cast("GovernorReport", _loads(self._core.report()))

    def report_markdown(self) -> str:
        return self._core.report_markdown()
