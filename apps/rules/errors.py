"""The two errors the rules engine raises."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now; nothing changed.

    ``code`` is snake_case and stable (``not_your_turn``, ``must_follow_suit`` ...): clients,
    scenarios and translations key on it. ``detail`` is English text for logs and tests.
    """

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class InvalidOptions(ValueError):
    """Table options that docs/rules.md does not allow: ``errors`` maps each field to a reason."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors
