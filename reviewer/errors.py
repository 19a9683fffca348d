"""Tool errors: coded, one line each, kept apart from findings (as spaCy's E-codes and Vale's E100)."""

from __future__ import annotations


class ReviewError(Exception):
    """An input, usage or configuration problem. The CLI prints `review: CODE message` and exits 2."""

    code = "E000"

    def __init__(self, message: str, path: str | None = None):
        self.message = message
        self.path = path
        super().__init__(self.line())

    def line(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{where}{self.message} [{self.code}]"


class InputError(ReviewError):
    code = "E100"


class NotFound(InputError):
    code = "E101"


class IsDirectory(InputError):
    code = "E102"


class TooLarge(InputError):
    code = "E103"


class EmptyFile(InputError):
    code = "E104"


class BinaryFile(InputError):
    code = "E105"


class NotUtf8(InputError):
    code = "E106"


class Unreadable(InputError):
    code = "E107"


class UnsupportedType(InputError):
    code = "E108"


class OutputLocked(InputError):
    code = "E110"


class UsageError(ReviewError):
    """Options that cannot go together."""

    code = "E001"


class ConfigError(ReviewError):
    code = "E200"


class FactBaseInvalid(ConfigError):
    code = "E201"


class ModelNotInstalled(ConfigError):
    code = "E202"
