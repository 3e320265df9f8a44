"""seega-play end to end through a pipe: options, the demo, a session of
commands, files, bad input. Run by ctest with SEEGA_PLAY set to the program.
"""
import os
import re
import subprocess
import tempfile
import unittest

PLAY = os.environ.get("SEEGA_PLAY", "seega-play")
# seega-tb makes the endgame tables of the --tables tests; by default the
# one next to seega-play.
TB = os.environ.get("SEEGA_TB") or os.path.join(os.path.dirname(PLAY), "seega-tb")
ENV = dict(os.environ, TERM="xterm", LANG="C.UTF-8")
ENV.pop("NO_COLOR", None)


def run(args, stdin="", timeout=120):
    """Run seega-play with stdin fed through a pipe; (status, stdout, stderr)."""
    p = subprocess.run([PLAY] + args, input=stdin.encode(), env=ENV,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


class Options(unittest.TestCase):
    def test_help_lists_every_option(self):
        rc, out, _ = run(["--help"])
        self.assertEqual(rc, 0)
        for opt in ["--preset", "--size", "--rules", "--side", "--level",
                    "--time", "--demo", "--seed", "--max-turns", "--delay",
                    "--load", "--tables", "--ascii", "--help", "--version"]:
            self.assertIn(opt, out)

    def test_version(self):
        rc, out, _ = run(["--version"])
        self.assertEqual(rc, 0)
        self.assertRegex(out, r"^seega-play \d+\.\d+\.\d+, libseega \d+\.\d+\.\d+\n$")

    def test_bad_options_are_explained(self):
        cases = [(["--size", "6"], "board size must be 5, 7 or 9"),
                 (["--size"], "needs a value"),
                 (["--level", "9"], "level must be 1, 2, 3 or 4"),
                 (["--side", "z"], "--side must be x, o, both or none"),
                 (["--preset", "chess"], "chess"),
                 (["--rules", "classic 5 lose_at=7"], "lose_at"),
                 (["--seed", "-3"], "seed"),
                 (["--frobnicate"], "unknown option '--frobnicate'")]
        for args, words in cases:
            rc, out, err = run(args)
            self.assertEqual(rc, 2, args)
            self.assertIn(words, err, args)
            self.assertEqual(out, "", args)

    def test_no_argument_needed(self):
        rc, out, _ = run([], "quit\n")
        self.assertEqual(rc, 0)
        self.assertIn("Seega, classic 5 rules. You are X; the AI (level 3) is O.",
                      out)
        self.assertIn("X to place.", out)


class Demo(unittest.TestCase):
    def test_demo_ends_with_the_result(self):
        rc, out, _ = run(["--demo", "--seed", "1"])
        self.assertEqual(rc, 0)
        self.assertIn("the AI (level 2) against itself, seed 1", out)
        last = out.rstrip("\n").split("\n")[-1]
        self.assertRegex(last, r"^(Game over: (X wins|O wins|draw) \(.+\)\. "
                               r"X \d+, O \d+ pieces\.|Stopped after \d+ turns)")
        self.assertNotIn("\x1b[", out)   # a pipe: no colour
        self.assertNotIn("\u25cf", out)  # and no Unicode pieces

    def test_demo_is_reproducible_and_seeded(self):
        a = run(["--demo", "--seed", "3", "--preset", "modern"])[1]
        b = run(["--demo", "--seed", "3", "--preset", "modern"])[1]
        c = run(["--demo", "--seed", "4", "--preset", "modern"])[1]
        self.assertEqual(a, b)
        self.assertNotEqual(a.split("seed")[1], c.split("seed")[1])

    def test_demo_every_preset_and_size(self):
        for preset in ["classic", "diagonal", "modern", "traditional"]:
            for size in ["5", "7"]:
                rc, out, _ = run(["--demo", "--preset", preset, "--size", size,
                                  "--max-turns", "40", "--level", "1"])
                self.assertEqual(rc, 0)
                self.assertRegex(out, r"(Game over|Stopped after 40 turns)")
                self.assertIn("%s %s rules" % (preset, size), out)

    def test_max_turns(self):
        rc, out, _ = run(["--demo", "--max-turns", "3"])
        self.assertEqual(rc, 0)
        self.assertIn("Stopped after 3 turns without a result", out)


SESSION = """help
c2
d4
moves
c3
e9
hello world
hint
undo
spn
rules
board
"""


class Session(unittest.TestCase):
    def test_commands(self):
        rc, out, _ = run(["--time", "200"], SESSION + "quit\n")
        self.assertEqual(rc, 0)
        # The board with coordinates, the side, pieces and counters.
        self.assertIn("    a b c d e\n 5  . . . . . 5\n", out)
        self.assertIn(" 3  . . + . . 3\n", out)
        self.assertIn("Pieces: X 0 on the board + 12 in hand, O 0 on the "
                      "board + 12 in hand.", out)
        # Commands are echoed after the prompt when read from a pipe.
        self.assertIn("X> help\nCommands:", out)
        self.assertIn("This turn so far: X c2\n", out)
        self.assertIn("X to place (second piece).", out)
        self.assertIn("Last turn: X c2 d4\n", out)
        # The AI answered with two placements of its own.
        self.assertRegex(out, r"Last turn: O [a-e][1-5] [a-e][1-5]\n")
        self.assertRegex(out, r"X> moves\n20 legal actions: a1 ")
        self.assertIn("X> c3\nc3 is not legal now", out)
        self.assertIn("Type 'moves' to list the legal actions.", out)
        self.assertIn("X> e9\nNot understood: square 'e9' is off", out)
        self.assertIn("X> hello world\nNot understood: 'hello' is not an action", out)
        self.assertRegex(out, r"X> hint\nHint: [a-e][1-5]\n")
        self.assertIn("X> undo\nTook back 4 actions.", out)
        self.assertIn("X> spn\n5/5/5/5/5 x 12 12 0 -\n", out)
        self.assertIn("X> rules\nRules: classic 5\n", out)

    def test_end_of_input_is_a_quiet_exit(self):
        rc, out, _ = run([], "c2\n")
        self.assertEqual(rc, 0)
        self.assertTrue(out.endswith("X> \n"))

    def test_bad_input_never_crashes(self):
        junk = ("\n\n   \t\n" + "x" * 5000 + "\n" + "\x01\x02\xff\xfe\n" +
                "c2-\n-c2\nxx\npass pass\nsave\nload\nload /nonexistent/file\n"
                "c2 c2 c2\n" + "a1 " * 400 + "\nundo\nundo\nundo\nquit\n")
        p = subprocess.run([PLAY, "--side", "both"], input=junk.encode("latin-1"),
                           env=ENV, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=60)
        out = p.stdout.decode("utf-8", "replace")
        self.assertEqual(p.returncode, 0)
        self.assertIn("line too long", out)
        self.assertIn("Usage: save FILE", out)
        self.assertIn("Usage: load FILE", out)
        self.assertIn("cannot open /nonexistent/file", out)
        self.assertIn("Nothing to undo.", out)

    def test_two_players_a_capture_and_a_chain(self):
        with tempfile.TemporaryDirectory() as tmp:
            spn = os.path.join(tmp, "start.spn")
            with open(spn, "w") as f:
                f.write("xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -\n")
            rc, out, _ = run(["--side", "both", "--load", spn],
                             "b3-c3\nc3-d3\na3-b3\nquit\n")
        self.assertEqual(rc, 0)
        self.assertIn("Loaded the position from", out)
        self.assertIn("This turn so far: O b3-c3, capturing d3\n", out)
        self.assertIn("O to move (chain: c3 may capture again, or 'pass').", out)
        self.assertIn("Last turn: O b3-c3 c3-d3, capturing d3 d2 d4\n", out)
        self.assertIn(" 3  X . + O O 3\n", out)
        self.assertIn(" 4  O X O * O 4\n", out)  # * where a piece was taken
        self.assertIn("Quiet turns: 0.", out)
        self.assertIn("Last turn: X a3-b3\n", out)

    def test_game_over_then_undo(self):
        with tempfile.TemporaryDirectory() as tmp:
            spn = os.path.join(tmp, "end.spn")
            with open(spn, "w") as f:
                f.write("5/1o3/5/1x1ox/2x2 x 0 0 49 -\n")
            rc, out, _ = run(["--side", "both", "--preset", "modern",
                              "--load", spn],
                             "b2-b3\nb3-b4\nmoves\nundo\nspn\nquit\n")
        self.assertEqual(rc, 0)
        self.assertIn("Quiet turns: 49 of 50.", out)
        self.assertIn("Game over: X wins (quiet-turn limit, scored by count). "
                      "X 3, O 2 pieces.", out)
        self.assertIn("> b3-b4\nThe game is over.", out)
        self.assertIn("> moves\nNo legal actions: the game is over.", out)
        self.assertIn("X> spn\n5/1o3/5/1x1ox/2x2 x 0 0 49 -\n", out)


class Files(unittest.TestCase):
    def test_save_and_load_records_and_spn(self):
        with tempfile.TemporaryDirectory() as tmp:
            rec = os.path.join(tmp, "game.seega")
            spn = os.path.join(tmp, "pos.spn")
            rc, out, _ = run(["--side", "both"],
                             "c2 d4 b3 d3\nsave %s\nsave %s\nquit\n" % (rec, spn))
            self.assertEqual(rc, 0)
            self.assertIn("Saved the game to %s." % rec, out)
            self.assertIn("Saved the position to %s." % spn, out)
            with open(rec) as f:
                text = f.read()
            self.assertIn('[Rules "classic 5"]\n', text)
            self.assertIn('[X "human"]\n', text)
            self.assertRegex(text, r'\[Date "\d{4}\.\d\d\.\d\d"\]')
            self.assertIn("\n1. X c2 d4\n2. O b3 d3\n*\n", text)
            with open(spn) as f:
                self.assertEqual(f.read(), "5/3x1/1o1o1/2x2/5 x 10 10 0 -\n")

            # Load both back; the record keeps its history (undo works).
            rc, out, _ = run(["--side", "both"],
                             "load %s\nundo\nspn\nload %s\nspn\nundo\nquit\n"
                             % (rec, spn))
            self.assertEqual(rc, 0)
            self.assertIn("Loaded the game from %s (classic 5, 4 actions)." % rec,
                          out)
            self.assertIn("Took back 2 actions.", out)
            self.assertIn("O> spn\n5/3x1/5/2x2/5 o 10 12 0 -\n", out)
            self.assertIn("X> spn\n5/3x1/1o1o1/2x2/5 x 10 10 0 -\n", out)
            self.assertIn("X> undo\nNothing to undo.", out)

    def test_load_a_record_with_other_rules(self):
        with tempfile.TemporaryDirectory() as tmp:
            rec = os.path.join(tmp, "m7.seega")
            with open(rec, "w") as f:
                f.write('[Rules "modern 7 quiet_limit=100"]\n\n1. X d3 c4\n*\n')
            rc, out, _ = run(["--side", "both", "--load", rec],
                             "rules\nquit\n")
            self.assertEqual(rc, 0)
            self.assertIn("(modern 7 quiet_limit=100, 2 actions)", out)
            self.assertIn("Rules: modern 7 quiet_limit=100", out)
            self.assertIn("    a b c d e f g\n", out)

    def test_malformed_files_are_refused_with_the_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "bad.seega")
            with open(bad, "w") as f:
                f.write('[Rules "classic 5"]\n\n1. X c2 d4\n2. O c2\n')
            junk = os.path.join(tmp, "junk.spn")
            with open(junk, "w") as f:
                f.write("this is not a position\n")
            rc, out, _ = run(["--side", "both"],
                             "c2\nload %s\nload %s\nspn\nquit\n" % (bad, junk))
            self.assertEqual(rc, 0)
            self.assertIn("bad.seega: line 4: c2 is not legal now", out)
            self.assertIn("junk.spn: bad SPN", out)
            # The game went on unchanged.
            self.assertIn("X> spn\n5/5/5/2x2/5 x 11 12 0 +\n", out)
            rc, _, _ = run(["--load", bad])
            self.assertEqual(rc, 1)


def make_tables(directory, rules="classic 5", max_pieces=2):
    """Endgame tables in directory, made by seega-tb (a fraction of a
    second for 2 pieces a side)."""
    subprocess.run([TB, "generate", rules, str(max_pieces), directory, "--quiet"],
                   check=True, timeout=120)


# CLASSIC: X to move; only c2-c1 flanks O's last piece (b1, with a1).
WIN_IN_1 = "5/5/5/2x2/xo3 x 0 0 0 -"
# CLASSIC: the longest win of 2 pieces against 1, 17 plies.
WIN_IN_17 = "5/5/1x3/3x1/4o x 0 0 0 -"


class Tables(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory()
        cls.dir = os.path.join(cls._tmp.name, "tables")
        os.mkdir(cls.dir)
        make_tables(cls.dir)
        for name, spn in (("win1", WIN_IN_1), ("win17", WIN_IN_17)):
            with open(os.path.join(cls._tmp.name, name + ".spn"), "w") as f:
                f.write(spn + "\n")

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def path(self, name):
        return os.path.join(self._tmp.name, name)

    def test_tables_that_cannot_be_opened(self):
        with tempfile.TemporaryDirectory() as empty:
            for args, words in (
                    (["--tables", empty], "no tables of these rules"),
                    (["--tables", os.path.join(empty, "none")], "no tables"),
                    (["--tables", self.dir, "--preset", "traditional"],
                     "cannot open the tables of traditional 5"),
                    (["--tables", self.dir, "--size", "7"], "5x5 only"),
                    (["--tables", self.dir, "--rules", "classic 5 quiet_limit=9"],
                     "cannot open the tables of classic 5 quiet_limit=9")):
                rc, out, err = run(args, "quit\n")
                self.assertEqual(rc, 1, args)
                self.assertIn("seega-play: ", err, args)
                self.assertIn(words, err, args)
                self.assertEqual(out, "", args)

    def test_empty_tables_directory_is_a_usage_error(self):
        # "" names no directory (not the root, "/classic+5.1v1.sgtb")
        for args in (["--tables", ""], ["--tables="]):
            rc, out, err = run(args, "quit\n")
            self.assertEqual(rc, 2, args)
            self.assertEqual(out, "", args)
            self.assertIn("seega-play: --tables needs a directory", err, args)

    def test_verdict_and_hint(self):
        rc, out, err = run(["--tables", self.dir, "--side", "both", "--ascii"],
                           "tables\nload %s\ntables\nhint\nc2-c1\ntables\n"
                           "new\ntables\nquit\n" % self.path("win1.spn"))
        self.assertEqual((rc, err), (0, ""))
        self.assertIn("Endgame tables: %s, up to 2 pieces a side." % self.dir, out)
        self.assertIn("X> tables\nTables: the position is not in the tables", out)
        self.assertIn("X> tables\nTables: X to move: win in 1 (best: c2-c1).", out)
        self.assertIn("X> hint\nHint: c2-c1 (tables: win in 1)", out)
        self.assertIn("Game over: X wins (material)", out)
        self.assertIn("> tables\nTables: the game is over.", out)
        self.assertIn("New game: classic 5.", out)
        # without --tables
        rc, out, _ = run(["--side", "both"], "tables\nquit\n")
        self.assertEqual(rc, 0)
        self.assertIn("Tables: no tables: start seega-play with --tables DIR.", out)

    def test_the_ai_plays_perfectly(self):
        # Both sides play by the tables: X wins in exactly 17 plies (17
        # turns: no chain nor extra turn on the way).
        rc, out, err = run(["--demo", "--level", "1", "--tables", self.dir,
                            "--load", self.path("win17.spn")])
        self.assertEqual((rc, err), (0, ""))
        self.assertIn("Game over: X wins (material)", out)
        self.assertEqual(len(re.findall(r"^Last turn: ", out, re.M)), 17)

    def test_records_with_other_rules(self):
        with tempfile.TemporaryDirectory() as tmp:
            trad = os.path.join(tmp, "t.seega")
            with open(trad, "w") as f:
                f.write('[Rules "traditional 5"]\n\n*\n')
            # no tables of TRADITIONAL: the record is refused
            rc, out, _ = run(["--tables", self.dir, "--side", "both"],
                             "load %s\nrules\nquit\n" % trad)
            self.assertEqual(rc, 0)
            self.assertIn("its rules (traditional 5) have no tables in %s" % self.dir, out)
            self.assertIn("Rules: classic 5\n", out)
            # with them, the tables of the record's rules are opened
            both = os.path.join(tmp, "both")
            os.mkdir(both)
            make_tables(both)
            make_tables(both, "traditional 5", 2)
            rc, out, _ = run(["--tables", both, "--side", "both"],
                             "load %s\nrules\ntables\nquit\n" % trad)
            self.assertEqual(rc, 0)
            self.assertIn("Loaded the game from %s (traditional 5, 0 actions)." % trad, out)
            self.assertIn("Rules: traditional 5\n", out)
            self.assertIn("Tables: the position is not in the tables", out)


class Progress(unittest.TestCase):
    def test_progress_while_the_ai_thinks(self):
        rc, out, _ = run(["--side", "o", "--level", "4", "--time", "1500"],
                         "quit\n")
        self.assertEqual(rc, 0)
        self.assertRegex(out, r"  thinking: depth \d+, best [a-e][1-5], score "
                              r"[-+]\d+\.\d\d, \d+\.\d s, \d+ nodes\n")


if __name__ == "__main__":
    unittest.main()
