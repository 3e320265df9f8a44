"""seega.envs.pettingzoo: PettingZoo's own checks, the planes and masks
against the binding's, and PettingZoo's conventions for bad input."""

import io
import logging
import pickle
import random
import unittest
import warnings
from contextlib import redirect_stdout

import gymnasium
import numpy as np
import pettingzoo
from pettingzoo.test import api_test, seed_test

import seega
from seega.envs import pettingzoo as seega_pettingzoo

# api_test warns for every environment that is not on its own lists of
# classic games with dict observations (env_obs_dicts, env_obs_space);
# Seega follows those games' convention, so it gets exactly these two.
API_TEST_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def random_action(env, rng):
    observation, _, termination, truncation, _ = env.last()
    if termination or truncation:
        return None
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def planes_of(game):
    """The binding's planes as (13, N, N)."""
    return np.frombuffer(game.observation(), np.uint8).reshape(game.observation_shape)


class TestPettingZooChecks(unittest.TestCase):
    def test_api_test(self):
        for rules, size in (("classic", 5), ("modern", 5), ("diagonal", 7), ("traditional", 9)):
            with self.subTest(rules=rules, size=size):
                out = io.StringIO()
                with warnings.catch_warnings(record=True) as caught, redirect_stdout(out):
                    warnings.simplefilter("always")
                    api_test(seega_pettingzoo.env(rules=rules, board_size=size), num_cycles=300)
                self.assertIn("Passed API test", out.getvalue())
                self.assertEqual({str(w.message) for w in caught}, API_TEST_WARNINGS)

    def test_seed_test(self):
        for rules in ("classic", "modern"):
            seed_test(lambda rules=rules: seega_pettingzoo.env(rules=rules), num_cycles=200)

    def test_registry(self):
        env = pettingzoo.make("aec", "seega/seega_v0", rules="traditional", board_size=7)
        env.reset()
        self.assertEqual(env.unwrapped.game.rules, seega.Rules.preset("traditional", 7))
        self.assertEqual(env.action_space("player_0").n, 491)

    def test_max_cycles(self):
        # pettingzoo.test.max_cycles_test does not apply: it steps with
        # actions sampled from the whole action space, and in a board game
        # the first illegal one ends the episode. The same count here, with
        # legal actions: 4 cycles are 8 actions (4 of each agent while
        # placing: X, X, O, O, X, X, O, O), then every agent is truncated
        # and steps once more, with None.
        for env in (seega_pettingzoo.env(max_cycles=4),
                    pettingzoo.make("aec", "seega/seega_v0", max_cycles=4)):
            env.reset()
            counts = {"player_0": 0, "player_1": 0}
            rng = random.Random(3)
            for agent in env.agent_iter():
                counts[agent] += 1
                action = random_action(env, rng)
                if action is None:
                    self.assertTrue(env.truncations[agent])
                    self.assertFalse(env.terminations[agent])
                    self.assertEqual(env.rewards[agent], 0)
                env.step(action)
            self.assertEqual(counts, {"player_0": 5, "player_1": 5})
            self.assertEqual(len(env.unwrapped.history), 8)
            self.assertEqual(env.unwrapped.game.phase, "place")
        with self.assertRaises(ValueError):
            seega_pettingzoo.env(max_cycles=0)


class TestObservations(unittest.TestCase):
    def test_planes_and_masks_are_the_binding_s(self):
        for rules, size in (("classic", 5), ("traditional", 7)):
            env = seega_pettingzoo.env(rules=rules, board_size=size)
            env.reset()
            game = env.unwrapped.game
            rng = random.Random(5)
            for _ in range(60):
                mover = env.agent_selection
                other = "player_1" if mover == "player_0" else "player_0"
                self.assertEqual(mover, "player_0" if game.to_move == "x" else "player_1")
                planes = planes_of(game)
                mine = env.observe(mover)
                self.assertEqual(mine["observation"].shape, (size, size, 13))
                self.assertEqual(mine["observation"].dtype, np.uint8)
                for p in range(13):  # [rank, file, plane], a1 at [0, 0]
                    np.testing.assert_array_equal(mine["observation"][:, :, p], planes[p])
                np.testing.assert_array_equal(
                    mine["action_mask"], np.frombuffer(game.legal_mask(), np.uint8))
                self.assertEqual(mine["action_mask"].dtype, np.int8)
                theirs = env.observe(other)
                swapped = (1, 0, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11, 12)
                for p in range(13):
                    np.testing.assert_array_equal(theirs["observation"][:, :, p],
                                                  planes[swapped[p]])
                self.assertEqual(int(theirs["action_mask"].sum()), 0)
                env.step(random_action(env, rng))
                if game.is_over:
                    break

    def test_a_whole_game_and_its_rewards(self):
        env = seega_pettingzoo.env(rules="modern")
        env.reset()
        rng = random.Random(11)
        final = {}
        actions = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                final[agent] = reward
                self.assertEqual(int(observation["action_mask"].sum()), 0)
                env.step(None)
                continue
            self.assertEqual(reward, 0)
            env.step(random_action(env, rng))
            actions += 1
        game = env.unwrapped.game
        self.assertTrue(game.is_over)
        self.assertEqual(len(game.history), actions)
        expected = {"x": {"player_0": 1, "player_1": -1}, "o": {"player_0": -1, "player_1": 1},
                    "draw": {"player_0": 0, "player_1": 0}}[game.result]
        self.assertEqual(final, expected)
        self.assertEqual(env.agents, [])

    def test_render(self):
        env = seega_pettingzoo.env(render_mode="ansi")
        env.reset()
        self.assertEqual(env.render(), str(env.unwrapped.game))
        env = seega_pettingzoo.env(render_mode="human")
        env.reset()
        out = io.StringIO()
        with redirect_stdout(out):
            env.step(env.unwrapped.game.action_index("c2"))
        self.assertIn(str(env.unwrapped.game), out.getvalue())
        env = seega_pettingzoo.env()
        env.reset()
        with self.assertWarnsRegex(UserWarning, "without specifying any render mode"):
            self.assertIsNone(env.render())
        with self.assertRaises(ValueError):
            seega_pettingzoo.env(render_mode="rgb_array")

    def test_rules_sizes_and_pickling(self):
        rules = seega.Rules.preset("classic", 9).replace(placements_per_turn=1)
        env = seega_pettingzoo.env(rules=rules)
        env.reset()
        self.assertEqual(env.observation_space("player_1")["observation"].shape, (9, 9, 13))
        self.assertEqual(env.action_space("player_1").n, 811)
        env.step(0)
        self.assertEqual(env.agent_selection, "player_1")  # one placement a turn
        copy = pickle.loads(pickle.dumps(env.unwrapped))
        copy.reset()
        self.assertEqual(copy.game.rules, rules)
        with self.assertRaises(seega.RulesError):
            seega_pettingzoo.env(rules="modern", board_size=6)
        with self.assertRaises(seega.RulesError):
            seega_pettingzoo.env(rules="chess")


class TestBadInput(unittest.TestCase):
    def setUp(self):
        self.env = seega_pettingzoo.env(rules="classic")
        self.env.reset()
        self.game = self.env.unwrapped.game
        self.env.step(self.game.action_index("c2"))
        self.spn, self.history = self.game.spn, self.game.history

    def assertUnchanged(self):
        self.assertEqual(self.game.spn, self.spn)
        self.assertEqual(self.game.history, self.history)

    def test_illegal_action_ends_the_game_and_changes_nothing(self):
        # As in the classic games (TerminateIllegalWrapper): the agent that
        # acted loses, -1, the other gets 0, and PettingZoo logs a warning.
        with self.assertLogs("pettingzoo.utils.env_logger", logging.WARNING) as log:
            self.env.step(self.game.action_index("c3"))  # the centre stays empty
        self.assertIn("Illegal move made", log.output[0])
        self.assertUnchanged()
        self.assertTrue(all(self.env.terminations.values()))
        rewards = {}
        for agent in self.env.agent_iter():
            rewards[agent] = self.env.last()[1]
            self.env.step(None)
        self.assertEqual(rewards, {"player_0": -1, "player_1": 0})
        self.assertUnchanged()

    def test_action_outside_the_space(self):
        for action in (251, -1, 10**6):
            with self.subTest(action=action):
                with self.assertRaises(AssertionError):
                    self.env.step(action)
                self.assertUnchanged()
                self.assertFalse(any(self.env.terminations.values()))

    def test_action_after_the_end(self):
        with self.assertLogs("pettingzoo.utils.env_logger", logging.WARNING):
            self.env.step(self.game.action_index("c3"))  # illegal: the game ends
        with self.assertRaisesRegex(ValueError, "only valid action is None"):
            self.env.step(0)
        self.assertUnchanged()

    def test_raw_env_refuses_and_changes_nothing(self):
        raw = seega_pettingzoo.raw_env()
        raw.reset()
        raw.step(raw.game.action_index("c2"))
        spn = raw.game.spn
        with self.assertRaises(seega.IllegalMoveError):
            raw.step(raw.game.action_index("c3"))
        with self.assertRaises(seega.InvalidArgumentError):
            raw.step(25 + 8 * 0 + 1)  # a1 south: off the board
        with self.assertRaises(TypeError):
            raw.step(1.5)
        with self.assertRaises(ValueError):
            raw.step(None)
        self.assertEqual(raw.game.spn, spn)
        self.assertFalse(any(raw.terminations.values()))

    def test_step_before_reset(self):
        with self.assertRaisesRegex(AssertionError, "reset"):
            seega_pettingzoo.env().step(0)

    def test_seeds_and_options(self):
        # Seeds as Gymnasium takes them (gymnasium.utils.seeding); a refused
        # seed changes nothing. Options are not used, as in the classic games.
        for seed in (-1, "42", 1.5):
            with self.subTest(seed=seed):
                with self.assertRaises(gymnasium.error.Error):
                    self.env.reset(seed=seed)
                self.assertUnchanged()
        self.env.reset(seed=3, options={"anything": 1})
        first = [self.env.action_space("player_0").sample() for _ in range(5)]
        self.env.reset(seed=3)
        self.assertEqual([self.env.action_space("player_0").sample() for _ in range(5)], first)
        self.assertEqual(self.env.unwrapped.game.history, [])


if __name__ == "__main__":
    unittest.main()
