// Ostseeschach (Software-Challenge 2022) as a native position: the mirror of
// spieltisch/games/ostseeschach (board.py, state.py, game.py's position text), with the
// rules of shared/rules/ostseeschach.md.
//
// Squares are y * 8 + x, x the forward axis (red towards +x). A square holds a signed
// code as in board.py: 0 empty, > 0 red, < 0 blue, |code| = kind + 1 + 4 * (height - 1)
// with kind 0..3 = Herzmuschel, Möwe, Seestern, Robbe.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "../core/game_concept.hpp"
#include "../core/outcome.hpp"
#include "../core/pruning.hpp"
#include "../core/text_read.hpp"
#include "tables.hpp"

namespace spieltisch::native::ostseeschach {

inline constexpr int kLastTurn = 60;
inline constexpr int kAmbersToWin = 2;

// A move is src | dst << 6 (both on the board); kNoMove / kOtherMove only as `last`.
using Move = std::uint16_t;
inline constexpr Move kNoMove = 0xFFFF;
inline constexpr Move kOtherMove = 0xFFFE;  // a last move off the board, kept as text

constexpr Move make_move(int src, int dst) { return static_cast<Move>(src | (dst << 6)); }
constexpr int move_src(Move m) { return m & 63; }
constexpr int move_dst(Move m) { return m >> 6; }

struct Undo {
    std::uint64_t key;
    std::uint64_t red, blue;  // the occupancy before the move
    std::int8_t moved;
    std::int8_t captured;
    std::uint8_t gain;
    Move last;
};

class Position {
public:
    using Move = ostseeschach::Move;
    using Undo = ostseeschach::Undo;
    // 64 squares, each stack at most 8 targets (a Robbe's knight jumps).
    static constexpr int kMaxMoves = 512;

    // Evaluation variants: 0 is the default, the others candidates measured against it
    // (benchmarks/evaluation_match.py; docs/ai.md, the tuning log).
    static constexpr int kEvalVariants = 9;
    static Position parse(std::string_view text);
    // Selects evaluation variant `variant` (0..kEvalVariants-1; read_game reads it from
    // `eval=N`, for measurement only).
    void set_evaluation(int variant) { evaluation_ = static_cast<std::int8_t>(variant); }
    std::string text() const;
    std::string move_text(Move move) const;

    int generate(Move* out) const {
        if (round_end_reached()) return 0;
        const int team = static_cast<int>(turn_ & 1);
        const std::uint64_t own = occupied_[team];
        int n = 0;
        for (std::uint64_t rest = own; rest; rest &= rest - 1) {
            const int s = std::countr_zero(rest);
            const int index = board_[s] + 8;
            const std::uint8_t* targets = kTables.targets[index][s];
            const int count = kTables.count[index][s];
            for (int i = 0; i < count; ++i) {
                if (!((own >> targets[i]) & 1)) out[n++] = make_move(s, targets[i]);
            }
        }
        return n;
    }

    void make(Move move, Undo& undo) {
        const int s = move_src(move), d = move_dst(move);
        const int v = board_[s], w = board_[d];
        const int team = v > 0 ? 0 : 1;
        int gain = kTables.line_amber[v + 8][d];
        if (height_of(v) + height_of(w) >= 3) ++gain;
        undo = {key_, occupied_[0], occupied_[1], static_cast<std::int8_t>(v),
                static_cast<std::int8_t>(w), static_cast<std::uint8_t>(gain), last_};
        board_[s] = 0;
        occupied_[team] ^= std::uint64_t{1} << s;
        key_ ^= kTables.zobrist[s][v + 8];
        if (w) {
            key_ ^= kTables.zobrist[d][w + 8];
            occupied_[1 - team] ^= std::uint64_t{1} << d;
        }
        int placed = 0;
        if (gain) {
            ambers_[turn_ & 1] += gain;
        } else {
            placed = w ? (v > 0 ? v + 4 : v - 4) : v;
            key_ ^= kTables.zobrist[d][placed + 8];
            occupied_[team] |= std::uint64_t{1} << d;
        }
        board_[d] = static_cast<std::int8_t>(placed);
        ++turn_;
        last_ = move;
    }

    void unmake(Move move, const Undo& undo) {
        board_[move_src(move)] = undo.moved;
        board_[move_dst(move)] = undo.captured;
        --turn_;
        if (undo.gain) ambers_[turn_ & 1] -= undo.gain;
        last_ = undo.last;
        key_ = undo.key;
        occupied_ = {undo.red, undo.blue};
    }
    int to_move() const;
    double probability(Move) const { return 1.0; }

    // For the search (core/search.hpp): the mover while in play, captures and amber moves
    // as the forcing moves, their immediate gain, and the null move (a pass).
    int side() const { return static_cast<int>(turn_ & 1); }
    bool forcing(Move move) const {
        const int v = board_[move_src(move)], d = move_dst(move);
        return board_[d] != 0 || kTables.line_amber[v + 8][d] != 0;
    }
    int move_value(Move move) const {
        const int v = board_[move_src(move)], d = move_dst(move), w = board_[d];
        int value = 0;
        if (w) value += 1000 * height_of(w) + (height_of(v) + height_of(w) >= 3 ? 4000 : 0);
        if (kTables.line_amber[v + 8][d]) value += 4000;
        return value - height_of(v);
    }
    // The static exchange on the move's target square (core/see.hpp), in evaluation units:
    // a stack 1000, a tower of two 1600, an amber 4000. A capture stacks the capturer on the
    // captured (its value grows), a tower of three or a piece on the amber line turns into
    // ambers and leaves the square empty (the exchange ends); the sides take back with their
    // lowest stack first and stop when going on costs them. The pieces jump, so there are
    // no x-rays.
    int see(Move move) const;
    // The unit of value for the search's pruning margins (a stack is 1000).
    static constexpr int kPawn = 800;
    // The selectivity switches searched with by default (core/pruning.hpp), as measured
    // (docs/measurements/tuning.md): mate-distance pruning and futility pruning (an SPRT
    // at 20000 positions a move accepted it: +43 Elo, +17 .. +69).
    static constexpr int kPruneDefaults = kMateDistance | kFutility;
    static constexpr bool kNullMove = true;
    // Not with fewer than three stacks, where having to move may hurt (zugzwang-like).
    bool null_move_ok() const { return std::popcount(occupied_[turn_ & 1]) >= 3; }
    void make_null(Undo& undo) {
        undo = {key_, occupied_[0], occupied_[1], 0, 0, 0, last_};
        ++turn_;
        last_ = kNoMove;
    }
    void unmake_null(const Undo& undo) {
        --turn_;
        last_ = undo.last;
    }
    std::uint64_t hash() const;
    int evaluate(int player) const;

    // The official end check: after blue's move (even turn), two ambers or turn 60.
    bool round_end_reached() const {
        return (turn_ & 1) == 0 &&
               (turn_ >= kLastTurn || ambers_[0] >= kAmbersToWin || ambers_[1] >= kAmbersToWin);
    }
    // The result once the game is over (score parts: win points, ambers, the furthest
    // light piece's distance), nullopt while it is in play.
    std::optional<Outcome> outcome() const;

    std::int8_t at(int square) const { return board_[square]; }
    std::int64_t turn() const { return turn_; }

    // actions.hpp: action ids, legal-action masks and observation planes.
    friend struct Tensors;

private:
    std::int8_t evaluation_ = 0;  // the evaluation variant (parse with `eval=N`)
    std::array<std::int8_t, 64> board_{};
    std::int64_t turn_ = 0;
    std::array<std::int64_t, 2> ambers_{};
    Move last_ = kNoMove;
    std::string other_last_;  // the text of a last move off the board (kOtherMove)
    std::uint64_t key_ = 0;   // Zobrist key of the board alone
    std::array<std::uint64_t, 2> occupied_{};  // the squares of each team's stacks

    void tower_safety(std::int64_t (&points)[2]) const;
    void light_distances(int team, std::array<int, 64>& out, int& count) const;
};

static_assert(TextGame<Position>);

}  // namespace spieltisch::native::ostseeschach
