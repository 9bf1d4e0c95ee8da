"""The classes a file defines, and the registry block a coding agent is shown."""

import ctxpack
from ctxpack.types import ModuleRegistry

source = "class Session:\n    id: str\n"
print([c["name"] for c in ctxpack.extract_classes("app/session.py", source)["classes"]])
registry: ModuleRegistry = {"modules": {"app/session.py": {"created_by_issue": 1, "classes": ["Session"]}}}
print(ctxpack.format_module_registry(registry, {"app/session.py": source})["text"])
