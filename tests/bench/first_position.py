#!/usr/bin/env python3
"""What the tables and the search prove about the first moving position.

    PYTHONPATH=bindings/python SEEGA_LIBRARY=build/lib/libseega.so \\
        python3 tests/bench/first_position.py RULES DIR [COUNT [SECONDS [SEED]]]

For COUNT placings drawn at random (random.Random(SEED), uniformly among
the legal placements at each turn), the first position of the moving
phase (the board full but the centre) is searched for SECONDS with the
tables of DIR attached (seega_set_tablebase), on every core; a line per
placing gives the SPN and what the search proved (win/loss/draw for the
side to move, with the distance), or the score it reached. The last line
counts the proofs. docs/solved.md reports its figures.
"""
import os
import random
import sys

import seega


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    rules, directory = argv[1], argv[2]
    count = int(argv[3]) if len(argv) > 3 else 10
    seconds = float(argv[4]) if len(argv) > 4 else 10.0
    seed = int(argv[5]) if len(argv) > 5 else 1
    rng = random.Random(seed)
    preset, size = rules.split()
    tables = seega.Tablebase(preset, directory, int(size))
    proven = {"win": 0, "loss": 0, "draw": 0}
    threads = os.cpu_count() or 1
    for i in range(count):
        game = seega.Game(preset, int(size))
        while game.phase == "place":
            game.play(rng.choice(game.legal_moves()))
        game.set_tablebase(tables)
        r = game.search(time_ms=int(seconds * 1000), threads=threads)
        if r.proven:
            proven[r.proven] += 1
            what = "%s %d" % (r.proven, r.proven_plies)
        else:
            what = "score %d depth %d" % (r.score, r.depth)
        print("%3d %s  %s" % (i + 1, game.spn, what), flush=True)
        game.close()
    print("%d placings, %.0f s each on %d threads: %d proven (%d won, %d lost, "
          "%d drawn for the side to move)" % (
              count, seconds, threads, sum(proven.values()), proven["win"],
              proven["loss"], proven["draw"]))
    tables.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
