"""Seega as a single-agent Gymnasium environment: the agent plays one side,
the library's AI (or a function of yours) the other::

    import gymnasium
    import seega.envs.gymnasium  # registers "seega/Seega-v0"

    env = gymnasium.make("seega/Seega-v0", rules="modern", opponent=1)
    observation, info = env.reset(seed=42)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

``seega.envs.gymnasium.env(**kwargs)`` is ``gymnasium.make("seega/Seega-v0",
**kwargs)``; :class:`SeegaEnv` the environment itself. A step is one
action of the agent, followed by the opponent's actions until the agent is
to act again or the game is over (a Seega turn can be several actions of
the same side: two placements, a chain of captures).

- Actions: ``Discrete(10*N*N + 1)``, the library's action indices.
- Observations: the library's 13 planes as a (N, N, 13) uint8 array,
  ``[rank, file, plane]`` with a1 at [0, 0], seen by the agent (when the
  agent is to move, which is whenever the game goes on, exactly the
  library's planes).
- ``info["action_mask"]``: the legal mask (int8), also ``env.action_masks()``;
  ``info["illegal_action"]``: whether the step's action was refused.
- Rewards: 1 when the agent wins, -1 when it loses, 0 for a draw and for
  every step before the end.

An action that is in the action space but not legal ends the episode
(terminated) with ``illegal_reward`` (default -1) and leaves the game as
it was; one that is not in the action space raises
``gymnasium.error.InvalidAction``; a step before ``reset()`` or after the
episode ended raises ``gymnasium.error.ResetNeeded``. A bad seed raises
Gymnasium's ``gymnasium.error.Error``. Needs ``pip install 'seega[gymnasium]'``.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Union

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.error import InvalidAction, ResetNeeded
except ImportError as e:
    from . import _missing

    raise _missing(__name__, "Gymnasium (gymnasium)", "gymnasium", e) from e

from .._action import Action
from .._game import Game
from ._common import SIDES, RulesLike, View, play_index

__all__ = ["ENV_ID", "SeegaEnv", "env", "Opponent"]

#: The id under which the environment is registered (``gymnasium.make``).
ENV_ID = "seega/Seega-v0"

#: An opponent: a level of the library's AI (1 weakest .. 3; 0 full
#: strength, with ``opponent_limits``), or a function given a copy of the
#: game that returns an action (an Action, its text, or its index).
Opponent = Union[int, Callable[[Game], Union[Action, str, int]]]

ObsType = Any
InfoType = Dict[str, Any]


def env(**kwargs: Any) -> gymnasium.Env:
    """``gymnasium.make("seega/Seega-v0", **kwargs)``: the environment with
    Gymnasium's usual wrappers. Arguments as :class:`SeegaEnv`."""
    return gymnasium.make(ENV_ID, **kwargs)


class SeegaEnv(gymnasium.Env[Any, Any]):
    """One side of a game of Seega against an opponent.

    ``rules`` is a preset name or a :class:`seega.Rules`, ``board_size``
    5, 7 or 9 for a preset (default 5). ``side`` is the agent's side,
    ``"x"`` (places first) or ``"o"``. ``opponent`` is a level of the
    library's AI, 1 (weakest, default) to 3, or 0 (full strength, which
    needs ``opponent_limits``); or a function ``f(game) -> action`` given
    a copy of the game with the opponent to move. ``opponent_limits`` are
    further arguments of ``Game.search`` for the AI, e.g.
    ``{"depth": 4}`` or ``{"time_ms": 50}``; its ``seed`` is drawn from
    the environment's random generator (``reset(seed=...)``), so a seeded
    episode repeats. ``illegal_reward`` is the reward of an illegal
    action, which ends the episode. ``render_mode`` ``"human"`` prints
    the board after every step, ``"ansi"`` makes ``render()`` return it.
    """

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 2}

    def __init__(self, rules: RulesLike = "classic", board_size: Optional[int] = None, *,
                 side: str = "x", opponent: Opponent = 1,
                 opponent_limits: Optional[Mapping[str, int]] = None,
                 illegal_reward: float = -1.0, render_mode: Optional[str] = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError("render_mode must be one of %s or None (got %r)"
                             % (", ".join(self.metadata["render_modes"]), render_mode))
        if side not in SIDES:
            raise ValueError("side must be 'x' or 'o' (got %r)" % (side,))
        self._limits: Dict[str, Any] = dict(opponent_limits or {})
        if "seed" in self._limits or "level" in self._limits:
            raise ValueError("opponent_limits cannot set 'seed' or 'level': the level is "
                             "opponent, and the seed comes from reset(seed=...)")
        if callable(opponent):
            self._level: Optional[int] = None
        else:
            if isinstance(opponent, bool) or not isinstance(opponent, int):
                raise TypeError("opponent must be a level (an int) or a callable, not %s"
                                % type(opponent).__name__)
            if not 0 <= opponent <= 3:
                raise ValueError("opponent level must be 0 (full strength) to 3 (got %d)"
                                 % opponent)
            if opponent == 0 and not self._limits:
                raise ValueError("opponent level 0 (full strength) searches without a cap: "
                                 "give opponent_limits, e.g. {'depth': 4} or {'time_ms': 50}")
            self._level = opponent
        self._opponent = opponent
        self.side = side
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.game = Game(rules, board_size)  # the rules are checked here
        self._rules = self.game.rules
        self._view = View(self.game)
        n = self._view.size
        self.action_space = spaces.Discrete(self._view.num_actions)
        self.observation_space = spaces.Box(low=0, high=255, shape=(n, n, 13), dtype=np.uint8)
        self._started = False  # reset() called
        self._ended = False    # the episode is over: step() needs reset()

    # ---- the opponent ---------------------------------------------------

    def _opponent_action(self) -> int:
        game = self.game
        if self._level is not None:
            seed = int(self.np_random.integers(2**63))
            best = game.search(level=self._level, seed=seed, **self._limits).best
            assert best is not None  # a search of a game that goes on has one
            return game.action_index(best)
        opponent = self._opponent
        assert callable(opponent)
        with game.copy() as view:
            chosen = opponent(view)
        if isinstance(chosen, (Action, str)):
            return game.action_index(chosen)
        return operator.index(chosen)

    def _reply(self) -> None:
        """The opponent acts until the agent is to act or the game ends. An
        opponent's illegal action raises the binding's error."""
        game = self.game
        while not game.is_over and game.to_move != self.side:
            play_index(game, self._opponent_action())

    # ---- the Gymnasium API ----------------------------------------------

    def _observe(self, illegal: bool = False) -> Tuple[ObsType, InfoType]:
        game = self.game
        mask = self._view.mask(game, not (illegal or game.is_over))
        return (self._view.channels_last(game, self.side),
                {"action_mask": mask, "illegal_action": illegal})

    def action_masks(self) -> Any:
        """The legal mask of the current position (int8; the name that
        sb3-contrib's MaskablePPO asks for)."""
        return self._view.mask(self.game, not self._ended)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[ObsType, InfoType]:
        """A new game; the opponent acts first when it has the first
        action. ``seed`` seeds the opponent's searches (Gymnasium's rules
        for seeds). ``options`` may hold ``"spn"``, a position to start
        from (SPN of the board size; it must not be decided yet); any other
        key raises ValueError. A refused seed or option changes nothing."""
        spn: Optional[str] = None
        if options is not None:
            if not isinstance(options, Mapping):
                raise TypeError("options must be a dict or None, not %s" % type(options).__name__)
            unknown = sorted(set(options) - {"spn"}, key=str)
            if unknown:
                raise ValueError("unknown reset option(s) %s: the only option is 'spn'"
                                 % ", ".join(repr(k) for k in unknown))
            spn = options.get("spn")
        game = Game(self._rules)
        try:
            if spn is not None:
                game.set_spn(spn)  # ParseError (a ValueError) names the bad field
                if game.is_over:
                    raise ValueError("options['spn'] is a finished game (%s, %s)"
                                     % (game.result, game.reason))
            super().reset(seed=seed)  # gymnasium.error.Error for a bad seed
        except BaseException:
            game.close()
            raise
        self.game.close()
        self.game = game
        self._started = True
        self._ended = True  # until the opponent's first actions are done
        self._reply()
        if game.is_over:  # only from an spn: the opponent ended it at once
            raise ValueError("options['spn']: the opponent ends the game before the agent "
                             "acts (%s, %s)" % (game.result, game.reason))
        self._ended = False
        return self._observe()

    def step(self, action: Any) -> Tuple[ObsType, float, bool, bool, InfoType]:
        if not self._started:
            raise ResetNeeded("call reset() before step()")
        if self._ended:
            raise ResetNeeded("the episode is over: call reset() before step()")
        if not self.action_space.contains(action):
            raise InvalidAction("%r is not in the action space %s" % (action, self.action_space))
        index = int(action)
        game = self.game
        if not game.legal_mask()[index]:
            self._ended = True
            obs, info = self._observe(illegal=True)
            return obs, self.illegal_reward, True, False, info
        play_index(game, index)
        self._reply()
        reward = 0.0
        if game.is_over:
            self._ended = True
            result = game.result
            reward = 0.0 if result == "draw" else 1.0 if result == self.side else -1.0
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, reward, self._ended, False, info

    def render(self) -> Optional[str]:
        """The board (``str(seega.Game)``): printed for ``"human"``,
        returned for ``"ansi"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = str(self.game)
        if self.render_mode == "ansi":
            return text
        print(text + "\n", flush=True)
        return None

    def close(self) -> None:
        """Release the game's C handle (``reset()`` makes a new one)."""
        self.game.close()


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="seega.envs.gymnasium:SeegaEnv")
