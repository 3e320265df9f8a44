#!/usr/bin/env python3
"""Play Seega against the engine in the terminal.

    python3 play.py                          # CLASSIC 5x5, you are x
    python3 play.py --rules modern --size 7 --side o --level 2
    python3 play.py --level 0 --think-ms 2000   # full strength, 2 s a move

Type an action when it is your turn: a placement "c2", a step "c2-c3", a
removal "xb3" or "pass". Other commands: "moves" lists the legal actions,
"hint" asks the engine, "undo" takes back your last turn, "quit" ends.

Needs the seega package (bindings/python) and the C library: run from the
source tree with PYTHONPATH=bindings/python, and SEEGA_LIBRARY=build/lib/libseega.so.1
if the library is not found on its own.
"""

import argparse
import sys

import seega

HELP = "actions: c2 (place), c2-c3 (step), xb3 (remove), pass; commands: moves, hint, undo, quit"


def engine_turn(game, args):
    """The engine plays one action; returns it."""
    result = game.search(time_ms=args.think_ms, level=args.level, seed=args.seed + len(game.history))
    game.play(result.best)
    return result.best


def main(argv=None):
    ap = argparse.ArgumentParser(description="Play Seega against the engine.")
    ap.add_argument("--rules", default="classic", choices=seega.PRESETS)
    ap.add_argument("--size", type=int, default=5, choices=(5, 7, 9))
    ap.add_argument("--side", default="x", choices=("x", "o"), help="your side (x places first)")
    ap.add_argument("--level", type=int, default=2, choices=(0, 1, 2, 3),
                    help="engine level: 1 (weakest) .. 3, 0 = full strength (default 2)")
    ap.add_argument("--think-ms", type=int, default=1000, help="engine time per action (default 1000)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    human = args.side
    with seega.Game(args.rules, args.size) as game:
        print("Seega, %s rules, %dx%d. You are %s. %s\n" % (args.rules, args.size, args.size, human, HELP))
        shown = None
        while not game.is_over:
            if game.spn != shown:  # the board, when it changed
                print(game)
                shown = game.spn
            if game.to_move != human:
                action = engine_turn(game, args)
                captures = game.last_captures
                print("engine plays %s%s\n" % (action, " (captures %s)" % " ".join(captures)
                                                if captures else ""))
                continue
            try:
                line = input("your action> ").strip()
            except EOFError:
                print()
                return 0
            if not line:
                continue
            command = line.lower()
            if command in ("quit", "exit", "q"):
                return 0
            if command in ("help", "?"):
                print(HELP)
            elif command == "moves":
                print("legal: " + " ".join(str(a) for a in sorted(game.legal_moves())))
            elif command == "hint":
                print("hint: %s" % game.hint(time_ms=args.think_ms))
            elif command == "undo":
                # Back to the last position where it was your turn, one of
                # your actions taken back.
                taken = []
                while game.history:
                    taken.append(game.undo())
                    if game.to_move == human:
                        break
                print("taken back: %s" % (" ".join(str(a) for a in taken) or "nothing"))
            else:
                try:
                    game.play(line)
                except seega.IllegalMoveError as e:
                    print("not now: %s" % e)
                except seega.ParseError as e:
                    print("%s (%s)" % (e, HELP))
                else:
                    if game.last_captures:
                        print("you capture %s" % " ".join(game.last_captures))
            print()
        print(game)
        if game.result == "draw":
            print("A draw (%s)." % game.reason)
        else:
            print("%s (%s)." % ("You win" if game.result == human else "The engine wins", game.reason))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print()
        sys.exit(130)
