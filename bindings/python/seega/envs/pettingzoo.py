"""Seega as a PettingZoo environment, in the manner of PettingZoo's classic
games (Connect Four, chess, Go)::

    from seega.envs import pettingzoo as seega_pettingzoo

    env = seega_pettingzoo.env(rules="modern", board_size=5, render_mode="ansi")
    # or: pettingzoo.make("aec", "seega/seega_v0", rules="modern")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

An ``AECEnv`` with two agents, ``"player_0"`` (X, who places first) and
``"player_1"`` (O). Whose turn it is comes from the library: a Seega turn
can be several actions of the same agent (two placements, a chain of
captures, a removal then a move), so ``agent_selection`` does not always
alternate. Each observation is a dict:

- ``"observation"``: the library's 13 planes (docs/learning.md) as a
  (N, N, 13) uint8 array, ``[rank, file, plane]`` with a1 at [0, 0], seen
  by the observing agent: for the agent to move exactly the library's
  planes; for the other, planes 0 and 1 (pieces) and 5 and 6 (in hand)
  trade places, so that plane 0 always holds the observer's pieces;
- ``"action_mask"``: the library's legal mask as int8, one entry per
  action index (251 on 5x5, 491 on 7x7, 811 on 9x9); all zeros for the
  agent not to move, and once the game is over.

Rewards: 1 for the winner, -1 for the loser, 0 each for a draw, given when
the game ends. An action the mask does not allow ends the game with -1 for
the agent that took it and 0 for the other, and the position is not
changed (PettingZoo's ``TerminateIllegalWrapper``, as in the classic
games); an action outside the action space fails its assertion
(``AssertOutOfBoundsWrapper``), and a step before ``reset()`` too
(``OrderEnforcingWrapper``). Needs ``pip install 'seega[pettingzoo]'``.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, List, Optional

try:
    import numpy as np
    import pettingzoo
    from gymnasium import logger, spaces
    from gymnasium.utils import EzPickle, seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:
    from . import _missing

    raise _missing(__name__, "PettingZoo (pettingzoo)", "pettingzoo", e) from e

from .._game import Game
from ._common import SIDES, RulesLike, View, play_index, scores

__all__ = ["env", "raw_env", "AGENTS", "ENV_ID"]

#: The agents, X first.
AGENTS = ("player_0", "player_1")

Observation = Dict[str, Any]


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are: an
    illegal action ends the game (``TerminateIllegalWrapper``, reward -1),
    an action outside the space is refused (``AssertOutOfBoundsWrapper``),
    and the order of calls is enforced (``OrderEnforcingWrapper``).
    Arguments as :class:`raw_env`."""
    environment: AECEnv = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv[str, Observation, Optional[int]], EzPickle):  # noqa: N801 - PettingZoo's name
    """Seega as an ``AECEnv``, without the wrappers of :func:`env`.

    ``rules`` is a preset name (``"classic"``, ``"diagonal"``,
    ``"modern"``, ``"traditional"``) or a :class:`seega.Rules`;
    ``board_size`` 5, 7 or 9 for a preset (default 5). ``render_mode``
    ``"human"`` prints the board after every step, ``"ansi"`` makes
    ``render()`` return it. ``max_cycles`` truncates an episode still
    going after that many cycles, a cycle being two actions (one of each
    agent while they alternate; a Seega turn can hold several actions of
    one agent); None, the default, never truncates (CLASSIC and
    TRADITIONAL have no quiet-turn limit, so a game can go on forever).
    """

    metadata: Dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "seega_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, rules: RulesLike = "classic", board_size: Optional[int] = None,
                 render_mode: Optional[str] = None, max_cycles: Optional[int] = None) -> None:
        EzPickle.__init__(self, rules, board_size, render_mode, max_cycles)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError("render_mode must be one of %s or None (got %r)"
                             % (", ".join(self.metadata["render_modes"]), render_mode))
        self._max_actions: Optional[int] = None
        if max_cycles is not None:
            if isinstance(max_cycles, bool):
                raise TypeError("max_cycles must be an int or None, not bool")
            cycles = operator.index(max_cycles)
            if cycles < 1:
                raise ValueError("max_cycles must be at least 1 (got %d)" % cycles)
            self._max_actions = 2 * cycles
        self.render_mode = render_mode
        self.game = Game(rules, board_size)  # the rules are checked here
        self._rules = self.game.rules
        self._view = View(self.game)
        n = self._view.size
        self.possible_agents = list(AGENTS)
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(self._view.num_actions) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0, high=255, shape=(n, n, 13), dtype=np.uint8),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._view.num_actions,),
                                          dtype=np.int8),
            })
            for a in AGENTS
        }
        self._actions = 0
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        side = SIDES[AGENTS.index(agent)]
        game = self.game
        to_act = agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent))
        return {
            "observation": self._view.channels_last(game, side),
            "action_mask": self._view.mask(game, to_act),
        }

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game. ``seed`` (an int of 0 or more, as Gymnasium takes it)
        seeds the action spaces, so that their ``sample()`` repeats; the
        game itself has no randomness. ``options`` is accepted and not
        used, as by PettingZoo's classic games."""
        if seed is not None:
            rng, _ = seeding.np_random(seed)  # gymnasium.error.Error for a bad seed
            for agent in AGENTS:
                self.action_spaces[agent].seed(int(rng.integers(2**31)))
        self.game.close()
        self.game = Game(self._rules)
        self._actions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[SIDES.index(self.game.to_move)]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("%s is to act: step() needs an action index, not None" % agent)
        # The binding refuses an illegal or malformed action and leaves the
        # game as it was (env() ends the game first, as the classic games do).
        play_index(self.game, operator.index(action))
        self._actions += 1
        self._cumulative_rewards[agent] = 0.0
        game = self.game
        if game.is_over:
            x, o = scores(game)
            self.rewards = {AGENTS[0]: x, AGENTS[1]: o}
            self.terminations = {a: True for a in self.agents}
        elif self._max_actions is not None and self._actions >= self._max_actions:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = AGENTS[SIDES.index(game.to_move)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The board (``str(seega.Game)``): printed for ``"human"``,
        returned for ``"ansi"``."""
        if self.render_mode is None:  # as PettingZoo's classic games say it
            logger.warn("You are calling render method without specifying any render mode.")
            return None
        text = str(self.game)
        if self.render_mode == "ansi":
            return text
        print(text + "\n", flush=True)
        return None

    def close(self) -> None:
        """Release the game's C handle (``reset()`` makes a new one)."""
        self.game.close()

    @property
    def history(self) -> List[str]:
        """The actions of the episode so far, as text."""
        return self.game.history


#: The id under which the environment is registered with PettingZoo's
#: registry (PettingZoo 1.27 or later): ``pettingzoo.make("aec", ENV_ID)``.
ENV_ID = "seega/seega_v0"

_register = getattr(pettingzoo, "register", None)
if _register is not None and ENV_ID not in getattr(pettingzoo, "aec_registry", {}):
    _register("aec", ENV_ID, entry_point="seega.envs.pettingzoo:env")
