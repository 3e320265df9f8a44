"""Finding and loading libseega, and the ctypes prototypes of its ABI.

Everything here mirrors ``include/seega.h``: the structs, the constants the
binding needs, and one prototype (``argtypes``/``restype``) per function.
Functions that take a game get an ``errcheck`` that turns a negative status
into the matching :class:`~seega.SeegaError`, carrying the game's message.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
import sys
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_int32,
    c_size_t,
    c_uint8,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any, Callable, List, Mapping, Optional, Sequence, Tuple

from ._errors import error_for_status

#: The major version of the C ABI this binding is written for.
ABI_MAJOR = 1
#: The oldest library (MAJOR*10000 + MINOR*100 + PATCH) that has every
#: function the binding requires; newer functions are bound when present.
MIN_VERSION_NUMBER = 10000

# ---- constants of seega.h ------------------------------------------------

X, O, EMPTY = 0, 1, 2
CLASSIC, DIAGONAL, MODERN, TRADITIONAL = 1, 2, 3, 4
DIRS_ORTHOGONAL, DIRS_ALL = 4, 8
BLOCKED_LOSES, BLOCKED_PASSES, BLOCKED_OPPONENT_OPENS, BLOCKED_REMOVES = 1, 2, 3, 4
ACTION_PLACE, ACTION_STEP, ACTION_REMOVE, ACTION_PASS = 1, 2, 3, 4
ONGOING, X_WINS, O_WINS, DRAW = 0, 1, 2, 3
REASON_NONE, REASON_MATERIAL, REASON_BLOCKED, REASON_QUIET, REASON_BOTH_BLOCKED = range(5)
PHASE_PLACING, PHASE_MOVING = 1, 2
TURN_NORMAL, TURN_PLACED_ONE, TURN_CHAIN, TURN_EXTRA, TURN_REMOVED = range(5)
NO_SQUARE = -1
MAX_ACTIONS = 320
SPN_MAX = 128
ACTION_TEXT_MAX = 8
SQUARE_TEXT_MAX = 4
ERROR_MAX = 256
MAX_CAPTURES = 8
OBS_PLANES = 13
RULES_VERSION = 1
PLAYOUT_STATS_VERSION = 1

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
UINT32_MAX = 2**32 - 1
UINT64_MAX = 2**64 - 1


# ---- types ---------------------------------------------------------------


class GameStruct(Structure):
    """``struct seega_game``: opaque, only pointers to it cross the ABI."""

    _fields_: List[Tuple[str, Any]] = []


GamePtr = POINTER(GameStruct)


class RulesStruct(Structure):
    """``seega_rules`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("board_size", c_int32),
        ("placements_per_turn", c_int32),
        ("opening_squares", c_int32),
        ("first_mover", c_int32),
        ("move_dirs", c_int32),
        ("capture_dirs", c_int32),
        ("centre_immune", c_int32),
        ("chain_captures", c_int32),
        ("blocked", c_int32),
        ("lose_at", c_int32),
        ("quiet_limit", c_int32),
    ]


class PlayoutStatsStruct(Structure):
    """``seega_playout_stats`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("reserved", c_uint32),
        ("x_wins", c_uint64),
        ("o_wins", c_uint64),
        ("draws", c_uint64),
        ("unfinished", c_uint64),
        ("actions", c_uint64),
    ]


#: ``seega_alloc_fn``
ALLOC_FN = CFUNCTYPE(c_void_p, c_void_p, c_void_p, c_size_t, c_size_t)

SEARCH_LIMITS_VERSION = 1
SEARCH_RESULT_VERSION = 1
PV_MAX = 32
MAX_DEPTH = 64
SCORE_PROVEN = 30000
PROVEN_NONE, PROVEN_WIN, PROVEN_LOSS, PROVEN_DRAW = 0, 1, 2, 3


class SearchResultStruct(Structure):
    """``seega_search_result`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("best", c_uint32),
        ("score", c_int32),
        ("depth", c_int32),
        ("nodes", c_uint64),
        ("time_ms", c_uint64),
        ("proven", c_int32),
        ("proven_plies", c_int32),
        ("pv_len", c_int32),
        ("pv", c_uint32 * PV_MAX),
    ]


#: ``seega_progress_fn``
PROGRESS_FN = CFUNCTYPE(None, c_void_p, POINTER(SearchResultStruct))

RECORD_TAGS_VERSION = 1
RULES_TEXT_MAX = 256


class RecordTagsStruct(Structure):
    """``seega_record_tags`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("extra_count", c_int32),
        ("event", c_char_p),
        ("site", c_char_p),
        ("date", c_char_p),
        ("round", c_char_p),
        ("x_player", c_char_p),
        ("o_player", c_char_p),
        ("result", c_char_p),
        ("termination", c_char_p),
        ("extra", POINTER(c_char_p)),
    ]


class SearchLimitsStruct(Structure):
    """``seega_search_limits`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("depth", c_int32),
        ("nodes", c_uint64),
        ("time_ms", c_int32),
        ("remaining_ms", c_int32),
        ("increment_ms", c_int32),
        ("level", c_int32),
        ("seed", c_uint64),
        ("threads", c_int32),
        ("tt_mb", c_int32),
        ("progress", PROGRESS_FN),
        ("progress_user", c_void_p),
    ]


TB_LOSS, TB_DRAW, TB_WIN = -1, 0, 1
TB_MAX_PIECES = 12
TB_ENTRY_VERSION = 1
TB_PROGRESS_VERSION = 2
TB_OPTIONS_VERSION = 2
TB_TIER_VERSION = 1
TB_STAGE_START, TB_STAGE_LEVEL, TB_STAGE_DONE, TB_STAGE_FOUND, TB_STAGE_WORK = range(5)


class TablebaseStruct(Structure):
    """``struct seega_tablebase``: opaque, only pointers to it cross the ABI."""

    _fields_: List[Tuple[str, Any]] = []


TablebasePtr = POINTER(TablebaseStruct)


class TbEntryStruct(Structure):
    """``seega_tb_entry`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("value", c_int32),
        ("distance", c_int32),
        ("best", c_uint32),
    ]


class TbProgressStruct(Structure):
    """``seega_tb_progress`` (version 2)."""

    _fields_ = [
        ("version", c_uint32),
        ("mover", c_int32),
        ("other", c_int32),
        ("stage", c_int32),
        ("level", c_int32),
        ("slots", c_uint64),
        ("done", c_uint64),
        ("total", c_uint64),
    ]


#: ``seega_tb_progress_fn``
TB_PROGRESS_FN = CFUNCTYPE(None, c_void_p, POINTER(TbProgressStruct))
#: ``seega_tb_stop_fn``
TB_STOP_FN = CFUNCTYPE(c_int32, c_void_p)


class TbOptionsStruct(Structure):
    """``seega_tb_options`` (version 2)."""

    _fields_ = [
        ("version", c_uint32),
        ("threads", c_int32),
        ("progress", TB_PROGRESS_FN),
        ("progress_user", c_void_p),
        ("stop", TB_STOP_FN),
        ("stop_user", c_void_p),
    ]


# int32_t (*)(void *user, int32_t kind, const void *send,
#             const uint64_t *send_bytes, void *recv, const uint64_t *recv_bytes)
TB_EXCHANGE_FN = CFUNCTYPE(c_int32, c_void_p, c_int32, c_void_p, POINTER(c_uint64),
                           c_void_p, POINTER(c_uint64))


class TbClusterStruct(Structure):
    """``seega_tb_cluster`` (version 1): declared so that the prototype is
    exact; the binding generates on one process (``generate``)."""

    _fields_ = [
        ("version", c_uint32),
        ("rank", c_int32),
        ("ranks", c_int32),
        ("exchange", TB_EXCHANGE_FN),
        ("user", c_void_p),
        ("batch", c_uint32),
    ]


class TbTierStruct(Structure):
    """``seega_tb_tier`` (version 1)."""

    _fields_ = [
        ("version", c_uint32),
        ("positions", c_uint64),
        ("wins", c_uint64),
        ("draws", c_uint64),
        ("losses", c_uint64),
        ("longest_win", c_int32),
        ("longest_loss", c_int32),
        ("longest_win_spn", c_char * SPN_MAX),
    ]


# ---- finding the library -------------------------------------------------


def _library_names() -> List[str]:
    """File names of the shared library on this platform, best first."""
    if sys.platform.startswith("win") or sys.platform == "cygwin":
        return ["seega.dll", "libseega.dll", "libseega-1.dll"]
    if sys.platform == "darwin":
        return ["libseega.1.dylib", "libseega.dylib"]
    return ["libseega.so.1", "libseega.so"]


def _package_dir() -> str:
    return os.path.dirname(os.path.abspath(__file__))


def _repo_root(start: str) -> Optional[str]:
    """The libseega source tree that holds ``start``, if any: the nearest
    ancestor with ``include/seega.h`` and ``bindings/python``."""
    d = start
    while True:
        if os.path.isfile(os.path.join(d, "include", "seega.h")) and os.path.isdir(
            os.path.join(d, "bindings", "python")
        ):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def _mtime(path: str) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return 0.0


def candidates(env: Optional[Mapping[str, str]] = None) -> List[Tuple[str, str]]:
    """The places the library is looked for, in order, as ``(origin,
    path_or_name)`` pairs.

    1. ``SEEGA_LIBRARY``: when set, it is the only candidate (an explicit
       choice that fails is an error, never silently replaced by another
       copy);
    2. a copy inside the package: ``seega/_lib/libseega.so*``;
    3. the build trees of the source tree the package lives in:
       ``build*/lib/libseega.so.1``, most recently built first;
    4. the system: ``ctypes.util.find_library("seega")``.
    """
    environ = os.environ if env is None else env
    explicit = environ.get("SEEGA_LIBRARY")
    if explicit:
        return [("SEEGA_LIBRARY", explicit)]
    found: List[Tuple[str, str]] = []
    names = _library_names()
    pkg = _package_dir()
    inside: List[str] = []
    for name in names:
        inside += [p for p in sorted(glob.glob(os.path.join(glob.escape(pkg), "_lib", name + "*")))
                   if p not in inside]
    if not inside:
        inside = [os.path.join(pkg, "_lib", names[0])]
    found += [("package copy", p) for p in inside]
    root = _repo_root(os.path.dirname(pkg))
    if root is not None:
        trees = sorted(
            glob.glob(os.path.join(glob.escape(root), "build*", "lib", names[0])),
            key=_mtime,
            reverse=True,
        )
        if not trees:
            found.append(("build tree", os.path.join(root, "build*", "lib", names[0])))
        found += [("build tree", p) for p in trees]
    found.append(("system", "find_library('seega')"))
    return found


def _sanitizer_runtime_needed(path: str) -> Optional[str]:
    """The sanitizer runtime a library links, when the running process has
    not loaded it: loading such a library would abort the interpreter."""
    if os.name != "posix":
        return None
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    for runtime, symbol in ((b"libasan.so", "__asan_init"), (b"libtsan.so", "__tsan_init")):
        if runtime in data:
            try:
                if hasattr(ctypes.CDLL(None), symbol):
                    return None
            except OSError:
                pass
            return runtime.decode()
    return None


def _try_load(origin: str, target: str) -> Tuple[Optional[ctypes.CDLL], str, str]:
    """Load one candidate: (library or None, resolved path, why it failed)."""
    if origin == "system":
        name = ctypes.util.find_library("seega")
        if name is None:
            return None, target, "not found"
        target = name
    elif not os.path.exists(target):
        return None, target, "not found"
    else:
        runtime = _sanitizer_runtime_needed(target)
        if runtime is not None:
            return None, target, (
                "built with a sanitizer: preload its runtime "
                "(LD_PRELOAD=$(cc -print-file-name=%s))" % runtime
            )
    try:
        lib = ctypes.CDLL(target)
    except OSError as e:
        return None, target, "cannot be loaded: %s" % e
    try:
        version_fn = lib.seega_version_number
    except AttributeError:
        return None, target, "has no seega_version_number: not libseega"
    version_fn.argtypes = []
    version_fn.restype = c_int32
    number = version_fn()
    if number // 10000 != ABI_MAJOR:
        return None, target, "is version %s; this binding needs major version %d" % (
            version_text(number), ABI_MAJOR)
    if number < MIN_VERSION_NUMBER:
        return None, target, "is version %s; this binding needs %s or later" % (
            version_text(number), version_text(MIN_VERSION_NUMBER))
    return lib, target, ""


def version_text(number: int) -> str:
    """``MAJOR*10000 + MINOR*100 + PATCH`` as ``"MAJOR.MINOR.PATCH"``."""
    return "%d.%d.%d" % (number // 10000, number // 100 % 100, number % 100)


def load(env: Optional[Mapping[str, str]] = None) -> Tuple[ctypes.CDLL, str, str]:
    """Find and load the library: (library, path, origin), or raise one
    ImportError that lists every candidate tried and why it failed."""
    tried: List[str] = []
    for origin, target in candidates(env):
        lib, path, why = _try_load(origin, target)
        if lib is not None:
            return lib, path, origin
        tried.append("  %s (%s): %s" % (path, origin, why))
    raise ImportError(
        "seega: cannot load the C library libseega; tried:\n"
        + "\n".join(tried)
        + "\nSet SEEGA_LIBRARY to the path of %s (e.g. build/lib/%s after "
        "'cmake -S . -B build && cmake --build build' in the libseega source "
        "tree), install the package with pip from the libseega source tree "
        "(pip install bindings/python: its build compiles the library and "
        "ships it in %s), or install the library on the system."
        % (_library_names()[0], _library_names()[0], os.path.join(_package_dir(), "_lib"))
    )


lib, path, origin = load()
version_number: int = lib.seega_version_number()


# ---- prototypes ----------------------------------------------------------


def message_of(game: Any) -> str:
    """The message of the most recent failed call on a game."""
    raw = lib.seega_last_error(game)
    return str(raw.decode("utf-8", "replace")) if raw else ""


def _check_game(result: int, func: Any, args: Sequence[Any]) -> int:
    """errcheck of every function whose first argument is a game."""
    if result < 0:
        raise error_for_status(result, message_of(args[0]))
    return result


def _check_second_game(result: int, func: Any, args: Sequence[Any]) -> int:
    """errcheck of a function whose second argument is the game that holds
    its message (``seega_tb_probe``)."""
    if result < 0:
        raise error_for_status(result, message_of(args[1]))
    return result


_G = GamePtr
_I = c_int32
_A = c_uint32  # seega_action
_BUF = POINTER(c_char)

# name, restype, argtypes, errcheck
_PROTOTYPES: List[Tuple[str, Any, List[Any], Optional[Callable[..., Any]]]] = [
    ("seega_version_number", _I, [], None),
    ("seega_status_text", c_char_p, [_I], None),
    ("seega_rules_preset", _I, [POINTER(RulesStruct), _I, _I], None),
    ("seega_rules_validate", _I, [POINTER(RulesStruct), _BUF, c_size_t], None),
    ("seega_new", _I, [POINTER(RulesStruct), POINTER(_G)], None),
    ("seega_new_with_allocator", _I, [POINTER(RulesStruct), ALLOC_FN, c_void_p, POINTER(_G)], None),
    ("seega_free", None, [_G], None),
    ("seega_clone", _I, [_G, POINTER(_G)], _check_game),
    ("seega_get_rules", _I, [_G, POINTER(RulesStruct)], _check_game),
    ("seega_action_make", _A, [_I, _I, _I], None),
    ("seega_action_kind", _I, [_A], None),
    ("seega_action_from", _I, [_A], None),
    ("seega_action_to", _I, [_A], None),
    ("seega_play", _I, [_G, _A], _check_game),
    ("seega_place", _I, [_G, _I], _check_game),
    ("seega_move", _I, [_G, _I, _I], _check_game),
    ("seega_undo", _I, [_G], _check_game),
    ("seega_legal_moves", _I, [_G, POINTER(_A), c_size_t], _check_game),
    ("seega_last_captures", _I, [_G, POINTER(_I), c_size_t], _check_game),
    ("seega_action_to_text", _I, [_G, _A, _BUF, c_size_t], _check_game),
    ("seega_action_from_text", _I, [_G, c_char_p, POINTER(_A)], _check_game),
    ("seega_square_to_text", _I, [_G, _I, _BUF, c_size_t], _check_game),
    ("seega_square_from_text", _I, [_G, c_char_p, POINTER(_I)], _check_game),
    ("seega_get_spn", _I, [_G, _BUF, c_size_t], _check_game),
    ("seega_set_spn", _I, [_G, c_char_p], _check_game),
    ("seega_result", _I, [_G, POINTER(_I)], _check_game),
    ("seega_to_move", _I, [_G], _check_game),
    ("seega_phase", _I, [_G], _check_game),
    ("seega_turn_state", _I, [_G, POINTER(_I)], _check_game),
    ("seega_board_size", _I, [_G], _check_game),
    ("seega_pieces", _I, [_G, _I], _check_game),
    ("seega_in_hand", _I, [_G, _I], _check_game),
    ("seega_piece_at", _I, [_G, _I], _check_game),
    ("seega_quiet_count", _I, [_G], _check_game),
    ("seega_hash", _I, [_G, POINTER(c_uint64)], _check_game),
    ("seega_history_length", _I, [_G], _check_game),
    ("seega_history_action", _I, [_G, _I, POINTER(_A)], _check_game),
    ("seega_repetitions", _I, [_G], _check_game),
    ("seega_last_error", c_char_p, [_G], None),
    ("seega_perft", _I, [_G, _I, POINTER(c_uint64)], _check_game),
    ("seega_playouts", _I, [_G, c_uint64, c_uint32, c_uint32, POINTER(PlayoutStatsStruct)],
     _check_game),
    ("seega_num_distinct_actions", _I, [_G], _check_game),
    ("seega_action_to_index", _I, [_G, _A], _check_game),
    ("seega_action_from_index", _I, [_G, _I, POINTER(_A)], _check_game),
    ("seega_legal_mask", _I, [_G, POINTER(c_uint8), c_size_t], _check_game),
    ("seega_observation_size", _I, [_G], _check_game),
    ("seega_observation", _I, [_G, POINTER(c_uint8), c_size_t], _check_game),
]

# Bound when the library has them (the search arrived after 0.1.0's first
# functions); see HAS_SEARCH.
_OPTIONAL: List[Tuple[str, Any, List[Any], Optional[Callable[..., Any]]]] = [
    ("seega_search_limits_init", _I, [POINTER(SearchLimitsStruct)], None),
    ("seega_search", _I, [_G, POINTER(SearchLimitsStruct), POINTER(SearchResultStruct)],
     _check_game),
    ("seega_search_stop", None, [_G], None),
    ("seega_hint", _I, [_G, _I, POINTER(_A)], _check_game),
]


# Bound when the library has them (game records); see HAS_RECORDS.
_RECORDS: List[Tuple[str, Any, List[Any], Optional[Callable[..., Any]]]] = [
    ("seega_record_tags_init", _I, [POINTER(RecordTagsStruct)], None),
    ("seega_rules_to_text", _I, [POINTER(RulesStruct), _BUF, c_size_t], None),
    ("seega_rules_from_text", _I, [c_char_p, POINTER(RulesStruct), _BUF, c_size_t], None),
    ("seega_record_write", _I, [_G, POINTER(RecordTagsStruct), _BUF, c_size_t], _check_game),
    ("seega_record_rules", _I, [c_char_p, POINTER(RulesStruct), _BUF, c_size_t], None),
    ("seega_record_read", _I, [_G, c_char_p], _check_game),
    ("seega_record_tag", _I, [c_char_p, c_char_p, _BUF, c_size_t], None),
]

_TB = TablebasePtr

# Bound when the library has them (endgame tablebases); see HAS_TABLEBASE.
_TABLEBASE: List[Tuple[str, Any, List[Any], Optional[Callable[..., Any]]]] = [
    ("seega_tb_generate", _I, [POINTER(RulesStruct), _I, c_char_p, POINTER(TbOptionsStruct),
                               _BUF, c_size_t], None),
    ("seega_tb_generate_cluster", _I, [POINTER(RulesStruct), _I, c_char_p,
                                       POINTER(TbOptionsStruct), POINTER(TbClusterStruct),
                                       _BUF, c_size_t], None),
    ("seega_tb_open", _I, [POINTER(RulesStruct), c_char_p, POINTER(_TB), _BUF, c_size_t], None),
    ("seega_tb_open_memory", _I, [POINTER(RulesStruct), c_char_p, c_size_t, POINTER(_TB), _BUF,
                                  c_size_t], None),
    ("seega_tb_pack", _I, [_TB, _I, c_char_p, _BUF, c_size_t], None),
    ("seega_tb_close", None, [_TB], None),
    ("seega_tb_max_pieces", _I, [_TB], None),
    ("seega_tb_probe", _I, [_TB, _G, POINTER(TbEntryStruct)], _check_second_game),
    ("seega_tb_probe_actions", _I, [_TB, _G, POINTER(TbEntryStruct), _I], _check_second_game),
    ("seega_tb_tier_info", _I, [_TB, _I, _I, POINTER(TbTierStruct)], None),
    ("seega_tb_verify", _I, [_TB, _I, _I, POINTER(c_uint64), _BUF, c_size_t], None),
    ("seega_set_tablebase", _I, [_G, _TB], _check_game),
]


def _declare(name: str, restype: Any, argtypes: List[Any],
             errcheck: Optional[Callable[..., Any]]) -> None:
    try:
        fn = getattr(lib, name)
    except AttributeError:
        raise ImportError(
            "seega: %s (version %s) has no %s" % (path, version_text(version_number), name)
        ) from None
    fn.restype = restype
    fn.argtypes = argtypes
    if errcheck is not None:
        fn.errcheck = errcheck


for _proto in _PROTOTYPES:
    _declare(*_proto)
#: True when the loaded library has the search functions.
HAS_SEARCH = all(hasattr(lib, _proto[0]) for _proto in _OPTIONAL)
if HAS_SEARCH:
    for _proto in _OPTIONAL:
        _declare(*_proto)
#: True when the loaded library reads and writes game records.
HAS_RECORDS = all(hasattr(lib, _proto[0]) for _proto in _RECORDS)
if HAS_RECORDS:
    for _proto in _RECORDS:
        _declare(*_proto)
#: True when the loaded library has the endgame tablebases.
HAS_TABLEBASE = all(hasattr(lib, _proto[0]) for _proto in _TABLEBASE)
if HAS_TABLEBASE:
    for _proto in _TABLEBASE:
        _declare(*_proto)
del _proto


def status_text(status: int) -> str:
    """``seega_status_text``: a short English description of a status."""
    return str(lib.seega_status_text(status).decode("ascii", "replace"))
