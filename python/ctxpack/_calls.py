# Generated from the export tables by src/shape/python_calls.rs (UPDATE_SHAPES=1 cargo test declarations). Do not edit.
"""The typed wrapper of each function of the export tables that the native module
answers: the row's arguments, typed with the TypedDicts of ``ctxpack.types``, its doc, its
result's JSON text loaded. ``ctxpack`` re-exports them (docs/PYTHON.md)."""

from __future__ import annotations

import json as _json
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Union, cast

from . import _ctxpack

if TYPE_CHECKING:
    from .types import (
        AssembleInput,
        Assembly,
        CallOptions,
        CapResult,
        ExtractedClasses,
        GovernorEvent,
        GovernorState,
        GovernorStep,
        JsonLocation,
        JsonText,
        JsondocInput,
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

__all__ = [
    "estimate_tokens",
    "infer_intent",
    "prioritize",
    "assemble_context",
    "cap_context",
    "trim_jsondoc",
    "locate_json",
    "preload_files",
    "check_paths",
    "fit_sections",
    "extract_classes",
    "format_module_registry",
    "track_outputs",
    "parse_modified_files",
    "governor_step",
]

_loads: Callable[[str], Any] = _json.loads


# every entry --------------------------------------------------------------------------------------


def estimate_tokens(
    text: str,
    vocabulary: Optional[Vocabulary] = None,
    options: Optional[CallOptions] = None,
) -> int:
    """The token estimate of ``text`` (the estimator fitted against ``vocabulary``, default
    ``"o200k"``; see docs/TOKENS.md for its error and safety margin) — what a ``maxTokens`` budget
    is measured with.
    """
    return _ctxpack.estimate_tokens(text, vocabulary, options)


# jsondoc ------------------------------------------------------------------------------------------


def infer_intent(
    request: RequestInput,
    profile: Union[Profile, JsonText, None] = None,
    options: Optional[CallOptions] = None,
) -> ResolvedIntent:
    """Infers the intent of a request: ``{intent, params}`` given wins, else the profile's rules."""
    return cast("ResolvedIntent", _loads(_ctxpack.infer_intent(request, profile, options)))


def prioritize(
    input: Union[AssembleInput, JsonText],
    options: Optional[CallOptions] = None,
) -> Prioritized:
    """Selects and ranks documents for the request's intent, without trimming or capping.
    Reads no document bodies.
    """
    return cast("Prioritized", _loads(_ctxpack.prioritize(input, options)))


def assemble_context(
    input: Union[AssembleInput, JsonText],
    options: Optional[CallOptions] = None,
) -> Assembly:
    """Intent → select and rank → trim → cap: the context and a manifest of every decision."""
    return cast("Assembly", _loads(_ctxpack.assemble_context(input, options)))


def cap_context(
    input: Union[AssembleInput, JsonText],
    options: Optional[CallOptions] = None,
) -> CapResult:
    """Fits documents already in priority order into the budget (trim ladder by position, then the
    cap strategy). ``request``, ``now`` and ``edges`` play no part here.
    """
    return cast("CapResult", _loads(_ctxpack.cap_context(input, options)))


def trim_jsondoc(
    doc: JsondocInput,
    level: TrimLevel,
    profile: Union[Profile, JsonText, None] = None,
    options: Optional[CallOptions] = None,
) -> JsondocInput:
    """One document trimmed at a level of the ladder; ``data`` keeps its form (JSON text stays
    text) and ``metadata.trimmed`` is set when anything was cut.
    """
    return cast("JsondocInput", _loads(_ctxpack.trim_jsondoc(doc, level, profile, options)))


def locate_json(
    text: str,
    pointer: Optional[str] = None,
    options: Optional[CallOptions] = None,
) -> JsonLocation:
    """Where the value a JSON pointer names starts in JSON text — to show a ``CtxpackError``'s ``path``
    in the text a user typed. Invalid text raises its ``INVALID_JSON`` error, with ``line`` and
    ``column``; a pointer into nothing gives its deepest existing parent, ``exact: False``.
    Columns are UTF-16 units, as editors count them.
    """
    return cast("JsonLocation", _loads(_ctxpack.locate_json(text, pointer, options)))


# files --------------------------------------------------------------------------------------------


def preload_files(
    input: Union[PreloadInput, JsonText],
    options: Optional[CallOptions] = None,
) -> PreloadResult:
    """Inlines the referenced files' contents under a budget: paths confined and de-duplicated,
    binary files, directories, long files and likely secrets left out, one record per reference.
    """
    return cast("PreloadResult", _loads(_ctxpack.preload_files(input, options)))


def check_paths(
    input: Union[PathsInput, JsonText],
    options: Optional[CallOptions] = None,
) -> PathChecks:
    """The path rules alone, for a host that reads the files itself: each path normalised, refused
    (escape, secret name) or marked as a duplicate of an earlier one.
    """
    return cast("PathChecks", _loads(_ctxpack.check_paths(input, options)))


def fit_sections(
    input: Union[SectionsInput, JsonText],
    options: Optional[CallOptions] = None,
) -> SectionsResult:
    """The prompt at the first pass of the degradation plan that fits the budget, or cut to it."""
    return cast("SectionsResult", _loads(_ctxpack.fit_sections(input, options)))


# code ---------------------------------------------------------------------------------------------


def extract_classes(
    path: str,
    content: str,
    options: Optional[CallOptions] = None,
) -> ExtractedClasses:
    """The classes ``content`` defines, judged by ``path``'s extension (``.py .pyi``, ``.ts .tsx``,
    ``.js .jsx .mjs .cjs``, ``.dart``); any other extension gives none.
    """
    return cast("ExtractedClasses", _loads(_ctxpack.extract_classes(path, content, options)))


def format_module_registry(
    registry: Union[ModuleRegistry, JsonText],
    files: Mapping[str, str],
    options: Union[RegistryOptions, JsonText, None] = None,
    call: Optional[CallOptions] = None,
) -> RegistryResult:
    """The registry block: every listed class with its import line and source, under the options'
    budgets, and a manifest of what was truncated, dropped or not found.
    """
    return cast("RegistryResult", _loads(_ctxpack.format_module_registry(registry, files, options, call)))


def track_outputs(
    created: Mapping[str, str],
    modified: Optional[Mapping[str, Optional[str]]] = None,
    call: Optional[CallOptions] = None,
) -> TrackedOutputs:
    """The classes defined in created files and in modified files (``None`` content: missing,
    skipped), merged per path in source order.
    """
    return cast("TrackedOutputs", _loads(_ctxpack.track_outputs(created, modified, call)))


def parse_modified_files(
    response: str,
    call: Optional[CallOptions] = None,
) -> ModifiedFiles:
    """The paths an LLM response says it modified, in first-seen order."""
    return cast("ModifiedFiles", _loads(_ctxpack.parse_modified_files(response, call)))


# governor -----------------------------------------------------------------------------------------


def governor_step(
    state: Union[GovernorState, JsonText],
    event: Union[GovernorEvent, JsonText],
    options: Optional[CallOptions] = None,
) -> GovernorStep:
    """One event applied to a persisted state: ``{state, decision}``. The state passed in is only
    read (a malformed event raises and changes nothing). Each call carries the whole state
    across; a ``RunGovernor`` keeps it natively instead.
    """
    return cast("GovernorStep", _loads(_ctxpack.governor_step(state, event, options)))
