-- Tests of the Lua binding: every function, every error path, and random
-- games cross-checked against the library's own counts.
--
--   lua5.4 test_seega.lua [DIR]
--
-- DIR is the directory holding the built seega.so (ctest passes the build
-- tree's); without it, require finds the module on the usual package.cpath.
-- Prints one line per failed test and "N passed, N failed" at the end;
-- the exit status is 0 only when every test passed. Runs in Lua 5.1-5.4
-- and LuaJIT (the 5.4-only features are tested only there).

if arg and arg[1] then
    package.cpath = arg[1] .. "/?.so;" .. package.cpath
end
local seega = require("seega")

local unpack = table.unpack or unpack
local LUA54 = _VERSION == "Lua 5.4"

-- ---- a tiny harness -------------------------------------------------------

local tests = {}
local function test(name, fn)
    tests[#tests + 1] = {name = name, fn = fn}
end

local function fmt(v)
    if type(v) == "string" then
        return string.format("%q", v)
    end
    return tostring(v)
end

local function eq(got, want, what)
    if got ~= want then
        error(string.format("%s: got %s, want %s", what or "value", fmt(got),
                            fmt(want)), 2)
    end
end

local function check(cond, what)
    if not cond then
        error(what or "check failed", 2)
    end
end

-- Same elements, in order.
local function list_eq(got, want, what)
    eq(type(got), "table", what)
    eq(#got, #want, (what or "list") .. " length")
    for i = 1, #want do
        eq(got[i], want[i], string.format("%s[%d]", what or "list", i))
    end
end

local function sorted(list)
    local copy = {unpack(list)}
    table.sort(copy)
    return copy
end

-- Calling fn(...) raises an error whose message contains `pattern`
-- (a plain substring).
local function raises(pattern, fn, ...)
    local ok, err = pcall(fn, ...)
    if ok then
        error("no error raised (wanted one containing " .. fmt(pattern) .. ")",
              2)
    end
    if not string.find(tostring(err), pattern, 1, true) then
        error("error " .. fmt(tostring(err)) .. " lacks " .. fmt(pattern), 2)
    end
end

-- fn(...) returns nil, a message containing `pattern`, and `code`.
local function fails(code, pattern, fn, ...)
    local r = {pcall(fn, ...)}
    if not r[1] then
        error("raised " .. fmt(tostring(r[2])) .. " instead of returning nil",
              2)
    end
    if r[2] ~= nil then
        error("returned " .. fmt(r[2]) .. " instead of nil", 2)
    end
    if type(r[3]) ~= "string" or not string.find(r[3], pattern, 1, true) then
        error("message " .. fmt(r[3]) .. " lacks " .. fmt(pattern), 2)
    end
    if r[4] ~= code then
        error("code " .. fmt(r[4]) .. ", want " .. fmt(code), 2)
    end
end

-- A deterministic generator (a 31-bit LCG), the same in every Lua version,
-- so the random games are the same everywhere.
local function rng(seed)
    local state = seed % 2147483648
    return function(n)
        state = (state * 1103515245 + 12345) % 2147483648
        return math.floor(state / 65536) % n + 1
    end
end

local START5 = "5/5/5/5/5 x 12 12 0 -"
local MOVING = "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"
-- docs/notation.md, "Perft" (#notation_perft), depth 1-5.
local MOVING_PERFT = {
    classic = {4, 12, 32, 72, 152},
    traditional = {4, 12, 32, 72, 152},
    diagonal = {4, 12, 40, 128, 784},
    modern = {4, 12, 32, 80, 224},
}

-- ---- the module -----------------------------------------------------------

test("module fields", function()
    eq(seega._VERSION, "1.1.0", "_VERSION")
    check(string.find(seega.library_version(), "^1%.%d+%.%d+$"),
          "library_version " .. seega.library_version())
    list_eq(seega.PRESETS, {"classic", "diagonal", "modern", "traditional"},
            "PRESETS")
    eq(package.loaded.seega, seega, "package.loaded")
end)

test('rules of every preset (docs/rules.md, "The presets" (#rules_presets))', function()
    local want = {
        classic = {false, "o", "orthogonal", "orthogonal", true, true,
                   "opponent_opens", 0, 0},
        diagonal = {false, "o", "all", "all", true, false, "loses", 0, 150},
        modern = {false, "x", "orthogonal", "orthogonal", true, false,
                  "passes", 0, 50},
        traditional = {true, "o", "orthogonal", "orthogonal", false, true,
                       "removes", 1, 0},
    }
    local fields = {"opening_squares", "first_mover", "move_dirs",
                    "capture_dirs", "centre_immune", "chain_captures",
                    "blocked", "lose_at", "quiet_limit"}
    for _, preset in ipairs(seega.PRESETS) do
        for _, size in ipairs({5, 7, 9}) do
            local r = assert(seega.rules(preset, size))
            eq(r.board_size, size, preset .. " board_size")
            eq(r.placements_per_turn, 2, preset .. " placements_per_turn")
            for i, field in ipairs(fields) do
                eq(r[field], want[preset][i], preset .. " " .. field)
            end
            local n = 0
            for _ in pairs(r) do n = n + 1 end
            eq(n, 11, "number of fields")
        end
    end
    eq(seega.rules().board_size, 5, "default size")
    eq(seega.rules().blocked, "opponent_opens", "default preset")
    eq(seega.rules("modern").board_size, 5, "default size with a name")
    eq(seega.rules(nil, 7).board_size, 7, "nil preset is classic")
end)

test("rules errors", function()
    fails("rules", "rules.board_size must be 5, 7 or 9 (got 6)", seega.rules,
          "classic", 6)
    fails("rules", "rules.board_size", seega.rules, "modern", 2 ^ 40)
    raises("invalid option 'bogus'", seega.rules, "bogus")
    raises("invalid option 'Classic'", seega.rules, "Classic")
    raises("preset name expected, got table", seega.rules, {})
    raises("preset name or rules table expected, got number", seega.rules, 5)
    raises("integer board size expected, got string", seega.rules, "classic",
           "7")
    raises("integer board size expected", seega.rules, "classic", 7.5)
end)

test("new with a preset name", function()
    local g = assert(seega.new())
    eq(g:size(), 5, "default size")
    eq(g:rules().blocked, "opponent_opens", "default preset")
    eq(g:spn(), START5, "start position")
    for _, preset in ipairs(seega.PRESETS) do
        for _, size in ipairs({5, 7, 9}) do
            local h = assert(seega.new(preset, size))
            eq(h:size(), size, "size")
            local r, want = h:rules(), seega.rules(preset, size)
            for k, v in pairs(want) do
                eq(r[k], v, preset .. " rules." .. k)
            end
        end
    end
    fails("rules", "rules.board_size must be 5, 7 or 9 (got 8)", seega.new,
          "classic", 8)
    raises("invalid option 'nope'", seega.new, "nope")
    raises("preset name or rules table expected, got boolean", seega.new,
           true)
    raises("integer board size expected, got table", seega.new, "classic", {})
end)

test("new with a rules table", function()
    -- round trip: every preset's table makes the same rules
    for _, preset in ipairs(seega.PRESETS) do
        local want = seega.rules(preset, 9)
        local r = assert(seega.new(want)):rules()
        for k, v in pairs(want) do
            eq(r[k], v, preset .. " rules." .. k)
        end
    end
    -- fields left out take the CLASSIC defaults, on 5x5
    local r = assert(seega.new({})):rules()
    local classic = seega.rules("classic")
    for k, v in pairs(classic) do
        eq(r[k], v, "default rules." .. k)
    end
    r = assert(seega.new({board_size = 7, quiet_limit = 100,
                          blocked = "passes", first_mover = "x",
                          move_dirs = "all", capture_dirs = "all",
                          centre_immune = false, chain_captures = 0,
                          opening_squares = 1, lose_at = 1,
                          placements_per_turn = 1})):rules()
    eq(r.board_size, 7, "board_size")
    eq(r.quiet_limit, 100, "quiet_limit")
    eq(r.blocked, "passes", "blocked")
    eq(r.first_mover, "x", "first_mover")
    eq(r.move_dirs, "all", "move_dirs")
    eq(r.capture_dirs, "all", "capture_dirs")
    eq(r.centre_immune, false, "centre_immune from false")
    eq(r.chain_captures, false, "chain_captures from 0")
    eq(r.opening_squares, true, "opening_squares from 1")
    eq(r.lose_at, 1, "lose_at")
    eq(r.placements_per_turn, 1, "placements_per_turn")
end)

test("new with bad rules tables", function()
    -- values: the library's (or the binding's) message, nil returned
    fails("rules", "rules.board_size must be 5, 7 or 9 (got 6)", seega.new,
          {board_size = 6})
    fails("rules", "rules.lose_at must be 0 or 1 (got 3)", seega.new,
          {lose_at = 3})
    fails("rules", "rules.centre_immune", seega.new, {centre_immune = 2})
    fails("rules", "rules.placements_per_turn", seega.new,
          {placements_per_turn = 3})
    fails("rules", "rules.quiet_limit", seega.new, {quiet_limit = -1})
    fails("rules", "rules.quiet_limit is out of range (got 1099511627776)",
          seega.new, {quiet_limit = 2 ^ 40})
    fails("rules",
          'rules.blocked must be "loses", "passes", "opponent_opens" or ' ..
          '"removes" (got "nope")', seega.new, {blocked = "nope"})
    fails("rules", 'rules.first_mover must be "x" or "o" (got "X")',
          seega.new, {first_mover = "X"})
    fails("rules", 'rules.move_dirs must be "orthogonal" or "all"',
          seega.new, {move_dirs = "diagonal"})
    fails("rules", "rules.capture_dirs", seega.new, {capture_dirs = "none"})
    -- types and names: raised
    raises("unknown rules field 'frist_mover'", seega.new,
           {frist_mover = "x"})
    raises("rules field keys must be strings, got number", seega.new, {5})
    raises("rules.first_mover must be a string, got number", seega.new,
           {first_mover = 1})
    raises("rules.board_size must be an integer, got string", seega.new,
           {board_size = "5"})
    raises("rules.quiet_limit must be an integer, got a fraction", seega.new,
           {quiet_limit = 1.5})
    raises("rules.chain_captures must be an integer or a boolean", seega.new,
           {chain_captures = "yes"})
    raises("a board size goes with a preset name only", seega.new, {}, 7)
end)

test("from_spn", function()
    local g = assert(seega.from_spn(MOVING))
    eq(g:spn(), MOVING, "spn")
    eq(g:rules().blocked, "opponent_opens", "default preset")
    eq(#g:history(), 0, "history")
    g = assert(seega.from_spn(MOVING, "diagonal"))
    eq(g:rules().move_dirs, "all", "preset")
    -- the size comes from the SPN with a preset name
    g = assert(seega.from_spn("7/7/7/7/7/7/7 x 24 24 0 -", "traditional"))
    eq(g:size(), 7, "7x7")
    g = assert(seega.from_spn("9/9/9/9/9/9/9/9/9 x 40 40 0 -"))
    eq(g:size(), 9, "9x9")
    -- and with a rules table that has no board_size
    g = assert(seega.from_spn("7/7/7/7/7/7/7 x 24 24 0 -",
                              {quiet_limit = 70}))
    eq(g:size(), 7, "table without size")
    eq(g:rules().quiet_limit, 70, "table field")
    fails("parse", "bad SPN", seega.from_spn, "7/7/7/7/7/7/7 x 24 24 0 -",
          {board_size = 5})
    fails("parse", "bad SPN", seega.from_spn, "5/5/5/5/5 x 12 12 0")
    fails("parse", "bad SPN", seega.from_spn, "5/5/5/5/5/5 x 12 12 0 -")
    fails("parse", "bad SPN", seega.from_spn, "")
    fails("parse", "NUL", seega.from_spn, START5 .. "\0junk")
    fails("parse", "bad SPN", seega.from_spn, 42)
    fails("rules", "rules.lose_at", seega.from_spn, START5, {lose_at = 2})
    raises("string expected, got no value", seega.from_spn)
    raises("string expected, got table", seega.from_spn, {})
    raises("invalid option 'x'", seega.from_spn, START5, "x")
    raises("the board size comes from the SPN", seega.from_spn, START5,
           "classic", 5)
end)

-- ---- playing --------------------------------------------------------------

test("legal_moves at the start", function()
    local g = seega.new()
    local want = {}
    for _, f in ipairs({"a", "b", "c", "d", "e"}) do
        for r = 1, 5 do
            if f .. r ~= "c3" then want[#want + 1] = f .. r end
        end
    end
    list_eq(sorted(g:legal_moves()), sorted(want), "placements")
    eq(#seega.new("traditional"):legal_moves(), 2, "opening squares")
    list_eq(sorted(seega.new("traditional"):legal_moves()), {"c2", "c4"},
            "TRADITIONAL: X's marked squares")
    eq(#seega.new("classic", 9):legal_moves(), 80, "9x9")
end)

test("play", function()
    local g = seega.new()
    eq(g:play("c2"), true, "play")
    eq(g:at("c2"), "x", "placed")
    eq(g:play(" B2\n"), true, "case and white space")
    eq(g:at("b2"), "x", "placed")
    eq(g:to_move(), "o", "two placements, then O")
    local spn = g:spn()
    fails("illegal", "not legal now", g.play, g, "c2")
    fails("illegal", "not legal now", g.play, g, "c3")
    fails("illegal", "", g.play, g, "c2-c3")
    fails("parse", "", g.play, g, "zz")
    fails("parse", "", g.play, g, "c2 - c3")
    fails("parse", "", g.play, g, "f1")
    fails("parse", "", g.play, g, "")
    fails("parse", "NUL", g.play, g, "a1\0")
    fails("parse", "", g.play, g, 12)
    eq(g:spn(), spn, "refused actions leave the game as it was")
    raises("string expected, got no value", g.play, g)
    raises("string expected, got table", g.play, g, {})
    -- a finished game refuses any action
    g = assert(seega.from_spn("5/5/xo3/2x2/5 x 0 0 0 -"))
    assert(g:play("c2-c3"))
    fails("game_over", "the game is over", g.play, g, "a3-a4")
end)

test("place", function()
    local g = seega.new()
    eq(g:place("C2"), true, "by name")
    eq(g:place(0), true, "by index (a1 = 0)")
    eq(g:at("a1"), "x", "a1")
    eq(g:place(24), true, "O on e5")
    eq(g:at("e5"), "o", "e5")
    fails("illegal", "not legal now", g.place, g, "c2")
    fails("illegal", "", g.place, g, 12)
    fails("invalid", "off the 5x5 board", g.place, g, 25)
    fails("invalid", "off the 5x5 board", g.place, g, -1)
    fails("invalid", "off the 5x5 board", g.place, g, 2 ^ 40)
    fails("parse", "off a 5x5 board", g.place, g, "k9")
    fails("parse", "not a square name", g.place, g, "zz")
    fails("parse", "NUL", g.place, g, "a2\0")
    raises("square index must be an integer", g.place, g, 1.5)
    raises("square name or index expected, got boolean", g.place, g, true)
    raises("square name or index expected, got no value", g.place, g)
end)

test("move and captures", function()
    local g = assert(seega.from_spn("4o/5/xo3/2x2/5 x 0 0 0 -"))
    list_eq(sorted(g:legal_moves()),
            sorted({"c2-c3", "a3-a4", "c2-c1", "a3-a2", "c2-d2", "c2-b2"}),
            "moves")
    local spn = g:spn()
    fails("illegal", "", g.move, g, "c2", "c4")
    fails("illegal", "", g.move, g, "e5", "e4")
    fails("parse", "", g.move, g, "c2", "c9")
    fails("invalid", "off the 5x5 board", g.move, g, 7, 99)
    raises("square name or index expected, got no value", g.move, g, "c2")
    eq(g:spn(), spn, "unchanged")
    eq(g:move("c2", "c3"), true, "capturing move")
    list_eq(g:last_captures(), {"b3"}, "captured")
    eq(g:at("b3"), nil, "b3 emptied")
    eq(g:pieces("o"), 1, "O lost one")
    eq(g:quiet(), 0, "quiet")
    eq(g:move(24, 19), true, "by index: e5-e4")
    list_eq(g:last_captures(), {}, "no capture")
    eq(g:quiet(), 1, "a quiet turn")
    list_eq(g:history(), {"c2-c3", "e5-e4"}, "history")
end)

test('blocked sides (docs/rules.md, "A side that cannot move" (#rules_blocked))', function()
    local blocked = "xoxox/oxoxo/xo1ox/oxoxo/xoxox x 0 0 0 -"
    list_eq(seega.from_spn(blocked, "classic"):legal_moves(), {"pass"},
            "CLASSIC passes")
    list_eq(seega.from_spn(blocked, "modern"):legal_moves(), {"pass"},
            "MODERN passes")
    local removals = seega.from_spn(blocked, "traditional"):legal_moves()
    eq(#removals, 12, "TRADITIONAL removes any enemy piece")
    for _, a in ipairs(removals) do
        check(string.find(a, "^x[a-e][1-5]$"), "removal " .. a)
    end
    eq(#seega.from_spn(blocked, "diagonal"):legal_moves(), 4,
       "DIAGONAL moves diagonally")
    local g = seega.from_spn(blocked, "traditional")
    assert(g:play("xb3"))
    list_eq(g:last_captures(), {"b3"}, "the removed square")
end)

test("undo", function()
    local g = seega.new()
    fails("invalid", "nothing to undo", g.undo, g)
    assert(g:play("c2"))
    assert(g:play("b2"))
    eq(g:undo(), "b2", "undo returns the action")
    eq(g:undo(), "c2", "undo returns the action")
    eq(g:spn(), START5, "back at the start")
    fails("invalid", "nothing to undo", g.undo, g)
    g = assert(seega.from_spn("4o/5/xo3/2x2/5 x 0 0 0 -"))
    assert(g:play("c2-c3"))
    eq(g:undo(), "c2-c3", "undo a capture")
    eq(g:spn(), "4o/5/xo3/2x2/5 x 0 0 0 -", "capture undone")
end)

test("spn and set_spn", function()
    local g = seega.new()
    assert(g:play("a1"))
    eq(g:spn(), "5/5/5/5/x4 x 11 12 0 +", "after one placement")
    eq(g:set_spn(MOVING), true, "set_spn")
    eq(g:spn(), MOVING, "loaded")
    eq(#g:history(), 0, "history cleared")
    fails("invalid", "nothing to undo", g.undo, g)
    fails("parse", "bad SPN", g.set_spn, g, "7/7/7/7/7/7/7 x 24 24 0 -")
    fails("parse", "bad SPN", g.set_spn, g, "nonsense")
    fails("parse", "NUL", g.set_spn, g, MOVING .. "\0")
    eq(g:spn(), MOVING, "unchanged after refusals")
    raises("string expected, got nil", g.set_spn, g, nil)
end)

test("copy", function()
    local g = seega.new("modern", 7)
    assert(g:play("a1"))
    local c = g:copy()
    eq(c:spn(), g:spn(), "same position")
    list_eq(c:history(), {"a1"}, "same history")
    eq(c:rules().blocked, "passes", "same rules")
    assert(c:play("b1"))
    check(c:spn() ~= g:spn(), "independent")
    g:close()
    eq(c:undo(), "b1", "the copy outlives the original")
end)

test("state queries", function()
    local g = seega.new()
    eq(g:to_move(), "x", "to_move")
    eq(g:phase(), "place", "phase")
    eq(g:result(), nil, "result while going on")
    eq(select("#", g:result()), 1, "a single nil")
    eq(g:pieces("x"), 0, "pieces")
    eq(g:in_hand("x"), 12, "in_hand x")
    eq(g:in_hand("o"), 12, "in_hand o")
    eq(g:at("c3"), nil, "empty")
    eq(g:at(12), nil, "empty by index")
    eq(g:quiet(), 0, "quiet")
    eq(g:repetitions(), 1, "repetitions")
    eq(g:size(), 5, "size")
    raises("invalid option 'z'", g.pieces, g, "z")
    raises("invalid option 'X'", g.in_hand, g, "X")
    raises("string expected, got no value", g.pieces, g)
    raises("off a 5x5 board", g.at, g, "k9")
    raises("not a square name", g.at, g, "zz")
    raises("square 25 is off the 5x5 board", g.at, g, 25)
    raises("square -1 is off the 5x5 board", g.at, g, -1)
    raises("square index must be an integer", g.at, g, 0.5)
    raises("NUL", g.at, g, "a1\0")
    raises("square name or index expected, got nil", g.at, g, nil)

    g = assert(seega.from_spn(MOVING))
    eq(g:phase(), "move", "moving phase")
    eq(g:to_move(), "o", "to_move")
    eq(g:pieces("x"), 12, "pieces x")
    eq(g:pieces("o"), 12, "pieces o")
    eq(g:in_hand("o"), 0, "in_hand")
    eq(g:at("a1"), "x", "at a1")
    eq(g:at("b1"), "o", "at b1")
    eq(g:at(24), "x", "at e5 by index")
    -- repetitions: a position that recurs
    g = assert(seega.from_spn("4o/5/5/5/x4 x 0 0 0 -", "classic"))
    for _ = 1, 2 do
        assert(g:play("a1-a2"))
        assert(g:play("e5-e4"))
        assert(g:play("a2-a1"))
        assert(g:play("e4-e5"))
    end
    eq(g:repetitions(), 3, "repetitions")
    eq(g:quiet(), 8, "quiet turns")
end)

test("turn states (docs/notation.md examples)", function()
    local g = seega.new()
    eq(g:turn_state(), "normal", "start")
    eq(select("#", g:turn_state()), 1, "no square")
    assert(g:play("a1"))
    eq(g:turn_state(), "placed_one", "after one placement")
    g = assert(seega.from_spn("xoxox/oxoxo/x1o1o/oxoxo/xoxox o 0 0 0 c3"))
    local state, square = g:turn_state()
    eq(state, "chain", "chain")
    eq(square, "c3", "chain square")
    list_eq(sorted(g:legal_moves()), {"c3-b3", "c3-d3", "pass"}, "chain")
    g = assert(seega.from_spn("ooxoo/oxxxo/xx1xo/oxxxo/xoxoo x 0 0 1 !"))
    eq(g:turn_state(), "extra", "extra turn")
    list_eq(g:legal_moves(), {"d3-c3"}, "must open a way")
    g = assert(seega.from_spn("ooxoo/oxxxo/o2xx/oxxoo/oxxox o 0 0 0 *",
                              "traditional"))
    eq(g:turn_state(), "removed", "after a removal")
end)

test("hash", function()
    local g = seega.new()
    local h = g:hash()
    check(string.find(h, "^%x+$") and #h == 16, "16 hex digits: " .. h)
    assert(g:play("a1"))
    check(g:hash() ~= h, "a placement changes the hash")
    g:undo()
    eq(g:hash(), h, "undo restores the hash")
    eq(seega.new():hash(), h, "the same position, the same hash")
    -- the quiet counter is not hashed
    eq(seega.from_spn("4o/5/5/5/x4 x 0 0 0 -"):hash(),
       seega.from_spn("4o/5/5/5/x4 x 0 0 7 -"):hash(), "quiet ignored")
end)

test("result and reason", function()
    local g = assert(seega.from_spn("5/5/xo3/2x2/5 x 0 0 0 -"))
    assert(g:move("c2", "c3"))
    local r, why = g:result()
    eq(r, "x", "material win")
    eq(why, "material", "reason")
    r, why = seega.from_spn("x3o/5/5/5/5 x 0 0 50 -", "modern"):result()
    eq(r, "draw", "draw by count")
    eq(why, "quiet", "reason")
    r, why = seega.from_spn("x3o/5/5/5/x4 x 0 0 50 -", "modern"):result()
    eq(r, "x", "win by count")
    eq(why, "quiet", "reason")
    -- DIAGONAL: the side to move is blocked and loses at once
    local boxed = assert(seega.from_spn("5/5/5/oo3/xo3 x 0 0 0 -",
                                        "diagonal"))
    r, why = boxed:result()
    eq(r, "o", "blocked side loses")
    eq(why, "blocked", "reason")
    eq(#boxed:legal_moves(), 0, "no actions in a finished game")
    -- the same position under CLASSIC: x passes, the game goes on
    eq(seega.from_spn("5/5/5/oo3/xo3 x 0 0 0 -"):result(), nil, "ongoing")
end)

-- ---- analysis, simulation, learning ---------------------------------------

test('perft: start positions (docs/notation.md, "Perft" (#notation_perft))', function()
    local start = {24, 552, 12144, 255024}
    for _, preset in ipairs({"classic", "diagonal", "modern"}) do
        local g = seega.new(preset)
        eq(g:perft(0), 1, "depth 0")
        for d = 1, #start do
            eq(g:perft(d), start[d], preset .. " depth " .. d)
        end
    end
    local trad = {2, 2, 4, 4, 80}
    local g = seega.new("traditional")
    for d = 1, #trad do
        eq(g:perft(d), trad[d], "traditional depth " .. d)
    end
    g = seega.new("classic", 7)
    eq(g:perft(1), 48, "7x7 depth 1")
    eq(g:perft(2), 2256, "7x7 depth 2")
    eq(g:perft(3), 103776, "7x7 depth 3")
    g = seega.new("classic", 9)
    eq(g:perft(1), 80, "9x9 depth 1")
    eq(g:perft(2), 6320, "9x9 depth 2")
    eq(g:perft(3), 492960, "9x9 depth 3")
    eq(g:spn(), "9/9/9/9/9/9/9/9/9 x 40 40 0 -", "perft changes nothing")
end)

test('perft: the moving position per preset (docs/notation.md, "Perft" (#notation_perft))', function()
    for preset, want in pairs(MOVING_PERFT) do
        local g = assert(seega.from_spn(MOVING, preset))
        for d = 1, #want do
            eq(g:perft(d), want[d], preset .. " depth " .. d)
        end
    end
end)

test("perft errors", function()
    local g = seega.new()
    raises("depth must be in 0..32 (got -1)", g.perft, g, -1)
    raises("integer expected, got no value", g.perft, g)
    raises("integer expected, got table", g.perft, g, {})
    raises("depth must be an integer (got 1.5)", g.perft, g, 1.5)
    -- a numeric string is not a number (docs/lua.md)
    raises("integer expected, got string", g.perft, g, "3")
    raises("integer expected, got string", g.perft, g, "0")
end)

test("perft: the depth is bounded (no stack overflow)", function()
    -- a depth the stack of the perft recursion cannot take is refused
    local g = seega.new()
    for _, d in ipairs({33, 1000, 10000, 2147483647}) do
        raises("depth must be in 0..32 (got " .. d .. ")", g.perft, g, d)
    end
    raises("depth must be in 0..32 (got -2147483649)", g.perft, g,
           -2147483649)
    local t = seega.new("traditional")
    raises("depth must be in 0..32", t.perft, t, 10000)
    -- the maximum is accepted: here every line ends (the quiet limit)
    -- within four actions
    local near = assert(seega.from_spn("x4/5/5/5/4o x 0 0 48 -", "modern"))
    eq(near:perft(32), 0, "perft(32) near the quiet limit")
    local over = assert(seega.from_spn("4o/5/5/5/xx3 x 0 0 50 -", "modern"))
    eq(over:perft(32), 0, "perft(32) of a finished game")
    eq(g:spn(), START5, "the refused calls changed nothing")
end)

test("integer arguments: type and range are checked", function()
    local g = seega.new()
    -- beyond 32 bits: the value is named, never taken as -1
    fails("rules", "rules.board_size must be 5, 7 or 9 (got 9007199254740992)",
          seega.new, "classic", 2^53)
    fails("rules", "(got 4294967301)", seega.new, "classic", 4294967301)
    fails("rules", "(got -4294967296)", seega.rules, "modern", -4294967296)
    fails("rules", "(got 1.8446744073709552e+19)", seega.rules_to_text,
          "classic", 2^64)
    raises("invalid option 'clasic'", seega.new, "clasic", 2^53)
    raises("integer board size expected, got string", seega.new, "classic",
           "7")
    fails("invalid", "square 2147483648 is off the 5x5 board (squares are 0..24)",
          g.place, g, 2147483648)
    fails("invalid", "square -2147483649 is off the 5x5 board", g.place, g,
          -2147483649)
    fails("invalid", "square 25 is off the 5x5 board", g.place, g, 25)
    fails("invalid", "square -5 is off the 5x5 board", g.place, g, -5)
    fails("invalid", "square 1.8446744073709552e+19 is off the 5x5 board",
          g.place, g, 2^64)
    fails("invalid", "square 4294967296 is off", g.move, g, 4294967296, 1)
    fails("invalid", "square 4294967296 is off", g.move, g, 0, 4294967296)
    raises("square 2147483648 is off the 5x5 board", g.at, g, 2147483648)
    raises("square index must be an integer", g.place, g, 0 / 0)
    raises("square index must be an integer", g.place, g, math.huge)
    raises("count must be in 0..4294967295 (got 4294967296)", g.playouts, g,
           4294967296)
    raises("options table or count expected, got string", g.playouts, g, "5")
    raises("count must be in 0..4294967295 (got 4294967296)", g.playouts, g,
           {count = 4294967296})
    raises("seed must be in", g.playouts, g, {count = 1, seed = 2^63})
    raises("index must be in 0..250 (got 4294967296)", g.action_from_index,
           g, 4294967296)
    raises("integer expected, got string", g.action_from_index, g, "5")
    raises("time_ms must be in 0..2147483647 (got 2147483648)", g.hint, g,
           2147483648)
    raises("integer expected, got string", g.hint, g, "100")
    raises("search: depth must be in -2147483648..2147483647 (got 1099511627776)",
           g.search, g, {depth = 2^40})
    raises("search: time_ms must be in -2147483648..2147483647 (got 2147483648)",
           g.search, g, {time_ms = 2147483648})
    raises("search: threads must be an integer, got string", g.search, g,
           {threads = "2"})
    raises("search: nodes must be in", g.search, g, {nodes = 2^64})
    fails("rules", "rules.lose_at is out of range (got 4294967296)", seega.new,
          {lose_at = 4294967296})
    fails("rules", "rules.quiet_limit is out of range (got 1.8446744073709552e+19)",
          seega.new, {quiet_limit = 2^64})
    raises("rules.quiet_limit must be an integer, got string", seega.new,
           {quiet_limit = "5"})
    -- in range, they still work
    eq(g:perft(2), 552, "perft(2)")
    eq(seega.new("classic", 7.0):size(), 7, "an integral float is an integer")
    eq(g:action_from_index(7), "c2", "action_from_index(7)")
    eq(g:spn(), START5, "nothing changed")
end)

test("playouts", function()
    local g = seega.new()
    local s = g:playouts({count = 50, seed = 7})
    eq(s.count, 50, "count")
    eq(s.x_wins + s.o_wins + s.draws + s.unfinished, 50, "sum")
    check(s.actions >= 50 * 24, "every playout places all pieces")
    local again = g:playouts({count = 50, seed = 7})
    for _, k in ipairs({"x_wins", "o_wins", "draws", "unfinished",
                        "actions"}) do
        eq(again[k], s[k], "same seed, same " .. k)
    end
    local short = g:playouts({count = 10, seed = -3, max_actions = 5})
    eq(short.unfinished, 10, "all cut short")
    eq(short.actions, 50, "five actions each")
    local n = g:playouts(20)
    eq(n.count, 20, "count as a number")
    eq(g:playouts({count = 0}).actions, 0, "no playouts")
    eq(g:spn(), START5, "the game is unchanged")
    -- a finished game gives its result every time
    local done = assert(seega.from_spn("x3o/5/5/5/x4 x 0 0 50 -", "modern"))
    local f = done:playouts({count = 5})
    eq(f.x_wins, 5, "finished: x wins")
    eq(f.actions, 0, "finished: no action")

    raises("count is required", g.playouts, g, {seed = 1})
    raises("unknown playouts option 'cuont'", g.playouts, g,
           {count = 1, cuont = 2})
    raises("count must be in 0..4294967295 (got -1)", g.playouts, g,
           {count = -1})
    raises("max_actions must be an integer, got string", g.playouts, g,
           {count = 1, max_actions = "5"})
    raises("seed must be an integer, got a fraction", g.playouts, g,
           {count = 1, seed = 0.5})
    raises("count must be in 0..4294967295 (got -5)", g.playouts, g, -5)
    raises("options table or count expected, got no value", g.playouts, g)
end)

test("learning interface", function()
    local sizes = {[5] = 251, [7] = 491, [9] = 811}
    for size, n in pairs(sizes) do
        local g = seega.new("classic", size)
        eq(g:num_distinct_actions(), n, "num_distinct_actions " .. size)
        local mask, count = g:legal_mask()
        eq(#mask, n, "mask length")
        eq(count, size * size - 1, "legal count")
        eq(#g:observation(), 13 * size * size, "observation size")
    end
    local g = assert(seega.from_spn(MOVING, "diagonal"))
    local mask, count = g:legal_mask()
    local moves = g:legal_moves()
    eq(count, #moves, "mask count")
    local ones = 0
    for i = 1, #mask do
        if mask:byte(i) == 1 then
            ones = ones + 1
        else
            eq(mask:byte(i), 0, "mask byte")
        end
    end
    eq(ones, count, "ones in the mask")
    local indices = g:legal_indices()
    eq(#indices, #moves, "legal_indices")
    for k, m in ipairs(moves) do
        local i = g:action_index(m)
        eq(indices[k], i, "legal_indices in the order of legal_moves")
        eq(mask:byte(i + 1), 1, "legal index of " .. m)
        eq(g:action_from_index(i), m, "action_from_index(action_index)")
    end
    eq(g:action_index("a1"), 0, "place a1")
    eq(g:action_index("pass"), 250, "pass is the last index")
    eq(g:action_index("xc3"), 9 * 25 + 12, "remove c3")
    eq(g:action_index("a1-a2"), 25 + 8 * 0 + 0, "step a1 north")
    eq(g:action_from_index(250), "pass", "index of pass")
    fails("parse", "", g.action_index, g, "zz")
    fails("parse", "NUL", g.action_index, g, "a1\0")
    fails("invalid", "", g.action_index, g, "a1-a3")
    raises("index must be in 0..250 (got -1)", g.action_from_index, g, -1)
    raises("bad argument", g.action_from_index, g, 251)
    -- a1 south: off the board
    raises("bad argument", g.action_from_index, g, 25 + 1)
    raises("integer expected, got string", g.action_from_index, g, "a1")
    -- observation plane 4: all 1 during the placing
    local obs = seega.new():observation()
    for k = 4 * 25 + 1, 5 * 25 do
        eq(obs:byte(k), 1, "placing plane")
    end
    eq(obs:byte(5 * 25 + 1), 12, "pieces in hand plane")
end)

-- ---- search ---------------------------------------------------------------

-- The actions of a line are legal one after another from g's position.
local function check_line(g, line, what)
    local c = g:copy()
    for i, a in ipairs(line) do
        local legal = {}
        for _, m in ipairs(c:legal_moves()) do legal[m] = true end
        check(legal[a], string.format("%s: pv[%d] = %s is legal", what, i, a))
        assert(c:play(a))
    end
    c:close()
end

test("search: result fields and legality", function()
    local g = seega.new()
    local spn = g:spn()
    local r = g:search({depth = 3})
    eq(type(r.best), "string", "best")
    eq(r.depth, 3, "depth limit")
    check(r.nodes > 0, "nodes")
    eq(type(r.score), "number", "score")
    eq(type(r.time_ms), "number", "time_ms")
    eq(r.proven, nil, "not proven")
    eq(r.pv[1], r.best, "pv starts with best")
    check_line(g, r.pv, "start")
    eq(g:spn(), spn, "the position is unchanged")
    eq(#g:history(), 0, "the history is unchanged")
    -- the same limits give the same result, also on the same game (each
    -- search starts from an empty transposition table)
    local again = g:search({depth = 3})
    eq(again.best, r.best, "deterministic best")
    eq(again.nodes, r.nodes, "deterministic nodes")
    eq(again.score, r.score, "deterministic score")
    -- every level, with a seed
    for level = 0, 3 do
        local lr = g:search({level = level, seed = 11, depth = 4})
        check_line(g, {lr.best}, "level " .. level)
    end
    -- node limits are exact, a time limit ends the search
    eq(g:search({nodes = 500}).nodes, 500, "node limit")
    check(g:search({time_ms = 30}).time_ms < 5000, "time limit")
    check_line(g, {g:search({remaining_ms = 600, increment_ms = 5}).best},
               "clock")
    check_line(g, {g:search({depth = 2, threads = 2, tt_mb = 1}).best},
               "threads and tt_mb")
    check_line(g, {g:search({depth = 1, seed = -5}).best}, "negative seed")
end)

test("search: proofs and forced captures", function()
    local g = assert(seega.from_spn("5/5/xo3/2x2/5 x 0 0 0 -"))
    local r = g:search({depth = 3})
    eq(r.best, "c2-c3", "the winning capture")
    eq(r.proven, "win", "proven win")
    eq(r.proven_plies, 1, "in one ply")
    eq(r.score, 29999, "score of a win in one")
    -- a position in every preset: the move is legal
    for _, preset in ipairs(seega.PRESETS) do
        local m = assert(seega.from_spn(MOVING, preset))
        check_line(m, m:search({depth = 4}).pv, preset)
    end
    -- a single legal action
    local blocked = assert(seega.from_spn(
        "xoxox/oxoxo/xo1ox/oxoxo/xoxox x 0 0 0 -", "classic"))
    eq(blocked:search({depth = 2}).best, "pass", "the only action")
end)

test("search: on_progress and stop", function()
    local g = seega.new()
    local depths = {}
    local r = g:search({depth = 4, on_progress = function(info)
        depths[#depths + 1] = info.depth
        eq(type(info.best), "string", "progress best")
        eq(type(info.pv), "table", "progress pv")
    end})
    list_eq(depths, {1, 2, 3, 4}, "one call per iteration")
    eq(r.depth, 4, "depth")
    -- returning true stops the search
    local calls = 0
    r = g:search({depth = 30, on_progress = function(info)
        calls = calls + 1
        return info.depth >= 2
    end})
    eq(calls, 2, "stopped after the second iteration")
    eq(r.depth, 2, "the depth reached")
    -- so does stop()
    calls = 0
    r = g:search({depth = 30, on_progress = function()
        calls = calls + 1
        g:stop()
    end})
    eq(calls, 1, "stop(): one iteration")
    eq(r.depth, 1, "stop(): the depth reached")
    g:stop() -- without a search: nothing happens
    eq(g:search({depth = 2}).depth, 2, "a later search is not affected")
    -- an error in on_progress stops the search and is raised
    raises("boom", g.search, g, {depth = 9, on_progress = function()
        error("boom")
    end})
    local obj = {}
    local ok, err = pcall(g.search, g, {depth = 9, on_progress = function()
        error(obj)
    end})
    eq(ok, false, "raised")
    eq(err, obj, "the error object itself")
    -- the game cannot be used or closed from on_progress
    raises("during its search", g.search, g, {depth = 3,
        on_progress = function() g:spn() end})
    raises("during its search", g.search, g, {depth = 3,
        on_progress = function() g:close() end})
    raises("during its search", g.search, g, {depth = 3,
        on_progress = function() g:search({depth = 1}) end})
    -- nor freed through its __gc metamethod called by hand
    local gc = getmetatable(g).__gc
    raises("attempt to free a seega game during its search", g.search, g,
           {depth = 6, on_progress = function() gc(g) end})
    local freed = 0
    local r6 = g:search({depth = 6, on_progress = function()
        freed = freed + (pcall(gc, g) and 1 or 0)
    end})
    eq(freed, 0, "__gc refused at every iteration")
    eq(r6.depth, 6, "the search ran to its end")
    eq(tostring(g):find("seega game", 1, true), nil, "tostring: the board")
    local during
    g:search({depth = 2, on_progress = function() during = tostring(g) end})
    eq(during, "seega game (being searched)", "tostring during the search")
    -- other games can
    local other = seega.new()
    g:search({depth = 2, on_progress = function()
        assert(other:play(other:legal_moves()[1]))
    end})
    eq(#other:history(), 2, "another game was played")
    eq(g:spn(), START5, "and this one is usable again")
    -- __gc after the search frees the game, as close() does
    gc(g)
    raises("attempt to use a closed seega game", g.spn, g)
end)

test("search and hint: errors", function()
    local g = seega.new()
    raises("unknown search option 'dpeth'", g.search, g, {dpeth = 2})
    raises("search level 4 is out of range", g.search, g, {level = 4})
    raises("must not be negative", g.search, g, {depth = -1})
    raises("must not be negative", g.search, g, {time_ms = -1})
    raises("at most 64 search threads", g.search, g, {threads = 100})
    raises("search: depth must be an integer, got string", g.search, g,
           {depth = "3"})
    raises("nodes must be in 0..", g.search, g, {nodes = -1})
    raises("on_progress must be a function, got number", g.search, g,
           {depth = 1, on_progress = 1})
    raises("table expected, got number", g.search, g, 3)
    local over = assert(seega.from_spn("5/5/5/oo3/xo3 x 0 0 0 -", "diagonal"))
    fails("game_over", "the game is over", over.search, over, {depth = 1})
    fails("game_over", "the game is over", over.hint, over)
    raises("time_ms must be in 0..2147483647 (got -1)", g.hint, g, -1)
    raises("integer expected, got string", g.hint, g, "fast")
end)

test("hint", function()
    local g = assert(seega.from_spn("5/5/xo3/2x2/5 x 0 0 0 -"))
    eq(g:hint(200), "c2-c3", "the winning capture")
    g = seega.new("traditional")
    local h = g:hint(50)
    check(h == "c2" or h == "c4", "an opening square: " .. tostring(h))
    eq(g:spn(), START5, "unchanged")
end)

-- ---- game records (docs/records.md) ----------------------------------------

-- Plays random legal actions on g (at most n), with a seeded generator.
local function random_actions(g, seed, n)
    local pick = rng(seed)
    for _ = 1, n do
        local moves = g:legal_moves()
        if #moves == 0 then break end
        assert(g:play(moves[pick(#moves)]))
    end
    return g
end

-- g2 has g's rules, position and history.
local function same_game(g2, g, what)
    eq(g2:spn(), g:spn(), what .. ": spn")
    list_eq(g2:history(), g:history(), what .. ": history")
    local r1, why1 = g:result()
    local r2, why2 = g2:result()
    eq(r2, r1, what .. ": result")
    eq(why2, why1, what .. ": reason")
    for k, v in pairs(g:rules()) do
        eq(g2:rules()[k], v, what .. ": rules." .. k)
    end
end

test("record: round trip (every preset and size)", function()
    for i, preset in ipairs(seega.PRESETS) do
        for _, size in ipairs({5, 7, 9}) do
            local g = random_actions(seega.new(preset, size), i * 10 + size,
                                     size == 5 and 600 or 150)
            local text = g:record()
            eq(type(text), "string", "record")
            eq(text:sub(-1), "\n", "ends with a line break")
            local again = assert(seega.from_record(text))
            same_game(again, g, preset .. " " .. size)
            eq(again:record(), text, "the same record again")
            -- the history is the record's: undo walks back to the start
            local n = #g:history()
            for _ = 1, n do assert(again:undo()) end
            eq(again:spn(), seega.new(preset, size):spn(), "undone to start")
            fails("invalid", "", again.undo, again)
        end
    end
    -- an empty game, and a game with modified rules
    local rules = seega.rules("modern", 7)
    rules.quiet_limit = 100
    local g = assert(seega.new(rules))
    local text = g:record()
    check(text:find('[Rules "modern 7 quiet_limit=100"]', 1, true), text)
    same_game(assert(seega.from_record(text)), g, "empty game")
end)

test("record: a finished game", function()
    local g = assert(seega.from_spn("5/5/xo3/2x2/5 x 0 0 0 -"))
    assert(g:move("c2", "c3"))
    local text = g:record({x = "Amal", o = "Badr"})
    eq(text, '[X "Amal"]\n[O "Badr"]\n[Result "1-0"]\n[Rules "classic 5"]\n' ..
             '[Start "5/5/xo3/2x2/5 x 0 0 0 -"]\n[Termination "material"]\n' ..
             '\n1. X c2-c3\n1-0\n', "record")
    same_game(assert(seega.from_record(text)), g, "finished")
    -- the game's result is the record's: a tag that contradicts it is refused
    fails("invalid", "contradicts the game's result", g.record, g,
          {result = "0-1"})
    eq(seega.record_tag(g:record({result = "1-0"}), "Result"), "1-0",
       "a result that agrees")
    -- a record whose result is not the game's is refused, naming the line
    fails("parse", "line 9: the record says 0-1, but the game ended 1-0 " ..
          "(material)", seega.from_record,
          (text:gsub("1%-0\n$", "0-1\n"):gsub('"1%-0"', '"0-1"')))
    fails("parse", "line 9: the result 0-1 differs from the Result tag 1-0 " ..
          "(line 3)", seega.from_record, (text:gsub("1%-0\n$", "0-1\n")))
end)

test("record: tags", function()
    local g = random_actions(seega.new(), 7, 30)
    local text = g:record({event = "Club \"open\"", site = "C:\\seega",
                           date = "2026.11.30", round = 3, x = "Amal",
                           o = "seega AI, level 3",
                           extra = {TimeControl = "300+2", Annotator = "me",
                                    Board = 1}})
    local lines = {}
    for line in text:gmatch("[^\n]*") do
        if line:sub(1, 1) == "[" then lines[#lines + 1] = line end
    end
    list_eq(lines, {'[Event "Club \\"open\\""]', '[Site "C:\\\\seega"]',
                    '[Date "2026.11.30"]', '[Round "3"]', '[X "Amal"]',
                    '[O "seega AI, level 3"]', '[Result "*"]',
                    '[Rules "classic 5"]', '[Annotator "me"]', '[Board "1"]',
                    '[TimeControl "300+2"]'}, "tag lines (extra sorted)")
    eq(seega.record_tag(text, "Event"), 'Club "open"', "Event unescaped")
    eq(seega.record_tag(text, "Site"), "C:\\seega", "Site unescaped")
    eq(seega.record_tag(text, "Round"), "3", "Round")
    eq(seega.record_tag(text, "X"), "Amal", "X")
    eq(seega.record_tag(text, "TimeControl"), "300+2", "extra tag")
    eq(seega.record_tag(text, "Rules"), "classic 5", "Rules")
    eq(seega.record_tag(text, "Nowhere"), "", "an absent tag")
    eq(seega.record_tag(text, "event"), "", "names are case-sensitive")
    same_game(assert(seega.from_record(text)), g, "with tags")
    -- an unfinished game with a result decided outside the rules
    text = g:record({result = "1/2-1/2", termination = "adjudication"})
    eq(seega.record_tag(text, "Result"), "1/2-1/2", "Result")
    eq(seega.record_tag(text, "Termination"), "adjudication", "Termination")
    check(text:find("\n1/2%-1/2\n$"), "the result ends the moves")
    local again = assert(seega.from_record(text))
    same_game(again, g, "adjudicated")
    eq(again:result(), nil, "the rules have not ended it")
    -- no tags at all, and an empty table, write the same
    eq(g:record(), g:record({}), "no tags")
    eq(g:record(nil), g:record({}), "nil tags")
end)

test("record: a long record and long tag values", function()
    local g = random_actions(seega.new("classic", 9), 3, 400)
    local long = string.rep("abcdefghij", 500) -- 5000 bytes
    local text = g:record({event = long, extra = {Note = long .. "!"}})
    check(#text > 10000, "long record")
    -- longer than record_tag's first buffer
    eq(seega.record_tag(text, "Event"), long, "long Event")
    eq(seega.record_tag(text, "Note"), long .. "!", "long extra")
    same_game(assert(seega.from_record(text)), g, "long")
end)

test("record: tags the library refuses", function()
    local g = seega.new()
    fails("invalid", "control character", g.record, g, {x = "a\nb"})
    fails("invalid", "control character", g.record, g,
          {extra = {Note = "tab\there"}})
    fails("invalid", "must be 1-0, 0-1, 1/2-1/2 or *", g.record, g,
          {result = "2-0"})
    fails("invalid", "is a standard tag", g.record, g,
          {extra = {Event = "x"}})
    fails("invalid", "only letters, digits and _", g.record, g,
          {extra = {["Time Control"] = "x"}})
    fails("invalid", "has a NULL or empty entry", g.record, g,
          {extra = {[""] = "x"}})
    fails("invalid", "NUL byte", g.record, g, {event = "a\0b"})
    fails("invalid", "NUL byte", g.record, g, {extra = {Note = "a\0b"}})
    -- mistakes in the program raise
    raises("unknown record tag 'X'", g.record, g, {X = "Amal"})
    raises("unknown record tag 'players'", g.record, g, {players = "a"})
    raises("record: tag x must be a string, got table", g.record, g, {x = {}})
    raises("record: tag round must be a string, got boolean", g.record, g,
           {round = true})
    raises("record: extra must be a table, got string", g.record, g,
           {extra = "Note"})
    raises("extra tag names must be strings, got number", g.record, g,
           {extra = {"x"}})
    raises("record: tag Note must be a string, got boolean", g.record, g,
           {extra = {Note = false}})
    raises("tags table expected, got string", g.record, g, "Amal")
    -- a refused record leaves the game as it was
    eq(g:spn(), START5, "unchanged")
end)

test("record: malformed records name the line", function()
    local cases = {
        {"c2 d4\n", "parse", "line 1: the record has no Rules tag"},
        {"[Rules classic]\n", "parse",
         "line 1: tag Rules: the value must be in double quotes"},
        {'[Rules "classic 6"]\n', "parse",
         "line 1: Rules: '6' is not a board size (5, 7 or 9)"},
        {'[Rules "classic lose_at=7"]\n', "rules", "line 1: Rules: "},
        {'[X "a"]\n[Rules "classic"]\n\n[X "b"]\n', "parse",
         "line 4: tag X is given twice (first on line 1)"},
        {'[Rules "classic"]\n\n1. X c2 d4\n2. O b3 hello\n', "parse",
         "line 4: 'hello' is not an action"},
        {'[Rules "classic"]\n\n1. X c2 d4\n2. O b3 c3\n', "parse",
         "line 4: c3 is not legal now"},
        {'[Rules "classic"]\n\n1. X c2 d4\n2. X b3 d3\n', "parse",
         "line 4: a turn of X, but O is to move"},
        {'[Rules "classic"]\nc2 d4 *\nb3\n', "parse",
         "line 3: 'b3' after the result (the result ends the record)"},
        {'[Rules "classic"]\n\nc2 { a comment\nd4\n', "parse",
         "line 3: the comment opened by '{' is never closed by '}'"},
        {'[Rules "classic"]\n[Start "5/5/5/5 x 0 0 0 -"]\n', "parse",
         "line 2: Start: "},
    }
    for _, c in ipairs(cases) do
        fails(c[2], c[3], seega.from_record, c[1])
    end
    fails("parse", "NUL byte", seega.from_record, '[Rules "classic"]\0\n')
    fails("parse", "line 1: the record has no Rules tag", seega.from_record,
          "")
    raises("string expected, got no value", seega.from_record)
    raises("string expected, got table", seega.from_record, {})
    -- the tag section's reason also comes from record_tag
    fails("parse", "line 2: tag O: the value has no closing quote",
          seega.record_tag, '[X "a"]\n[O "b\n', "X")
    fails("parse", "NUL byte", seega.record_tag, '[X "a"]\0', "X")
    raises("a tag name cannot contain a NUL byte", seega.record_tag,
           '[X "a"]', "X\0Y")
    raises("string expected, got no value", seega.record_tag, '[X "a"]')
end)

test("record: records written by hand", function()
    -- the minimal record of docs/records.md, with \r\n line ends
    local g = assert(seega.from_record('[Rules "classic"]\r\nc2 d4 b3 d3 ' ..
                                       'a1 e5\r\n'))
    list_eq(g:history(), {"c2", "d4", "b3", "d3", "a1", "e5"}, "history")
    eq(g:to_move(), "o", "to move")
    -- comments, turn numbers, sides in any case, tags read by nobody
    g = assert(seega.from_record('; a game\n[Rules "modern 7"]\n' ..
                                 '[Annotator "me"] ; who\n\n' ..
                                 '1. x c2 e5 {good} 2. o B3 D3\n'))
    eq(g:size(), 7, "the record's rules")
    eq(g:rules().blocked, "passes", "modern")
    eq(#g:history(), 4, "history")
end)

test("rules_to_text and rules_from_text", function()
    for _, preset in ipairs(seega.PRESETS) do
        for _, size in ipairs({5, 7, 9}) do
            local text = seega.rules_to_text(preset, size)
            eq(text, preset .. " " .. size, "a preset's text")
            local r = assert(seega.rules_from_text(text))
            local want = seega.rules(preset, size)
            for k, v in pairs(want) do
                eq(r[k], v, text .. ": " .. k)
            end
            eq(seega.rules_to_text(r), text, "a table's text")
        end
    end
    eq(seega.rules_to_text(), "classic 5", "default")
    local rules = seega.rules("modern", 7)
    rules.quiet_limit = 100
    eq(seega.rules_to_text(rules), "modern 7 quiet_limit=100", "a change")
    eq(seega.rules_to_text({board_size = 7, blocked = "passes"}),
       "classic 7 blocked=passes", "a partial table")
    local r = assert(seega.rules_from_text("board_size=7 BLOCKED=Passes"))
    eq(r.board_size, 7, "size")
    eq(r.blocked, "passes", "words in any case")
    eq(r.first_mover, "o", "classic's other fields")
    eq(seega.rules_from_text("diagonal").board_size, 5, "size 5 by default")
    -- round trip through a game
    local g = assert(seega.new(seega.rules_from_text("traditional 9 " ..
                                                      "lose_at=0")))
    eq(seega.rules_to_text(g:rules()), "traditional 9 lose_at=0", "game")
    -- refusals
    fails("parse", "'6' is not a board size", seega.rules_from_text,
          "classic 6")
    fails("parse", "'bogus' is neither a preset", seega.rules_from_text,
          "bogus")
    fails("rules", "", seega.rules_from_text, "classic lose_at=7")
    fails("parse", "NUL byte", seega.rules_from_text, "classic\0 7")
    fails("rules", "rules.board_size must be 5, 7 or 9 (got 6)",
          seega.rules_to_text, "classic", 6)
    fails("rules", "rules.lose_at", seega.rules_to_text, {lose_at = 3})
    raises("invalid option 'bogus'", seega.rules_to_text, "bogus")
    raises("unknown rules field 'size'", seega.rules_to_text, {size = 7})
    raises("string expected, got no value", seega.rules_from_text)
end)

-- ---- lifecycle and metamethods --------------------------------------------

test("close, and using a closed game", function()
    local g = seega.new()
    eq(g:close(), true, "close")
    eq(g:close(), true, "closing twice is fine")
    eq(tostring(g), "seega game (closed)", "tostring")
    local methods = {"legal_moves", "play", "place", "move", "undo", "spn",
                     "set_spn", "copy", "to_move", "phase", "result",
                     "pieces", "in_hand", "at", "history", "last_captures",
                     "quiet", "size", "repetitions", "rules", "perft",
                     "playouts", "num_distinct_actions", "action_index",
                     "action_from_index",
                     "legal_mask", "legal_indices", "observation", "search",
                     "hint", "stop", "turn_state", "hash", "record"}
    for _, m in ipairs(methods) do
        check(type(g[m]) == "function", "method " .. m)
        raises("attempt to use a closed seega game", g[m], g, "c2", "c3")
    end
    -- a failed from_spn leaves nothing half-open behind
    collectgarbage()
end)

test("the methods are exactly those tested here", function()
    local want = {"action_from_index", "action_index", "at", "close", "copy",
                  "hash", "hint", "history", "in_hand", "last_captures",
                  "legal_indices", "legal_mask", "legal_moves", "move",
                  "num_distinct_actions", "observation", "perft", "phase",
                  "pieces", "place", "play", "playouts", "quiet",
                  "record", "repetitions", "result", "rules", "search",
                  "set_spn", "set_tablebase",
                  "size", "spn", "stop", "tablebase", "to_move", "turn_state",
                  "undo"}
    local got = {}
    for name in pairs(getmetatable(seega.new()).__index) do
        got[#got + 1] = name
    end
    list_eq(sorted(got), want, "methods")
    got = {}
    for name in pairs(seega) do got[#got + 1] = name end
    list_eq(sorted(got), {"PRESETS", "_VERSION", "from_record", "from_spn",
                          "library_version", "new", "record_tag", "rules",
                          "rules_from_text", "rules_to_text", "tb_generate",
                          "tb_open"},
            "module fields")
end)

test("wrong self", function()
    local g = seega.new()
    raises("seega.game expected, got no value", g.spn)
    raises("seega.game expected, got number", g.spn, 42)
    raises("seega.game expected, got table", g.play, {}, "c2")
    raises("seega.game expected, got ", g.spn, io.stdout) -- FILE* (5.4)
    raises("seega.game expected", g.close, "x")
end)

test("garbage collection frees games", function()
    for _ = 1, 2000 do
        local g = seega.new("classic", 9)
        g:play("a1")
        local c = g:copy()
        if _ % 2 == 0 then c:close() end
    end
    collectgarbage()
    collectgarbage()
end)

if LUA54 then
    test("to-be-closed variables (__close)", function()
        local chunk = assert(load([[
            local seega = ...
            local outer
            do
                local g <close> = seega.new()
                outer = g
                assert(g:play("c2"))
            end
            return outer
        ]]))
        local g = chunk(seega)
        raises("attempt to use a closed seega game", g.spn, g)
        -- __close after an explicit close is harmless
        chunk = assert(load([[
            local seega = ...
            local g <close> = seega.new()
            g:close()
            return true
        ]]))
        eq(chunk(seega), true, "close then __close")
        -- a to-be-closed variable cannot free the game under its search
        chunk = assert(load([[
            local seega = ...
            local g = seega.new()
            local ok, err = pcall(g.search, g, {depth = 3,
                on_progress = function()
                    local alias <close> = g
                end})
            return ok, err, g:spn()
        ]]))
        local ok, err, spn = chunk(seega)
        eq(ok, false, "raised")
        check(string.find(tostring(err), "during its search", 1, true),
              tostring(err))
        eq(spn, START5, "the game is still open")
    end)

    test("metatable", function()
        local mt = getmetatable(seega.new())
        eq(mt.__name, "seega.game", "__name")
        eq(type(mt.__index), "table", "__index")
        eq(type(mt.__gc), "function", "__gc")
        eq(type(mt.__close), "function", "__close")
        eq(type(mt.__tostring), "function", "__tostring")
    end)
end

test("tostring: a readable board", function()
    local g = assert(seega.from_spn("4o/5/xo3/2x2/5 x 0 0 0 -"))
    eq(tostring(g), table.concat({
        "5  . . . . o",
        "4  . . . . .",
        "3  x o + . .",
        "2  . . x . .",
        "1  . . . . .",
        "   a b c d e",
        "x to move; on board x 2, o 2; quiet 0",
        "spn: 4o/5/xo3/2x2/5 x 0 0 0 -"}, "\n"), "moving")
    g = assert(seega.from_spn("5/5/xo3/2x2/5 x 0 0 0 -"))
    assert(g:play("c2-c3"))
    check(string.find(tostring(g), "\nx wins (material); on board x 2, o 0",
                      1, true), "finished: " .. tostring(g))
    local s = tostring(seega.new("modern", 7))
    check(string.find(s, "^7  %. %. %. %. %. %. %.\n"), "7x7 top rank")
    check(string.find(s, "4  %. %. %. %+ %. %. %.\n"), "7x7 centre")
    check(string.find(s, "\n   a b c d e f g\nx to place; in hand x 24, o 24\n",
                      1, true), "7x7 footer: " .. s)
end)

-- ---- random games ---------------------------------------------------------

-- Play a random game: every action must be in legal_moves(); the SPN must
-- round-trip through set_spn and from_spn; the legal moves must agree with
-- perft(1), and perft(2) with the sum over the moves of perft(1) after
-- each. A refused action must leave the game as it was; undo must restore
-- the previous SPN. Returns the number of actions played.
local function random_game(preset, size, seed, max_actions)
    local rand = rng(seed)
    local g = seega.new(preset, size)
    local mirror = seega.new(preset, size)
    local played = 0
    while g:result() == nil and played < max_actions do
        local spn = g:spn()
        local moves = g:legal_moves()
        check(#moves > 0, "an ongoing game has an action")
        local seen = {}
        for _, m in ipairs(moves) do
            check(not seen[m], "duplicate action " .. m)
            seen[m] = true
        end
        eq(g:perft(1), #moves, "perft(1) at " .. spn)
        if played % 7 == 0 then
            local sum = 0
            for _, m in ipairs(moves) do
                local c = g:copy()
                assert(c:play(m))
                sum = sum + c:perft(1)
                c:close()
            end
            eq(g:perft(2), sum, "perft(2) at " .. spn)
        end
        -- the SPN round-trips, and a game loaded from it has the same moves
        assert(mirror:set_spn(spn))
        eq(mirror:spn(), spn, "set_spn round trip")
        list_eq(sorted(mirror:legal_moves()), sorted(moves),
                "moves after set_spn at " .. spn)
        local loaded = assert(seega.from_spn(spn, preset))
        eq(loaded:spn(), spn, "from_spn round trip")
        loaded:close()
        -- a text that is not a legal action is refused, changing nothing
        local probe = "abcdefghi"
        local f, r = rand(size), rand(size)
        local text = probe:sub(f, f) .. r
        if not seen[text] then
            local ok, _, code = g:play(text)
            eq(ok, nil, "refused " .. text)
            check(code == "illegal" or code == "parse",
                  "code " .. tostring(code))
            eq(g:spn(), spn, "unchanged after " .. text)
        end
        if played % 13 == 0 then
            -- (a node cap: some 7x7 DIAGONAL positions make the
            -- library's quiescence search explode; see the report)
            local best = g:search({depth = 2, nodes = 20000,
                                   seed = played}).best
            check(seen[best], "search gives a legal action: " .. best)
        end
        local m = moves[rand(#moves)]
        check(seen[m], "chosen action is legal")
        assert(g:play(m))
        played = played + 1
        if played % 11 == 0 then
            eq(g:undo(), m, "undo")
            eq(g:spn(), spn, "undo restores the SPN")
            assert(g:play(m))
        end
        local h = g:history()
        eq(h[#h], m, "history ends with the action")
    end
    eq(#g:history(), played, "history length")
    return played, g
end

test("random games cross-checked (every preset, 5x5)", function()
    local finished = 0
    for i, preset in ipairs(seega.PRESETS) do
        for seed = 1, 10 do
            local _, g = random_game(preset, 5, seed * 17 + i, 600)
            if g:result() ~= nil then finished = finished + 1 end
        end
    end
    check(finished > 0, "some random game finished")
end)

test("random games cross-checked (7x7 and 9x9)", function()
    random_game("modern", 7, 99, 300)
    random_game("diagonal", 7, 3, 300)
    random_game("traditional", 9, 5, 300)
    random_game("classic", 9, 8, 300)
end)

-- ---- tablebases -----------------------------------------------------------

-- CLASSIC 5x5 (orthogonal steps, custodian captures, lose_at 0). X to move:
-- of X's steps only c2-c1 flanks O's last piece (b1, between a1 and c1).
local TB_WIN_IN_1 = "5/5/5/2x2/xo3 x 0 0 0 -"
-- O's only step is a1-b1; then X's a2-a1 flanks b1 with c1.
local TB_LOSS_IN_2 = "5/5/5/x4/o1x2 o 0 0 0 -"
-- One piece a side: nobody can ever capture (a capture needs two).
local TB_DRAW = "5/5/5/5/xo3 x 0 0 0 -"
local TB_THREE = "5/5/5/1x1x1/xo1o1 x 0 0 0 -"

-- A new empty directory (removed by rmdir_all).
local function tempdir()
    local name = os.tmpname()
    os.remove(name)
    local ok = os.execute("mkdir '" .. name .. "'")
    check(ok == true or ok == 0, "mkdir " .. name)
    return name
end

local function rmdir_all(dir)
    os.execute("rm -rf '" .. dir .. "'")
end

local function read_all(path)
    local f = assert(io.open(path, "rb"))
    local data = f:read("*a")
    f:close()
    return data
end

local function write_all(path, data)
    local f = assert(io.open(path, "wb"))
    f:write(data)
    f:close()
end

-- The names of the files in a directory.
local function list_dir(dir)
    local names = {}
    local p = assert(io.popen("ls '" .. dir .. "'"))
    for name in p:lines() do names[#names + 1] = name end
    p:close()
    return names
end

-- The file of a tier ("2v1") in a directory: RULES.2v1.sgtb.
local function tier_file(dir, tier)
    local found
    for _, name in ipairs(list_dir(dir)) do
        if name:sub(-#tier - 6) == "." .. tier .. ".sgtb" then
            check(found == nil, "one file of tier " .. tier)
            found = dir .. "/" .. name
        end
    end
    check(found, "a file of tier " .. tier .. " in " .. dir)
    return found
end

-- CLASSIC tables of 2 pieces a side, made once (a fraction of a second).
local tb_dir
local function tables()
    if not tb_dir then
        tb_dir = tempdir()
        assert(seega.tb_generate("classic", 2, tb_dir))
    end
    return tb_dir
end

test("tablebase: generate and open", function()
    local dir = tables()
    eq(#list_dir(dir), 4, "four files")
    for _, tier in ipairs({"1v1", "1v2", "2v1", "2v2"}) do
        check(tier_file(dir, tier):find("/classic", 1, true), tier)
    end
    -- again: every tier is found on disk and kept
    eq(seega.tb_generate(seega.rules("classic"), 2, dir, 2), true, "resumed")
    local tb = assert(seega.tb_open("classic", dir))
    eq(tb:max_pieces(), 2, "max_pieces")
    eq(tostring(tb), "seega tablebase: classic 5, 2 pieces a side", "tostring")
    local tb2 = assert(seega.tb_open({}, dir)) -- a rules table: CLASSIC 5x5
    eq(tb2:max_pieces(), 2, "max_pieces of a rules table")
    eq(tb2:close(), true, "close")
    eq(tb2:close(), true, "close again")
    eq(tostring(tb2), "seega tablebase (closed)", "tostring closed")
    raises("attempt to use a closed seega tablebase", tb2.max_pieces, tb2)
    tb:close()
end)

test("tablebase: probe", function()
    local tb = assert(seega.tb_open("classic", tables()))
    local g = assert(seega.from_spn(TB_WIN_IN_1))
    local value, dist, best = tb:probe(g)
    eq(value, "win", "win in 1")
    eq(dist, 1, "distance")
    eq(best, "c2-c1", "the only capture")
    assert(g:play(best))
    eq(g:result(), "x", "X won")
    value, dist, best = tb:probe(g)
    eq(value, "loss", "a finished game: lost for O")
    eq(dist, 0, "at distance 0")
    eq(best, nil, "no action")
    g = assert(seega.from_spn(TB_LOSS_IN_2))
    value, dist, best = tb:probe(g)
    eq(value, "loss", "loss in 2")
    eq(dist, 2, "distance")
    eq(best, "a1-b1", "the only step")
    g = assert(seega.from_spn(TB_DRAW))
    value, dist, best = tb:probe(g)
    eq(value, "draw", "draw")
    eq(dist, nil, "no distance for a draw")
    eq(best, "a1-a2", "X's only step")
    -- not covered: the placing phase, three pieces a side
    fails("not_covered", "not in the tables", tb.probe, tb, seega.new())
    fails("not_covered", "not in the tables", tb.probe, tb,
          assert(seega.from_spn(TB_THREE)))
    -- a game of other rules
    fails("rules", "rules", tb.probe, tb,
          assert(seega.from_spn(TB_WIN_IN_1, "traditional")))
    -- wrong arguments raise
    raises("seega.game expected", tb.probe, tb, TB_WIN_IN_1)
    local closed = seega.new()
    closed:close()
    raises("closed seega game", tb.probe, tb, closed)
    tb:close()
    raises("closed seega tablebase", tb.probe, tb, g)
end)

test("tablebase: a quiet limit", function()
    -- MODERN: 50 quiet turns, then the count. X a1, e5 against O c3 never
    -- capture: the count gives X the game when the limit comes.
    local dir = tempdir()
    assert(seega.tb_generate("modern", 2, dir))
    local tb = assert(seega.tb_open("modern", dir))
    local value, dist = tb:probe(assert(seega.from_spn("4x/5/2o2/5/x4 x 0 0 0 -", "modern")))
    eq(value, "win", "the count wins")
    eq(dist, 50, "fifty quiet turns away")
    value, dist = tb:probe(assert(seega.from_spn("4x/5/2o2/5/x4 x 0 0 49 -", "modern")))
    eq(dist, 1, "one quiet turn away")
    -- X c2, d1 against O b1, c1: a capture after two quiet turns, unless
    -- the limit comes first
    eq(tb:probe(assert(seega.from_spn("5/5/5/2x2/1oox1 x 0 0 47 -", "modern"))),
       "win", "in time")
    eq(tb:probe(assert(seega.from_spn("5/5/5/2x2/1oox1 x 0 0 48 -", "modern"))),
       "draw", "too late: the count draws")
    tb:close()
    rmdir_all(dir)
end)

test("tablebase: tier_info", function()
    local tb = assert(seega.tb_open("classic", tables()))
    local one = assert(tb:tier_info(1, 1))
    check(one.positions > 0, "positions")
    eq(one.draws, one.positions, "1v1: all draws")
    eq(one.longest_win, nil, "no win")
    local t = assert(tb:tier_info(2, 1))
    eq(t.wins + t.draws + t.losses, t.positions, "the counts add up")
    local g = assert(seega.from_spn(t.longest_win_spn))
    local value, dist = tb:probe(g)
    eq(value, "win", "the longest win")
    eq(dist, t.longest_win, "its length")
    fails("not_covered", "no tier 3v1", tb.tier_info, tb, 3, 1)
    raises("integer", tb.tier_info, tb, "2", 1)
    tb:close()
end)

test("tablebase: errors of open and generate", function()
    local dir = tables()
    fails("io", "no tables", seega.tb_open, "traditional", dir)
    fails("rules", "5x5", seega.tb_open, {board_size = 7}, dir)
    -- CLASSIC with a quiet limit is another rule set: no tables there
    fails("io", "no tables", seega.tb_open, {quiet_limit = 10}, dir)
    local empty = tempdir()
    fails("io", "no tables", seega.tb_open, "classic", empty)
    fails("io", "", seega.tb_generate, "classic", 1, empty .. "/no/such")
    fails("rules", "5x5", seega.tb_generate, {board_size = 7}, 1, empty)
    raises("max_pieces", seega.tb_generate, "classic", 0, empty)
    raises("max_pieces", seega.tb_generate, "classic", 13, empty)
    raises("threads", seega.tb_generate, "classic", 1, empty, 65)
    raises("bad argument", seega.tb_generate, "classic", 1.5, empty)
    raises("invalid option 'clasic'", seega.tb_open, "clasic", dir)
    raises("bad argument #2", seega.tb_open, "classic")
    fails("invalid", "NUL", seega.tb_open, "classic", dir .. "\0x")
    -- a truncated file
    for _, name in ipairs(list_dir(dir)) do
        write_all(empty .. "/" .. name, read_all(dir .. "/" .. name))
    end
    local path = tier_file(empty, "2v2")
    local data = read_all(path)
    write_all(path, data:sub(1, math.floor(#data / 2)))
    fails("corrupt", "", seega.tb_open, "classic", empty)
    -- a missing tier of 2 pieces: the tables of 1 piece a side
    os.remove(path)
    local tb = assert(seega.tb_open("classic", empty))
    eq(tb:max_pieces(), 1, "max_pieces without 2v2")
    tb:close()
    rmdir_all(empty)
end)

test("tablebase: attached to games", function()
    local tb = assert(seega.tb_open("classic", tables()))
    local spn = assert(tb:tier_info(2, 1)).longest_win_spn
    local g = assert(seega.from_spn(spn))
    local _, dist = tb:probe(g)
    eq(g:search({depth = 2}).proven, nil, "not proven without tables")
    eq(g:tablebase(), nil, "nothing attached")
    eq(g:set_tablebase(tb), true, "attached")
    eq(g:tablebase(), tb, "the attached tables")
    local r = g:search({depth = 2})
    eq(r.proven, "win", "proven with tables")
    eq(r.proven_plies, dist, "at the tables' distance")
    r = g:search({depth = 1, level = 1, seed = 3})
    eq(r.proven, "win", "at a weaker level too")
    -- a copy keeps them
    local c = g:copy()
    eq(c:tablebase(), tb, "the copy's tables")
    eq(c:search({depth = 2}).proven, "win", "the copy's search")
    -- other rules are refused
    local trad = assert(seega.from_spn(TB_WIN_IN_1, "traditional"))
    fails("rules", "other rules", trad.set_tablebase, trad, tb)
    eq(trad:tablebase(), nil, "nothing attached")
    raises("seega.tablebase expected", g.set_tablebase, g, "tables")
    -- the tables cannot be closed from the search of a game they serve
    raises("attempt to close a seega tablebase", g.search, g,
           {depth = 2, on_progress = function() tb:close() end})
    -- closing detaches them from every game
    eq(tb:close(), true, "close")
    eq(g:tablebase(), nil, "detached")
    eq(c:tablebase(), nil, "detached from the copy")
    eq(g:search({depth = 2}).proven, nil, "no longer proven")
    raises("closed seega tablebase", g.set_tablebase, g, tb)
    eq(g:set_tablebase(nil), true, "detach: nothing attached")
    g:close()
    c:close()
end)

test("tablebase: a game keeps its tables alive", function()
    local g = assert(seega.from_spn(TB_WIN_IN_1))
    assert(g:set_tablebase(assert(seega.tb_open("classic", tables()))))
    collectgarbage()
    collectgarbage()
    local value = g:tablebase():probe(g)
    eq(value, "win", "still open")
    eq(g:search({depth = 1}).proven, "win", "searched with them")
    eq(g:set_tablebase(), true, "detached")
    collectgarbage()
    collectgarbage() -- now the tables may go
    eq(g:tablebase(), nil, "none")
    -- tables and games collected together
    for _ = 1, 3 do
        local h = assert(seega.from_spn(TB_WIN_IN_1))
        assert(h:set_tablebase(assert(seega.tb_open("classic", tables()))))
    end
    collectgarbage()
    collectgarbage()
    if LUA54 then
        local tb2 = load([[
            local seega, dir = ...
            local tb <close> = assert(seega.tb_open("classic", dir))
            return tb
        ]])(seega, tables())
        eq(tostring(tb2), "seega tablebase (closed)", "closed by <close>")
    end
end)

test("tablebase: progress, and stopping from it", function()
    local dir = tempdir()
    local seen = {}
    eq(seega.tb_generate("classic", 2, dir, 1, function(info)
        seen[#seen + 1] = info
    end), true, "generated")
    eq(seen[1].stage, "start", "the first report")
    eq(seen[1].mover, 1, "1v1")
    eq(seen[1].other, 1, "1v1")
    check(seen[1].slots > 0, "its slots")
    eq(seen[1].done, 0, "done outside the work stage")
    eq(seen[1].total, 0, "total outside the work stage")
    local done = 0
    for _, info in ipairs(seen) do
        check(info.stage == "start" or info.stage == "level" or
              info.stage == "done" or info.stage == "work", info.stage)
        if info.stage == "done" then done = done + 1 end
    end
    eq(done, 3, "three pairs")
    rmdir_all(dir)
    -- an error of on_progress stops the generation at once (the pair it
    -- started is not written) and is raised once it has stopped
    dir = tempdir()
    local calls = 0
    raises("from on_progress", seega.tb_generate, "classic", 2, dir, 1,
           function() calls = calls + 1; error("from on_progress") end)
    eq(calls, 1, "not called again")
    eq(#list_dir(dir), 0, "nothing written")
    -- a true result stops it too: the pairs done stay
    fails("stopped", "run", seega.tb_generate, "classic", 2, dir, 1,
          function(info) return info.mover == 2 and info.stage == "start" end)
    list_eq(sorted(list_dir(dir)), {"classic+5.1v1.sgtb", "classic+5.1v2.sgtb",
                                    "classic+5.2v1.sgtb"}, "1v1 and 1v2 kept")
    raises("on_progress must be a function", seega.tb_generate, "classic", 2,
           dir, 1, 42)
    eq(seega.tb_generate("classic", 2, dir), true, "resumed")
    eq(#list_dir(dir), 4, "and finished")
    rmdir_all(dir)
end)

test("tablebase: an empty directory name", function()
    fails("invalid", "the directory is empty", seega.tb_generate, "classic", 1, "")
    fails("invalid", "the directory is empty", seega.tb_open, "classic", "")
end)

test("tablebase: quiet limits (MODERN, DIAGONAL)", function()
    -- DIAGONAL: 150 quiet turns, steps and captures in eight directions.
    -- X a1, e5 against O c3 never capture: the count gives X the game.
    local dir = tempdir()
    assert(seega.tb_generate("diagonal", 2, dir))
    local tb = assert(seega.tb_open("diagonal", dir))
    eq(tb:max_pieces(), 2, "max_pieces")
    local spn = "4x/5/2o2/5/x4 x 0 0 %d -"
    local value, dist = tb:probe(assert(seega.from_spn(spn:format(0), "diagonal")))
    eq(value, "win", "the count wins")
    eq(dist, 150, "150 quiet turns away")
    value, dist = tb:probe(assert(seega.from_spn(spn:format(149), "diagonal")))
    eq(value, "win", "the count wins")
    eq(dist, 1, "one quiet turn away")
    -- other rules: the tables of MODERN are not these
    fails("io", "no tables", seega.tb_open, "modern", dir)
    fails("rules", "rules", tb.probe, tb, assert(seega.from_spn(spn:format(0), "modern")))
    tb:close()
    rmdir_all(dir)
end)

-- Ctrl-C in the standalone interpreter, a real SIGINT, with and without an
-- on_progress function: the generation stops at once, lua5.4 raises
-- "interrupted!" as for any chunk, and the pairs finished stay for a run
-- again. The child is sent SIGINT once the files of 2v3 are written,
-- while it solves 2v4 (a second or more).
local function interrupt_generation(lua, with_progress)
    local dir = tempdir()
    local child = string.format([[
        package.cpath = %q
        local seega = require("seega")
        print("running")
        io.stdout:flush()
        seega.tb_generate("classic", 4, %q, 2, %s)
        print("not interrupted")
    ]], package.cpath, dir, with_progress and "function() end" or "nil")
    write_all(dir .. "/child.lua", child)
    -- the child runs in the background of sh, which starts it with SIGINT
    -- ignored; lua.c sets its own handler around the chunk all the same
    local script = [[
        "$2" "$1/child.lua" > "$1/out" 2> "$1/err" &
        pid=$!
        n=0
        until [ -e "$1/classic+5.3v2.sgtb" ]; do
            n=$((n + 1)); [ $n -gt 3000 ] && { kill -9 $pid; exit 8; }
            sleep 0.02
        done
        sleep 0.1
        t0=$(date +%s%N)
        kill -INT $pid
        wait $pid
        status=$?
        t1=$(date +%s%N)
        echo "$status $(( (t1 - t0) / 1000000 ))"
    ]]
    write_all(dir .. "/run.sh", script)
    local p = assert(io.popen("sh '" .. dir .. "/run.sh' '" .. dir .. "' '" ..
                              lua .. "'"))
    local line = p:read("*l") or ""
    p:close()
    local what = with_progress and "with on_progress" or "without on_progress"
    local status, ms = line:match("^(%d+) (%d+)$")
    check(status, what .. ": the script's line: " .. line)
    local err = read_all(dir .. "/err")
    eq(tonumber(status), 1, what .. ": lua5.4's exit status (" .. err .. ")")
    check(err:find("interrupted!", 1, true), what .. ": interrupted!: " .. err)
    check(not read_all(dir .. "/out"):find("not interrupted", 1, true),
          what .. ": the call did not return normally")
    check(tonumber(ms) < 2000, what .. ": stopped " .. ms .. " ms after SIGINT")
    local have = {}
    for _, name in ipairs(list_dir(dir)) do have[name] = true end
    check(not have["classic+5.4v2.sgtb"], what .. ": 2v4, under way, not written")
    local found = 0
    assert(seega.tb_generate("classic", 3, dir, 2, function(info)
        if info.stage == "found" then found = found + 1 end
    end))
    eq(found, 5, what .. ": a run again keeps 1v1 to 2v3")
    rmdir_all(dir)
end

test("tablebase: Ctrl-C in lua5.4", function()
    local lua = arg and arg[-1]
    if not lua or not LUA54 or not os.execute("command -v kill >/dev/null") then
        return
    end
    interrupt_generation(lua, false)
    interrupt_generation(lua, true)
end)

test("tablebase: cleanup", function()
    if tb_dir then
        rmdir_all(tb_dir)
        tb_dir = nil
    end
end)

-- ---- run ------------------------------------------------------------------

local passed, failed = 0, 0
local t0 = os.clock()
local verbose = os.getenv("SEEGA_TEST_VERBOSE")
for _, t in ipairs(tests) do
    local t1 = os.clock()
    local ok, err = pcall(t.fn)
    if verbose then
        print(string.format("%6.2f s  %s", os.clock() - t1, t.name))
    end
    if ok then
        passed = passed + 1
    else
        failed = failed + 1
        print("FAIL " .. t.name .. ": " .. tostring(err))
    end
end
print(string.format("%s, libseega %s, %.2f s CPU", _VERSION,
                    seega.library_version(), os.clock() - t0))
print(string.format("%d passed, %d failed", passed, failed))
-- close the state, so that __gc runs and a leak checker sees every game freed
os.exit(failed == 0 and 0 or 1, true)
