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


if __name__ == "__main__":
    unittest.main()
