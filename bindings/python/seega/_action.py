"""seega.Action: one action (a placement, a step, a removal or a pass)."""

from __future__ import annotations

from typing import Any, Optional, Tuple

__all__ = ["Action", "KINDS"]

#: Action kinds by their seega.h code.
KINDS = {1: "place", 2: "step", 3: "remove", 4: "pass"}


class Action:
    """One action, as :meth:`Game.legal_moves` and friends return it.

    ``str(action)`` is its text (``"c2"``, ``"c2-c3"``, ``"xb3"``,
    ``"pass"``; see the notation page), and an action compares equal to
    that text, so ``"c2-c3" in game.legal_moves()`` works. Attributes:

    - ``kind``: ``"place"``, ``"step"``, ``"remove"`` or ``"pass"``
    - ``frm``: the origin square's name of a step, else None
    - ``to``: the square placed on, removed or stepped to; None for a pass
    - ``value``: the action as the C library encodes it (``seega_action``)

    Actions are immutable and hashable (like their text), and sort by text.
    Get them from a game; :meth:`Game.parse_action` reads one from text.
    """

    __slots__ = ("value", "kind", "frm", "to", "_text", "_size")

    value: int
    kind: str
    frm: Optional[str]
    to: Optional[str]
    _text: str
    _size: int

    def __init__(self, value: int, kind: str, frm: Optional[str], to: Optional[str],
                 text: str, size: int) -> None:
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "frm", frm)
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_size", size)

    @property
    def text(self) -> str:
        """The action text, as ``str(action)``."""
        return self._text

    @property
    def board_size(self) -> int:
        """The size of the board the action was made for."""
        return self._size

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return "Action(%r)" % self._text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self._text == other._text
        if isinstance(other, str):
            return self._text == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self._text)

    def _cmp_key(self, other: object) -> Tuple[str, str]:
        if isinstance(other, Action):
            return self._text, other._text
        if isinstance(other, str):
            return self._text, other
        raise TypeError

    def __lt__(self, other: object) -> bool:
        try:
            a, b = self._cmp_key(other)
        except TypeError:
            return NotImplemented
        return a < b

    def __le__(self, other: object) -> bool:
        try:
            a, b = self._cmp_key(other)
        except TypeError:
            return NotImplemented
        return a <= b

    def __gt__(self, other: object) -> bool:
        try:
            a, b = self._cmp_key(other)
        except TypeError:
            return NotImplemented
        return a > b

    def __ge__(self, other: object) -> bool:
        try:
            a, b = self._cmp_key(other)
        except TypeError:
            return NotImplemented
        return a >= b

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Action is immutable")

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Action, (self.value, self.kind, self.frm, self.to, self._text, self._size))

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo: Any) -> "Action":
        return self
