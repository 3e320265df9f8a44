// libseega from C++: the C header as it is (it has extern "C" guards), an
// owning handle with std::unique_ptr, and exceptions for failed calls.
// Build: c++ -std=c++11 embed.cpp -lseega
#include <seega.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace
{

struct game_deleter {
    void operator()(seega_game *g) const { seega_free(g); }
};
using game_ptr = std::unique_ptr<seega_game, game_deleter>;

// Throw on a negative status, with the game's message; pass counts on.
int32_t check(int32_t status, const seega_game *g, const char *what)
{
    if (status < 0)
        throw std::runtime_error(std::string(what) + ": " +
                                 seega_status_text(status) + ": " +
                                 (g ? seega_last_error(g) : ""));
    return status;
}

game_ptr new_game(int32_t preset, int32_t size)
{
    seega_rules rules = SEEGA_RULES_INIT;
    seega_game *g = nullptr;
    check(seega_rules_preset(&rules, preset, size), nullptr, "preset");
    check(seega_new(&rules, &g), nullptr, "seega_new");
    return game_ptr(g);
}

std::string text(const game_ptr &g, seega_action a)
{
    char buf[SEEGA_ACTION_TEXT_MAX];
    check(seega_action_to_text(g.get(), a, buf, sizeof buf), g.get(), "text");
    return buf;
}

} // namespace

int main()
{
    try {
        game_ptr game = new_game(SEEGA_MODERN, 5);
        std::vector<seega_action> moves(SEEGA_MAX_ACTIONS);
        // Play the first legal action until the game ends (MODERN has a
        // quiet-turn limit, so it does).
        int played = 0;
        while (seega_result(game.get(), nullptr) == SEEGA_ONGOING) {
            int32_t n =
                check(seega_legal_moves(game.get(), moves.data(), moves.size()),
                      game.get(), "legal moves");
            check(seega_play(game.get(), moves[n - 1]), game.get(), "play");
            played++;
        }
        int32_t reason = 0;
        int32_t result = seega_result(game.get(), &reason);
        seega_action last = 0;
        check(seega_history_action(game.get(), played - 1, &last), game.get(),
              "history");
        std::printf("%d actions, result %d (reason %d), last %s\n", played,
                    static_cast<int>(result), static_cast<int>(reason),
                    text(game, last).c_str());

        // A failed call throws, with the library's message.
        try {
            check(seega_place(game.get(), 99), game.get(), "seega_place");
        } catch (const std::runtime_error &e) {
            std::printf("refused: %s\n", e.what());
        }
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
