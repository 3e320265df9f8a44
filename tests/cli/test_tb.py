"""seega-tb end to end: generate (and resume), probe, stats, verify, bad
input (every usage error exits 2), a directory with several rule sets
(--rules), and the progress within a pair on a terminal, on a pipe and
with --quiet, as other tools call it (docs/tablebases.md). Run by ctest
with SEEGA_TB set to the program.

The probed positions are worked out by hand from docs/rules.md (CLASSIC:
a side with no piece left has lost; a lone piece cannot sandwich).
"""
import os
import pty
import re
import select
import shutil
import subprocess
import tempfile
import time
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

    def test_pack_answers_as_the_directory(self):
        packdir = tempfile.mkdtemp(prefix="seega-cli-tb-pack-")
        try:
            pack = os.path.join(packdir, "classic+5.sgtbpack")
            rc, out, err = run(["pack", self.dir, "3", pack])
            self.assertEqual(rc, 0, err)
            self.assertIn("packed", out)
            plain = sum(os.path.getsize(os.path.join(self.dir, n))
                        for n in os.listdir(self.dir))
            self.assertLess(os.path.getsize(pack) * 4, plain)
            spns = ["5/5/5/5/xo1x1 x 0 0 0 -", "5/5/5/5/xo3 x 0 0 0 -",
                    "x3o/5/1o3/x1ox1/5 x 0 0 0 a2",
                    "5/5/xox2/2oo1/1x3 x 0 0 0 -"]
            a = run(["probe", self.dir] + spns)
            b = run(["probe", pack] + spns)  # rules from the name
            self.assertEqual(a[0], 0, a[2])
            self.assertEqual(b, a)
            a = run(["stats", self.dir])
            b = run(["stats", pack])
            self.assertEqual(b, a)
            rc, out, err = run(["verify", pack])
            self.assertEqual(rc, 0, err)
            self.assertEqual(len(re.findall(r"positions consistent", out)), 9)
            # a pack of fewer tiers
            small = os.path.join(packdir, "small.sgtbpack")
            rc, _, err = run(["pack", pack, "2", small])
            self.assertEqual(rc, 0, err)
            # its name does not say its rules: --rules, else a usage error
            rc, _, err = run(["stats", small])
            self.assertEqual(rc, 2)
            self.assertIn("--rules", err)
            rc, out, err = run(["stats", small, "--rules", "classic 5"])
            self.assertEqual(rc, 0, err)
            self.assertIn("max pieces a side: 2", out)
            # more tiers than the tables hold; an empty name
            rc, _, err = run(["pack", self.dir, "4", small])
            self.assertEqual(rc, 2)
            self.assertIn("up to 3", err)
            rc, _, err = run(["pack", self.dir, "3", ""])
            self.assertEqual(rc, 2)
            # a damaged pack: refused with its name
            with open(pack, "r+b") as f:
                f.seek(70)
                f.write(b"\xff")
            rc, _, err = run(["stats", pack])
            self.assertEqual(rc, 1)
            self.assertIn(pack, err)
        finally:
            shutil.rmtree(packdir, ignore_errors=True)


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

    def test_help(self):
        rc, out, err = run(["--help"])
        self.assertEqual(rc, 0, err)
        for word in ("generate", "bench", "probe", "stats", "verify",
                     "--threads", "--quiet", "--rules"):
            self.assertIn(word, out)
        self.assertNotIn("--batch", out)  # seega-tb-mpi's

    def test_bad_rules_are_a_usage_error(self):
        for rules, words in (("chess 5", "bad rules 'chess 5'"),
                             ("classic 7", "5x5 rules only")):
            rc, _, err = run(["generate", rules, "3", self.dir])
            self.assertEqual(rc, 2, rules)
            self.assertIn(words, err)
        self.assertEqual(os.listdir(self.dir), [])

    def test_empty_directory_is_a_usage_error(self):
        # "" is no directory: not the root, where the library would put
        # "/classic+5.1v1.sgtb"
        root_file = "/classic+5.1v1.sgtb"
        was_there = os.path.exists(root_file)
        spn = "5/5/5/5/xo3 x 0 0 0 -"
        for args in (["generate", "classic 5", "2", ""],
                     ["bench", "classic 5", "2", ""],
                     ["probe", "", spn], ["stats", ""], ["verify", ""],
                     ["stats", "", "--rules", "classic 5"]):
            rc, out, err = run(args)
            self.assertEqual(rc, 2, args)
            self.assertEqual(out, "", args)
            self.assertIn("the directory is empty", err, args)
        self.assertEqual(os.path.exists(root_file), was_there)

    def test_numbers_are_parsed_strictly(self):
        for threads in ("4294967297", "", "0", "65", "-1", "2x", " 2", "+2",
                        "0x2"):
            rc, out, err = run(["generate", "classic 5", "1", self.dir,
                                "--threads", threads])
            self.assertEqual(rc, 2, repr(threads))
            self.assertIn("--threads takes 1 .. 64 (got '%s')" % threads, err)
        rc, _, err = run(["generate", "classic 5", "1", self.dir, "--threads"])
        self.assertEqual(rc, 2)
        self.assertIn("--threads needs a number", err)
        self.assertEqual(os.listdir(self.dir), [])
        rc, _, err = run(["generate", "classic 5", "1", self.dir,
                          "--threads", "64", "--quiet"])
        self.assertEqual(rc, 0, err)

    def test_batch_is_for_the_mpi_program(self):
        for cmd in ("generate", "bench"):
            rc, out, err = run([cmd, "classic 5", "1", self.dir,
                                "--batch", "1000"])
            self.assertEqual(rc, 2, cmd)
            self.assertIn("--batch is for seega-tb-mpi", err)
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
        self.assertIn("distances in plies to the one that settles", out)
        # A capture now (c2-c1 takes O's last piece) settles the game in
        # one ply at every counter, as the probe of the library and a
        # search with the tables say (test_tablebase's
        # test_quiet_distances); X b2, b1 against O a1 needs two quiet
        # turns of each side first (5 plies), unless the count, 2 plies
        # away at 48, comes first.
        spns = ["5/5/5/2x2/xo3 x 0 0 %d -" % q for q in (0, 1, 48)]
        spns += ["5/5/5/1x3/ox3 x 0 0 %d -" % q for q in (0, 1, 48, 49)]
        rc, out, err = run(["probe", self.dir] + spns)
        self.assertEqual(rc, 0, err)
        self.assertEqual([l.split() for l in out.splitlines()],
                         [["win", "1", "c2-c1"]] * 3 +
                         [["win", "5", "b2-a2"], ["win", "5", "b2-a2"],
                          ["win", "2", "b2-b3"], ["win", "1", "b2-b3"]])

    def test_bad_max(self):
        # MAX out of range for the rules is a usage error, as a word is
        for rules, m, lo in (("classic 5", "0", 1), ("classic 5", "13", 1),
                             ("classic 5", "-1", 1), ("classic 5", "100", 1),
                             ("classic 5", "x", 1), ("classic 5", "", 1),
                             ("classic 5", "3x", 1),
                             ("classic 5", "99999999999999999999", 1),
                             ("traditional 5", "1", 2)):
            rc, _, err = run(["generate", rules, m, self.dir])
            self.assertEqual(rc, 2, (rules, m))
            self.assertIn("MAX must be a number of pieces, %d .. 12 under "
                          "%s (got '%s')" % (lo, rules, m), err)
        self.assertEqual(os.listdir(self.dir), [])

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


class SeveralRuleSets(unittest.TestCase):
    """A directory with the tables of CLASSIC and MODERN, 2 pieces a side:
    probe, stats and verify pick one with --rules."""

    # CLASSIC: X steps d1-c1 and takes O's last piece; under MODERN the
    # same step wins too.
    SPN = "5/5/5/5/xo1x1 x 0 0 0 -"

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="seega-cli-tb-")
        for rules in ("classic 5", "modern 5"):
            rc, _, err = run(["generate", rules, "2", cls.dir, "--quiet"])
            assert rc == 0, err

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def test_without_rules_a_usage_error_lists_the_sets(self):
        for args in (["probe", self.dir, self.SPN], ["stats", self.dir],
                     ["verify", self.dir]):
            rc, out, err = run(args)
            self.assertEqual(rc, 2, args)
            self.assertEqual(out, "", args)
            self.assertIn("holds the tables of several rule sets: "
                          "'classic 5', 'modern 5'; pass --rules", err)

    def test_rules_picks_the_set(self):
        for rules in ("classic 5", "modern 5"):
            rc, out, err = run(["stats", self.dir, "--rules", rules])
            self.assertEqual(rc, 0, err)
            self.assertIn("rules: %s\n" % rules, out)
            self.assertIn("max pieces a side: 2", out)
        # the option anywhere after the command, and as --rules=RULES
        rc, out, err = run(["probe", "--rules=classic 5", self.dir, self.SPN])
        self.assertEqual(rc, 0, err)
        self.assertEqual(out, "win 1 d1-c1\n")
        rc, out, err = run(["probe", self.dir, self.SPN, "--rules", "modern 5"])
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"^win \d+ d1-c1\n$")
        rc, out, err = run(["verify", self.dir, "--rules", "modern 5"])
        self.assertEqual(rc, 0, err)
        self.assertEqual(len(re.findall(r"positions consistent", out)), 4)

    def test_rules_without_tables_or_bad(self):
        rc, _, err = run(["stats", self.dir, "--rules", "traditional 5"])
        self.assertEqual(rc, 1)
        self.assertIn("no tables", err)
        for args, words in ((["stats", self.dir, "--rules", "chess"],
                             "bad rules 'chess'"),
                            (["stats", self.dir, "--rules", "classic 7"],
                             "5x5 rules only"),
                            (["stats", self.dir, "--rules"],
                             "--rules needs a rules text")):
            rc, _, err = run(args)
            self.assertEqual(rc, 2, args)
            self.assertIn(words, err)

    def test_one_set_needs_no_rules(self):
        one = tempfile.mkdtemp(prefix="seega-cli-tb-")
        try:
            for name in os.listdir(self.dir):
                if name.startswith("modern+5."):
                    shutil.copy(os.path.join(self.dir, name), one)
            rc, out, err = run(["stats", one])
            self.assertEqual(rc, 0, err)
            self.assertIn("rules: modern 5\n", out)
            rc, out, err = run(["stats", one, "--rules", "modern 5"])
            self.assertEqual(rc, 0, err)
        finally:
            shutil.rmtree(one, ignore_errors=True)


# The progress within a pair: "classic 5" up to 4 against 4 on one thread,
# stopped once it has shown what is checked. Its pair 2v4 takes about a
# second, 3v4 several.
GEN4 = ["generate", "classic 5", "4", None, "--threads", "1"]
WORK_LINE = (r"tiers (\dv\d) and \dv\d: level \d+, \d+/\d+ slots "
             r"\(\d+%\), \d+ slots/s, \d+\.\d s")
LEVEL_LINE = r"tiers \dv\d and \dv\d: level \d+ done, \d+\.\d s"
PAIR_LINE = r"tiers \dv\d and \dv\d: (\d+ slots|done in .*|on disk, kept)"


def on_tty(args, until, timeout=60):
    """Run seega-tb with a pseudo-terminal as stdin, stdout and stderr
    until until(output so far) is true (or it exits, or the time is up);
    then kill it. The output, with the terminal's \\r\\n."""
    master, slave = pty.openpty()
    p = subprocess.Popen([TB] + args, stdin=slave, stdout=slave,
                         stderr=slave, close_fds=True)
    data = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                data += os.read(master, 65536)
                if until(data.decode("utf-8", "replace")):
                    break
            elif p.poll() is not None:
                break
    finally:
        p.kill()
        p.wait()
        os.close(slave)
        os.close(master)
    return data.decode("utf-8", "replace")


class Progress(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="seega-cli-tb-")
        self.args = [a if a is not None else self.dir for a in GEN4]

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_status_line_in_place_on_a_terminal(self):
        def seen(out):
            # a status line with the sweep, then a pair's line after it
            m = re.search(WORK_LINE, out)
            return m is not None and "\r\n" in out[m.end():]
        out = on_tty(self.args, seen)
        self.assertRegex(out, "\r" + WORK_LINE)
        lines = out.split("\r\n")[:-1]  # the last one is cut short
        self.assertIn("tiers 1v1 and 1v1: done in", out)
        for line in lines:
            # each \r rewrites the line from its start: what stays on the
            # terminal is the pair's line alone, the status erased
            shown = ""
            for seg in line.split("\r"):
                shown = seg + shown[len(seg):]
            self.assertRegex(shown.rstrip(" "), "^" + PAIR_LINE + "$",
                             repr(line))
            for seg in line.split("\r")[1:-1]:
                self.assertRegex(seg, r"^(tiers \dv\d and \dv\d: level | *$)")

    def test_a_line_at_most_every_5_s_otherwise(self):
        p = subprocess.Popen([TB] + self.args, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        lines = []  # (seconds, line)
        t0 = time.monotonic()
        try:
            for raw in p.stderr:
                lines.append((time.monotonic() - t0, raw.decode("utf-8")))
                if re.match(r"tiers \dv\d and \dv\d: level ", lines[-1][1]):
                    break
                self.assertLess(time.monotonic() - t0, 120, lines)
        finally:
            p.kill()
            p.wait()
            p.stderr.close()
        at, work = lines[-1]
        # a plain line: the pair, the level, the sweep's slots, the rate
        # and the time (or a level done)
        self.assertRegex(work, "^(" + WORK_LINE + "|" + LEVEL_LINE + ")\n$")
        self.assertNotIn("\r", "".join(l for _, l in lines))
        # not before 5 s after the line before it (the pair's start)
        before, start = lines[-2]
        self.assertRegex(start, r"^tiers \dv\d and \dv\d: \d+ slots\n$")
        self.assertEqual(start.split(":")[0], work.split(":")[0])
        self.assertGreater(at - before, 4.5)
        for _, line in lines[:-1]:
            self.assertRegex(line, "^" + PAIR_LINE + "\n$")

    def test_quiet_prints_nothing_even_on_a_terminal(self):
        t0 = time.monotonic()
        out = on_tty(self.args + ["--quiet"], lambda out: True, timeout=2)
        self.assertEqual(out, "")
        self.assertGreater(time.monotonic() - t0, 1.9)  # it ran that long
        # the pairs it finished are on disk
        self.assertIn("classic+5.1v1.sgtb", os.listdir(self.dir))


if __name__ == "__main__":
    unittest.main()
