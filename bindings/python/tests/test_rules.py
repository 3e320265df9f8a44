"""seega.Rules: presets, fields, validation by the library, immutability."""

import copy
import pickle
import unittest

import support
import seega

# The table of docs/rules.md, "The presets" (#rules_presets), in the
# binding's spelling.
PRESETS = {
    "classic": dict(placements_per_turn=2, opening_squares=False, first_mover="o",
                    move_dirs="orthogonal", capture_dirs="orthogonal", centre_immune=True,
                    chain_captures=True, blocked="opponent_opens", lose_at=0, quiet_limit=0),
    "diagonal": dict(placements_per_turn=2, opening_squares=False, first_mover="o",
                     move_dirs="all", capture_dirs="all", centre_immune=True,
                     chain_captures=False, blocked="loses", lose_at=0, quiet_limit=150),
    "modern": dict(placements_per_turn=2, opening_squares=False, first_mover="x",
                   move_dirs="orthogonal", capture_dirs="orthogonal", centre_immune=True,
                   chain_captures=False, blocked="passes", lose_at=0, quiet_limit=50),
    "traditional": dict(placements_per_turn=2, opening_squares=True, first_mover="o",
                        move_dirs="orthogonal", capture_dirs="orthogonal", centre_immune=False,
                        chain_captures=True, blocked="removes", lose_at=1, quiet_limit=0),
}


class TestPresets(unittest.TestCase):
    def test_every_preset_and_size(self):
        for name, fields in PRESETS.items():
            for size in (5, 7, 9):
                with self.subTest(name=name, size=size):
                    r = seega.Rules.preset(name, size)
                    self.assertEqual(r.board_size, size)
                    for field, value in fields.items():
                        self.assertEqual(getattr(r, field), value, field)
                    self.assertEqual(r.preset_name, name)
                    self.assertEqual(r, seega.Rules(board_size=size, **fields))

    def test_default_size_and_case(self):
        self.assertEqual(seega.Rules.preset("MODERN"), seega.Rules.preset("modern", 5))
        self.assertEqual(seega.PRESETS, ("classic", "diagonal", "modern", "traditional"))

    def test_struct_matches_c_preset(self):
        # The binding's fields are exactly what seega_rules_preset writes.
        c = support.CLib()
        for name, code in support.PRESET_CODES.items():
            raw = support._Rules()
            self.assertEqual(c.lib.seega_rules_preset(raw, code, 7), 0)
            mine = seega.Rules.preset(name, 7)._to_struct()
            self.assertEqual(bytes(raw), bytes(mine), name)

    def test_bad_preset(self):
        with self.assertRaises(seega.RulesError) as cm:
            seega.Rules.preset("chess")
        self.assertIn("classic, diagonal, modern, traditional", str(cm.exception))
        self.assertIsInstance(cm.exception, ValueError)
        with self.assertRaises(seega.RulesError) as cm:
            seega.Rules.preset("classic", 6)
        self.assertIn("5, 7 or 9", str(cm.exception))
        with self.assertRaises(seega.RulesError):
            seega.Rules.preset("classic", 2**40)
        with self.assertRaises(TypeError):
            seega.Rules.preset(1)
        with self.assertRaises(TypeError):
            seega.Rules.preset("classic", 5.0)
        with self.assertRaises(TypeError):
            seega.Rules.preset("classic", True)


class TestFields(unittest.TestCase):
    def test_defaults_are_classic(self):
        self.assertEqual(seega.Rules(), seega.Rules.preset("classic"))

    def test_custom(self):
        r = seega.Rules(board_size=9, placements_per_turn=1, opening_squares=1,
                        first_mover="x", move_dirs="all", capture_dirs="orthogonal",
                        centre_immune=0, chain_captures=False, blocked="removes",
                        lose_at=1, quiet_limit=300)
        self.assertIs(r.opening_squares, True)
        self.assertIs(r.centre_immune, False)
        self.assertEqual(r.move_dirs, "all")
        self.assertIsNone(r.preset_name)
        with seega.Game(r) as g:
            self.assertEqual(g.rules, r)

    def test_library_validates(self):
        cases = {
            "board_size": (6, "rules.board_size must be 5, 7 or 9 (got 6)"),
            "placements_per_turn": (3, "rules.placements_per_turn must be 1 or 2 (got 3)"),
            "opening_squares": (2, "rules.opening_squares must be 0 or 1 (got 2)"),
            "centre_immune": (-1, "rules.centre_immune must be 0 or 1 (got -1)"),
            "chain_captures": (7, "rules.chain_captures must be 0 or 1 (got 7)"),
            "lose_at": (2, "rules.lose_at must be 0 or 1 (got 2)"),
            "quiet_limit": (-5, "rules.quiet_limit must be 0 (no limit) or more (got -5)"),
        }
        for field, (value, message) in cases.items():
            with self.subTest(field=field):
                with self.assertRaises(seega.RulesError) as cm:
                    seega.Rules(**{field: value})
                self.assertEqual(cm.exception.message, message)
                self.assertEqual(cm.exception.status, -8)
                self.assertEqual(cm.exception.status_name, "SEEGA_E_RULES")

    def test_named_values(self):
        for field in ("first_mover", "move_dirs", "capture_dirs", "blocked"):
            with self.subTest(field=field):
                with self.assertRaises(seega.RulesError) as cm:
                    seega.Rules(**{field: "sideways"})
                self.assertIn("rules.%s must be" % field, str(cm.exception))
                with self.assertRaises(TypeError):
                    seega.Rules(**{field: 1})

    def test_types(self):
        with self.assertRaises(TypeError):
            seega.Rules(board_size="5")
        with self.assertRaises(TypeError):
            seega.Rules(board_size=True)
        with self.assertRaises(TypeError):
            seega.Rules(centre_immune="yes")
        with self.assertRaises(TypeError):
            seega.Rules(5)  # keyword-only
        with self.assertRaises(TypeError):
            seega.Rules(colour="red")
        with self.assertRaises(seega.RulesError):
            seega.Rules(quiet_limit=2**31)

    def test_replace(self):
        base = seega.Rules.preset("modern")
        r = base.replace(quiet_limit=100, board_size=7)
        self.assertEqual((r.quiet_limit, r.board_size, r.blocked), (100, 7, "passes"))
        self.assertEqual(base.quiet_limit, 50)  # unchanged
        with self.assertRaises(TypeError):
            base.replace(colour="red")
        with self.assertRaises(seega.RulesError):
            base.replace(board_size=8)

    def test_immutable_hashable_picklable(self):
        r = seega.Rules.preset("diagonal", 9)
        with self.assertRaises(AttributeError):
            r.board_size = 5
        with self.assertRaises(AttributeError):
            del r.blocked
        self.assertEqual(len({r, seega.Rules.preset("diagonal", 9), seega.Rules()}), 2)
        self.assertEqual(pickle.loads(pickle.dumps(r)), r)
        self.assertIs(copy.copy(r), r)
        self.assertIs(copy.deepcopy(r), r)
        self.assertEqual(seega.Rules(**r.as_dict()), r)
        self.assertEqual(eval(repr(r), {"Rules": seega.Rules}), r)
        self.assertNotEqual(r, "diagonal")


if __name__ == "__main__":
    unittest.main()
