"""Seega as an OpenSpiel game: importing this module registers it.

::

    import pyspiel
    import seega.envs.openspiel  # registers "python_seega"

    game = pyspiel.load_game("python_seega(rules=modern,board_size=5)")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])

A sequential, deterministic, perfect-information, zero-sum game with
terminal rewards (1 for the winner, -1 for the loser, 0 each for a draw),
observation tensors and strings, so that OpenSpiel's algorithms (MCTS,
minimax, CFR, AlphaZero, ...) run on it unchanged. Players: 0 is X, 1 is
O. Actions are the library's action indices (docs/learning.md), the
observation tensor its planes (13 x N x N). Parameters:

``rules``
    a preset: ``classic`` (default), ``diagonal``, ``modern``, ``traditional``;
``board_size``
    5 (default), 7 or 9;
``max_game_length``
    OpenSpiel needs a bound on a game's length: a game still going after
    this many actions (default 10000) ends there as a draw.

Also here: :class:`SeegaBot`, the library's AI as an OpenSpiel bot, and
:class:`PlayoutEvaluator`, an evaluator for OpenSpiel's MCTS that runs the
library's random playouts. Needs ``pip install 'seega[openspiel]'``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as e:
    from . import _missing

    raise _missing(__name__, "OpenSpiel (open_spiel)", "openspiel", e) from e

from .._errors import SeegaError
from .._game import Game
from .._rules import PRESETS, Rules
from ._common import SIDES, View, scores

__all__ = ["GAME_NAME", "DEFAULT_MAX_GAME_LENGTH", "SeegaGame", "SeegaState",
           "SeegaBot", "PlayoutEvaluator"]

#: The name under which the game is registered (``pyspiel.load_game``).
GAME_NAME = "python_seega"
#: The default of the ``max_game_length`` parameter.
DEFAULT_MAX_GAME_LENGTH = 10000

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Seega (libseega)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "rules": "classic",
        "board_size": 5,
        "max_game_length": DEFAULT_MAX_GAME_LENGTH,
    },
)


def _refuse(error: Exception) -> "pyspiel.SpielError":
    """OpenSpiel's error for a call it refuses, with the library's words."""
    return pyspiel.SpielError("%s: %s" % (GAME_NAME, error))


class SeegaGame(pyspiel.Game):
    """The OpenSpiel game; made by ``pyspiel.load_game("python_seega(...)")``.

    Bad parameters raise ``pyspiel.SpielError`` with the library's message.
    """

    def __init__(self, params: Optional[Mapping[str, Any]] = None) -> None:
        values: Dict[str, Any] = dict(_GAME_TYPE.parameter_specification)
        values.update(params or {})
        unknown = sorted(set(values) - set(_GAME_TYPE.parameter_specification))
        if unknown:
            raise pyspiel.SpielError("%s has no parameter %s" % (GAME_NAME, ", ".join(unknown)))
        name, size, length = values["rules"], values["board_size"], values["max_game_length"]
        if name not in PRESETS:
            raise pyspiel.SpielError("%s: rules must be one of %s (got %r)"
                                     % (GAME_NAME, ", ".join(PRESETS), name))
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise pyspiel.SpielError("%s: max_game_length must be a positive int (got %r)"
                                     % (GAME_NAME, length))
        try:
            rules = Rules.preset(name, size)
        except (SeegaError, TypeError) as e:
            raise _refuse(e) from None
        with Game(rules) as probe:
            num_actions = probe.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length)
        super().__init__(_GAME_TYPE, info, values)
        self.rules = rules

    def new_initial_state(self) -> "SeegaState":
        """The start of a game (X to place)."""
        return SeegaState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Optional[Mapping[str, Any]] = None) -> Any:
        """The observer of the observation tensor and string; OpenSpiel's
        own for the information state (the history: perfect recall)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _PlanesObserver(self.rules.board_size, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class SeegaState(pyspiel.State):
    """A position of the game, over a :class:`seega.Game` (``state.game``).

    OpenSpiel copies a state (``clone()``) by deep-copying its attributes
    and serialises it by pickling them: both go through ``Game.copy()`` and
    the Game's pickling, so a serialised state round-trips with its
    history. An action that is not legal, or any action once the state is
    terminal, raises ``pyspiel.SpielError`` and changes nothing.
    """

    def __init__(self, game: SeegaGame) -> None:
        super().__init__(game)
        self.game = Game(game.rules)
        self._view = View(self.game)
        self._max_length = game.max_game_length()
        self._player = 0  # X places first

    # The current player, cached: OpenSpiel asks for it around every action.
    def _update(self) -> None:
        if self.game.is_over or self.move_number() >= self._max_length:
            self._player = pyspiel.PlayerId.TERMINAL
        else:
            self._player = SIDES.index(self.game.to_move)

    def current_player(self) -> int:
        """0 (X) or 1 (O) to move, or ``pyspiel.PlayerId.TERMINAL``."""
        return self._player

    def _legal_actions(self, player: int) -> List[int]:
        legal: List[int] = self._view.legal_indices(self.game).tolist()
        return legal

    def _apply_action(self, action: int) -> None:
        if self._player < 0:
            raise pyspiel.SpielError("%s: the game is over (%s)"
                                     % (GAME_NAME, self._ending()))
        try:
            self.game.play(self.game.action_from_index(action))
        except (SeegaError, TypeError, ValueError) as e:
            raise _refuse(e) from None
        # history_ and move_number() grow after this returns.
        if self.game.is_over or self.move_number() + 1 >= self._max_length:
            self._player = pyspiel.PlayerId.TERMINAL
        else:
            self._player = SIDES.index(self.game.to_move)

    def _ending(self) -> str:
        if self.game.is_over:
            return "%s, %s" % (self.game.result, self.game.reason)
        return "max_game_length %d reached" % self._max_length

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.game.action_from_index(action).text
        except (SeegaError, TypeError, ValueError) as e:
            raise _refuse(e) from None

    def is_terminal(self) -> bool:
        """True once the rules end the game, or at ``max_game_length``."""
        return self._player < 0

    def returns(self) -> List[float]:
        """[X, O]: 1 for the winner, -1 for the loser, 0 otherwise (also a
        game cut at ``max_game_length``)."""
        return list(scores(self.game))

    def __str__(self) -> str:
        """The board with coordinates, and the state of play."""
        return str(self.game)


class _PlanesObserver:
    """The library's planes as the observation tensor (13 x N x N, float32),
    and the SPN as the observation string. Seen by the side to move, the
    planes are exactly the library's; seen by the other player, planes 0
    and 1 (pieces) and 5 and 6 (in hand) trade places, so that plane 0 is
    always the observer's pieces."""

    def __init__(self, size: int, params: Optional[Mapping[str, Any]]) -> None:
        if params:
            raise ValueError("%s: observation parameters are not supported (got %s)"
                             % (GAME_NAME, dict(params)))
        shape = (13, size, size)
        self.tensor = np.zeros(13 * size * size, np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: SeegaState, player: int) -> None:
        self.tensor[:] = state._view.planes(state.game, SIDES[player]).reshape(-1)

    def string_from(self, state: SeegaState, player: int) -> str:
        return state.game.spn


class SeegaBot(pyspiel.Bot):
    """The library's AI as an OpenSpiel bot: each step is a
    ``Game.search(level=..., seed=..., **limits)`` of the state's game.

    ``level`` 1 (weakest) to 3 are the library's weaker players, which
    need no other limit; level 0 (full strength) needs one, e.g.
    ``depth=4`` or ``time_ms=100``. ``seed`` varies the weaker levels: the
    same seed gives the same play.
    """

    def __init__(self, level: int = 1, seed: int = 0, **limits: int) -> None:
        pyspiel.Bot.__init__(self)
        if level == 0 and not limits:
            raise ValueError("level 0 (full strength) searches without a cap: give a limit "
                             "such as depth=4 or time_ms=100")
        self._level = level
        self._seed = seed
        self._limits: Dict[str, Any] = dict(limits)
        self._moves = 0

    def restart_at(self, state: Any) -> None:
        self._moves = 0

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def step(self, state: Any) -> int:
        game = state.game
        best = game.search(level=self._level, seed=self._seed + self._moves,
                           **self._limits).best
        assert best is not None  # a search of a game that goes on has one
        self._moves += 1
        return int(game.action_index(best))


class PlayoutEvaluator:
    """An evaluator for OpenSpiel's MCTS (``mcts.MCTSBot(game, uct_c,
    max_simulations, PlayoutEvaluator(...))``) that scores a leaf by the
    library's random playouts (``Game.playouts``) instead of OpenSpiel's
    rollouts in Python: the same uniformly random games, thousands of times
    faster. The value is the mean result of ``n`` playouts, for X and O
    (draws and playouts cut at ``max_actions`` count 0); each call uses
    the next seed."""

    def __init__(self, n: int = 16, seed: int = 0, max_actions: int = 2000) -> None:
        self.n = n
        self.max_actions = max_actions
        self._seed = seed

    def evaluate(self, state: Any) -> Any:
        if state.is_terminal():
            return np.array(state.returns())
        stats = state.game.playouts(self.n, seed=self._seed, max_actions=self.max_actions)
        self._seed += 1
        x = (stats.x_wins - stats.o_wins) / self.n
        return np.array([x, -x])

    def prior(self, state: Any) -> Any:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


pyspiel.register_game(_GAME_TYPE, SeegaGame)
