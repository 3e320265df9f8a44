"""seega.envs.openspiel: OpenSpiel's random simulation test, its MCTS bot
against a random bot, serialisation, and OpenSpiel's errors for bad input."""

import pickle
import unittest

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

import seega
import seega.envs.openspiel as seega_openspiel


def play_random(state, count, seed):
    rng = np.random.RandomState(seed)
    for _ in range(count):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def planes_of(game):
    return np.frombuffer(game.observation(), np.uint8).reshape(game.observation_shape)


class TestRegistration(unittest.TestCase):
    def test_game_type(self):
        self.assertIn("python_seega", pyspiel.registered_names())
        game = pyspiel.load_game("python_seega")
        t = game.get_type()
        self.assertIn("seega", t.short_name)
        self.assertEqual(t.dynamics, pyspiel.GameType.Dynamics.SEQUENTIAL)
        self.assertEqual(t.chance_mode, pyspiel.GameType.ChanceMode.DETERMINISTIC)
        self.assertEqual(t.information, pyspiel.GameType.Information.PERFECT_INFORMATION)
        self.assertEqual(t.utility, pyspiel.GameType.Utility.ZERO_SUM)
        self.assertTrue(t.provides_observation_tensor and t.provides_observation_string)
        self.assertEqual(str(game), "python_seega(board_size=5,max_game_length=10000,rules=classic)")
        self.assertEqual((game.num_players(), game.num_distinct_actions(),
                          game.min_utility(), game.max_utility(), game.utility_sum()),
                         (2, 251, -1.0, 1.0, 0.0))
        self.assertEqual(game.observation_tensor_shape(), [13, 5, 5])
        game = pyspiel.load_game("python_seega(rules=traditional,board_size=9)")
        self.assertEqual(game.num_distinct_actions(), 811)
        self.assertEqual(game.observation_tensor_shape(), [13, 9, 9])
        self.assertEqual(game.new_initial_state().game.rules, seega.Rules.preset("traditional", 9))


class TestOpenSpielChecks(unittest.TestCase):
    def test_random_sim_test(self):
        # OpenSpiel's own conformance test: random games, every state's
        # clone, serialisation (serialize=True), observations and returns.
        for name, sims in (("python_seega(rules=modern)", 3), ("python_seega", 1),
                           ("python_seega(rules=diagonal,board_size=7)", 1),
                           ("python_seega(rules=traditional,max_game_length=300)", 2)):
            with self.subTest(game=name):
                pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=sims,
                                        serialize=True, verbose=False)

    def test_mcts_beats_random(self):
        # OpenSpiel's MCTS bot and its random-rollout evaluator, unchanged,
        # against OpenSpiel's uniform random bot, one game as each side.
        game = pyspiel.load_game("python_seega(rules=modern)")
        for mcts_player in (0, 1):
            rng = np.random.RandomState(mcts_player)
            bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=10,
                               evaluator=mcts.RandomRolloutEvaluator(1, rng),
                               random_state=rng, solve=False)
            bots = [bot, pyspiel.make_uniform_random_bot(1 - mcts_player, 7)]
            if mcts_player == 1:
                bots.reverse()
            returns = evaluate_bots(game.new_initial_state(), bots, rng)
            self.assertEqual(returns[mcts_player], 1.0, "MCTS as player %d" % mcts_player)

    def test_mcts_with_the_library_s_playouts(self):
        # The same MCTS with PlayoutEvaluator: 10 games, colours alternating.
        game = pyspiel.load_game("python_seega(rules=classic)")
        wins = 0
        for g in range(10):
            rng = np.random.RandomState(g)
            bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20,
                               evaluator=seega_openspiel.PlayoutEvaluator(16, seed=g),
                               random_state=rng, solve=False)
            bots = [bot, pyspiel.make_uniform_random_bot(1 - g % 2, g)]
            if g % 2:
                bots.reverse()
            wins += evaluate_bots(game.new_initial_state(), bots, rng)[g % 2] == 1.0
        self.assertGreaterEqual(wins, 9)

    def test_the_library_s_ai_as_a_bot(self):
        game = pyspiel.load_game("python_seega(rules=modern)")
        rng = np.random.RandomState(0)
        bots = [seega_openspiel.SeegaBot(level=1, seed=3), pyspiel.make_uniform_random_bot(1, 3)]
        self.assertEqual(evaluate_bots(game.new_initial_state(), bots, rng), [1.0, -1.0])
        with self.assertRaises(ValueError):
            seega_openspiel.SeegaBot(level=0)


class TestStates(unittest.TestCase):
    def test_observation_tensor_is_the_binding_s_planes(self):
        game = pyspiel.load_game("python_seega(rules=classic,board_size=7)")
        state = play_random(game.new_initial_state(), 70, 1)
        mover = state.current_player()
        planes = planes_of(state.game)
        np.testing.assert_array_equal(
            np.array(state.observation_tensor(mover)).reshape(13, 7, 7), planes)
        swapped = planes[[1, 0, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11, 12]]
        np.testing.assert_array_equal(
            np.array(state.observation_tensor(1 - mover)).reshape(13, 7, 7), swapped)
        self.assertEqual(state.observation_string(0), state.game.spn)
        self.assertEqual(state.legal_actions(),
                         list(np.flatnonzero(np.frombuffer(state.game.legal_mask(), np.uint8))))
        self.assertEqual(state.current_player(), "xo".index(state.game.to_move))

    def test_serialisation_round_trips(self):
        game = pyspiel.load_game("python_seega(rules=modern)")
        state = play_random(game.new_initial_state(), 45, 2)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        self.assertEqual(str(game2), str(game))
        for copy in (state2, pickle.loads(pickle.dumps(state)), state.clone(),
                     game.deserialize_state(state.serialize())):
            self.assertEqual(copy.history(), state.history())
            self.assertEqual(copy.game.spn, state.game.spn)
            self.assertEqual(copy.game.history, state.game.history)
            self.assertEqual(copy.observation_tensor(0), state.observation_tensor(0))
            self.assertEqual(str(copy), str(state))
        # Copies are independent games.
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        self.assertEqual(len(state.game.history), 45)

    def test_returns_and_max_game_length(self):
        game = pyspiel.load_game("python_seega(rules=classic,max_game_length=10)")
        state = play_random(game.new_initial_state(), 100, 3)
        self.assertTrue(state.is_terminal())
        self.assertEqual(len(state.history()), 10)
        self.assertFalse(state.game.is_over)  # cut, not decided: a draw
        self.assertEqual(state.returns(), [0.0, 0.0])
        state = pyspiel.load_game("python_seega(rules=modern)").new_initial_state()
        play_random(state, 100000, 4)
        result = state.game.result
        self.assertEqual(state.returns(), {"x": [1.0, -1.0], "o": [-1.0, 1.0],
                                           "draw": [0.0, 0.0]}[result])
        self.assertEqual(state.current_player(), pyspiel.PlayerId.TERMINAL)


class TestBadInput(unittest.TestCase):
    def setUp(self):
        self.state = pyspiel.load_game("python_seega").new_initial_state()
        self.state.apply_action(self.state.game.action_index("c2"))
        self.before = (self.state.history(), self.state.game.spn, self.state.game.history)

    def assertUnchanged(self):
        self.assertEqual((self.state.history(), self.state.game.spn, self.state.game.history),
                         self.before)

    def test_illegal_actions_raise_spiel_error_and_change_nothing(self):
        for action, words in ((12, "c3 is not legal now"),   # the centre
                              (7, "c2 is not legal now"),    # taken
                              (26, "off the board"),         # a1 south
                              (251, "251"), (-5, "-5")):
            with self.subTest(action=action):
                with self.assertRaisesRegex(pyspiel.SpielError, words):
                    self.state.apply_action(action)
                self.assertUnchanged()
        with self.assertRaises(pyspiel.SpielError):
            self.state.action_to_string(0, 26)

    def test_actions_after_the_end(self):
        state = pyspiel.load_game("python_seega(max_game_length=3)").new_initial_state()
        play_random(state, 3, 0)
        self.assertTrue(state.is_terminal())
        history = state.history()
        with self.assertRaisesRegex(pyspiel.SpielError, "the game is over"):
            state.apply_action(0)
        self.assertEqual(state.history(), history)
        self.assertEqual(state.legal_actions(), [])

    def test_bad_parameters(self):
        for name, words in (("python_seega(board_size=6)", "board size must be 5, 7 or 9"),
                            ("python_seega(rules=chess)", "rules must be one of"),
                            ("python_seega(colour=red)", "Unknown parameter"),
                            ("python_seega(board_size=big)", "Wrong type"),
                            ("python_seega(max_game_length=0)", "max_game_length")):
            with self.subTest(game=name):
                with self.assertRaisesRegex(pyspiel.SpielError, words):
                    pyspiel.load_game(name)


if __name__ == "__main__":
    unittest.main()
