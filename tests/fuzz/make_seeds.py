#!/usr/bin/env python3
"""Write the seed corpora of tests/fuzz/corpus/ (run from anywhere).

    make_seeds.py [SEEGA_TB]

The seeds are small hand-picked inputs: SPNs and action texts from
docs/notation.md and the tests, rules structs (presets, each field just out
of range), operation streams for fuzz_play (see fuzz_play.c for the
opcodes), and game records for fuzz_record. Re-running rewrites the same files; inputs the fuzzer finds are
not kept here unless added by hand (see README.md).

With SEEGA_TB, the path of a built seega-tb, it also writes the tb_read
seeds from the tables that seega-tb generates (up to 2 pieces a side) of
CLASSIC 5, TRADITIONAL 5 and "modern 5 quiet_limit=3"; without it they
are left as they are.
"""
import glob
import os
import struct
import subprocess
import sys
import tempfile

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

# Records for fuzz_record: games of random play written by
# seega_record_write (with tags, a result decided outside the rules, a
# finished game, a Start tag), then records typed by hand.
RECORDS = [
    # random play: preset 1, 5x5, 60 plies at most, seed 1
    ('[Event "Club"]\n'
     '[Date "2026.11.30"]\n'
     '[X "Amal"]\n'
     '[O "Badr"]\n'
     '[Result "*"]\n'
     '[Rules "classic 5"]\n'
     '[Annotator "a \\"q\\" \\\\ b"]\n'
     '[TimeControl "300+2"]\n'
     "\n1. X c2 a1\n2. O a5 d5\n3. X b4 a3\n4. O e3 b5\n5. X d3 c1\n"
     "6. O e1 b2\n7. X a2 e2\n8. O b3 c4\n9. X d4 d1\n10. O c5 d2\n"
     "11. X e5 e4\n12. O a4 b1\n13. O c4-c3 pass\n14. X d4-c4\n15. "
     "O e3-d3\n16. X e4-d4\n17. O d3-e3 pass\n18. X d4-d3\n19. O e3-e2\n"
     "20. X d3-e3\n21. O e2-d2\n22. X e5-e4\n23. O d2-d3\n24. X c4-d4\n"
     "25. O c3-c2\n26. X e3-e2\n27. O d3-e3 pass\n28. X e4-e5\n29. "
     "O e3-d3\n30. X b4-c4\n31. O c2-c3\n32. X e5-e4\n33. O e1-e2\n"
     "34. X e4-d4\n35. O c3-c4\n36. X d1-d2 d2-c2 pass\n37. O a4-b4\n"
     "38. X a2-b2\n39. O e2-e1\n40. X c1-d1\n41. O b3-c3\n42. X c2-c1\n"
     "43. O c3-c2\n*\n"),
    # random play: preset 3, 5x5, 400 plies at most, seed 3
    ('[Event "Club"]\n'
     '[Date "2026.11.30"]\n'
     '[X "Amal"]\n'
     '[O "Badr"]\n'
     '[Result "1-0"]\n'
     '[Rules "modern 5"]\n'
     '[Termination "quiet turns"]\n'
     '[Annotator "a \\"q\\" \\\\ b"]\n'
     '[TimeControl "300+2"]\n'
     "\n1. X e4 d1\n2. O b5 a1\n3. X c2 b2\n4. O c4 d5\n5. X c1 e2\n"
     "6. O b1 b3\n7. X a5 e3\n8. O d2 e1\n9. X a2 a4\n10. O d3 a3\n"
     "11. X e5 b4\n12. O d4 c5\n13. X c2-c3\n14. O d2-c2\n15. X c3-d3\n"
     "16. O c4-c3\n17. X d1-d2\n18. O e1-d1\n19. X b4-c4\n20. O b1-c1\n"
     "21. X c4-b4\n22. O d5-d4\n23. X d2-c2\n24. O a3-b3\n25. X b2-b1\n"
     "26. O b3-b2\n27. X d3-d2\n28. O c5-d5\n29. X a4-b4\n30. O d5-c5\n"
     "31. X a5-a4\n32. O c3-c4\n33. X c2-c3\n34. O d4-d3\n35. X a4-a5\n"
     "36. O c4-d4\n37. X a5-a4\n38. O b2-b3\n39. X c3-c4\n40. O d3-d2\n"
     "41. X c4-c3\n42. O c1-c2\n43. X b1-c1\n44. O b5-b4\n45. X c3-c4\n"
     "46. O b3-c3\n47. X e2-e1\n48. O c5-c4\n49. X e1-e2\n50. O c4-c5\n"
     "51. X a4-b4\n52. O a1-b1\n53. X c1-d1\n54. O d2-c2\n55. X e4-d4\n"
     "56. O c2-c1\n57. X b4-b5\n58. O c3-b3\n59. X e3-e4\n60. O b3-c3\n"
     "61. X b5-b4\n62. O c3-d3\n63. X e2-e3\n64. O c5-c4\n65. X b4-a4\n"
     "66. O d3-d2\n67. X e5-d5\n68. O c4-c5\n69. X d5-e5\n70. O c5-b5\n"
     "71. X a2-b2\n72. O b1-a1\n73. X b2-b3\n74. O b5-c5\n75. X b3-b4\n"
     "76. O a1-a2\n77. X d1-e1\n78. O c5-b5\n79. X e3-d3\n80. O c1-d1\n"
     "81. X b4-b3\n82. O d2-c2\n83. X b3-c3\n84. O b5-a5\n85. X d4-c4\n"
     "86. O d1-c1\n87. X c4-c5\n88. O a5-b5\n89. X e4-e3\n90. O c1-b1\n"
     "91. X e3-e4\n92. O b1-b2\n93. X d3-e3\n94. O a2-a1\n95. X e1-d1\n"
     "96. O a1-a2\n97. X d1-e1\n1-0\n"),
    # random play: preset 4, 5x5, 70 plies at most, seed 4
    ('[Result "*"]\n'
     '[Rules "traditional 5"]\n'
     "\n1. X c4 c2\n2. O b3 d3\n3. X d1 e4\n4. O c5 d5\n5. X a2 d2\n"
     "6. O b5 a4\n7. X a5 a3\n8. O e1 b4\n9. X d4 e2\n10. O b2 e5\n"
     "11. X b1 e3\n12. O a1 c1\n13. O d3-c3 c3-d3\n14. X d2-c2 c2-c3\n"
     "15. O c1-c2\n16. X a2-b2\n17. O c2-c1\n18. X c3-c2\n19. O c1-b1\n"
     "20. X b2-a2\n21. O d5-d4\n22. X c2-d2\n23. O b4-c4\n24. X d2-c2\n"
     "25. O b1-b2\n26. X c2-c3\n27. O d4-d5\n28. X e4-d4\n29. O e5-e4\n"
     "30. X e3-d3\n31. O a4-b4\n32. X a3-a4\n33. O e1-d1\n34. X e2-d2\n"
     "35. O e4-d4\n36. X c3-b3\n37. O d1-c1\n38. X d3-c3\n39. O a1-b1\n"
     "40. X c3-d3\n41. O c1-d1\n42. X a2-a1\n43. O d1-c1\n44. X d3-e3\n"
     "45. O d4-d3\n46. X e3-e2\n47. O c1-d1\n48. X a1-a2\n49. O b1-c1\n"
     "50. X a4-a3\n51. O b2-b1\n52. X e2-d2\n53. O c4-c3\n54. X a2-b2\n"
     "55. O d3-e3\n56. X b2-a2\n*\n"),
    # random play: preset 1, 7x7, 30 plies at most, seed 5
    ('[Event "Club"]\n'
     '[Date "2026.11.30"]\n'
     '[X "Amal"]\n'
     '[O "Badr"]\n'
     '[Result "*"]\n'
     '[Rules "classic 7"]\n'
     '[Annotator "a \\"q\\" \\\\ b"]\n'
     '[TimeControl "300+2"]\n'
     "\n1. X c7 d2\n2. O d7 b5\n3. X d3 f6\n4. O b7 c2\n5. X d6 f3\n"
     "6. O b4 c5\n7. X a1 c3\n8. O b1 a4\n9. X a7 c1\n10. O f7 g5\n"
     "11. X e7 g6\n12. O f2 e6\n13. X g1 c4\n14. O d5 a3\n15. X g4 "
     "a5\n*\n"),
    # random play: preset 3, 7x7, 60 plies at most, seed 6
    ('[Result "0-1"]\n'
     '[Rules "modern 7"]\n'
     '[Termination "time forfeit"]\n'
     "\n1. X e7 c1\n2. O d6 g1\n3. X b4 b1\n4. O a2 b5\n5. X e1 b7\n"
     "6. O f4 a7\n7. X d7 f7\n8. O c6 a5\n9. X a1 g7\n10. O c2 c7\n"
     "11. X e3 c4\n12. O e4 e6\n13. X f2 b2\n14. O g4 d5\n15. X b6 "
     "g6\n16. O f1 g2\n17. X g3 c5\n18. O a4 f5\n19. X d1 c3\n20. O "
     "e5 a3\n21. X g5 d2\n22. O a6 d3\n23. X b3 f6\n24. O f3 e2\n25. "
     "X c4-d4\n26. O pass\n27. X e3-d3\n28. O e4-e3\n29. X d4-c4\n30. "
     "O f4-e4\n31. X d3-d4\n32. O e3-d3\n33. X pass\n34. O e4-e3\n35. "
     "X d4-e4\n36. O f5-f4\n0-1\n"),
    # random play: preset 4, 9x9, 24 plies at most, seed 7
    ('[Event "Club"]\n'
     '[Date "2026.11.30"]\n'
     '[X "Amal"]\n'
     '[O "Badr"]\n'
     '[Result "*"]\n'
     '[Rules "traditional 9"]\n'
     '[Annotator "a \\"q\\" \\\\ b"]\n'
     '[TimeControl "300+2"]\n'
     "\n1. X e6 e4\n2. O f5 d5\n3. X d8 a3\n4. O c4 f2\n5. X i3 i9\n"
     "6. O f1 d4\n7. X d9 e2\n8. O d6 a8\n9. X b8 g7\n10. O e1 c6\n"
     "11. X f7 b6\n12. O b3 a5\n*\n"),
    # random play: preset 2, 9x9, 10 plies at most, seed 9
    ('[Event "Club"]\n'
     '[Date "2026.11.30"]\n'
     '[X "Amal"]\n'
     '[O "Badr"]\n'
     '[Result "0-1"]\n'
     '[Rules "diagonal 9"]\n'
     '[Termination "time forfeit"]\n'
     '[Annotator "a \\"q\\" \\\\ b"]\n'
     '[TimeControl "300+2"]\n'
     "\n1. X i4 g9\n2. O g6 b6\n3. X i5 e7\n4. O a9 b3\n5. X c1 f7\n"
     "0-1\n"),
    # random play: preset 1, 5x5, 400 plies at most, seed 11, quiet_limit=10
    ('[Event "Club"]\n'
     '[Date "2026.11.30"]\n'
     '[X "Amal"]\n'
     '[O "Badr"]\n'
     '[Result "0-1"]\n'
     '[Rules "classic 5 quiet_limit=10"]\n'
     '[Termination "quiet turns"]\n'
     '[Annotator "a \\"q\\" \\\\ b"]\n'
     '[TimeControl "300+2"]\n'
     "\n1. X e5 b4\n2. O d5 a4\n3. X d1 a5\n4. O c4 a3\n5. X b3 b5\n"
     "6. O e4 c5\n7. X c1 b2\n8. O b1 e1\n9. X a2 d2\n10. O c2 e3\n"
     "11. X d4 e2\n12. O d3 a1\n13. O d3-c3 pass\n14. X b2-b3\n15. "
     "O c2-b2\n16. X d2-c2\n17. O c3-d3 d3-c3\n18. X c2-b2\n19. O "
     "c3-d3\n20. X e2-d2\n21. O d5-d4\n22. X e5-d5\n23. O e3-e2\n24. "
     "X d5-e5\n25. O e2-e3\n26. X c1-c2\n27. O e1-e2\n28. X b5-c5\n"
     "29. O a3-b3 b3-a3\n30. X b4-b3\n31. O c4-b4\n32. X c2-c3\n33. "
     "O b1-c1\n34. X c5-c4\n35. O c1-b1\n36. X e5-d5\n37. O e2-e1\n"
     "38. X d2-e2\n39. O b4-b5\n0-1\n"),
    # random play: preset 3, 5x5, 400 plies at most, seed 12, quiet_limit=5
    ('[Result "1-0"]\n'
     '[Rules "modern 5 quiet_limit=5"]\n'
     '[Termination "quiet turns"]\n'
     "\n1. X d2 d5\n2. O e3 e1\n3. X d1 c1\n4. O e5 d4\n5. X b1 b4\n"
     "6. O b3 b5\n7. X a2 c4\n8. O a5 a3\n9. X e2 c2\n10. O c5 a1\n"
     "11. X a4 e4\n12. O b2 d3\n13. X c2-c3\n14. O b2-c2\n15. X a2-b2\n"
     "16. O a3-b3\n17. X a4-a3\n18. O b5-b4\n19. X a3-b3\n20. O a5-b5\n"
     "21. X b2-c2\n22. O b4-a4\n23. X c2-b2\n1-0\n"),
    # random play: preset 1, 5x5, 16 plies at most, seed 13
    ('[Event "Club"]\n'
     '[Date "2026.11.30"]\n'
     '[X "Amal"]\n'
     '[O "Badr"]\n'
     '[Result "*"]\n'
     '[Rules "classic 5"]\n'
     '[Annotator "a \\"q\\" \\\\ b"]\n'
     '[TimeControl "300+2"]\n'
     "\n1. X e4 a5\n2. O e2 d4\n3. X e1 c4\n4. O c1 a2\n5. X e3 b5\n"
     "6. O d5 b3\n7. X c5 a4\n8. O b1 d2\n*\n"),
    # by hand: comments, CRLF, sides, turn numbers, the preset alone
    ("; a game typed by hand\r\n"
     "[Rules \"classic\"]   ; the preset, on 5x5\r\n"
     "\r\n  [X \"Amal\"]\r\n[O \"Badr\"]\r\n\r\n"
     "x C2 d4 { X takes the long diagonal }\r\n"
     "o b3 d3 x a1 e5 ; and so on\r\n3. o A5 e1\r\n"
     "{ a comment\r\n spanning lines }  *\r\n"),
    # a Start position, the game ended by the quiet limit
    ('[Result "1-0"]\n[Rules "modern 5"]\n'
     '[Start "5/1o3/5/1x1ox/2x2 x 0 0 49 -"]\n'
     '[Termination "quiet turns"]\n\n1. X b2-b3\n1-0\n'),
    # a result only at the end of the moves; an empty tag value
    ('[Rules "classic 5"]\n[Round ""]\n[Termination "adjudication"]\n'
     '\n1. X c2 d4\n1/2-1/2\n'),
    # a Start in the moving phase, a chain; other rules fields
    ('[Rules "classic 5 quiet_limit=30 first_mover=x"]\n'
     '[Start "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -"]\n\n*\n'),
    ("[Rules \"diagonal 7\"]\n[Annotator \"\xc3\xa9t\xc3\xa9\"]\n\n"),
]


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
    for i, s in enumerate(RECORDS):
        write("record", "seed-%02d" % i, s)
    if len(sys.argv) > 1:
        tb_read_seeds(sys.argv[1])
    else:
        print("make_seeds.py: no seega-tb given, tb_read seeds left as they "
              "are", file=sys.stderr)


# fuzz_tb_read: byte 0 is bits 0-1 the tier (1v1, 1v2, 2v1, 2v2), bit 2
# "write a correct checksum", bit 3 the rule set (0 CLASSIC 5, 1 "modern 5
# quiet_limit=3"), bit 4 "a pack"; then the file that replaces that
# tier's, or the pack.
TIERS = ["1v1", "1v2", "2v1", "2v2"]
FIX, QUIET, PACK = 4, 8, 16


def tb_files(seega_tb, rules, tmp):
    """The table files of rules up to 2 pieces a side, by tier."""
    d = tempfile.mkdtemp(dir=tmp)
    subprocess.run([seega_tb, "generate", rules, "2", d, "--threads", "1",
                    "--quiet"], check=True)
    files = {}
    for path in glob.glob(os.path.join(d, "*.sgtb")):
        with open(path, "rb") as f:
            files[path.rsplit(".", 2)[1]] = f.read()
    pack = os.path.join(d, "all.sgtbpack")
    subprocess.run([seega_tb, "pack", d, "2", pack, "--rules", rules],
                   check=True, stdout=subprocess.DEVNULL)
    with open(pack, "rb") as f:
        files["pack"] = f.read()
    return files


def tb_read_seeds(seega_tb):
    with tempfile.TemporaryDirectory() as tmp:
        classic = tb_files(seega_tb, "classic 5", tmp)
        traditional = tb_files(seega_tb, "traditional 5", tmp)
        modern = tb_files(seega_tb, "modern 5 quiet_limit=3", tmp)
    for sets, flag, files in (("classic", 0, classic),
                              ("modern-q3", QUIET, modern)):
        for k, t in enumerate(TIERS):
            write("tb_read", "%s-%s" % (sets, t), bytes([flag | k]) + files[t])
            write("tb_read", "%s-%s-fix" % (sets, t),
                  bytes([flag | FIX | k]) + files[t])
    # CLASSIC: another rule set's file, a byte of the values flipped, the
    # file cut short, a bare header, nothing.
    write("tb_read", "traditional-2v2", b"\x03" + traditional["2v2"])
    flipped = bytearray(classic["2v2"])
    flipped[600] ^= 0x55
    write("tb_read", "flipped-2v2", b"\x03" + flipped)
    write("tb_read", "flipped-2v2-fix", b"\x07" + flipped)
    write("tb_read", "truncated-2v2", b"\x03" + classic["2v2"][:-100])
    write("tb_read", "header-only", b"\x00" + classic["1v1"][:512])
    write("tb_read", "empty", b"\x01")
    # Under the quiet limit: the two rule sets' files swapped; a rank one
    # quiet turn too long (rank w of a win by a capture now, in the three
    # ranks a slot that start at the header's offset 88: the value and
    # the header's figures stay true), which seega_tb_verify finds; the ranks
    # section cut to a third of its size, the header's file size with it,
    # as if one distance a slot (the layout check refuses it).
    write("tb_read", "classic-in-modern-2v2", bytes([QUIET | 3]) +
          classic["2v2"])
    write("tb_read", "modern-in-classic-2v2", b"\x03" + modern["2v2"])
    f = bytearray(modern["2v2"])
    slots, = struct.unpack_from("<Q", f, 32)
    dist_bytes, = struct.unpack_from("<I", f, 28)
    longest, = struct.unpack_from("<I", f, 64)
    wdl, = struct.unpack_from("<Q", f, 80)
    ranks, = struct.unpack_from("<Q", f, 88)
    per, = struct.unpack_from("<I", f, 352)
    assert dist_bytes == 1 and per == 3
    slot = next(s for s in range(slots)
                if (f[wdl + s // 4] >> (2 * (s % 4))) & 3 == 1 and
                f[ranks + per * s] == 0)
    assert longest > 2
    f[ranks + per * slot] += 1
    write("tb_read", "modern-q3-rank-2v2", bytes([QUIET | 3]) + f)
    write("tb_read", "modern-q3-rank-2v2-fix", bytes([QUIET | FIX | 3]) + f)
    half = bytearray(modern["2v2"][:ranks + slots * dist_bytes])
    struct.pack_into("<Q", half, 96, len(half))
    write("tb_read", "modern-q3-half-2v2-fix", bytes([QUIET | FIX | 3]) + half)
    # Packs: as packed; a byte of the last tier's last block flipped, its
    # checksum left (the block is refused when read) or written again
    # (the decoder reads what the flip made); cut short; another rule
    # set's pack.
    for sets, flag, files in (("classic", 0, classic),
                              ("modern-q3", QUIET, modern)):
        write("tb_read", "%s-pack" % sets, bytes([PACK | flag]) + files["pack"])
        flipped = bytearray(files["pack"])
        flipped[-20] ^= 0x24
        write("tb_read", "%s-pack-flipped" % sets,
              bytes([PACK | flag]) + flipped)
        write("tb_read", "%s-pack-flipped-fix" % sets,
              bytes([PACK | FIX | flag]) + flipped)
        write("tb_read", "%s-pack-truncated" % sets,
              bytes([PACK | flag]) + files["pack"][:-300])
    write("tb_read", "traditional-pack", bytes([PACK]) + traditional["pack"])


if __name__ == "__main__":
    main()
