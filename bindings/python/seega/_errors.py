"""The exceptions of the binding, one per status code of the C library."""

from __future__ import annotations

from typing import Any, Dict, Tuple, Type

__all__ = [
    "SeegaError",
    "InvalidArgumentError",
    "IllegalMoveError",
    "GameOverError",
    "ParseError",
    "SquareIndexError",
    "SquareNameError",
    "RulesError",
    "OutOfMemoryError",
    "FileError",
    "CorruptTablebaseError",
    "NotCoveredError",
    "StoppedError",
    "error_for_status",
]

# The status codes of seega.h (fixed, never renumbered).
OK = 0
E_INVALID = -1
E_ILLEGAL = -2
E_PARSE = -3
E_NOMEM = -4
E_GAME_OVER = -5
E_BUFFER = -6
E_VERSION = -7
E_RULES = -8
E_IO = -9
E_CORRUPT = -10
E_NOT_COVERED = -11
E_STOPPED = -12

_STATUS_NAMES = {
    OK: "SEEGA_OK",
    E_INVALID: "SEEGA_E_INVALID",
    E_ILLEGAL: "SEEGA_E_ILLEGAL",
    E_PARSE: "SEEGA_E_PARSE",
    E_NOMEM: "SEEGA_E_NOMEM",
    E_GAME_OVER: "SEEGA_E_GAME_OVER",
    E_BUFFER: "SEEGA_E_BUFFER",
    E_VERSION: "SEEGA_E_VERSION",
    E_RULES: "SEEGA_E_RULES",
    E_IO: "SEEGA_E_IO",
    E_CORRUPT: "SEEGA_E_CORRUPT",
    E_NOT_COVERED: "SEEGA_E_NOT_COVERED",
    E_STOPPED: "SEEGA_E_STOPPED",
}


class SeegaError(Exception):
    """A call into libseega failed.

    ``status`` is the library's (negative) status code, ``status_name`` its
    C name (``"SEEGA_E_ILLEGAL"``), and ``message`` what was wrong, in the
    library's words (``seega_last_error``). ``str(error)`` is the message.
    """

    status: int
    message: str

    def __init__(self, status: int, message: str) -> None:
        super().__init__(status, message)
        self.status = status
        self.message = message

    @property
    def status_name(self) -> str:
        """The C name of the status code, e.g. ``"SEEGA_E_PARSE"``."""
        return _STATUS_NAMES.get(self.status, "status %d" % self.status)

    def __str__(self) -> str:
        return self.message or self.status_name

    def __reduce__(self) -> Tuple[Any, ...]:  # keep (status, message) through pickling
        return (type(self), (self.status, self.message))


class InvalidArgumentError(SeegaError, ValueError):
    """``SEEGA_E_INVALID``: a bad argument, such as a square off the board,
    a negative perft depth, or ``undo()`` with nothing to undo. Also raised
    for a game that has been closed."""


class IllegalMoveError(SeegaError):
    """``SEEGA_E_ILLEGAL``: a well-formed action that is not legal now."""


class GameOverError(IllegalMoveError):
    """``SEEGA_E_GAME_OVER``: an action played in a finished game.

    A subclass of :class:`IllegalMoveError`, so ``except IllegalMoveError``
    catches both."""


class ParseError(SeegaError, ValueError):
    """``SEEGA_E_PARSE``: malformed SPN, action or square text, or an SPN
    position the library refuses."""


class SquareIndexError(InvalidArgumentError, IndexError):
    """A square index off the board (``game[25]`` on 5x5, ``place(-1)``).

    An :class:`InvalidArgumentError` (status ``SEEGA_E_INVALID``) that is
    also an ``IndexError``, as a sequence raises for an index out of range:
    ``game[square]`` raises an ``IndexError`` for every square not on the
    board, given by index or by name (see :class:`SquareNameError`)."""


class SquareNameError(ParseError, IndexError):
    """A square name that names no square of the board (``game["k9"]`` on
    5x5, ``"zz"``, a name holding a NUL).

    A :class:`ParseError` (status ``SEEGA_E_PARSE``) that is also an
    ``IndexError``, like :class:`SquareIndexError` for an index."""


class RulesError(SeegaError, ValueError):
    """``SEEGA_E_RULES``: a rules field out of range; also an unknown preset
    name, board size or field value (then ``status`` is ``SEEGA_E_INVALID``
    or ``SEEGA_E_RULES``)."""


class OutOfMemoryError(SeegaError, MemoryError):
    """``SEEGA_E_NOMEM``: the library could not allocate."""


class FileError(SeegaError, OSError):
    """``SEEGA_E_IO``: a file could not be read or written (missing, no
    permission, disk full); the message names the file and the reason.
    Raised by :meth:`Tablebase.open` for a directory without tables of the
    rules, and by :func:`generate_tablebase`.

    Also an ``OSError`` (whose ``errno`` is None: the library gives a
    message, not an error number)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(status, message)
        self.errno = None
        self.strerror = message


class CorruptTablebaseError(SeegaError):
    """``SEEGA_E_CORRUPT``: a tablebase file is truncated or corrupt, of
    another format version, or built for other rules or another tier (or
    changed on disk after it was opened)."""


class NotCoveredError(SeegaError, LookupError):
    """``SEEGA_E_NOT_COVERED``: the position (or tier) is outside what the
    tablebase holds: the placing phase, or more pieces than its tiers.

    Also a ``LookupError``, as for a key a mapping does not hold."""


class StoppedError(SeegaError):
    """``SEEGA_E_STOPPED``: the caller stopped the operation (a tablebase
    generation whose stop callback said so). The binding's own calls turn
    it into the exception that caused the stop: :func:`generate_tablebase`
    raises ``KeyboardInterrupt`` after Ctrl-C, or what its ``progress``
    function raised."""


_BY_STATUS: Dict[int, Type[SeegaError]] = {
    E_INVALID: InvalidArgumentError,
    E_ILLEGAL: IllegalMoveError,
    E_PARSE: ParseError,
    E_NOMEM: OutOfMemoryError,
    E_GAME_OVER: GameOverError,
    E_RULES: RulesError,
    E_IO: FileError,
    E_CORRUPT: CorruptTablebaseError,
    E_NOT_COVERED: NotCoveredError,
    E_STOPPED: StoppedError,
}


def error_for_status(status: int, message: str) -> SeegaError:
    """The exception for a status code: the subclass that matches it, or
    :class:`SeegaError` itself (``SEEGA_E_BUFFER``, ``SEEGA_E_VERSION`` and
    unknown codes, which the binding's own calls never cause)."""
    return _BY_STATUS.get(status, SeegaError)(status, message)
