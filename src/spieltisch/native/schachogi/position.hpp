// Schachogi as a native position: the mirror of spieltisch/games/schachogi (board.py,
// state.py, game.py's position text), with the rules of shared/rules/schachogi.md and
// the default options (repetitions=3, quiet_plies=100).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "../core/game_concept.hpp"
#include "../core/outcome.hpp"
#include "../core/pruning.hpp"
#include "../core/text_read.hpp"
#include "nnue.hpp"
#include "tables.hpp"

namespace spieltisch::native::schachogi {

// A move is src | dst << 6 | promote << 12.
using Move = std::uint16_t;
constexpr Move make_move(int src, int dst, bool promote) {
    return static_cast<Move>(src | (dst << 6) | (promote ? 1 << 12 : 0));
}
constexpr int move_src(Move m) { return m & 63; }
constexpr int move_dst(Move m) { return (m >> 6) & 63; }
constexpr bool move_promotes(Move m) { return (m >> 12) & 1; }

struct Undo {
    std::int8_t moved;
    std::int8_t captured;
    bool pfloeck_taken;
    std::int64_t quiet;
};

class Position {
public:
    using Move = schachogi::Move;
    using Undo = schachogi::Undo;
    // 64 squares of promoted Ischis could not even stand; a bound with room to spare.
    static constexpr int kMaxMoves = 1024;

    // Evaluation variants: 0 is the default, the others candidates measured against it
    // (benchmarks/evaluation_match.py; docs/ai.md, the tuning log); 6 is the evaluation
    // before the piece-square tables, which the candidates 1..5 were built on, 8 the tables
    // with the old mobility (10 a move), which candidate 7 was built on. From
    // kFeatureVariant on, and the default, the evaluation is the rounded dot product of
    // `features` with the variant's weights: 9 the hand-set weights and threats (pieces
    // attacked by lesser ones, and attacked ones without a defender), 10 and 11 weights
    // fitted to self-play results (benchmarks/texel.py), 11 without the threats, 12 fitted
    // with a table of the pieces' squares to the self-play of 11 (the default's from its
    // SPRT to 14's); 13 the hand-set weights that were the default before 12; 14 fitted
    // again from 12, with the Pflöck's danger terms, to the self-play of 11 and 12 (the
    // default's from its SPRT to 15's); 15 fitted from 14 with the moves by kind, the safe
    // moves by kind and the attackers of the Pflöck's zone, to the self-play of 11, 12 and
    // 14, and since its SPRT the default's.
    static constexpr int kFeatureVariant = 9;
    static constexpr int kEvalVariants = 16;

    // Texel tuning (benchmarks/texel.py): the evaluation's terms, each red's minus blue's
    // and then taken for `player`: the pieces by kind (Ischi, Rock, Slotser, Wieher,
    // Brrbrr, then the promoted five), the piece-square tables' sum, the moves, the moves
    // into the 3x3 zone around the other Pflöck, candidate 9's threats (the pieces a
    // lesser piece attacks, their value over the attacker's / 8, the attacked pieces
    // without a defender, their value / 16), the move in hand (1 for the side to move),
    // the square of the moves into the other Pflöck's zone, the own pieces beside the
    // Pflöck, the zone's squares those moves reach; the moves by the moving piece's kind
    // (1..11, the Pflöck first: `moves_P` .. `moves_+B`), the same counting only the safe
    // ones (`safe_P` ..: to a square no move of the other side reaches), and the
    // attackers (the pieces with a move into the other Pflöck's zone); then the pieces on
    // their squares (kSquareTerms: for each kind 1..11, the Pflöck first, and each square
    // seen from the piece's own side, a1 its left back corner: `I@d1` is an Ischi on its
    // own starting square), which a fitted table weighs. Variant 0's weights give its
    // evaluation exactly, and so do candidate 9's and the fitted ones.
    static constexpr int kTerms = 44;
    static constexpr int kKindMoves = 21, kSafeMoves = 32, kAttackers = 43;
    static constexpr int kSquareTerms = 11 * 64;
    static constexpr int kFeatures = kTerms + kSquareTerms;
    static const char* const* const kFeatureNames;
    using Features = std::array<double, kFeatures>;
    // A position to read a config with (the weights' binding).
    static constexpr const char* kFeatureStart =
        "rwsipswr/bbbbbbbb/8/8/8/8/BBBBBBBB/RWSIPSWR w 0 1";
    Features features(int player) const;
    static const Features& feature_weights(int variant);
    int evaluation_variant() const { return evaluation_; }
    static Position parse(std::string_view text);
    // With the engine config: `eval=nnue` the learned evaluation (nnue.hpp), `eval=classic`
    // or "" the hand-written one (variant 0), `eval=N` a variant.
    static Position parse(std::string_view text, std::string_view config);
    // Selects evaluation variant `variant` (0..kEvalVariants-1; read_game reads it from
    // `eval=N`, for measurement only).
    void set_evaluation(int variant) { evaluation_ = static_cast<std::int8_t>(variant); }
    std::string text() const;
    std::string move_text(Move move) const;

    // The moves of `side`'s pieces by their movement (legal for the side to move while
    // the game goes on: there is no check).
    int pseudo_moves(int side, Move* out) const {
        int n = 0;
        for (int s = 0; s < 64; ++s) {
            const int v = board_[s];
            if (v == 0 || (v > 0) != (side == 0)) continue;
            const int index = v + 11;
            const int rays = kTables.ray_count[index][s];
            for (int r = 0; r < rays; ++r) {
                const Ray& ray = kTables.rays[index][s][r];
                for (int i = 0; i < ray.length; ++i) {
                    const int d = ray.targets[i];
                    const int w = board_[d];
                    if (w != 0 && (w > 0) == (v > 0)) break;
                    const std::uint8_t choice = ray.choices[i];
                    if (choice & kPlain) out[n++] = make_move(s, d, false);
                    if (choice & kPromote) out[n++] = make_move(s, d, true);
                    if (w != 0) break;
                }
            }
        }
        return n;
    }

    int generate(Move* out) const {
        if (pfloeck_gone() || quiet_draw() || repetition_draw()) return 0;
        return pseudo_moves(turn_, out);
    }

    void make(Move move, Undo& undo) {
        const int s = move_src(move), d = move_dst(move);
        const int v = board_[s], w = board_[d];
        undo = {static_cast<std::int8_t>(v), static_cast<std::int8_t>(w), pfloeck_taken_, quiet_};
        int placed = v;
        if (move_promotes(move)) {
            placed = v > 0 ? v + kPromotion : v - kPromotion;
            quiet_ = 0;
        } else if (w != 0 || abs_code(v) == kBrrbrr) {
            quiet_ = 0;
        } else {
            ++quiet_;
        }
        board_[s] = 0;
        board_[d] = static_cast<std::int8_t>(placed);
        keys_.push_back(keys_.back() ^ kTables.zobrist[v + 11][s] ^ kTables.zobrist[placed + 11][d] ^
                        kTables.zobrist[w + 11][d] ^ kTables.black_to_move);
        pfloeck_taken_ = abs_code(w) == kPfloeck;
        turn_ ^= 1;
        if (net_) accumulator_.move(*net_, v, s, placed, d, w);
    }

    void unmake(Move move, const Undo& undo) {
        if (net_) {
            accumulator_.undo(*net_, undo.moved, move_src(move), board_[move_dst(move)], move_dst(move),
                              undo.captured);
        }
        board_[move_src(move)] = undo.moved;
        board_[move_dst(move)] = undo.captured;
        quiet_ = undo.quiet;
        pfloeck_taken_ = undo.pfloeck_taken;
        keys_.pop_back();
        turn_ ^= 1;
    }

    int to_move() const;
    double probability(Move) const { return 1.0; }

    // For the search (core/search.hpp): the mover while in play, captures and promotions
    // as the forcing moves, their immediate gain, and the null move (a pass).
    int side() const { return turn_; }
    bool forcing(Move move) const { return board_[move_dst(move)] != 0 || move_promotes(move); }
    int move_value(Move move) const;
    // The moving piece's kind (promoted ones apart) and the target square, below 1024: the
    // key of the search's continuation history and countermoves.
    int piece_to(Move move) const { return abs_code(board_[move_src(move)]) * 64 + move_dst(move); }
    // Whether the player to move has its Pflöck attacked (the other side threatens to take
    // it next move): the search's threat extension (kThreat), Schachogi's "check".
    bool in_danger() const;
    // The static exchange on the move's target square (core/see.hpp): the material the move
    // wins (a capture, a promotion) less what the other side takes back, both sides capturing
    // with their least valuable piece first and stopping when going on costs them; sliders
    // behind the capturers join in (x-rays). Promotions of the recapturing pieces are left out.
    int see(Move move) const;
    // The unit of value for the search's pruning margins: a Bauer (Brrbrr).
    static constexpr int kPawn = 100;
    // The selectivity switches searched with by default (core/pruning.hpp), as measured
    // (docs/measurements/tuning.md): SEE pruning in quiescence, mate-distance pruning,
    // futility pruning (an SPRT at 10000 positions a move accepted it: +72 Elo, +38 .. +108)
    // and SEE pruning in the main search (an SPRT at 0.05 s a move: +66 Elo, +26 .. +107);
    // and the static values kept (the same tree: 14% fewer instructions a position); reverse
    // futility, internal iterative reductions and a stopped iteration's best move, together
    // (an SPRT at 0.1 s a move accepted them: docs/measurements/tuning.md).
    static constexpr int kPruneDefaults = kSeeQuiescence | kSeeMain | kMateDistance | kFutility |
                                          kEvalCache | kReverseFutility | kInternalReduction |
                                          kPartialIteration;
    static constexpr bool kNullMove = true;
    // Not with only the Pflöck and one piece left, where having to move may hurt.
    bool null_move_ok() const;
    void make_null(Undo& undo) {
        undo = {0, 0, pfloeck_taken_, quiet_};
        keys_.push_back(keys_.back() ^ kTables.black_to_move);
        pfloeck_taken_ = false;
        turn_ ^= 1;
    }
    void unmake_null(const Undo& undo) {
        keys_.pop_back();
        pfloeck_taken_ = undo.pfloeck_taken;
        turn_ ^= 1;
    }
    std::uint64_t hash() const { return keys_.back(); }
    int evaluate(int player) const;
    // The learned evaluation's accumulator, rebuilt from the board (what `make`/`unmake` keep
    // up to date move by move must equal it); null without `eval=nnue`.
    const nnue::Accumulator* accumulator() const { return net_ ? &accumulator_ : nullptr; }
    nnue::Accumulator refreshed_accumulator() const;
    std::optional<Outcome> outcome() const;

    // How often the current position (board and side to move) has occurred in the game,
    // this time included (state.py, repetition_count).
    std::int64_t repetition_count() const;

    // actions.hpp: action ids, legal-action masks and observation planes.
    friend struct Tensors;

private:
    std::int8_t evaluation_ = 0;  // the evaluation variant (parse with `eval=N`)
    const nnue::Network* net_ = nullptr;  // `eval=nnue`: the network and its accumulator
    nnue::Accumulator accumulator_;
    std::array<std::int8_t, 64> board_{};
    int turn_ = 0;
    std::int64_t quiet_ = 0;
    std::int64_t ply0_ = 0;          // the game's ply number of the parsed position
    std::int64_t seen_before_ = 0;   // the rN field: N - 1
    bool root_pfloeck_missing_ = false;  // the side to move lacks its Pflöck in the text
    bool pfloeck_taken_ = false;     // the last move took a Pflöck
    std::vector<std::uint64_t> keys_;  // every position's key since the parsed one

    int repetitions_ = 3;
    std::int64_t quiet_plies_ = 100;

    int conversion(int material, const int (&pfloeck)[2]) const;
    int shelter(const int (&pfloeck)[2]) const;
    int guards(int side, int at) const;
    struct Pressure {
        int moves = 0;    // the moves into the zone around the other Pflöck
        int squares = 0;  // the zone's squares they reach
        int attackers = 0;  // the pieces that make them
    };
    static Pressure pressure(const Move* moves, int count, int target);
    // The squares `count` moves end on.
    static std::uint64_t reach(const Move* moves, int count);
    int brrbrr_progress() const;
    Features features(int player, bool threat) const;
    // The evaluation of a variant from kFeatureVariant on (the features' weighted sum).
    int linear(int player) const;
    // The least valuable attacker of each of the other side's pieces among `moves`.
    void least_attackers(const Move* moves, int count, int (&least)[64]) const;
    bool pfloeck_gone() const {
        return keys_.size() > 1 ? pfloeck_taken_ : root_pfloeck_missing_;
    }
    bool quiet_draw() const { return quiet_plies_ && quiet_ >= quiet_plies_; }
    bool repetition_draw() const {
        return repetitions_ && repetition_count() >= repetitions_;
    }
};

static_assert(TextGame<Position>);

}  // namespace spieltisch::native::schachogi
