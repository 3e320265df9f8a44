"""Ctrl-C during generate_tablebase: a real SIGINT to a child process that
generates the CLASSIC tables of 4 pieces a side (tens of seconds), with
and without a progress function. The generation must stop within a
second or so, raise KeyboardInterrupt once it has stopped, with SIGINT's
handler restored and nothing printed by ctypes ("Exception ignored ..."),
keep the pairs of tiers it finished and drop the one under way; a run
again resumes from those pairs. Also: the "work" progress within a pair.
"""

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

import support
import seega

CHILD = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, sys.argv[1])
    import seega
    directory, mode = sys.argv[2], sys.argv[3]
    seen = []

    def progress(info):
        try:
            if (info.mover, info.other, info.stage) == (2, 4, "start"):
                print("running", flush=True)
        except BaseException as e:  # must never see Ctrl-C
            seen.append(e)
            raise

    try:
        if mode == "progress":
            seega.generate_tablebase("classic", 4, directory, threads=2,
                                     progress=progress)
        else:
            print("running", flush=True)
            seega.generate_tablebase("classic", 4, directory, threads=2)
    except KeyboardInterrupt:
        default = signal.getsignal(signal.SIGINT) is signal.default_int_handler
        print("interrupted, handler restored: %s" % default, flush=True)
        print("progress saw: %r" % (seen,), flush=True)
        sys.exit(3)
    print("not interrupted", flush=True)
""")

PAIRS_UP_TO_3 = [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)]


def tier_files(directory):
    return sorted(n for n in os.listdir(directory) if n.endswith(".sgtb"))


class TestCtrlC(unittest.TestCase):
    def interrupt(self, mode):
        """Generate in a child; once it has finished the pairs of 5 pieces
        (with progress: at the start of 2v4; without: once the files of
        2v3 are on disk), send SIGINT. Returns the directory's files and
        the seconds from the signal to the child's exit."""
        tmp = tempfile.TemporaryDirectory(prefix="seega-tb-int-")
        self.addCleanup(tmp.cleanup)
        d = tmp.name
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, support.IMPORT_ROOT, d, mode],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            self.assertEqual(child.stdout.readline().strip(), "running")
            if mode == "progress":
                time.sleep(0.2)  # into 2v4, which takes a second or more
            else:
                end = time.monotonic() + 60
                while ("classic+5.3v2.sgtb" not in os.listdir(d)
                       and time.monotonic() < end):
                    time.sleep(0.02)
            child.send_signal(signal.SIGINT)
            start = time.monotonic()
            out, err = child.communicate(timeout=20)
            took = time.monotonic() - start
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            self.fail("%s: still generating 20 s after SIGINT; stderr: %s" % (mode, err))
        finally:
            if child.poll() is None:
                child.kill()
                child.communicate()
        print("\n%s: exited %.2f s after SIGINT" % (mode, took), file=sys.stderr)
        self.assertEqual(child.returncode, 3, "%s: %s %s" % (mode, out, err))
        self.assertIn("interrupted, handler restored: True", out)
        self.assertIn("progress saw: []", out)
        self.assertNotIn("Exception ignored", err)
        self.assertEqual(err, "")
        self.assertLess(took, 2.0)
        return d, tier_files(d), took

    def resume(self, d):
        """A run again up to 3 pieces a side keeps the pairs on disk."""
        seen = []
        seega.generate_tablebase("classic", 3, d, threads=2, progress=seen.append)
        found = [(p.mover, p.other) for p in seen if p.stage == "found"]
        done = [(p.mover, p.other) for p in seen if p.stage == "done"]
        self.assertEqual(sorted(found + done), PAIRS_UP_TO_3)
        with seega.Tablebase.open("classic", d) as tb:
            self.assertGreaterEqual(tb.max_pieces, 3)
        return found

    def test_ctrl_c_with_progress(self):
        d, files, _ = self.interrupt("progress")
        # the pairs of 5 pieces and fewer stay; 2v4, under way, is dropped
        self.assertIn("classic+5.4v1.sgtb", files)
        self.assertIn("classic+5.3v2.sgtb", files)
        self.assertNotIn("classic+5.2v4.sgtb", files)
        self.assertNotIn("classic+5.4v2.sgtb", files)
        self.assertFalse([n for n in os.listdir(d) if n.endswith(".part")])
        found = self.resume(d)
        self.assertEqual(sorted(found), [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3)])

    def test_ctrl_c_without_progress(self):
        d, files, _ = self.interrupt("plain")
        self.assertIn("classic+5.3v2.sgtb", files)
        self.assertFalse([n for n in os.listdir(d) if n.endswith(".part")])
        found = self.resume(d)
        self.assertGreaterEqual(len(found), 5)


class TestWorkProgress(unittest.TestCase):
    def test_work_reports(self):
        """Within a pair, "work" reports at most every 250 ms: done of
        total slots of the sweep under way. Stopped (by an exception of
        progress) at the third report of the pair 3v4."""

        class Enough(Exception):
            pass

        seen = []

        def progress(info):
            seen.append((time.monotonic(), info))
            if sum(1 for _, p in seen if p.stage == "work"
                   and (p.mover, p.other) == (3, 4)) == 3:
                raise Enough

        with tempfile.TemporaryDirectory() as d:
            start = time.monotonic()
            with self.assertRaises(Enough):
                seega.generate_tablebase("classic", 4, d, threads=2, progress=progress)
            took = time.monotonic() - start
            self.assertNotIn("classic+5.3v4.sgtb", os.listdir(d))
        work = [(t, p) for t, p in seen if p.stage == "work"]
        self.assertGreaterEqual(len(work), 3)
        for (t0, a), (t1, b) in zip(work, work[1:]):
            self.assertGreaterEqual(t1 - t0, 0.2)
            if (a.mover, a.other, a.level) == (b.mover, b.other, b.level):
                self.assertGreaterEqual(b.done, a.done)
        for _, p in work:
            self.assertLessEqual(p.done, p.total)
            self.assertEqual(p.total, p.slots)
        last = work[-1][1]
        self.assertEqual((last.mover, last.other, last.level), (3, 4, 0))
        self.assertGreater(last.done, 0)
        self.assertTrue(all(p.done == p.total == 0 for _, p in seen if p.stage != "work"))
        print("\nwork reports: %d in %.1f s" % (len(work), took), file=sys.stderr)


if __name__ == "__main__":
    unittest.main()
