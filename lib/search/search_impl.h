/*
 * The search, for one board size (after movegen_impl.h): principal
 * variation alpha-beta with iterative deepening, a transposition table,
 * quiescence on captures, move ordering (table move, captures, killers,
 * history) and repetition handling. It uses only the position and move
 * generation (position_impl.h, movegen_impl.h), not the fast paths.
 *
 * Negamax with one twist: a side keeps the move through a chain, a '+'
 * placement or a '*' removal, so a child is negated only when the side to
 * move changes. Every action is one ply.
 *
 * Proofs: a score beyond SG_WIN_MIN is a forced win or loss (the
 * evaluation never reaches it). Besides, every call leaves in
 * s->heuristic whether the value it returns rests on the evaluation (or
 * a repetition) anywhere it mattered: at a cutoff only the cutting child
 * counts, otherwise every child does; quiescence is exact only for a
 * proven win (the moves it does not try could be better). A root value
 * that rests on nothing heuristic is exact: a draw included.
 */
#ifndef SG_SEARCH_SEARCH_IMPL_H
#define SG_SEARCH_SEARCH_IMPL_H

#include "core/movegen_impl.h"

#include "search/search.h"

SG_INLINE uint64_t s_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The table key: the hash, and the quiet counter when the limit is within
 * the search's reach (else it cannot change the value). */
SG_INLINE uint64_t s_key(const POS *p, const sg_crules *r)
{
    uint64_t k = p->hash;
    if (r->quiet_limit) {
        int32_t left = rule_quiet_left(r->quiet_limit, p->quiet);
        if (left < SG_MAX_PLY)
            k ^= s_mix(0x51EDu + (uint64_t)(left + 1));
    }
    return k;
}

/* The score of a finished game for the side to move, at this ply. */
static int s_terminal(const POS *p, const sg_crules *r, int ply)
{
    POS c = *p;
    if (p_at_turn_start(&c))
        p_turn_start(&c, r);
    if (c.result == SEEGA_DRAW || c.result == SEEGA_ONGOING)
        return 0;
    return (c.result == wins(c.side)) ? SG_WIN - ply : -(SG_WIN - ply);
}

/* The empty squares some piece of b can step to. */
SG_INLINE BB s_reach(BB b, BB empty, int m8)
{
    DEST dest = dest_of(empty);
    BB t = BB_ZERO;
    for (int d = 0; d < ndirs(m8); d++)
        t = bb_or(t, step_to(b, d, dest));
    return t;
}

/*
 * The pieces of `enemy` that `own` could capture with one step from here:
 * an own piece beyond the victim, and before it an empty square that some
 * own piece can step to (never the far piece itself: it is two away).
 */
static BB s_threats(const sg_crules *r, BB own, BB enemy, BB empty)
{
    BB capt = rule_capturable(r, enemy);
    BB reach = s_reach(own, empty, r->move8), t = BB_ZERO;
    for (int d = 0; d < ndirs(r->cap8); d++)
        t = bb_or(t, bb_and(capt, bb_and(sh(reach, d), sh(own, d ^ 1))));
    return t;
}

/*
 * The evaluation, for the side to move, in hundredths of a piece.
 *
 * Moving phase: material; pieces the other side threatens to take next
 * (the side to move can answer only one threat, and quiescence has
 * already tried its own captures); mobility, which decides blocked games
 * (weighted up where a blocked side loses, down where it removes a piece);
 * the centre, where a piece is immune and anchors sandwiches.
 *
 * Placing: material is equal, and what counts is the first fight at the
 * centre: the first mover's pieces next to the empty centre (with none it
 * cannot move), and the enemy pieces next to the centre that it would
 * take by stepping in (one of its pieces beyond them).
 */
static int s_eval(sg_search *s, const POS *p)
{
    const sg_crules *r = s->r;
    int me = p->side, opp = me ^ 1;
    BB empty = p_empty(p), mine = p->bb[me], theirs = p->bb[opp];
    int v = (bb_count(mine) + p->hand[me] - bb_count(theirs) - p->hand[opp]) *
            100;
    if (!p_placing(p)) {
        int mob = bb_count_steps(mine, empty, r->move8) -
                  bb_count_steps(theirs, empty, r->move8);
        int w = r->blocked == SEEGA_BLOCKED_LOSES     ? 10
                : r->blocked == SEEGA_BLOCKED_REMOVES ? 2
                                                      : 4;
        v += w * mob;
        v -= 35 * bb_count(s_threats(r, theirs, mine, empty));
        v += 10 * bb_count(s_threats(r, mine, theirs, empty));
        if (r->immune) {
            if (bb_test(mine, CENTRE))
                v += 25;
            else if (bb_test(theirs, CENTRE))
                v -= 25;
        }
    } else {
        int f = r->first;
        BB fp = p->bb[f], ep = p->bb[f ^ 1], ring = adj(CENTRE, r->move8);
        BB taken = BB_ZERO, cb = m_centre();
        for (int d = 0; d < ndirs(r->cap8); d++) {
            BB e = bb_and(sh(cb, d), ep); /* next to the centre: not immune */
            if (bb_any(bb_and(sh(e, d), fp)))
                taken = bb_or(taken, e);
        }
        int nf = bb_count(bb_and(fp, ring));
        int pv = 30 * bb_count(taken) + (nf ? 10 + 4 * nf : 0) -
                 6 * bb_count(bb_and(ep, ring));
        v += f == me ? pv : -pv;
    }
    if (s->noise) {
        uint64_t z = s_mix(p->hash ^ s->seed);
        v += (int)(z % (uint64_t)(2 * s->noise + 1)) - s->noise;
    }
    s->heuristic = 1;
    return v;
}

/* A repetition within the reversible stretch (quiet turns are one ply
 * each, and nothing before the last capture or placement can recur). */
static int s_repeats(const sg_search *s, const POS *p, int at)
{
    int stop = at - p->quiet - 1;
    if (stop < 0)
        stop = 0;
    for (int i = at - 2; i >= stop; i--)
        if (s->path[i] == p->hash)
            return 1;
    return 0;
}

SG_INLINE int s_adjust_in(int v, int ply)
{
    return v > SG_WIN_MIN ? v + ply : v < -SG_WIN_MIN ? v - ply : v;
}
SG_INLINE int s_adjust_out(int v, int ply)
{
    return v > SG_WIN_MIN ? v - ply : v < -SG_WIN_MIN ? v + ply : v;
}

/* The entry for key written by this search, if any. */
static int s_probe(const sg_search *s, uint64_t key, sg_tt_data *out)
{
    const sg_tt_entry *e = &s->tt[key & s->tt_mask];
    uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
    if ((check ^ data) != key)
        return 0;
    out->move = (seega_action)(data & 0xFFFFFFFFu);
    out->score = (int16_t)(uint16_t)(data >> 32);
    out->depth = (int8_t)(uint8_t)(data >> 48);
    out->flags = (int)(data >> 56);
    /* Only this search's entries: a search depends on nothing but its
     * position, history and limits. */
    return (out->flags >> SG_TT_GEN_SHIFT) == s->gen;
}

static void s_store(sg_search *s, uint64_t key, int depth, int ply, int v,
                    int bound, seega_action move, int solved)
{
    sg_tt_entry *e = &s->tt[key & s->tt_mask];
    sg_tt_data old;
    if (s_probe(s, key, &old) && old.depth > depth && !solved)
        return;
    uint64_t data =
        (uint64_t)move | (uint64_t)(uint16_t)(int16_t)s_adjust_in(v, ply) << 32 |
        (uint64_t)(uint8_t)(int8_t)(depth > 127 ? 127 : depth) << 48 |
        (uint64_t)(bound | (solved ? SG_TT_SOLVED : 0) |
                   (s->gen << SG_TT_GEN_SHIFT))
            << 56;
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
    atomic_store_explicit(&e->check, key ^ data, memory_order_relaxed);
}

SG_INLINE int s_hist_index(seega_action a)
{
    int from = SG_ACT_FROM(a), to = SG_ACT_TO(a);
    return (from == (int)SG_NOSQ ? SG_MAX_SQ : from) * (SG_MAX_SQ + 1) +
           (to == (int)SG_NOSQ ? SG_MAX_SQ : to);
}

/* Does the action capture (or remove)? */
SG_INLINE int s_captures(const POS *p, const sg_crules *r, seega_action a)
{
    int kind = SG_ACT_KIND(a), me = p->side;
    if (kind == SEEGA_ACTION_REMOVE)
        return 1;
    if (kind != SEEGA_ACTION_STEP)
        return 0;
    BB own = bb_xor(p->bb[me], bb_or(bb_bit(SG_ACT_FROM(a)), bb_bit(SG_ACT_TO(a))));
    return bb_count(captures_t(own, p->bb[me ^ 1], SG_ACT_TO(a), r->immune,
                               r->cap8));
}

/* Order the moves: table move, captures (more first), killers, history. */
static void s_order(sg_search *s, const POS *p, seega_action *list,
                    int32_t *score, int n, seega_action tt_move, int ply)
{
    int side = p->side;
    for (int i = 0; i < n; i++) {
        seega_action a = list[i];
        int32_t v;
        if (a == tt_move)
            v = 1 << 30;
        else if ((v = s_captures(p, s->r, a)) > 0)
            v = (1 << 28) + v;
        else if (a == s->killers[ply][0])
            v = (1 << 27);
        else if (a == s->killers[ply][1])
            v = (1 << 26);
        else
            v = s->history[side][s_hist_index(a)];
        score[i] = v;
    }
}

/* Swap the best-scored remaining move to position i. */
SG_INLINE void s_pick(seega_action *list, int32_t *score, int n, int i)
{
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (score[j] > score[best])
            best = j;
    if (best != i) {
        seega_action a = list[i];
        int32_t v = score[i];
        list[i] = list[best];
        score[i] = score[best];
        list[best] = a;
        score[best] = v;
    }
}

static int s_search(sg_search *s, const POS *p, int depth, int ply, int alpha,
                    int beta);

/*
 * Lazy SMP at a PV node: every thread searches the first move (it sets
 * the window), then thread k of T starts k/T of the way through the other
 * moves and wraps around. Each finds in the table what the others have
 * searched, so at every PV node the threads divide the null-window
 * searches between them instead of all searching the same ones. The moves
 * are sorted here once; the scores left make s_pick keep the order.
 */
static void s_share(sg_search *s, seega_action *list, int32_t *score, int n)
{
    seega_action *tmp = s->share_tmp;
    int rest = n - 1, shift = (int)((int64_t)s->part * rest / s->parts);
    for (int i = 0; i < n; i++)
        s_pick(list, score, n, i);
    for (int i = 0; i < rest; i++)
        tmp[i] = list[1 + (i + shift) % rest];
    for (int i = 0; i < rest; i++)
        list[1 + i] = tmp[i];
    for (int i = 0; i < n; i++)
        score[i] = n - i;
}

/* The value of a child for the parent's side. */
SG_INLINE int s_child(sg_search *s, const POS *p, const POS *c, int depth,
                      int ply, int alpha, int beta)
{
    return c->side == p->side ? s_search(s, c, depth, ply, alpha, beta)
                              : -s_search(s, c, depth, ply, -beta, -alpha);
}

/*
 * Quiescence: stand pat, or go on with captures (chains included), the
 * biggest first, at most SG_QDEPTH plies past the horizon: in eight
 * directions a crowded board offers captures nearly everywhere.
 */
#define SG_QDEPTH 6

static int s_quiesce(sg_search *s, const POS *p, int ply, int qdepth,
                     int alpha, int beta, seega_action *list, int n)
{
    const sg_crules *r = s->r;
    int32_t *order = s->order[ply];
    int best = s_eval(s, p), m = 0, exact_win = 0;
    if (best >= beta || p_placing(p) || qdepth >= SG_QDEPTH ||
        ply >= SG_MAX_PLY - 2)
        return best; /* s->heuristic is 1 */
    if (best > alpha)
        alpha = best;
    for (int i = 0; i < n; i++) {
        int k = s_captures(p, r, list[i]);
        if (k) {
            list[m] = list[i];
            order[m++] = k;
        }
    }
    for (int i = 0; i < m && !s->stopped; i++) {
        s_pick(list, order, m, i);
        if (sg_search_should_stop(s))
            break;
        s->nodes++;
        POS c = *p;
        p_make_hashed(&c, r, list[i]);
        int v = s_child(s, p, &c, -(qdepth + 1), ply + 1, alpha, beta);
        if (v > best) {
            best = v;
            exact_win = v > SG_WIN_MIN && !s->heuristic;
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    s->heuristic = !exact_win;
    return best;
}

static int s_search(sg_search *s, const POS *p, int depth, int ply, int alpha,
                    int beta)
{
    const sg_crules *r = s->r;
    seega_action *list = s->moves[ply], best_move = 0, tt_move = 0;
    int32_t *order = s->order[ply];
    int n, best = -SG_INF, alpha0 = alpha, heuristic = 0;
    uint64_t key;

    s->pv_len[ply] = 0;
    s->path[s->path_len + ply] = p->hash;
    n = p_gen(p, r, list);
    if (n == 0) {
        s->heuristic = 0;
        return s_terminal(p, r, ply);
    }
    /* A position the attached tables cover: its exact value. */
    if (s->tb_probe && ply > 0 && p->state == SG_ST_NORMAL && !p_placing(p)) {
        sg_posbuf buf;
        int32_t v, d;
        memcpy(buf.bytes, p, sizeof *p);
        if (s->tb_probe(s->tb, &buf, &v, &d) == 0) {
            /* Under a quiet limit the tables count plies to the ply that
             * settles the result; a position just after a capture is
             * settled, so its distance from the root is its own ply. */
            if (r->quiet_limit && p->quiet == rule_quiet_reset())
                d = 0;
            int sc = SG_WIN - ply - d;
            s->heuristic = 0;
            if (sc <= SG_WIN_MIN)
                sc = SG_WIN_MIN + 1;
            return v > 0 ? sc : v < 0 ? -sc : 0;
        }
    }
    /*
     * A repetition. With a quiet limit nothing really repeats: every quiet
     * turn brings the end (scored by count) nearer, and the search must
     * see that, so there is no shortcut. Without one, a position that
     * recurs can recur for ever: score it as half the evaluation, so the
     * side ahead avoids it and the side behind welcomes it.
     */
    if (ply > 0 && p->quiet > 0 && !r->quiet_limit &&
        s_repeats(s, p, s->path_len + ply)) {
        int v = s_eval(s, p) / 2; /* sets s->heuristic */
        return v;
    }
    if (depth <= 0 || ply >= SG_MAX_PLY - 2)
        return s_quiesce(s, p, ply, -depth, alpha, beta, list, n);

    key = s_key(p, r);
    {
        sg_tt_data e;
        if (s_probe(s, key, &e)) {
            tt_move = e.move;
            if (ply > 0 && e.depth >= depth) {
                int v = s_adjust_out(e.score, ply), bound = e.flags & 3;
                if (bound == SG_TT_EXACT || (bound == SG_TT_LOWER && v >= beta) ||
                    (bound == SG_TT_UPPER && v <= alpha)) {
                    s->heuristic = !(e.flags & SG_TT_SOLVED);
                    return v;
                }
            }
        }
    }

    s_order(s, p, list, order, n, tt_move, ply);
    if (s->parts > 1 && beta - alpha > 1 && n > 2)
        s_share(s, list, order, n);
    for (int i = 0; i < n; i++) {
        s_pick(list, order, n, i);
        if (sg_search_should_stop(s))
            break;
        s->nodes++;
        POS c = *p;
        p_make_hashed(&c, r, list[i]);
        int v;
        if (i == 0) {
            v = s_child(s, p, &c, depth - 1, ply + 1, alpha, beta);
        } else {
            v = s_child(s, p, &c, depth - 1, ply + 1, alpha, alpha + 1);
            if (v > alpha && v < beta && !s->stopped)
                v = s_child(s, p, &c, depth - 1, ply + 1, alpha, beta);
        }
        if (s->stopped)
            break;
        if (v >= beta)
            heuristic = s->heuristic; /* the cutoff rests on this child */
        else
            heuristic |= s->heuristic;
        if (v > best) {
            best = v;
            best_move = list[i];
            if (v > alpha) {
                alpha = v;
                s->pv[ply][0] = list[i];
                memcpy(&s->pv[ply][1], s->pv[ply + 1],
                       (size_t)s->pv_len[ply + 1] * sizeof(seega_action));
                s->pv_len[ply] = s->pv_len[ply + 1] + 1;
            }
            if (v >= beta) {
                if (!s_captures(p, r, list[i])) {
                    if (s->killers[ply][0] != list[i]) {
                        s->killers[ply][1] = s->killers[ply][0];
                        s->killers[ply][0] = list[i];
                    }
                    int32_t *h = &s->history[p->side][s_hist_index(list[i])];
                    *h += depth * depth;
                    if (*h > (1 << 24)) /* age: keep the scale bounded */
                        for (int k = 0; k < SG_HIST; k++) {
                            s->history[0][k] /= 2;
                            s->history[1][k] /= 2;
                        }
                }
                break;
            }
        }
    }
    if (!s->stopped && best > -SG_INF)
        s_store(s, key, depth, ply, best,
                best >= beta     ? SG_TT_LOWER
                : best > alpha0  ? SG_TT_EXACT
                                 : SG_TT_UPPER,
                best_move, !heuristic);
    s->heuristic = heuristic;
    return best;
}

/* Fill res from a completed iteration of depth d, value v. */
static void s_result(sg_search *s, seega_search_result *res, int d, int v)
{
    res->depth = d;
    res->score = v;
    res->best = s->pv_len[0] ? s->pv[0][0] : res->best;
    res->pv_len = s->pv_len[0] < SEEGA_PV_MAX ? s->pv_len[0] : SEEGA_PV_MAX;
    memcpy(res->pv, s->pv[0], (size_t)res->pv_len * sizeof(seega_action));
    if (res->pv_len == 0) {
        res->pv[0] = res->best;
        res->pv_len = 1;
    }
    res->nodes = s->nodes;
    if (v > SG_WIN_MIN || v < -SG_WIN_MIN) {
        res->proven = v > 0 ? SEEGA_PROVEN_WIN : SEEGA_PROVEN_LOSS;
        res->proven_plies = SG_WIN - (v > 0 ? v : -v);
    } else if (!s->heuristic) {
        res->proven = v > 0   ? SEEGA_PROVEN_WIN
                      : v < 0 ? SEEGA_PROVEN_LOSS
                              : SEEGA_PROVEN_DRAW;
        res->proven_plies = d;
    }
}

/* Take the result of the thread that completed depth d or deeper first;
 * returns its depth. */
static int s_take(sg_search *s, seega_search_result *res)
{
    int d = sg_shared_get(s->shared, res);
    res->nodes = s->nodes;
    return d;
}

/*
 * Iterative deepening from the root. Fills res (best, score, depth, pv,
 * proof); calls progress after each completed iteration.
 */
static void s_root(sg_search *s, const POS *root, seega_search_result *res,
                   seega_progress_fn progress, void *user)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    int n = p_gen(root, s->r, list);
    res->best = n ? list[0] : 0;
    res->pv_len = 0;
    res->depth = 0;
    res->score = 0;
    res->proven = SEEGA_PROVEN_NONE;
    res->proven_plies = 0;
    s->overtaken = 0;
    for (int d = s->first_depth; d <= s->max_depth; d++) {
        if (d > 1 && s->soft_deadline_ns && sg_now_ns() > s->soft_deadline_ns)
            break;
        s->cur_depth = d;
        int v = s_search(s, root, d, 0, -SG_INF, SG_INF);
        if (s->stopped && s->overtaken) {
            /* Another thread completed this depth (or a deeper one): take
             * its result and go on from there. A real stop is seen again
             * at the next check. */
            s->stopped = s->overtaken = 0;
            d = s_take(s, res);
        } else if (s->stopped) {
            /* A partial iteration's best move is kept once it has one
             * searched to the end of the window, and its line with it:
             * pv[0] is always best; unless another thread has completed
             * this depth. */
            if (s->shared &&
                atomic_load_explicit(&s->shared->depth,
                                     memory_order_relaxed) >= d) {
                s_take(s, res);
            } else if (s->pv_len[0] > 0 && d > 1) {
                res->best = s->pv[0][0];
                res->pv_len = s->pv_len[0] < SEEGA_PV_MAX ? s->pv_len[0]
                                                          : SEEGA_PV_MAX;
                memcpy(res->pv, s->pv[0],
                       (size_t)res->pv_len * sizeof(seega_action));
            }
            break;
        } else {
            s_result(s, res, d, v);
            /* Only the first thread to complete a depth has its result
             * taken: no thread was deeper meanwhile, so what it proved it
             * proved within d plies. A later one may have cut on entries
             * of a deeper iteration (and so claim a proof too soon): it
             * takes the first one's result instead. */
            if (s->shared && !sg_shared_put(s->shared, res))
                d = s_take(s, res);
        }
        if (progress) {
            progress(user, res);
            if (atomic_load_explicit(s->stop_flag, memory_order_relaxed)) {
                s->stopped = 1; /* stopped from the callback */
                break;
            }
        }
        /* Proven: deeper cannot change it. A single legal action needs no
         * more thought when the clock is what limits the search. */
        if (res->proven != SEEGA_PROVEN_NONE ||
            (n == 1 && (s->deadline_ns || s->soft_deadline_ns)))
            break;
    }
    res->nodes = s->nodes;
}

static void v_search(const sg_posbuf *buf, sg_search *s,
                     seega_search_result *res, seega_progress_fn progress,
                     void *user)
{
    s_root(s, CP_(buf), res, progress, user);
}

#endif
