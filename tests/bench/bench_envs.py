"""Environment steps a second: Seega's PettingZoo environment beside
PettingZoo's own Connect Four and chess, and over the raw Python binding.

    python bench_envs.py [--seconds S] [--rounds R]

Needs the seega package with its PettingZoo extra and PettingZoo's classic
games (docs/learning.md says how to install them). Every environment is
driven by the loop of PettingZoo's own ``pettingzoo.test.performance_benchmark``:
``env.last()``, a uniformly random legal action (``random.choice`` over the
action mask), ``env.step()``, and ``env.reset()`` when the game is over; a
step is one ``env.step()`` call (the ``None`` steps of finished agents
included, as there). The raw binding rows play the same random games on a
``seega.Game`` with no environment: the legal mask, a random index,
``Game.play``; "+ obs" also reads the observation planes each step, as the
environment does. "raw_env" is Seega's environment without PettingZoo's
three wrappers (``env()`` adds them, as the classic games do). Each row
runs R rounds of S seconds, interleaved with the other rows, and shows the
median rate; the overhead column is the environment's time per step over
the raw binding's.
"""

import argparse
import random
import statistics
import sys
import time

import numpy as np


def pettingzoo_steps(make, seconds, rng):
    """Steps a second of PettingZoo's performance_benchmark loop."""
    env = make()
    env.reset(seed=rng.randrange(2**31))
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for agent in env.agent_iter(env.num_agents):
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            else:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            env.step(action)
            steps += 1
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
        now = time.perf_counter()
        if now >= deadline:
            env.close()
            return steps / (now - start)


def binding_steps(rules, size, observe, seconds, rng):
    """Steps a second of the same random games on a seega.Game."""
    import seega

    game = seega.Game(rules, size)
    out = np.empty(game.observation_shape, np.uint8)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(64):
            if game.is_over:
                game.close()
                game = seega.Game(rules, size)
            mask = np.frombuffer(game.legal_mask(), np.uint8)
            game.play(game.action_from_index(rng.choice(np.flatnonzero(mask).tolist())))
            if observe:
                game.observation(out=out)
            steps += 1
        now = time.perf_counter()
        if now >= deadline:
            game.close()
            return steps / (now - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="length of one round (1)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds per row (5)")
    args = ap.parse_args()

    import pettingzoo
    import seega
    from seega.envs import pettingzoo as seega_pettingzoo

    rows = []
    for rules, size in (("classic", 5), ("modern", 5), ("classic", 7), ("classic", 9)):
        name = "%s %dx%d" % (rules, size, size)
        rows.append(("seega_v0 " + name,
                     lambda r, rules=rules, size=size: pettingzoo_steps(
                         lambda: seega_pettingzoo.env(rules=rules, board_size=size),
                         args.seconds, r)))
        if size == 5:
            rows.append(("  raw_env (no wrappers) " + name,
                         lambda r, rules=rules, size=size: pettingzoo_steps(
                             lambda: seega_pettingzoo.raw_env(rules=rules, board_size=size),
                             args.seconds, r)))
            rows.append(("  raw binding " + name,
                         lambda r, rules=rules, size=size: binding_steps(
                             rules, size, False, args.seconds, r)))
            rows.append(("  raw binding + obs " + name,
                         lambda r, rules=rules, size=size: binding_steps(
                             rules, size, True, args.seconds, r)))
    for name in ("connect_four_v3", "chess_v6"):
        rows.append((name, lambda r, name=name: pettingzoo_steps(
            lambda: pettingzoo.make("aec", "classic/" + name), args.seconds, r)))

    rates = {name: [] for name, _ in rows}
    rng = random.Random(1)
    for _ in range(args.rounds):
        for name, run in rows:
            rates[name].append(run(rng))
    median = {name: statistics.median(r) for name, r in rates.items()}

    print("python %s, seega %s (library %s), numpy %s" % (
        sys.version.split()[0], seega.__version__, seega.library_version, np.__version__))
    print("%d rounds of %.1f s a row, median steps a second\n" % (args.rounds, args.seconds))
    print("%-40s %12s %10s" % ("environment", "steps/s", "overhead"))
    for name, _ in rows:
        overhead = ""
        for prefix in ("seega_v0 ", "  raw_env (no wrappers) "):
            if name.startswith(prefix) and name.endswith("5x5"):
                raw = median["  raw binding " + name[len(prefix):]]
                overhead = "x%.1f" % (raw / median[name])
        print("%-40s %12.0f %10s" % (name, median[name], overhead))
    game = seega.Game("classic")
    t = time.perf_counter()
    stats = game.playouts(2000, seed=1)
    took = time.perf_counter() - t
    print("\nfor scale, the library's own random playouts (C, classic 5x5): "
          "%.0f actions/s" % (stats.actions / took))


if __name__ == "__main__":
    main()
