"""Random games: the binding and the C API (called directly) agree move by
move: legal actions, their text and fields, positions, results, hashes,
perft counts, SPN round trips, and undo back to the start."""

import random
import unittest

import support
import seega

KINDS = {1: "place", 2: "step", 3: "remove", 4: "pass"}
RESULTS = {0: None, 1: "x", 2: "o", 3: "draw"}
REASONS = {0: None, 1: "material", 2: "blocked", 3: "quiet", 4: "both_blocked"}


class TestCrossCheck(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.c = support.CLib()

    def play_random_game(self, preset, size, seed, max_actions):
        c, rng = self.c, random.Random(seed)
        handle = c.new(preset, size)
        game = seega.Game(preset, size)
        names = game.squares
        texts = []
        try:
            for ply in range(max_actions):
                spn = c.spn(handle)
                self.assertEqual(game.spn, spn)
                result, reason = c.result(handle)
                self.assertEqual((game.result, game.reason), (RESULTS[result], REASONS[reason]))
                self.assertEqual(game.hash, c.hash(handle))
                self.assertEqual(game.to_move, "xo"[c.lib.seega_to_move(handle)])
                values = c.legal(handle)
                mine = game.legal_moves()
                self.assertEqual([a.value for a in mine], values)
                self.assertEqual([a.text for a in mine], [c.text(handle, v) for v in values])
                for a in mine:
                    frm, to = c.lib.seega_action_from(a.value), c.lib.seega_action_to(a.value)
                    self.assertEqual(a.kind, KINDS[c.lib.seega_action_kind(a.value)])
                    self.assertEqual(a.frm, names[frm] if frm >= 0 else None)
                    self.assertEqual(a.to, names[to] if to >= 0 else None)
                self.assertEqual(sum(game.legal_mask()), len(values))
                if ply % 17 == 0:
                    self.assertEqual(game.perft(2), c.perft(handle, 2))
                    with seega.Game.from_spn(spn, preset) as loaded:  # SPN round trip
                        self.assertEqual(loaded.spn, spn)
                        self.assertEqual(loaded.legal_moves(), mine)
                if not values:
                    self.assertIsNotNone(game.result)
                    break
                pick = rng.randrange(len(values))
                self.assertEqual(c.play(handle, values[pick]), 0)
                # Alternate the ways of playing an action.
                action = mine[pick]
                if ply % 3 == 0:
                    game.play(action)
                elif ply % 3 == 1:
                    game.play(action.text)
                elif action.kind == "place":
                    game.place(action.to)
                elif action.kind == "step":
                    game.move(action.frm, action.to)
                else:
                    game.play(str(action))
                texts.append(action.text)
            self.assertEqual(game.history, texts)
            # Undo all the way back.
            for text in reversed(texts):
                self.assertEqual(game.undo(), text)
            self.assertEqual(game.spn, c.spn(c.new(preset, size)))
            return len(texts)
        finally:
            c.free(handle)
            game.close()

    def test_random_games(self):
        total = 0
        for i, preset in enumerate(seega.PRESETS * 3):
            size = (5, 7, 9)[i % 3]
            with self.subTest(preset=preset, size=size):
                total += self.play_random_game(preset, size, seed=1000 + i, max_actions=250)
        self.assertGreater(total, 1500)

    def test_from_mid_game_positions(self):
        # Positions reached by playouts of the C library, loaded into both.
        c = self.c
        rng = random.Random(5)
        for preset in seega.PRESETS:
            with seega.Game(preset) as g:
                for _ in range(40):
                    moves = g.legal_moves()
                    if not moves:
                        break
                    g.play(rng.choice(moves))
                spn = g.spn
            handle = c.new(preset, 5, spn)
            try:
                with seega.Game.from_spn(spn, preset) as loaded:
                    self.assertEqual([a.value for a in loaded.legal_moves()], c.legal(handle))
                    for depth in range(4):
                        self.assertEqual(loaded.perft(depth), c.perft(handle, depth))
            finally:
                c.free(handle)


if __name__ == "__main__":
    unittest.main()
