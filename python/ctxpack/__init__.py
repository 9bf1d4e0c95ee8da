"""ctxpack: decide what an LLM agent is sent, under a budget, and say why.

The Rust core of the npm package ``ctxpack``, natively: the same decisions and the same bytes
as in Node and the browser. Inputs are plain ``dict``/``list``/``str`` values or their JSON
text (``str`` or ``bytes``); results are plain ``dict`` values shaped as the TypedDicts of
``ctxpack.types`` (generated from the same declarations as the TypeScript types). Every
bad input raises :class:`CtxpackError` with the code, path and message JavaScript gets.
See docs/PYTHON.md.
"""

from __future__ import annotations

import json as _json
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence, Union, cast

from . import _ctxpack
from ._error import CtxpackError
from ._files import read_context_files

if TYPE_CHECKING:
    from .types import (
        AssembleInput,
        AssemblerInput,
        Assembly,
        CallOptions,
        CapResult,
        ExtractedClasses,
        GovernorConfig,
        GovernorDecision,
        GovernorEvent,
        GovernorReport,
        GovernorState,
        GovernorStep,
        JsondocInput,
        JsonLocation,
        JsonText,
        ModifiedFiles,
        ModuleRegistry,
        PathChecks,
        PathsInput,
        PreloadInput,
        PreloadResult,
        Prioritized,
        Profile,
        RegistryOptions,
        RegistryResult,
        RequestInput,
        ResolvedIntent,
        SectionsInput,
        SectionsResult,
        TrackedOutputs,
        TrimLevel,
        Vocabulary,
    )

__version__: str = _ctxpack.version()

__all__ = [
    "CtxpackError",
    "ContextAssembler",
    "RunGovernor",
    "assemble_context",
    "cap_context",
    "check_paths",
    "count_tokens",
    "decode_tokens",
    "encode_tokens",
    "estimate_tokens",
    "extract_classes",
    "fit_sections",
    "format_module_registry",
    "governor_step",
    "infer_intent",
    "locate_json",
    "parse_modified_files",
    "preload_files",
    "prioritize",
    "read_context_files",
    "to_json",
    "track_outputs",
    "trim_jsondoc",
]

_loads: Callable[[str], Any] = _json.loads


def to_json(value: Any, indent: int = 0) -> str:
    """``JSON.stringify(value, null, indent)``: the JSON text JavaScript writes for the value."""
    return _ctxpack.to_json(value, indent)


def estimate_tokens(
    text: str, vocabulary: Optional[Vocabulary] = None, options: Optional[CallOptions] = None
) -> int:
    """The token estimate of ``text`` (fitted against ``vocabulary``, default ``"o200k"``)."""
    return _ctxpack.estimate_tokens(text, vocabulary, options)


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


# jsondoc ------------------------------------------------------------------------------------


def assemble_context(
    input: Union[AssembleInput, JsonText], options: Optional[CallOptions] = None
) -> Assembly:
    """Intent → select and rank → trim → cap: the context and a manifest of every decision."""
    return cast("Assembly", _loads(_ctxpack.assemble_context(input, options)))


def prioritize(
    input: Union[AssembleInput, JsonText], options: Optional[CallOptions] = None
) -> Prioritized:
    """Selects and ranks documents for the request's intent, without trimming or capping."""
    return cast("Prioritized", _loads(_ctxpack.prioritize(input, options)))


def cap_context(
    input: Union[AssembleInput, JsonText], options: Optional[CallOptions] = None
) -> CapResult:
    """Fits documents already in priority order into the budget."""
    return cast("CapResult", _loads(_ctxpack.cap_context(input, options)))


def trim_jsondoc(
    doc: JsondocInput,
    level: TrimLevel,
    profile: Union[Profile, JsonText, None] = None,
    options: Optional[CallOptions] = None,
) -> JsondocInput:
    """One document trimmed at a level of the ladder (``metadata.trimmed`` set when cut)."""
    return cast("JsondocInput", _loads(_ctxpack.trim_jsondoc(doc, level, profile, options)))


def infer_intent(
    request: RequestInput,
    profile: Union[Profile, JsonText, None] = None,
    options: Optional[CallOptions] = None,
) -> ResolvedIntent:
    """The intent of a request: ``{intent, params}`` given wins, else the profile's rules."""
    return cast("ResolvedIntent", _loads(_ctxpack.infer_intent(request, profile, options)))


def locate_json(
    text: str, pointer: Optional[str] = None, options: Optional[CallOptions] = None
) -> JsonLocation:
    """Where the value at ``pointer`` (a ``CtxpackError``'s ``path``) starts in the JSON ``text``:
    ``{line, column, offset, found, exact}``, columns in UTF-16 units as editors count them."""
    return cast("JsonLocation", _loads(_ctxpack.locate_json(text, pointer, options)))


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


# files and sections -------------------------------------------------------------------------


def preload_files(
    input: Union[PreloadInput, JsonText], options: Optional[CallOptions] = None
) -> PreloadResult:
    """Inlines the referenced files' contents under a budget; one record per reference."""
    return cast("PreloadResult", _loads(_ctxpack.preload_files(input, options)))


def check_paths(
    input: Union[PathsInput, JsonText], options: Optional[CallOptions] = None
) -> PathChecks:
    """The path rules alone: each path normalised, refused, or a duplicate of an earlier one."""
    return cast("PathChecks", _loads(_ctxpack.check_paths(input, options)))


def fit_sections(
    input: Union[SectionsInput, JsonText], options: Optional[CallOptions] = None
) -> SectionsResult:
    """The prompt at the first pass of its degradation plan that fits the budget."""
    return cast("SectionsResult", _loads(_ctxpack.fit_sections(input, options)))


# code ---------------------------------------------------------------------------------------


def extract_classes(
    path: str, content: str, options: Optional[CallOptions] = None
) -> ExtractedClasses:
    """The classes ``content`` defines, judged by ``path``'s extension."""
    return cast("ExtractedClasses", _loads(_ctxpack.extract_classes(path, content, options)))


def format_module_registry(
    registry: Union[ModuleRegistry, JsonText],
    files: Mapping[str, str],
    options: Union[RegistryOptions, JsonText, None] = None,
    call: Optional[CallOptions] = None,
) -> RegistryResult:
    """The registry block: each listed class with its import line and source, under budgets."""
    return cast("RegistryResult", _loads(_ctxpack.format_module_registry(registry, files, options, call)))


def track_outputs(
    created: Mapping[str, str],
    modified: Optional[Mapping[str, Optional[str]]] = None,
    call: Optional[CallOptions] = None,
) -> TrackedOutputs:
    """The classes defined in created and modified files (``None`` content: missing)."""
    return cast("TrackedOutputs", _loads(_ctxpack.track_outputs(created, modified, call)))


def parse_modified_files(response: str, call: Optional[CallOptions] = None) -> ModifiedFiles:
    """The paths an LLM response says it modified, in first-seen order."""
    return cast("ModifiedFiles", _loads(_ctxpack.parse_modified_files(response, call)))


# governor -----------------------------------------------------------------------------------


def governor_step(
    state: Union[GovernorState, JsonText],
    event: Union[GovernorEvent, JsonText],
    options: Optional[CallOptions] = None,
) -> GovernorStep:
    """One event applied to a persisted state: ``{state, decision}``."""
    return cast("GovernorStep", _loads(_ctxpack.governor_step(state, event, options)))


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
