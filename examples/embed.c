/*
 * The smallest useful embedding of libseega: create a game, load a
 * position, list and play moves, read the result, handle errors.
 * Build: cc embed.c -lseega
 */
#include <seega.h>

#include <stdio.h>

int main(void)
{
    seega_rules rules;
    seega_game *game;
    seega_action moves[SEEGA_MAX_ACTIONS];
    char text[SEEGA_ACTION_TEXT_MAX], spn[SEEGA_SPN_MAX];

    seega_rules_preset(&rules, SEEGA_CLASSIC, 5);
    if (seega_new(&rules, &game) != SEEGA_OK)
        return 1;

    /* A moving-phase position: O to move, the centre empty. */
    if (seega_set_spn(game, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -") !=
        SEEGA_OK) {
        fprintf(stderr, "bad SPN: %s\n", seega_last_error(game));
        seega_free(game);
        return 1;
    }

    int32_t n = seega_legal_moves(game, moves, SEEGA_MAX_ACTIONS);
    printf("%d legal moves:", n);
    for (int32_t i = 0; i < n; i++) {
        seega_action_to_text(game, moves[i], text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");

    /* Play the first one, then try an illegal one. */
    seega_play(game, moves[0]);
    int32_t rc = seega_move(game, 0, 1); /* a1-b1: both squares are full */
    printf("a1-b1: %s (%s)\n", seega_status_text(rc), seega_last_error(game));

    seega_get_spn(game, spn, sizeof spn);
    printf("now: %s, result %d\n", spn, seega_result(game, NULL));
    seega_free(game);
    return 0;
}
