"""Endgame tablebases: generate_tablebase, Tablebase (open, probe,
tier_info, close), Game.set_tablebase, and the three tablebase errors.

The tables are CLASSIC 5x5 with at most 2 pieces a side, generated into a
temporary directory by the binding itself (a fraction of a second).
"""

import gc
import os
import pathlib
import shutil
import tempfile
import threading
import unittest

import support  # noqa: F401
import seega

# CLASSIC 5x5 (orthogonal steps, custodian captures, lose_at 0). X to move:
# X on a1 and c2, O's last piece on b1. Of X's steps (a1-a2, c2-c1, c2-b2,
# c2-d2, c2-c3) only c2-c1 flanks b1 (between a1 and c1), taking O's last
# piece: X wins in 1 ply, by c2-c1 only.
WIN_IN_1 = "5/5/5/2x2/xo3 x 0 0 0 -"
# O to move: O on a1, X on a2 and c1. O's only step is a1-b1 (a2 is taken);
# then X plays a2-a1, flanking b1 between a1 and c1: O loses in 2 plies.
LOSS_IN_2 = "5/5/5/x4/o1x2 o 0 0 0 -"
# One piece a side: a capture needs two pieces, so nobody can ever
# capture, and one enemy piece cannot block a piece (a corner has two
# neighbours): a draw.
DRAW = "5/5/5/5/xo3 x 0 0 0 -"
# Three X pieces: beyond tables of 2 pieces a side.
THREE_A_SIDE = "5/5/5/1x1x1/xo1o1 x 0 0 0 -"


class TablesCase(unittest.TestCase):
    """Generates CLASSIC tables of 2 pieces a side once for the class."""

    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory(prefix="seega-tb-")
        cls.dir = cls._tmp.name
        cls.progress = []
        seega.generate_tablebase("classic", 2, cls.dir, progress=cls.progress.append)

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def open(self, *args):
        tb = seega.Tablebase.open(*(args or ("classic", self.dir)))
        self.addCleanup(tb.close)
        return tb

    def tier_file(self, directory, tier):
        """The file of a tier ("2v1") in a directory (its name starts with
        the rules text)."""
        found = [n for n in os.listdir(directory) if n.endswith("." + tier + ".sgtb")]
        self.assertEqual(len(found), 1, (tier, os.listdir(directory)))
        return os.path.join(directory, found[0])

    def copy_tables(self):
        """A copy of the tables in a new temporary directory."""
        tmp = tempfile.TemporaryDirectory(prefix="seega-tb-")
        self.addCleanup(tmp.cleanup)
        for name in os.listdir(self.dir):
            shutil.copy(os.path.join(self.dir, name), tmp.name)
        return tmp.name


class TestGenerate(TablesCase):
    def test_files_and_progress(self):
        self.assertEqual(len(os.listdir(self.dir)), 4)
        for tier in ("1v1", "1v2", "2v1", "2v2"):
            self.assertTrue(os.path.basename(self.tier_file(self.dir, tier)).startswith("classic"))
        self.assertTrue(all(isinstance(p, seega.TablebaseProgress) for p in self.progress))
        done = [(p.mover, p.other) for p in self.progress if p.stage == "done"]
        self.assertEqual(sorted(done), [(1, 1), (1, 2), (2, 2)])
        self.assertEqual(self.progress[0].stage, "start")
        self.assertGreater(self.progress[0].slots, 0)
        self.assertTrue(all(p.stage in ("start", "level", "done") for p in self.progress))

    def test_resume_keeps_the_tiers_on_disk(self):
        seen = []
        seega.generate_tablebase(seega.Rules.preset("classic"), 2, pathlib.Path(self.dir),
                                 threads=2, progress=seen.append)
        self.assertEqual(sorted((p.mover, p.other, p.stage) for p in seen),
                         [(1, 1, "found"), (1, 2, "found"), (2, 2, "found")])

    def test_without_progress(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertIsNone(seega.generate_tablebase("classic", 1, d))
            self.assertEqual(len(os.listdir(d)), 1)
            self.tier_file(d, "1v1")

    def test_progress_exception_is_raised_after(self):
        class Boom(Exception):
            pass

        calls = []

        def progress(info):
            calls.append(info)
            raise Boom("from progress")

        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(Boom):
                seega.generate_tablebase("classic", 2, d, progress=progress)
            self.assertEqual(len(calls), 1)  # not called again
            self.assertEqual(calls[0].stage, "start")
            # the exception stopped the generation at once: the pair it
            # started (1v1) is not written
            self.assertEqual(os.listdir(d), [])
            # and a run without it does the whole
            seega.generate_tablebase("classic", 2, d)
            with seega.Tablebase.open("classic", d) as tb:
                self.assertEqual(tb.max_pieces, 2)

    def test_a_later_exception_keeps_the_pairs_done(self):
        class Boom(Exception):
            pass

        def progress(info):
            if (info.mover, info.other, info.stage) == (2, 2, "start"):
                raise Boom("at 2v2")

        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(Boom):
                seega.generate_tablebase("classic", 2, d, progress=progress)
            self.assertEqual(sorted(os.listdir(d)),
                             ["classic+5.1v1.sgtb", "classic+5.1v2.sgtb",
                              "classic+5.2v1.sgtb"])

    def test_empty_directory(self):
        """"" is no directory (not the current one, nor the root): refused
        by the library, before anything is read or written."""
        for call in (lambda: seega.generate_tablebase("classic", 1, ""),
                     lambda: seega.generate_tablebase("classic", 1, b""),
                     lambda: seega.Tablebase.open("classic", ""),
                     lambda: seega.Tablebase("classic", b"")):
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                call()
            self.assertEqual(cm.exception.status_name, "SEEGA_E_INVALID")
            self.assertIn("the directory is empty", str(cm.exception))

    def test_stopped_error(self):
        self.assertEqual(seega.status_text(-12), "the caller stopped the operation")
        e = seega._errors.error_for_status(-12, "stopped")
        self.assertIsInstance(e, seega.StoppedError)
        self.assertEqual(e.status_name, "SEEGA_E_STOPPED")

    def test_errors(self):
        with tempfile.TemporaryDirectory() as d:
            for bad in (0, seega.TB_MAX_PIECES + 1, -1):
                with self.assertRaises(seega.InvalidArgumentError) as cm:
                    seega.generate_tablebase("classic", bad, d)
                self.assertIn("max_pieces", str(cm.exception))
            with self.assertRaises(seega.InvalidArgumentError):
                seega.generate_tablebase("classic", 1, d, threads=65)
            with self.assertRaises(seega.RulesError) as cm:
                seega.generate_tablebase("classic", 1, d, size=7)
            self.assertIn("5x5", str(cm.exception))
            missing = os.path.join(d, "no", "such", "dir")
            with self.assertRaises(seega.FileError) as cm:
                seega.generate_tablebase("classic", 1, missing)
            self.assertIsInstance(cm.exception, OSError)
            self.assertEqual(cm.exception.status_name, "SEEGA_E_IO")
            self.assertTrue(str(cm.exception))
            with self.assertRaises(TypeError):
                seega.generate_tablebase("classic", 1, 42)
            with self.assertRaises(TypeError):
                seega.generate_tablebase("classic", "2", d)
            with self.assertRaises(TypeError):
                seega.generate_tablebase("classic", 1, d, progress=3)
            with self.assertRaises(seega.InvalidArgumentError):
                seega.generate_tablebase("classic", 1, d + "\0x")


class TestPack(TablesCase):
    """Packs: Tablebase.pack, a pack opened by path and from bytes."""

    def packed(self):
        tmp = tempfile.TemporaryDirectory(prefix="seega-tb-pack-")
        self.addCleanup(tmp.cleanup)
        path = os.path.join(tmp.name, "classic.sgtbpack")
        self.open().pack(path)
        return path

    def test_pack_answers_as_the_directory(self):
        path = self.packed()
        plain = self.open()
        with open(path, "rb") as f:
            data = f.read()
        for tb in (self.open("classic", path), seega.Tablebase.from_bytes("classic", data),
                   seega.Tablebase.from_bytes("classic", bytearray(data))):
            self.addCleanup(tb.close)
            self.assertEqual(tb.max_pieces, 2)
            for spn in (WIN_IN_1, LOSS_IN_2, DRAW):
                with seega.Game.from_spn(spn) as g:
                    self.assertEqual(tb.probe(g), plain.probe(g))
            self.assertEqual(tb.tier_info(2, 1), plain.tier_info(2, 1))
            self.assertEqual(tb.verify(2, 2), plain.verify(2, 2))
        self.assertEqual(seega.Tablebase.from_bytes("classic", data).directory, "")

    def test_pack_of_fewer_tiers(self):
        tmp = tempfile.TemporaryDirectory(prefix="seega-tb-pack-")
        self.addCleanup(tmp.cleanup)
        path = os.path.join(tmp.name, "one.sgtbpack")
        self.open().pack(path, 1)
        self.assertEqual(self.open("classic", path).max_pieces, 1)

    def test_bad_packs(self):
        path = self.packed()
        with open(path, "rb") as f:
            data = f.read()
        for bad in (b"", data[:100], data[:-8], b"x" + data[1:]):
            with self.assertRaises(seega.CorruptTablebaseError):
                seega.Tablebase.from_bytes("classic", bad)
        with self.assertRaises(seega.CorruptTablebaseError) as cm:
            seega.Tablebase.from_bytes(seega.Rules.preset("classic").replace(centre_immune=False),
                                       data)
        self.assertIn("other rules", str(cm.exception))
        with self.assertRaises(TypeError):
            seega.Tablebase.from_bytes("classic", 42)
        with self.assertRaises(seega.InvalidArgumentError):
            self.open().pack(path, 3)  # more than the tables hold
        with self.assertRaises(seega.InvalidArgumentError):
            self.open().pack("")
        tb = self.open()
        tb.close()
        with self.assertRaises(seega.InvalidArgumentError):
            tb.pack(path)


class TestProbe(TablesCase):
    def test_open(self):
        tb = self.open()
        self.assertEqual(tb.max_pieces, 2)
        self.assertEqual(tb.rules, seega.Rules.preset("classic"))
        self.assertEqual(tb.directory, self.dir)
        self.assertFalse(tb.closed)
        self.assertIn("max_pieces=2", repr(tb))
        # other spellings of the same: a Rules object, a path object
        with seega.Tablebase(seega.Rules.preset("classic"), pathlib.Path(self.dir)) as tb2:
            self.assertEqual(tb2.max_pieces, 2)
        self.assertTrue(tb2.closed)
        self.assertEqual(repr(tb2), "<seega.Tablebase (closed)>")

    def test_win_in_one(self):
        tb = self.open()
        with seega.Game.from_spn(WIN_IN_1) as g:
            r = tb.probe(g)
            self.assertIsInstance(r, seega.ProbeResult)
            self.assertEqual(r, ("win", 1, "c2-c1"))
            self.assertIsInstance(r.best, seega.Action)
            g.play(r.best)
            self.assertEqual((g.result, g.reason), ("x", "material"))
            # a finished game: its result, at distance 0, no action
            self.assertEqual(tb.probe(g), ("loss", 0, None))

    def test_loss_in_two(self):
        tb = self.open()
        with seega.Game.from_spn(LOSS_IN_2) as g:
            self.assertEqual(tb.probe(g), ("loss", 2, "a1-b1"))
            g.play("a1-b1")
            self.assertEqual(tb.probe(g), ("win", 1, "a2-a1"))

    def test_draw(self):
        tb = self.open()
        with seega.Game.from_spn(DRAW) as g:
            r = tb.probe(g)
            self.assertEqual(r.value, "draw")
            self.assertIsNone(r.distance)
            self.assertIn(r.best, g.legal_moves())

    def test_not_covered(self):
        tb = self.open()
        for spn in (None, THREE_A_SIDE):
            with (seega.Game() if spn is None else seega.Game.from_spn(spn)) as g:
                with self.assertRaises(seega.NotCoveredError) as cm:
                    tb.probe(g)
                e = cm.exception
                self.assertIsInstance(e, LookupError)
                self.assertEqual(e.status, -11)
                self.assertEqual(e.status_name, "SEEGA_E_NOT_COVERED")
                self.assertIn("not in the tables", str(e))

    def test_tier_info(self):
        tb = self.open()
        one = tb.tier_info(1, 1)
        self.assertIsInstance(one, seega.TierInfo)
        self.assertGreater(one.positions, 0)
        self.assertEqual(one.positions, one.draws)  # nobody can capture
        self.assertEqual((one.wins, one.losses), (0, 0))
        self.assertIsNone(one.longest_win)
        self.assertIsNone(one.longest_win_spn)
        two = tb.tier_info(2, 1)
        self.assertEqual(two.positions, two.wins + two.draws + two.losses)
        self.assertGreater(two.wins, 0)
        with seega.Game.from_spn(two.longest_win_spn) as g:
            self.assertEqual(tb.probe(g)[:2], ("win", two.longest_win))
        for tier in ((3, 1), (1, 3), (0, 1), (-1, 2)):
            with self.assertRaises(seega.NotCoveredError):
                tb.tier_info(*tier)
        with self.assertRaises(TypeError):
            tb.tier_info(1.0, 1)

    def test_wrong_rules(self):
        # no tables of TRADITIONAL in the directory
        with self.assertRaises(seega.FileError) as cm:
            seega.Tablebase.open("traditional", self.dir)
        self.assertIsInstance(cm.exception, OSError)
        self.assertIsNone(cm.exception.errno)
        self.assertIn("no tables", str(cm.exception))
        # rules that have no tables at all
        with self.assertRaises(seega.RulesError):
            seega.Tablebase.open("classic", self.dir, 7)
        # CLASSIC with a quiet limit is another rule set: no tables here
        with self.assertRaises(seega.FileError):
            seega.Tablebase.open(seega.Rules(quiet_limit=10), self.dir)
        # a game of other rules
        tb = self.open()
        with seega.Game.from_spn(WIN_IN_1, "traditional") as g:
            with self.assertRaises(seega.RulesError):
                tb.probe(g)
            with self.assertRaises(seega.RulesError):
                g.set_tablebase(tb)
            self.assertIsNone(g.tablebase)
        with seega.Game("classic", 7) as g:
            with self.assertRaises(seega.RulesError):
                g.set_tablebase(tb)

    def test_missing_and_corrupt_files(self):
        with tempfile.TemporaryDirectory() as empty:
            with self.assertRaises(seega.FileError):
                seega.Tablebase.open("classic", empty)
        # a missing tier of 2 pieces: the tables hold 1 piece a side
        d = self.copy_tables()
        os.remove(self.tier_file(d, "2v1"))
        with seega.Tablebase.open("classic", d) as tb:
            self.assertEqual(tb.max_pieces, 1)
        # a truncated file
        d = self.copy_tables()
        path = self.tier_file(d, "2v2")
        size = os.path.getsize(path)
        with open(path, "r+b") as f:
            f.truncate(size // 2)
        with self.assertRaises(seega.CorruptTablebaseError) as cm:
            seega.Tablebase.open("classic", d)
        self.assertEqual(cm.exception.status_name, "SEEGA_E_CORRUPT")
        self.assertTrue(str(cm.exception))
        # a changed byte in the data (the checksum)
        d = self.copy_tables()
        path = self.tier_file(d, "2v2")
        with open(path, "r+b") as f:
            f.seek(size - 100)
            byte = f.read(1)
            f.seek(size - 100)
            f.write(bytes([byte[0] ^ 0xFF]))
        with self.assertRaises(seega.CorruptTablebaseError):
            seega.Tablebase.open("classic", d)
        # another rule set's file under this one's name
        d = self.copy_tables()
        with tempfile.TemporaryDirectory() as other:
            seega.generate_tablebase("traditional", 2, other)  # lose_at 1: 2v2 only
            shutil.copy(self.tier_file(other, "2v2"), self.tier_file(d, "2v2"))
        with self.assertRaises(seega.CorruptTablebaseError):
            seega.Tablebase.open("classic", d)

    def test_verify(self):
        tb = self.open()
        self.assertEqual(tb.verify(2, 1), tb.tier_info(2, 1).positions)
        with self.assertRaises(seega.NotCoveredError):
            tb.verify(3, 3)

    def test_struct_sizes(self):
        import ctypes
        from seega import _native

        self.assertEqual(ctypes.sizeof(_native.TbEntryStruct), 16)
        self.assertEqual(ctypes.sizeof(_native.TbProgressStruct), 48)
        self.assertEqual(ctypes.sizeof(_native.TbOptionsStruct), 40)
        self.assertEqual(ctypes.sizeof(_native.TbTierStruct), 176)

    def test_argument_types(self):
        tb = self.open()
        with self.assertRaises(TypeError):
            tb.probe(WIN_IN_1)
        with self.assertRaises(TypeError):
            seega.Tablebase.open("classic", None)
        with self.assertRaises(TypeError):
            seega.Tablebase.open(5, self.dir)
        with self.assertRaises(seega.InvalidArgumentError):
            seega.Tablebase.open("classic", "a\0b")


class TestSearchWithTables(TablesCase):
    def test_search_is_proven(self):
        tb = self.open()
        spn = tb.tier_info(2, 1).longest_win_spn  # a win of 17 plies
        with seega.Game.from_spn(spn) as g:
            before = g.search(depth=2)
            self.assertIsNone(before.proven)  # too deep for the search alone
            exact = tb.probe(g)
            g.set_tablebase(tb)
            self.assertIs(g.tablebase, tb)
            for kwargs in ({"depth": 2}, {"depth": 1, "level": 1, "seed": 3}):
                r = g.search(**kwargs)
                self.assertEqual(r.proven, "win")
                self.assertEqual(r.proven_plies, exact.distance)
                self.assertEqual(r.score, seega.SCORE_PROVEN - exact.distance)
                g.play(r.best)
                self.assertEqual(tb.probe(g)[:2], ("loss", exact.distance - 1))
                g.undo()
            g.play(g.hint(100))
            self.assertEqual(tb.probe(g)[:2], ("loss", exact.distance - 1))
            g.undo()
            g.set_tablebase(None)
            self.assertIsNone(g.tablebase)
            self.assertIsNone(g.search(depth=2).proven)

    def test_the_win_is_played_out(self):
        tb = self.open()
        spn = tb.tier_info(2, 2).longest_win_spn
        with seega.Game.from_spn(spn) as g:
            g.set_tablebase(tb)
            plies = tb.probe(g).distance
            for _ in range(plies):
                g.play(g.search(depth=1).best)
            self.assertEqual((g.result, g.reason), ("x", "material"))


class TestBundled(TablesCase):
    """Tablebase.bundled: the shipped tables of the presets (SEEGA_TABLES,
    set by ctest to the build's tables/)."""

    def bundled(self, preset):
        tb = seega.Tablebase.bundled(preset)
        self.addCleanup(tb.close)
        return tb

    def test_every_preset_opens_to_four_a_side(self):
        for preset in seega.PRESETS:
            tb = self.bundled(preset)
            self.assertEqual(tb.rules, seega.Rules.preset(preset))
            self.assertEqual(tb.max_pieces, seega.BUNDLED_MAX_PIECES)
            self.assertEqual(tb.directory, seega.bundled_path(preset))
            self.assertTrue(tb.directory.endswith(preset + "+5.sgtbpack"), tb.directory)
        tb = seega.Tablebase.bundled(seega.Rules.preset("modern"))
        self.addCleanup(tb.close)
        self.assertEqual(tb.rules.preset_name, "modern")

    def test_answers_as_tables_generated_here(self):
        # The shipped CLASSIC pack against this class's own 2-a-side tables,
        # on every position of the text's tiers and on a 4v4 win searched out.
        plain = self.open()
        tb = self.bundled("classic")
        for spn in (WIN_IN_1, LOSS_IN_2, DRAW):
            with seega.Game.from_spn(spn) as g:
                self.assertEqual(tb.probe(g), plain.probe(g))
        self.assertEqual(tb.tier_info(2, 1), plain.tier_info(2, 1))
        self.assertEqual(tb.tier_info(2, 2), plain.tier_info(2, 2))

    def test_a_game_plays_a_four_a_side_win_perfectly(self):
        tb = self.bundled("classic")
        spn = tb.tier_info(4, 3).longest_win_spn
        with seega.Game.from_spn(spn) as g:
            g.set_tablebase(tb)
            exact = tb.probe(g)
            self.assertEqual(exact.value, "win")
            r = g.search(depth=1)
            self.assertEqual((r.proven, r.proven_plies), ("win", exact.distance))
            g.play(r.best)
            self.assertEqual(tb.probe(g)[:2], ("loss", exact.distance - 1))
            with self.assertRaises(seega.NotCoveredError):
                with seega.Game("classic") as start:
                    tb.probe(start)  # the placing phase

    def test_other_rules_are_refused(self):
        for rules in (seega.Rules.preset("classic", 7),
                      seega.Rules.preset("classic").replace(centre_immune=False)):
            with self.assertRaises(seega.RulesError) as cm:
                seega.Tablebase.bundled(rules)
            self.assertIn("presets on the 5x5 board", str(cm.exception))
        with self.assertRaises(seega.RulesError):
            seega.Tablebase.bundled("chess")
        with self.assertRaises(TypeError):
            seega.Tablebase.bundled(5)

    def test_probe_actions(self):
        tb = self.bundled("classic")
        with seega.Game.from_spn("4o/5/xox2/1oo2/2x1x x 0 0 0 -") as g:
            rows = tb.probe_actions(g)
            self.assertEqual(sorted(r.action.text for r in rows),
                             sorted(a.text for a in g.legal_moves()))
            whole = tb.probe(g)
            self.assertEqual((rows[0].value, rows[0].distance), whole[:2])
            for row in rows:
                g.play(row.action)
                after, same = tb.probe(g), g.to_move == "x"
                g.undo()
                flipped = {"win": "loss", "loss": "win", "draw": "draw"}[after.value]
                self.assertEqual(row.value, after.value if same else flipped)
                self.assertEqual(row.distance,
                                 None if after.value == "draw" else after.distance + 1)
        with seega.Game.from_spn(WIN_IN_1) as g:
            rows = self.open().probe_actions(g)
            self.assertEqual(rows[0], seega.ActionValue("c2-c1", "win", 1))
            self.assertEqual(len(rows), 5)
        with seega.Game("classic") as start, self.assertRaises(seega.NotCoveredError):
            tb.probe_actions(start)
        with self.assertRaises(TypeError):
            tb.probe_actions("4o/5/xox2/1oo2/2x1x x 0 0 0 -")

    def test_where_the_packs_are_looked_for(self):
        with tempfile.TemporaryDirectory(prefix="seega-tb-ship-") as d:
            # SEEGA_TABLES, when set, is the only place.
            with self.assertRaises(seega.FileError) as cm:
                seega.bundled_path("classic", env={"SEEGA_TABLES": d})
            self.assertIn("classic+5.sgtbpack", str(cm.exception))
            self.assertIn(d, str(cm.exception))
            shutil.copy(seega.bundled_path("classic"), d)
            self.assertEqual(seega.bundled_path("classic", env={"SEEGA_TABLES": d}),
                             os.path.join(d, "classic+5.sgtbpack"))
            with self.assertRaises(seega.FileError):
                seega.bundled_path("modern", env={"SEEGA_TABLES": d})


class TestLifetime(TablesCase):
    def test_a_game_keeps_its_tables_alive(self):
        g = seega.Game.from_spn(WIN_IN_1)
        self.addCleanup(g.close)
        g.set_tablebase(seega.Tablebase.open("classic", self.dir))
        gc.collect()
        self.assertFalse(g.tablebase.closed)
        self.assertEqual(g.search(depth=1).proven, "win")
        self.assertEqual(g.tablebase.probe(g).value, "win")

    def test_copy_keeps_the_tables(self):
        tb = self.open()
        with seega.Game.from_spn(WIN_IN_1) as g:
            g.set_tablebase(tb)
            with g.copy() as c:
                self.assertIs(c.tablebase, tb)
                self.assertEqual(c.search(depth=1).proven, "win")
                tb.close()  # detaches both
                self.assertIsNone(c.tablebase)
                self.assertIsNone(g.tablebase)
                self.assertEqual(c.search(depth=1).proven, "win")  # found by search
                g.play("a1-a2")
                self.assertIsNone(g.search(depth=1).proven)

    def test_close(self):
        tb = seega.Tablebase.open("classic", self.dir)
        g = seega.Game.from_spn(WIN_IN_1)
        self.addCleanup(g.close)
        g.set_tablebase(tb)
        tb.close()
        tb.close()  # harmless
        self.assertTrue(tb.closed)
        self.assertIsNone(g.tablebase)
        for call in (lambda: tb.probe(g), lambda: tb.max_pieces, lambda: tb.tier_info(1, 1),
                     lambda: g.set_tablebase(tb)):
            with self.assertRaises(seega.InvalidArgumentError) as cm:
                call()
            self.assertIn("closed", str(cm.exception))
        with seega.Tablebase.open("classic", self.dir) as tb2:
            g.set_tablebase(tb2)
        self.assertIsNone(g.tablebase)
        self.assertEqual(g.search(depth=1).best, "c2-c1")

    def test_closing_the_game_first(self):
        tb = self.open()
        g = seega.Game.from_spn(WIN_IN_1)
        g.set_tablebase(tb)
        g.close()
        self.assertIsNone(g.tablebase)
        with self.assertRaises(seega.InvalidArgumentError):
            tb.probe(g)
        g2 = seega.Game.from_spn(WIN_IN_1)
        g2.set_tablebase(tb)
        del g2
        gc.collect()
        tb.close()

    def test_set_tablebase_types(self):
        with seega.Game() as g:
            with self.assertRaises(TypeError):
                g.set_tablebase(self.dir)
            g.set_tablebase(None)  # nothing attached: fine
            self.assertIsNone(g.tablebase)

    def test_probes_from_threads_and_close(self):
        tb = seega.Tablebase.open("classic", self.dir)
        errors, counts = [], []
        start = threading.Barrier(5)

        def worker():
            n = 0
            with seega.Game.from_spn(LOSS_IN_2) as g:
                start.wait()
                try:
                    for _ in range(2000):
                        self.assertEqual(tb.probe(g), ("loss", 2, "a1-b1"))
                        n += 1
                except seega.InvalidArgumentError:
                    pass  # closed meanwhile
                except BaseException as e:
                    errors.append(e)
            counts.append(n)

        threads = [threading.Thread(target=worker) for _ in range(4)]
        for t in threads:
            t.start()
        start.wait()
        tb.close()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual(len(counts), 4)



class QuietLimit(unittest.TestCase):
    """MODERN: 50 quiet turns, then the count decides."""

    def test_value_depends_on_the_counter(self):
        with tempfile.TemporaryDirectory(prefix="seega-tb-") as d:
            seega.generate_tablebase("modern", 2, d)
            with seega.Tablebase.open("modern", d) as tb:
                # X a1, e5 against O c3: nobody can capture, the count
                # gives X the game when the limit comes.
                for quiet, distance in ((0, 50), (49, 1)):
                    spn = "4x/5/2o2/5/x4 x 0 0 %d -" % quiet
                    with seega.Game.from_spn(spn, "modern") as g:
                        r = tb.probe(g)
                        self.assertEqual((r.value, r.distance), ("win", distance))
                # X c2, d1 against O b1, c1: X forces a capture after two
                # quiet turns; at counter 48 the limit comes first (a draw).
                for quiet, value in ((47, "win"), (48, "draw")):
                    spn = "5/5/5/2x2/1oox1 x 0 0 %d -" % quiet
                    with seega.Game.from_spn(spn, "modern") as g:
                        self.assertEqual(tb.probe(g).value, value)


if __name__ == "__main__":
    unittest.main()
