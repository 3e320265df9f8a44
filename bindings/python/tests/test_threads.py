"""Threads: many threads on one game (its lock keeps every call whole),
and threads on separate games (no interference)."""

import random
import threading
import unittest

import support
import seega

THREADS = 8


def run_threads(target, count=THREADS):
    errors = []

    def wrapper(i):
        try:
            target(i)
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=wrapper, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return errors


class TestOneGame(unittest.TestCase):
    def test_hammer_one_game(self):
        game = seega.Game("classic", 7)
        played = [0]

        def worker(i):
            rng = random.Random(i)
            for step in range(1000):
                op = rng.randrange(6)
                if op == 0:
                    with game.lock:  # an atomic pick-and-play
                        moves = game.legal_moves()
                        if moves:
                            game.play(rng.choice(moves))
                            played[0] += 1
                elif op == 1:
                    try:
                        game.undo()
                    except seega.InvalidArgumentError:
                        pass  # another thread undid it first
                elif op == 2:
                    # Without the lock the list may be stale: only these
                    # errors are possible, never a crash.
                    moves = game.legal_moves()
                    if moves:
                        try:
                            game.play(rng.choice(moves))
                        except (seega.IllegalMoveError, seega.ParseError):
                            pass
                elif op == 3:
                    spn = game.spn
                    self.assertEqual(spn.count("/"), 6)
                    str(game)
                elif op == 4:
                    game.perft(2)
                    game.observation()
                    game.legal_mask()
                else:
                    with game.lock:  # reads in one consistent position
                        moves, mask = game.legal_moves(), game.legal_mask()
                        self.assertEqual(sum(mask), len(moves))

        errors = run_threads(worker)
        self.assertEqual(errors, [])
        self.assertGreater(played[0], 0)
        # The history replayed on a fresh game gives the same position: no
        # call was torn.
        with seega.Game("classic", 7) as replay:
            for action in game.history:
                replay.play(action)
            self.assertEqual(replay.spn, game.spn)
        game.close()

    def test_close_while_in_use(self):
        game = seega.Game("classic", 9)
        started = threading.Barrier(THREADS + 1)

        def worker(i):
            started.wait()
            while True:
                try:
                    game.perft(2)
                    game.legal_moves()
                    game.spn
                except seega.InvalidArgumentError as e:
                    self.assertIn("closed", str(e))
                    return

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
        for t in threads:
            t.start()
        started.wait()
        game.close()
        for t in threads:
            t.join(60)
            self.assertFalse(t.is_alive())

    def test_copies_in_threads(self):
        game = seega.Game.from_spn("xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -")

        def worker(i):
            for _ in range(200):
                with game.copy() as c:
                    c.play(c.legal_moves()[i % 3])
                    self.assertEqual(len(c.history), 1)

        self.assertEqual(run_threads(worker), [])
        self.assertEqual(game.history, [])
        game.close()


class TestSeparateGames(unittest.TestCase):
    def test_threads_match_a_sequential_run(self):
        def play(seed):
            rng = random.Random(seed)
            preset = seega.PRESETS[seed % 4]
            trace = []
            with seega.Game(preset, (5, 7, 9)[seed % 3]) as g:
                for _ in range(150):
                    moves = g.legal_moves()
                    if not moves:
                        break
                    g.play(rng.choice(moves))
                    trace.append((g.spn, g.perft(1), g.hash))
                trace.append(g.playouts(3, seed=seed))
            return trace

        expected = [play(i) for i in range(THREADS)]
        got = [None] * THREADS

        def worker(i):
            got[i] = play(i)

        self.assertEqual(run_threads(worker), [])
        self.assertEqual(got, expected)

    def test_many_short_lived_games(self):
        def worker(i):
            for j in range(300):
                g = seega.Game(seega.PRESETS[j % 4])
                g.play(g.legal_moves()[i % 2])
                if j % 2:
                    g.close()  # the others are freed by garbage collection

        self.assertEqual(run_threads(worker), [])


if __name__ == "__main__":
    unittest.main()
