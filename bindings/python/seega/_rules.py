"""seega.Rules: an immutable, validated rules configuration."""

from __future__ import annotations

import ctypes
import operator
from typing import Any, Dict, Mapping, Optional, Tuple

from . import _native as N
from ._errors import E_INVALID, E_RULES, RulesError

__all__ = ["Rules", "PRESETS"]

#: The names of the four presets, for :meth:`Rules.preset` and :class:`Game`.
PRESETS: Tuple[str, ...] = ("classic", "diagonal", "modern", "traditional")
_PRESET_CODES = {
    "classic": N.CLASSIC,
    "diagonal": N.DIAGONAL,
    "modern": N.MODERN,
    "traditional": N.TRADITIONAL,
}

# The fields of seega_rules in order, and how Python spells their values.
_SIDES = {"x": N.X, "o": N.O}
_DIRS = {"orthogonal": N.DIRS_ORTHOGONAL, "all": N.DIRS_ALL}
_BLOCKED = {
    "loses": N.BLOCKED_LOSES,
    "passes": N.BLOCKED_PASSES,
    "opponent_opens": N.BLOCKED_OPPONENT_OPENS,
    "removes": N.BLOCKED_REMOVES,
}
_CHOICES: Dict[str, Dict[str, int]] = {
    "first_mover": _SIDES,
    "move_dirs": _DIRS,
    "capture_dirs": _DIRS,
    "blocked": _BLOCKED,
}
_FLAGS = ("opening_squares", "centre_immune", "chain_captures")
_NUMBERS = ("board_size", "placements_per_turn", "lose_at", "quiet_limit")
FIELDS: Tuple[str, ...] = (
    "board_size",
    "placements_per_turn",
    "opening_squares",
    "first_mover",
    "move_dirs",
    "capture_dirs",
    "centre_immune",
    "chain_captures",
    "blocked",
    "lose_at",
    "quiet_limit",
)


def _c_value(field: str, value: Any) -> int:
    """The seega_rules value of one Python field value (not yet validated
    by the library)."""
    if field in _CHOICES:
        choices = _CHOICES[field]
        if not isinstance(value, str):
            raise TypeError("rules.%s must be a str, not %s" % (field, type(value).__name__))
        try:
            return choices[value]
        except KeyError:
            raise RulesError(
                E_RULES,
                "rules.%s must be %s (got %r)"
                % (field, ", ".join(repr(k) for k in choices), value),
            ) from None
    if field in _FLAGS:
        if isinstance(value, bool):
            return int(value)
    elif isinstance(value, bool):
        raise TypeError("rules.%s must be an int, not bool" % field)
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(
            "rules.%s must be %s, not %s"
            % (field, "a bool" if field in _FLAGS else "an int", type(value).__name__)
        ) from None
    if not N.INT32_MIN <= number <= N.INT32_MAX:
        raise RulesError(E_RULES, "rules.%s is out of range (got %d)" % (field, number))
    return number


def _py_value(field: str, number: int) -> Any:
    """The Python value of one (valid) seega_rules field."""
    if field in _CHOICES:
        for name, code in _CHOICES[field].items():
            if code == number:
                return name
        raise RulesError(E_RULES, "rules.%s has an unknown value %d" % (field, number))
    if field in _FLAGS:
        return bool(number)
    return number


def _validate(struct: N.RulesStruct) -> None:
    """seega_rules_validate; raise RulesError with its message."""
    msg = ctypes.create_string_buffer(N.ERROR_MAX)
    status = N.lib.seega_rules_validate(ctypes.byref(struct), msg, len(msg))
    if status != 0:
        raise RulesError(status, msg.value.decode("utf-8", "replace"))


class Rules:
    """The rules of a game: every rule that differs between rule sets.

    Build one from a preset, or field by field (every field not given is
    that of CLASSIC on 5x5)::

        Rules.preset("modern", 7)
        Rules(board_size=7, blocked="passes", quiet_limit=100)
        Rules.preset("classic").replace(placements_per_turn=1)

    Fields (read them as attributes):

    - ``board_size``: 5, 7 or 9
    - ``placements_per_turn``: 1 or 2
    - ``opening_squares``: bool, the first pieces go on marked squares
    - ``first_mover``: ``"x"`` or ``"o"``, the side making the first move
    - ``move_dirs``, ``capture_dirs``: ``"orthogonal"`` or ``"all"``
    - ``centre_immune``: bool, a piece on the centre is never captured
    - ``chain_captures``: bool, a capturing piece may capture again
    - ``blocked``: ``"loses"``, ``"passes"``, ``"opponent_opens"`` or
      ``"removes"``, what a side that cannot move does
    - ``lose_at``: 0 or 1, a side with this many pieces or fewer loses
    - ``quiet_limit``: turns without capture that end the game, 0 = none

    A Rules object is immutable, hashable and compares by value. The
    library validates every one (``seega_rules_validate``); a field out of
    range raises :class:`RulesError` with the library's message.
    """

    __slots__ = FIELDS + ("_preset",)

    board_size: int
    placements_per_turn: int
    opening_squares: bool
    first_mover: str
    move_dirs: str
    capture_dirs: str
    centre_immune: bool
    chain_captures: bool
    blocked: str
    lose_at: int
    quiet_limit: int
    _preset: Optional[str]

    def __init__(
        self,
        *,
        board_size: int = 5,
        placements_per_turn: int = 2,
        opening_squares: bool = False,
        first_mover: str = "o",
        move_dirs: str = "orthogonal",
        capture_dirs: str = "orthogonal",
        centre_immune: bool = True,
        chain_captures: bool = True,
        blocked: str = "opponent_opens",
        lose_at: int = 0,
        quiet_limit: int = 0,
    ) -> None:
        values = {
            "board_size": board_size,
            "placements_per_turn": placements_per_turn,
            "opening_squares": opening_squares,
            "first_mover": first_mover,
            "move_dirs": move_dirs,
            "capture_dirs": capture_dirs,
            "centre_immune": centre_immune,
            "chain_captures": chain_captures,
            "blocked": blocked,
            "lose_at": lose_at,
            "quiet_limit": quiet_limit,
        }
        struct = N.RulesStruct(N.RULES_VERSION, *(_c_value(f, values[f]) for f in FIELDS))
        _validate(struct)
        self._set_from(struct)

    def _set_from(self, struct: N.RulesStruct) -> None:
        for f in FIELDS:
            object.__setattr__(self, f, _py_value(f, getattr(struct, f)))
        object.__setattr__(self, "_preset", None)

    @classmethod
    def _from_struct(cls, struct: N.RulesStruct) -> "Rules":
        """A Rules from a struct the library filled (seega_rules_preset,
        seega_get_rules)."""
        _validate(struct)
        self = cls.__new__(cls)
        self._set_from(struct)
        return self

    @classmethod
    def preset(cls, name: str, size: int = 5) -> "Rules":
        """One of the four presets: ``"classic"``, ``"diagonal"``,
        ``"modern"`` or ``"traditional"``, on a board of ``size`` 5, 7 or 9
        (``seega_rules_preset``). Raises :class:`RulesError` for an unknown
        name or size."""
        if not isinstance(name, str):
            raise TypeError("preset name must be a str, not %s" % type(name).__name__)
        code = _PRESET_CODES.get(name.lower())
        if code is None:
            raise RulesError(
                E_INVALID,
                "unknown preset %r (the presets are %s)" % (name, ", ".join(PRESETS)),
            )
        if isinstance(size, bool):
            raise TypeError("board size must be an int, not bool")
        try:
            n = operator.index(size)
        except TypeError:
            raise TypeError("board size must be an int, not %s" % type(size).__name__) from None
        struct = N.RulesStruct()
        if not N.INT32_MIN <= n <= N.INT32_MAX or N.lib.seega_rules_preset(
            ctypes.byref(struct), code, n
        ) != 0:
            raise RulesError(E_INVALID, "board size must be 5, 7 or 9 (got %d)" % n)
        rules = cls._from_struct(struct)
        object.__setattr__(rules, "_preset", name.lower())
        return rules

    @property
    def preset_name(self) -> Optional[str]:
        """The name of the preset these rules are (on their board size), or
        None for custom rules."""
        if self._preset is None:
            found = ""
            for name in PRESETS:
                if Rules.preset(name, self.board_size) == self:
                    found = name
                    break
            object.__setattr__(self, "_preset", found)
        return self._preset or None

    def replace(self, **changes: Any) -> "Rules":
        """A copy with some fields changed (validated again)::

            Rules.preset("modern").replace(quiet_limit=100)
        """
        unknown = sorted(set(changes) - set(FIELDS))
        if unknown:
            raise TypeError("Rules has no field %s" % ", ".join(map(repr, unknown)))
        values = self.as_dict()
        values.update(changes)
        return Rules(**values)

    def as_dict(self) -> Dict[str, Any]:
        """The fields as a dict (``Rules(**rules.as_dict()) == rules``)."""
        return {f: getattr(self, f) for f in FIELDS}

    def _to_struct(self) -> N.RulesStruct:
        return N.RulesStruct(N.RULES_VERSION, *(_c_value(f, getattr(self, f)) for f in FIELDS))

    def _key(self) -> Tuple[Any, ...]:
        return tuple(getattr(self, f) for f in FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Rules is immutable; use rules.replace(%s=...)" % name)

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Rules is immutable")

    def __repr__(self) -> str:
        return "Rules(%s)" % ", ".join("%s=%r" % (f, getattr(self, f)) for f in FIELDS)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_rules_from_dict, (self.as_dict(),))

    def __copy__(self) -> "Rules":
        return self

    def __deepcopy__(self, memo: Mapping[int, Any]) -> "Rules":
        return self


def _rules_from_dict(values: Mapping[str, Any]) -> Rules:
    """Unpickling helper."""
    return Rules(**values)


def resolve(rules_or_preset_name: Any, size: Optional[int]) -> Rules:
    """The rules a Game is made with: a Rules object (no size), or a preset
    name with an optional size (default 5)."""
    if isinstance(rules_or_preset_name, Rules):
        if size is not None:
            raise TypeError(
                "size goes with a preset name only; a Rules object carries its "
                "own board_size (use rules.replace(board_size=%r))" % (size,)
            )
        return rules_or_preset_name
    if isinstance(rules_or_preset_name, str):
        return Rules.preset(rules_or_preset_name, 5 if size is None else size)
    raise TypeError(
        "expected a Rules object or a preset name (%s), not %s"
        % (", ".join(PRESETS), type(rules_or_preset_name).__name__)
    )
