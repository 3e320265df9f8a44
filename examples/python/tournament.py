#!/usr/bin/env python3
"""A small round-robin tournament between engine levels.

    python3 tournament.py                              # levels 1, 2, 3, CLASSIC 5x5
    python3 tournament.py --levels 1 3 0 --games 4 --rules modern --jobs 4

Every pair of levels plays --games games, each level taking x and o in
turn. Games run in threads (--jobs): ctypes releases the GIL while the C
library searches, and each game is its own object, so they run in
parallel. A game that is not over after --max-actions actions, or whose
position occurs a third time, is adjudicated by the piece count.

Needs the seega package (bindings/python) and the C library: run from the
source tree with PYTHONPATH=bindings/python, and SEEGA_LIBRARY=build/lib/libseega.so.1
if the library is not found on its own.
"""

import argparse
import itertools
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import seega


def name(level):
    return "full" if level == 0 else "level %d" % level


def play_game(args, x_level, o_level, seed):
    """One game: returns (result, reason, actions) with result "x", "o" or
    "draw"."""
    with seega.Game(args.rules, args.size) as game:
        while not game.is_over:
            if len(game.history) >= args.max_actions or game.repetitions >= 3:
                x, o = game.pieces("x"), game.pieces("o")
                winner = "x" if x > o else "o" if o > x else "draw"
                why = "adjudicated: %s" % ("repetition" if game.repetitions >= 3 else "length")
                return winner, why, len(game.history)
            level = x_level if game.to_move == "x" else o_level
            result = game.search(time_ms=args.think_ms, level=level, seed=seed + len(game.history))
            game.play(result.best)
        return game.result, game.reason, len(game.history)


def main(argv=None):
    ap = argparse.ArgumentParser(description="A round-robin tournament between engine levels.")
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3],
                    help="levels to play: 1 (weakest) .. 3, 0 = full strength (default 1 2 3)")
    ap.add_argument("--games", type=int, default=2, help="games per pair, sides alternating (default 2)")
    ap.add_argument("--rules", default="classic", choices=seega.PRESETS)
    ap.add_argument("--size", type=int, default=5, choices=(5, 7, 9))
    ap.add_argument("--think-ms", type=int, default=50, help="time per action (default 50)")
    ap.add_argument("--max-actions", type=int, default=400, help="adjudicate after this many actions")
    ap.add_argument("--jobs", type=int, default=2, help="games played at the same time (default 2)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if len(set(args.levels)) < 2 or any(not 0 <= lv <= 3 for lv in args.levels):
        ap.error("give two or more different levels from 0 to 3")

    pairings = []
    for a, b in itertools.combinations(sorted(set(args.levels)), 2):
        for g in range(args.games):
            x, o = (a, b) if g % 2 == 0 else (b, a)
            pairings.append((x, o, args.seed + 1000 * len(pairings)))

    print("%s %dx%d, %d games, %d ms per action\n" % (args.rules, args.size, args.size,
                                                     len(pairings), args.think_ms))
    points = {lv: 0.0 for lv in args.levels}
    played = {lv: 0 for lv in args.levels}
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [(x, o, pool.submit(play_game, args, x, o, seed)) for x, o, seed in pairings]
        for x, o, future in futures:
            result, reason, actions = future.result()
            print("  x %-8s - o %-8s  %-5s %-28s %4d actions" % (
                name(x), name(o), {"x": "1-0", "o": "0-1", "draw": "½-½"}[result], reason, actions))
            for level, side in ((x, "x"), (o, "o")):
                played[level] += 1
                points[level] += 1.0 if result == side else 0.5 if result == "draw" else 0.0

    print("\nstandings (%.1f s):" % (time.perf_counter() - start))
    for level in sorted(points, key=lambda lv: -points[lv]):
        print("  %-8s %4.1f / %d" % (name(level), points[level], played[level]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
