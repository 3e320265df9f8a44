"""Game records through the binding: Game.record() and Game.from_record()."""

import random
import unittest

import support  # noqa: F401  (puts the package on the path)

import seega


class TestRecords(unittest.TestCase):
    def test_round_trip(self):
        rng = random.Random(7)
        for preset in ("classic", "diagonal", "modern", "traditional"):
            with seega.Game(preset, 7) as game:
                for _ in range(rng.randrange(120)):
                    if game.is_over:
                        break
                    game.play(rng.choice(game.legal_moves()))
                text = game.record(x="Amal", o="Badr", date="2026.11.30",
                                   Annotator='a "quote"')
                with seega.Game.from_record(text) as back:
                    self.assertEqual(back.rules, game.rules)
                    self.assertEqual(back.spn, game.spn)
                    self.assertEqual(back.history, game.history)
                    self.assertEqual(back.record(x="Amal", o="Badr",
                                                 date="2026.11.30",
                                                 Annotator='a "quote"'), text)
        self.assertIn('[Annotator "a \\"quote\\""]\n', text)
        self.assertIn('[Rules "traditional 7"]\n', text)

    def test_exact_text(self):
        with seega.Game("classic") as game:
            for a in ("c2", "d4", "b3", "d3"):
                game.play(a)
            self.assertEqual(game.record(), '[Result "*"]\n[Rules "classic 5"]\n\n'
                                             "1. X c2 d4\n2. O b3 d3\n*\n")

    def test_refused_with_the_line(self):
        with self.assertRaises(seega.ParseError) as e:
            seega.Game.from_record('[Rules "classic 5"]\n\n1. X c2 c2\n')
        self.assertIn("line 3:", str(e.exception))
        with self.assertRaises(seega.ParseError) as e:
            seega.Game.from_record("1. X c2\n")
        self.assertIn("no Rules tag", str(e.exception))
        with self.assertRaises(seega.RulesError):
            seega.Game.from_record('[Rules "classic 5 lose_at=4"]\n')
        with seega.Game() as game:
            with self.assertRaises(seega.InvalidArgumentError):
                game.record(x="two\nlines")
            with self.assertRaises(TypeError):
                game.record(x=5)

    def test_tag_names_checked_like_values(self):
        # The C library reads a name up to its NUL ("Ab\0cd" would be
        # written as [Ab "v"]): names are checked as values are, and lone
        # surrogates, which UTF-8 cannot encode, are refused in both.
        with seega.Game() as game:
            game.play("c2")
            before = game.spn
            for tags in ({"Ab\0cd": "v"}, {"\0": "v"}, {"Ab\udc80": "v"},
                         {"Note": "a\0b"}, {"x": "Amal\0"}, {"x": "\udc80"},
                         {"Note": "\ud800"}, {"Ab cd": "v"}, {"": "v"},
                         {"Event": "v"}):
                with self.subTest(tags=tags):
                    with self.assertRaises(seega.InvalidArgumentError) as cm:
                        game.record(**tags)
                    self.assertIsInstance(cm.exception, seega.SeegaError)
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                game.record(**{"Ab\0cd": "v"})
            self.assertIn("tag name", str(cm.exception))
            self.assertIn("NUL", str(cm.exception))
            self.assertEqual(game.spn, before)
            self.assertIn('[Ab_cd9 "v"]\n', game.record(Ab_cd9="v"))

    def test_text_with_a_lone_surrogate(self):
        with self.assertRaises(seega.ParseError):
            seega.Game.from_record('[Rules "classic 5"]\n\n1. X c2 \udc80\n')


if __name__ == "__main__":
    unittest.main()
