"""Seed 001's CoderAgent methods (swarm_attack/agents/coder.py), each a few lines over ctxpack:
`_format_module_registry` over `format_module_registry` (the class sources read from the repo
root, as the seed's ContextBuilder reads them), `_extract_outputs` over `track_outputs`,
`_parse_modified_files` over `parse_modified_files` and `_extract_classes_from_content` over
`extract_classes`. ctxpack's registry heading is the seed's own ("## Existing Classes (MUST
IMPORT - DO NOT RECREATE)"), so no option is needed for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import ctxpack


@dataclass
class IssueOutput:
    files_created: list[str] = field(default_factory=list)
    classes_defined: dict[str, list[str]] = field(default_factory=dict)


class CoderAgent:
    def __init__(self, config: Any, *, max_chars_per_class: int = 2000) -> None:
        self.config = config
        self.max_chars_per_class = max_chars_per_class

    def _read(self, path: str) -> Optional[str]:
        try:
            return (Path(self.config.repo_root) / path).read_text()
        except (OSError, UnicodeDecodeError):
            return None

    def _format_module_registry(self, registry: Optional[dict[str, Any]]) -> str:
        if not registry or not registry.get("modules"):
            return "No prior modules created for this feature."
        files = {p: c for p in registry["modules"] if (c := self._read(p)) is not None}
        options = {"maxCharsPerClass": self.max_chars_per_class}
        text: str = ctxpack.format_module_registry(registry, files, options)["text"]
        return text

    def _extract_outputs(
        self, files: dict[str, str], files_modified: Optional[list[str]] = None
    ) -> IssueOutput:
        modified = {p: self._read(p) for p in files_modified or []}
        tracked = ctxpack.track_outputs(files, modified)
        return IssueOutput(
            files_created=list(files),
            classes_defined={f["path"]: f["classes"] for f in tracked["classesDefined"]},
        )

    def _parse_modified_files(self, response_text: str) -> list[str]:
        paths: list[str] = ctxpack.parse_modified_files(response_text)["paths"]
        return paths

    def _extract_classes_from_content(self, path: str, content: str) -> list[str]:
        return [c["name"] for c in ctxpack.extract_classes(path, content)["classes"]]
