/*
 * seega-demo: a whole game of Seega in the terminal, unattended, between
 * two reproducible random players.
 *
 *   seega-demo [classic|diagonal|modern|traditional] [5|7|9] [seed]
 *
 * Prints the board after every turn and the result. The same arguments
 * always give the same game.
 */
#include <seega.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TURNS 2000 /* CLASSIC and TRADITIONAL have no quiet limit */

static uint64_t rng_state;

static uint32_t rng_below(uint32_t n) /* xorshift64*, reproducible */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 32) % n;
}

static void print_board(const seega_game *g)
{
    int n = seega_board_size(g);
    for (int rank = n - 1; rank >= 0; rank--) {
        printf("  %d ", rank + 1);
        for (int file = 0; file < n; file++) {
            int sq = rank * n + file, c = seega_piece_at(g, sq);
            printf(" %c", c == SEEGA_X   ? 'X'
                          : c == SEEGA_O ? 'O'
                          : sq == n * n / 2 ? '+'
                                            : '.');
        }
        printf("\n");
    }
    printf("    ");
    for (int file = 0; file < n; file++)
        printf(" %c", 'a' + file);
    printf("\n");
}

static int usage(const char *prog, int code)
{
    fprintf(code ? stderr : stdout,
            "usage: %s [classic|diagonal|modern|traditional] [5|7|9] [seed]\n"
            "Plays one game between two random players and prints it.\n",
            prog);
    return code;
}

int main(int argc, char **argv)
{
    static const char *names[] = {"classic", "diagonal", "modern",
                                  "traditional"};
    int variant = SEEGA_CLASSIC, size = 5, turns = 0;
    unsigned long long seed = 1;
    seega_rules rules;
    seega_game *g;
    char text[SEEGA_ACTION_TEXT_MAX], spn[SEEGA_SPN_MAX];

    if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
        return usage(argv[0], 0);
    if (argc > 1) {
        variant = 0;
        for (int i = 0; i < 4; i++)
            if (!strcmp(argv[1], names[i]))
                variant = i + 1;
        if (!variant)
            return usage(argv[0], 2);
    }
    if (argc > 2)
        size = atoi(argv[2]);
    if (argc > 3)
        seed = strtoull(argv[3], NULL, 10);
    if (argc > 4 || seega_rules_preset(&rules, variant, size) != SEEGA_OK)
        return usage(argv[0], 2);
    if (seega_new(&rules, &g) != SEEGA_OK) {
        fprintf(stderr, "cannot create the game\n");
        return 1;
    }
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 0x1234567;

    printf("Seega, %s rules on %dx%d, random players, seed %llu\n\n",
           names[variant - 1], size, size, seed);
    print_board(g);
    while (seega_result(g, NULL) == SEEGA_ONGOING && turns < MAX_TURNS) {
        seega_action moves[SEEGA_MAX_ACTIONS];
        int side = seega_to_move(g);
        int32_t captured[8];
        printf("\n%s:", side == SEEGA_X ? "X" : "O");
        /* One turn: every action until the other side is to move. */
        do {
            int32_t n = seega_legal_moves(g, moves, SEEGA_MAX_ACTIONS);
            seega_action a = moves[rng_below((uint32_t)n)];
            seega_action_to_text(g, a, text, sizeof text);
            seega_play(g, a);
            printf(" %s", text);
            int32_t k = seega_last_captures(g, captured, 8);
            for (int32_t i = 0; i < k; i++) {
                seega_square_to_text(g, captured[i], text, sizeof text);
                printf(" (x%s)", text);
            }
        } while (seega_to_move(g) == side &&
                 seega_result(g, NULL) == SEEGA_ONGOING);
        turns++;
        printf("   X %d, O %d, quiet %d\n", seega_pieces(g, SEEGA_X),
               seega_pieces(g, SEEGA_O), seega_quiet_count(g));
        print_board(g);
    }

    int32_t reason;
    int32_t result = seega_result(g, &reason);
    static const char *why[] = {"", "material", "blocked", "quiet turns",
                                "both sides blocked"};
    seega_get_spn(g, spn, sizeof spn);
    printf("\nFinal position: %s\n", spn);
    if (result == SEEGA_ONGOING)
        printf("Stopped after %d turns without a result.\n", turns);
    else
        printf("Result: %s (%s) after %d turns.\n",
               result == SEEGA_X_WINS   ? "X wins"
               : result == SEEGA_O_WINS ? "O wins"
                                        : "draw",
               why[reason], turns);
    seega_free(g);
    return 0;
}
