"""seega.Game: one game, a thin wrapper over a ``seega_game`` handle."""

from __future__ import annotations

import atexit
import ctypes
import operator
import threading
import time
from ctypes import byref, c_int32, c_uint8, c_uint32, c_uint64
from typing import Any, Callable, Iterator, List, NamedTuple, Optional, Tuple, Union

from . import _native as N
from ._action import Action
from ._errors import (
    E_INVALID,
    E_PARSE,
    InvalidArgumentError,
    ParseError,
    SquareIndexError,
    SquareNameError,
    error_for_status,
)
from ._interrupt import StopOnInterrupt
from ._notation import notation_for
from ._rules import Rules, resolve
from ._tablebase import Tablebase

__all__ = ["Game", "PlayoutStats", "SearchResult", "Square", "ActionLike", "PERFT_MAX_DEPTH"]

#: A square: its name (``"c2"``) or its index (``a1`` = 0, rank by rank).
Square = Union[str, int]
#: An action: an Action, or its text (``"c2-c3"``).
ActionLike = Union[Action, str]

_lib = N.lib
_SIDES = ("x", "o")
_PIECES = ("x", "o", None)
_RESULTS = (None, "x", "o", "draw")
_REASONS = (None, "material", "blocked", "quiet", "both_blocked")
_PHASES = {N.PHASE_PLACING: "place", N.PHASE_MOVING: "move"}
_TURN_STATES = ("normal", "placed_one", "chain", "extra", "removed")

#: Default cap on the actions of one playout.
DEFAULT_MAX_ACTIONS = 10000

# Searches running in C, each with its stop. A search on a daemon thread
# may still be running when the interpreter exits; it is stopped and
# waited for at exit (before the interpreter frees the games), so that no
# C code runs on a game that is being freed.
_running_lock = threading.Lock()
_running: "dict[int, Callable[[], None]]" = {}


class _Running:
    """Registers a search while it runs in C (see _stop_running)."""

    def __init__(self, stop: Callable[[], None]) -> None:
        self._stop = stop

    def __enter__(self) -> None:
        with _running_lock:
            _running[id(self)] = self._stop

    def __exit__(self, *exc: Any) -> None:
        with _running_lock:
            _running.pop(id(self), None)


def _stop_running(wait_s: float = 5.0) -> None:
    """At exit: stop every search still running (again every millisecond,
    as a stop that comes before the search has started does nothing) and
    wait for them to return, at most wait_s seconds."""
    deadline = time.monotonic() + wait_s
    while True:
        with _running_lock:
            stops = list(_running.values())
        if not stops or time.monotonic() > deadline:
            return
        for stop in stops:
            stop()
        time.sleep(0.001)


atexit.register(_stop_running)

#: The deepest :meth:`Game.perft` accepts (``SEEGA_PERFT_MAX_DEPTH``): the
#: recursion takes a stack frame per ply. Checked here too, so that no
#: depth the stack cannot take reaches the library.
PERFT_MAX_DEPTH = 32


class PlayoutStats(NamedTuple):
    """What :meth:`Game.playouts` gave: ``playouts`` played, how they
    ended (``x_wins``, ``o_wins``, ``draws``, ``unfinished``), and the
    ``actions`` played in all of them."""

    playouts: int
    x_wins: int
    o_wins: int
    draws: int
    unfinished: int
    actions: int

    @property
    def finished(self) -> int:
        """Playouts that reached the end of the game."""
        return self.x_wins + self.o_wins + self.draws

    @property
    def mean_actions(self) -> float:
        """Actions per playout, on average (0.0 for no playout)."""
        return self.actions / self.playouts if self.playouts else 0.0

    def score(self, side: str) -> float:
        """The side's share of the finished playouts, a draw counting half
        (0.5 when none finished)."""
        side = _side_name(side)
        if not self.finished:
            return 0.5
        wins = self.x_wins if side == "x" else self.o_wins
        return (wins + 0.5 * self.draws) / self.finished


_PROVEN = {N.PROVEN_NONE: None, N.PROVEN_WIN: "win", N.PROVEN_LOSS: "loss",
           N.PROVEN_DRAW: "draw"}


class SearchResult(NamedTuple):
    """What :meth:`Game.search` found (also what ``on_progress`` gets after
    each completed iteration).

    - ``best``: the best action found
    - ``score``: for the side to move, in hundredths of a piece (100 = one
      piece ahead); a proven win at distance d is ``SCORE_PROVEN - d``
    - ``depth``: the depth of the last completed iteration, in plies
    - ``nodes``: positions searched
    - ``pv``: the expected line, ``best`` first (a tuple of Actions)
    - ``proven``: None, or ``"win"``, ``"loss"``, ``"draw"`` (for the side
      to move) when the search proved the outcome
    - ``proven_plies``: when proven, plies to the end of the game
    - ``time_ms``: time spent (0 in progress reports)
    """

    best: Optional[Action]
    score: int
    depth: int
    nodes: int
    pv: Tuple[Action, ...]
    proven: Optional[str]
    proven_plies: int
    time_ms: int


#: The score of a win proven at distance 0 (``SEEGA_SCORE_PROVEN``).
SCORE_PROVEN = N.SCORE_PROVEN


def _search_result(r: Any, notation: Any) -> SearchResult:
    action = notation.action
    pv_len = max(0, min(r.pv_len, N.PV_MAX))
    return SearchResult(
        action(r.best) if r.best else None,
        r.score,
        r.depth,
        r.nodes,
        tuple(action(r.pv[i]) for i in range(pv_len)),
        _PROVEN.get(r.proven),
        r.proven_plies,
        r.time_ms,
    )


def _side_name(side: Any) -> str:
    if not isinstance(side, str):
        raise TypeError("side must be 'x' or 'o', not %s" % type(side).__name__)
    name = side.lower()
    if name not in _SIDES:
        raise ValueError("side must be 'x' or 'o' (got %r)" % (side,))
    return name


def _int_arg(value: Any, what: str, lo: int, hi: int) -> int:
    """An integer argument within [lo, hi] (the C type's range)."""
    if isinstance(value, bool):
        raise TypeError("%s must be an int, not bool" % what)
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    if not lo <= number <= hi:
        raise ValueError("%s must be in %d..%d (got %d)" % (what, lo, hi, number))
    return number


def _text_arg(value: Any, what: str, status: int = E_PARSE) -> bytes:
    """A str argument as the NUL-terminated UTF-8 bytes the C API reads.

    Every text argument passes here. A str the C API cannot be given as it
    is raises the error of ``status`` (ParseError by default; record tags
    pass ``E_INVALID``, the library's status for a tag it refuses): one
    holding a NUL, which would end the C string early, or a lone surrogate
    (``"\\udc80"``), which has no UTF-8 form."""
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise error_for_status(status, "%s contains a NUL character" % what)
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise error_for_status(
            status, "%s is not valid text: %r at index %d is a lone surrogate, "
            "which UTF-8 cannot encode" % (what, value[e.start], e.start)) from None


def _spn_board_size(spn: str) -> int:
    """The board size an SPN is written for (its number of ranks), or 5
    when that is not a board size: the library then says what is wrong."""
    fields = spn.split()
    ranks = fields[0].count("/") + 1 if fields else 0
    return ranks if ranks in (5, 7, 9) else 5


def _writable(out: Any, size: int, what: str) -> Tuple[Any, Any]:
    """A ctypes view of a caller's writable buffer of at least size bytes."""
    try:
        view = memoryview(out)
    except TypeError:
        raise TypeError("%s: out must support the buffer protocol, not %s"
                        % (what, type(out).__name__)) from None
    if view.readonly:
        raise TypeError("%s: out is read-only" % what)
    if not view.c_contiguous:
        raise ValueError("%s: out must be C-contiguous" % what)
    if view.nbytes < size:
        raise ValueError("%s: out has %d bytes, %d needed" % (what, view.nbytes, size))
    flat = view.cast("B") if view.format != "B" or view.ndim != 1 else view
    return flat, (c_uint8 * size).from_buffer(flat)


class Game:
    """One game of Seega: rules, position and history.

    ``Game()`` is CLASSIC on 5x5; ``Game("modern", 7)`` a preset on another
    board; ``Game(rules)`` any :class:`Rules`. Every method goes to the C
    library; a failing call raises a :class:`SeegaError` subclass and
    leaves the game as it was.

    A game holds a C handle: release it with :meth:`close`, or use the game
    as a context manager (it is also released when garbage-collected). Each
    game has its own lock, so threads may share one game; different games
    never wait for each other.
    """

    def __init__(self, rules_or_preset_name: Union[Rules, str] = "classic",
                 size: Optional[int] = None) -> None:
        rules = resolve(rules_or_preset_name, size)
        struct = rules._to_struct()
        handle = N.GamePtr()
        status = _lib.seega_new(byref(struct), byref(handle))
        if status != 0:  # cannot happen for a validated Rules, but say why
            raise error_for_status(status, N.status_text(status))
        self._init_handle(handle, rules)

    def _init_handle(self, handle: Any, rules: Rules) -> None:
        self._lock = threading.RLock()
        self._searching = False  # True while search() runs (lock held)
        # Guards the handle against close() while stop() uses it; never held
        # during a call that can take time.
        self._stop_lock = threading.Lock()
        self._rules = rules
        self._size = rules.board_size
        self._notation = notation_for(self._size)
        self._tablebase: Optional[Tablebase] = None  # attached tables, kept alive
        self._ptr = handle

    @classmethod
    def _wrap(cls, handle: Any, rules: Rules) -> "Game":
        game = cls.__new__(cls)
        game._init_handle(handle, rules)
        return game

    @classmethod
    def from_spn(cls, spn: str, rules_or_preset_name: Union[Rules, str] = "classic",
                 size: Optional[int] = None) -> "Game":
        """A game at the position of an SPN string, with an empty history.

        With a preset name and no size, the board size is that of the SPN.
        Raises :class:`ParseError` for an SPN the library refuses.
        """
        _text_arg(spn, "spn")
        if size is None and not isinstance(rules_or_preset_name, Rules):
            size = _spn_board_size(spn)
        game = cls(rules_or_preset_name, size)
        try:
            game.set_spn(spn)
        except BaseException:
            game.close()
            raise
        return game

    # ---- lifecycle ------------------------------------------------------

    def _h(self) -> Any:
        """The handle; the caller holds the lock."""
        handle = self._ptr
        if not handle:
            raise InvalidArgumentError(E_INVALID, "the game is closed")
        if self._searching:
            # Only the searching thread itself gets here (the others wait
            # for the lock): an on_progress callback using its game, which
            # the C API forbids while the search runs.
            raise RuntimeError("the game is being searched: on_progress may call "
                               "game.stop() but nothing else on the game")
        return handle

    @property
    def lock(self) -> Any:
        """The game's re-entrant lock (``threading.RLock``). Every method
        holds it for its call; hold it yourself to make several calls one
        step that other threads cannot interleave::

            with game.lock:
                game.play(game.legal_moves()[0])
        """
        return self._lock

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has released the game."""
        return not self._ptr

    def close(self) -> None:
        """Release the C game. Any later use raises InvalidArgumentError;
        closing twice is harmless. A search running or starting on another
        thread is stopped first, so close() returns promptly."""
        if not self._ptr:
            return
        # A search on another thread holds the lock: stop it, and again
        # every 2 ms until the lock is free, since a stop that comes before
        # that thread has entered seega_search does nothing.
        self.stop()
        while not self._lock.acquire(timeout=0.002):
            self.stop()
        try:
            if self._searching:
                raise RuntimeError("cannot close a game from its own search's on_progress")
            with self._stop_lock:
                handle, self._ptr = self._ptr, None
            if handle:
                _lib.seega_free(handle)
            tablebase, self._tablebase = self._tablebase, None
            if tablebase is not None:
                tablebase._forget(self)
        finally:
            self._lock.release()

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self, _free: Any = _lib.seega_free) -> None:
        # Bound as a default argument so that it still exists at interpreter
        # shutdown; no other thread can hold a reference to a dying game.
        handle = self.__dict__.get("_ptr")
        if handle:
            self._ptr = None
            _free(handle)

    def copy(self) -> "Game":
        """An independent copy: rules, position and history
        (``seega_clone``). ``copy.copy`` and ``copy.deepcopy`` do the same."""
        out = N.GamePtr()
        with self._lock:
            _lib.seega_clone(self._h(), byref(out))
            game = Game._wrap(out, self._rules)
            tablebase = self._tablebase
            if tablebase is not None:  # the C copy has the tables attached too
                tablebase._adopt(game)
                game._tablebase = tablebase
        return game

    def __copy__(self) -> "Game":
        return self.copy()

    def __deepcopy__(self, memo: Any) -> "Game":
        return self.copy()

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled as the rules, the position the history starts from and
        # the actions played since, so that undo works after unpickling.
        with self._lock:
            root = self.copy()
            history = self.history
        with root:
            for _ in history:
                root.undo()
            return (_restore_game, (self._rules, root.spn, history))

    # ---- rules and board ------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the game (they never change)."""
        return self._rules

    @property
    def board_size(self) -> int:
        """N, the board size: 5, 7 or 9."""
        return self._size

    @property
    def squares(self) -> Tuple[str, ...]:
        """The square names in index order: ``("a1", "b1", ...)``."""
        return self._notation.names

    def square_name(self, square: Square) -> str:
        """The name of a square given by index or name: ``square_name(7)``
        is ``"c2"`` on 5x5. A square not on the board raises
        :class:`SquareIndexError` or :class:`SquareNameError`."""
        with self._lock:
            self._h()  # a closed game raises, as everywhere
            return self._notation.names[self._square(square)]

    def square_index(self, square: Square) -> int:
        """The index of a square given by name or index."""
        with self._lock:
            self._h()
            return self._square(square)

    def _square(self, square: Any, what: str = "square") -> int:
        """A square argument as an index; the caller holds the lock. A
        square not on the board raises an IndexError that is also the
        library's error: SquareNameError (a ParseError) for a name,
        SquareIndexError (an InvalidArgumentError) for an index."""
        if isinstance(square, str):
            index = self._notation.index.get(square)
            if index is not None:
                return index
            handle = self._h()  # a closed game is not a bad name
            out = c_int32()
            try:
                _lib.seega_square_from_text(handle, _text_arg(square, what), byref(out))
            except ParseError as e:
                raise SquareNameError(e.status, e.message) from None
            return out.value
        if isinstance(square, bool):
            raise TypeError("%s must be a name like 'c2' or an index, not bool" % what)
        try:
            index = operator.index(square)
        except TypeError:
            raise TypeError("%s must be a name like 'c2' or an index, not %s"
                            % (what, type(square).__name__)) from None
        n = self._size
        if not 0 <= index < n * n:
            raise SquareIndexError(
                E_INVALID, "%s %d is off the %dx%d board (squares are 0..%d)"
                % (what, index, n, n, n * n - 1))
        return index

    # ---- actions --------------------------------------------------------

    def _value(self, action: Any) -> int:
        """An action argument as its C value; the caller holds the lock."""
        if isinstance(action, Action):
            if action.board_size == self._size:
                return action.value
            action = action.text
        if not isinstance(action, str):
            raise TypeError("action must be an Action or its text like 'c2-c3', not %s"
                            % type(action).__name__)
        known = self._notation.known(action)
        if known is not None:
            return known.value
        out = c_uint32()
        _lib.seega_action_from_text(self._h(), _text_arg(action, "action"), byref(out))
        return out.value

    def parse_action(self, text: str) -> Action:
        """The Action of an action text (any case, white space around it).
        Checks the syntax and the squares only, not legality; raises
        :class:`ParseError`."""
        with self._lock:
            self._h()  # a closed game raises, also for a known text
            return self._notation.action(self._value(text))

    def legal_moves(self) -> List[Action]:
        """The legal actions of the current position (none once the game
        is over), in the library's order."""
        buf = (c_uint32 * N.MAX_ACTIONS)()
        with self._lock:
            n = _lib.seega_legal_moves(self._h(), buf, N.MAX_ACTIONS)
        action = self._notation.action
        return [action(buf[i]) for i in range(n)]

    def play(self, action: ActionLike) -> None:
        """Play an action: an Action, or its text (``"c2"``, ``"c2-c3"``,
        ``"xb3"``, ``"pass"``). Raises :class:`IllegalMoveError` (or its
        subclass :class:`GameOverError`), or :class:`ParseError` for bad
        text."""
        with self._lock:
            _lib.seega_play(self._h(), self._value(action))

    def place(self, square: Square) -> None:
        """Place a piece on a square (name or index)."""
        with self._lock:
            _lib.seega_place(self._h(), self._square(square))

    def move(self, frm: Square, to: Square) -> None:
        """Move a piece one square: ``game.move("c2", "c3")``."""
        with self._lock:
            _lib.seega_move(self._h(), self._square(frm, "from square"),
                            self._square(to, "to square"))

    def undo(self) -> Action:
        """Take back the last action and return it. Raises
        :class:`InvalidArgumentError` when there is nothing to undo."""
        with self._lock:
            handle = self._h()
            n = _lib.seega_history_length(handle)
            if n == 0:
                _lib.seega_undo(handle)  # raises, with the library's message
            last = c_uint32()
            _lib.seega_history_action(handle, n - 1, byref(last))
            _lib.seega_undo(handle)
        return self._notation.action(last.value)

    @property
    def history(self) -> List[str]:
        """The action texts played since the start or the last
        :meth:`set_spn`, oldest first."""
        out = c_uint32()
        values = []
        with self._lock:
            handle = self._h()
            for i in range(_lib.seega_history_length(handle)):
                _lib.seega_history_action(handle, i, byref(out))
                values.append(out.value)
        action = self._notation.action
        return [action(v).text for v in values]

    @property
    def last_captures(self) -> List[str]:
        """The squares emptied by captures or a removal in the last action,
        as names (ascending index)."""
        buf = (c_int32 * N.MAX_CAPTURES)()
        with self._lock:
            n = _lib.seega_last_captures(self._h(), buf, N.MAX_CAPTURES)
        return [self._notation.names[buf[i]] for i in range(min(n, N.MAX_CAPTURES))]

    # ---- positions ------------------------------------------------------

    @property
    def spn(self) -> str:
        """The current position in SPN, e.g. ``"5/5/5/5/5 x 12 12 0 -"``."""
        buf = ctypes.create_string_buffer(N.SPN_MAX)
        with self._lock:
            _lib.seega_get_spn(self._h(), buf, N.SPN_MAX)
        return buf.value.decode("ascii")

    def set_spn(self, spn: str) -> None:
        """Load a position (canonical SPN of this board size) and clear the
        history. Raises :class:`ParseError` naming the bad field."""
        raw = _text_arg(spn, "spn")
        with self._lock:
            _lib.seega_set_spn(self._h(), raw)

    # ---- state ----------------------------------------------------------

    @property
    def to_move(self) -> str:
        """``"x"`` or ``"o"``: the side to act (in a finished game, the side
        whose turn it would be)."""
        with self._lock:
            return _SIDES[_lib.seega_to_move(self._h())]

    @property
    def phase(self) -> str:
        """``"place"`` while any piece is in hand, else ``"move"``."""
        with self._lock:
            return _PHASES[_lib.seega_phase(self._h())]

    def _outcome(self) -> Tuple[Optional[str], Optional[str]]:
        reason = c_int32()
        with self._lock:
            result = _lib.seega_result(self._h(), byref(reason))
        return _RESULTS[result], _REASONS[reason.value]

    @property
    def result(self) -> Optional[str]:
        """``"x"`` or ``"o"`` (the winner), ``"draw"``, or None while the
        game goes on."""
        return self._outcome()[0]

    @property
    def reason(self) -> Optional[str]:
        """Why the game ended: ``"material"``, ``"blocked"``, ``"quiet"``,
        ``"both_blocked"``; None while it goes on."""
        return self._outcome()[1]

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self._outcome()[0] is not None

    def pieces(self, side: str) -> int:
        """How many pieces a side (``"x"``/``"o"``) has on the board."""
        code = _SIDES.index(_side_name(side))
        with self._lock:
            return int(_lib.seega_pieces(self._h(), code))

    def in_hand(self, side: str) -> int:
        """How many pieces a side still holds in hand."""
        code = _SIDES.index(_side_name(side))
        with self._lock:
            return int(_lib.seega_in_hand(self._h(), code))

    def __getitem__(self, square: Square) -> Optional[str]:
        """What stands on a square: ``"x"``, ``"o"`` or None.
        ``game["c3"]``, ``game[12]``; a square not on the board raises an
        IndexError, by index (:class:`SquareIndexError`) or by name
        (:class:`SquareNameError`, for ``"k9"`` on 5x5 or ``"zz"``)."""
        with self._lock:
            handle = self._h()
            return _PIECES[_lib.seega_piece_at(handle, self._square(square))]

    def __iter__(self) -> Iterator[Optional[str]]:
        """The contents of the squares in index order (a1, b1, ...): what
        ``game[i]`` gives for each square, read at once."""
        with self._lock:
            handle = self._h()
            cells = [_PIECES[_lib.seega_piece_at(handle, i)] for i in range(self._size ** 2)]
        return iter(cells)

    @property
    def turn_state(self) -> str:
        """The state of the turn in progress (the SPN's last field):
        ``"normal"``, ``"placed_one"``, ``"chain"``, ``"extra"`` or
        ``"removed"``."""
        with self._lock:
            return _TURN_STATES[_lib.seega_turn_state(self._h(), None)]

    @property
    def chain_square(self) -> Optional[str]:
        """The chain piece's square during a chain capture, else None."""
        chain = c_int32()
        with self._lock:
            _lib.seega_turn_state(self._h(), byref(chain))
        return None if chain.value == N.NO_SQUARE else self._notation.names[chain.value]

    @property
    def quiet_count(self) -> int:
        """Completed moving-phase turns in a row without a capture."""
        with self._lock:
            return int(_lib.seega_quiet_count(self._h()))

    @property
    def hash(self) -> int:
        """The 64-bit Zobrist hash of the position (quiet counter aside);
        stable across runs and platforms."""
        out = c_uint64()
        with self._lock:
            _lib.seega_hash(self._h(), byref(out))
        return out.value

    @property
    def repetitions(self) -> int:
        """How many times the current position has occurred in the game so
        far, this time included."""
        with self._lock:
            return int(_lib.seega_repetitions(self._h()))

    # ---- analysis and simulation ----------------------------------------

    def perft(self, depth: int) -> int:
        """The number of action sequences of exactly ``depth`` actions.
        ``depth`` is 0 to :data:`PERFT_MAX_DEPTH` (32); a negative or
        deeper one raises :class:`InvalidArgumentError`. The time grows
        exponentially with the depth."""
        d = _int_arg(depth, "depth", N.INT32_MIN, N.INT32_MAX)
        if d > PERFT_MAX_DEPTH:
            raise InvalidArgumentError(
                E_INVALID, "perft depth %d is above the maximum, %d (SEEGA_PERFT_MAX_DEPTH)"
                % (d, PERFT_MAX_DEPTH))
        out = c_uint64()
        with self._lock:
            _lib.seega_perft(self._h(), d, byref(out))
        return out.value

    def playouts(self, count: int, seed: int = 0,
                 max_actions: int = DEFAULT_MAX_ACTIONS) -> PlayoutStats:
        """Play ``count`` uniformly random games from here, each until it
        ends or ``max_actions`` actions were played; the game is unchanged.
        The same position and arguments always give the same stats."""
        c = _int_arg(count, "count", 0, N.UINT32_MAX)
        s = _int_arg(seed, "seed", 0, N.UINT64_MAX)
        m = _int_arg(max_actions, "max_actions", 0, N.UINT32_MAX)
        stats = N.PlayoutStatsStruct(version=N.PLAYOUT_STATS_VERSION)
        with self._lock:
            _lib.seega_playouts(self._h(), s, c, m, byref(stats))
        return PlayoutStats(c, stats.x_wins, stats.o_wins, stats.draws,
                            stats.unfinished, stats.actions)

    # ---- learning interface ---------------------------------------------

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action-index space: 10*N*N + 1."""
        with self._lock:
            return int(_lib.seega_num_distinct_actions(self._h()))

    def action_index(self, action: ActionLike) -> int:
        """The index of an action in the fixed action-index space."""
        with self._lock:
            return int(_lib.seega_action_to_index(self._h(), self._value(action)))

    def action_from_index(self, index: int) -> Action:
        """The action of an index (0 .. num_distinct_actions - 1). Raises
        :class:`InvalidArgumentError` out of range or for a step off the
        board."""
        i = _int_arg(index, "index", N.INT32_MIN, N.INT32_MAX)
        out = c_uint32()
        with self._lock:
            _lib.seega_action_from_index(self._h(), i, byref(out))
        return self._notation.action(out.value)

    def legal_mask(self, out: Any = None) -> Any:
        """The legal actions as one byte per action index (1 legal, 0 not).

        Returns a ``memoryview`` of fresh bytes, or fills ``out`` (any
        writable, C-contiguous buffer of at least num_distinct_actions
        bytes, e.g. a NumPy uint8 array) and returns ``out``. Wrap the
        result without copying: ``numpy.frombuffer(game.legal_mask(),
        numpy.uint8)``."""
        return self._fill(_lib.seega_legal_mask, _lib.seega_num_distinct_actions,
                          out, "legal_mask")

    def legal_indices(self) -> List[int]:
        """The indexes of the legal actions, ascending."""
        mask = self.legal_mask()
        return [i for i, legal in enumerate(mask) if legal]

    @property
    def observation_size(self) -> int:
        """Bytes of :meth:`observation`: 13*N*N."""
        with self._lock:
            return int(_lib.seega_observation_size(self._h()))

    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """The shape of :meth:`observation` as planes: (13, N, N)."""
        return (N.OBS_PLANES, self._size, self._size)

    def observation(self, out: Any = None) -> Any:
        """The position as 13 planes of N*N bytes, from the side to move's
        point of view (see ``seega_observation`` for the planes).

        Returns a ``memoryview`` of fresh bytes, or fills ``out`` (a
        writable buffer of at least observation_size bytes) and returns it.
        ``numpy.frombuffer(game.observation(), numpy.uint8).reshape(
        game.observation_shape)`` wraps it without a copy."""
        return self._fill(_lib.seega_observation, _lib.seega_observation_size,
                          out, "observation")

    def _fill(self, fill: Any, size_of: Any, out: Any, what: str) -> Any:
        with self._lock:
            handle = self._h()
            size = size_of(handle)
            if out is None:
                buf = (c_uint8 * size)()
                fill(handle, buf, size)
                return memoryview(buf).cast("B")
            view, buf = _writable(out, size, what)
            try:
                fill(handle, buf, size)
            finally:
                del buf
                view.release()
            return out

    # ---- search ---------------------------------------------------------

    def search(
        self,
        depth: Optional[int] = None,
        time_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        level: Optional[int] = None,
        seed: Optional[int] = None,
        threads: Optional[int] = None,
        on_progress: Optional[Callable[[SearchResult], Any]] = None,
        *,
        remaining_ms: Optional[int] = None,
        increment_ms: Optional[int] = None,
        tt_mb: Optional[int] = None,
    ) -> SearchResult:
        """Search the current position for the best action
        (``seega_search``); the position and history are not changed.

        Limits (None = no such limit; the search stops at the first one
        reached): ``depth`` in plies, ``time_ms``, ``nodes``; or a clock,
        ``remaining_ms`` and ``increment_ms``, from which the search budgets
        its own time. With no limit at all it runs until the result is
        proven, :meth:`stop` is called, or the deepest iteration (64).
        ``level`` 0 is full strength, 1 (weakest) to 3 play weaker;
        ``seed`` breaks ties (and varies the weaker levels); ``threads``
        and ``tt_mb`` (transposition table size) tune the search.

        ``on_progress(result)`` is called after each completed iteration
        with the result so far; if it returns a true value the search
        stops. It must not use this game (it runs while the search holds
        the game); an exception it raises stops the search and is raised
        by ``search``. Raises :class:`GameOverError` when the game is over.
        """
        if not N.HAS_SEARCH:
            raise NotImplementedError("libseega %s has no search" % N.version_text(N.version_number))
        if on_progress is not None and not callable(on_progress):
            raise TypeError("on_progress must be callable")
        limits = N.SearchLimitsStruct()
        _lib.seega_search_limits_init(byref(limits))
        for name, value in (("depth", depth), ("time_ms", time_ms), ("level", level),
                            ("threads", threads), ("remaining_ms", remaining_ms),
                            ("increment_ms", increment_ms), ("tt_mb", tt_mb)):
            if value is not None:
                setattr(limits, name, _int_arg(value, name, N.INT32_MIN, N.INT32_MAX))
        if nodes is not None:
            limits.nodes = _int_arg(nodes, "nodes", 0, N.UINT64_MAX)
        if seed is not None:
            limits.seed = _int_arg(seed, "seed", 0, N.UINT64_MAX)
        notation = self._notation
        failure: List[BaseException] = []
        handle = None

        def progress(user: Any, info: Any) -> None:
            # Runs on the searching thread, inside seega_search. Nothing may
            # escape into C: an exception is kept, stops the search and is
            # raised by search(). (Ctrl-C is StopOnInterrupt's.)
            try:
                if on_progress is not None and on_progress(_search_result(info.contents, notation)):
                    _lib.seega_search_stop(handle)
            except BaseException as e:  # noqa: B036 - re-raised after the search
                if not failure:
                    failure.append(e)
                _lib.seega_search_stop(handle)

        callback = N.PROGRESS_FN(progress)  # alive until seega_search returns
        limits.progress = callback
        result = N.SearchResultStruct(version=N.SEARCH_RESULT_VERSION)
        with self._lock:
            handle = self._h()
            self._searching = True
            try:
                stop = lambda: _lib.seega_search_stop(handle)  # noqa: E731
                with _Running(stop), StopOnInterrupt(stop):
                    _lib.seega_search(handle, byref(limits), byref(result))
            finally:
                self._searching = False
        if failure:
            raise failure[0]
        return _search_result(result, notation)

    def hint(self, time_ms: Optional[int] = None) -> Action:
        """A suggested action for the side to move: a full-strength search
        of at most ``time_ms`` milliseconds (default 1000)."""
        if not N.HAS_SEARCH:
            raise NotImplementedError("libseega %s has no search" % N.version_text(N.version_number))
        t = 0 if time_ms is None else _int_arg(time_ms, "time_ms", N.INT32_MIN, N.INT32_MAX)
        out = c_uint32()
        with self._lock:
            handle = self._h()
            stop = lambda: _lib.seega_search_stop(handle)  # noqa: E731
            with _Running(stop), StopOnInterrupt(stop):
                _lib.seega_hint(handle, t, byref(out))
        return self._notation.action(out.value)

    def stop(self) -> None:
        """Ask a running :meth:`search` (or :meth:`hint`) of this game to
        stop; it then returns its best action so far. Safe from any thread:
        it does not wait for the game's lock. Does nothing when no search
        is running (a later search is not affected)."""
        if not N.HAS_SEARCH:
            return
        with self._stop_lock:
            handle = self._ptr
            if handle:
                _lib.seega_search_stop(handle)

    # ---- tablebases -----------------------------------------------------

    def set_tablebase(self, tablebase: Optional[Tablebase]) -> None:
        """Let the game's searches use endgame tables (None: no longer;
        ``seega_set_tablebase``). :meth:`search` and :meth:`hint` then
        score every position the tables cover exactly, so they play
        perfectly there and prove results.

        The tables must have the game's rules (else :class:`RulesError`)
        and stay open: the game keeps a reference to them, and closing
        them detaches them from the game. :meth:`copy` keeps them
        attached; pickling does not."""
        if tablebase is not None and not isinstance(tablebase, Tablebase):
            raise TypeError("set_tablebase() takes a seega.Tablebase or None, not %s"
                            % type(tablebase).__name__)
        with self._lock:
            handle = self._h()
            old = self._tablebase
            if tablebase is None:
                if N.HAS_TABLEBASE:
                    _lib.seega_set_tablebase(handle, None)
            else:
                tablebase._attach(self, handle)
            self._tablebase = tablebase
            if old is not None and old is not tablebase:
                old._forget(self)

    @property
    def tablebase(self) -> Optional[Tablebase]:
        """The tables attached with :meth:`set_tablebase`, or None."""
        return self._tablebase

    def _drop_tablebase(self, tablebase: Tablebase) -> None:
        """Detach tablebase if attached (Tablebase.close); waits for the
        game's lock, so for a search of the game to end."""
        with self._lock:
            if self._tablebase is tablebase:
                handle = self._ptr
                if handle:
                    if self._searching:
                        raise RuntimeError("cannot close the tables of a game from its own "
                                           "search's on_progress")
                    _lib.seega_set_tablebase(handle, None)
                self._tablebase = None
            tablebase._forget(self)

    # ---- records --------------------------------------------------------

    def record(self, **tags: Optional[str]) -> str:
        """The whole game as a record (docs/records.md): tags, rules, start
        position, every action of the history and the result.

        Tags are keyword arguments: ``event``, ``site``, ``date``,
        ``round``, ``x`` and ``o`` (the players), ``result`` and
        ``termination`` (for a game the rules have not ended), and any other
        name as an extra tag, e.g. ``record(x="Amal", Annotator="me")``.
        """
        if not N.HAS_RECORDS:
            raise NotImplementedError("libseega %s has no game records"
                                      % N.version_text(N.version_number))
        named = {"event": "event", "site": "site", "date": "date", "round": "round",
                 "x": "x_player", "o": "o_player", "result": "result",
                 "termination": "termination"}
        t = N.RecordTagsStruct()
        _lib.seega_record_tags_init(byref(t))
        extra: List[bytes] = []
        for name, value in tags.items():
            if value is None:
                continue
            # Names and values alike: the library refuses a bad one with
            # SEEGA_E_INVALID, and reads a name only up to a NUL.
            raw = _text_arg(value, "tag %r" % name, E_INVALID)
            if name in named:
                setattr(t, named[name], raw)
            else:
                extra += [_text_arg(name, "tag name %r" % name, E_INVALID), raw]
        arr = (ctypes.c_char_p * (len(extra) or 1))(*extra)
        t.extra_count = len(extra) // 2
        t.extra = ctypes.cast(arr, ctypes.POINTER(ctypes.c_char_p))
        with self._lock:
            n = _lib.seega_record_write(self._h(), byref(t), None, 0)
            buf = ctypes.create_string_buffer(n + 1)
            _lib.seega_record_write(self._h(), byref(t), buf, n + 1)
        return buf.value.decode("utf-8")

    @classmethod
    def from_record(cls, text: str) -> "Game":
        """A game loaded from a record: its rules, start position and every
        action, so that :meth:`undo` takes them back one by one. Raises
        :class:`ParseError` (or :class:`RulesError`) naming the line."""
        if not N.HAS_RECORDS:
            raise NotImplementedError("libseega %s has no game records"
                                      % N.version_text(N.version_number))
        raw = _text_arg(text, "text")
        struct = N.RulesStruct()
        msg = ctypes.create_string_buffer(N.ERROR_MAX)
        status = _lib.seega_record_rules(raw, byref(struct), msg, N.ERROR_MAX)
        if status != 0:
            raise error_for_status(status, msg.value.decode("utf-8", "replace"))
        game = cls(Rules._from_struct(struct))
        try:
            with game._lock:
                _lib.seega_record_read(game._h(), raw)
        except BaseException:
            game.close()
            raise
        return game

    # ---- text -----------------------------------------------------------

    def __str__(self) -> str:
        """The board with coordinates, rank N at the top, and a status
        line."""
        with self._lock:
            handle = self._h()
            n = self._size
            cells = [_PIECES[_lib.seega_piece_at(handle, i)] for i in range(n * n)]
            result, reason = self._outcome()
            side = _SIDES[_lib.seega_to_move(handle)]
            phase = _PHASES[_lib.seega_phase(handle)]
            chain = self.chain_square
            hands = (_lib.seega_in_hand(handle, N.X), _lib.seega_in_hand(handle, N.O))
        rows = []
        for rank in range(n, 0, -1):
            row = cells[(rank - 1) * n: rank * n]
            rows.append("%d  %s" % (rank, " ".join(c or "." for c in row)))
        rows.append("   " + " ".join(self._notation.names[f][0] for f in range(n)))
        if result is not None:
            status = ("draw" if result == "draw" else "%s wins" % result) + " (%s)" % reason
        elif phase == "place":
            status = "%s to place; in hand: x %d, o %d" % (side, hands[0], hands[1])
        elif chain is not None:
            status = "%s to move (chain on %s)" % (side, chain)
        else:
            status = "%s to move" % side
        return "\n".join(rows) + "\n" + status

    def __repr__(self) -> str:
        if self.closed:
            return "<seega.Game (closed)>"
        name = self._rules.preset_name or "custom rules"
        return "<seega.Game %s %dx%d spn=%r>" % (name, self._size, self._size, self.spn)


def _restore_game(rules: Rules, spn: str, history: List[str]) -> Game:
    """Unpickling helper: the position, then the history replayed."""
    game = Game.from_spn(spn, rules)
    for action in history:
        game.play(action)
    return game
