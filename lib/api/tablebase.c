/* The public tablebase functions (docs/tablebases.md): checks, then tb/. */
#include "api/game.h"
#include "tb/tb.h"
#include "text/notation.h"

#include <stdlib.h>
#include <string.h>

/* The smallest tier of these rules: rule_material_least. */
static int least_pieces(const seega_rules *rules)
{
    sg_crules cr;
    sg_crules_from(&cr, rules);
    return rule_material_least(&cr);
}

/* Rules a 5x5 table can hold: valid, 5x5. */
static int32_t check_rules(const seega_rules *rules, char *msg, size_t cap)
{
    int32_t st = seega_rules_validate(rules, msg, cap);
    if (st != SEEGA_OK)
        return st;
    if (rules->board_size != TB_N) {
        sg_format(msg, cap, "tablebases are 5x5 only (board_size %d)",
                  (int)rules->board_size);
        return SEEGA_E_RULES;
    }
    return SEEGA_OK;
}

/* The SPN of a 5x5 moving-phase position, X (the mover) to move, at quiet
 * counter q. */
static void spn_of(uint32_t m, uint32_t o, int q, char out[SEEGA_SPN_MAX])
{
    sg_gpos g;
    memset(&g, 0, sizeof g);
    g.n = TB_N;
    for (int sq = 0; sq < TB_SQ; sq++)
        g.cell[sq] = (int8_t)(m >> sq & 1   ? SEEGA_X
                              : o >> sq & 1 ? SEEGA_O
                                            : SEEGA_EMPTY);
    g.side = SEEGA_X;
    g.quiet = q;
    g.state = SG_ST_NORMAL;
    g.chain = -1;
    const sg_board *board = sg_board_for(TB_N);
    sg_posbuf pos;
    board->load(&pos, &g);
    sg_spn_format(board, &pos, out);
}

/* "" would name the root directory in file names ("/classic+5.2v2.sgtb"):
 * refuse it rather than guess. */
static int32_t check_dir(const char *dir, char *msg, size_t cap)
{
    if (*dir)
        return SEEGA_OK;
    sg_format(msg, cap, "the directory is empty: name one, such as \".\"");
    return SEEGA_E_INVALID;
}

static seega_tablebase *tb_alloc(const seega_rules *rules, int maxp)
{
    seega_tablebase *tb = calloc(1, sizeof *tb);
    if (!tb)
        return NULL;
    tb->rules = *rules;
    seega_rules_to_text(rules, tb->rules_text, sizeof tb->rules_text);
    sg_crules_from(&tb->cr, rules);
    tb->maxp = maxp;
    if (tb_index_init(&tb->ix, maxp) != 0) {
        free(tb);
        return NULL;
    }
    return tb;
}

SEEGA_API void seega_tb_close(seega_tablebase *tb)
{
    if (!tb)
        return;
    for (int u = 0; u <= TB_MAXP; u++)
        for (int t = 0; t <= TB_MAXP; t++)
            tb_table_close(&tb->tier[u][t]);
    tb_index_free(&tb->ix);
    if (tb->map)
        tb_unmap(tb->map, tb->map_bytes);
    free(tb);
}

SEEGA_API int32_t seega_tb_generate_cluster(const seega_rules *rules,
                                            int32_t max_pieces,
                                            const char *dir,
                                            const seega_tb_options *options,
                                            const seega_tb_cluster *cluster,
                                            char *msg, size_t cap)
{
    sg_format(msg, cap, "%s", "");
    if (!rules || !dir) {
        sg_format(msg, cap, "rules and dir must not be NULL");
        return SEEGA_E_INVALID;
    }
    int32_t st = check_dir(dir, msg, cap);
    if (st != SEEGA_OK)
        return st;
    /* The library's own copy at the current version; a version-1 caller's
     * struct ends at progress_user, and its version stays 1 so that it
     * gets no STAGE_WORK. */
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    if (options) {
        if (options->version < 1 ||
            options->version > SEEGA_TB_OPTIONS_VERSION) {
            sg_format(msg, cap, "unknown options version %u (1..%u)",
                      (unsigned)options->version,
                      (unsigned)SEEGA_TB_OPTIONS_VERSION);
            return SEEGA_E_VERSION;
        }
        opt.version = options->version;
        opt.threads = options->threads;
        opt.progress = options->progress;
        opt.progress_user = options->progress_user;
        if (options->version >= 2) {
            opt.stop = options->stop;
            opt.stop_user = options->stop_user;
        }
    }
    if (cluster) {
        if (cluster->version != SEEGA_TB_CLUSTER_VERSION) {
            sg_format(msg, cap, "unknown cluster version %u",
                      (unsigned)cluster->version);
            return SEEGA_E_VERSION;
        }
        if (cluster->ranks < 1 || cluster->ranks > 65536) {
            sg_format(msg, cap, "ranks %d out of range (1..65536)",
                      (int)cluster->ranks);
            return SEEGA_E_INVALID;
        }
        if (cluster->rank < 0 || cluster->rank >= cluster->ranks) {
            sg_format(msg, cap, "rank %d out of range (0..%d)",
                      (int)cluster->rank, (int)cluster->ranks - 1);
            return SEEGA_E_INVALID;
        }
        if (cluster->batch > SEEGA_TB_BATCH_MAX) {
            sg_format(msg, cap, "batch %u out of range (0..%u)",
                      (unsigned)cluster->batch, (unsigned)SEEGA_TB_BATCH_MAX);
            return SEEGA_E_INVALID;
        }
        if (cluster->ranks > 1 && !cluster->exchange) {
            sg_format(msg, cap, "a cluster of %d ranks needs an exchange",
                      (int)cluster->ranks);
            return SEEGA_E_INVALID;
        }
    }
    st = check_rules(rules, msg, cap);
    if (st != SEEGA_OK)
        return st;
    if (max_pieces < least_pieces(rules) || max_pieces > TB_MAXP) {
        sg_format(msg, cap, "max_pieces %d out of range (%d..%d)",
                  (int)max_pieces, least_pieces(rules), TB_MAXP);
        return SEEGA_E_INVALID;
    }
    if (opt.threads < 0 || opt.threads > 64) {
        sg_format(msg, cap, "threads %d out of range (0..64)",
                  (int)opt.threads);
        return SEEGA_E_INVALID;
    }
    seega_tablebase *tb = tb_alloc(rules, max_pieces);
    if (!tb) {
        sg_format(msg, cap, "out of memory for the index tables");
        return SEEGA_E_NOMEM;
    }
    st = sg_tb_generate5(tb, dir, &opt, cluster, msg, cap);
    seega_tb_close(tb);
    return st;
}

SEEGA_API int32_t seega_tb_generate(const seega_rules *rules,
                                    int32_t max_pieces, const char *dir,
                                    const seega_tb_options *options,
                                    char *msg, size_t cap)
{
    return seega_tb_generate_cluster(rules, max_pieces, dir, options, NULL,
                                     msg, cap);
}

/* Open the pack in data for rules (checked): into *out, or an error. The
 * handle takes the mapping `map` (NULL for a caller's buffer). */
static int32_t open_pack(const seega_rules *rules, const uint8_t *data,
                         size_t bytes, void *map, seega_tablebase **out,
                         char *msg, size_t cap)
{
    int lo = least_pieces(rules), maxp;
    int32_t st = tb_pack_scan(data, bytes, lo, &maxp, msg, cap);
    if (st == SEEGA_OK && maxp < lo) {
        sg_format(msg, cap, "the pack has no tier %dv%d of these rules", lo,
                  lo);
        st = SEEGA_E_CORRUPT;
    }
    seega_tablebase *tb = NULL;
    if (st == SEEGA_OK && !(tb = tb_alloc(rules, maxp))) {
        sg_format(msg, cap, "out of memory for the index tables");
        st = SEEGA_E_NOMEM;
    }
    if (st == SEEGA_OK)
        st = tb_pack_open(tb, data, bytes, msg, cap);
    if (st != SEEGA_OK) {
        seega_tb_close(tb);
        if (map)
            tb_unmap(map, bytes);
        return st;
    }
    tb->map = map;
    tb->map_bytes = bytes;
    *out = tb;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_tb_open(const seega_rules *rules, const char *dir,
                                seega_tablebase **out, char *msg, size_t cap)
{
    sg_format(msg, cap, "%s", "");
    if (!rules || !dir || !out) {
        sg_format(msg, cap, "rules, dir and out must not be NULL");
        return SEEGA_E_INVALID;
    }
    int32_t st = check_dir(dir, msg, cap);
    if (st != SEEGA_OK)
        return st;
    st = check_rules(rules, msg, cap);
    if (st != SEEGA_OK)
        return st;
    if (tb_is_regular(dir)) { /* a pack */
        void *map;
        size_t bytes;
        st = tb_map_file(dir, &map, &bytes, msg, cap);
        if (st != SEEGA_OK)
            return st;
        char why[SEEGA_ERROR_MAX];
        st = open_pack(rules, map ? map : (void *)"", bytes, map, out, why,
                       sizeof why);
        if (st != SEEGA_OK)
            sg_format(msg, cap, "%s: %s", dir, why);
        return st;
    }
    /* The largest max whose tiers are all there: probe by file name. */
    char text[SEEGA_RULES_TEXT_MAX];
    seega_rules_to_text(rules, text, sizeof text);
    int lo = least_pieces(rules), maxp = lo - 1;
    for (int m = lo; m <= TB_MAXP; m++) {
        int all = 1;
        for (int a = lo; a <= m && all; a++)
            for (int b = lo; b <= m && all; b++) {
                if (a != m && b != m)
                    continue;
                char path[4096];
                if (tb_file_name(text, dir, a, b, path, sizeof path) != 0) {
                    sg_format(msg, cap, "the directory name is too long");
                    return SEEGA_E_INVALID;
                }
                /* A file that is there but cannot be read is an error
                 * (when its tier is opened), not a missing tier. */
                all = tb_file_present(path, msg, cap);
                if (all < 0)
                    return SEEGA_E_IO;
            }
        if (!all)
            break;
        maxp = m;
    }
    if (maxp < lo) {
        char path[4096];
        tb_file_name(text, dir, lo, lo, path, sizeof path);
        sg_format(msg, cap, "no tables of these rules in %s (no %s)", dir,
                  path);
        return SEEGA_E_IO;
    }
    seega_tablebase *tb = tb_alloc(rules, maxp);
    if (!tb) {
        sg_format(msg, cap, "out of memory for the index tables");
        return SEEGA_E_NOMEM;
    }
    for (int a = lo; a <= maxp; a++)
        for (int b = lo; b <= maxp; b++) {
            char path[4096];
            tb_file_name(text, dir, a, b, path, sizeof path);
            st = tb_table_open(&tb->tier[a][b], path, rules, a, b,
                               tb_tier_slots(&tb->ix, a, b), msg, cap);
            if (st != SEEGA_OK) {
                seega_tb_close(tb);
                return st;
            }
        }
    *out = tb;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_tb_open_memory(const seega_rules *rules,
                                       const void *data, size_t bytes,
                                       seega_tablebase **out, char *msg,
                                       size_t cap)
{
    sg_format(msg, cap, "%s", "");
    if (!rules || !data || !out) {
        sg_format(msg, cap, "rules, data and out must not be NULL");
        return SEEGA_E_INVALID;
    }
    int32_t st = check_rules(rules, msg, cap);
    if (st != SEEGA_OK)
        return st;
    return open_pack(rules, data, bytes, NULL, out, msg, cap);
}

SEEGA_API int32_t seega_tb_pack(const seega_tablebase *tb,
                                int32_t max_pieces, const char *path,
                                char *msg, size_t cap)
{
    sg_format(msg, cap, "%s", "");
    if (!tb || !path) {
        sg_format(msg, cap, "tb and path must not be NULL");
        return SEEGA_E_INVALID;
    }
    if (!*path) {
        sg_format(msg, cap, "the path is empty");
        return SEEGA_E_INVALID;
    }
    int lo = rule_material_least(&tb->cr);
    if (max_pieces < lo || max_pieces > tb->maxp) {
        sg_format(msg, cap, "max_pieces %ld: these tables hold %d to %d",
                  (long)max_pieces, lo, tb->maxp);
        return SEEGA_E_INVALID;
    }
    return tb_pack_write(tb, (int)max_pieces, path, msg, cap);
}

SEEGA_API int32_t seega_tb_max_pieces(const seega_tablebase *tb)
{
    return tb ? tb->maxp : SEEGA_E_INVALID;
}

SEEGA_API int32_t seega_tb_probe(const seega_tablebase *tb,
                                 const seega_game *game, seega_tb_entry *entry)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (!tb || !entry)
        return sg_fail(game, SEEGA_E_INVALID,
                       "seega_tb_probe: tb and entry must not be NULL");
    if (entry->version != SEEGA_TB_ENTRY_VERSION)
        return sg_fail(game, SEEGA_E_VERSION,
                       "seega_tb_probe: unknown entry version %u",
                       (unsigned)entry->version);
    if (!sg_rules_equal(&game->rules, &tb->rules))
        return sg_fail(game, SEEGA_E_RULES,
                       "seega_tb_probe: the game's rules are not the tables'");
    int32_t value, dist;
    seega_action best;
    int32_t st = sg_tb_probe5(tb, &game->pos, &value, &dist, &best);
    if (st == TB_NOT_COVERED)
        return sg_fail(game, SEEGA_E_NOT_COVERED,
                       "seega_tb_probe: the position is not in the tables "
                       "(placing, or more than %d pieces a side)",
                       tb->maxp);
    if (st != 0)
        return sg_fail(game, SEEGA_E_CORRUPT,
                       "seega_tb_probe: the tables are inconsistent");
    entry->value = value;
    entry->distance = dist;
    entry->best = best;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_tb_probe_actions(const seega_tablebase *tb,
                                         const seega_game *game,
                                         seega_tb_entry *buf, int32_t cap)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (!tb || (!buf && cap > 0) || cap < 0)
        return sg_fail(game, SEEGA_E_INVALID,
                       "seega_tb_probe_actions: tb must not be NULL, nor buf "
                       "with cap > 0, and cap must not be negative");
    for (int32_t i = 0; i < cap; i++)
        if (buf[i].version != SEEGA_TB_ENTRY_VERSION)
            return sg_fail(game, SEEGA_E_VERSION,
                           "seega_tb_probe_actions: unknown version %u of "
                           "entry %d",
                           (unsigned)buf[i].version, (int)i);
    if (!sg_rules_equal(&game->rules, &tb->rules))
        return sg_fail(game, SEEGA_E_RULES, "seega_tb_probe_actions: the "
                                            "game's rules are not the tables'");
    seega_action acts[SEEGA_MAX_ACTIONS];
    int32_t value[SEEGA_MAX_ACTIONS], dist[SEEGA_MAX_ACTIONS];
    int n = 0;
    int32_t st = sg_tb_probe_actions5(tb, &game->pos, acts, value, dist, &n);
    if (st == TB_NOT_COVERED)
        return sg_fail(game, SEEGA_E_NOT_COVERED,
                       "seega_tb_probe_actions: the position is not in the "
                       "tables (placing, or more than %d pieces a side)",
                       tb->maxp);
    if (st != 0)
        return sg_fail(game, SEEGA_E_CORRUPT,
                       "seega_tb_probe_actions: the tables are inconsistent");
    for (int i = 0; i < n && i < cap; i++) {
        buf[i].value = value[i];
        buf[i].distance = dist[i];
        buf[i].best = acts[i];
    }
    return n;
}

SEEGA_API int32_t seega_tb_tier_info(const seega_tablebase *tb, int32_t mover,
                                     int32_t other, seega_tb_tier *out)
{
    if (!tb || !out)
        return SEEGA_E_INVALID;
    if (out->version != SEEGA_TB_TIER_VERSION)
        return SEEGA_E_VERSION;
    if (mover < 0 || other < 0 || mover > TB_MAXP || other > TB_MAXP ||
        !tb_table_loaded(&tb->tier[mover][other]))
        return SEEGA_E_NOT_COVERED;
    const tb_header *h = &tb->tier[mover][other].h;
    out->positions = h->wins + h->draws + h->losses;
    out->wins = h->wins;
    out->draws = h->draws;
    out->losses = h->losses;
    out->longest_win = h->wins ? (int32_t)h->longest_win : -1;
    out->longest_loss = h->losses ? (int32_t)h->longest_loss : -1;
    out->longest_win_spn[0] = '\0';
    if (h->wins) {
        uint32_t m, o;
        tb_unrank(&tb->ix, mover, other, h->longest_win_slot, &m, &o);
        spn_of(m, o, 0, out->longest_win_spn);
    }
    return SEEGA_OK;
}

SEEGA_API int32_t seega_set_tablebase(seega_game *game,
                                      const seega_tablebase *tb)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (tb && !sg_rules_equal(&game->rules, &tb->rules))
        return sg_fail(game, SEEGA_E_RULES,
                       "seega_set_tablebase: the tables are for other rules");
    game->tb = tb;
    return SEEGA_OK;
}

static const char *value_word(int v)
{
    return v > 1 ? "no value" : v > 0 ? "win" : v < 0 ? "loss" : "draw";
}

SEEGA_API int32_t seega_tb_verify(const seega_tablebase *tb, int32_t mover,
                                  int32_t other, uint64_t *checked, char *msg,
                                  size_t cap)
{
    sg_format(msg, cap, "%s", "");
    if (!tb) {
        sg_format(msg, cap, "tb must not be NULL");
        return SEEGA_E_INVALID;
    }
    if (mover < 0 || other < 0 || mover > TB_MAXP || other > TB_MAXP ||
        !tb_table_loaded(&tb->tier[mover][other])) {
        sg_format(msg, cap, "no tier %dv%d in these tables", (int)mover,
                  (int)other);
        return SEEGA_E_NOT_COVERED;
    }
    tb_fault f;
    int32_t st = sg_tb_verify5(tb, mover, other, &f);
    if (checked)
        *checked = f.checked;
    if (st != SEEGA_OK) {
        char spn[SEEGA_SPN_MAX];
        spn_of(f.mover, f.other, f.quiet, spn);
        sg_format(msg, cap,
                  "tier %dv%d: %s is stored as %s %d, its actions give %s %d",
                  (int)mover, (int)other, spn, value_word(f.stored),
                  f.stored_dist, value_word(f.found), f.found_dist);
    }
    return st;
}
