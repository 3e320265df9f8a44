"""perft and playouts."""

import unittest
from ctypes import byref, c_uint64

import support
import seega

MID = "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"


class TestPerft(unittest.TestCase):
    def test_known_values(self):
        # docs/notation.md, "Perft"
        cases = [
            ("classic", 5, None, [1, 24, 552, 12144]),
            ("traditional", 5, None, [1, 2, 2, 4, 4, 80]),
            ("classic", 5, MID, [1, 4, 12, 32, 72, 152]),
            ("diagonal", 5, MID, [1, 4, 12, 40, 128, 784]),
            ("modern", 5, MID, [1, 4, 12, 32, 80, 224]),
            ("classic", 7, None, [1, 48, 2256]),
            ("classic", 9, None, [1, 80, 6320]),
        ]
        for preset, size, spn, counts in cases:
            with self.subTest(preset=preset, size=size, spn=spn):
                g = seega.Game.from_spn(spn, preset) if spn else seega.Game(preset, size)
                with g:
                    before = g.spn
                    self.assertEqual([g.perft(d) for d in range(len(counts))], counts)
                    self.assertEqual(g.spn, before)

    def test_errors(self):
        with seega.Game() as g:
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                g.perft(-1)
            self.assertIn("negative", str(cm.exception))
            with self.assertRaises(TypeError):
                g.perft("2")
            with self.assertRaises(TypeError):
                g.perft(2.0)
            with self.assertRaises(ValueError):
                g.perft(2**31)

    def test_depth_bound(self):
        # The C recursion takes a stack frame per ply: depths above
        # SEEGA_PERFT_MAX_DEPTH are refused, on any position.
        self.assertEqual(seega.PERFT_MAX_DEPTH, 32)
        for preset in ("classic", "traditional"):
            with self.subTest(preset=preset), seega.Game(preset) as g:
                for depth in (33, 1000, 10000, 2**31 - 1):
                    with self.assertRaises(seega.InvalidArgumentError) as cm:
                        g.perft(depth)
                    self.assertIn("SEEGA_PERFT_MAX_DEPTH", str(cm.exception))
                    self.assertIn("maximum, 32", str(cm.exception))
                self.assertEqual(g.spn, "5/5/5/5/5 x 12 12 0 -")
        # the maximum is accepted: every line ends (the quiet limit) within
        # four actions, or the game is over
        for spn in ("x4/5/5/5/4o x 0 0 48 -", "4o/5/5/5/xx3 x 0 0 50 -"):
            with self.subTest(spn=spn), seega.Game.from_spn(spn, "modern") as g:
                self.assertEqual(g.perft(seega.PERFT_MAX_DEPTH), 0)

    def test_depth_bound_is_the_libraries(self):
        # the binding's bound is the C library's own
        clib = support.CLib()
        handle = clib.new("modern", 5, "x4/5/5/5/4o x 0 0 48 -")
        try:
            out = c_uint64(7)
            self.assertEqual(clib.lib.seega_perft(handle, seega.PERFT_MAX_DEPTH, byref(out)), 0)
            self.assertEqual(clib.lib.seega_perft(handle, seega.PERFT_MAX_DEPTH + 1,
                                                  byref(out)), -1)
            self.assertIn(b"SEEGA_PERFT_MAX_DEPTH", clib.lib.seega_last_error(handle))
        finally:
            clib.free(handle)


class TestPlayouts(unittest.TestCase):
    def test_reproducible_and_consistent(self):
        with seega.Game("modern") as g:
            a = g.playouts(50, seed=7)
            b = g.playouts(50, seed=7)
            c = g.playouts(50, seed=8)
            self.assertEqual(a, b)
            self.assertNotEqual(a.actions, c.actions)
            self.assertIsInstance(a, seega.PlayoutStats)
            self.assertEqual(a.playouts, 50)
            self.assertEqual(a.x_wins + a.o_wins + a.draws + a.unfinished, 50)
            self.assertEqual(a.finished, 50 - a.unfinished)
            self.assertGreaterEqual(a.actions, 50 * 24)  # the whole placing at least
            self.assertAlmostEqual(a.mean_actions, a.actions / 50)
            self.assertAlmostEqual(a.score("x") + a.score("o"), 1.0)
            self.assertEqual(g.spn, "5/5/5/5/5 x 12 12 0 -")
            self.assertEqual(g.history, [])
            self.assertEqual(g.playouts(5, 2**64 - 1), g.playouts(5, seed=2**64 - 1))

    def test_cap(self):
        with seega.Game() as g:
            st = g.playouts(10, seed=1, max_actions=30)
            self.assertEqual(st.unfinished, 10)
            self.assertEqual(st.actions, 300)
            self.assertEqual(st.score("x"), 0.5)
            empty = g.playouts(0)
            self.assertEqual(empty, (0, 0, 0, 0, 0, 0))
            self.assertEqual(empty.mean_actions, 0.0)

    def test_finished_game(self):
        with seega.Game.from_spn("x4/5/5/5/5 o 0 0 3 -") as g:
            st = g.playouts(17, seed=3, max_actions=100)
            self.assertEqual((st.x_wins, st.actions), (17, 0))
            self.assertEqual(st.score("x"), 1.0)

    def test_errors(self):
        with seega.Game() as g:
            for bad in ({"count": -1}, {"count": 2**32}, {"count": 1, "seed": -1},
                        {"count": 1, "seed": 2**64}, {"count": 1, "max_actions": -1}):
                with self.subTest(**bad), self.assertRaises(ValueError):
                    g.playouts(**bad)
            with self.assertRaises(TypeError):
                g.playouts("10")
            with self.assertRaises(ValueError):
                g.playouts(1).score("z")


if __name__ == "__main__":
    unittest.main()
