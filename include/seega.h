/*
 * libseega: an embeddable Seega rules engine.
 *
 * This is the one public header: the whole ABI of the library.
 * SPDX-License-Identifier: MIT
 */
#ifndef SEEGA_H
#define SEEGA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @file seega.h
 * @brief The public API of libseega.
 *
 * Every function is declared here, in a fixed order: export macro,
 * version, opaque types, status codes, constants, rules, lifecycle,
 * actions, text, state queries, analysis, simulation, learning interface,
 * search, game records, endgame tablebases.
 *
 * @par What each part promises
 * Everything declared here is the stable ABI of major version 1 (see
 * @ref abi_page): no function, struct layout or constant changes before
 * 2.0; a minor release only adds. Within that, behaviour is promised part
 * by part:
 * - the rules, actions, text (SPN, action and rules text), state queries,
 *   analysis, the learning interface's index space and planes, and game
 *   records are exact and fixed: the same calls give the same answers in
 *   every 1.x release, on every platform;
 * - the simulation's playouts are fixed for a seed: the same position,
 *   seed and counts give the same stats in every 1.x release;
 * - the search promises legal actions, its limits and its stop, not its
 *   choices: a later release may search differently (stronger), so the
 *   action, score, depth and node counts may change;
 * - the endgame tablebases' values and distances are exact and fixed; a
 *   later release reads the files of an earlier one (file version 1 and
 *   the packs);
 * - the cluster interface (::seega_tb_generate_cluster, ::seega_tb_cluster,
 *   ::seega_tb_exchange_fn) is an advanced part, for programs that bring
 *   their own transport: stable like the rest, and versioned, so it grows
 *   by appended fields. There is no experimental part today; one would be
 *   fenced, declared only where the program defines SEEGA_EXPERIMENTAL
 *   (@ref abi_page, "Advanced and experimental interfaces").
 *
 * @par Thread safety
 * A ::seega_game is not internally locked. Calls on one game must not
 * overlap (serialise them, e.g. with a mutex per game); different games may
 * be used from different threads at the same time without any locking.
 * Functions that take no game (::seega_rules_preset, ::seega_status_text,
 * ...) are always safe to call from any thread. The library has no global
 * mutable state.
 */

/* ---------------------------------------------------------------------- */
/** @defgroup export Export macro
 *  @brief How public symbols are marked.
 *  @{ */

/**
 * @brief Marks a function as part of the exported ABI.
 *
 * The library is built with hidden visibility; only functions marked
 * with this macro (all named `seega_*`) are exported. Define
 * `SEEGA_STATIC` before including this header when linking the static
 * library on a platform where that matters.
 */
#if defined(SEEGA_STATIC)
#define SEEGA_API
#elif defined(_WIN32)
#if defined(SEEGA_BUILDING)
#define SEEGA_API __declspec(dllexport)
#else
#define SEEGA_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define SEEGA_API __attribute__((visibility("default")))
#else
#define SEEGA_API
#endif
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup version Version
 *  @brief Compile-time and run-time version of the library.
 *  @{ */

/** @brief Major version: changes on an incompatible ABI change. */
#define SEEGA_VERSION_MAJOR 1
/** @brief Minor version: changes when functions or struct fields are added. */
#define SEEGA_VERSION_MINOR 1
/** @brief Patch version: changes on fixes that change no interface. */
#define SEEGA_VERSION_PATCH 0
/** @brief The version as one number: MAJOR*10000 + MINOR*100 + PATCH. */
#define SEEGA_VERSION_NUMBER                                                   \
    (SEEGA_VERSION_MAJOR * 10000 + SEEGA_VERSION_MINOR * 100 +                 \
     SEEGA_VERSION_PATCH)
/** @brief The version as a string, "MAJOR.MINOR.PATCH". */
#define SEEGA_VERSION_STRING "1.1.0"

/**
 * @brief The version of the library actually loaded at run time.
 *
 * Compare with ::SEEGA_VERSION_NUMBER to detect a header/library mismatch;
 * bindings use it to check the major version they were written for.
 *
 * @return MAJOR*10000 + MINOR*100 + PATCH of the loaded library.
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_version_number(void);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup types Opaque types
 *  @brief The game handle and the action value.
 *  @{ */

/**
 * @brief One game: its rules, the current position, the history of
 * actions (for undo) and the message of the last error.
 *
 * Create with ::seega_new, release with ::seega_free. The layout is
 * private; only pointers cross the ABI.
 */
typedef struct seega_game seega_game;

/**
 * @brief One action (a placement, a step, a removal or a pass) as a value.
 *
 * The encoding is part of the ABI: bits 0-7 hold the destination square
 * (the placed or removed square, or the step's target), bits 8-15 the
 * origin square of a step, bits 16-23 the kind (::SEEGA_ACTION_PLACE ...),
 * and bits 24-31 are zero. An absent square is stored as 0xFF. Build
 * actions with ::seega_action_make and read them with
 * ::seega_action_kind, ::seega_action_from and ::seega_action_to. The
 * value 0 is never a valid action.
 */
typedef uint32_t seega_action;

/**
 * @brief A custom allocator, in the style of Lua's `lua_Alloc`.
 *
 * Called as `alloc(ud, NULL, 0, n)` to allocate n bytes,
 * `alloc(ud, p, old, n)` to resize the block p of old bytes to n bytes, and
 * `alloc(ud, p, old, 0)` to free p (the return value is then ignored).
 * Must return NULL when it cannot allocate; the library then reports
 * ::SEEGA_E_NOMEM and leaves the game as it was. A block is always resized
 * or freed with the same allocator and user pointer it was allocated with.
 *
 * @param ud     the user pointer given to ::seega_new_with_allocator
 * @param ptr    the block to resize or free, or NULL to allocate
 * @param osize  the size of @p ptr in bytes (0 when @p ptr is NULL)
 * @param nsize  the size wanted in bytes, or 0 to free
 * @return the new block, or NULL on failure (or after a free)
 */
typedef void *(*seega_alloc_fn)(void *ud, void *ptr, size_t osize,
                                size_t nsize);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup status Status codes
 *  @brief Return values: 0 is success, errors are negative.
 *
 *  The values are fixed and never renumbered. Every failing call leaves
 *  the game exactly as it was; the game's message (::seega_last_error)
 *  then says what was wrong.
 *  @{ */

/** @brief Success. */
#define SEEGA_OK 0
/** @brief A bad argument: NULL pointer, square out of range, wrong kind. */
#define SEEGA_E_INVALID -1
/** @brief A well-formed action that is not legal in the current position. */
#define SEEGA_E_ILLEGAL -2
/** @brief Malformed SPN, action or square text. */
#define SEEGA_E_PARSE -3
/** @brief Out of memory (the allocator returned NULL). */
#define SEEGA_E_NOMEM -4
/** @brief The game is over: no further action can be played. */
#define SEEGA_E_GAME_OVER -5
/** @brief The caller's buffer is too small; nothing was written. */
#define SEEGA_E_BUFFER -6
/** @brief A struct carries a version this library does not know. */
#define SEEGA_E_VERSION -7
/** @brief A rules struct has a field out of range. */
#define SEEGA_E_RULES -8
/** @brief A file could not be read or written (missing, no permission,
 *         disk full); the message names the file and the system's reason. */
#define SEEGA_E_IO -9
/** @brief A tablebase file is truncated or corrupt, of another format
 *         version, or built for other rules or another tier. */
#define SEEGA_E_CORRUPT -10
/** @brief The position is outside what the tablebase holds (the placing
 *         phase, or more pieces than its tiers). */
#define SEEGA_E_NOT_COVERED -11
/** @brief The caller stopped the operation (a tablebase generation whose
 *         stop callback returned non-zero); what was finished stays. */
#define SEEGA_E_STOPPED -12

/**
 * @brief A short, static English description of a status code.
 *
 * @param status a status code (any value)
 * @return a NUL-terminated static string, never NULL; unknown codes give
 *         "unknown status"
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API const char *seega_status_text(int32_t status);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup constants Constants
 *  @brief Sides, presets, rule values, action kinds, results.
 *  @{ */

/** @brief The side that places first. */
#define SEEGA_X 0
/** @brief The side that places second. */
#define SEEGA_O 1
/** @brief An empty square (returned by ::seega_piece_at). */
#define SEEGA_EMPTY 2

/** @brief Preset: orthogonal, chains, blocked side's opponent opens. */
#define SEEGA_CLASSIC 1
/** @brief Preset: eight-way moves and captures, a blocked side loses. */
#define SEEGA_DIAGONAL 2
/** @brief Preset: X moves first, a blocked side passes, 50 quiet turns. */
#define SEEGA_MODERN 3
/** @brief Preset: opening squares, chains, a blocked side removes. */
#define SEEGA_TRADITIONAL 4

/** @brief Directions: the four orthogonal ones (N, S, E, W). */
#define SEEGA_DIRS_ORTHOGONAL 4
/** @brief Directions: all eight (orthogonal and diagonal). */
#define SEEGA_DIRS_ALL 8

/** @brief Blocked rule: the side that cannot move loses. */
#define SEEGA_BLOCKED_LOSES 1
/** @brief Blocked rule: the side that cannot move passes. */
#define SEEGA_BLOCKED_PASSES 2
/** @brief Blocked rule: it passes, and the other side must open a way. */
#define SEEGA_BLOCKED_OPPONENT_OPENS 3
/** @brief Blocked rule: it removes one enemy piece, then moves if it can. */
#define SEEGA_BLOCKED_REMOVES 4

/** @brief Action kind: place a piece from the hand (`c2`). */
#define SEEGA_ACTION_PLACE 1
/** @brief Action kind: move a piece one square (`c2-c3`). */
#define SEEGA_ACTION_STEP 2
/** @brief Action kind: remove an enemy piece when blocked (`xb3`). */
#define SEEGA_ACTION_REMOVE 3
/** @brief Action kind: pass when blocked, or stop a chain (`pass`). */
#define SEEGA_ACTION_PASS 4

/** @brief Result: the game goes on. */
#define SEEGA_ONGOING 0
/** @brief Result: X has won. */
#define SEEGA_X_WINS 1
/** @brief Result: O has won. */
#define SEEGA_O_WINS 2
/** @brief Result: a draw (equal count). */
#define SEEGA_DRAW 3

/** @brief Reason: the game is not over. */
#define SEEGA_REASON_NONE 0
/** @brief Reason: a side fell to `lose_at` pieces or fewer. */
#define SEEGA_REASON_MATERIAL 1
/** @brief Reason: the side to move could not move (rule LOSES). */
#define SEEGA_REASON_BLOCKED 2
/** @brief Reason: `quiet_limit` turns without a capture; scored by count. */
#define SEEGA_REASON_QUIET 3
/** @brief Reason: neither side could move; scored by count. */
#define SEEGA_REASON_BOTH_BLOCKED 4

/** @brief Phase: pieces are being placed. */
#define SEEGA_PHASE_PLACING 1
/** @brief Phase: pieces are being moved (also once the game is over). */
#define SEEGA_PHASE_MOVING 2

/** @brief Turn state: a normal turn (SPN `-`). */
#define SEEGA_TURN_NORMAL 0
/** @brief Turn state: the first of two placements is made (SPN `+`). */
#define SEEGA_TURN_PLACED_ONE 1
/** @brief Turn state: a chain capture is under way (SPN: its square). */
#define SEEGA_TURN_CHAIN 2
/** @brief Turn state: the extra turn after the other side passed (SPN `!`). */
#define SEEGA_TURN_EXTRA 3
/** @brief Turn state: a piece was removed, a move follows (SPN `*`). */
#define SEEGA_TURN_REMOVED 4

/** @brief No square (an action's absent origin, or no chain piece). */
#define SEEGA_NO_SQUARE (-1)

/**
 * @brief A buffer of this many actions always holds every legal action.
 *
 * The largest legal list is a set of steps: at most 40 pieces (9x9) with
 * at most 8 empty neighbours each.
 */
#define SEEGA_MAX_ACTIONS 320
/** @brief A buffer of this many bytes always holds an SPN string and NUL. */
#define SEEGA_SPN_MAX 128
/** @brief A buffer of this many bytes always holds an action text and NUL. */
#define SEEGA_ACTION_TEXT_MAX 8
/** @brief A buffer of this many bytes always holds a square name and NUL. */
#define SEEGA_SQUARE_TEXT_MAX 4
/** @brief A buffer of this many bytes always holds any error message. */
#define SEEGA_ERROR_MAX 256
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup rules Rules
 *  @brief The rules-config struct, its presets and its validation.
 *  @{ */

/** @brief The version of ::seega_rules this header describes. */
#define SEEGA_RULES_VERSION 1

/**
 * @brief Every rule that differs between the documented rule sets.
 *
 * Fill it with ::seega_rules_preset (or ::SEEGA_RULES_INIT) and change
 * fields as wanted; ::seega_new copies it and validates it once, and the
 * rules of a game never change afterwards. The struct grows only at the
 * end; @c version says which fields the caller's copy has.
 */
typedef struct seega_rules {
    uint32_t version;            /**< ::SEEGA_RULES_VERSION */
    int32_t board_size;          /**< 5, 7 or 9 */
    int32_t placements_per_turn; /**< pieces placed per turn: 1 or 2 */
    int32_t opening_squares;     /**< 1: first two pieces on marked squares */
    int32_t first_mover;         /**< side making the first move: ::SEEGA_X or ::SEEGA_O */
    int32_t move_dirs;           /**< ::SEEGA_DIRS_ORTHOGONAL or ::SEEGA_DIRS_ALL */
    int32_t capture_dirs;        /**< ::SEEGA_DIRS_ORTHOGONAL or ::SEEGA_DIRS_ALL */
    int32_t centre_immune;       /**< 1: a piece on the centre is never captured */
    int32_t chain_captures;      /**< 1: a capturing piece may capture again */
    int32_t blocked;             /**< ::SEEGA_BLOCKED_LOSES ... ::SEEGA_BLOCKED_REMOVES */
    int32_t lose_at;             /**< a side with this many pieces or fewer loses: 0 or 1 */
    int32_t quiet_limit;         /**< turns without capture that end the game; 0 = none */
} seega_rules;

/**
 * @brief Initialiser for a ::seega_rules: the CLASSIC preset on 5x5.
 *
 * `seega_rules r = SEEGA_RULES_INIT;` gives the same struct as
 * `seega_rules_preset(&r, SEEGA_CLASSIC, 5)`.
 */
#define SEEGA_RULES_INIT                                                       \
    {SEEGA_RULES_VERSION,                                                      \
     5,                                                                        \
     2,                                                                        \
     0,                                                                        \
     SEEGA_O,                                                                  \
     SEEGA_DIRS_ORTHOGONAL,                                                    \
     SEEGA_DIRS_ORTHOGONAL,                                                    \
     1,                                                                        \
     1,                                                                        \
     SEEGA_BLOCKED_OPPONENT_OPENS,                                             \
     0,                                                                        \
     0}

/**
 * @brief Fill a rules struct with one of the four presets.
 *
 * Writes every field, @c version included (::SEEGA_RULES_VERSION).
 *
 * @param out        the struct to fill
 * @param variant    ::SEEGA_CLASSIC, ::SEEGA_DIAGONAL, ::SEEGA_MODERN or
 *                   ::SEEGA_TRADITIONAL
 * @param board_size 5, 7 or 9
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p out filled
 * @retval SEEGA_E_INVALID @p out is NULL, or @p variant or @p board_size is
 *                         not one of the values above (@p out untouched)
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_rules_preset(seega_rules *out, int32_t variant,
                                     int32_t board_size);

/**
 * @brief Check a rules struct, and say what is wrong with it.
 *
 * ::seega_new refuses exactly the structs this function refuses; call it
 * to learn why. The message names the first field out of range, e.g.
 * "rules.board_size must be 5, 7 or 9 (got 6)".
 *
 * @param rules the struct to check
 * @param msg   buffer for the message (may be NULL when @p cap is 0); on
 *              success it receives an empty string; a message longer than
 *              the buffer is truncated (::SEEGA_ERROR_MAX always suffices)
 * @param cap   size of @p msg in bytes
 * @return ::SEEGA_OK if the rules are valid
 * @retval SEEGA_OK        valid
 * @retval SEEGA_E_INVALID @p rules is NULL
 * @retval SEEGA_E_VERSION @c rules->version is not a known version
 * @retval SEEGA_E_RULES   a field is out of range
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_rules_validate(const seega_rules *rules, char *msg,
                                       size_t cap);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup lifecycle Lifecycle
 *  @brief Creating, copying and freeing games.
 *  @{ */

/**
 * @brief Create a game at the start position of the given rules.
 *
 * The board is empty, both sides hold all their pieces, X is to place.
 * Uses the C library's `realloc`/`free`.
 *
 * @param rules the rules (copied; validated as by ::seega_rules_validate)
 * @param out   receives the new game; set to NULL on failure
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out is a new game; free it with ::seega_free
 * @retval SEEGA_E_INVALID @p rules or @p out is NULL
 * @retval SEEGA_E_VERSION unknown @c rules->version
 * @retval SEEGA_E_RULES   a rules field is out of range
 * @retval SEEGA_E_NOMEM   out of memory
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_new(const seega_rules *rules, seega_game **out);

/**
 * @brief Create a game that allocates through a custom allocator.
 *
 * Like ::seega_new, but every allocation of this game (and of its clones)
 * goes through @p alloc with @p ud.
 *
 * @param rules the rules (copied and validated)
 * @param alloc the allocator; NULL means the C library's
 * @param ud    user pointer passed to every call of @p alloc
 * @param out   receives the new game; set to NULL on failure
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out is a new game
 * @retval SEEGA_E_INVALID @p rules or @p out is NULL
 * @retval SEEGA_E_VERSION unknown @c rules->version
 * @retval SEEGA_E_RULES   a rules field is out of range
 * @retval SEEGA_E_NOMEM   the allocator returned NULL
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_new_with_allocator(const seega_rules *rules,
                                           seega_alloc_fn alloc, void *ud,
                                           seega_game **out);

/**
 * @brief Free a game and everything it owns.
 * @param game the game; NULL is a no-op
 * @par Thread safety
 * No other call on @p game may run at the same time or follow.
 */
SEEGA_API void seega_free(seega_game *game);

/**
 * @brief Make an independent copy of a game: rules, position and history.
 *
 * The copy uses the same allocator as @p game.
 *
 * @param game the game to copy
 * @param out  receives the copy; set to NULL on failure
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out is the copy
 * @retval SEEGA_E_INVALID @p game or @p out is NULL
 * @retval SEEGA_E_NOMEM   out of memory
 * @par Thread safety
 * Reads @p game: no call may modify it at the same time.
 */
SEEGA_API int32_t seega_clone(const seega_game *game, seega_game **out);

/**
 * @brief Copy a game's rules out.
 *
 * Like every struct the library fills for the caller, @p out must carry
 * the caller's version in @c out->version (set it to
 * ::SEEGA_RULES_VERSION, or start from ::SEEGA_RULES_INIT); the library
 * fills only the fields that version has, so a program built against an
 * older header stays safe with a newer library.
 *
 * @param game the game
 * @param out  receives the rules; @c out->version must be set
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out filled
 * @retval SEEGA_E_INVALID @p game or @p out is NULL
 * @retval SEEGA_E_VERSION @c out->version is not a known version
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_get_rules(const seega_game *game, seega_rules *out);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup actions Actions
 *  @brief Building, listing, playing and undoing actions.
 *  @{ */

/**
 * @brief Build an action value.
 *
 * No check is made here: an ill-formed action is refused by
 * ::seega_play with ::SEEGA_E_INVALID.
 *
 * @param kind ::SEEGA_ACTION_PLACE, ::SEEGA_ACTION_STEP,
 *             ::SEEGA_ACTION_REMOVE or ::SEEGA_ACTION_PASS
 * @param from origin square of a step, else ::SEEGA_NO_SQUARE
 * @param to   target of a step, the square placed on or removed, or
 *             ::SEEGA_NO_SQUARE for a pass
 * @return the action (see ::seega_action for the encoding)
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API seega_action seega_action_make(int32_t kind, int32_t from,
                                         int32_t to);

/**
 * @brief The kind of an action.
 * @param action an action
 * @return ::SEEGA_ACTION_PLACE ... ::SEEGA_ACTION_PASS, or 0 when the kind
 *         field holds no known kind
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_action_kind(seega_action action);

/**
 * @brief The origin square of a step.
 * @param action an action
 * @return the square index, or ::SEEGA_NO_SQUARE when absent
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_action_from(seega_action action);

/**
 * @brief The target of a step, or the square placed on or removed.
 * @param action an action
 * @return the square index, or ::SEEGA_NO_SQUARE when absent (a pass)
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_action_to(seega_action action);

/**
 * @brief Play one action: a placement, a step, a removal or a pass.
 *
 * Captures, chains, the quiet counter and the end of the game follow
 * from the rules. On any error the game is left exactly as it was.
 *
 * @param game   the game
 * @param action the action (see ::seega_action_make)
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK          played; ::seega_undo takes it back
 * @retval SEEGA_E_INVALID   @p game is NULL, or the action is ill-formed
 *                           (unknown kind, a square off the board, a
 *                           square where none belongs)
 * @retval SEEGA_E_GAME_OVER the game is already over
 * @retval SEEGA_E_ILLEGAL   well-formed but not legal now
 * @retval SEEGA_E_NOMEM     the history could not grow
 * @par Thread safety
 * Modifies @p game.
 */
SEEGA_API int32_t seega_play(seega_game *game, seega_action action);

/**
 * @brief Place a piece on a square: `seega_play` of a placement.
 * @param game   the game
 * @param square the square index
 * @return as ::seega_play
 * @retval SEEGA_OK          placed
 * @retval SEEGA_E_INVALID   @p game is NULL or @p square off the board
 * @retval SEEGA_E_GAME_OVER the game is over
 * @retval SEEGA_E_ILLEGAL   not a legal placement now
 * @retval SEEGA_E_NOMEM     the history could not grow
 * @par Thread safety
 * Modifies @p game.
 */
SEEGA_API int32_t seega_place(seega_game *game, int32_t square);

/**
 * @brief Move a piece one square: `seega_play` of a step.
 * @param game the game
 * @param from the square the piece stands on
 * @param to   the empty neighbouring square it moves to
 * @return as ::seega_play
 * @retval SEEGA_OK          moved (captures made)
 * @retval SEEGA_E_INVALID   @p game is NULL or a square is off the board
 * @retval SEEGA_E_GAME_OVER the game is over
 * @retval SEEGA_E_ILLEGAL   not a legal step now
 * @retval SEEGA_E_NOMEM     the history could not grow
 * @par Thread safety
 * Modifies @p game.
 */
SEEGA_API int32_t seega_move(seega_game *game, int32_t from, int32_t to);

/**
 * @brief Take back the last action.
 *
 * Restores the exact position before it (SPN, counters, turn state,
 * result). History reaches back to the start or to the last
 * ::seega_set_spn.
 *
 * @param game the game
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        one action undone
 * @retval SEEGA_E_INVALID @p game is NULL, or there is nothing to undo
 * @par Thread safety
 * Modifies @p game.
 */
SEEGA_API int32_t seega_undo(seega_game *game);

/**
 * @brief List the legal actions of the current position.
 *
 * The order is unspecified but deterministic. A finished game has none.
 * Never allocates.
 *
 * @param game the game
 * @param buf  receives min(@p cap, n) actions; may be NULL when @p cap is 0
 * @param cap  capacity of @p buf in actions (::SEEGA_MAX_ACTIONS always
 *             suffices)
 * @return n, the number of legal actions (also when @p cap is smaller), or
 *         a negative status
 * @retval SEEGA_E_INVALID @p game is NULL, or @p buf is NULL with @p cap > 0
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_legal_moves(const seega_game *game, seega_action *buf,
                                    size_t cap);

/**
 * @brief The squares emptied by captures or a removal in the last action.
 *
 * "Last" is the newest action in the history; after ::seega_set_spn (and
 * at the start) there is none, and the count is 0. The moving piece's
 * origin square is not included.
 *
 * @param game    the game
 * @param squares receives min(@p cap, n) square indices, ascending; may be
 *                NULL when @p cap is 0
 * @param cap     capacity of @p squares (8 always suffices)
 * @return n, the number of squares emptied, or a negative status
 * @retval SEEGA_E_INVALID @p game is NULL, or @p squares NULL with @p cap > 0
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_last_captures(const seega_game *game, int32_t *squares,
                                      size_t cap);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup text Text
 *  @brief Action text, square names and SPN positions.
 *
 *  Text is written NUL-terminated in lower case. When the buffer is too
 *  small, ::SEEGA_E_BUFFER is returned and nothing is written.
 *  @{ */

/**
 * @brief Write an action as text: `c2`, `c2-c3`, `xb3` or `pass`.
 * @param game   the game (for the board size)
 * @param action the action; it need not be legal, but must be well-formed
 * @param buf    receives the text
 * @param cap    size of @p buf (::SEEGA_ACTION_TEXT_MAX always suffices)
 * @return the length of the text (without the NUL), or a negative status
 * @retval SEEGA_E_INVALID @p game or @p buf is NULL, or the action is
 *                         ill-formed for this board
 * @retval SEEGA_E_BUFFER  @p cap too small
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_action_to_text(const seega_game *game,
                                       seega_action action, char *buf,
                                       size_t cap);

/**
 * @brief Read action text: `c2`, `c2-c3`, `xb3` or `pass`.
 *
 * Accepts upper or lower case and surrounding white space. Checks only
 * the syntax and that the squares are on the board; whether the action
 * is legal is ::seega_play's question.
 *
 * @param game the game (for the board size)
 * @param text the text, NUL-terminated
 * @param out  receives the action
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out set
 * @retval SEEGA_E_INVALID @p game, @p text or @p out is NULL
 * @retval SEEGA_E_PARSE   the text is not an action on this board
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_action_from_text(const seega_game *game,
                                         const char *text, seega_action *out);

/**
 * @brief Write a square's name, e.g. `c3`.
 * @param game   the game (for the board size)
 * @param square the square index, 0 .. N*N-1
 * @param buf    receives the name
 * @param cap    size of @p buf (::SEEGA_SQUARE_TEXT_MAX always suffices)
 * @return the length of the name, or a negative status
 * @retval SEEGA_E_INVALID @p game or @p buf is NULL, or @p square is off
 *                         the board
 * @retval SEEGA_E_BUFFER  @p cap too small
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_square_to_text(const seega_game *game, int32_t square,
                                       char *buf, size_t cap);

/**
 * @brief Read a square's name, e.g. `c3` (any case, surrounding space).
 * @param game   the game (for the board size)
 * @param text   the name, NUL-terminated
 * @param square receives the index
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *square set
 * @retval SEEGA_E_INVALID @p game, @p text or @p square is NULL
 * @retval SEEGA_E_PARSE   not a square name, or off this board
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_square_from_text(const seega_game *game,
                                         const char *text, int32_t *square);

/**
 * @brief Write the current position as canonical SPN.
 * @param game the game
 * @param buf  receives the SPN
 * @param cap  size of @p buf (::SEEGA_SPN_MAX always suffices)
 * @return the length of the SPN, or a negative status
 * @retval SEEGA_E_INVALID @p game or @p buf is NULL
 * @retval SEEGA_E_BUFFER  @p cap too small
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_get_spn(const seega_game *game, char *buf, size_t cap);

/**
 * @brief Load a position from SPN and clear the history.
 *
 * The SPN must be canonical and use the game's board size. A position
 * whose game is already decided (material, quiet limit, blocked) loads as
 * a finished game. When refused, the game is unchanged and the message
 * names the bad field.
 *
 * @param game the game
 * @param spn  the SPN, NUL-terminated
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        loaded
 * @retval SEEGA_E_INVALID @p game or @p spn is NULL
 * @retval SEEGA_E_PARSE   malformed or refused position
 * @par Thread safety
 * Modifies @p game.
 */
SEEGA_API int32_t seega_set_spn(seega_game *game, const char *spn);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup state State queries
 *  @brief What the current position and history hold.
 *
 *  Functions returning a value return a negative status on error
 *  (::SEEGA_E_INVALID for a NULL game or an argument out of range).
 *  @{ */

/**
 * @brief The result of the game, and why it ended.
 * @param game   the game
 * @param reason receives ::SEEGA_REASON_NONE ...
 *               ::SEEGA_REASON_BOTH_BLOCKED; may be NULL
 * @return ::SEEGA_ONGOING, ::SEEGA_X_WINS, ::SEEGA_O_WINS or ::SEEGA_DRAW,
 *         or ::SEEGA_E_INVALID when @p game is NULL
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_result(const seega_game *game, int32_t *reason);

/**
 * @brief The side to move (in a finished game, the side whose turn it
 *        would be).
 * @param game the game
 * @return ::SEEGA_X or ::SEEGA_O, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_to_move(const seega_game *game);

/**
 * @brief The phase: placing while any piece is in hand, else moving.
 * @param game the game
 * @return ::SEEGA_PHASE_PLACING or ::SEEGA_PHASE_MOVING, or
 *         ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_phase(const seega_game *game);

/**
 * @brief The state of the turn in progress.
 * @param game  the game
 * @param chain receives the chain piece's square in state
 *              ::SEEGA_TURN_CHAIN, else ::SEEGA_NO_SQUARE; may be NULL
 * @return ::SEEGA_TURN_NORMAL ... ::SEEGA_TURN_REMOVED, or
 *         ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_turn_state(const seega_game *game, int32_t *chain);

/**
 * @brief The board size N of the game (5, 7 or 9).
 * @param game the game
 * @return N, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_board_size(const seega_game *game);

/**
 * @brief How many pieces a side has on the board.
 * @param game the game
 * @param side ::SEEGA_X or ::SEEGA_O
 * @return the count, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_pieces(const seega_game *game, int32_t side);

/**
 * @brief How many pieces a side still holds in hand.
 * @param game the game
 * @param side ::SEEGA_X or ::SEEGA_O
 * @return the count, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_in_hand(const seega_game *game, int32_t side);

/**
 * @brief What stands on a square.
 * @param game   the game
 * @param square the square index
 * @return ::SEEGA_X, ::SEEGA_O or ::SEEGA_EMPTY, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_piece_at(const seega_game *game, int32_t square);

/**
 * @brief The quiet-turn counter: completed moving-phase turns in a row
 *        without a capture or removal.
 *
 * Kept (and written in SPN) even when the rules have no limit; it stops
 * at INT32_MAX.
 *
 * @param game the game
 * @return the counter, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_quiet_count(const seega_game *game);

/**
 * @brief The Zobrist hash of the current position.
 *
 * Covers the board, the side to move, the pieces in hand and the turn
 * state (chain square included) but not the quiet counter, so a position
 * that recurs hashes the same. Stable across runs, builds and platforms
 * of the same major version.
 *
 * @param game the game
 * @param out  receives the hash
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out set
 * @retval SEEGA_E_INVALID @p game or @p out is NULL
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_hash(const seega_game *game, uint64_t *out);

/**
 * @brief How many actions the history holds (what ::seega_undo can take
 *        back).
 * @param game the game
 * @return the count, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_history_length(const seega_game *game);

/**
 * @brief One action of the history, oldest first.
 * @param game  the game
 * @param index 0 .. ::seega_history_length - 1
 * @param out   receives the action
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out set
 * @retval SEEGA_E_INVALID @p game or @p out is NULL, or @p index out of
 *                         range
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_history_action(const seega_game *game, int32_t index,
                                       seega_action *out);

/**
 * @brief How many times the current position has occurred in the game so
 *        far, this time included (so at least 1).
 *
 * Positions are equal when board, side to move, hands and turn state are
 * equal (the quiet counter is ignored). Counts back to the start or the
 * last ::seega_set_spn. The rules do not end a game on repetition; this
 * is for hosts that adjudicate.
 *
 * @param game the game
 * @return the count, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_repetitions(const seega_game *game);

/**
 * @brief The message of the most recent failed call on this game.
 *
 * Each failing call replaces it; successful calls leave it alone.
 *
 * @param game the game (NULL gives a fixed message)
 * @return a NUL-terminated string owned by the game, valid until the next
 *         call on it; "" when no call has failed yet
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API const char *seega_last_error(const seega_game *game);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup analysis Analysis
 *  @brief Counting the game tree.
 *  @{ */

/**
 * @brief The deepest ::seega_perft accepts, in plies.
 *
 * Perft recurses once per ply on the caller's stack, at about 2 KiB a
 * ply in an optimised build (gcc or clang, -O2; an unoptimised or
 * sanitizer build takes several times more): this depth fits in well
 * under 128 KiB, the smallest thread stack of common C libraries. Trees
 * this deep are out of reach on any real position anyway (they grow
 * exponentially); the bound exists so that a deep request fails instead
 * of overflowing the stack.
 */
#define SEEGA_PERFT_MAX_DEPTH 32

/**
 * @brief Count the action sequences of exactly @p depth actions.
 *
 * Every action is one ply (placement, step, removal, pass); a line on
 * which the game ends sooner contributes nothing. Depth 0 counts 1.
 * The game is not changed and nothing is allocated. The time grows
 * exponentially with @p depth (CLASSIC 5x5 from the start: 5.1 million
 * sequences at depth 5), and a depth above ::SEEGA_PERFT_MAX_DEPTH is
 * refused.
 *
 * @param game  the game
 * @param depth 0 to ::SEEGA_PERFT_MAX_DEPTH
 * @param count receives the number of sequences
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *count set
 * @retval SEEGA_E_INVALID @p game or @p count is NULL, or @p depth < 0 or
 *                         > ::SEEGA_PERFT_MAX_DEPTH (@p *count untouched)
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_perft(const seega_game *game, int32_t depth,
                              uint64_t *count);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup simulation Simulation
 *  @brief Random playouts, for Monte-Carlo methods and benchmarks.
 *  @{ */

/** @brief The version of ::seega_playout_stats this header describes. */
#define SEEGA_PLAYOUT_STATS_VERSION 1

/**
 * @brief What a batch of random playouts gave.
 *
 * Set @c version (to ::SEEGA_PLAYOUT_STATS_VERSION) before the call; the
 * library fills the fields that version has. The struct grows only at
 * the end.
 */
typedef struct seega_playout_stats {
    uint32_t version;    /**< ::SEEGA_PLAYOUT_STATS_VERSION, set by the caller */
    uint32_t reserved;   /**< set to 0 by the library */
    uint64_t x_wins;     /**< playouts X won */
    uint64_t o_wins;     /**< playouts O won */
    uint64_t draws;      /**< playouts drawn */
    uint64_t unfinished; /**< playouts still going after max_actions actions */
    uint64_t actions;    /**< actions played, over all playouts */
} seega_playout_stats;

/**
 * @brief Play random games from the current position and count the results.
 *
 * Each of the @p count playouts starts from the game's current position
 * and plays uniformly random legal actions (every legal action of a
 * position equally likely) until the game ends or @p max_actions actions
 * have been played. The game itself is not changed and nothing is
 * allocated. The same position, seed, count and max_actions always give
 * the same stats, on every platform; any seed is fine, 0 included.
 * x_wins + o_wins + draws + unfinished == count. A finished game gives
 * @p count times its result with no action played.
 *
 * @param game        the game
 * @param seed        seed of the pseudo-random generator
 * @param count       number of playouts
 * @param max_actions cap on the actions of one playout
 * @param stats       receives the counts; @c stats->version must be set
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *stats filled
 * @retval SEEGA_E_INVALID @p game or @p stats is NULL
 * @retval SEEGA_E_VERSION @c stats->version is not a known version
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_playouts(const seega_game *game, uint64_t seed,
                                 uint32_t count, uint32_t max_actions,
                                 seega_playout_stats *stats);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup learning Learning interface
 *  @brief A fixed action-index space, legal masks and observations, as
 *  reinforcement-learning frameworks (OpenSpiel and the like) expect.
 *
 *  On an N x N board with S = N*N squares, action indexes are:
 *  - `0 .. S-1`: place on square i;
 *  - `S .. 9S-1`: step from square `f` in direction `d`, index
 *    `S + 8f + d`, with d = 0 N, 1 S, 2 E, 3 W, 4 NE, 5 SW, 6 NW, 7 SE
 *    (some of these indexes are steps off the board: never legal);
 *  - `9S .. 10S-1`: remove the enemy piece on square i;
 *  - `10S`: pass.
 *
 *  So there are `10S + 1` indexes: 251 on 5x5, 491 on 7x7, 811 on 9x9.
 *  @{ */

/** @brief Number of planes of ::seega_observation. */
#define SEEGA_OBS_PLANES 13

/**
 * @brief The size of the action-index space of a game's board (10*N*N + 1).
 * @param game the game
 * @return the number of indexes, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_num_distinct_actions(const seega_game *game);

/**
 * @brief The index of an action (see the group's description).
 * @param game   the game (for the board size)
 * @param action a well-formed action; a step must go to a neighbouring
 *               square (orthogonal or diagonal)
 * @return the index, 0 .. ::seega_num_distinct_actions - 1, or
 *         ::SEEGA_E_INVALID when @p game is NULL or the action is
 *         ill-formed or not a one-square step
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_action_to_index(const seega_game *game,
                                        seega_action action);

/**
 * @brief The action of an index (see the group's description).
 * @param game  the game (for the board size)
 * @param index 0 .. ::seega_num_distinct_actions - 1
 * @param out   receives the action
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out set
 * @retval SEEGA_E_INVALID @p game or @p out is NULL, @p index out of
 *                         range, or a step off the board
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_action_from_index(const seega_game *game,
                                          int32_t index, seega_action *out);

/**
 * @brief The legal actions as a mask over the action-index space.
 *
 * Writes ::seega_num_distinct_actions bytes: 1 where the index is a legal
 * action, else 0. Never allocates.
 *
 * @param game the game
 * @param mask receives the mask
 * @param cap  size of @p mask in bytes
 * @return the number of legal actions (the number of ones), or a negative
 *         status
 * @retval SEEGA_E_INVALID @p game or @p mask is NULL
 * @retval SEEGA_E_BUFFER  @p cap is below ::seega_num_distinct_actions
 *                         (nothing written)
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_legal_mask(const seega_game *game, uint8_t *mask,
                                   size_t cap);

/**
 * @brief The size in bytes of ::seega_observation (SEEGA_OBS_PLANES*N*N).
 * @param game the game
 * @return the size, or ::SEEGA_E_INVALID
 * @par Thread safety
 * Reads @p game only.
 */
SEEGA_API int32_t seega_observation_size(const seega_game *game);

/**
 * @brief Encode the position as planes of bytes, from the side to move's
 *        point of view.
 *
 * ::SEEGA_OBS_PLANES planes of N*N bytes each, plane-major, each plane in
 * square-index order (a1 first, rank by rank). Byte k of plane p is at
 * `buf[p*N*N + k]`.
 *
 * | plane | content |
 * |---|---|
 * | 0 | 1 where the side to move has a piece |
 * | 1 | 1 where the other side has a piece |
 * | 2 | 1 on the centre square |
 * | 3 | all 1 if X is to move, else all 0 |
 * | 4 | all 1 during the placing phase, else all 0 |
 * | 5 | every byte: pieces the side to move holds in hand |
 * | 6 | every byte: pieces the other side holds in hand |
 * | 7 | 1 on the chain piece's square during a chain, else 0 |
 * | 8 | all 1 after the first of two placements (SPN `+`) |
 * | 9 | all 1 in the extra turn after a pass (SPN `!`) |
 * | 10 | all 1 after a removal, before the move (SPN `*`) |
 * | 11 | every byte: the quiet counter, at most 255 |
 * | 12 | every byte: quiet turns left before the limit, at most 255 (255 with no limit) |
 *
 * @param game the game
 * @param buf  receives the planes
 * @param cap  size of @p buf in bytes
 * @return the number of bytes written, or a negative status
 * @retval SEEGA_E_INVALID @p game or @p buf is NULL
 * @retval SEEGA_E_BUFFER  @p cap is below ::seega_observation_size
 *                         (nothing written)
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_observation(const seega_game *game, uint8_t *buf,
                                    size_t cap);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup search Search
 *  @brief The AI: iterative-deepening alpha-beta with limits, levels,
 *  hints, progress reports and proofs.
 *
 *  Scores are from the side to move's point of view, in hundredths of a
 *  piece (100 = one piece ahead). A proven result is reported in
 *  @c proven and @c proven_plies, and its score is
 *  ::SEEGA_SCORE_PROVEN minus the distance in plies (a win),
 *  its negation (a loss), or 0 (a draw).
 *  @{ */

/** @brief The version of ::seega_search_limits this header describes. */
#define SEEGA_SEARCH_LIMITS_VERSION 1
/** @brief The version of ::seega_search_result this header describes. */
#define SEEGA_SEARCH_RESULT_VERSION 1
/** @brief Room for the principal variation in ::seega_search_result. */
#define SEEGA_PV_MAX 32
/** @brief The deepest iteration the search starts (in plies). */
#define SEEGA_MAX_DEPTH 64
/** @brief The score of a win proven at distance 0 (see the group). */
#define SEEGA_SCORE_PROVEN 30000
/** @brief The largest transposition table a search accepts, in MiB
 *  (@c tt_mb of ::seega_search_limits). */
#define SEEGA_TT_MB_MAX 16384
/** @brief The most search threads a search accepts (@c threads of
 *  ::seega_search_limits). */
#define SEEGA_THREADS_MAX 64

/** @brief Proof: the score is not proven. */
#define SEEGA_PROVEN_NONE 0
/** @brief Proof: the side to move wins, whatever the other side does. */
#define SEEGA_PROVEN_WIN 1
/** @brief Proof: the side to move loses, whatever it does. */
#define SEEGA_PROVEN_LOSS 2
/** @brief Proof: the game is a draw with best play. */
#define SEEGA_PROVEN_DRAW 3

struct seega_search_result;

/**
 * @brief Progress callback: called by the search after each completed
 *        iteration, with the result so far.
 *
 * Always runs on the thread that called ::seega_search, also when
 * several search threads are used; on the game being searched it may call
 * ::seega_search_stop (the search then ends after this call) and the
 * functions that only read the board size (::seega_action_to_text,
 * ::seega_square_to_text, ::seega_board_size), but no other.
 *
 * @param user the @c progress_user pointer of the limits
 * @param info the result so far (valid during the call only)
 */
typedef void (*seega_progress_fn)(void *user,
                                  const struct seega_search_result *info);

/**
 * @brief How long and how hard to search. Zero means "no such limit".
 *
 * Start from ::SEEGA_SEARCH_LIMITS_INIT (or ::seega_search_limits_init)
 * and set what you need. The search stops at the first limit reached:
 * @c depth, @c nodes, @c time_ms, the time it budgets itself from
 * @c remaining_ms and @c increment_ms, a proven result, a call of
 * ::seega_search_stop, or ::SEEGA_MAX_DEPTH. With no limit at all it runs
 * until one of the last three. Every limit may take any value of its
 * type that is not negative (the clock's budget is computed in 64 bits).
 * Whatever the limits, the search completes at least its first
 * iteration (one ply and its captures), so a very small @c time_ms or
 * @c nodes, or a stop, may be exceeded by that ply: it takes microseconds.
 */
typedef struct seega_search_limits {
    uint32_t version;      /**< ::SEEGA_SEARCH_LIMITS_VERSION */
    int32_t depth;         /**< deepest iteration in plies; 0 = none */
    uint64_t nodes;        /**< nodes to search at most; 0 = none */
    int32_t time_ms;       /**< time for this move in ms; 0 = none */
    int32_t remaining_ms;  /**< clock: time left for the side to move; 0 = no clock */
    int32_t increment_ms;  /**< clock: time added after each move */
    int32_t level;         /**< 0 = full strength; 1 (weakest) .. 3 */
    uint64_t seed;         /**< seed for tie-breaking and the weaker levels */
    int32_t threads;       /**< search threads (Lazy SMP); 0 or 1 = one;
                                at most ::SEEGA_THREADS_MAX */
    int32_t tt_mb;         /**< transposition table in MiB; 0 = keep (16 at
                                first); at most ::SEEGA_TT_MB_MAX. The
                                table is the largest power of two of MiB
                                in it. Where one block holds at most 2 GiB
                                (32-bit targets, WebAssembly) that is 1024
                                MiB: 2048 and more fail with
                                ::SEEGA_E_NOMEM */
    seega_progress_fn progress; /**< called after each iteration; may be NULL */
    void *progress_user;   /**< passed to @c progress */
} seega_search_limits;

/** @brief Initialiser for ::seega_search_limits: no limits, full strength. */
#define SEEGA_SEARCH_LIMITS_INIT                                               \
    {SEEGA_SEARCH_LIMITS_VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, NULL}

/**
 * @brief What the search found.
 *
 * Set @c version (to ::SEEGA_SEARCH_RESULT_VERSION) before the call; the
 * library fills the fields that version has.
 */
typedef struct seega_search_result {
    uint32_t version;     /**< ::SEEGA_SEARCH_RESULT_VERSION, set by the caller */
    seega_action best;    /**< the best action found */
    int32_t score;        /**< for the side to move, 100 = one piece */
    int32_t depth;        /**< depth of the last completed iteration, in plies */
    uint64_t nodes;       /**< positions searched */
    uint64_t time_ms;     /**< time spent */
    int32_t proven;       /**< ::SEEGA_PROVEN_NONE ... ::SEEGA_PROVEN_DRAW */
    int32_t proven_plies; /**< when proven: plies to the end of the game;
                               with tables attached under a quiet limit,
                               plies to the ply that settles the result,
                               as ::seega_tb_entry counts them */
    int32_t pv_len;       /**< actions in @c pv */
    seega_action pv[SEEGA_PV_MAX]; /**< the expected line, @c best first */
} seega_search_result;

/**
 * @brief Initialise a limits struct: no limits, full strength.
 * @param limits the struct to fill
 * @return ::SEEGA_OK, or ::SEEGA_E_INVALID when @p limits is NULL
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_search_limits_init(seega_search_limits *limits);

/**
 * @brief Search the current position for the best action.
 *
 * The game's position and history are not changed. Its transposition
 * table is allocated at the first search and resized when @c tt_mb asks;
 * each search starts from an empty table, so with one thread and the same
 * limits (time limits aside) the result depends only on the position and
 * its history, on every run. With several threads (Lazy SMP: the threads
 * search the same iteration into the shared table, each taking its own
 * share of the moves at PV nodes; when one completes an iteration the
 * others take its result and go on to the next, so the search is as deep
 * as its fastest thread) results vary from run to run, @c nodes counts
 * all threads, and the node limit applies to the calling thread's nodes.
 * Progress is reported on the calling thread only.
 *
 * The result always holds a searched action: a search stopped or out of
 * time before its first iteration ends searches that one ply anyway
 * (@c depth 1, @c best and @c pv from it).
 *
 * Stack: the search keeps its move lists in the game's search block, not
 * on the stack; it needs under 40 KiB of the calling thread's stack (more
 * in sanitizer builds), so a thread of 128 KiB (musl's default) is enough.
 * The helper threads are created with the system's default stack size.
 *
 * @param game   the game
 * @param limits the limits (see ::seega_search_limits)
 * @param result receives the result; @c result->version must be set
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK          @p *result filled
 * @retval SEEGA_E_INVALID   a NULL argument, or a limit out of range
 *                           (negative, level above 3, @c threads above
 *                           ::SEEGA_THREADS_MAX, @c tt_mb above
 *                           ::SEEGA_TT_MB_MAX)
 * @retval SEEGA_E_VERSION   unknown @c limits->version or
 *                           @c result->version
 * @retval SEEGA_E_GAME_OVER the game is over: there is nothing to search
 * @retval SEEGA_E_NOMEM     the transposition table could not be allocated,
 *                           or is larger than one block can be (@c tt_mb
 *                           2048 and more on a 32-bit target)
 * @par Thread safety
 * Modifies @p game's search state: no other call on @p game may run at the
 * same time, except ::seega_search_stop.
 */
SEEGA_API int32_t seega_search(seega_game *game,
                               const seega_search_limits *limits,
                               seega_search_result *result);

/**
 * @brief Ask a running search of this game to stop.
 *
 * The search then returns its best action so far promptly. A search is
 * running, for this function, from the moment ::seega_search is entered
 * until it returns: a stop in that span is never lost, whether it comes
 * while the search checks its arguments, allocates or clears its table
 * (clearing a large table is cut short), or searches. A stop while no
 * search of @p game runs does nothing: it does not cut a later search
 * short. So a stop that races with a call of ::seega_search that has not
 * yet begun may do nothing; a caller that must be sure (closing the game,
 * say) calls it again until the search returns, as the Python binding's
 * @c close() does.
 *
 * @param game the game (NULL is a no-op)
 * @par Thread safety
 * Safe from any thread, also while ::seega_search runs on @p game.
 */
SEEGA_API void seega_search_stop(seega_game *game);

/**
 * @brief A suggestion for the side to move, for user interfaces.
 *
 * A full-strength search of at most @p time_ms milliseconds.
 *
 * @param game    the game
 * @param time_ms the time to think (0: 1000 ms)
 * @param action  receives the suggested action
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK          @p *action set
 * @retval SEEGA_E_INVALID   @p game or @p action is NULL, or @p time_ms < 0
 * @retval SEEGA_E_GAME_OVER the game is over
 * @retval SEEGA_E_NOMEM     the transposition table could not be allocated
 * @par Thread safety
 * As ::seega_search.
 */
SEEGA_API int32_t seega_hint(seega_game *game, int32_t time_ms,
                             seega_action *action);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup records Game records
 *  @brief A whole game as text: its rules, start position, actions, result
 *  and tags, in the spirit of PGN (see @ref records_page).
 *
 *  A record is read in two steps, because the rules of a game are fixed
 *  when it is created: ::seega_record_rules gives the rules of a record,
 *  the caller creates a game with them (::seega_new), and
 *  ::seega_record_read loads the record into it. Rules also have a short
 *  text form of their own (`modern 7 quiet_limit=100`), written and read
 *  by ::seega_rules_to_text and ::seega_rules_from_text.
 *  @{ */

/** @brief The version of ::seega_record_tags this header describes. */
#define SEEGA_RECORD_TAGS_VERSION 1
/** @brief A buffer of this many bytes always holds a rules text and NUL. */
#define SEEGA_RULES_TEXT_MAX 256

/**
 * @brief The optional tags of a record written by ::seega_record_write.
 *
 * Every string is optional (NULL: no such tag) and must not contain
 * control characters such as line breaks. Start from
 * ::SEEGA_RECORD_TAGS_INIT (or ::seega_record_tags_init); the struct grows
 * only at the end, and @c version says which fields the caller's copy has.
 */
typedef struct seega_record_tags {
    uint32_t version;        /**< ::SEEGA_RECORD_TAGS_VERSION */
    int32_t extra_count;     /**< number of name/value pairs in @c extra */
    const char *event;       /**< tag `Event`: the event or match name */
    const char *site;        /**< tag `Site`: where it was played */
    const char *date;        /**< tag `Date`, e.g. "2026.11.30" */
    const char *round;       /**< tag `Round` */
    const char *x_player;    /**< tag `X`: who played X */
    const char *o_player;    /**< tag `O`: who played O */
    const char *result;      /**< for a game the rules have not ended: a
                                  result decided outside the rules ("1-0",
                                  "0-1", "1/2-1/2" or "*"); NULL = "*" */
    const char *termination; /**< for a game the rules have not ended: why
                                  it stopped ("time forfeit",
                                  "adjudication", ...) */
    const char *const *extra; /**< more tags: @c extra_count pairs, name in
                                   `extra[2*i]`, value in `extra[2*i+1]` */
} seega_record_tags;

/** @brief Initialiser for ::seega_record_tags: no tags. */
#define SEEGA_RECORD_TAGS_INIT                                                 \
    {SEEGA_RECORD_TAGS_VERSION, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,  \
     NULL, NULL}

/**
 * @brief Initialise a tags struct: no tags.
 * @param tags the struct to fill
 * @return ::SEEGA_OK, or ::SEEGA_E_INVALID when @p tags is NULL
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_record_tags_init(seega_record_tags *tags);

/**
 * @brief Write rules as text: a preset and size, then the fields that
 *        differ from it, e.g. `classic 5` or `modern 7 quiet_limit=100`.
 *
 * The preset chosen is the one that differs from @p rules in the fewest
 * fields; ::seega_rules_from_text reads the text back to the same rules.
 *
 * @param rules the rules (valid, as ::seega_rules_validate checks)
 * @param buf   receives the text
 * @param cap   size of @p buf (::SEEGA_RULES_TEXT_MAX always suffices)
 * @return the length of the text (without the NUL), or a negative status
 * @retval SEEGA_E_INVALID @p rules or @p buf is NULL
 * @retval SEEGA_E_VERSION @c rules->version is not a known version
 * @retval SEEGA_E_RULES   a field is out of range
 * @retval SEEGA_E_BUFFER  @p cap too small (nothing written)
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_rules_to_text(const seega_rules *rules, char *buf,
                                      size_t cap);

/**
 * @brief Read rules text: an optional preset name and board size, then
 *        `field=value` settings, separated by spaces.
 *
 * `diagonal`, `modern 7`, `traditional 9 lose_at=0` and
 * `board_size=7 blocked=passes` are all rules texts. Without a preset the
 * fields not set are CLASSIC's; without a size it is 5. Field names are
 * those of ::seega_rules; values are numbers, or for @c first_mover `x`
 * or `o`, for @c move_dirs and @c capture_dirs `orthogonal` or `all`, for
 * @c blocked `loses`, `passes`, `opponent_opens` or `removes`. Names and
 * words may be in any case. The result is checked as by
 * ::seega_rules_validate.
 *
 * @param text the text, NUL-terminated
 * @param out  receives the rules, every field and @c version written;
 *             untouched on failure
 * @param msg  receives a message on failure ("" on success); may be NULL
 *             when @p cap is 0; truncated to @p cap (::SEEGA_ERROR_MAX
 *             always suffices)
 * @param cap  size of @p msg
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out filled
 * @retval SEEGA_E_INVALID @p text or @p out is NULL
 * @retval SEEGA_E_PARSE   not a rules text (unknown word, bad value)
 * @retval SEEGA_E_RULES   a value out of range
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_rules_from_text(const char *text, seega_rules *out,
                                        char *msg, size_t cap);

/**
 * @brief Write the whole game as a record: tags, rules, start position,
 *        every action of the history, and the result.
 *
 * The record starts where the history starts (the start position, or the
 * last ::seega_set_spn) and ends at the current position. Its result is
 * the game's (::seega_result); only for a game the rules have not ended
 * can @c tags->result give another. The text is NUL-terminated and ends
 * with a line break. ::seega_record_read reads it back to the same
 * position and history.
 *
 * @param game the game
 * @param tags optional tags, or NULL for none
 * @param buf  receives the record; may be NULL when @p cap is 0
 * @param cap  size of @p buf
 * @return the length of the record (without the NUL), or a negative
 *         status. With @p buf NULL and @p cap 0 nothing is written and
 *         the length is returned: allocate that plus 1 and call again.
 * @retval SEEGA_E_INVALID @p game is NULL, @p buf is NULL with @p cap
 *                         above 0, or a tag is unusable (a control
 *                         character, a bad extra name, a result that is
 *                         not one of the four, or contradicts the game's)
 * @retval SEEGA_E_VERSION @c tags->version is not a known version
 * @retval SEEGA_E_BUFFER  @p cap too small (nothing written)
 * @retval SEEGA_E_NOMEM   out of memory (a copy of the game is replayed)
 * @par Thread safety
 * Reads @p game (writes only its error message).
 */
SEEGA_API int32_t seega_record_write(const seega_game *game,
                                     const seega_record_tags *tags, char *buf,
                                     size_t cap);

/**
 * @brief The rules of a record (its `Rules` tag), to create the game
 *        that ::seega_record_read loads it into.
 *
 * Reads only the tag section of the record.
 *
 * @param text the record, NUL-terminated
 * @param out  receives the rules, every field and @c version written;
 *             untouched on failure
 * @param msg  receives a message with the line number on failure ("" on
 *             success); may be NULL when @p cap is 0; truncated to @p cap
 *             (::SEEGA_ERROR_MAX always suffices)
 * @param cap  size of @p msg
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        @p *out filled
 * @retval SEEGA_E_INVALID @p text or @p out is NULL
 * @retval SEEGA_E_PARSE   a malformed tag section, or no `Rules` tag
 * @retval SEEGA_E_RULES   the `Rules` tag's values are out of range
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_record_rules(const char *text, seega_rules *out,
                                     char *msg, size_t cap);

/**
 * @brief Load a record into a game: its start position, then every action.
 *
 * The record's rules must be the game's (see ::seega_record_rules). Every
 * action is played as by ::seega_play, so the history afterwards is the
 * record's and ::seega_undo takes the actions back one by one. A result
 * in the record must agree with the game's where the rules ended the
 * game. All or nothing: on any failure the game is left exactly as it
 * was, and ::seega_last_error names the line and the reason, e.g.
 * "line 9: b3-c4 is not legal now: ...".
 *
 * @param game the game
 * @param text the record, NUL-terminated
 * @return ::SEEGA_OK on success
 * @retval SEEGA_OK        loaded
 * @retval SEEGA_E_INVALID @p game or @p text is NULL
 * @retval SEEGA_E_PARSE   a malformed record: a bad tag, start position,
 *                         action or result, an illegal action, a side
 *                         marker that is not the side to move
 * @retval SEEGA_E_RULES   the record's rules are not the game's
 * @retval SEEGA_E_NOMEM   out of memory
 * @par Thread safety
 * Modifies @p game.
 */
SEEGA_API int32_t seega_record_read(seega_game *game, const char *text);

/**
 * @brief The value of one tag of a record, e.g. `X` (the X player) or
 *        `Date`.
 *
 * An absent tag reads as the empty string.
 *
 * @param text the record, NUL-terminated
 * @param name the tag's name (case matters, as in the record)
 * @param buf  receives the value, unescaped, NUL-terminated
 * @param cap  size of @p buf
 * @return the length of the value (0 for an absent tag), or a negative
 *         status
 * @retval SEEGA_E_INVALID @p text, @p name or @p buf is NULL
 * @retval SEEGA_E_PARSE   the tag section is malformed (see
 *                         ::seega_record_rules for the reason)
 * @retval SEEGA_E_BUFFER  @p cap too small (nothing written)
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_record_tag(const char *text, const char *name,
                                   char *buf, size_t cap);
/** @} */

/* ---------------------------------------------------------------------- */
/** @defgroup tablebase Endgame tablebases
 *  @brief Exact values of 5x5 moving-phase positions, computed once by
 *  retrograde analysis and stored on disk (see @ref tablebases_page).
 *
 *  ::seega_tb_generate writes the tables of a rule set into a directory,
 *  tier by tier (the pieces of the side to move and of the other side),
 *  and can resume a generation that stopped. ::seega_tb_open maps them;
 *  ::seega_tb_probe gives the value of a game's position for the side to
 *  move (win, draw or loss), its distance to the end of the game in
 *  plies under best play (the winner plays the fastest line, the loser
 *  the slowest) and a best action. A handle is read-only once opened:
 *  any number of threads may probe it at once.
 *
 *  Every 5x5 rule set has tables. Under a quiet-turn limit (MODERN,
 *  DIAGONAL) the value depends on the position's quiet counter and the
 *  probe gives the one for the counter of the game; the distance then
 *  counts the plies to the one that settles the result, that ply
 *  included: a capture or removal after which the result is the same, or
 *  the end of the game (the limit's included): a distance to zeroing, as
 *  in chess's Syzygy tables. A capture now is 1, a win the count alone
 *  gives is the quiet turns left, limit minus counter.
 *  @{ */

/** @brief An open set of tables for one rule set (opaque). */
typedef struct seega_tablebase seega_tablebase;

/** @brief A value for the side to move: it loses under best play. */
#define SEEGA_TB_LOSS -1
/** @brief A value: neither side can force the end of the game. */
#define SEEGA_TB_DRAW 0
/** @brief A value for the side to move: it wins under best play. */
#define SEEGA_TB_WIN 1

/** @brief The most pieces a side a 5x5 table can hold. */
#define SEEGA_TB_MAX_PIECES 12

/** @brief The version of ::seega_tb_entry this header describes. */
#define SEEGA_TB_ENTRY_VERSION 1

/**
 * @brief What a probe found. Set @c version before the call.
 */
typedef struct seega_tb_entry {
    uint32_t version;    /**< ::SEEGA_TB_ENTRY_VERSION, set by the caller */
    int32_t value;       /**< ::SEEGA_TB_WIN, ::SEEGA_TB_DRAW or ::SEEGA_TB_LOSS */
    int32_t distance;    /**< plies to the end under best play; -1 for a
                              draw, 0 for a game over; under a quiet
                              limit, plies to the ply that settles the
                              result (a capture, or the end), that ply
                              included */
    seega_action best;   /**< an action that keeps the value (the fastest win,
                              the slowest loss); 0 when the game is over */
} seega_tb_entry;

/** @brief The version of ::seega_tb_progress this header describes. */
#define SEEGA_TB_PROGRESS_VERSION 2

/** @brief Progress stage: a pair of tiers is starting. */
#define SEEGA_TB_STAGE_START 0
/** @brief Progress stage: one distance level of a pair is done. */
#define SEEGA_TB_STAGE_LEVEL 1
/** @brief Progress stage: a pair of tiers is written. */
#define SEEGA_TB_STAGE_DONE 2
/** @brief Progress stage: a pair of tiers was found on disk and kept. */
#define SEEGA_TB_STAGE_FOUND 3
/** @brief Progress stage: a sweep over the pair's slots is under way
 *         (@c done of @c total); only for options of version 2 or more. */
#define SEEGA_TB_STAGE_WORK 4

/**
 * @brief Where a generation stands (passed to a ::seega_tb_progress_fn).
 *
 * The library always passes version 2. ::SEEGA_TB_STAGE_WORK comes only
 * to callers whose ::seega_tb_options has version 2 or more: while a pair
 * is solved, about every 250 ms (never more often) during each sweep over
 * the pair's slots (the first look at every slot, level 0, then the walk
 * back of each distance level).
 */
typedef struct seega_tb_progress {
    uint32_t version; /**< ::SEEGA_TB_PROGRESS_VERSION */
    int32_t mover;    /**< pieces of the side to move in the tier */
    int32_t other;    /**< pieces of the other side (the pair is
                           mover-other and other-mover) */
    int32_t stage;    /**< ::SEEGA_TB_STAGE_START ... ::SEEGA_TB_STAGE_WORK */
    int32_t level;    /**< in ::SEEGA_TB_STAGE_LEVEL: the distance done; in
                           ::SEEGA_TB_STAGE_WORK: the level under way (0 for
                           the first look at every slot) */
    uint64_t slots;   /**< slots in the pair (0 when found on disk) */
    uint64_t done;    /**< (version 2) in ::SEEGA_TB_STAGE_WORK: the slots
                           of this rank's sweep done so far; else 0 */
    uint64_t total;   /**< (version 2) in ::SEEGA_TB_STAGE_WORK: the slots
                           of this rank's sweep (all of the pair's with one
                           process); else 0 */
} seega_tb_progress;

/**
 * @brief A progress callback of ::seega_tb_generate; called on the
 *        generating thread only.
 * @param user the @c progress_user of the options
 * @param info where the generation stands (valid during the call only)
 */
typedef void (*seega_tb_progress_fn)(void *user,
                                     const seega_tb_progress *info);

/**
 * @brief A stop callback of ::seega_tb_generate: asked, on the generating
 *        thread only, whether to stop.
 *
 * Called between chunks of slots and between phases, about every 20 ms
 * of work (not more often, except once right after each progress
 * callback, so that a progress callback can decide to stop; never while
 * a file is written). Once it returns non-zero it is not called again,
 * and the generation ends within about 100 ms (and one chunk of slots)
 * with ::SEEGA_E_STOPPED: the pairs of tiers already written stay, the
 * pair being solved is not written, and running the generation again
 * resumes.
 * @param user the @c stop_user of the options
 * @return 0 to go on, anything else to stop
 */
typedef int32_t (*seega_tb_stop_fn)(void *user);

/** @brief The version of ::seega_tb_options this header describes. */
#define SEEGA_TB_OPTIONS_VERSION 2

/**
 * @brief How to generate. Start from ::SEEGA_TB_OPTIONS_INIT.
 *
 * Version 1 has the fields up to @c progress_user; version 2 adds
 * @c stop and @c stop_user, and the progress stage
 * ::SEEGA_TB_STAGE_WORK. The library reads only the fields of the
 * caller's version.
 */
typedef struct seega_tb_options {
    uint32_t version;              /**< ::SEEGA_TB_OPTIONS_VERSION (1 or 2) */
    int32_t threads;               /**< threads to use; 0 = one; at most 64 */
    seega_tb_progress_fn progress; /**< may be NULL */
    void *progress_user;           /**< passed to @c progress */
    seega_tb_stop_fn stop;         /**< (version 2) may be NULL */
    void *stop_user;               /**< (version 2) passed to @c stop */
} seega_tb_options;

/** @brief Initialiser for ::seega_tb_options: one thread, no progress, no
 *         stop. */
#define SEEGA_TB_OPTIONS_INIT                                                 \
    {SEEGA_TB_OPTIONS_VERSION, 0, NULL, NULL, NULL, NULL}

/**
 * @brief Generate (or finish) the tables of a 5x5 rule set with up to
 *        @p max_pieces pieces a side, in @p dir.
 *
 * Tiers are solved in order of the pieces on the board, each pair
 * (u against t and t against u) at once; each tier is written to its own
 * file (`RULES.UvT.sgtb`, RULES the rules text of ::seega_rules_to_text
 * with `+` for spaces: `classic+5.3v2.sgtb`)
 * through a temporary file renamed when complete. Pairs whose two files
 * are already in @p dir and pass the checks of ::seega_tb_open are kept,
 * so a generation that stopped (killed, out of disk, or stopped by the
 * options' @c stop callback) resumes where it was. The directory must
 * exist.
 *
 * Memory: about 4 bytes a slot for the pair being solved (the largest
 * pair up to 5 against 5, 5v5 alone, has 1.06e8 slots: 0.4 GiB), 10
 * under a quiet-turn limit (14 where a quiet turn can end the game); the
 * tiers below are mapped from their files.
 *
 * @param rules      the rules: 5x5
 * @param max_pieces the most pieces a side, lose_at+1 ..
 *                   ::SEEGA_TB_MAX_PIECES
 * @param dir        an existing directory; "" is refused (name one, such
 *                   as ".")
 * @param options    threads, progress and stop, or NULL for the defaults
 * @param msg        receives a message on failure ("" on success); may be
 *                   NULL when @p cap is 0 (::SEEGA_ERROR_MAX always
 *                   suffices)
 * @param cap        size of @p msg
 * @return ::SEEGA_OK when every tier is on disk
 * @retval SEEGA_E_INVALID a NULL argument, @p dir empty, @p max_pieces out
 *                         of range, threads out of range
 * @retval SEEGA_E_VERSION unknown @c rules->version or @c options->version
 *                         (1 and 2 are known)
 * @retval SEEGA_E_RULES   the rules are invalid or not 5x5
 * @retval SEEGA_E_IO      a file could not be written (the finished tiers
 *                         stay; run again to resume), or a tier file is
 *                         there but cannot be read or is not a regular
 *                         file (it is left as it is)
 * @retval SEEGA_E_NOMEM   out of memory (the message says for which tier)
 * @retval SEEGA_E_STOPPED the options' @c stop callback returned non-zero
 *                         (the finished pairs of tiers stay; run again to
 *                         resume)
 * @par Thread safety
 * Safe from any thread; two generations must not write the same
 * directory at once.
 */
SEEGA_API int32_t seega_tb_generate(const seega_rules *rules,
                                    int32_t max_pieces, const char *dir,
                                    const seega_tb_options *options,
                                    char *msg, size_t cap);

/** @brief The version of ::seega_tb_cluster this header describes. */
#define SEEGA_TB_CLUSTER_VERSION 1

/** @brief The largest @c batch of a ::seega_tb_cluster. */
#define SEEGA_TB_BATCH_MAX 67108864

/** @brief An exchange of counts, flags, figures and error messages. */
#define SEEGA_TB_EXCHANGE_CONTROL 0
/** @brief An exchange of the values that cross a rank boundary. */
#define SEEGA_TB_EXCHANGE_UPDATES 1
/** @brief An exchange that gathers finished tables to rank 0. */
#define SEEGA_TB_EXCHANGE_TABLES 2

/**
 * @brief The all-to-all exchange of a ::seega_tb_cluster: what
 *        `MPI_Alltoallv` does with `MPI_BYTE`.
 *
 * Every rank calls it at the same point of the generation, with the
 * same @p kind. @p send holds one block for each rank, in rank order,
 * block r of @p send_bytes[r] bytes (this rank's own block included);
 * the call fills @p recv with the block each rank sent to this one, in
 * rank order, block r of @p recv_bytes[r] bytes (the sizes are always
 * known beforehand). No block is larger than 2^30 bytes, so an `int`
 * count suffices.
 *
 * @param user       the cluster's @c user
 * @param kind       what the blocks carry (::SEEGA_TB_EXCHANGE_CONTROL,
 *                   ::SEEGA_TB_EXCHANGE_UPDATES,
 *                   ::SEEGA_TB_EXCHANGE_TABLES), for accounting only
 * @param send       the blocks to send
 * @param send_bytes the size of each block sent, one a rank
 * @param recv       receives the blocks
 * @param recv_bytes the size of each block received, one a rank
 * @return 0 on success; anything else ends the generation on this rank
 *         with ::SEEGA_E_IO (the other ranks may then wait for it: a
 *         transport should abort the whole job, as MPI's default error
 *         handler does)
 */
typedef int32_t (*seega_tb_exchange_fn)(void *user, int32_t kind,
                                        const void *send,
                                        const uint64_t *send_bytes,
                                        void *recv,
                                        const uint64_t *recv_bytes);

/**
 * @brief One rank of a generation spread over several processes (see
 *        @ref distributed_page). Set @c version first.
 */
typedef struct seega_tb_cluster {
    uint32_t version;              /**< ::SEEGA_TB_CLUSTER_VERSION */
    int32_t rank;                  /**< this process, 0 .. @c ranks - 1 */
    int32_t ranks;                 /**< processes in the generation, 1 ..
                                        65536 */
    seega_tb_exchange_fn exchange; /**< the transport; may be NULL when
                                        @c ranks is 1 */
    void *user;                    /**< passed to @c exchange */
    uint32_t batch;                /**< values a rank gathers for the
                                        other ranks before an exchange
                                        (8 bytes each): 0 for the default,
                                        4194304; at most
                                        ::SEEGA_TB_BATCH_MAX */
} seega_tb_cluster;

/**
 * @brief Generate the tables as one rank of several processes: the same
 *        files as ::seega_tb_generate, byte for byte.
 *
 * Every rank calls this function with the same rules, @p max_pieces and
 * directory, each with its own @p cluster. The slots of each tier are
 * split into one contiguous range a rank: each rank holds, solves and
 * keeps in memory only its own range (4 bytes a slot, 8 under a quiet
 * limit, as ::seega_tb_generate), and sends the values that reach a slot
 * of another rank in batches through @p cluster->exchange. Rank 0
 * gathers each finished tier and writes its file; every rank then maps
 * it from the directory, which must therefore be one directory that every
 * rank sees (a shared file system on a cluster). Rank 0 needs, besides
 * its range, the file's size of the largest tier while it writes it
 * (1.25 bytes a slot, 2.25 where a distance exceeds 255 plies or under a
 * quiet limit).
 *
 * Pairs of tiers are solved in order of pieces on the board, as by
 * ::seega_tb_generate, and a pair whose files every rank finds in the
 * directory is kept: a run that stopped resumes with the same command.
 * With @p cluster NULL or @c ranks 1 it is ::seega_tb_generate.
 *
 * A failure on any rank ends the call on every rank, with the same status
 * and message (prefixed with the rank where it happened), except a
 * failure of the exchange itself, which ends it on the rank whose
 * exchange failed. So does a stop: the options' @c stop callback, polled
 * on each rank, stopping one rank ends every rank with ::SEEGA_E_STOPPED
 * at the next step the ranks take together.
 *
 * @param rules      the rules: 5x5
 * @param max_pieces the most pieces a side, lose_at+1 ..
 *                   ::SEEGA_TB_MAX_PIECES
 * @param dir        an existing directory, the same for every rank
 * @param options    threads (within this rank), progress and stop
 *                   (called on every rank), or NULL for the defaults
 * @param cluster    this rank, or NULL for a single process
 * @param msg        receives a message on failure ("" on success); may be
 *                   NULL when @p cap is 0
 * @param cap        size of @p msg
 * @return ::SEEGA_OK when every tier is on disk
 * @retval SEEGA_E_INVALID as ::seega_tb_generate; @c rank, @c ranks or
 *                         @c batch out of range, @c exchange NULL with
 *                         several ranks
 * @retval SEEGA_E_VERSION unknown version of @p options or @p cluster
 * @retval SEEGA_E_RULES   the rules are invalid or not 5x5
 * @retval SEEGA_E_IO      a file could not be written or read, a rank does
 *                         not see the files rank 0 wrote, or an exchange
 *                         failed
 * @retval SEEGA_E_NOMEM   out of memory
 * @retval SEEGA_E_STOPPED the @c stop callback of a rank returned non-zero
 * @par Thread safety
 * As ::seega_tb_generate. The ranks may also be threads of one process,
 * each with its own cluster struct (the tests do this).
 */
SEEGA_API int32_t seega_tb_generate_cluster(const seega_rules *rules,
                                            int32_t max_pieces,
                                            const char *dir,
                                            const seega_tb_options *options,
                                            const seega_tb_cluster *cluster,
                                            char *msg, size_t cap);

/**
 * @brief Open the tables of a rule set in a directory, or a pack file.
 *
 * With a directory: finds the largest @c max such that every tier with
 * both sides between lose_at+1 and @c max pieces has its file in @p dir
 * (plain, as ::seega_tb_generate writes them, or packed), maps those
 * files and checks each: a plain file in full (header, rules, tier, size,
 * checksum, and the header's figures against the body), a packed one
 * all but its blocks, each of which is checked by the first probe that
 * reads it. With a regular file: a pack written by ::seega_tb_pack, of
 * which the largest such @c max is opened, as ::seega_tb_open_memory.
 * Only regular files are opened: a FIFO or a device named like a tier is
 * refused, never waited on. The files must not be rewritten in place
 * while the handle is open (replace a file by renaming a new one over it,
 * as ::seega_tb_generate does).
 *
 * @param rules the rules the tables must have been generated for
 * @param dir   the directory, or a pack file; "" is refused (name one,
 *              such as ".")
 * @param out   receives the handle; untouched on failure
 * @param msg   receives a message on failure; may be NULL when @p cap is 0
 * @param cap   size of @p msg
 * @return ::SEEGA_OK on success
 * @retval SEEGA_E_INVALID a NULL argument, or @p dir empty
 * @retval SEEGA_E_VERSION unknown @c rules->version
 * @retval SEEGA_E_RULES   the rules are invalid or not 5x5
 * @retval SEEGA_E_IO      no tables of these rules in @p dir (not even the
 *                         smallest tier), or a tier file or the pack is
 *                         there but cannot be read or is not a regular
 *                         file (the message names it)
 * @retval SEEGA_E_CORRUPT a file is truncated, corrupt, of another format
 *                         version, built for other rules, or its header's
 *                         figures are not what its body holds; a pack
 *                         without the smallest tier of these rules
 * @retval SEEGA_E_NOMEM   out of memory
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_tb_open(const seega_rules *rules, const char *dir,
                                seega_tablebase **out, char *msg, size_t cap);

/**
 * @brief Open the tables of a rule set from a pack held in memory (no file
 *        system): the bytes of a file written by ::seega_tb_pack.
 *
 * The pack's tiers are checked as ::seega_tb_open checks packed files;
 * the largest @c max such that every tier with both sides between
 * lose_at+1 and @c max pieces is in the pack is opened, the other tiers
 * ignored. The library reads @p data in place and never writes it: the
 * buffer must stay as it is until ::seega_tb_close. Each block of a tier
 * is checked against its checksum by the first probe that reads it, so a
 * damaged block gives ::SEEGA_E_CORRUPT at the probes that touch it,
 * never a wrong value.
 *
 * @param rules the rules the tables must have been generated for
 * @param data  the pack's bytes (any alignment)
 * @param bytes their number
 * @param out   receives the handle; untouched on failure
 * @param msg   receives a message on failure; may be NULL when @p cap is 0
 * @param cap   size of @p msg
 * @return ::SEEGA_OK on success
 * @retval SEEGA_E_INVALID a NULL argument
 * @retval SEEGA_E_VERSION unknown @c rules->version
 * @retval SEEGA_E_RULES   the rules are invalid or not 5x5
 * @retval SEEGA_E_CORRUPT not a pack, truncated, a damaged directory or
 *                         index, a tier built for other rules, or no tier
 *                         lose_at+1 against lose_at+1 (the message says
 *                         which)
 * @retval SEEGA_E_NOMEM   out of memory
 * @par Thread safety
 * Safe from any thread.
 */
SEEGA_API int32_t seega_tb_open_memory(const seega_rules *rules,
                                       const void *data, size_t bytes,
                                       seega_tablebase **out, char *msg,
                                       size_t cap);

/**
 * @brief Write the tiers of open tables up to @p max_pieces a side into
 *        one pack file: compressed, to ship with a program and open with
 *        ::seega_tb_open or ::seega_tb_open_memory.
 *
 * Each tier is packed (docs/tablebases.md, "Packed tables"): the same
 * values and distances in about a tenth of the bytes. The file is
 * written through a temporary file (@p path with `.part` appended)
 * renamed when complete.
 *
 * @param tb         open tables (plain or packed)
 * @param max_pieces the most pieces a side to include, lose_at+1 ..
 *                   ::seega_tb_max_pieces
 * @param path       the file to write; "" is refused
 * @param msg        receives a message on failure; may be NULL when @p cap
 *                   is 0
 * @param cap        size of @p msg
 * @return ::SEEGA_OK on success
 * @retval SEEGA_E_INVALID a NULL argument, @p path empty, @p max_pieces
 *                         out of range
 * @retval SEEGA_E_IO      the file could not be written
 * @retval SEEGA_E_CORRUPT a block of a packed source is damaged
 * @retval SEEGA_E_NOMEM   out of memory
 * @par Thread safety
 * Reads @p tb only.
 */
SEEGA_API int32_t seega_tb_pack(const seega_tablebase *tb,
                                int32_t max_pieces, const char *path,
                                char *msg, size_t cap);

/**
 * @brief Close a tablebase; NULL is a no-op. No game may still have it
 *        attached (::seega_set_tablebase), and no probe may be running.
 * @param tb the handle
 */
SEEGA_API void seega_tb_close(seega_tablebase *tb);

/**
 * @brief The most pieces a side the tables hold.
 * @param tb the handle
 * @return lose_at+1 .. ::SEEGA_TB_MAX_PIECES, or ::SEEGA_E_INVALID for NULL
 */
SEEGA_API int32_t seega_tb_max_pieces(const seega_tablebase *tb);

/**
 * @brief The exact value of a game's position, and a best action.
 *
 * Any position of the moving phase with at most ::seega_tb_max_pieces a
 * side: at the start of a turn, the value is read from the table; inside
 * a turn (a chain, the extra turn after a pass, the move after a removal)
 * it is found through the legal actions, one ply at a time. A finished
 * game gives its result at distance 0. The best action is found by one
 * ply of lookahead.
 *
 * @param tb    the tables
 * @param game  a game with the same rules (::seega_get_rules)
 * @param entry receives the value; @c entry->version must be set
 * @return ::SEEGA_OK on success
 * @retval SEEGA_E_INVALID     a NULL argument
 * @retval SEEGA_E_VERSION     unknown @c entry->version
 * @retval SEEGA_E_RULES       the game's rules are not the tables'
 * @retval SEEGA_E_NOT_COVERED the placing phase, or more pieces than the
 *                             tables hold
 * @retval SEEGA_E_CORRUPT     the tables disagree with themselves (a file
 *                             with a correct checksum but wrong values)
 * @par Thread safety
 * Reads @p tb and @p game only: safe with other probes and other reads.
 */
SEEGA_API int32_t seega_tb_probe(const seega_tablebase *tb,
                                 const seega_game *game, seega_tb_entry *entry);

/**
 * @brief The exact value of every legal action of a game's position, as a
 *        chess site's tablebase shows each move: what playing it gives the
 *        side to move, under best play afterwards.
 *
 * One entry per legal action (the actions of ::seega_legal_moves; the
 * order is unspecified but deterministic): @c best is the action, @c value
 * the result it leads to for the side to move now (::SEEGA_TB_WIN,
 * ::SEEGA_TB_DRAW or ::SEEGA_TB_LOSS), @c distance the plies to the end
 * counting this action (under a quiet limit: to the ply that settles the
 * result, this one included, so 1 for a capture), -1 for a draw that goes
 * on. The actions of ::seega_tb_probe's best value are those whose entry
 * equals its value and distance. Covers what ::seega_tb_probe covers.
 *
 * @param tb   the tables
 * @param game a game with the same rules
 * @param buf  receives min(@p cap, n) entries; the @c version of each of
 *             the first @p cap must be set; may be NULL when @p cap is 0
 * @param cap  capacity of @p buf in entries (::SEEGA_MAX_ACTIONS always
 *             suffices)
 * @return n, the number of legal actions (also when @p cap is smaller; 0
 *         for a finished game), or a negative status; on failure nothing
 *         is written
 * @retval SEEGA_E_INVALID     a NULL argument, or @p buf NULL with
 *                             @p cap > 0, or @p cap negative
 * @retval SEEGA_E_VERSION     an entry's @c version is not
 *                             ::SEEGA_TB_ENTRY_VERSION
 * @retval SEEGA_E_RULES       the game's rules are not the tables'
 * @retval SEEGA_E_NOT_COVERED the placing phase, or more pieces than the
 *                             tables hold
 * @retval SEEGA_E_CORRUPT     the tables disagree with themselves, or a
 *                             damaged block of a pack
 * @par Thread safety
 * Reads @p tb and @p game only: safe with other probes and other reads.
 */
SEEGA_API int32_t seega_tb_probe_actions(const seega_tablebase *tb,
                                         const seega_game *game,
                                         seega_tb_entry *buf, int32_t cap);

/** @brief The version of ::seega_tb_tier this header describes. */
#define SEEGA_TB_TIER_VERSION 1

/**
 * @brief The figures of one tier. Set @c version before the call.
 */
typedef struct seega_tb_tier {
    uint32_t version;       /**< ::SEEGA_TB_TIER_VERSION, set by the caller */
    uint64_t positions;     /**< positions, symmetries folded */
    uint64_t wins;          /**< won for the side to move (under a quiet
                                 limit: at quiet counter 0) */
    uint64_t draws;         /**< drawn */
    uint64_t losses;        /**< lost for the side to move */
    int32_t longest_win;    /**< plies of the longest forced win (under a
                                 quiet limit: at counter 0, to the
                                 settling ply, see ::seega_tb_entry); -1
                                 if none */
    int32_t longest_loss;   /**< plies of the longest loss; -1 if none */
    char longest_win_spn[SEEGA_SPN_MAX]; /**< a position of that win, X to
                                              move, quiet counter 0 */
} seega_tb_tier;

/**
 * @brief The figures of tier @p mover against @p other.
 * @param tb    the tables
 * @param mover pieces of the side to move
 * @param other pieces of the other side
 * @param out   receives the figures; @c out->version must be set
 * @return ::SEEGA_OK, ::SEEGA_E_INVALID (NULL), ::SEEGA_E_VERSION, or
 *         ::SEEGA_E_NOT_COVERED for a tier the tables do not hold
 * @par Thread safety
 * Reads @p tb only.
 */
SEEGA_API int32_t seega_tb_tier_info(const seega_tablebase *tb, int32_t mover,
                                     int32_t other, seega_tb_tier *out);

/**
 * @brief Check a tier against itself: every position's stored value and
 *        distance must be exactly what one ply of lookahead over its legal
 *        actions gives from the stored values of its children.
 *
 * A won position must have an action to a position lost for the
 * opponent one ply nearer the end (and none nearer), a lost one only
 * actions to positions won for the opponent (the farthest one ply
 * nearer), a drawn one no action to a position lost for the opponent and
 * one to a draw. Takes about as long as generating the tier.
 *
 * Under a quiet-turn limit L every position is checked at every counter
 * 0 .. L-1, value and distance (a quiet action leads to the next
 * counter, a capture to 0 and settles the result in its ply), which
 * fixes every value and distance given the tiers below. About L times as
 * long.
 *
 * @param tb      the tables
 * @param mover   pieces of the side to move
 * @param other   pieces of the other side
 * @param checked receives the positions checked (may be NULL)
 * @param msg     receives, on failure, the first position found wrong
 *                (SPN) and both values; may be NULL when @p cap is 0
 * @param cap     size of @p msg
 * @return ::SEEGA_OK when the tier is consistent
 * @retval SEEGA_E_INVALID     @p tb is NULL
 * @retval SEEGA_E_NOT_COVERED no such tier in the tables
 * @retval SEEGA_E_CORRUPT     a position disagrees with its actions
 * @par Thread safety
 * Reads @p tb only.
 */
SEEGA_API int32_t seega_tb_verify(const seega_tablebase *tb, int32_t mover,
                                  int32_t other, uint64_t *checked, char *msg,
                                  size_t cap);

/**
 * @brief Let the game's searches use tables (NULL: no longer).
 *
 * ::seega_search then scores every covered position it reaches by the
 * table (exact, proven) and at a covered root plays the table's action.
 * The tables must stay open while attached.
 *
 * @param game the game
 * @param tb   tables with the game's rules, or NULL
 * @return ::SEEGA_OK, ::SEEGA_E_INVALID (NULL game) or ::SEEGA_E_RULES
 *         (other rules)
 * @par Thread safety
 * Modifies @p game: not during a search of it.
 */
SEEGA_API int32_t seega_set_tablebase(seega_game *game,
                                      const seega_tablebase *tb);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* SEEGA_H */
