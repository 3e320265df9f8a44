-- Play one game of random legal actions and print it.
--
--   lua5.4 random_game.lua [seed] [preset] [size]
local seega = require("seega")

local seed = tonumber(arg[1] or os.time())
local preset, size = arg[2] or "classic", tonumber(arg[3] or "5")
math.randomseed(seed)

local game = assert(seega.new(preset, size))
-- CLASSIC and TRADITIONAL have no quiet limit: stop a game that drags on.
while game:result() == nil and #game:history() < 2000 do
    local moves = game:legal_moves()
    assert(game:play(moves[math.random(#moves)]))
end

local history = game:history()
print(#history .. " actions; the last ones: " ..
      table.concat(history, " ", math.max(1, #history - 9)))
print(game)
local result, reason = game:result()
print(result and (result .. " (" .. reason .. ")") or "unfinished")
