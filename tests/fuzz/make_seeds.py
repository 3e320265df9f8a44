#!/usr/bin/env python3
"""Write the seed corpora of tests/fuzz/corpus/ (run from anywhere).

The seeds are small hand-picked inputs: SPNs and action texts from
docs/notation.md and the tests, rules structs (presets, each field just out
of range), and operation streams for fuzz_play (see fuzz_play.c for the
opcodes). Re-running rewrites the same files; inputs the fuzzer finds are
not kept here unless added by hand (see README.md).
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

SPN = [
    # start positions
    "5/5/5/5/5 x 12 12 0 -", "7/7/7/7/7/7/7 x 24 24 0 -",
    "9/9/9/9/9/9/9/9/9 x 40 40 0 -",
    # placing
    "5/5/5/2x2/5 x 11 12 0 +", "5/3x1/5/2x2/5 o 10 12 0 -",
    "5/3x1/1o3/2x2/5 o 10 11 0 +", "5/2x2/1o1o1/2x2/5 x 10 10 0 -",
    "5/5/5/2x2/5 o 11 12 0 -", "5/2x2/3o1/2x2/5 o 10 11 0 +",
    # moving
    "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -",
    "xoxox/oxoxo/xo1xo/oxoxo/xoxox x 0 0 0 -",
    "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -",
    "o4/x3x/1o1o1/xo3/3xo x 0 0 12 -",
    "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 1 -",
    "xoxox/oxoxo/x1o1o/oxoxo/xoxox o 0 0 0 c3",
    "ooxoo/oxxxo/xx1xo/oxxxo/xoxoo x 0 0 1 !",
    "ooxoo/oxxxo/o2xx/oxxoo/oxxox o 0 0 0 *",
    "5/1o3/5/1xx1x/5 o 0 0 0 -", "5/1o3/1x3/3ox/2x2 o 0 0 50 -",
    "xooox/oxxxo/ox1xo/oxxxo/xooox o 0 0 0 -",
    "ooxoo/oxxxo/xx1xo/oxxxo/xoxoo x 0 0 50 !",
    "5/2o2/1ox2/2oo1/2xx1 x 0 0 0 c3", "5/2ox1/xx3/5/5 x 0 0 0 -",
    "x4/5/5/5/5 o 0 0 3 -", "x4/5/5/5/4o x 0 0 0 -",
    "5/5/1o1o1/oxo2/oo3 x 0 0 0 -", "x3o/ox3/1o3/x1x1x/5 x 0 0 1 c2",
    "4o/5/5/o4/xo3 o 0 0 1 !", "2x1o/1xo2/1o3/3ox/2x2 x 0 0 0 -",
    "xoxoxoxox/oxoxoxoxo/xoxoxoxox/oxoxoxoxo/xoxo1oxox/oxoxoxoxo/"
    "xoxoxoxox/oxoxoxoxo/xoxoxoxox o 0 0 0 -",
    "xoxoxox/oxoxoxo/xoxoxox/oxo1oxo/xoxoxox/oxoxoxo/xoxoxox o 0 0 0 -",
    "7/7/7/3x3/7/7/7 o 23 24 0 -",
    # white space
    "  5/5/5/5/5   x 12 12 0 -\n", "\t5/5/5/5/5 x 12 12 0 -",
    # refused
    "5/5/5/5/5 x 12 12 0", "5/5/5/5 x 12 12 0 -", "5/5/4/5/5 x 12 12 0 -",
    "5/5/6/5/5 x 12 12 0 -", "5/5/2.2/5/5 x 12 12 0 -",
    "5/5/5/5/5 X 12 12 0 -", "5/5/5/5/5 x 12 12 0 f3",
    "5/5/5/5/23 x 12 12 0 -", "5/5/5/5/5 x 12 12 00 -",
    "5/5/5/5/5 x +12 12 0 -", "xxxxx/xxxxx/xxx1o/5/5 o 0 0 0 -",
    "5/5/5/5/5 x 11 12 0 +", "5/5/2x2/5/5 x 11 12 0 +",
    "5/5/5/2x2/5 x 11 12 3 +", "5/5/5/5/5 o 12 12 0 -",
    "5/5/5/x4/5 x 11 12 0 +", "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 +",
    "5/1o3/5/1x1ox/2x2 x 0 0 51 -", "5/5/5/5/5 x 0 0 0 -",
    "1o3/5/5/1x1x1/5 x 0 0 0 d2", "5/5/5/1xo2/3x1 x 0 0 0 d1",
    "xoxox/oxoxo/xo1xo/oxoxo/xoxox x 0 0 1 !",
    "ooxoo/oxxxo/ox1xx/oxxoo/oxxox o 0 0 0 *",
    "4o/5/5/5/x4 x 0 0 4294967296 -", "4o/5/5/5/x4 x 0 0 2147483647 -",
    "4o/5/5/5/x4 x 0 0 2147483648 -", "",
]

ACTIONS = [
    "c2", "c2-c3", "xb3", "pass", "C2-C3", "XB3", "Pass", " c3\n", "a1-e5",
    "i9", "i9-h8", "g7-f6", "xi9", "c2 - c3", "c2-", "-c3", "x", "passs",
    "a0", "j1", "a10", "e5-e6", "b2-b2", "\tPASS \r\n", "xx3", "c22",
    "\x01\x00\x00\x00", "\x0c\xff\x01\x00", "\x07\x0c\x02\x00",
    "\xff\xff\x04\x00", "\x50\x49\x02\x00",
]

# seega_rules: version, board_size, placements_per_turn, opening_squares,
# first_mover, move_dirs, capture_dirs, centre_immune, chain_captures,
# blocked, lose_at, quiet_limit
PRESETS = {
    "classic": [1, 5, 2, 0, 1, 4, 4, 1, 1, 3, 0, 0],
    "diagonal": [1, 5, 2, 0, 1, 8, 8, 1, 0, 1, 0, 150],
    "modern": [1, 5, 2, 0, 0, 4, 4, 1, 0, 2, 0, 50],
    "traditional": [1, 5, 2, 1, 1, 4, 4, 0, 1, 4, 1, 0],
}
BAD = [(1, 6), (2, 3), (3, 2), (4, 2), (5, 5), (6, 0), (7, -1), (8, 2),
       (9, 5), (10, 2), (11, -1), (0, 2), (0, 0)]


def rules_bytes(fields):
    return struct.pack("<Iiiiiiiiiiii", *fields)


def play_seed(rules4, ops):
    return bytes(rules4) + bytes(ops)


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("latin-1")
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    for i, s in enumerate(SPN):
        write("spn", "seed-%02d" % i, s)
    for i, s in enumerate(ACTIONS):
        write("action_text", "seed-%02d" % i, s)
    k = 0
    for name, f in PRESETS.items():
        for size in (5, 7, 9):
            g = list(f)
            g[1] = size
            write("rules", "%s-%d" % (name, size), rules_bytes(g) + bytes(range(0, 40, 3)))
            k += 1
    for field, value in BAD:
        g = list(PRESETS["classic"])
        g[field] = value
        write("rules", "bad-field%02d-%d" % (field, value & 0xFF), rules_bytes(g))
    # Folded: the top bit of the first byte set; version (0x81 & 0x7f) % 3.
    write("rules", "folded", bytes([0x81, 1, 0, 0, 6, 0, 0, 0, 3, 0, 0, 0]))
    write("rules", "short", b"\x01\x00")

    # fuzz_play: rules byte a (even: preset (a>>1)%4+1 on size
    # [5,7,9][(a>>3)%3]); then opcodes: 0-3 play listed (arg), 4 built
    # action (3 args), 5 raw value (4 args), 6 wrapper (2 args), 7-8 undo,
    # 9 reload, 10 clone, 11 forward (arg%48), 12 search (arg), 13 perft
    # (arg), 14 playouts (arg), 15 observation.
    mix = [0, 3, 1, 7, 4, 1, 2, 3, 5, 1, 0, 3, 0, 6, 10, 20, 22, 9, 12, 5,
           13, 1, 14, 4, 15, 7, 8, 0, 1, 2, 3]
    for variant in range(4):
        for size in range(3):
            a = 2 * variant + 8 * size  # even: a preset
            fwd = [11, 47] * (1 + size * 2)
            write("play", "preset%d-size%d" % (variant + 1, 5 + 2 * size),
                  play_seed([a, 0, 0, 0], fwd + mix + [11, 47] + mix))
    for i, (b, c, d) in enumerate([(0x00, 0, 5), (0xFF, 3, 10), (0x55, 1, 59),
                                   (0xAA, 2, 0), (0x0F, 0x0C, 1)]):
        write("play", "custom-%d" % i,
              play_seed([1 + 2 * (i % 3), b, c, d],
                        [11, 47, 11, 47, 11, 30] + mix + [12, 0xC3, 7, 7, 7]))
    write("play", "undo-at-start", play_seed([0, 0, 0, 0], [7, 8, 9, 7]))


if __name__ == "__main__":
    main()
