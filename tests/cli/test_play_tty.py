"""seega-play on a pseudo-terminal: colour and Unicode pieces on a
terminal, and not with NO_COLOR, TERM=dumb, a non-UTF-8 locale or --ascii.
Run by ctest with SEEGA_PLAY set to the program.
"""
import os
import pty
import select
import subprocess
import time
import unittest

PLAY = os.environ.get("SEEGA_PLAY", "seega-play")
DEMO = ["--demo", "--seed", "1", "--max-turns", "4", "--delay", "0"]
X_PIECE = "\u25cf"  # black circle
ESC = "\x1b["


def run_on_tty(args, **env):
    """Run seega-play with a pseudo-terminal as stdin and stdout."""
    full = {k: v for k, v in os.environ.items()
            if k not in ("NO_COLOR", "LC_ALL", "LC_CTYPE")}
    full.update(TERM="xterm-256color", LANG="C.UTF-8")
    for k, v in env.items():
        if v is None:
            full.pop(k, None)
        else:
            full[k] = v
    master, slave = pty.openpty()
    p = subprocess.Popen([PLAY] + args, stdin=slave, stdout=slave,
                         stderr=slave, env=full, close_fds=True)
    out = read_until_exit(p, master, slave)
    return p.returncode, out


def read_until_exit(p, master, slave):
    """Read the terminal until the program has exited and its output is
    drained.  The slave side stays open here until then: on Linux, reading
    the master after the last slave descriptor closes can lose what was
    still buffered, so waiting for EIO is not a reliable end of output."""
    data = b""
    deadline = time.monotonic() + 60
    exited = False
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            data += os.read(master, 65536)
        elif exited:
            break  # exited before this empty wait: everything was read
        else:
            exited = p.poll() is not None
    os.close(slave)
    os.close(master)
    p.wait(timeout=1)
    return data.decode("utf-8")


class Terminal(unittest.TestCase):
    def test_colour_and_unicode_on_a_terminal(self):
        rc, out = run_on_tty(DEMO)
        self.assertEqual(rc, 0)
        self.assertIn(ESC, out)
        self.assertIn(X_PIECE, out)
        self.assertIn("\x1b[1;33m" + X_PIECE, out)  # X in bold yellow
        self.assertIn("Stopped after 4 turns", out)

    def test_no_color(self):
        rc, out = run_on_tty(DEMO, NO_COLOR="1")
        self.assertEqual(rc, 0)
        self.assertNotIn(ESC, out)
        self.assertIn(X_PIECE, out)

    def test_dumb_terminal(self):
        rc, out = run_on_tty(DEMO, TERM="dumb")
        self.assertEqual(rc, 0)
        self.assertNotIn(ESC, out)
        self.assertNotIn(X_PIECE, out)
        self.assertIn(" X ", out)

    def test_no_term_at_all(self):
        rc, out = run_on_tty(DEMO, TERM=None)
        self.assertEqual(rc, 0)
        self.assertNotIn(ESC, out)

    def test_ascii_option(self):
        rc, out = run_on_tty(DEMO + ["--ascii"])
        self.assertEqual(rc, 0)
        self.assertNotIn(ESC, out)
        self.assertNotIn(X_PIECE, out)

    def test_colour_without_a_utf8_locale(self):
        rc, out = run_on_tty(DEMO, LANG="C")
        self.assertEqual(rc, 0)
        self.assertIn(ESC, out)
        self.assertNotIn(X_PIECE, out)

    def test_a_game_typed_at_the_terminal(self):
        master, slave = pty.openpty()
        env = dict(os.environ, TERM="xterm", LANG="C.UTF-8")
        env.pop("NO_COLOR", None)
        p = subprocess.Popen([PLAY, "--side", "both"], stdin=slave,
                             stdout=slave, stderr=slave, env=env,
                             close_fds=True)
        os.write(master, b"c2\nd4\nspn\nquit\n")
        out = read_until_exit(p, master, slave)
        self.assertEqual(p.returncode, 0)
        self.assertIn("5/3x1/5/2x2/5 o 10 12 0 -", out)
        self.assertIn("\x1b[4m", out)  # the last turn's squares underlined


if __name__ == "__main__":
    unittest.main()
