"""The examples of examples/python run, and say what they should."""

import os
import subprocess
import sys
import unittest

import support


def example(name):
    return os.path.join(support.EXAMPLES_DIR, name)


@unittest.skipUnless(os.path.isdir(support.EXAMPLES_DIR), "examples/python not found")
class TestExamples(unittest.TestCase):
    def run_example(self, name, *args, stdin=None):
        p = subprocess.run([sys.executable, example(name)] + list(args), input=stdin,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, env=support.subprocess_env(), timeout=120)
        return p

    def test_analyse(self):
        p = self.run_example("analyse.py", "--depth", "3", "--playouts", "50", "--think-ms", "50",
                             "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("3 legal actions for o:", p.stdout)
        self.assertIn("b3-c3 c2-c3 c4-c3", p.stdout)
        self.assertIn("d=3", p.stdout)
        self.assertIn("50 random playouts", p.stdout)
        self.assertIn("engine (50 ms", p.stdout)

    def test_analyse_finished_and_bad(self):
        p = self.run_example("analyse.py", "--rules", "traditional", "5/1o3/5/1xx1x/5 o 0 0 0 -")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("x has won (material)", p.stdout)
        p = self.run_example("analyse.py", "5/5/5 x")
        self.assertEqual(p.returncode, 2)
        self.assertIn("bad SPN", p.stderr)

    def test_play(self):
        script = "moves\nhint\nc3\nzz\nc2\nd4\nundo\nquit\n"
        p = self.run_example("play.py", "--think-ms", "20", "--level", "1", stdin=script)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("legal: a1 a2", p.stdout)
        self.assertIn("hint: ", p.stdout)
        self.assertIn("not now: c3 is not legal now", p.stdout)
        self.assertIn("'zz' is not an action", p.stdout)
        self.assertIn("engine plays ", p.stdout)
        self.assertIn("taken back: ", p.stdout)

    def test_play_as_o(self):
        # x places first: the engine makes both placements, then asks; the
        # end of input ends the session cleanly.
        p = self.run_example("play.py", "--side", "o", "--think-ms", "5", "--level", "1",
                             "--rules", "modern", stdin="")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.count("engine plays "), 2)
        self.assertIn("o to place", p.stdout)

    def test_tournament(self):
        p = self.run_example("tournament.py", "--levels", "1", "2", "--games", "2",
                             "--think-ms", "10", "--rules", "modern", "--max-actions", "150")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("standings", p.stdout)
        self.assertEqual(p.stdout.count(" actions\n"), 2)
        p = self.run_example("tournament.py", "--levels", "1")
        self.assertNotEqual(p.returncode, 0)


if __name__ == "__main__":
    unittest.main()
