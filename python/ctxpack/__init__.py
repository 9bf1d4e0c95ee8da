"""ctxpack: decide what an LLM agent is sent, under a budget, and say why.

The Rust core of the npm package ``ctxpack``, natively: the same decisions and the same bytes
as in Node and the browser. Inputs are plain ``dict``/``list``/``str`` values or their JSON
text (``str`` or ``bytes``); results are plain ``dict`` values shaped as the TypedDicts of
``ctxpack/__init__.pyi`` (generated from the same declarations as the TypeScript types). Every
bad input raises :class:`CtxpackError` with the code, path and message JavaScript gets.
See docs/PYTHON.md.
"""

from __future__ import annotations

import json as _json
from typing import Any

from . import _ctxpack
from ._error import CtxpackError
from ._files import read_context_files

__version__: str = _ctxpack.version()

__all__ = [
    "CtxpackError",
    "ContextAssembler",
    "RunGovernor",
    "assemble_context",
    "cap_context",
    "check_paths",
    "estimate_tokens",
    "extract_classes",
    "fit_sections",
    "format_module_registry",
    "governor_step",
    "infer_intent",
    "parse_modified_files",
    "preload_files",
    "prioritize",
    "read_context_files",
    "to_json",
    "track_outputs",
    "trim_jsondoc",
]

_loads = _json.loads


def to_json(value: Any, indent: int = 0) -> str:
    """``JSON.stringify(value, null, indent)``: the JSON text JavaScript writes for the value."""
    return _ctxpack.to_json(value, indent)


def estimate_tokens(text: str, vocabulary: Any = None, options: Any = None) -> int:
    """The token estimate of ``text`` (fitted against ``vocabulary``, default ``"o200k"``)."""
    return _ctxpack.estimate_tokens(text, vocabulary, options)


# jsondoc ------------------------------------------------------------------------------------


def assemble_context(input: Any, options: Any = None) -> Any:
    """Intent → select and rank → trim → cap: the context and a manifest of every decision."""
    return _loads(_ctxpack.assemble_context(input, options))


def prioritize(input: Any, options: Any = None) -> Any:
    """Selects and ranks documents for the request's intent, without trimming or capping."""
    return _loads(_ctxpack.prioritize(input, options))


def cap_context(input: Any, options: Any = None) -> Any:
    """Fits documents already in priority order into the budget."""
    return _loads(_ctxpack.cap_context(input, options))


def trim_jsondoc(doc: Any, level: Any, profile: Any = None, options: Any = None) -> Any:
    """One document trimmed at a level of the ladder (``metadata.trimmed`` set when cut)."""
    return _loads(_ctxpack.trim_jsondoc(doc, level, profile, options))


def infer_intent(request: Any, profile: Any = None, options: Any = None) -> Any:
    """The intent of a request: ``{intent, params}`` given wins, else the profile's rules."""
    return _loads(_ctxpack.infer_intent(request, profile, options))


class ContextAssembler:
    """A profile compiled once (validated, rules built) serving many requests."""

    __slots__ = ("_core",)

    def __init__(self, profile: Any = None, options: Any = None) -> None:
        self._core = _ctxpack.ContextAssembler(profile, options)

    def infer_intent(self, request: Any) -> Any:
        return _loads(self._core.infer_intent(request))

    def prioritize(self, input: Any) -> Any:
        return _loads(self._core.prioritize(input))

    def assemble(self, input: Any) -> Any:
        return _loads(self._core.assemble(input))

    def cap_context(self, input: Any) -> Any:
        return _loads(self._core.cap_context(input))


# files and sections -------------------------------------------------------------------------


def preload_files(input: Any, options: Any = None) -> Any:
    """Inlines the referenced files' contents under a budget; one record per reference."""
    return _loads(_ctxpack.preload_files(input, options))


def check_paths(input: Any, options: Any = None) -> Any:
    """The path rules alone: each path normalised, refused, or a duplicate of an earlier one."""
    return _loads(_ctxpack.check_paths(input, options))


def fit_sections(input: Any, options: Any = None) -> Any:
    """The prompt at the first pass of its degradation plan that fits the budget."""
    return _loads(_ctxpack.fit_sections(input, options))


# code ---------------------------------------------------------------------------------------


def extract_classes(path: str, content: str, options: Any = None) -> Any:
    """The classes ``content`` defines, judged by ``path``'s extension."""
    return _loads(_ctxpack.extract_classes(path, content, options))


def format_module_registry(
    registry: Any, files: Any, options: Any = None, call: Any = None
) -> Any:
    """The registry block: each listed class with its import line and source, under budgets."""
    return _loads(_ctxpack.format_module_registry(registry, files, options, call))


def track_outputs(created: Any, modified: Any = None, call: Any = None) -> Any:
    """The classes defined in created and modified files (``None`` content: missing)."""
    return _loads(_ctxpack.track_outputs(created, modified, call))


def parse_modified_files(response: str, call: Any = None) -> Any:
    """The paths an LLM response says it modified, in first-seen order."""
    return _loads(_ctxpack.parse_modified_files(response, call))


# governor -----------------------------------------------------------------------------------


def governor_step(state: Any, event: Any, options: Any = None) -> Any:
    """One event applied to a persisted state: ``{state, decision}``."""
    return _loads(_ctxpack.governor_step(state, event, options))


class RunGovernor:
    """A run's state held natively: events applied in place, the state read out on demand."""

    __slots__ = ("_core",)

    def __init__(self, config: Any = None, options: Any = None) -> None:
        self._core = _ctxpack.RunGovernor(config, options)

    @classmethod
    def from_state(cls, state: Any, options: Any = None) -> RunGovernor:
        """A run going on from a state :meth:`state` returned, or its JSON text."""
        governor = cls.__new__(cls)
        governor._core = _ctxpack.RunGovernor.from_state(state, options)
        return governor

    def push(self, event: Any) -> Any:
        return _loads(self._core.push(event))

    def state(self) -> Any:
        return _loads(self._core.state())

    def report(self) -> Any:
        return _loads(self._core.report())

    def report_markdown(self) -> str:
        return self._core.report_markdown()
