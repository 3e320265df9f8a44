#!/usr/bin/env python3
"""Analyse a Seega position given as SPN: the board, the legal actions,
perft counts, random-playout statistics and the engine's view.

    python3 analyse.py "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -"
    python3 analyse.py --rules modern --depth 5 --playouts 5000 "5/1o3/5/1xx1x/5 x 0 0 7 -"
    python3 analyse.py --rules traditional --size 7        # the start position

Needs the seega package (bindings/python) and the C library: run from the
source tree with PYTHONPATH=bindings/python, and SEEGA_LIBRARY=build/lib/libseega.so.1
if the library is not found on its own.
"""

import argparse
import sys
import time

import seega


def main(argv=None):
    ap = argparse.ArgumentParser(description="Analyse a Seega position given as SPN.")
    ap.add_argument("spn", nargs="?", help="the position (default: the start position)")
    ap.add_argument("--rules", default="classic", choices=seega.PRESETS, help="the preset (default classic)")
    ap.add_argument("--size", type=int, help="board size for the start position (an SPN gives its own)")
    ap.add_argument("--depth", type=int, default=4, help="perft up to this depth (default 4)")
    ap.add_argument("--playouts", type=int, default=2000, help="random playouts (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the playouts and the search")
    ap.add_argument("--think-ms", type=int, default=500, help="engine time in ms; 0 to skip (default 500)")
    args = ap.parse_args(argv)

    try:
        if args.spn:
            game = seega.Game.from_spn(args.spn, args.rules, args.size)
        else:
            game = seega.Game(args.rules, args.size)
    except seega.SeegaError as e:  # ParseError or RulesError: say why
        print("cannot analyse: %s" % e, file=sys.stderr)
        return 2

    with game:
        print("%s, %dx%d: %s\n" % (args.rules, game.board_size, game.board_size, game.spn))
        print(game)
        print()
        if game.is_over:
            print("The game is over: %s (%s)." % (
                "a draw" if game.result == "draw" else game.result + " has won", game.reason))
            return 0

        moves = game.legal_moves()
        print("%d legal action%s for %s:" % (len(moves), "" if len(moves) == 1 else "s", game.to_move))
        print("  " + " ".join(str(a) for a in sorted(moves)))
        print()

        print("perft (action sequences of exactly d actions):")
        for depth in range(1, args.depth + 1):
            start = time.perf_counter()
            count = game.perft(depth)
            print("  d=%-2d %14d   %.3f s" % (depth, count, time.perf_counter() - start))
        print()

        if args.playouts > 0:
            start = time.perf_counter()
            stats = game.playouts(args.playouts, seed=args.seed)
            elapsed = time.perf_counter() - start
            print("%d random playouts (%.2f s, %.0f actions each on average):" % (
                stats.playouts, elapsed, stats.mean_actions))
            for label, n in (("x wins", stats.x_wins), ("o wins", stats.o_wins),
                             ("draws", stats.draws), ("unfinished", stats.unfinished)):
                print("  %-10s %6d  %5.1f%%" % (label, n, 100.0 * n / stats.playouts))
            print("  score for %s: %.3f" % (game.to_move, stats.score(game.to_move)))
            print()

        if args.think_ms > 0:
            result = game.search(time_ms=args.think_ms, seed=args.seed)
            verdict = {"win": "%s wins" % game.to_move, "loss": "%s loses" % game.to_move,
                       "draw": "a draw"}.get(result.proven)
            if verdict:
                view = "proven: %s in %d plies" % (verdict, result.proven_plies)
            else:
                view = "score %+.2f pieces for %s" % (result.score / 100.0, game.to_move)
            print("engine (%d ms, depth %d, %d nodes): best %s, %s" % (
                args.think_ms, result.depth, result.nodes, result.best, view))
            print("  expected line: " + " ".join(str(a) for a in result.pv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
