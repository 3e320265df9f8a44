"""seega: Python binding of libseega, an embeddable Seega rules engine.

A thin layer over the C library through ctypes: every rule question goes
to the library; the binding adds Python idioms (exceptions, properties,
iteration, garbage collection of handles, string conversions)::

    import seega

    with seega.Game("classic") as game:
        game.place("c2")
        print(game.legal_moves())
        print(game.perft(2), game.spn)

The C library is found through the SEEGA_LIBRARY environment variable, the
copy inside the package (``seega/_lib/``, which ``pip install`` builds and
ships), the build trees of the source tree the package lives in, or the
system; see ``seega.library_path``.
"""

from . import _native
from ._action import Action
from ._errors import (
    CorruptTablebaseError,
    FileError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    NotCoveredError,
    OutOfMemoryError,
    ParseError,
    RulesError,
    SeegaError,
    SquareIndexError,
    SquareNameError,
    StoppedError,
)
from ._game import (
    DEFAULT_MAX_ACTIONS,
    PERFT_MAX_DEPTH,
    SCORE_PROVEN,
    Game,
    PlayoutStats,
    SearchResult,
)
from ._rules import PRESETS, Rules
from ._tablebase import (
    BUNDLED_MAX_PIECES,
    TB_MAX_PIECES,
    ActionValue,
    ProbeResult,
    Tablebase,
    TablebaseProgress,
    TierInfo,
    bundled_path,
    generate_tablebase,
)

#: Version of this binding.
__version__ = "1.1.0"
#: The path of the loaded C library.
library_path: str = _native.path
#: How it was found: "SEEGA_LIBRARY", "package copy", "build tree" or "system".
library_origin: str = _native.origin
#: The loaded library's version number, MAJOR*10000 + MINOR*100 + PATCH.
library_version_number: int = _native.version_number
#: The loaded library's version as "MAJOR.MINOR.PATCH".
library_version: str = _native.version_text(_native.version_number)
#: The major version of the C ABI this binding is written for.
ABI_MAJOR: int = _native.ABI_MAJOR


def status_text(status: int) -> str:
    """The library's short description of a status code (any int)."""
    if isinstance(status, bool) or not isinstance(status, int):
        raise TypeError("status must be an int")
    if not _native.INT32_MIN <= status <= _native.INT32_MAX:
        return _native.status_text(1)  # "unknown status"
    return _native.status_text(status)


__all__ = [
    "ABI_MAJOR",
    "Action",
    "ActionValue",
    "BUNDLED_MAX_PIECES",
    "CorruptTablebaseError",
    "DEFAULT_MAX_ACTIONS",
    "FileError",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "NotCoveredError",
    "OutOfMemoryError",
    "PERFT_MAX_DEPTH",
    "PRESETS",
    "ParseError",
    "PlayoutStats",
    "ProbeResult",
    "Rules",
    "RulesError",
    "SCORE_PROVEN",
    "SearchResult",
    "SeegaError",
    "SquareIndexError",
    "SquareNameError",
    "StoppedError",
    "TB_MAX_PIECES",
    "Tablebase",
    "TablebaseProgress",
    "TierInfo",
    "bundled_path",
    "generate_tablebase",
    "library_origin",
    "library_path",
    "library_version",
    "library_version_number",
    "status_text",
]
