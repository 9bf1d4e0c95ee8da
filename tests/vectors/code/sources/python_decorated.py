"""A module whose docstring mentions
class NotAClass:
    which is text, not code."""
from dataclasses import dataclass, field


@dataclass(
    frozen=True,
)
class Session:
    session_id: str
    goals: list[str] = field(default_factory=list)
    note: str = f"{'}'} {session_id!r:>{10}}"

    class State:  # nested
        OPEN = 1; CLOSED = 2

    def to_dict(self) -> dict:
        total = (1 +
                 2)
        return {"id": self.session_id, "total": total} \
            | {}
# a comment at column 0 inside nothing


class Empty: pass


if True:
    @staticmethod
    class Guarded(
        object,
    ):
        x = r'\''
        y = '''
class AlsoNot:
'''
