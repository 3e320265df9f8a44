-- Play Seega against the libseega AI in the terminal.
--
--   lua5.4 play.lua [preset] [size] [level]
--
-- preset: classic (default), diagonal, modern or traditional; size: 5, 7
-- or 9; level: 1 (weakest) to 3, or 0 for full strength (default 2).
-- You are X and place first. Type an action (c2, c2-c3, xb3, pass), or
-- "moves", "hint", "undo" (takes back your last action and the AI's
-- answer), "quit".
local seega = require("seega")

local preset = arg[1] or "classic"
local size = tonumber(arg[2] or "5")
local level = tonumber(arg[3] or "2")
local game = assert(seega.new(preset, size))
local human = "x"

print(game)
while true do
    local result, reason = game:result()
    if result then
        print(result == "draw" and "A draw" or
              (result == human and "You win" or "The AI wins"),
              "(" .. reason .. ")")
        break
    end
    if game:to_move() == human then
        io.write("your action> ")
        local line = io.read("*l")
        if line == nil or line == "quit" then
            break
        elseif line == "moves" then
            print(table.concat(game:legal_moves(), " "))
        elseif line == "hint" then
            print("hint: " .. game:hint(500))
        elseif line == "undo" then
            -- Take back actions until one of yours is undone: the side to
            -- move after an undo is the side that played that action.
            repeat
                local undone = game:undo()
            until not undone or game:to_move() == human
            print(game)
        else
            local ok, err = game:play(line)
            if ok then print(game) else print(err) end
        end
    else
        local r = game:search({level = level, time_ms = 1000})
        print(string.format("AI plays %s (depth %d, score %d%s)", r.best,
                            r.depth, r.score,
                            r.proven and ", proven " .. r.proven or ""))
        assert(game:play(r.best))
        print(game)
    end
end
game:close()
