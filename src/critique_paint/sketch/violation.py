"""One broken gate rule."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Violation"]


@dataclass(frozen=True)
class Violation:
    """One broken rule: a stable ``code``, a human ``message`` and a 1-based ``line``."""

    code: str
    message: str
    line: int | None = None

    def to_dict(self) -> dict:
        """Return a JSON-ready dict."""
        return {"code": self.code, "message": self.message, "line": self.line}
