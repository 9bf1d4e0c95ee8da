"""The one error every ctxpack function raises."""

from __future__ import annotations


class CtxpackError(ValueError):
    """A bad input: ``code`` (stable, as in JavaScript), ``path`` (a JSON pointer to the field,
    ``""`` for the whole argument) and ``message`` (for people). Where the fault is in JSON text,
    ``line`` and ``column`` say where."""

    code: str
    path: str
    message: str
    line: int | None
    column: int | None

    def __init__(
        self,
        message: str,
        code: str,
        path: str = "",
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.path = path
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = f" at {self.path}" if self.path else ""
        return f"{self.code}{where}: {self.message}"

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.message, self.code, self.path, self.line, self.column))
