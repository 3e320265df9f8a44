"""Square names and Action objects per board size, from the library.

The text functions of the C API take a game only for its board size. So
that actions can be named without touching the game they came from (the
progress callback of a running search may call nothing on its game, and
threads playing different games should not wait for each other), each
board size has a small private game used only to name squares and
actions, and a cache of the immutable Action objects made so far: after
the first sight of an action, naming it is a dictionary look-up.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Dict, Optional, Tuple

from . import _native as N
from ._action import KINDS, Action

__all__ = ["Notation", "notation_for"]


class Notation:
    """Names of squares and actions on one board size."""

    def __init__(self, size: int) -> None:
        struct = N.RulesStruct()
        if N.lib.seega_rules_preset(ctypes.byref(struct), N.CLASSIC, size) != 0:
            raise ValueError("board size must be 5, 7 or 9 (got %d)" % size)
        handle = N.GamePtr()
        status = N.lib.seega_new(ctypes.byref(struct), ctypes.byref(handle))
        if status != 0:
            from ._errors import error_for_status

            raise error_for_status(status, N.status_text(status))
        self.size = size
        self._game = handle  # kept for the life of the process
        self._lock = threading.Lock()
        buf = ctypes.create_string_buffer(N.SQUARE_TEXT_MAX)
        names = []
        for square in range(size * size):
            N.lib.seega_square_to_text(handle, square, buf, len(buf))
            names.append(buf.value.decode("ascii"))
        #: square names in index order: ``names[0] == "a1"``
        self.names: Tuple[str, ...] = tuple(names)
        #: square name -> index
        self.index: Dict[str, int] = {name: i for i, name in enumerate(names)}
        self._actions: Dict[int, Action] = {}
        self._by_text: Dict[str, Action] = {}

    def action(self, value: int) -> Action:
        """The Action of a well-formed action value of this board size."""
        found = self._actions.get(value)
        if found is not None:
            return found
        kind = KINDS[N.lib.seega_action_kind(value)]
        frm = N.lib.seega_action_from(value)
        to = N.lib.seega_action_to(value)
        buf = ctypes.create_string_buffer(N.ACTION_TEXT_MAX)
        with self._lock:
            N.lib.seega_action_to_text(self._game, value, buf, len(buf))
        text = buf.value.decode("ascii")
        action = Action(
            value,
            kind,
            self.names[frm] if frm != N.NO_SQUARE else None,
            self.names[to] if to != N.NO_SQUARE else None,
            text,
            self.size,
        )
        self._by_text.setdefault(text, action)
        return self._actions.setdefault(value, action)

    def known(self, text: str) -> Optional[Action]:
        """The Action whose canonical text this is, if it was made before."""
        return self._by_text.get(text)


_NOTATIONS: Dict[int, Notation] = {}
_NOTATIONS_LOCK = threading.Lock()


def notation_for(size: int) -> Notation:
    """The (shared) Notation of a board size."""
    found = _NOTATIONS.get(size)
    if found is None:
        with _NOTATIONS_LOCK:
            found = _NOTATIONS.get(size)
            if found is None:
                found = _NOTATIONS[size] = Notation(size)
    return found
