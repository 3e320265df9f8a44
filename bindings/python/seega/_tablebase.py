"""seega.Tablebase: endgame tablebases of 5x5 rule sets.

A thin wrapper over a ``seega_tablebase`` handle: :meth:`Tablebase.open`
maps the tables of a rule set from a directory, :meth:`Tablebase.probe`
gives the exact value of a game's position, and :meth:`Game.set_tablebase`
lets a game's searches use them. :func:`generate_tablebase` writes them.
"""

from __future__ import annotations

import ctypes
import glob
import os
import threading
import weakref
from ctypes import byref
from typing import TYPE_CHECKING, Any, Callable, List, Mapping, NamedTuple, Optional, Union

from . import _native as N
from ._action import Action
from ._errors import (E_INVALID, E_IO, E_NOT_COVERED, FileError, InvalidArgumentError,
                      RulesError, error_for_status)
from ._interrupt import StopOnInterrupt
from ._notation import notation_for
from ._rules import PRESETS, Rules, resolve

if TYPE_CHECKING:  # pragma: no cover
    from ._game import Game

__all__ = [
    "ActionValue",
    "Tablebase",
    "ProbeResult",
    "TierInfo",
    "TablebaseProgress",
    "generate_tablebase",
    "TB_MAX_PIECES",
    "BUNDLED_MAX_PIECES",
    "bundled_path",
]

_lib = N.lib

#: The most pieces a side a 5x5 table can hold (``SEEGA_TB_MAX_PIECES``).
TB_MAX_PIECES = N.TB_MAX_PIECES

_VALUES = {N.TB_WIN: "win", N.TB_DRAW: "draw", N.TB_LOSS: "loss"}
_STAGES = {N.TB_STAGE_START: "start", N.TB_STAGE_LEVEL: "level",
           N.TB_STAGE_DONE: "done", N.TB_STAGE_FOUND: "found",
           N.TB_STAGE_WORK: "work"}

#: A directory: a str, bytes or an os.PathLike.
PathLike = Union[str, bytes, "os.PathLike[Any]"]


class ProbeResult(NamedTuple):
    """What :meth:`Tablebase.probe` found, for the side to move.

    - ``value``: ``"win"``, ``"draw"`` or ``"loss"`` under best play
    - ``distance``: plies to the end of the game under best play (the
      winner plays the fastest line, the loser the slowest); None for a
      draw, 0 for a finished game. Under a quiet-turn limit: the quiet
      turns until the capture, or the end, that settles the result
    - ``best``: an action that keeps the value (the fastest win, the
      slowest loss), or None once the game is over
    """

    value: str
    distance: Optional[int]
    best: Optional[Action]


class ActionValue(NamedTuple):
    """What one action gives the side to move (:meth:`Tablebase.probe_actions`).

    - ``action``: the :class:`Action`
    - ``value``: ``"win"``, ``"draw"`` or ``"loss"`` for the side to move
      if it plays it, under best play afterwards
    - ``distance``: plies to the end counting this action (under a
      quiet-turn limit, to the ply that settles the result: 1 for a
      capture); None for a draw that goes on
    """

    action: Action
    value: str
    distance: Optional[int]


class TierInfo(NamedTuple):
    """The figures of one tier (:meth:`Tablebase.tier_info`): positions
    with ``mover`` pieces for the side to move against ``other``.

    - ``positions``, ``wins``, ``draws``, ``losses``: counts, symmetries
      folded, for the side to move
    - ``longest_win``, ``longest_loss``: plies of the longest forced win
      and of the longest loss; None when there is none
    - ``longest_win_spn``: a position of that win (X to move), or None
    """

    positions: int
    wins: int
    draws: int
    losses: int
    longest_win: Optional[int]
    longest_loss: Optional[int]
    longest_win_spn: Optional[str]


class TablebaseProgress(NamedTuple):
    """Where a generation stands (given to the ``progress`` function of
    :func:`generate_tablebase`).

    - ``mover``, ``other``: the pair of tiers being solved (``mover``
      against ``other`` and ``other`` against ``mover``)
    - ``stage``: ``"start"`` (the pair starts), ``"work"`` (a sweep over
      the pair's slots is under way: reported about every 250 ms),
      ``"level"`` (one distance level is done), ``"done"`` (the pair is
      written) or ``"found"`` (the pair was already on disk and is kept)
    - ``level``: in the ``"level"`` stage, the distance done; in the
      ``"work"`` stage, the level under way (0: the first look at every
      slot, then each level's walk back)
    - ``slots``: slots in the pair (0 when found on disk)
    - ``done``, ``total``: in the ``"work"`` stage, the slots of the sweep
      done so far and in all (0 in the other stages)
    """

    mover: int
    other: int
    stage: str
    level: int
    slots: int
    done: int = 0
    total: int = 0


#: The most pieces a side of the shipped tables (:meth:`Tablebase.bundled`).
BUNDLED_MAX_PIECES = 4


def bundled_path(rules_or_preset_name: Union[Rules, str],
                 env: Optional[Mapping[str, str]] = None) -> str:
    """The file :meth:`Tablebase.bundled` opens for a 5x5 preset: the first
    ``PRESET+5.sgtbpack`` found in ``SEEGA_TABLES`` (when set, the only
    place), the package's ``_tables/``, then the source tree's
    ``build*/tables/`` (most recently built first). Raises
    :class:`RulesError` for other rules, :class:`FileError` when no pack
    is found (the message lists where it looked)."""
    rules = resolve(rules_or_preset_name, None)
    preset = rules.preset_name if rules.board_size == 5 else None
    if preset is None:
        raise RulesError(E_INVALID, "no tables are shipped for these rules: the shipped "
                         "tables are the presets on the 5x5 board (%s); generate "
                         "others with seega.generate_tablebase" % ", ".join(PRESETS))
    name = "%s+5.sgtbpack" % preset
    environ = os.environ if env is None else env
    explicit = environ.get("SEEGA_TABLES")
    if explicit:
        places = [explicit]
    else:
        pkg = os.path.dirname(os.path.abspath(__file__))
        places = [os.path.join(pkg, "_tables")]
        root = N._repo_root(os.path.dirname(pkg))
        if root is not None:
            trees = glob.glob(os.path.join(glob.escape(root), "build*", "tables", name))
            places += [os.path.dirname(p) for p in sorted(trees, key=N._mtime, reverse=True)]
    for place in places:
        path = os.path.join(place, name)
        if os.path.isfile(path):
            return path
    raise FileError(E_IO, "no shipped tables %s in %s%s" % (
        name, " or ".join(places),
        " (SEEGA_TABLES)" if explicit else
        " (build the package from the source tree, or set SEEGA_TABLES)"))


def _require() -> None:
    if not N.HAS_TABLEBASE:
        raise NotImplementedError("libseega %s has no tablebases"
                                  % N.version_text(N.version_number))


def _path_arg(directory: Any) -> bytes:
    """A directory argument as the bytes the C API reads (the file system
    encoding, as ``open()`` does)."""
    try:
        raw = os.fsencode(directory)
    except TypeError:
        raise TypeError("directory must be a str, bytes or os.PathLike, not %s"
                        % type(directory).__name__) from None
    if b"\0" in raw:
        raise InvalidArgumentError(E_INVALID, "directory contains a NUL character")
    return raw


def _int32(value: Any, what: str, lo: int = N.INT32_MIN, hi: int = N.INT32_MAX) -> int:
    from ._game import _int_arg

    return _int_arg(value, what, lo, hi)


class Tablebase:
    """The endgame tables of one rule set, opened from a directory.

    ``Tablebase.open("classic", directory)`` (or ``Tablebase(rules,
    directory)``) maps the tables that :func:`generate_tablebase` (or the
    ``seega-tb`` tool) wrote there, checking each file in full. Tables
    exist for every 5x5 rule set. Then::

        with seega.Tablebase.open("classic", "tables") as tb:
            tb.probe(game)            # ProbeResult('win', 17, Action('c2-c1'))
            game.set_tablebase(tb)    # game.search() uses the tables

    A tablebase holds a C handle: release it with :meth:`close`, or use it
    as a context manager (it is also released when garbage-collected). A
    game it is attached to keeps it alive; closing it detaches it from
    every such game first. Probes may run in several threads at once.

    Raises :class:`FileError` when the directory has no tables of these
    rules (not even the smallest tier) or a file cannot be read,
    :class:`CorruptTablebaseError` for a truncated, corrupt or foreign
    file, :class:`RulesError` for rules that have no tables (not 5x5),
    :class:`InvalidArgumentError` for an empty directory name (``""``;
    ``"."`` is the current directory).

    Under rules with a quiet-turn limit (MODERN, DIAGONAL) the value
    depends on the game's quiet counter, and the distance counts the quiet
    turns until the capture, or the end of the game, that settles the
    result (see docs/tablebases.md).
    """

    def __init__(self, rules_or_preset_name: Union[Rules, str], directory: PathLike,
                 size: Optional[int] = None) -> None:
        self._ptr: Any = None  # so that __del__ and close() work after a failure
        _require()
        rules = resolve(rules_or_preset_name, size)
        raw = _path_arg(directory)
        struct = rules._to_struct()
        handle = N.TablebasePtr()
        msg = ctypes.create_string_buffer(N.ERROR_MAX)
        status = _lib.seega_tb_open(byref(struct), raw, byref(handle), msg, N.ERROR_MAX)
        if status != 0:
            raise error_for_status(status, msg.value.decode("utf-8", "replace")
                                   or N.status_text(status))
        self._setup(rules, handle, os.fsdecode(raw), None)

    def _setup(self, rules: Rules, handle: Any, directory: str, data: Optional[bytes]) -> None:
        self._data = data        # a pack opened from memory: the C handle reads it
        self._cond = threading.Condition(threading.Lock())
        self._users = 0          # probes running (each holds no lock)
        self._closing = False    # close() is detaching the games
        self._games: "weakref.WeakSet[Game]" = weakref.WeakSet()  # games it is attached to
        self._rules = rules
        self._directory = directory
        self._max_pieces = int(_lib.seega_tb_max_pieces(handle))
        self._notation = notation_for(rules.board_size)
        self._ptr = handle

    @classmethod
    def from_bytes(cls, rules_or_preset_name: Union[Rules, str], data: bytes,
                   size: Optional[int] = None) -> "Tablebase":
        """Open the tables of a pack held in memory (``seega_tb_open_memory``):
        the bytes of a file that :meth:`pack` or ``seega-tb pack`` wrote,
        with no file system. The tablebase keeps a reference to ``data``.
        Its :attr:`directory` is ``""``. Raises
        :class:`CorruptTablebaseError` for bytes that are not a pack of
        these rules, or are damaged."""
        _require()
        rules = resolve(rules_or_preset_name, size)
        if isinstance(data, (bytearray, memoryview)):
            data = bytes(data)  # a copy the caller cannot change
        if not isinstance(data, bytes):
            raise TypeError("data must be bytes, bytearray or memoryview, not %s"
                            % type(data).__name__)
        struct = rules._to_struct()
        handle = N.TablebasePtr()
        msg = ctypes.create_string_buffer(N.ERROR_MAX)
        status = _lib.seega_tb_open_memory(byref(struct), data, len(data), byref(handle),
                                           msg, N.ERROR_MAX)
        if status != 0:
            raise error_for_status(status, msg.value.decode("utf-8", "replace")
                                   or N.status_text(status))
        self = cls.__new__(cls)
        self._ptr = None
        self._setup(rules, handle, "", data)
        return self

    def pack(self, path: PathLike, max_pieces: Optional[int] = None) -> None:
        """Write the tiers up to ``max_pieces`` a side (default: all) into one
        compressed pack file (``seega_tb_pack``), to open later with
        ``Tablebase(rules, path)`` or :meth:`from_bytes`."""
        raw = _path_arg(path)
        handle = self._use()
        try:
            top = self._max_pieces if max_pieces is None else _int32(max_pieces, "max_pieces")
            msg = ctypes.create_string_buffer(N.ERROR_MAX)
            status = _lib.seega_tb_pack(handle, top, raw, msg, N.ERROR_MAX)
        finally:
            self._done()
        if status != 0:
            raise error_for_status(status, msg.value.decode("utf-8", "replace")
                                   or N.status_text(status))

    @classmethod
    def bundled(cls, rules_or_preset_name: Union[Rules, str]) -> "Tablebase":
        """Open the tables shipped with the package for a preset on the 5x5
        board (a :class:`Rules` equal to one, or a preset name): every tier
        up to :data:`BUNDLED_MAX_PIECES` pieces a side, packed, so that a
        game's search plays those endgames perfectly once attached
        (:meth:`Game.set_tablebase`)::

            tb = seega.Tablebase.bundled("classic")
            game.set_tablebase(tb)

        The pack is looked for (:func:`bundled_path`) in ``SEEGA_TABLES``
        (a directory; when set, the only place), then in the package
        (``seega/_tables/``), then in the ``build*/tables/`` directories of
        the libseega source tree the package sits in (a build with its
        tests makes them). Raises :class:`RulesError` for rules that are
        not a 5x5 preset (no tables are shipped for them: generate them
        with :func:`generate_tablebase`), :class:`FileError` when no pack
        is found."""
        return cls(rules_or_preset_name, bundled_path(rules_or_preset_name))

    @classmethod
    def open(cls, rules_or_preset_name: Union[Rules, str], directory: PathLike,
             size: Optional[int] = None) -> "Tablebase":
        """Open the tables of a rule set (a :class:`Rules`, or a preset name
        with an optional board size) in a directory; the same as
        ``Tablebase(rules, directory)``."""
        return cls(rules_or_preset_name, directory, size)

    # ---- lifecycle ------------------------------------------------------

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has released the tables."""
        return not self.__dict__.get("_ptr")

    def _use(self) -> Any:
        """Count one user of the handle (a probe) and return the handle;
        the caller calls :meth:`_done`. Raises for closed tables."""
        with self._cond:
            if not self._ptr or self._closing:
                raise InvalidArgumentError(E_INVALID, "the tablebase is closed")
            self._users += 1
            return self._ptr

    def _done(self) -> None:
        with self._cond:
            self._users -= 1
            if not self._users:
                self._cond.notify_all()

    def close(self) -> None:
        """Release the tables. Every game they are attached to is detached
        first (waiting for a search of that game to end), and probes
        running in other threads are waited for; any later use raises
        :class:`InvalidArgumentError`. Closing twice is harmless."""
        with self._cond:
            if not self._ptr or self._closing:
                return
            self._closing = True
        try:
            # Detach from every game; a game copied meanwhile joins the set,
            # so go on until it is empty.
            while True:
                with self._cond:
                    games = list(self._games)
                if not games:
                    break
                for game in games:
                    game._drop_tablebase(self)
        except BaseException:
            with self._cond:
                self._closing = False
            raise
        with self._cond:
            while self._users:
                self._cond.wait()
            handle, self._ptr = self._ptr, None
            self._closing = False
        if handle:
            _lib.seega_tb_close(handle)

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self, _close: Any = getattr(_lib, "seega_tb_close", None)) -> None:
        # No game holds it (an attached game keeps a reference), and no
        # probe runs (a probe holds a reference too).
        handle = self.__dict__.get("_ptr")
        if handle and _close is not None:
            self._ptr = None
            _close(handle)

    # ---- attaching (called by Game, which holds its own lock) -----------

    def _attach(self, game: "Game", game_handle: Any) -> None:
        """seega_set_tablebase(game, self): the game's lock is held."""
        with self._cond:
            if not self._ptr or self._closing:
                raise InvalidArgumentError(E_INVALID, "the tablebase is closed")
            _lib.seega_set_tablebase(game_handle, self._ptr)  # RulesError for other rules
            self._games.add(game)

    def _adopt(self, game: "Game") -> None:
        """A copy of an attached game (seega_clone copies the tables)."""
        with self._cond:
            self._games.add(game)

    def _forget(self, game: "Game") -> None:
        with self._cond:
            self._games.discard(game)

    # ---- queries --------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the tables were opened for."""
        return self._rules

    @property
    def directory(self) -> str:
        """The directory the tables were opened from."""
        return self._directory

    @property
    def max_pieces(self) -> int:
        """The most pieces a side the tables hold (``seega_tb_max_pieces``):
        every tier with both sides from ``lose_at + 1`` to this."""
        if self.closed:
            raise InvalidArgumentError(E_INVALID, "the tablebase is closed")
        return self._max_pieces

    def probe(self, game: "Game") -> ProbeResult:
        """The exact value of the game's position for the side to move,
        its distance to the end and a best action (``seega_tb_probe``).

        Any position of the moving phase with at most :attr:`max_pieces`
        a side, also inside a turn (a chain, after a pass or a removal); a
        finished game gives its result at distance 0. Raises
        :class:`NotCoveredError` in the placing phase or with more pieces,
        :class:`RulesError` for a game with other rules, and
        :class:`CorruptTablebaseError` when the tables disagree with
        themselves (a file changed on disk)."""
        from ._game import Game

        if not isinstance(game, Game):
            raise TypeError("probe() takes a seega.Game, not %s" % type(game).__name__)
        entry = N.TbEntryStruct(version=N.TB_ENTRY_VERSION)
        with game._lock:
            handle = game._h()
            tb = self._use()
            try:
                _lib.seega_tb_probe(tb, handle, byref(entry))
            finally:
                self._done()
        return ProbeResult(
            _VALUES.get(entry.value, "draw"),
            None if entry.value == N.TB_DRAW else entry.distance,
            self._notation.action(entry.best) if entry.best else None,
        )

    def probe_actions(self, game: "Game") -> List[ActionValue]:
        """The exact value of each legal action of the game's position
        (``seega_tb_probe_actions``), as a chess site's tablebase lists
        each move: an :class:`ActionValue` per action, ``value`` and
        ``distance`` for the side to move if it plays it (the distance
        counts that action; ``None`` for a draw that goes on), best first:
        the fastest wins, the draws, then the slowest losses. Covers and
        raises as :meth:`probe`; a finished game has no actions."""
        from ._game import Game

        if not isinstance(game, Game):
            raise TypeError("probe_actions() takes a seega.Game, not %s"
                            % type(game).__name__)
        buf = (N.TbEntryStruct * N.MAX_ACTIONS)()
        for entry in buf:
            entry.version = N.TB_ENTRY_VERSION
        with game._lock:
            handle = game._h()
            tb = self._use()
            try:
                n = _lib.seega_tb_probe_actions(tb, handle, buf, N.MAX_ACTIONS)
            finally:
                self._done()
        out = [ActionValue(self._notation.action(e.best), _VALUES.get(e.value, "draw"),
                           None if e.distance < 0 else e.distance) for e in buf[:n]]
        order = {"win": 0, "draw": 1, "loss": 2}
        out.sort(key=lambda a: (order[a.value],
                                (a.distance or 0) * (-1 if a.value == "loss" else 1),
                                a.action.text))
        return out

    def tier_info(self, mover: int, other: int) -> TierInfo:
        """The figures of the tier ``mover`` pieces (side to move) against
        ``other`` (``seega_tb_tier_info``). Raises :class:`NotCoveredError`
        for a tier the tables do not hold."""
        m = _int32(mover, "mover")
        o = _int32(other, "other")
        out = N.TbTierStruct(version=N.TB_TIER_VERSION)
        tb = self._use()
        try:
            status = _lib.seega_tb_tier_info(tb, m, o, byref(out))
        finally:
            self._done()
        if status != 0:
            raise error_for_status(
                status, "no tier %dv%d in these tables (each side %d to %d pieces)"
                % (m, o, self._rules.lose_at + 1, self._max_pieces)
                if status == E_NOT_COVERED else N.status_text(status))
        spn = out.longest_win_spn.decode("ascii", "replace")
        return TierInfo(
            out.positions, out.wins, out.draws, out.losses,
            out.longest_win if out.longest_win >= 0 else None,
            out.longest_loss if out.longest_loss >= 0 else None,
            spn or None,
        )

    def verify(self, mover: int, other: int) -> int:
        """Check the tier ``mover`` against ``other`` against itself: every
        position's stored value and distance must be what one ply of
        lookahead over its actions gives (``seega_tb_verify``; about as long
        as generating the tier). Returns the positions checked. Raises
        :class:`CorruptTablebaseError` naming the first position found
        wrong, :class:`NotCoveredError` for a tier the tables do not
        hold."""
        m = _int32(mover, "mover")
        o = _int32(other, "other")
        checked = ctypes.c_uint64()
        msg = ctypes.create_string_buffer(N.ERROR_MAX)
        tb = self._use()
        try:
            status = _lib.seega_tb_verify(tb, m, o, byref(checked), msg, N.ERROR_MAX)
        finally:
            self._done()
        if status != 0:
            raise error_for_status(status, msg.value.decode("utf-8", "replace")
                                   or N.status_text(status))
        return checked.value

    def __repr__(self) -> str:
        if self.closed:
            return "<seega.Tablebase (closed)>"
        name = self._rules.preset_name or "custom rules"
        return "<seega.Tablebase %s %dx%d max_pieces=%d directory=%r>" % (
            name, self._rules.board_size, self._rules.board_size, self._max_pieces,
            self._directory)


def generate_tablebase(rules_or_preset_name: Union[Rules, str], max_pieces: int,
                       directory: PathLike, threads: int = 1,
                       progress: Optional[Callable[[TablebaseProgress], Any]] = None,
                       *, size: Optional[int] = None) -> None:
    """Write the tables of a rule set with up to ``max_pieces`` pieces a
    side into an existing directory (``seega_tb_generate``).

    Tiers that are already there and pass the checks are kept, so a
    generation that stopped resumes where it was. ``threads`` is 1 to 64
    (0 also means one). ``progress(info)``, if given, is called on this
    thread with a :class:`TablebaseProgress` as the work goes on, at least
    every 250 ms or so while a pair of tiers is solved.

    Ctrl-C stops the generation within about 100 ms: the pairs of tiers
    finished stay on disk, the one under way is dropped, and
    ``KeyboardInterrupt`` is raised once the generation has stopped (run it
    again to resume). An exception that ``progress`` raises stops it the
    same way and is raised then; ``progress`` is not called again.

    Raises :class:`RulesError` for rules that have no tables (not 5x5),
    :class:`InvalidArgumentError` for an empty directory name (``""``;
    ``"."`` is the current directory), ``max_pieces`` or ``threads`` out
    of range, :class:`FileError` when a file cannot be written (the tiers
    finished stay: run it again to resume), :class:`OutOfMemoryError`;
    each with the library's message.
    """
    _require()
    rules = resolve(rules_or_preset_name, size)
    m = _int32(max_pieces, "max_pieces")
    t = _int32(threads, "threads")
    raw = _path_arg(directory)
    if progress is not None and not callable(progress):
        raise TypeError("progress must be callable")
    struct = rules._to_struct()
    options = N.TbOptionsStruct(version=N.TB_OPTIONS_VERSION, threads=t)
    failure: List[BaseException] = []
    # While the generation runs, SIGINT's handler only notes the interrupt
    # (StopOnInterrupt, in the main thread under the default handler): it
    # runs inside on_stop below, which the library calls on this thread
    # every 20 ms or so, and which then says stop.
    guard = StopOnInterrupt()

    def on_progress(user: Any, info: Any) -> None:
        # Runs inside seega_tb_generate: nothing may escape into C. An
        # exception is kept, stops the generation (on_stop, asked at once
        # after a progress call) and is raised afterwards.
        if failure or progress is None:
            return
        try:
            p = info.contents
            progress(TablebaseProgress(p.mover, p.other, _STAGES.get(p.stage, str(p.stage)),
                                       p.level, p.slots, p.done, p.total))
        except BaseException as e:  # noqa: B036 - re-raised after the generation
            failure.append(e)

    def on_stop(user: Any) -> int:
        # A SIGINT handler other than the guard's (a host's own) may raise
        # here: kept and raised afterwards, as from progress.
        try:
            return 1 if failure or guard.interrupted else 0
        except BaseException as e:  # noqa: B036 - re-raised after the generation
            failure.append(e)
            return 1

    callback = N.TB_PROGRESS_FN(on_progress)  # alive until the call returns
    stop_callback = N.TB_STOP_FN(on_stop)
    if progress is not None:
        options.progress = callback
    options.stop = stop_callback
    msg = ctypes.create_string_buffer(N.ERROR_MAX)
    with guard:  # raises KeyboardInterrupt on leaving, after a SIGINT
        status = _lib.seega_tb_generate(byref(struct), m, raw, byref(options), msg,
                                        N.ERROR_MAX)
        if failure and not guard.interrupted:
            raise failure[0]
    if failure:
        raise failure[0]
    if status != 0:
        raise error_for_status(status, msg.value.decode("utf-8", "replace")
                               or N.status_text(status))
