"""seega.Game: lifecycle, actions, positions, state, text, and errors."""

import copy
import gc
import pickle
import subprocess
import sys
import unittest

import support
import seega

START = "5/5/5/5/5 x 12 12 0 -"
MID = "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -"  # CLASSIC: O to move
CHAIN = "xoxox/oxoxo/x1o1o/oxoxo/xoxox o 0 0 0 c3"
EXTRA = "ooxoo/oxxxo/xx1xo/oxxxo/xoxoo x 0 0 1 !"
BLOCKED_TRAD = "ooxoo/oxxxo/ox1xx/oxxoo/oxxox o 0 0 0 -"  # O must remove
BLOCKED_PASS = "xoxox/oxoxo/xo1ox/oxoxo/xoxox x 0 0 0 -"  # X must pass


class TestCreate(unittest.TestCase):
    def test_default_is_classic_5x5(self):
        with seega.Game() as g:
            self.assertEqual(g.rules, seega.Rules.preset("classic"))
            self.assertEqual(g.board_size, 5)
            self.assertEqual(g.spn, START)
            self.assertEqual(g.history, [])

    def test_preset_and_size(self):
        for name in seega.PRESETS:
            for size in (5, 7, 9):
                with seega.Game(name, size) as g:
                    self.assertEqual(g.rules, seega.Rules.preset(name, size))
                    self.assertEqual(g.board_size, size)
                    self.assertEqual(len(g.squares), size * size)

    def test_rules_object(self):
        rules = seega.Rules(board_size=7, placements_per_turn=1)
        with seega.Game(rules) as g:
            self.assertEqual(g.rules, rules)
            self.assertEqual(g.spn, "7/7/7/7/7/7/7 x 24 24 0 -")
            g.place("a1")
            self.assertEqual(g.to_move, "o")  # one placement per turn

    def test_bad_arguments(self):
        with self.assertRaises(TypeError):
            seega.Game(seega.Rules(), 7)  # size only with a preset name
        with self.assertRaises(TypeError):
            seega.Game(5)
        with self.assertRaises(seega.RulesError):
            seega.Game("chess")
        with self.assertRaises(seega.RulesError):
            seega.Game("classic", 6)
        with self.assertRaises(TypeError):
            seega.Game("classic", "7")

    def test_from_spn(self):
        with seega.Game.from_spn(MID) as g:
            self.assertEqual(g.spn, MID)
            self.assertEqual(g.rules.preset_name, "classic")
        with seega.Game.from_spn("7/7/7/7/7/7/7 x 24 24 0 -", "modern") as g:
            self.assertEqual(g.board_size, 7)  # size from the SPN
            self.assertEqual(g.rules, seega.Rules.preset("modern", 7))
        with seega.Game.from_spn(MID, seega.Rules.preset("diagonal")) as g:
            self.assertEqual(g.rules.move_dirs, "all")
        with self.assertRaises(seega.ParseError):
            seega.Game.from_spn("7/7/7/7/7/7/7 x 24 24 0 -", "classic", 5)
        with self.assertRaises(seega.ParseError) as cm:
            seega.Game.from_spn("5/5/5/5 x 12 12 0 -")
        self.assertIn("ranks", str(cm.exception))
        with self.assertRaises(seega.ParseError):
            seega.Game.from_spn("")
        with self.assertRaises(TypeError):
            seega.Game.from_spn(None)


class TestLifecycle(unittest.TestCase):
    def test_close_and_context_manager(self):
        g = seega.Game()
        self.assertFalse(g.closed)
        with g as same:
            self.assertIs(same, g)
        self.assertTrue(g.closed)
        g.close()  # twice is harmless
        self.assertEqual(repr(g), "<seega.Game (closed)>")
        for use in (lambda: g.spn, g.legal_moves, lambda: g.place("c2"), g.copy,
                    lambda: g.to_move, lambda: g["c2"], lambda: str(g), g.undo,
                    lambda: g.perft(1), g.legal_mask, lambda: g.search(depth=1)):
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                use()
            self.assertIn("closed", str(cm.exception))
            self.assertIsInstance(cm.exception, ValueError)
        g.stop()  # harmless on a closed game

    def test_closed_game_text_methods(self):
        # parse_action, square_name and square_index can answer from
        # caches, but a closed game raises there like everywhere else.
        g = seega.Game()
        g.parse_action("c2")  # cached before the close
        g.close()
        for use in (lambda: g.parse_action("c2"), lambda: g.parse_action("zz"),
                    lambda: g.square_name(7), lambda: g.square_name("c2"),
                    lambda: g.square_index("c2"), lambda: g.square_index(7),
                    lambda: g.square_index("k9"), lambda: g["k9"], lambda: g[25]):
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                use()
            self.assertIn("closed", str(cm.exception))
            self.assertNotIsInstance(cm.exception, IndexError)

    def test_garbage_collection_frees(self):
        # Many games dropped without close(): __del__ frees them.
        for _ in range(2000):
            g = seega.Game("classic", 9)
            g.place("a1")
        del g
        gc.collect()

    def test_left_open_at_interpreter_shutdown(self):
        # Games still open at exit (globals, a reference cycle, a search
        # stopped by a daemon thread) are released without an error.
        code = "\n".join([
            "import seega, threading",
            "kept = [seega.Game('classic', n) for n in (5, 7, 9)]",
            "class Cycle: pass",
            "c = Cycle(); c.game = seega.Game(); c.me = c",
            "searched = seega.Game('classic', 9)",
            "threading.Thread(target=searched.search, daemon=True).start()",
            "copy = kept[0].copy(); copy.place('c2')",
        ])
        p = subprocess.run([sys.executable, "-c", code], env=support.subprocess_env(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr, "")

    def test_del_of_half_made_game(self):
        g = seega.Game.__new__(seega.Game)
        del g  # no handle: __del__ must not fail
        gc.collect()

    def test_copy_is_independent(self):
        with seega.Game() as g:
            g.place("c2")
            for c in (g.copy(), copy.copy(g), copy.deepcopy(g)):
                with c:
                    self.assertEqual(c.spn, g.spn)
                    self.assertEqual(c.history, ["c2"])
                    c.place("d4")
                    self.assertNotEqual(c.spn, g.spn)
                    c.undo()
                    c.undo()  # the copy has the history too
                    self.assertEqual(c.spn, START)
            self.assertEqual(g.history, ["c2"])

    def test_pickle_keeps_history(self):
        with seega.Game.from_spn(MID) as g:
            g.play("b3-c3")
            data = pickle.dumps(g)
            with pickle.loads(data) as h:
                self.assertEqual(h.spn, g.spn)
                self.assertEqual(h.history, ["b3-c3"])
                self.assertEqual(h.rules, g.rules)
                h.undo()
                self.assertEqual(h.spn, MID)
            self.assertEqual(g.history, ["b3-c3"])  # pickling changed nothing


class TestActions(unittest.TestCase):
    def test_legal_moves_of_start(self):
        with seega.Game() as g:
            moves = g.legal_moves()
            self.assertEqual(len(moves), 24)
            self.assertNotIn("c3", moves)  # the centre
            self.assertTrue(all(isinstance(m, seega.Action) for m in moves))
            self.assertTrue(all(m.kind == "place" and m.frm is None for m in moves))
            self.assertEqual(sorted(m.to for m in moves), sorted(set(g.squares) - {"c3"}))

    def test_action_objects(self):
        with seega.Game.from_spn(MID) as g:
            a = g.legal_moves()[0]
            self.assertEqual(str(a), a.text)
            self.assertEqual(a, a.text)
            self.assertEqual(hash(a), hash(a.text))
            self.assertEqual(repr(a), "Action(%r)" % a.text)
            self.assertEqual(a.kind, "step")
            self.assertEqual(a.text, "%s-%s" % (a.frm, a.to))
            self.assertEqual(a.board_size, 5)
            b = g.parse_action(" %s \n" % a.text.upper())
            self.assertEqual(a, b)
            self.assertIs(copy.copy(a), a)
            self.assertEqual(pickle.loads(pickle.dumps(a)), a)
            self.assertNotEqual(a, 42)
            self.assertNotEqual(a, "pass")
            self.assertEqual(sorted([g.parse_action("c2"), g.parse_action("a1")]), ["a1", "c2"])
            self.assertTrue(g.parse_action("a1") < "b1")
            with self.assertRaises(AttributeError):
                a.kind = "place"
            with self.assertRaises(TypeError):
                _ = a < 3
            self.assertEqual({a: 1}[a.text], 1)

    def test_kinds(self):
        with seega.Game.from_spn(BLOCKED_TRAD, "traditional") as g:
            removal = g.legal_moves()[0]
            self.assertEqual(removal.kind, "remove")
            self.assertEqual(removal.text, "x" + removal.to)
            self.assertIsNone(removal.frm)
        with seega.Game.from_spn(BLOCKED_PASS, "modern") as g:
            (p,) = g.legal_moves()
            self.assertEqual((p.kind, p.frm, p.to, p.text), ("pass", None, None, "pass"))

    def test_play_place_move_undo(self):
        with seega.Game() as g:
            g.place("c2")
            g.place(18)  # d4
            self.assertEqual(g.history, ["c2", "d4"])
            self.assertEqual(g.spn, "5/3x1/5/2x2/5 o 10 12 0 -")
            g.play("B3")
            g.play(g.parse_action("d3"))
            self.assertEqual(g.history, ["c2", "d4", "b3", "d3"])
            self.assertEqual(g.undo(), "d3")
            self.assertEqual(g.undo(), "b3")
            self.assertEqual(g.spn, "5/3x1/5/2x2/5 o 10 12 0 -")
        with seega.Game.from_spn(MID) as g:
            g.move("b3", "c3")
            self.assertEqual(g.spn, CHAIN)
            g.undo()
            g.move(11, 12)
            self.assertEqual(g.spn, CHAIN)
            g.undo()
            g.play(seega.Game.from_spn(MID).legal_moves()[-1])  # an Action of another game
            self.assertEqual(g.history, ["b3-c3"])

    def test_action_of_other_board_size_is_read_as_text(self):
        with seega.Game("classic", 7) as big, seega.Game() as small:
            a7 = big.parse_action("c2")
            small.play(a7)
            self.assertEqual(small.history, ["c2"])
            with self.assertRaises(seega.ParseError):
                small.play(big.parse_action("g7"))

    def test_play_errors(self):
        with seega.Game() as g:
            with self.assertRaises(seega.IllegalMoveError) as cm:
                g.play("c3")  # the centre
            e = cm.exception
            self.assertEqual(e.status, -2)
            self.assertEqual(e.status_name, "SEEGA_E_ILLEGAL")
            self.assertIn("not legal", e.message)
            self.assertEqual(str(e), e.message)
            with self.assertRaises(seega.IllegalMoveError):
                g.move("a1", "a2")
            with self.assertRaises(seega.ParseError) as cm:
                g.play("c2 - c3")
            self.assertEqual(cm.exception.status, -3)
            with self.assertRaises(seega.ParseError):
                g.play("f1")  # off a 5x5 board
            with self.assertRaises(seega.ParseError):
                g.play("c2\0")
            with self.assertRaises(seega.ParseError):
                g.place("z9")
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                g.place(25)
            self.assertIn("off the 5x5 board", str(cm.exception))
            with self.assertRaises(seega.InvalidArgumentError):
                g.place(-1)
            with self.assertRaises(seega.InvalidArgumentError):
                g.place(2**40)
            with self.assertRaises(seega.InvalidArgumentError):
                g.move("a1", 99)
            with self.assertRaises(TypeError):
                g.place(True)
            with self.assertRaises(TypeError):
                g.place(1.5)
            with self.assertRaises(TypeError):
                g.play(7)
            with self.assertRaises(TypeError):
                g.play(None)
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                g.undo()
            self.assertIn("nothing to undo", str(cm.exception))
            self.assertEqual(g.spn, START)  # failing calls changed nothing
            self.assertEqual(g.history, [])

    def test_game_over(self):
        with seega.Game.from_spn("5/1o3/5/1xx1x/5 o 0 0 0 -", "traditional") as g:
            self.assertEqual(g.legal_moves(), [])
            with self.assertRaises(seega.GameOverError) as cm:
                g.play("b4-b5")
            self.assertIsInstance(cm.exception, seega.IllegalMoveError)
            self.assertEqual(cm.exception.status, -5)
            self.assertIn("game is over", str(cm.exception))

    def test_chain_and_captures(self):
        with seega.Game.from_spn(MID) as g:
            self.assertEqual(g.last_captures, [])
            self.assertIsNone(g.chain_square)
            g.play("b3-c3")
            self.assertEqual(g.last_captures, ["d3"])
            self.assertEqual(g.turn_state, "chain")
            self.assertEqual(g.chain_square, "c3")
            self.assertEqual(sorted(g.legal_moves()), ["c3-b3", "c3-d3", "pass"])
            g.play("pass")
            self.assertEqual(g.last_captures, [])
            self.assertEqual(g.turn_state, "normal")

    def test_turn_states(self):
        with seega.Game() as g:
            self.assertEqual(g.turn_state, "normal")
            g.place("c2")
            self.assertEqual(g.turn_state, "placed_one")
        with seega.Game.from_spn(EXTRA) as g:
            self.assertEqual(g.turn_state, "extra")
            self.assertEqual(g.legal_moves(), ["d3-c3"])
        with seega.Game.from_spn(BLOCKED_TRAD, "traditional") as g:
            g.play("xb3")
            self.assertEqual(g.turn_state, "removed")
            self.assertEqual(g.last_captures, ["b3"])


class TestState(unittest.TestCase):
    def test_start(self):
        with seega.Game() as g:
            self.assertEqual(g.to_move, "x")
            self.assertEqual(g.phase, "place")
            self.assertIsNone(g.result)
            self.assertIsNone(g.reason)
            self.assertFalse(g.is_over)
            self.assertEqual((g.pieces("x"), g.pieces("o")), (0, 0))
            self.assertEqual((g.in_hand("x"), g.in_hand("O")), (12, 12))
            self.assertEqual(g.quiet_count, 0)
            self.assertEqual(g.repetitions, 1)
            self.assertIsInstance(g.hash, int)
            self.assertTrue(0 <= g.hash < 2**64)

    def test_moving_phase(self):
        with seega.Game.from_spn(MID) as g:
            self.assertEqual(g.phase, "move")
            self.assertEqual(g.to_move, "o")
            self.assertEqual((g.pieces("x"), g.pieces("o")), (12, 12))
            self.assertEqual((g.in_hand("x"), g.in_hand("o")), (0, 0))
            self.assertEqual(g["a1"], "x")
            self.assertEqual(g["b1"], "o")
            self.assertIsNone(g["c3"])
            self.assertEqual(g[0], "x")
            self.assertEqual(g[" C3 "], None)
            cells = list(g)
            self.assertEqual(len(cells), 25)
            self.assertEqual(cells, [g[i] for i in range(25)])
            self.assertIn("x", g)
            h = g.hash
            g.play("b3-c3")
            g.play("pass")
            self.assertNotEqual(g.hash, h)
            self.assertEqual(g.quiet_count, 0)

    def test_square_errors(self):
        with seega.Game() as g:
            with self.assertRaises(IndexError):
                g[25]
            with self.assertRaises(IndexError):
                g[-1]
            with self.assertRaises(seega.ParseError):
                g["k9"]
            # by index or by name, a square not on the board raises an
            # IndexError that is also the library's error
            for square in (25, -1, 2**70):
                with self.subTest(square=square):
                    with self.assertRaises(seega.SquareIndexError) as cm:
                        g[square]
                    self.assertIsInstance(cm.exception, IndexError)
                    self.assertIsInstance(cm.exception, seega.InvalidArgumentError)
                    self.assertEqual(cm.exception.status_name, "SEEGA_E_INVALID")
            for square in ("k9", "f1", "zz", "", "c2\0", "\udc80"):
                with self.subTest(square=square):
                    with self.assertRaises(seega.SquareNameError) as cm:
                        g[square]
                    self.assertIsInstance(cm.exception, IndexError)
                    self.assertIsInstance(cm.exception, seega.ParseError)
                    self.assertEqual(cm.exception.status_name, "SEEGA_E_PARSE")
            # the same classes from every method that takes a square
            for use in (lambda: g.place(25), lambda: g.square_name(25),
                        lambda: g.move(0, 25)):
                with self.assertRaises(seega.SquareIndexError):
                    use()
            for use in (lambda: g.place("k9"), lambda: g.square_index("k9"),
                        lambda: g.move("k9", "a1")):
                with self.assertRaises(seega.SquareNameError):
                    use()
            self.assertEqual(g.history, [])
            with self.assertRaises(TypeError):
                g[None]
            with self.assertRaises(ValueError):
                g.pieces("z")
            with self.assertRaises(TypeError):
                g.in_hand(0)

    def test_results(self):
        cases = [
            ("traditional", "5/1o3/5/1xx1x/5 o 0 0 0 -", "x", "material"),
            ("modern", "5/1o3/1x3/3ox/2x2 o 0 0 50 -", "x", "quiet"),
            ("diagonal", "xooox/oxxxo/ox1xo/oxxxo/xooox o 0 0 0 -", "x", "blocked"),
            ("classic", "ooxoo/oxxxo/xx1xo/oxxxo/xoxoo x 0 0 0 -", None, None),
        ]
        for preset, spn, result, reason in cases:
            with self.subTest(preset=preset), seega.Game.from_spn(spn, preset) as g:
                self.assertEqual(g.result, result)
                self.assertEqual(g.reason, reason)
                self.assertEqual(g.is_over, result is not None)
        rules = seega.Rules.preset("classic").replace(quiet_limit=50)
        with seega.Game.from_spn("ooxoo/oxxxo/xx1xo/oxxxo/xoxoo x 0 0 50 !", rules) as g:
            self.assertEqual((g.result, g.reason), ("draw", "quiet"))
            self.assertEqual(g.spn, "ooxoo/oxxxo/xx1xo/oxxxo/xoxoo x 0 0 50 -")

    def test_repetitions(self):
        with seega.Game.from_spn("5/1o3/5/1x3/5 x 0 0 0 -", "modern") as g:
            for _ in range(2):
                for step in ("b2-a2", "b4-a4", "a2-b2", "a4-b4"):
                    g.play(step)
            self.assertEqual(g.repetitions, 3)
            self.assertEqual(g.quiet_count, 8)  # eight turns without a capture
            g.undo()
            self.assertEqual((g.repetitions, g.quiet_count), (2, 7))

    def test_set_spn(self):
        with seega.Game() as g:
            g.place("c2")
            g.set_spn(MID)
            self.assertEqual(g.spn, MID)
            self.assertEqual(g.history, [])  # cleared
            with self.assertRaises(seega.InvalidArgumentError):
                g.undo()
            with self.assertRaises(seega.ParseError) as cm:
                g.set_spn("5/5/5/5/5 x 12 12 0 f3")
            self.assertTrue(cm.exception.message.startswith("bad SPN"))
            self.assertEqual(g.spn, MID)  # unchanged
            with self.assertRaises(TypeError):
                g.set_spn(b"5/5/5/5/5 x 12 12 0 -")
            with self.assertRaises(seega.ParseError):
                g.set_spn("5/5/5/5/5 x 12 12 0 -\0junk")
            with self.assertRaises(seega.ParseError):
                g.set_spn("5/5/5/5/5 x 12 12 0 \u00e9")


class TestText(unittest.TestCase):
    def test_lone_surrogates(self):
        # "\udc80" has no UTF-8 form: every text argument that holds one
        # raises a SeegaError, never UnicodeEncodeError.
        lone = "\udc80"
        with seega.Game() as g:
            for what, use in (
                ("play", lambda: g.play(lone)),
                ("play c2+", lambda: g.play("c2" + lone)),
                ("parse_action", lambda: g.parse_action(lone)),
                ("action_index", lambda: g.action_index(lone)),
                ("place", lambda: g.place(lone)),
                ("move", lambda: g.move("c2", lone)),
                ("square_index", lambda: g.square_index(lone)),
                ("getitem", lambda: g[lone]),
                ("set_spn", lambda: g.set_spn("5/5/5/5/5 x 12 12 0 -" + lone)),
                ("from_spn", lambda: seega.Game.from_spn(lone)),
                ("from_spn 5x5", lambda: seega.Game.from_spn("5/5/5/5/5 x 12 12 0 " + lone)),
                ("from_record", lambda: seega.Game.from_record(lone)),
            ):
                with self.subTest(what=what):
                    with self.assertRaises(seega.ParseError) as cm:
                        use()
                    self.assertIn("lone surrogate", str(cm.exception))
            for what, use in (
                ("record value", lambda: g.record(x=lone)),
                ("record extra value", lambda: g.record(Note=lone)),
                ("record name", lambda: g.record(**{"N" + lone: "v"})),
            ):
                with self.subTest(what=what):
                    with self.assertRaises(seega.InvalidArgumentError) as cm:
                        use()
                    self.assertIn("lone surrogate", str(cm.exception))
            self.assertEqual(g.spn, START)
            self.assertEqual(g.history, [])
            # a preset name or a rules value is compared, never encoded
            with self.assertRaises(seega.RulesError):
                seega.Game(lone)
            with self.assertRaises(seega.SeegaError):
                seega.Rules(blocked=lone)

    def test_squares(self):
        with seega.Game("classic", 7) as g:
            self.assertEqual(g.squares[0], "a1")
            self.assertEqual(g.squares[-1], "g7")
            self.assertEqual(g.square_name(24), "d4")
            self.assertEqual(g.square_name("D4"), "d4")
            self.assertEqual(g.square_index("d4"), 24)
            self.assertEqual(g.square_index(24), 24)
            with self.assertRaises(seega.ParseError):
                g.square_index("h1")
            with self.assertRaises(seega.InvalidArgumentError):
                g.square_name(49)

    def test_str(self):
        with seega.Game.from_spn(CHAIN) as g:
            text = str(g)
            lines = text.splitlines()
            self.assertEqual(lines[0], "5  x o x o x")
            self.assertEqual(lines[2], "3  x . o . o")
            self.assertEqual(lines[5], "   a b c d e")
            self.assertEqual(lines[6], "o to move (chain on c3)")
        with seega.Game() as g:
            self.assertIn("x to place", str(g))
        with seega.Game.from_spn("5/1o3/1x3/3ox/2x2 o 0 0 50 -", "modern") as g:
            self.assertEqual(str(g).splitlines()[-1], "x wins (quiet)")
        with seega.Game("classic", 9) as g:
            self.assertEqual(str(g).splitlines()[-2], "   a b c d e f g h i")

    def test_repr(self):
        with seega.Game() as g:
            self.assertEqual(repr(g), "<seega.Game classic 5x5 spn=%r>" % START)
        with seega.Game(seega.Rules(quiet_limit=7)) as g:
            self.assertIn("custom rules", repr(g))


if __name__ == "__main__":
    unittest.main()
