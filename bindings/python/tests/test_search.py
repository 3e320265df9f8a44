"""search, hint and stop."""

import threading
import time
import unittest

import support  # noqa: F401
import seega

FORCED_WIN = "5/2ox1/xx3/5/5 x 0 0 0 -"  # MODERN: b3-b4 takes O's last piece
MID = "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -"
FINISHED = "5/1o3/5/1xx1x/5 o 0 0 0 -"  # TRADITIONAL: X has won


class Interrupt(BaseException):
    """Stands for KeyboardInterrupt in a progress callback."""


class TestSearch(unittest.TestCase):
    def test_forced_win(self):
        with seega.Game.from_spn(FORCED_WIN, "modern") as g:
            r = g.search(depth=6)
            self.assertIsInstance(r, seega.SearchResult)
            self.assertEqual(r.best, "b3-b4")
            self.assertEqual(r.proven, "win")
            self.assertEqual(r.proven_plies, 1)
            self.assertEqual(r.score, seega.SCORE_PROVEN - 1)
            self.assertEqual(r.pv[0], r.best)
            self.assertGreater(r.nodes, 0)
            self.assertEqual(g.spn, FORCED_WIN)  # not changed
            self.assertEqual(g.hint(), "b3-b4")

    def test_result_fields(self):
        with seega.Game.from_spn(MID) as g:
            g.play("b3-c3")
            g.play("pass")
            r = g.search(depth=4, seed=1)
            best, score, depth, nodes, pv, proven = r[:6]  # the documented order
            self.assertIn(best, g.legal_moves())
            self.assertIsInstance(score, int)
            self.assertTrue(1 <= depth <= 4)
            self.assertIsInstance(pv, tuple)
            self.assertTrue(all(isinstance(a, seega.Action) for a in pv))
            self.assertIn(proven, (None, "win", "loss", "draw"))
            self.assertGreaterEqual(r.time_ms, 0)
            self.assertEqual(g.history, ["b3-c3", "pass"])  # not changed
            # Replaying the principal variation is legal.
            with g.copy() as c:
                for action in pv:
                    c.play(action)

    def test_deterministic(self):
        with seega.Game("classic", 7) as g:
            for _ in range(14):
                g.play(g.legal_moves()[0])
            # Two copies: a game's table keeps what earlier searches found.
            with g.copy() as c1, g.copy() as c2:
                a = c1.search(depth=3, seed=5)
                b = c2.search(depth=3, seed=5)
            self.assertEqual(a._replace(time_ms=0), b._replace(time_ms=0))
            self.assertEqual(g.search(depth=3, seed=5).best, a.best)

    def test_limits(self):
        with seega.Game.from_spn(MID, "modern") as g:
            self.assertEqual(g.search(depth=2).depth, 2)
            self.assertLessEqual(g.search(nodes=500).nodes, 600)
            start = time.monotonic()
            g.search(time_ms=100)
            self.assertLess(time.monotonic() - start, 5)
            for level in (1, 2, 3):
                self.assertIn(g.search(level=level, seed=3).best, g.legal_moves())
            self.assertIn(g.search(remaining_ms=2000, increment_ms=100).best, g.legal_moves())
            self.assertIn(g.search(depth=2, threads=2, tt_mb=1).best, g.legal_moves())

    def test_errors(self):
        with seega.Game() as g:
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                g.search(level=4)
            self.assertIn("level", str(cm.exception))
            with self.assertRaises(seega.InvalidArgumentError):
                g.search(depth=-1)
            with self.assertRaises(seega.InvalidArgumentError):
                g.search(threads=65)
            with self.assertRaises(ValueError):
                g.search(nodes=-1)
            with self.assertRaises(ValueError):
                g.search(seed=2**64)
            with self.assertRaises(TypeError):
                g.search(depth="3")
            with self.assertRaises(TypeError):
                g.search(depth=1, on_progress=42)
            with self.assertRaises(seega.InvalidArgumentError):
                g.hint(-1)
            with self.assertRaises(TypeError):
                g.hint("fast")
        with seega.Game.from_spn(FINISHED, "traditional") as g:
            with self.assertRaises(seega.GameOverError) as cm:
                g.search(depth=2)
            self.assertIn("over", str(cm.exception))
            with self.assertRaises(seega.GameOverError):
                g.hint(10)


class TestProgress(unittest.TestCase):
    def test_reports_each_iteration(self):
        seen = []
        with seega.Game.from_spn(MID, "diagonal") as g:
            r = g.search(depth=5, on_progress=seen.append)
        self.assertEqual([s.depth for s in seen], list(range(1, r.depth + 1)))
        self.assertTrue(all(isinstance(s, seega.SearchResult) for s in seen))
        self.assertEqual(seen[-1].best, r.best)

    def test_true_stops(self):
        seen = []

        def enough(info):
            seen.append(info.depth)
            return info.depth >= 2

        with seega.Game("classic", 9) as g:
            r = g.search(depth=12, on_progress=enough)
        self.assertEqual(seen, [1, 2])
        self.assertEqual(r.depth, 2)

    def test_exceptions_propagate(self):
        def boom(info):
            raise RuntimeError("boom")

        def interrupt(info):
            raise Interrupt()

        with seega.Game.from_spn(MID) as g:
            with self.assertRaises(RuntimeError):
                g.search(depth=8, on_progress=boom)
            with self.assertRaises(Interrupt):
                g.search(depth=8, on_progress=interrupt)
            self.assertEqual(g.spn, MID)
            self.assertIn(g.search(depth=2).best, g.legal_moves())  # still usable


    def test_callback_must_not_use_its_game(self):
        with seega.Game.from_spn(MID) as g:
            with self.assertRaises(RuntimeError) as cm:
                g.search(depth=3, on_progress=lambda info: g.spn)
            self.assertIn("on_progress", str(cm.exception))
            with self.assertRaises(RuntimeError):
                g.search(depth=3, on_progress=lambda info: g.play("b3-c3"))
            with self.assertRaises(RuntimeError):
                g.search(depth=3, on_progress=lambda info: g.close())
            self.assertFalse(g.closed)
            self.assertEqual(g.spn, MID)
            # stop() is allowed, and other games may be used.
            with seega.Game() as other:
                r = g.search(depth=6, on_progress=lambda info: (other.perft(1), g.stop()))
            self.assertGreaterEqual(r.depth, 1)


class TestStop(unittest.TestCase):
    def start_search(self, game, **limits):
        """Run game.search in a thread; wait until it has started."""
        started = threading.Event()
        out = {}

        def run():
            out["result"] = game.search(on_progress=lambda info: started.set(), **limits)

        t = threading.Thread(target=run)
        t.start()
        self.assertTrue(started.wait(30))
        return t, out

    def test_stop_from_another_thread(self):
        with seega.Game("classic", 9) as g:
            t, out = self.start_search(g)  # no limit at all
            time.sleep(0.2)
            self.assertTrue(t.is_alive())
            begin = time.monotonic()
            g.stop()  # must not wait for the game's lock
            self.assertLess(time.monotonic() - begin, 0.5)
            t.join(10)
            self.assertFalse(t.is_alive())
            self.assertIn(out["result"].best, g.legal_moves())
            g.stop()  # no search running: harmless
            self.assertEqual(g.search(depth=1).depth, 1)  # a later search is not affected

    def test_close_stops_the_search(self):
        g = seega.Game("classic", 9)
        t, out = self.start_search(g)
        time.sleep(0.1)
        g.close()  # asks the search to stop, then waits for it
        t.join(10)
        self.assertFalse(t.is_alive())
        self.assertIsNotNone(out["result"].best)
        self.assertTrue(g.closed)

    def test_other_games_run_during_a_search(self):
        # ctypes releases the GIL: a search in one thread leaves the others
        # running.
        with seega.Game("classic", 9) as g, seega.Game() as other:
            t, out = self.start_search(g)
            calls = 0
            end = time.monotonic() + 0.3
            while time.monotonic() < end:
                other.perft(1)
                calls += 1
            g.stop()
            t.join(10)
        self.assertGreater(calls, 100)


if __name__ == "__main__":
    unittest.main()
