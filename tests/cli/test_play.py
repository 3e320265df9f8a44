"""seega-play end to end through a pipe: options, the demo, a session of
commands, files, bad input. Run by ctest with SEEGA_PLAY set to the program.
"""
import os
import re
import subprocess
import tempfile
import unittest

PLAY = os.environ.get("SEEGA_PLAY", "seega-play")
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
                    "--load", "--ascii", "--help", "--version"]:
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


class Progress(unittest.TestCase):
    def test_progress_while_the_ai_thinks(self):
        rc, out, _ = run(["--side", "o", "--level", "4", "--time", "1500"],
                         "quit\n")
        self.assertEqual(rc, 0)
        self.assertRegex(out, r"  thinking: depth \d+, best [a-e][1-5], score "
                              r"[-+]\d+\.\d\d, \d+\.\d s, \d+ nodes\n")


if __name__ == "__main__":
    unittest.main()
