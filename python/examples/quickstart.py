"""The README's five lines, type-checked with mypy --strict against the installed wheel."""

import ctxpack

out = ctxpack.assemble_context(
    {
        "documents": [
            {"id": "a", "schema_type": "note", "origin_type": "user_input",
             "created_at": "2026-03-02T10:15:00Z", "data": {"text": "hello"}},
        ],
        "request": "notes",
        "maxChars": 60,
    }
)
print(out["context"])
