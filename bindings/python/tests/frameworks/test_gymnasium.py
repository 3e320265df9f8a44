"""seega.envs.gymnasium: Gymnasium's env_checker, the registration, the
opponent, and Gymnasium's conventions for bad input."""

import io
import os
import subprocess
import sys
import unittest
import warnings
from contextlib import redirect_stdout

import gymnasium
import numpy as np
from gymnasium.error import InvalidAction, ResetNeeded
from gymnasium.utils.env_checker import check_env

import seega
import seega.envs.gymnasium as seega_gymnasium

MID = "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -"


def planes_of(game):
    return np.frombuffer(game.observation(), np.uint8).reshape(game.observation_shape)


def first_legal(info):
    return int(np.flatnonzero(info["action_mask"])[0])


class TestGymnasiumChecks(unittest.TestCase):
    def test_check_env(self):
        configs = (
            dict(rules="modern"),
            dict(rules="classic", side="o", opponent=2),
            dict(rules="diagonal", board_size=7, opponent=0, opponent_limits={"depth": 1}),
            dict(rules="traditional", opponent=lambda game: game.legal_moves()[-1]),
        )
        for kwargs in configs:
            with self.subTest(**{k: str(v) for k, v in kwargs.items()}):
                env = gymnasium.make(seega_gymnasium.ENV_ID, **kwargs)
                out = io.StringIO()
                with warnings.catch_warnings(record=True) as caught, redirect_stdout(out):
                    warnings.simplefilter("always")
                    check_env(env.unwrapped)  # every render mode too, through the spec
                self.assertEqual([str(w.message) for w in caught], [])
                self.assertIn("a b c d e", out.getvalue())  # "human" printed the board

    def test_env_and_module_prefixed_id(self):
        env = seega_gymnasium.env(rules="modern", board_size=9)
        self.assertEqual(env.spec.id, "seega/Seega-v0")
        self.assertEqual(env.action_space.n, 811)
        self.assertEqual(env.observation_space.shape, (9, 9, 13))
        # gymnasium.make("module:id") imports the module that registers it.
        code = ("import gymnasium, sys; assert 'seega.envs.gymnasium' not in sys.modules; "
                "env = gymnasium.make('seega.envs.gymnasium:seega/Seega-v0'); "
                "print(env.reset(seed=1)[0].shape)")
        p = subprocess.run([sys.executable, "-W", "error", "-c", code], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True, env=dict(os.environ),
                           timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "(5, 5, 13)")


class TestEpisodes(unittest.TestCase):
    def test_observation_and_mask_are_the_binding_s(self):
        env = seega_gymnasium.SeegaEnv(rules="classic", opponent=1)
        obs, info = env.reset(seed=4)
        for _ in range(40):
            game = env.game
            self.assertEqual(game.to_move, "x")  # the agent's turn after every step
            planes = planes_of(game)
            for p in range(13):
                np.testing.assert_array_equal(obs[:, :, p], planes[p])
            np.testing.assert_array_equal(info["action_mask"],
                                          np.frombuffer(game.legal_mask(), np.uint8))
            np.testing.assert_array_equal(env.action_masks(), info["action_mask"])
            self.assertFalse(info["illegal_action"])
            obs, reward, terminated, truncated, info = env.step(first_legal(info))
            self.assertFalse(truncated)
            if terminated:
                break
            self.assertEqual(reward, 0.0)

    def test_seeded_episodes_repeat(self):
        def episode(seed):
            env = seega_gymnasium.SeegaEnv(rules="modern", side="o", opponent=1)
            obs, info = env.reset(seed=seed)
            for _ in range(30):
                obs, _, terminated, _, info = env.step(first_legal(info))
                if terminated:
                    break
            return env.game.history

        self.assertEqual(episode(7), episode(7))
        # The opponent's noise comes from the seed: other seeds, other games.
        self.assertGreater(len({tuple(episode(seed)) for seed in range(5)}), 1)

    def test_the_opponent_moves_first_for_o(self):
        env = seega_gymnasium.SeegaEnv(rules="classic", side="o",
                                       opponent=lambda game: game.legal_moves()[0])
        obs, info = env.reset()
        self.assertEqual(env.game.history, ["a1", "b1"])  # X's two placements
        self.assertEqual(env.game.to_move, "o")
        np.testing.assert_array_equal(obs[:, :, 1].reshape(-1)[:2], [1, 1])  # X's pieces

    def test_rewards_of_a_won_game(self):
        # The library's level 3 as the agent against a random opponent wins.
        rng = np.random.default_rng(2)
        env = seega_gymnasium.SeegaEnv(
            rules="modern", opponent=lambda game: game.legal_moves()[
                int(rng.integers(len(game.legal_moves())))])
        obs, info = env.reset(seed=2)
        rewards = []
        while True:
            action = env.game.action_index(env.game.search(level=3, seed=1).best)
            obs, reward, terminated, truncated, info = env.step(action)
            rewards.append(reward)
            if terminated:
                break
        self.assertEqual(env.game.result, "x")
        self.assertEqual(rewards[-1], 1.0)
        self.assertEqual(set(rewards[:-1]), {0.0})
        self.assertEqual(int(info["action_mask"].sum()), 0)

    def test_start_from_an_spn(self):
        env = seega_gymnasium.SeegaEnv(rules="classic", side="o")
        obs, info = env.reset(options={"spn": MID})
        self.assertEqual(env.game.spn, MID)
        self.assertEqual(sorted(env.game.action_from_index(i).text
                                for i in np.flatnonzero(info["action_mask"])),
                         ["b3-c3", "c2-c3", "c4-c3"])

    def test_render(self):
        env = seega_gymnasium.SeegaEnv(render_mode="ansi")
        env.reset(seed=0)
        self.assertEqual(env.render(), str(env.game))
        env = seega_gymnasium.SeegaEnv()
        env.reset(seed=0)
        with self.assertWarnsRegex(UserWarning, "without specifying any render mode"):
            self.assertIsNone(env.render())


class TestBadInput(unittest.TestCase):
    def setUp(self):
        self.env = seega_gymnasium.SeegaEnv(rules="classic")
        self.obs, self.info = self.env.reset(seed=1)
        self.spn = self.env.game.spn

    def test_illegal_action_ends_the_episode_and_changes_nothing(self):
        centre = self.env.game.action_index("c3")
        obs, reward, terminated, truncated, info = self.env.step(centre)
        self.assertEqual((reward, terminated, truncated, info["illegal_action"]),
                         (-1.0, True, False, True))
        self.assertEqual(self.env.game.spn, self.spn)  # no opponent reply either
        np.testing.assert_array_equal(obs, self.obs)
        with self.assertRaises(ResetNeeded):  # after the end
            self.env.step(first_legal(self.info))
        self.assertEqual(self.env.game.spn, self.spn)
        env = seega_gymnasium.SeegaEnv(illegal_reward=-5)
        env.reset(seed=1)
        self.assertEqual(env.step(env.game.action_index("c3"))[1], -5.0)

    def test_action_outside_the_space(self):
        for action in (251, -1, "c2", 1.5, None, np.array([1, 2])):
            with self.subTest(action=action):
                with self.assertRaises(InvalidAction):
                    self.env.step(action)
                self.assertEqual(self.env.game.spn, self.spn)
        self.env.step(np.int64(first_legal(self.info)))  # still usable

    def test_step_before_reset(self):
        with self.assertRaises(ResetNeeded):
            seega_gymnasium.SeegaEnv().step(0)
        with self.assertRaises(ResetNeeded):  # Gymnasium's wrapper says so first
            seega_gymnasium.env().step(0)

    def test_seeds_and_options(self):
        for seed in (-1, "1", 1.5):
            with self.subTest(seed=seed):
                with self.assertRaises(gymnasium.error.Error):
                    self.env.reset(seed=seed)
                self.assertEqual(self.env.game.spn, self.spn)
        state = self.env.np_random.bit_generator.state
        for options, error in (({"spm": MID}, ValueError), ("spn", TypeError),
                               ({"spn": "5/5/5 x"}, seega.ParseError),
                               ({"spn": 42}, TypeError),
                               ({"spn": "5/5/5/1xx1x/5 o 0 0 0 -"}, ValueError)):  # won
            with self.subTest(options=options):
                with self.assertRaises(error):
                    self.env.reset(seed=99, options=options)
                self.assertEqual(self.env.game.spn, self.spn)
        self.assertEqual(self.env.np_random.bit_generator.state, state)  # not reseeded

    def test_bad_arguments(self):
        for kwargs, error in ((dict(opponent=4), ValueError), (dict(opponent=0), ValueError),
                              (dict(opponent="level 1"), TypeError),
                              (dict(opponent_limits={"seed": 1}), ValueError),
                              (dict(side="white"), ValueError),
                              (dict(render_mode="rgb_array"), ValueError),
                              (dict(rules="modern", board_size=4), seega.RulesError)):
            with self.subTest(**{k: str(v) for k, v in kwargs.items()}):
                with self.assertRaises(error):
                    seega_gymnasium.SeegaEnv(**kwargs)

    def test_an_opponent_s_illegal_action_raises(self):
        env = seega_gymnasium.SeegaEnv(side="o", opponent=lambda game: "c3")
        with self.assertRaises(seega.IllegalMoveError):
            env.reset()
        self.assertEqual(env.game.history, [])
        with self.assertRaises(ResetNeeded):  # that reset did not finish
            env.step(0)


if __name__ == "__main__":
    unittest.main()
