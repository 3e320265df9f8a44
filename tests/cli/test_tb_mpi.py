"""seega-tb-mpi, the tablebase generator over MPI (docs/distributed.md), as
a cluster user runs it: under mpirun with 2 ranks, and 3 on 2 cores
(--oversubscribe). Run by ctest with SEEGA_TB and SEEGA_TB_MPI set to the
two programs and MPIEXEC to Open MPI's mpirun.

- Its files equal, byte for byte (SHA-256), the threaded generator's, on
  the tiers up to 3 against 3 of CLASSIC and MODERN (a quiet limit).
- bench prints its table, with values sent between the ranks, and
  removes what it wrote.
- A bad command line is a usage error printed once, by rank 0; every
  rank exits with 2, and no rank aborts the job.
- A rank killed mid-run (SIGKILL) fails the run with Open MPI's message
  naming the rank; the rerun keeps the finished pairs, and ends with the
  threaded generator's files.
"""
import hashlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

TB = os.environ.get("SEEGA_TB", "seega-tb")
TB_MPI = os.environ.get("SEEGA_TB_MPI", "seega-tb-mpi")
MPIEXEC = os.environ.get("MPIEXEC") or "mpirun"


def mpirun(np, args, timeout=300, options=(), program=None):
    """mpirun -np NP [OPTIONS] seega-tb-mpi ARGS (or PROGRAM ARGS):
    (status, stdout, stderr)."""
    cmd = [MPIEXEC, "-np", str(np)] + list(options)
    if np > (os.cpu_count() or 1):
        cmd.append("--oversubscribe")
    if os.geteuid() == 0:
        cmd.append("--allow-run-as-root")
    p = subprocess.run(cmd + [program or TB_MPI] + args,
                       stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def threaded(args, timeout=300):
    p = subprocess.run([TB] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def digests(d):
    """{file name: SHA-256} of the tables in d."""
    out = {}
    for name in sorted(os.listdir(d)):
        with open(os.path.join(d, name), "rb") as f:
            out[name] = hashlib.sha256(f.read()).hexdigest()
    return out


class SameFiles(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="seega-cli-tb-mpi-")

    def tearDown(self):
        shutil.rmtree(self.root, ignore_errors=True)

    def dir(self, name):
        d = os.path.join(self.root, name)
        os.mkdir(d)
        return d

    def check_preset(self, rules):
        alone = self.dir("threads")
        rc, _, err = threaded(["generate", rules, "3", alone, "--threads",
                               "2", "--quiet"])
        self.assertEqual(rc, 0, err)
        want = digests(alone)
        self.assertEqual(len(want), 9)  # 1v1 .. 3v3
        for np in (2, 3):
            d = self.dir("np%d" % np)
            rc, out, err = mpirun(np, ["generate", rules, "3", d])
            self.assertEqual(rc, 0, err)
            self.assertEqual(out, "")
            # progress once, from rank 0
            self.assertEqual(err.count("tiers 3v3 and 3v3: done"), 1, err)
            self.assertEqual(digests(d), want, "%s, %d ranks" % (rules, np))

    def test_classic(self):
        self.check_preset("classic 5")

    def test_modern(self):
        self.check_preset("modern 5")

    def test_other_commands_run_once(self):
        d = self.dir("t")
        rc, _, err = mpirun(2, ["generate", "classic 5", "2", d, "--quiet"])
        self.assertEqual(rc, 0, err)
        rc, out, err = mpirun(2, ["stats", d])
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.count("max pieces a side: 2"), 1, out)

    def test_bad_command_line(self):
        # Every rank checks the command line: the message once (rank 0),
        # then each rank reaches MPI_Finalize and exits with 2, which
        # mpirun reports (with its note that a process exited with a
        # non-zero status) as its own; no rank aborts the job.
        d = self.dir("b")
        for args, words in (
                (["generate", "classic 5", "13", d],
                 "MAX must be a number of pieces, 1 .. 12 under classic 5"),
                (["generate", "classic 5", "3", ""], "directory is empty"),
                (["bench", "classic 5", "3", d, "--batch", "-1"],
                 "--batch takes 0 .. "),
                (["probe", d], "seega-tb-mpi probe DIR SPN")):
            rc, out, err = mpirun(2, args)
            self.assertEqual(rc, 2, err)
            self.assertEqual(out, "", args)
            self.assertEqual(err.count(words), 1, err)
            self.assertLessEqual(err.count("seega-tb: "), 1, err)
            self.assertLessEqual(err.count("usage: "), 1, err)
            self.assertNotIn("ORTE_ERROR_LOG", err)
            self.assertNotIn("MPI_ABORT", err)
            self.assertNotIn("rank 1", err)
        self.assertEqual(os.listdir(d), [])

    def test_bad_command_line_exits_2_on_every_rank(self):
        # Each rank, through sh, prints its status; mpirun is told to let
        # every rank end rather than stop the job at the first non-zero
        # status (and then exits 0 itself).
        wrap = ('"$0" "$@"; s=$?; '
                'echo "rank $OMPI_COMM_WORLD_RANK exit $s" >&2; exit $s')
        for args in (["generate", "classic 5", "13", self.root],
                     ["stats", ""]):
            _, _, err = mpirun(2, ["-c", wrap, TB_MPI] + args, program="sh",
                               options=["--mca",
                                        "orte_abort_on_non_zero_status", "0"])
            self.assertIn("rank 0 exit 2", err)
            self.assertIn("rank 1 exit 2", err)
            self.assertNotIn("ORTE_ERROR_LOG", err)

    def test_several_rule_sets(self):
        d = self.dir("s")
        for rules in ("classic 5", "modern 5"):
            rc, _, err = threaded(["generate", rules, "2", d, "--quiet"])
            self.assertEqual(rc, 0, err)
        rc, out, err = mpirun(2, ["stats", d])
        self.assertEqual(rc, 2, err)
        self.assertEqual(err.count("several rule sets"), 1, err)
        rc, out, err = mpirun(2, ["stats", d, "--rules", "modern 5"])
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.count("rules: modern 5\n"), 1, out)

    def test_missing_directory_fails_on_every_rank(self):
        missing = os.path.join(self.root, "missing")
        rc, _, err = mpirun(2, ["generate", "classic 5", "2", missing])
        self.assertNotEqual(rc, 0)
        # one message, from the rank where it failed
        self.assertEqual(err.count("seega-tb: rank 0: "), 1, err)
        self.assertIn(missing, err)


class Bench(unittest.TestCase):
    def test_bench_table(self):
        root = tempfile.mkdtemp(prefix="seega-cli-tb-mpi-")
        try:
            rc, out, err = mpirun(2, ["bench", "classic 5", "3", root,
                                      "--batch", "1000"])
            self.assertEqual(rc, 0, err)
            self.assertIn("2 ranks x 1 thread, batch 1000", out)
            rows = {}
            for line in out.splitlines():
                f = line.split()
                if f and re.fullmatch(r"\dv\d|all", f[0]):
                    rows[f[0]] = f
            self.assertEqual(len(rows), 7, out)  # 6 pairs and all
            # positions: as seega-tb stats counts them
            d = os.path.join(root, "t")
            os.mkdir(d)
            threaded(["generate", "classic 5", "3", d, "--quiet"])
            rc, stats, err = threaded(["stats", d])
            self.assertEqual(rc, 0, err)
            total = [l.split() for l in stats.splitlines()
                     if l.startswith("all")][0]
            self.assertEqual(rows["all"][1], total[1])
            # values crossed between the ranks, tables went to rank 0
            self.assertGreater(float(rows["all"][6]), 0)
            self.assertGreater(float(rows["all"][7]), 0)
            # nothing left behind but our own directory
            self.assertEqual(sorted(os.listdir(root)), ["t"])
        finally:
            shutil.rmtree(root, ignore_errors=True)


class RankDies(unittest.TestCase):
    def test_killed_rank_fails_the_run_and_rerun_resumes(self):
        root = tempfile.mkdtemp(prefix="seega-cli-tb-mpi-")
        try:
            d = os.path.join(root, "mpi")
            os.mkdir(d)
            pidfile = os.path.join(root, "rank1.pid")
            # rank 1 writes its PID, then becomes seega-tb-mpi
            wrap = ('if [ "$OMPI_COMM_WORLD_RANK" = 1 ]; then '
                    'echo $$ > "%s"; fi; exec "$0" "$@"' % pidfile)
            cmd = [MPIEXEC, "-np", "2"]
            if os.geteuid() == 0:
                cmd.append("--allow-run-as-root")
            cmd += ["sh", "-c", wrap, TB_MPI, "generate", "classic 5", "4", d]
            p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            lines = []
            for raw in p.stdout:
                line = raw.decode("utf-8")
                lines.append(line)
                if line.startswith("tiers 3v4 and 4v3: ") and "done" not in line:
                    break  # the largest pairs are under way
            with open(pidfile) as f:
                os.kill(int(f.read()), signal.SIGKILL)
            rest, _ = p.communicate(timeout=120)
            err = "".join(lines) + rest.decode("utf-8")
            self.assertNotEqual(p.returncode, 0, err)
            self.assertRegex(err, r"process rank 1 .* signal 9", err)
            self.assertNotIn("tiers 4v4 and 4v4: done", err)
            finished = sorted(n for n in os.listdir(d) if n.endswith(".sgtb"))
            self.assertIn("classic+5.3v3.sgtb", finished)
            self.assertNotIn("classic+5.4v4.sgtb", finished)

            rc, _, err = mpirun(2, ["generate", "classic 5", "4", d])
            self.assertEqual(rc, 0, err)
            self.assertIn("tiers 3v3 and 3v3: on disk, kept", err)
            self.assertIn("tiers 4v4 and 4v4: done", err)
            self.assertNotIn("tiers 3v3 and 3v3: done", err)

            alone = os.path.join(root, "threads")
            os.mkdir(alone)
            rc, _, err = threaded(["generate", "classic 5", "4", alone,
                                   "--quiet"])
            self.assertEqual(rc, 0, err)
            got = {k: v for k, v in digests(d).items() if k.endswith(".sgtb")}
            self.assertEqual(got, digests(alone))
        finally:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
