"""The learning interface: action indexes, legal masks, observations."""

import array
import ctypes
import unittest

import support  # noqa: F401
import seega

try:
    import numpy
except ImportError:  # the tests need only the standard library
    numpy = None

MID = "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -"


class TestIndexes(unittest.TestCase):
    def test_sizes(self):
        for size, n in ((5, 251), (7, 491), (9, 811)):
            with seega.Game("classic", size) as g:
                self.assertEqual(g.num_distinct_actions, n)
                self.assertEqual(g.observation_size, 13 * size * size)
                self.assertEqual(g.observation_shape, (13, size, size))

    def test_every_index_round_trips(self):
        for size in (5, 9):
            with seega.Game("classic", size) as g:
                s = size * size
                seen = 0
                for i in range(g.num_distinct_actions):
                    try:
                        a = g.action_from_index(i)
                    except seega.InvalidArgumentError:
                        self.assertTrue(s <= i < 9 * s, i)  # only steps off the board
                        continue
                    seen += 1
                    self.assertEqual(g.action_index(a), i)
                    self.assertEqual(g.action_index(a.text), i)
                    kind = "place" if i < s else "step" if i < 9 * s else "remove" if i < 10 * s else "pass"
                    self.assertEqual(a.kind, kind)
                self.assertGreater(seen, 2 * s)

    def test_known_indexes(self):
        with seega.Game() as g:
            self.assertEqual(g.action_index("c2"), 7)
            self.assertEqual(g.action_index("pass"), 250)
            self.assertEqual(g.action_index("xb3"), 9 * 25 + 11)
            self.assertEqual(g.action_index("c2-c3"), 25 + 8 * 7 + 0)  # N
            self.assertEqual(g.action_index("c2-d1"), 25 + 8 * 7 + 7)  # SE
            self.assertEqual(g.action_from_index(7), "c2")

    def test_errors(self):
        with seega.Game() as g:
            with self.assertRaises(seega.InvalidArgumentError):
                g.action_index("a1-c3")  # not a one-square step
            with self.assertRaises(seega.InvalidArgumentError):
                g.action_from_index(251)
            with self.assertRaises(seega.InvalidArgumentError):
                g.action_from_index(-1)
            with self.assertRaises(seega.InvalidArgumentError):
                g.action_from_index(25 + 8 * 0 + 1)  # a1 south: off the board
            with self.assertRaises(ValueError):
                g.action_from_index(2**40)
            with self.assertRaises(TypeError):
                g.action_from_index("7")
            with self.assertRaises(seega.ParseError):
                g.action_index("c9")
            with self.assertRaises(TypeError):
                g.action_index(7)


class TestMask(unittest.TestCase):
    def check_mask(self, g):
        mask = g.legal_mask()
        self.assertIsInstance(mask, memoryview)
        self.assertEqual((mask.format, mask.ndim, len(mask)), ("B", 1, g.num_distinct_actions))
        legal = g.legal_moves()
        self.assertEqual(sum(mask), len(legal))
        self.assertEqual(g.legal_indices(), sorted(g.action_index(a) for a in legal))
        self.assertEqual(set(mask.tolist()) - {0, 1}, set())

    def test_positions(self):
        for preset, spn in (("classic", None), ("classic", MID), ("traditional", None),
                            ("traditional", "ooxoo/oxxxo/ox1xx/oxxoo/oxxox o 0 0 0 -"),
                            ("modern", "xoxox/oxoxo/xo1ox/oxoxo/xoxox x 0 0 0 -")):
            with self.subTest(preset=preset, spn=spn):
                g = seega.Game.from_spn(spn, preset) if spn else seega.Game(preset)
                with g:
                    self.check_mask(g)

    def test_finished_game(self):
        with seega.Game.from_spn("5/1o3/5/1xx1x/5 o 0 0 0 -", "traditional") as g:
            self.assertEqual(sum(g.legal_mask()), 0)
            self.assertEqual(g.legal_indices(), [])

    def test_out(self):
        with seega.Game() as g:
            out = bytearray(300)
            self.assertIs(g.legal_mask(out=out), out)
            self.assertEqual(bytes(out[:251]), bytes(g.legal_mask()))
            self.assertEqual(bytes(out[251:]), bytes(49))  # nothing past the end
            buf = array.array("B", bytes(251))
            g.legal_mask(buf)
            self.assertEqual(sum(buf), 24)
            cbuf = (ctypes.c_uint8 * 251)()
            g.legal_mask(cbuf)
            self.assertEqual(sum(cbuf), 24)
            with self.assertRaises(ValueError):
                g.legal_mask(bytearray(250))
            with self.assertRaises(TypeError):
                g.legal_mask(bytes(251))  # read-only
            with self.assertRaises(TypeError):
                g.legal_mask([0] * 251)
            with self.assertRaises(ValueError):
                g.legal_mask(memoryview(bytearray(600))[::2])  # not contiguous
            # out is usable again afterwards (no export left behind).
            out.extend(b"x")


class TestObservation(unittest.TestCase):
    def planes(self, g):
        obs = g.observation()
        n2 = g.board_size ** 2
        self.assertEqual(len(obs), g.observation_size)
        return [obs[p * n2:(p + 1) * n2].tolist() for p in range(13)]

    def test_start(self):
        with seega.Game() as g:
            p = self.planes(g)
            self.assertEqual(p[0], [0] * 25)
            self.assertEqual(p[2], [1 if i == 12 else 0 for i in range(25)])  # centre
            self.assertEqual(p[3], [1] * 25)  # X to move
            self.assertEqual(p[4], [1] * 25)  # placing
            self.assertEqual(p[5], [12] * 25)
            self.assertEqual(p[12], [255] * 25)  # no quiet limit

    def test_side_to_move_view(self):
        with seega.Game.from_spn(MID) as g:  # O to move
            p = self.planes(g)
            mine = [1 if g[i] == "o" else 0 for i in range(25)]
            theirs = [1 if g[i] == "x" else 0 for i in range(25)]
            self.assertEqual(p[0], mine)
            self.assertEqual(p[1], theirs)
            self.assertEqual(p[3], [0] * 25)
            g.play("b3-c3")  # a chain on c3
            p = self.planes(g)
            self.assertEqual(p[7], [1 if i == 12 else 0 for i in range(25)])

    def test_out(self):
        with seega.Game("modern", 7) as g:
            out = bytearray(g.observation_size)
            self.assertIs(g.observation(out), out)
            self.assertEqual(bytes(out), bytes(g.observation()))
            with self.assertRaises(ValueError):
                g.observation(bytearray(10))

    @unittest.skipIf(numpy is None, "NumPy is not installed")
    def test_numpy_without_copies(self):
        with seega.Game() as g:
            mask = g.legal_mask()
            a = numpy.frombuffer(mask, numpy.uint8)
            self.assertEqual(int(a.sum()), 24)
            obs = numpy.frombuffer(g.observation(), numpy.uint8).reshape(g.observation_shape)
            self.assertEqual(obs.shape, (13, 5, 5))
            self.assertEqual(int(obs[2, 2, 2]), 1)  # the centre, plane 2
            target = numpy.zeros(g.observation_shape, numpy.uint8)
            self.assertIs(g.observation(out=target), target)
            self.assertTrue((target == obs).all())
            m = numpy.zeros(g.num_distinct_actions, numpy.uint8)
            g.legal_mask(out=m)
            self.assertEqual(int(m.sum()), 24)


if __name__ == "__main__":
    unittest.main()
