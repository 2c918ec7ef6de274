// The generic search, written once as templates over the game concept: iterative
// deepening with exact time control, a shared transposition table (transposition.hpp),
// principal variation search with aspiration windows, quiescence on the game's forcing moves, move ordering
// (hash move, captures by value, killers, history), late-move reductions and null-move
// pruning where the game allows them, the selectivity switches of pruning.hpp (SEE pruning
// where the game gives a static exchange evaluation, reverse futility, late-move pruning,
// mate-distance pruning; each on or off per search, the game's measured defaults otherwise),
// expectimax with Star1/Star2 pruning at chance
// nodes, Lazy SMP threads, and at the root several principal variations (MultiPV: each
// line searched with the best moves of the lines before it left out) and a restriction
// to some root moves (searchmoves).
//
// Values are negamax values for the player to move; a child whose mover is the same
// player keeps the value and the window (multi-step turns need nothing special).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "game_concept.hpp"
#include "pruning.hpp"
#include "transposition.hpp"

namespace spieltisch::native {

// What the search needs beyond the tree: which moves are forcing (searched in
// quiescence), a value for ordering them, and whether a null move may be tried here.
template <class G>
concept SearchGame = TextGame<G> && requires(const G cgame, G game, typename G::Move move,
                                             typename G::Undo undo) {
    // The player to move (or kChance) of a position still in play, without generating.
    { cgame.side() } -> std::same_as<int>;
    { cgame.forcing(move) } -> std::same_as<bool>;
    // What the move wins at once (captured value, ambers, promotion), for ordering.
    { cgame.move_value(move) } -> std::convertible_to<int>;
    { G::kNullMove } -> std::convertible_to<bool>;
    { cgame.null_move_ok() } -> std::same_as<bool>;
    { game.make_null(undo) } -> std::same_as<void>;
    { game.unmake_null(undo) } -> std::same_as<void>;
};

// A game whose turns have steps that commute (Okard's sacrifices, promotions and drops: the
// same steps in any order give the same position) may say which orders the search skips:
// `g.redundant(previous, move)` is true when `move` right after `previous` (the step before
// it, by the same player) reaches only positions an ordered sequence of the same steps
// reaches too. The search then tries each set of such steps once instead of in every
// order; perft and the move lists stay exact.
template <class G>
bool redundant_step(const G& game, typename G::Move previous, typename G::Move move) {
    if constexpr (requires { game.redundant(previous, move); }) {
        return game.redundant(previous, move);
    } else {
        return false;
    }
}

// The switches a game searches with when the caller sets none: the game's own
// `kPruneDefaults` (chosen by measurement), else only mate-distance pruning (exact).
template <class G>
constexpr int default_pruning() {
    if constexpr (requires { G::kPruneDefaults; }) {
        return G::kPruneDefaults;
    } else {
        return kMateDistance;
    }
}

// A small key of a move for the continuation history and countermoves, taken before the
// move is made: the game's `piece_to(move)` (the moving piece and its target, below 1024)
// where it gives one, else the move's bits hashed to 10 bits.
template <class G>
int history_key(const G& game, typename G::Move move) {
    if constexpr (requires { game.piece_to(move); }) {
        return game.piece_to(move) & 1023;
    } else {
        return static_cast<int>((static_cast<std::uint32_t>(move) * 40503u) >> 6) & 1023;
    }
}

// Whether the player to move has its royal piece attacked (`in_danger()`, for the threat
// extension); false in a game that does not say.
template <class G>
bool in_danger(const G& game) {
    if constexpr (requires { game.in_danger(); }) {
        return game.in_danger();
    } else {
        return false;
    }
}

// The game's unit of value (a Bauer, a stone) for the pruning margins: `G::kPawn`, else 100.
template <class G>
constexpr int pawn_unit() {
    if constexpr (requires { G::kPawn; }) {
        return G::kPawn;
    } else {
        return 100;
    }
}

// Whether the game gives a static exchange evaluation (`see(move)`: the material the move
// wins or loses when both sides go on capturing on its target square, least valuable first).
template <class G>
concept HasSee = requires(const G cgame, typename G::Move move) {
    { cgame.see(move) } -> std::convertible_to<int>;
};

// A proven win for the mover `kWin - plies` away; evaluations stay far below kProven.
inline constexpr int kWin = 1'000'000;
inline constexpr int kProven = kWin - 1000;
inline constexpr int kInfinity = kWin + 1;
inline constexpr int kMaxPly = 128;
inline constexpr int kMaxSearchDepth = 100;
// The `as` argument of `Searcher::search` when the value is asked for the player to move at
// the node (not a player number, nor kChance or kTerminal).
inline constexpr int kForMover = -3;

struct SearchLimits {
    int depth = kMaxSearchDepth;  // the deepest iteration
    double seconds = 0;           // the time budget; 0 or less: none (depth only)
    int threads = 1;
    int hash_mb = 16;
    bool keep_table = false;  // use what earlier searches left in the table (one game)
    // Star1/Star2 pruning at chance nodes; off: plain expectimax (for testing: both give
    // the same values).
    bool star = true;
    // Plain alpha-beta (for testing): no table cutoffs, null move, reductions or aspiration
    // windows, so that the value at a given depth is exactly the minimax/expectimax value.
    bool plain = false;
    // Each set of commuting steps in one order only (redundant_step); off: in every order
    // (for testing: both give the same values).
    bool ordered = true;
    // The principal variations searched at the root (MultiPV), best first.
    int multipv = 1;
    // The selectivity switches (kSeeQuiescence ...); -1: the game's defaults.
    int prune = -1;
    // A budget of positions (0: none): the search stops once it has visited about this many
    // (checked every 256), keeping the last completed iteration. For measurements that do
    // not depend on the machine's load.
    std::uint64_t nodes = 0;
    // Whose table `keep_table` keeps: an agent's own number (TablePool), so that agents of
    // one process never read each other's entries.
    std::uint64_t table_owner = 0;
    // The unit of the pruning margins (futility, reverse futility, razoring, the singular
    // margin, SEE pruning) in evaluation points; 0: the game's own (`pawn_unit`), the
    // default every level plays with. For tuning the margins per game at run time.
    int unit = 0;
};

// One principal variation at the root: its value for the mover and its moves.
template <class M>
struct RootLine {
    int score = 0;
    std::vector<M> pv;
};

template <class M>
struct Iteration {
    int depth = 0;
    int score = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<M> pv;
    std::vector<RootLine<M>> lines;  // the MultiPV lines, best first (the first is score, pv)
};

template <class M>
struct SearchOutcome {
    bool has_move = false;
    M best{};
    int score = 0;
    int depth = 0;  // of the last completed iteration
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<M> pv;
    std::vector<RootLine<M>> lines;  // of the last completed iteration, best first
    std::vector<Iteration<M>> iterations;
};

// Mate scores are stored relative to the node, so they stay right at any ply.
inline int to_table(int score, int ply) {
    return score >= kProven ? score + ply : score <= -kProven ? score - ply : score;
}
inline int from_table(int score, int ply) {
    return score >= kProven ? score - ply : score <= -kProven ? score + ply : score;
}

// What all threads of one search share: the table, the clock and the stop flag.
struct SharedSearch {
    // The clock starts first: getting the table (allocated once per size) is time used.
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    int megabytes;
    std::uint64_t owner;
    bool kept = false;  // the owner's own table, as its last search left it
    std::unique_ptr<TranspositionTable> owned;
    TranspositionTable& table;
    std::atomic<bool> stop{false};
    std::atomic<std::uint64_t> nodes{0};
    std::chrono::steady_clock::time_point deadline;
    bool timed = false;
    std::uint64_t node_limit = 0;  // 0: none
    bool star = true;
    bool plain = false;
    bool ordered = true;
    int prune = 0;  // the selectivity switches on (kSeeQuiescence ...)
    int unit = 100;  // the unit of the pruning margins (SearchLimits::unit, resolved)

    SharedSearch(int hash_mb, bool keep, std::uint64_t table_owner)
        : megabytes(hash_mb),
          owner(table_owner),
          owned(TablePool::instance().take(hash_mb, table_owner, kept)),
          table(*owned) {
        table.new_search(keep && kept);
    }
    ~SharedSearch() { TablePool::instance().give_back(megabytes, owner, std::move(owned)); }
    SharedSearch(const SharedSearch&) = delete;
    SharedSearch& operator=(const SharedSearch&) = delete;

    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
};

template <SearchGame G>
class Searcher {
public:
    using Move = typename G::Move;
    static_assert(sizeof(Move) <= 2, "the table keeps a move in 16 bits");

    // `only`: the root moves searched (all when empty); `lines`: how many principal
    // variations the root gives (MultiPV).
    Searcher(const G& root, SharedSearch& shared, int id, std::vector<Move> only = {},
             int lines = 1)
        : game_(root), shared_(shared), id_(id), only_(std::move(only)),
          lines_(std::max(1, lines)) {
        std::memset(history_, 0, sizeof(history_));
        std::memset(quiet_history_, 0, sizeof(quiet_history_));
        std::memset(capture_history_, 0, sizeof(capture_history_));
        for (auto& pair : killers_) pair[0] = pair[1] = kNone;
        for (auto& side : countermoves_) {
            for (auto& m : side) m = kNone;
        }
        for (auto& m : excluded_move_) m = kNone;
        for (auto& k : path_key_) k = -1;
        if (shared_.prune & kContinuation) {
            continuation_.reset(new std::int16_t[kHistoryKeys * kHistoryKeys]());
        }
        if (shared_.prune & kEvalCache) eval_cache_.reset(new EvalSlot[kEvalCacheSlots]());
    }

    // Iterative deepening; `report` is called after each completed iteration (main thread)
    // and ends the search by returning false.
    SearchOutcome<Move> run(int max_depth, const std::function<bool(const Iteration<Move>&)>& report) {
        SearchOutcome<Move> result;
        Move moves[G::kMaxMoves];
        const int count = game_.generate(moves);
        if (count == 0) return result;
        // At a chance root (before a die roll) nobody chooses: there is no best move nor a
        // principal variation (the line depends on the roll), and the value is the expectation
        // for the player who moves after the roll, as a front end showing that position means it.
        const bool chance_root = game_.side() == kChance;
        result.has_move = !chance_root;
        result.best = moves[0];
        int as = kForMover;
        if (chance_root) {
            typename G::Undo undo;
            game_.make(moves[0], undo);
            as = game_.side();
            game_.unmake(moves[0], undo);
            if (as < 0) as = kForMover;
        }
        if (!chance_root && !only_.empty()) {
            result.best = only_[0];
        }
        int root_count = chance_root ? count : 0;
        if (!chance_root) {
            for (int i = 0; i < count; ++i) {
                if (allowed_at_root(moves[i])) ++root_count;
            }
        }
        // More lines than root moves cannot be given; a chance root has none to choose.
        const int wanted = chance_root ? 1 : std::min(lines_, std::max(root_count, 1));
        int previous = 0;
        for (int depth = 1 + (id_ & 1); depth <= max_depth; ++depth) {
            root_depth_ = depth;
            std::vector<RootLine<Move>> found;
            excluded_.clear();
            partial_pv_.clear();
            for (int k = 0; k < wanted; ++k) {
                int score;
                if (k == 0 && depth >= 4 && std::abs(previous) < kProven && !shared_.plain) {
                    int delta = window_for(previous);
                    int alpha = previous - delta, beta = previous + delta;
                    while (true) {
                        score = search(depth, alpha, beta, 0, true, as);
                        if (stopped()) break;
                        if (score <= alpha) {
                            alpha = std::max(-kInfinity, alpha - delta);
                        } else if (score >= beta) {
                            beta = std::min(kInfinity, beta + delta);
                        } else {
                            break;
                        }
                        delta *= 2;
                        if (delta > kProven / 4) alpha = -kInfinity, beta = kInfinity;
                    }
                } else {
                    score = search(depth, -kInfinity, kInfinity, 0, true, as);
                }
                if (stopped()) {
                    // Stopped inside the iteration: with kPartialIteration its best move so
                    // far, where a root move beat the window's lower bound (one line only).
                    if ((shared_.prune & kPartialIteration) && !shared_.plain && !chance_root &&
                        lines_ == 1 && !partial_pv_.empty()) {
                        result.score = partial_score_;
                        result.pv = partial_pv_;
                        result.best = partial_pv_[0];
                        result.lines = {{partial_score_, partial_pv_}};
                    }
                    break;
                }
                if (k > 0 && pv_length_[0] == 0) break;  // no root move left
                found.push_back({score, std::vector<Move>(pv_[0], pv_[0] + pv_length_[0])});
                if (pv_length_[0] == 0) break;
                excluded_.push_back(pv_[0][0]);
            }
            excluded_.clear();
            if (stopped()) break;
            // Lines later in the order were searched without the better ones: sort them by
            // value (a later line can come out better only by the search's instability).
            std::stable_sort(found.begin(), found.end(),
                             [](const RootLine<Move>& a, const RootLine<Move>& b) { return a.score > b.score; });
            const int score = found[0].score;
            previous = score;
            result.depth = depth;
            result.score = score;
            result.pv = found[0].pv;
            result.lines = found;
            if (!result.pv.empty()) result.best = result.pv[0];
            if (id_ == 0) {
                Iteration<Move> it{depth, score, shared_.nodes.load() + local_nodes_pending_,
                                   shared_.elapsed(), result.pv, found};
                result.iterations.push_back(it);
                if (report && !report(it)) {
                    shared_.stop.store(true);
                    break;
                }
            }
            // A proven result within the searched depth cannot change deeper.
            bool settled = true;
            for (const auto& line : found) {
                if (std::abs(line.score) < kProven || kWin - std::abs(line.score) > depth) settled = false;
            }
            if (settled) break;
            if (root_count == 1 && shared_.timed) break;  // one legal move: nothing to think about
        }
        flush_nodes();
        return result;
    }

    void flush_nodes() {
        shared_.nodes.fetch_add(local_nodes_pending_, std::memory_order_relaxed);
        local_nodes_pending_ = 0;
    }

private:
    static constexpr Move kNone = static_cast<Move>(0xFFFF);

    G game_;
    SharedSearch& shared_;
    int id_;
    std::vector<Move> only_;      // searchmoves: the root moves searched (all when empty)
    int lines_ = 1;               // MultiPV
    std::vector<Move> excluded_;  // the root moves of the lines already found at this depth
    // The root's best line so far in the current iteration (kPartialIteration) and its value.
    std::vector<Move> partial_pv_;
    int partial_score_ = 0;

    bool allowed_at_root(Move m) const {
        return only_.empty() || std::find(only_.begin(), only_.end(), m) != only_.end();
    }

    // The root moves this line may take: searchmoves, less the earlier lines' moves.
    int filter_root(Move* moves, int count) const {
        if (only_.empty() && excluded_.empty()) return count;
        int kept = 0;
        for (int i = 0; i < count; ++i) {
            if (allowed_at_root(moves[i]) &&
                std::find(excluded_.begin(), excluded_.end(), moves[i]) == excluded_.end()) {
                moves[kept++] = moves[i];
            }
        }
        return kept;
    }
    std::uint64_t local_nodes_pending_ = 0;
    std::uint64_t checks_ = 0;
    std::int32_t history_[2][4096];  // by player and (move & 4095): a small hashed table
    Move killers_[kMaxPly][2];
    Move pv_[kMaxPly][kMaxPly];
    int pv_length_[kMaxPly] = {};
    Move path_[kMaxPly];  // the move made at each ply of the current line

    // The statistics of kContinuation and kCaptureHistory: values within +-kHistoryMax,
    // each update pulling towards its bonus (the "gravity" of Stockfish's histories).
    static constexpr int kHistoryKeys = 1024;
    static constexpr int kHistoryMax = 8192;
    std::int16_t quiet_history_[2][4096];    // by player and (move & 4095)
    std::int16_t capture_history_[2][4096];  // by player and (move & 4095)
    Move countermoves_[2][kHistoryKeys];     // by player and the previous move's key
    // By the key of a move one or two plies before and the key of the move: 2 MB, only
    // allocated when kContinuation is on.
    std::unique_ptr<std::int16_t[]> continuation_;
    int path_key_[kMaxPly];  // history_key of the move made at each ply (-1: a null move)
    // The static value at each ply of the line (kNoEval where it was not computed) and the
    // player to move there: for the improving flag.
    static constexpr int kNoEval = -kInfinity - 1;
    int eval_stack_[kMaxPly] = {};
    int side_stack_[kMaxPly] = {};
    Move excluded_move_[kMaxPly];  // the hash move left out by a singular-extension search
    int root_depth_ = 1;

    // kEvalCache: static values by the position's key mixed with the player asked for
    // (a key of 0 is an empty slot; a position whose mixed key is 0 is evaluated each time).
    struct EvalSlot {
        std::uint64_t key;
        int value;
    };
    std::unique_ptr<EvalSlot[]> eval_cache_;

    // The position's key seen from `player` (a table's own `salt` keeps its keys apart from
    // the decision nodes' and from other tables'): kEvalCache's slots, kChanceTable's entries.
    std::uint64_t key_for(int player, std::uint64_t salt) const {
        return game_.hash() ^ (salt * static_cast<std::uint64_t>(player + 2));
    }

    // The static value for `player`: from kEvalCache's table where it holds this position.
    int evaluate(int player) {
        if (!eval_cache_) return game_.evaluate(player);
        const std::uint64_t key = key_for(player, 0xC2B2AE3D27D4EB4Full);
        EvalSlot& slot = eval_cache_[key & (kEvalCacheSlots - 1)];
        if (slot.key == key && key != 0) return slot.value;
        const int value = game_.evaluate(player);
        slot.key = key;
        slot.value = value;
        return value;
    }

    // Make `m` at `ply`, recording it as the step that led to the node below.
    void make_at(int ply, Move m, typename G::Undo& undo) {
        path_[ply] = m;
        path_key_[ply] = history_key(game_, m);
        game_.make(m, undo);
    }

    static void gravity(std::int16_t& entry, int bonus) {
        bonus = std::clamp(bonus, -kHistoryMax, kHistoryMax);
        const int value = entry + bonus - entry * std::abs(bonus) / kHistoryMax;
        entry = static_cast<std::int16_t>(std::clamp(value, -kHistoryMax, kHistoryMax));
    }

    static int history_bonus(int depth) { return std::min(300 * depth - 250, 2400); }

    std::int16_t* continuation_row(int ply, int back) {
        if (!continuation_ || ply < back || ply - back >= kMaxPly) return nullptr;
        const int key = path_key_[ply - back];
        return key < 0 ? nullptr : continuation_.get() + key * kHistoryKeys;
    }

    // The quiet move's statistics (kContinuation): its history and its continuation
    // histories after the previous move and the mover's own previous move.
    int quiet_stat(int player, Move m, int key, int ply) {
        int stat = quiet_history_[player & 1][m & 4095];
        if (const auto* row = continuation_row(ply, 1)) stat += row[key];
        if (const auto* row = continuation_row(ply, 2)) stat += row[key];
        return stat;
    }

    void update_quiet_stats(int player, Move m, int ply, int bonus) {
        gravity(quiet_history_[player & 1][m & 4095], bonus);
        const int key = history_key(game_, m);
        if (auto* row = continuation_row(ply, 1)) gravity(row[key], bonus);
        if (auto* row = continuation_row(ply, 2)) gravity(row[key], bonus);
    }

    Move countermove(int player, int ply) const {
        if (ply < 1 || ply > kMaxPly || path_key_[ply - 1] < 0) return kNone;
        return countermoves_[player & 1][path_key_[ply - 1]];
    }

    // Late-move reductions by depth and move number: 0.75 + ln(depth) ln(number) / 2.25.
    static int table_reduction(int depth, int number) {
        static const auto table = [] {
            std::array<std::array<std::int8_t, 64>, 64> t{};
            for (int d = 1; d < 64; ++d) {
                for (int n = 1; n < 64; ++n) {
                    t[d][n] = static_cast<std::int8_t>(0.75 + std::log(d) * std::log(n) / 2.25);
                }
            }
            return t;
        }();
        return table[std::min(depth, 63)][std::min(number, 63)];
    }

    // Drop the moves that repeat another order of commuting steps (redundant_step), given
    // the move that led to this node; the count left.
    int skip_redundant(Move* moves, int count, int ply) const {
        if (ply == 0 || !shared_.ordered) return count;
        const Move previous = path_[ply - 1];
        int kept = 0;
        for (int i = 0; i < count; ++i) {
            if (!redundant_step(game_, previous, moves[i])) moves[kept++] = moves[i];
        }
        return kept;
    }

    static int window_for(int previous) {
        const int magnitude = std::abs(previous);
        return std::max(50, magnitude / 20);
    }

    bool stopped() const { return shared_.stop.load(std::memory_order_relaxed); }

    void count_node() {
        // The clock is read every 256 nodes: well under a millisecond in every game.
        if (++local_nodes_pending_ >= 256) {
            flush_nodes();
            if (shared_.timed && std::chrono::steady_clock::now() >= shared_.deadline) {
                shared_.stop.store(true, std::memory_order_relaxed);
            }
            if (shared_.node_limit &&
                shared_.nodes.load(std::memory_order_relaxed) >= shared_.node_limit) {
                shared_.stop.store(true, std::memory_order_relaxed);
            }
        }
    }

    // The value of a finished game for `player`: wins sooner are worth more.
    int terminal_value(int ply, int player) const {
        const auto result = game_.outcome();
        if (!result || result->winner < 0) return 0;
        return result->winner == player ? kWin - ply : -(kWin - ply);
    }

    int& history_of(int player, Move move) { return history_[player & 1][move & 4095]; }

    // Score `moves[0..count)` for ordering into `keys`: hash move, forcing moves by
    // value, killers, history (or, with kEvalOrder at depth >= 4, the static value each
    // quiet move leads to). `pick` then brings the best remaining move forward.
    void score_moves(const Move* moves, int* keys, int count, Move hash_move, int ply,
                     int player, int depth) {
        const int prune = shared_.prune;
        const bool stats = (prune & kContinuation) && ply < kMaxPly;
        const Move counter = stats ? countermove(player, ply) : kNone;
        const bool by_value = (prune & kEvalOrder) && depth >= 4;
        for (int i = 0; i < count; ++i) {
            const Move m = moves[i];
            int key;
            if (m == hash_move) {
                key = 1 << 30;
            } else if (game_.forcing(m)) {
                key = (1 << 28) + game_.move_value(m);
                if (prune & kCaptureHistory) {
                    key = (1 << 28) + 8 * game_.move_value(m) +
                          capture_history_[player & 1][m & 4095] / 8;
                }
            } else if (ply < kMaxPly && m == killers_[ply][0]) {
                key = (1 << 27) + 1;
            } else if (ply < kMaxPly && m == killers_[ply][1]) {
                key = 1 << 27;
            } else if (stats && m == counter) {
                key = (1 << 27) - 1;
            } else if (by_value) {
                // Between 2^25 and 3 * 2^25: below the killers, above nothing else.
                typename G::Undo undo;
                game_.make(m, undo);
                const int value = evaluate(player);
                game_.unmake(m, undo);
                key = (1 << 26) + std::clamp(value, -(1 << 25) + 1, (1 << 25) - 1);
            } else if (stats) {
                key = quiet_stat(player, m, history_key(game_, m), ply);
            } else {
                key = std::min(history_of(player, m), (1 << 26));
            }
            keys[i] = key;
        }
    }

    // Selection of the best remaining move: most nodes cut off after a move or two, so
    // sorting the whole list would be wasted work.
    static void pick(Move* moves, int* keys, int i, int count) {
        int best = i;
        for (int j = i + 1; j < count; ++j) {
            if (keys[j] > keys[best]) best = j;
        }
        if (best != i) {
            std::swap(moves[i], moves[best]);
            std::swap(keys[i], keys[best]);
        }
    }

    // The value of a child for `player` given the child's value for its own mover.
    int child_value(int player, int child_player, int depth, int alpha, int beta, int ply,
                    bool pv_node) {
        if (child_player == player || child_player == kChance) {
            return search(depth, alpha, beta, ply, pv_node, player);
        }
        return -search(depth, -beta, -alpha, ply, pv_node, child_player);
    }

public:
    // The negamax value for the player to move (`as` when it is known, e.g. at chance
    // nodes the player whose value is asked for).
    int search(int depth, int alpha, int beta, int ply, bool pv_node, int as = kForMover) {
        pv_length_[std::min(ply, kMaxPly - 1)] = ply;
        count_node();
        if (stopped()) return 0;
        Move moves[G::kMaxMoves];
        int count = game_.generate(moves);
        const int player = count == 0 ? kTerminal : game_.side();
        if (as == kForMover) as = player;
        if (count == 0) return terminal_value(ply, as);
        if (ply < kMaxPly) {
            side_stack_[ply] = player;
            eval_stack_[ply] = kNoEval;
        }
        if (player == kChance) {
            if (!(shared_.prune & kChanceTable) || shared_.plain || ply == 0) {
                return chance(moves, count, depth, alpha, beta, ply, as);
            }
            return chance_with_table(moves, count, depth, alpha, beta, ply, as);
        }
        if (ply >= kMaxPly - 2) return evaluate(player);
        if (depth <= 0) return quiescence(moves, count, alpha, beta, ply, player, 0);
        count = skip_redundant(moves, count, ply);
        // At the root only the moves this line may take (searchmoves, MultiPV); its value
        // then is not the position's, and the table does not keep it.
        const bool filtered = ply == 0 && (!only_.empty() || !excluded_.empty());
        if (filtered) {
            count = filter_root(moves, count);
            if (count == 0) return -kInfinity;
        }

        const int prune = shared_.prune;
        const int pawn = shared_.unit;
        // The hash move left out while a singular extension asks how the others do.
        const Move excluded = excluded_move_[ply];
        // Mate-distance pruning: from here a win comes at the next ply at the soonest, and a
        // loss too; a window outside those values cannot be met.
        if ((prune & kMateDistance) && ply > 0) {
            alpha = std::max(alpha, -(kWin - ply - 1));
            beta = std::min(beta, kWin - ply - 1);
            if (alpha >= beta) return alpha;
        }

        const std::uint64_t key = game_.hash();
        TranspositionTable::Entry entry;
        Move hash_move = kNone;
        const bool hit = shared_.table.probe(key, entry);
        if (hit) {
            if (entry.has_move) hash_move = static_cast<Move>(entry.move);
            if (entry.depth >= depth && !pv_node && ply > 0 && !shared_.plain && excluded == kNone) {
                const int stored = from_table(entry.score, ply);
                if (entry.type == NodeType::kPv ||
                    (entry.type == NodeType::kCut && stored >= beta) ||
                    (entry.type == NodeType::kAll && stored <= alpha)) {
                    return stored;
                }
            }
        }

        // Internal iterative reduction: without a hash move the ordering is poor; a ply
        // less costs little, and the next iteration finds the move in the table.
        if ((prune & kInternalReduction) && !shared_.plain && ply > 0 && depth >= 4 &&
            hash_move == kNone && excluded == kNone) {
            depth -= 1;
        }

        // The static value, where a pruning asks for it (outside PV nodes; at every node
        // with the improving flag, which compares it with the one two plies up).
        // With kCheckNoPrune a side whose Pflöck is attacked prunes nothing here.
        const bool danger = (prune & kCheckNoPrune) && in_danger(game_);
        const bool may_prune =
            !pv_node && ply > 0 && std::abs(beta) < kProven && !shared_.plain && !danger;
        const bool wants_static =
            (may_prune && ((((prune & (kReverseFutility | kFutility)) != 0) && depth <= 6) ||
                           ((prune & kRazoring) && depth <= 3) || (G::kNullMove && depth >= 3))) ||
            ((prune & kImproving) && ply > 0 && !shared_.plain);
        const int static_value = wants_static ? evaluate(player) : 0;
        if (wants_static) eval_stack_[ply] = static_value;
        bool improving = true;
        if ((prune & kImproving) && wants_static && ply >= 2 && side_stack_[ply - 2] == player &&
            eval_stack_[ply - 2] != kNoEval) {
            improving = static_value > eval_stack_[ply - 2];
        }
        const bool worsening = (prune & kImproving) && !improving;

        // Reverse futility (the static null move): so far above beta that a shallow search
        // will not bring it back down.
        if ((prune & kReverseFutility) && may_prune && excluded == kNone && depth <= 6 &&
            static_value - pawn * (depth - ((prune & kImproving) && improving ? 1 : 0)) >= beta &&
            static_value < kProven) {
            return static_value;
        }

        // Razoring: so far below alpha that only a tactical gain could bring it back; the
        // quiescence search decides.
        if ((prune & kRazoring) && may_prune && excluded == kNone && depth <= 3 &&
            static_value + pawn * (2 + depth * depth) < alpha) {
            const int value = quiescence(moves, count, alpha - 1, alpha, ply, player, 0);
            if (stopped()) return 0;
            if (value < alpha) return value;
            count = skip_redundant(moves, game_.generate(moves), ply);  // quiescence kept only some
        }

        // Null move: let the opponent move twice; if we still stand above beta, cut.
        if constexpr (G::kNullMove) {
            const bool adaptive = (prune & kNullAdaptive) != 0;
            if (may_prune && excluded == kNone && depth >= 3 && game_.null_move_ok() &&
                static_value >= beta && !(adaptive && path_key_[ply - 1] == -1)) {
                typename G::Undo undo;
                path_[ply] = kNone;
                path_key_[ply] = -1;
                game_.make_null(undo);
                const int reduction =
                    adaptive ? 3 + depth / 3 + std::min((static_value - beta) / pawn, 3)
                             : 2 + depth / 4;
                const int value = child_value(player, game_.side(),
                                              depth - 1 - reduction, beta - 1, beta, ply + 1, false);
                game_.unmake_null(undo);
                if (stopped()) return 0;
                if (value >= beta && value < kProven) return beta;
            }
        }

        // Singular extension: when the hash move's stored lower bound is reached by no other
        // move in a search of half the depth with it left out, it is searched a ply deeper;
        // when even without it the node reaches beta, it cuts (multi-cut).
        int singular = 0;
        if ((prune & kSingular) && !shared_.plain && ply > 0 && depth >= 6 && hit &&
            excluded == kNone && hash_move != kNone && entry.depth >= depth - 3 &&
            entry.type != NodeType::kAll && ply < 2 * root_depth_) {
            const int stored = from_table(entry.score, ply);
            if (std::abs(stored) < kProven) {
                const int singular_beta = stored - pawn * depth / 16;
                excluded_move_[ply] = hash_move;
                const int value =
                    search((depth - 1) / 2, singular_beta - 1, singular_beta, ply, false, player);
                excluded_move_[ply] = kNone;
                if (stopped()) return 0;
                if (value < singular_beta) {
                    singular = 1;
                } else if (singular_beta >= beta) {
                    return singular_beta;
                }
            }
        }

        int keys[G::kMaxMoves];
        score_moves(moves, keys, count, hash_move, ply, player, depth);
        const int start_alpha = alpha;
        int best = -kInfinity;
        Move best_move = moves[0];
        typename G::Undo undo;
        const bool stats = (prune & kContinuation) != 0;
        const Move counter = stats ? countermove(player, ply) : kNone;
        // The moves searched without reaching beta, for the histories' malus.
        Move quiets_tried[64];
        Move captures_tried[32];
        int quiets = 0, captures = 0;
        int searched = 0;
        const int late_moves = (prune & kImproving) && !improving ? (3 + depth * depth) / 2
                                                                  : 3 + depth * depth;
        for (int i = 0; i < count; ++i) {
            pick(moves, keys, i, count);
            const Move m = moves[i];
            if (m == excluded) continue;
            const bool forcing = game_.forcing(m);
            const bool quiet = !forcing && m != hash_move;
            if (i > 0 && ply > 0 && best > -kProven && !danger) {
                // Late-move pruning: the moves are ordered forcing ones first, so once the
                // quiet moves run past the count, only quiet ones are left.
                if ((prune & kLateMoves) && !pv_node && depth <= 4 && quiet && i >= late_moves) {
                    break;
                }
                // Futility: a quiet move does not lift a static value this far below alpha.
                if ((prune & kFutility) && may_prune && depth <= 6 && quiet &&
                    static_value + pawn * (1 + depth) - (worsening ? pawn / 2 : 0) <= alpha &&
                    m != killers_[ply][0] && m != killers_[ply][1]) {
                    continue;
                }
                if constexpr (HasSee<G>) {
                    if ((prune & kSeeMain) && depth <= 4 && m != hash_move) {
                        const int margin = forcing ? 2 * pawn * depth : pawn * depth * depth / 2;
                        if (game_.see(m) < -margin) continue;
                    }
                }
            }
            const int move_key = stats && !forcing ? history_key(game_, m) : 0;
            make_at(ply, m, undo);
            shared_.table.prefetch(game_.hash());
            const int child_player = game_.side();
            int next_depth = depth - 1 + (m == hash_move ? singular : 0);
            // The threat extension: the move attacks the other side's Pflöck.
            if ((prune & kThreat) && next_depth == depth - 1 && ply < 2 * root_depth_ &&
                child_player != player && in_danger(game_)) {
                ++next_depth;
            }
            int value;
            if (searched == 0) {
                value = child_value(player, child_player, next_depth, alpha, beta, ply + 1, pv_node);
            } else {
                int reduction = 0;
                if (prune & kReductionTable) {
                    if (depth >= 3 && i >= 2 && quiet && ply < kMaxPly && !shared_.plain) {
                        reduction = table_reduction(depth, i + 1);
                        if (pv_node) reduction -= 1;
                        if (worsening) reduction += 1;
                        if (m == killers_[ply][0] || m == killers_[ply][1] || m == counter) {
                            reduction -= 1;
                        }
                        if (stats) reduction -= quiet_stat(player, m, move_key, ply) / kHistoryMax;
                        reduction = std::clamp(reduction, 0, next_depth - 1);
                    }
                } else if (depth >= 3 && i >= 3 && quiet && ply < kMaxPly && !shared_.plain &&
                           m != killers_[ply][0] && m != killers_[ply][1]) {
                    reduction = 1 + (i >= 8 ? 1 : 0) + (depth >= 8 ? 1 : 0);
                    if (pv_node) reduction -= 1;
                    reduction = std::clamp(reduction, 0, next_depth - 1);
                }
                value = child_value(player, child_player, next_depth - reduction, alpha, alpha + 1,
                                    ply + 1, false);
                if (value > alpha && reduction > 0) {
                    value = child_value(player, child_player, next_depth, alpha, alpha + 1,
                                        ply + 1, false);
                }
                // A window wider than null (a PV node, or the full windows below chance
                // nodes) needs the exact value: search again with it.
                if (value > alpha && value < beta) {
                    value = child_value(player, child_player, next_depth, alpha, beta, ply + 1, pv_node);
                }
            }
            game_.unmake(m, undo);
            if (stopped()) return 0;
            ++searched;
            if (value > best) {
                best = value;
                best_move = m;
                if (value > alpha) {
                    alpha = value;
                    update_pv(ply, m);
                    if (ply == 0) {  // kPartialIteration: this iteration's best so far
                        partial_score_ = value;
                        partial_pv_.assign(pv_[0], pv_[0] + pv_length_[0]);
                    }
                    if (alpha >= beta) {
                        if (quiet && ply < kMaxPly && killers_[ply][0] != m) {
                            killers_[ply][1] = killers_[ply][0];
                            killers_[ply][0] = m;
                        }
                        if (quiet) {
                            int& h = history_of(player, m);
                            h = std::min(h + depth * depth, 1 << 25);
                        }
                        update_cut_stats(player, m, forcing, depth, ply, quiets_tried, quiets,
                                         captures_tried, captures);
                        break;
                    }
                }
            }
            if (forcing) {
                if (captures < 32) captures_tried[captures++] = m;
            } else if (quiets < 64) {
                quiets_tried[quiets++] = m;
            }
        }
        // Every move left out: only the excluded hash move was there (it is singular).
        if (excluded != kNone && best == -kInfinity) return alpha;
        const NodeType type = best <= start_alpha ? NodeType::kAll
                              : best >= beta      ? NodeType::kCut
                                                  : NodeType::kPv;
        if (!filtered && excluded == kNone) {
            shared_.table.store(key, depth, type, to_table(best, ply), true,
                                static_cast<std::uint16_t>(best_move));
        }
        return best;
    }

private:
    // After a cutoff by `m`: with kContinuation a bonus to a quiet `m` in the histories, a
    // malus to the quiet moves tried before it, and `m` as the countermove of the previous
    // move; with kCaptureHistory the same for forcing moves in the capture history.
    void update_cut_stats(int player, Move m, bool forcing, int depth, int ply,
                          const Move* quiets_tried, int quiets, const Move* captures_tried,
                          int captures) {
        const int bonus = history_bonus(depth);
        if ((shared_.prune & kContinuation) && !forcing && ply < kMaxPly) {
            update_quiet_stats(player, m, ply, bonus);
            for (int k = 0; k < quiets; ++k) update_quiet_stats(player, quiets_tried[k], ply, -bonus);
            if (ply >= 1 && path_key_[ply - 1] >= 0) countermoves_[player & 1][path_key_[ply - 1]] = m;
        }
        if (shared_.prune & kCaptureHistory) {
            if (forcing) gravity(capture_history_[player & 1][m & 4095], bonus);
            for (int k = 0; k < captures; ++k) {
                gravity(capture_history_[player & 1][captures_tried[k] & 4095], -bonus);
            }
        }
    }

    void update_pv(int ply, Move m) {
        if (ply >= kMaxPly - 1) return;
        pv_[ply][ply] = m;
        const int child_end = std::min(pv_length_[ply + 1], kMaxPly);
        for (int j = ply + 1; j < child_end; ++j) pv_[ply][j] = pv_[ply + 1][j];
        pv_length_[ply] = std::max(child_end, ply + 1);
    }

    // A chance node through the transposition table (kChanceTable): its value for `as`
    // under a key apart from the decision nodes' and from the other player's view.
    int chance_with_table(Move* moves, int count, int depth, int alpha, int beta, int ply, int as) {
        const std::uint64_t key = key_for(as, 0x9E3779B97F4A7C15ull);
        TranspositionTable::Entry entry;
        if (shared_.table.probe(key, entry) && entry.depth >= depth) {
            const int stored = from_table(entry.score, ply);
            if (entry.type == NodeType::kPv || (entry.type == NodeType::kCut && stored >= beta) ||
                (entry.type == NodeType::kAll && stored <= alpha)) {
                return stored;
            }
        }
        const int value = chance(moves, count, depth, alpha, beta, ply, as);
        if (stopped()) return 0;
        const NodeType type = value <= alpha ? NodeType::kAll : value >= beta ? NodeType::kCut : NodeType::kPv;
        shared_.table.store(key, depth, type, to_table(value, ply), false, 0);
        return value;
    }

    // Expectimax over the outcomes with Star1/Star2 pruning (Ballard 1983; Hauk, Buro and
    // Schaeffer 2004). Values for `as` lie within [-kWin, kWin]. Star2 first probes every
    // outcome by searching only its first move: for the outcome's mover that is a lower
    // bound of its value, so a bound of the outcome's value for `as` (a lower one when the
    // mover is `as`, an upper one otherwise). Star1 then searches the outcomes one by one,
    // each with the window that the exact values so far and the bounds of the rest leave
    // for the node to end inside (alpha, beta); an outcome outside its window ends the node
    // with a bound. Without pruning (star off) every outcome is searched with a full window.
    int chance(Move* moves, int count, int depth, int alpha, int beta, int ply, int as) {
        typename G::Undo undo;
        if (!shared_.star) {
            double total = 0;
            for (int i = 0; i < count; ++i) {
                const double p = game_.probability(moves[i]);
                make_at(ply, moves[i], undo);
                const int value =
                    child_value(as, game_.side(), depth, -kInfinity, kInfinity, ply + 1, false);
                game_.unmake(moves[i], undo);
                if (stopped()) return 0;
                total += p * value;
            }
            return static_cast<int>(total);
        }
        double p[G::kMaxMoves];
        double lo[G::kMaxMoves];
        double hi[G::kMaxMoves];
        double rest_lo = 0, rest_hi = 0;  // the bounds' weighted sums over unsearched outcomes
        for (int i = 0; i < count; ++i) {
            p[i] = game_.probability(moves[i]);
            lo[i] = -kWin;
            hi[i] = kWin;
            if (depth >= 2) {
                make_at(ply, moves[i], undo);
                const int mover = game_.side();
                const int probe = probe_first(depth, ply + 1);
                game_.unmake(moves[i], undo);
                if (stopped()) return 0;
                if (probe > -kInfinity) {
                    if (mover == as) lo[i] = probe;
                    else hi[i] = -probe;
                }
            }
            rest_lo += p[i] * lo[i];
            rest_hi += p[i] * hi[i];
        }
        if (rest_hi <= alpha) return static_cast<int>(std::floor(rest_hi));
        if (rest_lo >= beta) return static_cast<int>(std::ceil(rest_lo));
        double total = 0;  // the exact values' weighted sum so far
        for (int i = 0; i < count; ++i) {
            rest_lo -= p[i] * lo[i];
            rest_hi -= p[i] * hi[i];
            // The outcome's value v ends the node below alpha when total + p v + rest_hi
            // <= alpha, above beta when total + p v + rest_lo >= beta.
            const double low = (alpha - total - rest_hi) / p[i];
            const double high = (beta - total - rest_lo) / p[i];
            const int a = static_cast<int>(std::max<double>(std::floor(low), -kInfinity));
            const int b = static_cast<int>(std::min<double>(std::ceil(high), kInfinity));
            make_at(ply, moves[i], undo);
            const int value = child_value(as, game_.side(), depth, a, b, ply + 1, false);
            game_.unmake(moves[i], undo);
            if (stopped()) return 0;
            if (value <= a && a > -kInfinity) {
                return static_cast<int>(std::floor(total + p[i] * value + rest_hi));
            }
            if (value >= b && b < kInfinity) {
                return static_cast<int>(std::ceil(total + p[i] * value + rest_lo));
            }
            total += p[i] * value;
        }
        return static_cast<int>(total);
    }

    // Star2's probe of a chance outcome: the value, for the player to move there, of its
    // first move (the hash move, else the best-ordered one) searched to `depth - 1` with a
    // full window; a lower bound of that player's value. -kInfinity when there is nothing
    // to probe (the game is over, or another chance event follows).
    int probe_first(int depth, int ply) {
        Move moves[G::kMaxMoves];
        const int count = game_.generate(moves);
        if (count == 0) return -kInfinity;
        const int player = game_.side();
        if (player == kChance || ply >= kMaxPly - 2) return -kInfinity;
        TranspositionTable::Entry entry;
        Move hash_move = kNone;
        if (shared_.table.probe(game_.hash(), entry) && entry.has_move) {
            hash_move = static_cast<Move>(entry.move);
        }
        int keys[G::kMaxMoves];
        score_moves(moves, keys, count, hash_move, ply, player, depth);
        pick(moves, keys, 0, count);
        typename G::Undo undo;
        make_at(ply, moves[0], undo);
        const int value =
            child_value(player, game_.side(), depth - 1, -kInfinity, kInfinity, ply + 1, false);
        game_.unmake(moves[0], undo);
        return value;
    }

    int quiescence(Move* moves, int count, int alpha, int beta, int ply, int player, int qply) {
        const int stand = evaluate(player);
        // In check (kEvasions): no standing pat, every move is tried.
        const bool evade = (shared_.prune & kEvasions) && qply < kEvasionPlies &&
                           ply < kMaxPly - 2 && in_danger(game_);
        if (!evade) {
            if (stand >= beta || qply >= 8 || ply >= kMaxPly - 2) return stand;
            if (stand > alpha) alpha = stand;
        }
        int n = 0;
        for (int i = 0; i < count; ++i) {
            if (evade) {
                moves[n++] = moves[i];
                continue;
            }
            if (!game_.forcing(moves[i])) continue;
            // Captures that lose material by their exchange are not searched here.
            if constexpr (HasSee<G>) {
                if ((shared_.prune & kSeeQuiescence) && game_.see(moves[i]) < 0) continue;
            }
            moves[n++] = moves[i];
        }
        if (n == 0) return stand;
        int keys[G::kMaxMoves];
        score_moves(moves, keys, n, kNone, kMaxPly, player, 0);
        int best = evade ? -kInfinity : stand;
        typename G::Undo undo;
        Move child_moves[G::kMaxMoves];
        for (int i = 0; i < n; ++i) {
            pick(moves, keys, i, n);
            game_.make(moves[i], undo);
            count_node();
            const int child_count = game_.generate(child_moves);
            const int child_player = child_count == 0 ? kTerminal : game_.side();
            int value;
            if (child_count == 0) {
                value = terminal_value(ply + 1, player);
            } else if (child_player == kChance) {
                value = evaluate(player);
            } else if (child_player == player) {
                value = quiescence(child_moves, child_count, alpha, beta, ply + 1, player, qply + 1);
            } else {
                value = -quiescence(child_moves, child_count, -beta, -alpha, ply + 1, child_player,
                                    qply + 1);
            }
            game_.unmake(moves[i], undo);
            if (stopped()) return 0;
            if (value > best) {
                best = value;
                if (value > alpha) {
                    alpha = value;
                    if (alpha >= beta) break;
                }
            }
        }
        return best;
    }
};

// Search `root` within `limits`; `report` sees every completed iteration of the main thread
// (returning false ends the search).
template <SearchGame G>
SearchOutcome<typename G::Move> search_position(
    const G& root, const SearchLimits& limits,
    const std::function<bool(const Iteration<typename G::Move>&)>& report = {},
    std::atomic<bool>* external_stop = nullptr,
    const std::vector<typename G::Move>& only = {}) {
    SharedSearch shared(limits.hash_mb, limits.keep_table, limits.table_owner);
    shared.star = limits.star;
    shared.plain = limits.plain;
    shared.ordered = limits.ordered;
    shared.prune = limits.plain ? 0 : limits.prune < 0 ? default_pruning<G>() : limits.prune;
    shared.unit = limits.unit > 0 ? limits.unit : pawn_unit<G>();
    shared.node_limit = limits.nodes;
    if (limits.seconds > 0) {
        // 1 ms is kept back for unwinding the tree and joining the helper threads.
        shared.timed = true;
        shared.deadline = shared.start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(std::max(limits.seconds - 0.001, 0.0)));
    }
    const int depth = std::clamp(limits.depth, 1, kMaxSearchDepth);
    const int threads = std::clamp(limits.threads, 1, 64);
    std::vector<std::unique_ptr<Searcher<G>>> helpers;
    std::vector<std::thread> workers;
    for (int i = 1; i < threads; ++i) {
        helpers.push_back(std::make_unique<Searcher<G>>(root, shared, i, only));
        workers.emplace_back([&, i] { helpers[static_cast<std::size_t>(i - 1)]->run(depth, {}); });
    }
    std::thread watcher;
    std::atomic<bool> done{false};
    if (external_stop) {
        watcher = std::thread([&] {
            while (!done.load()) {
                if (external_stop->load()) shared.stop.store(true);
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
        });
    }
    auto main = std::make_unique<Searcher<G>>(root, shared, 0, only, limits.multipv);
    SearchOutcome<typename G::Move> result = main->run(depth, report);
    shared.stop.store(true);
    for (auto& w : workers) w.join();
    done.store(true);
    if (watcher.joinable()) watcher.join();
    for (auto& h : helpers) h->flush_nodes();
    result.nodes = shared.nodes.load();
    result.seconds = shared.elapsed();
    return result;
}

}  // namespace spieltisch::native
