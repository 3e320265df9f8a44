"""seega-tb end to end: generate (and resume), probe, stats, verify, and bad
input, as other tools call it (docs/tablebases.md). Run by ctest with
SEEGA_TB set to the program.

The probed positions are worked out by hand from docs/rules.md (CLASSIC:
a side with no piece left has lost; a lone piece cannot sandwich).
"""
import os
import re
import shutil
import subprocess
import tempfile
import unittest

TB = os.environ.get("SEEGA_TB", "seega-tb")


def run(args, timeout=300):
    """Run seega-tb; (status, stdout, stderr)."""
    p = subprocess.run([TB] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


class Tables(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="seega-cli-tb-")
        cls.gen = run(["generate", "classic 5", "3", cls.dir])

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def test_generate_writes_every_tier(self):
        rc, out, err = self.gen
        self.assertEqual(rc, 0, err)
        self.assertEqual(out, "")
        self.assertIn("tiers 3v3 and 3v3", err)  # progress on stderr
        names = sorted(os.listdir(self.dir))
        want = sorted("classic+5.%dv%d.sgtb" % (u, t)
                      for u in range(1, 4) for t in range(1, 4))
        self.assertEqual(names, want)

    def test_generate_again_keeps_the_finished_tiers(self):
        before = {n: os.stat(os.path.join(self.dir, n)).st_mtime_ns
                  for n in os.listdir(self.dir)}
        rc, _, err = run(["generate", "classic 5", "3", self.dir])
        self.assertEqual(rc, 0, err)
        self.assertIn("on disk, kept", err)
        after = {n: os.stat(os.path.join(self.dir, n)).st_mtime_ns
                 for n in os.listdir(self.dir)}
        self.assertEqual(before, after)

    def test_probe_lines_in_order(self):
        rc, out, err = run([
            "probe", self.dir,
            # X steps d1-c1: b1 is caught between a1 and c1, O has no piece
            # left and loses: a win in one ply, and the only one.
            "5/5/5/5/xo1x1 x 0 0 0 -",
            # One piece each: no one can ever sandwich; X's only step.
            "5/5/5/5/xo3 x 0 0 0 -",
            # O has no piece: the game is over, lost for O to move.
            "5/5/5/5/x1x2 o 0 0 0 -",
        ])
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.splitlines(),
                         ["win 1 d1-c1", "draw - a1-a2", "loss 0 -"])

    def test_probe_inside_a_turn(self):
        # X's a2 is in a chain (it captured, and can capture again): the
        # answer comes through the chain's actions, which are the captures
        # of that piece and pass (docs/rules.md, chain captures).
        rc, out, err = run(["probe", self.dir, "x3o/5/1o3/x1ox1/5 x 0 0 0 a2"])
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"^(win \d+|draw -|loss \d+) (a2-[a-e][1-5]|pass)\n$")

    def test_probe_of_a_position_not_covered(self):
        rc, out, err = run(["probe", self.dir, "5/5/5/5/xo1x1 x 0 0 0 -",
                            "xxxx1/oooo1/5/5/5 x 0 0 0 -"])
        self.assertEqual(rc, 1)
        self.assertEqual(out.splitlines(), ["win 1 d1-c1"])
        self.assertRegex(err, r"not in the tables")

    def test_probe_of_the_placing(self):
        rc, _, err = run(["probe", self.dir, "5/5/5/5/5 x 12 12 0 -"])
        self.assertEqual(rc, 1)
        self.assertNotEqual(err, "")

    def test_probe_of_a_bad_spn(self):
        rc, _, err = run(["probe", self.dir, "not an spn"])
        self.assertEqual(rc, 1)
        self.assertIn("not an spn", err)

    def test_stats(self):
        rc, out, err = run(["stats", self.dir])
        self.assertEqual(rc, 0, err)
        self.assertIn("rules: classic 5", out)
        self.assertIn("max pieces a side: 3", out)
        rows = {}
        for line in out.splitlines():
            f = line.split()
            if f and re.match(r"^(\dv\d|all)$", f[0]):
                rows[f[0]] = [int(x) for x in f[1:5]]
        self.assertEqual(len(rows), 10)
        for name, (pos, w, d, l) in rows.items():
            self.assertEqual(pos, w + d + l, name)
        self.assertEqual(rows["all"][0],
                         sum(r[0] for n, r in rows.items() if n != "all"))
        # 1v3: a lone piece never captures, three pieces always catch it.
        self.assertEqual(rows["1v3"][1:], [0, 0, rows["1v3"][0]])
        self.assertEqual(rows["3v1"][1:], [rows["3v1"][0], 0, 0])

    def test_verify(self):
        rc, out, err = run(["verify", self.dir])
        self.assertEqual(rc, 0, err)
        self.assertEqual(len(re.findall(r"positions consistent", out)), 9)


class BadInput(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="seega-cli-tb-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_usage(self):
        for args in ([], ["frobnicate"], ["generate", "classic 5"],
                     ["generate", "classic 5", "3", self.dir, "--bogus"]):
            rc, _, err = run(args)
            self.assertEqual(rc, 2, args)
            self.assertIn("usage", err)

    def test_unknown_rules(self):
        rc, _, err = run(["generate", "chess 5", "3", self.dir])
        self.assertEqual(rc, 1)
        self.assertNotEqual(err, "")
        self.assertEqual(os.listdir(self.dir), [])

    def test_rules_with_a_quiet_limit(self):
        # MODERN: 50 quiet turns, then the count. X a1, e5 against O c3
        # never capture; the count gives X the game when the limit comes,
        # which is as many quiet turns away as the counter leaves.
        rc, _, err = run(["generate", "modern 5", "2", self.dir, "--quiet"])
        self.assertEqual(rc, 0, err)
        rc, out, err = run(["probe", self.dir,
                            "4x/5/2o2/5/x4 x 0 0 0 -",
                            "4x/5/2o2/5/x4 x 0 0 49 -",
                            "4x/5/2o2/5/x4 o 0 0 30 -",
                            "4x/5/2o2/5/5 x 0 0 49 -"])
        self.assertEqual(rc, 0, err)
        lines = [l.split() for l in out.splitlines()]
        self.assertEqual([l[:2] for l in lines],
                         [["win", "50"], ["win", "1"], ["loss", "20"],
                          ["draw", "-"]])
        rc, out, err = run(["stats", self.dir])
        self.assertEqual(rc, 0, err)
        self.assertIn("modern 5", out)

    def test_bad_max(self):
        for m in ["0", "13", "x"]:
            rc, _, err = run(["generate", "classic 5", m, self.dir])
            self.assertNotEqual(rc, 0, m)
            self.assertNotEqual(err, "")

    def test_missing_directory(self):
        rc, _, err = run(["generate", "classic 5", "2",
                          os.path.join(self.dir, "nowhere")])
        self.assertEqual(rc, 1)
        self.assertNotEqual(err, "")

    def test_directory_without_tables(self):
        for cmd in (["probe", self.dir, "5/5/5/5/xo3 x 0 0 0 -"],
                    ["stats", self.dir], ["verify", self.dir]):
            rc, _, err = run(cmd)
            self.assertEqual(rc, 1, cmd)
            self.assertIn("no tables", err)

    def test_corrupt_file(self):
        rc, _, err = run(["generate", "classic 5", "2", self.dir])
        self.assertEqual(rc, 0, err)
        path = os.path.join(self.dir, "classic+5.2v2.sgtb")
        with open(path, "r+b") as f:
            f.seek(600)
            b = f.read(1)
            f.seek(600)
            f.write(bytes([b[0] ^ 0xFF]))
        rc, _, err = run(["probe", self.dir, "5/5/5/5/xo3 x 0 0 0 -"])
        self.assertEqual(rc, 1)
        self.assertIn("checksum", err)


if __name__ == "__main__":
    unittest.main()
