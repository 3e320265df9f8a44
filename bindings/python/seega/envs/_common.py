"""What the framework modules share: a game's observation planes and legal
mask as NumPy arrays, from either side's point of view, and one action
index played. Every value comes from the C library (seega.Game)."""

from __future__ import annotations

from typing import Any, Optional, Tuple, Union

import numpy as np

from .._game import Game
from .._rules import Rules

__all__ = ["RulesLike", "SIDES", "View", "play_index", "scores"]

#: The rules argument of every environment: a preset name or a Rules.
RulesLike = Union[Rules, str]

#: The sides in the order of the frameworks' players and agents: X places
#: first in every rule set, so player 0 (``"player_0"``) is X.
SIDES: Tuple[str, str] = ("x", "o")

# The planes as the side NOT to move sees them: its own pieces (plane 1 of
# the library's view) first, then the other side's, and the same for the
# pieces in hand (planes 6 and 5). The other planes describe the board or
# the turn in progress and read the same from both sides.
_OTHER_VIEW = np.array((1, 0, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11, 12))


class View:
    """The arrays of one game for a framework: sizes read once, fresh
    arrays on every call (a framework keeps what it is given)."""

    def __init__(self, game: Game) -> None:
        self.size = game.board_size
        self.num_actions = game.num_distinct_actions
        self.shape = game.observation_shape  # (13, N, N)

    def planes(self, game: Game, side: Optional[str] = None) -> Any:
        """The library's planes (``seega_observation``) as a (13, N, N)
        uint8 array, from the point of view of ``side`` (default: the side
        to move, exactly the library's planes; for the other side, planes 0
        and 1 and planes 5 and 6 trade places, so that plane 0 always holds
        the observer's pieces)."""
        out = np.frombuffer(game.observation(), np.uint8).reshape(self.shape)
        if side is not None and side != game.to_move:
            out = out[_OTHER_VIEW]
        return out

    def channels_last(self, game: Game, side: Optional[str] = None) -> Any:
        """:meth:`planes` as (N, N, 13): ``[rank, file, plane]``, rank 0 and
        file 0 being a1 (the layout of PettingZoo's and Gymnasium's
        board observations)."""
        return np.ascontiguousarray(self.planes(game, side).transpose(1, 2, 0))

    def mask(self, game: Game, legal: bool = True) -> Any:
        """The legal mask (``seega_legal_mask``) as an int8 array; all zeros
        when ``legal`` is false."""
        if legal:
            return np.frombuffer(game.legal_mask(), np.int8)
        return np.zeros(self.num_actions, np.int8)

    def legal_indices(self, game: Game) -> Any:
        """The indices of the legal actions, ascending, as an int64 array."""
        return np.flatnonzero(np.frombuffer(game.legal_mask(), np.uint8))


def play_index(game: Game, index: int) -> None:
    """Play the action of an index; the game's exceptions are the binding's
    (and a refused action leaves the game as it was)."""
    game.play(game.action_from_index(index))


def scores(game: Game) -> Tuple[float, float]:
    """(X, O): 1 for the winner, -1 for the loser; 0 for both in a draw or
    while the game goes on."""
    result = game.result
    if result == "x":
        return (1.0, -1.0)
    if result == "o":
        return (-1.0, 1.0)
    return (0.0, 0.0)
