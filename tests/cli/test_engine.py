"""seega-engine driven through its line protocol (docs/engine.md): the
handshake, rules, positions, searches with every limit, stop, legal, perft,
show, errors. Run by ctest with SEEGA_ENGINE set to the program.
"""
import os
import queue
import re
import subprocess
import tempfile
import threading
import time
import unittest

ENGINE = os.environ.get("SEEGA_ENGINE", "seega-engine")
# seega-tb makes the endgame tables of the --tables tests; by default the
# one next to seega-engine.
TB = os.environ.get("SEEGA_TB") or os.path.join(os.path.dirname(ENGINE), "seega-tb")


class Engine:
    """A running engine: send lines, wait for answers (with timeouts)."""

    def __init__(self, args=()):
        self.p = subprocess.Popen([ENGINE] + list(args), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, bufsize=0)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for raw in self.p.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def until(self, pattern, timeout=30):
        """Lines up to and including the first that matches pattern."""
        got, end = [], time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError("no line matching %r in %.0f s; got %r"
                                     % (pattern, timeout, got))
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError("the engine ended; got %r" % got)
            got.append(line)
            if re.search(pattern, line):
                return got

    def ask(self, line, pattern, timeout=30):
        self.send(line)
        return self.until(pattern, timeout)

    def one(self, line):
        """Send a command answered by exactly one line; return it."""
        self.send(line)
        self.send("isready")
        got = self.until(r"^readyok$")
        assert len(got) == 2, got
        return got[0]

    def silent(self, line):
        """Send a command that must print nothing."""
        self.send(line)
        self.send("isready")
        got = self.until(r"^readyok$")
        assert got == ["readyok"], got

    def close(self, timeout=30):
        if self.p.poll() is None:
            try:
                self.send("quit")
                self.p.wait(timeout=timeout)
            except (subprocess.TimeoutExpired, BrokenPipeError):
                # A wedged engine: end it, then fail.
                self.p.kill()
                self.p.wait()
                self.reader.join(timeout=30)
                self.p.stdin.close()
                self.p.stdout.close()
                raise AssertionError("the engine did not quit in %d s"
                                     % timeout)
        # The reader ends at the end of the output; only then close the
        # pipe (a closed descriptor could be reused under a reading thread).
        self.reader.join(timeout=30)
        self.p.stdin.close()
        self.p.stdout.close()
        return self.p.returncode


class Protocol(unittest.TestCase):
    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.assertEqual(self.e.close(), 0)

    def spn(self):
        got = self.e.ask("show", r"^result ")
        return [l for l in got if l.startswith("spn ")][0][4:]

    def legal(self):
        line = self.e.one("legal")
        self.assertTrue(line == "legal" or line.startswith("legal "), line)
        return line.split()[1:]

    def test_handshake(self):
        got = self.e.ask("seega", r"^seegaok$")
        self.assertRegex(got[0], r"^id name seega-engine \d+\.\d+\.\d+$")
        self.assertIn("id author the libseega authors", got)
        self.assertTrue(any(re.match(r"^id library \d+\.\d+\.\d+$", l)
                            for l in got))
        self.assertIn("protocol 1", got)
        for name in ["Level", "Threads", "Hash", "Seed"]:
            self.assertTrue(any(l.startswith("option name %s type spin" % name)
                                for l in got), name)

    def test_show_legal_perft(self):
        got = self.e.ask("show", r"^result ")
        self.assertEqual(got[:7], ["board 5 . . . . .", "board 4 . . . . .",
                                   "board 3 . . + . .", "board 2 . . . . .",
                                   "board 1 . . . . .", "board   a b c d e",
                                   "spn 5/5/5/5/5 x 12 12 0 -"])
        self.assertEqual(got[7:], ["rules classic 5", "tomove x", "result *"])
        self.assertEqual(len(self.legal()), 24)
        # perft runs on a thread, as go does: isready does not wait for it.
        self.assertRegex(self.e.ask("perft 3", r"^perft ")[-1],
                         r"^perft depth 3 nodes 12144 time \d+$")
        self.assertEqual(len(self.e.ask("perft 0", r"^perft ")), 1)
        self.assertRegex(self.e.one("perft -1"), r"^error perft: ")
        self.assertRegex(self.e.one("perft 33"), r"^error perft: .*0\.\.32")
        self.assertRegex(self.e.one("perft"), r"^error perft: ")

    def test_rules(self):
        self.e.silent("rules modern 7 quiet_limit=100")
        got = self.e.ask("show", r"^result ")
        self.assertIn("rules modern 7 quiet_limit=100", got)
        self.assertIn("spn 7/7/7/7/7/7/7 x 24 24 0 -", got)
        self.assertIn("board   a b c d e f g", got)
        self.e.silent("rules board_size=9 blocked=passes")
        self.assertIn("rules classic 9 blocked=passes",
                      self.e.ask("show", r"^result "))
        self.assertRegex(self.e.one("rules classic 6"),
                         r"^error rules: '6' is not a board size")
        self.assertRegex(self.e.one("rules"), r"^error rules: empty")
        self.assertIn("rules classic 9 blocked=passes",
                      self.e.ask("show", r"^result "))  # unchanged
        self.e.silent("rules traditional")
        self.assertEqual(self.spn(), "5/5/5/5/5 x 12 12 0 -")
        self.assertEqual(sorted(self.legal()), ["c2", "c4"])  # opening squares

    def test_positions(self):
        self.e.silent("position startpos moves c2 d4 b3 d3")
        self.assertEqual(self.spn(), "5/3x1/1o1o1/2x2/5 x 10 10 0 -")
        # Refused, with the reason; the position stays.
        self.assertRegex(self.e.one("position startpos moves a1 a1"),
                         r"^error position: move 'a1': a1 is not legal now")
        self.assertRegex(self.e.one("position startpos moves zz"),
                         r"^error position: move 'zz': 'zz' is not an action")
        self.assertRegex(self.e.one("position spn 5/5 x 1 2"),
                         r"^error position: bad SPN")
        self.assertRegex(self.e.one("position spn"),
                         r"^error position: the SPN is missing")
        self.assertRegex(self.e.one("position startpos c2"),
                         r"^error position: only 'moves'")
        self.assertRegex(self.e.one("position"), r"^error position: expected")
        self.assertEqual(self.spn(), "5/3x1/1o1o1/2x2/5 x 10 10 0 -")
        # The CLASSIC example: a chain of two captures.
        self.e.silent("position spn xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 - "
                    "moves b3-c3 c3-d3")
        self.assertEqual(self.spn(), "xoxox/oxo1o/x2oo/oxo1o/xoxox x 0 0 0 -")
        self.e.silent("position spn xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -")
        self.assertEqual(sorted(self.legal()), ["b3-c3", "c2-c3", "c4-c3"])
        self.e.silent("newgame")
        self.assertEqual(self.spn(), "5/5/5/5/5 x 12 12 0 -")

    def check_search(self, go, legal):
        got = self.e.ask(go, r"^bestmove ")
        infos = [l for l in got if l.startswith("info ")]
        self.assertTrue(infos, got)
        depths = []
        for l in infos:
            m = re.match(r"^info depth (\d+) score (cp -?\d+|win \d+|loss \d+|"
                         r"draw) nodes (\d+) time (\d+) nps (\d+) pv( \S+)+$", l)
            self.assertIsNotNone(m, l)
            depths.append(int(m.group(1)))
        self.assertEqual(depths, sorted(depths))
        best = got[-1].split()[1]
        self.assertIn(best, legal)
        pv = infos[-1].split(" pv ")[1].split()
        self.assertEqual(pv[0], best)
        return got

    def test_go_depth_nodes_movetime(self):
        self.e.silent("position startpos moves c2 d4 b3 d3")
        legal = self.legal()
        got = self.check_search("go depth 4", legal)
        self.assertTrue(any(l.startswith("info depth 4 ") for l in got))
        self.assertFalse(any(l.startswith("info depth 5 ") for l in got))
        got = self.check_search("go nodes 3000", legal)
        last = [l for l in got if l.startswith("info ")][-1]
        self.assertLessEqual(int(last.split(" nodes ")[1].split()[0]), 3100)
        start = time.monotonic()
        self.check_search("go movetime 300", legal)
        self.assertLess(time.monotonic() - start, 5)
        # The same search twice gives the same result (one thread).
        a = self.e.ask("go depth 5", r"^bestmove ")
        b = self.e.ask("go depth 5", r"^bestmove ")
        self.assertEqual(a[-1], b[-1])

    def test_go_with_clocks(self):
        self.e.silent("position startpos")
        start = time.monotonic()
        self.check_search("go xtime 3000 otime 3000 xinc 100 oinc 100",
                          self.legal())
        # About 3000/25 + 75 ms for this move: well under a second.
        self.assertLess(time.monotonic() - start, 2)
        self.e.silent("position startpos moves c2 d4")
        start = time.monotonic()
        self.check_search("go xtime 100 otime 60000", self.legal())
        self.assertLess(time.monotonic() - start, 4)  # O's clock counts
        # A huge increment: the budget is a third of the clock (200 s), not
        # a product wrapped in 32 bits to 1 ms; the depth limit ends it.
        self.e.silent("position startpos moves c2 d4 b3 d3")
        got = self.check_search("go depth 4 xtime 600000 xinc 1000000000",
                                self.legal())
        self.assertTrue(any(l.startswith("info depth 4 ") for l in got), got)
        self.assertRegex(self.e.one("go xtime -5"), r"^error go: bad value")
        self.assertRegex(self.e.one("go depth"), r"^error go: bad value")
        self.assertRegex(self.e.one("go sideways"), r"^error go: unknown word")

    def test_infinite_and_stop(self):
        self.e.silent("position startpos")
        self.e.send("go infinite")
        self.e.until(r"^info depth 3 ")
        # During the search: isready at once, other commands refused.
        self.assertEqual(self.e.ask("isready", r"^readyok$")[-1], "readyok")
        got = self.e.ask("legal", r"^error ")
        self.assertRegex(got[-1], r"^error busy: an infinite search is running")
        start = time.monotonic()
        got = self.e.ask("stop", r"^bestmove ")
        self.assertLess(time.monotonic() - start, 3)
        self.assertIn(got[-1].split()[1], self.legal())
        # A stop without a search does nothing.
        self.e.silent("stop")
        # A bare go is infinite too; stop right away still answers.
        self.e.send("go")
        got = self.e.ask("stop", r"^bestmove ")
        self.assertRegex(got[-1], r"^bestmove [a-e][1-5]$")

    def test_commands_wait_for_a_finite_search(self):
        self.e.silent("position startpos")
        self.e.send("go depth 6")
        self.e.send("legal")
        got = self.e.until(r"^legal ")
        self.assertTrue(got[-2].startswith("bestmove "), got)

    def test_options(self):
        self.e.silent("setoption name Level value 1")
        self.e.silent("setoption name threads value 2")
        self.e.silent("setoption name Hash value 4")
        self.e.silent("setoption name Seed value 12345")
        self.check_search("go depth 3", self.legal())
        self.assertRegex(self.e.one("setoption name Level value 7"),
                         r"^error setoption: bad value '7' for Level")
        self.assertRegex(self.e.one("setoption name Colour value 1"),
                         r"^error setoption: unknown option")
        self.assertRegex(self.e.one("setoption Level 1"),
                         r"^error setoption: expected")

    def test_game_over(self):
        self.e.silent("rules modern")
        self.e.silent("position spn 5/1o3/5/1x1ox/2x2 x 0 0 49 - moves b2-b3")
        self.assertEqual(self.e.ask("show", r"^result ")[-1],
                         "result 1-0 quiet")
        self.assertEqual(self.legal(), [])
        got = self.e.ask("go depth 3", r"^bestmove ")
        self.assertEqual(got, ["info string the game is over", "bestmove none"])

    def test_errors_and_robustness(self):
        self.assertEqual(self.e.one("hello"), "error unknown command 'hello'")
        self.e.silent("")
        self.e.silent("   ")
        self.assertRegex(self.e.one("x" * 10000), r"^error line too long")
        self.assertRegex(self.e.one("position startpos moves " + "a1 " * 500),
                         r"^error position: move 'a1'")
        self.assertEqual(self.spn(), "5/5/5/5/5 x 12 12 0 -")


class Tables(unittest.TestCase):
    """--tables DIR and the option Tables: endgame tables made by seega-tb
    (CLASSIC, 2 pieces a side) in a temporary directory."""

    WIN_IN_1 = "5/5/5/2x2/xo3 x 0 0 0 -"  # only c2-c1 takes O's last piece
    WIN_IN_17 = "5/5/1x3/3x1/4o x 0 0 0 -"  # the longest win of 2 against 1

    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory()
        cls.dir = cls._tmp.name
        subprocess.run([TB, "generate", "classic 5", "2", cls.dir, "--quiet"],
                       check=True, timeout=120)

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def engine(self, *args):
        e = Engine(args)
        self.addCleanup(lambda: self.assertEqual(e.close(), 0))
        return e

    def test_tables_that_cannot_be_opened(self):
        with tempfile.TemporaryDirectory() as empty:
            for args, words in ((["--tables", empty], "no tables of these rules"),
                                (["--tables", os.path.join(empty, "x")], "no tables"),
                                (["--tables"], "a directory must follow"),
                                (["--tablez", self.dir], "unknown option")):
                p = subprocess.run([ENGINE] + args, input=b"seega\n",
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   timeout=60)
                self.assertNotEqual(p.returncode, 0, args)
                self.assertEqual(p.stdout, b"", args)
                self.assertIn(words, p.stderr.decode(), args)

    def test_empty_tables_directory_is_a_usage_error(self):
        # "" names no directory on the command line (the option Tables
        # takes it for "no tables", as <empty>)
        for args in (["--tables", ""], ["--tables="]):
            p = subprocess.run([ENGINE] + args, input=b"seega\n",
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=60)
            self.assertEqual(p.returncode, 2, args)
            self.assertEqual(p.stdout, b"", args)
            self.assertIn("--tables needs a directory", p.stderr.decode(), args)
        e = self.engine("--tables", self.dir)
        e.silent("setoption name Tables value ")  # no tables: not "/"
        e.silent("rules traditional 5")  # so none needed for these rules

    def test_search_with_tables(self):
        e = self.engine("--tables", self.dir)
        got = e.ask("seega", r"^seegaok$")
        self.assertIn("option name Tables type string default %s" % self.dir, got)
        e.silent("position spn " + self.WIN_IN_17)
        got = e.ask("go depth 2", r"^bestmove ")
        self.assertRegex(got[-2], r"^info depth \d+ score win 17 ")
        # both sides by the tables: X wins in 17 plies
        moves = []
        for _ in range(17):
            e.silent("position spn %s moves %s" % (self.WIN_IN_17, " ".join(moves)))
            moves.append(e.ask("go depth 1", r"^bestmove ")[-1].split()[1])
        e.silent("position spn %s moves %s" % (self.WIN_IN_17, " ".join(moves)))
        self.assertEqual(e.ask("show", r"^result ")[-1], "result 1-0 material")

    def test_the_option(self):
        e = self.engine()
        got = e.ask("seega", r"^seegaok$")
        self.assertIn("option name Tables type string default <empty>", got)
        self.assertRegex(e.one("setoption name Tables value " + os.path.join(self.dir, "x")),
                         r"^error setoption: Tables: no tables of these rules")
        e.silent("setoption name Tables value " + self.dir)
        e.silent("position spn " + self.WIN_IN_1)
        got = e.ask("go depth 3", r"^bestmove ")
        self.assertEqual(got[-1], "bestmove c2-c1")
        self.assertRegex(got[-2], r"^info depth 1 score win 1 ")
        # other rules need their tables: refused, the rules unchanged
        self.assertRegex(e.one("rules traditional 5"),
                         r"^error rules: no tables of traditional 5 in ")
        self.assertIn("rules classic 5", e.ask("show", r"^result "))
        e.silent("rules classic 5")  # the same rules: the same tables
        self.assertRegex(e.one("setoption name Tables value " + self.dir + " x"),
                         r"^error setoption: Tables: ")
        e.silent("setoption name Tables value <empty>")
        e.silent("rules traditional 5")
        self.assertRegex(e.one("setoption name Tables value " + self.dir),
                         r"^error setoption: Tables: no tables of these rules")
        e.silent("rules modern 7")
        self.assertRegex(e.one("setoption name Tables value " + self.dir),
                         r"^error setoption: Tables: tablebases are 5x5 only")
        e.silent("setoption name Tables value")


class NeverWedged(unittest.TestCase):
    """The engine reads its input at all times: isready, stop and quit are
    answered during any search or perft: nothing the engine runs may wedge
    it. Every wait has a timeout, so a wedge fails the test."""

    def setUp(self):
        self.e = Engine()

    def tearDown(self):
        self.assertEqual(self.e.close(timeout=10), 0)

    def test_reproducer(self):
        # stdin kept open, X to move, so otime is no limit: the search runs
        # until stop, and the lines sent meanwhile are all answered.
        self.e.send("go otime 1000\nlegal\nisready\nstop")
        got = self.e.until(r"^bestmove ", timeout=10)
        self.assertRegex(got[0], r"^info string no limit for X")
        self.assertIn("readyok", got)
        self.assertTrue(any(l.startswith("error busy: ") for l in got), got)
        # The end of input ends the engine at once.
        start = time.monotonic()
        self.e.p.stdin.close()
        self.assertEqual(self.e.p.wait(timeout=10), 0)
        self.assertLess(time.monotonic() - start, 5)

    def test_clock_of_the_side_not_to_move(self):
        for setup, go, side in [("position startpos", "go otime 1000", "X"),
                                ("position startpos moves c2 d4",
                                 "go xtime 1000 xinc 50", "O")]:
            self.e.silent(setup)
            got = self.e.ask(go, r"^info string ", timeout=10)
            self.assertEqual(got, ["info string no limit for %s, the side to "
                                   "move: searching until stop" % side])
            self.assertEqual(self.e.ask("isready", r"^readyok$", 10)[-1],
                             "readyok")
            got = self.e.ask("legal", r"^error ", timeout=10)
            self.assertRegex(got[-1], r"^error busy: an infinite search")
            got = self.e.ask("stop", r"^bestmove ", timeout=10)
            self.assertIn(got[-1].split()[1], self.legal())
        # The side to move's clock is a limit: no info string.
        got = self.e.ask("go otime 300", r"^bestmove ", timeout=10)
        self.assertFalse(any(l.startswith("info string") for l in got), got)

    def legal(self):
        return self.e.one("legal").split()[1:]

    def test_isready_during_a_long_search(self):
        self.e.silent("rules classic 9")
        self.e.send("go depth 60")
        self.e.until(r"^info depth 2 ", timeout=10)
        # legal waits for the search; isready is answered at once.
        self.e.send("legal")
        start = time.monotonic()
        got = self.e.ask("isready", r"^readyok$", timeout=10)
        self.assertLess(time.monotonic() - start, 3)
        self.assertFalse(any(l.startswith(("bestmove", "legal"))
                             for l in got), got)
        # stop ends the search; then the command that waited runs.
        got = self.e.ask("stop", r"^legal ", timeout=10)
        self.assertTrue(got[-2].startswith("bestmove "), got)

    def test_stop_during_go_infinite(self):
        # A go infinite that waited behind a long search: the first stop
        # ends the long search, the second the infinite one.
        self.e.silent("rules classic 9")
        self.e.send("go depth 60")
        self.e.until(r"^info depth 2 ", timeout=10)
        self.e.send("go infinite")
        got = self.e.ask("stop", r"^bestmove ", timeout=10)
        self.e.until(r"^info depth 2 ", timeout=10)
        got = self.e.ask("legal", r"^error ", timeout=10)
        self.assertRegex(got[-1], r"^error busy: an infinite search")
        start = time.monotonic()
        got = self.e.ask("stop", r"^bestmove ", timeout=10)
        self.assertLess(time.monotonic() - start, 3)
        self.assertEqual(len(self.legal()), 80)

    def test_stop_during_a_long_perft(self):
        self.e.silent("rules classic 9")
        self.e.send("perft 12")
        time.sleep(0.2)
        self.assertEqual(self.e.ask("isready", r"^readyok$", 10), ["readyok"])
        self.e.send("legal")  # waits for the perft
        time.sleep(0.5)
        start = time.monotonic()
        got = self.e.ask("stop", r"^legal ", timeout=10)
        self.assertLess(time.monotonic() - start, 3)
        self.assertRegex(got[0], r"^error perft: stopped after \d+ ms$")
        self.assertEqual(len(got), 2, got)
        # perft runs on the worker and gives the library's counts.
        self.e.silent("rules classic 5")
        self.e.silent("position spn xxxxo/xxo1o/o3x/1xxoo/oo1o1 x 0 0 0 b2")
        got = self.e.ask("perft 6", r"^perft ", 30)
        self.assertRegex(got[-1], r"^perft depth 6 nodes 123320 time \d+$")
        self.assertEqual(len(got), 1, got)
        self.e.silent("position startpos")
        got = self.e.ask("perft 5", r"^perft ", 30)
        self.assertRegex(got[-1], r"^perft depth 5 nodes 5100480 time \d+$")


class Lifetime(unittest.TestCase):
    def test_quit_during_a_long_perft(self):
        e = Engine()
        e.silent("rules classic 9")
        e.send("perft 12")
        e.send("show")  # waits for the perft, then dropped by quit
        time.sleep(0.5)
        start = time.monotonic()
        self.assertEqual(e.close(timeout=10), 0)
        self.assertLess(time.monotonic() - start, 5)

    def test_end_of_input_runs_what_was_read(self):
        # Unlike quit, the end of input lets the commands read run first;
        # a search that only ends with stop is stopped.
        p = subprocess.run([ENGINE], input=b"go depth 3\nlegal\ngo\n",
                           stdout=subprocess.PIPE, timeout=60)
        self.assertEqual(p.returncode, 0)
        lines = [l.split()[0] for l in p.stdout.decode().splitlines()
                 if not l.startswith("info ")]
        self.assertEqual(lines, ["bestmove", "legal", "bestmove"])

    def test_quit_during_a_search(self):
        e = Engine()
        e.send("go infinite")
        e.until(r"^info depth 2 ")
        start = time.monotonic()
        self.assertEqual(e.close(), 0)
        self.assertLess(time.monotonic() - start, 5)

    def test_end_of_input(self):
        p = subprocess.run([ENGINE], input=b"seega\ngo depth 3\n",
                           stdout=subprocess.PIPE, timeout=60)
        self.assertEqual(p.returncode, 0)
        self.assertIn(b"seegaok\n", p.stdout)
        self.assertRegex(p.stdout.decode(), r"bestmove [a-e][1-5]\n$")


if __name__ == "__main__":
    unittest.main()
