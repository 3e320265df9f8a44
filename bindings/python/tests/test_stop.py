"""Stopping a search: close() from another thread while a search starts or
runs (thousands of times, at random moments, with large tables), and
Ctrl-C, a real SIGINT, during search() and hint()."""

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
import unittest

import support
import seega


class TestCloseStopsSearch(unittest.TestCase):
    def test_close_while_search_starts(self):
        """close() returns promptly whenever it comes: before the searching
        thread has entered seega_search, while it allocates or clears a
        table of 1 or 2 GiB, or while it searches without limits."""
        rng = random.Random(20261204)
        trials, tables, bound = 2000, (2048, 1024), 1.0
        if "asan" in os.environ.get("LD_PRELOAD", ""):
            # AddressSanitizer's allocator takes about a second to allocate
            # and free each GiB: smaller tables, fewer trials, more time.
            trials, tables, bound = 200, (128, 64), 3.0
        slowest = 0.0
        outcomes = {"searched": 0, "closed first": 0}
        for i in range(trials):
            game = seega.Game("classic", 7)
            about = threading.Event()
            got = []

            def run():
                about.set()
                try:
                    got.append(game.search(tt_mb=tables[i % 2]))
                except seega.InvalidArgumentError as e:  # closed before it began
                    got.append(e)

            t = threading.Thread(target=run)
            t.start()
            about.wait()
            end = time.perf_counter() + rng.uniform(0, 0.003)
            while time.perf_counter() < end:
                pass
            start = time.perf_counter()
            game.close()
            took = time.perf_counter() - start
            slowest = max(slowest, took)
            t.join(10)
            self.assertFalse(t.is_alive(), "trial %d: the search did not end" % i)
            self.assertLess(took, bound, "trial %d: close() took %.3f s" % (i, took))
            self.assertEqual(len(got), 1)
            if isinstance(got[0], seega.SearchResult):
                outcomes["searched"] += 1
                self.assertGreaterEqual(got[0].depth, 1)
                self.assertIsNotNone(got[0].best)
            else:
                outcomes["closed first"] += 1
                self.assertIn("closed", str(got[0]))
            self.assertTrue(game.closed)
        print("\n%d closes: %s; slowest %.1f ms" % (trials, outcomes, slowest * 1e3),
              file=sys.stderr)
        self.assertGreater(outcomes["searched"], 0)

    def test_clock_extremes(self):
        """The clock's budget is computed in 64 bits: an increment of 10^9
        ms is a budget of a third of the clock, so the depth limit ends
        the search, not a budget wrapped to 1 ms."""
        with seega.Game.from_spn("xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -") as game:
            r = game.search(remaining_ms=600000, increment_ms=10**9, depth=4)
            self.assertEqual(r.depth, 4)
            r = game.search(remaining_ms=2**31 - 1, increment_ms=2**31 - 1, depth=4)
            self.assertEqual(r.depth, 4)
            r = game.search(nodes=1)
            self.assertEqual(r.depth, 1)
            self.assertEqual(len(r.pv), 1)

    def test_stop_before_search_does_nothing(self):
        """A stop while no search runs does not cut a later search short."""
        with seega.Game.from_spn("xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -") as game:
            game.stop()
            self.assertEqual(game.search(depth=5).depth, 5)


CHILD = textwrap.dedent("""
    import signal, sys
    sys.path.insert(0, sys.argv[1])
    import seega
    game = seega.Game("classic", 9)
    mode = sys.argv[2]

    def first(result):
        if not first.told:
            first.told = True
            print("running", flush=True)
    first.told = False

    try:
        if mode == "iterating":
            game.search(on_progress=first)
        elif mode == "setup":
            print("running", flush=True)
            game.search(tt_mb=4096)
        elif mode == "hint":
            print("running", flush=True)
            game.hint(600000)
    except KeyboardInterrupt:
        default = signal.getsignal(signal.SIGINT) is signal.default_int_handler
        print("interrupted, handler restored: %s" % default, flush=True)
        sys.exit(3)
    print("not interrupted", flush=True)
""")


class TestCtrlC(unittest.TestCase):
    def interrupt(self, mode, delay):
        """Run a search in a child, send it SIGINT `delay` s after it says
        it is running; it must raise KeyboardInterrupt within 10 s."""
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, support.IMPORT_ROOT, mode],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            self.assertEqual(child.stdout.readline().strip(), "running")
            time.sleep(delay)
            child.send_signal(signal.SIGINT)
            start = time.perf_counter()
            out, err = child.communicate(timeout=10)
            took = time.perf_counter() - start
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            self.fail("%s: still searching 10 s after SIGINT; stderr: %s" % (mode, err))
        self.assertEqual(child.returncode, 3, "%s: %s %s" % (mode, out, err))
        self.assertIn("interrupted, handler restored: True", out)
        self.assertNotIn("Exception ignored", err)
        self.assertLess(took, 5.0)

    def test_ctrl_c_between_iterations(self):
        self.interrupt("iterating", 0.5)

    def test_ctrl_c_at_once(self):
        self.interrupt("iterating", 0.0)

    def test_ctrl_c_during_setup(self):
        self.interrupt("setup", 0.0)

    def test_ctrl_c_during_hint(self):
        self.interrupt("hint", 0.3)


if __name__ == "__main__":
    unittest.main()
