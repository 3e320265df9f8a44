/*
 * What the search tests share: a search with given limits or to a depth
 * (asserting SEEGA_OK, printing the game's message otherwise), and whether
 * an action is legal now. Include after cmocka.h and testutil.h.
 */
#ifndef SEEGA_SEARCH_UTIL_H
#define SEEGA_SEARCH_UTIL_H

static inline seega_search_result search_limits(seega_game *g,
                                                const seega_search_limits *l)
{
    seega_search_result res;
    memset(&res, 0, sizeof res);
    res.version = SEEGA_SEARCH_RESULT_VERSION;
    int32_t rc = seega_search(g, l, &res);
    if (rc != SEEGA_OK)
        print_error("search: %s\n", seega_last_error(g));
    assert_int_equal(rc, SEEGA_OK);
    return res;
}

static inline seega_search_result search_depth(seega_game *g, int32_t depth)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.depth = depth;
    return search_limits(g, &l);
}

static inline int is_legal(const seega_game *g, seega_action a)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    int32_t n = seega_legal_moves(g, list, SEEGA_MAX_ACTIONS);
    for (int32_t i = 0; i < n; i++)
        if (list[i] == a)
            return 1;
    return 0;
}

#endif
