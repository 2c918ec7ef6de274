// Okard as a native position: the mirror of spieltisch/games/okard (state.py, position.py,
// moves.py, evaluation.py), with the rules of shared/rules/okard.md and any options the
// config (lookup.hpp) gives. Every step of a turn is a move of its own: the die roll (a
// chance node), sacrifices, one line move, promotions, drops and END.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../core/game_concept.hpp"
#include "../core/outcome.hpp"
#include "lookup.hpp"

namespace spieltisch::native::okard {

// A move in 16 bits: tag << 14 | b << 7 | a.
//   tag 0 line move (a source, b target), 1 placement (a square, b kind), 2 drop (a square,
//   b kind), 3 other (b the kind of step below, a its square, kind or die value).
using Move = std::uint16_t;
enum Tag : int { kTagLine = 0, kTagPlace = 1, kTagDrop = 2, kTagOther = 3 };
enum Other : int { kOpRoll = 0, kOpPick = 1, kOpSacrifice = 2, kOpPromote = 3, kOpEnd = 4, kOpPickPass = 5, kOpPlaceDone = 6 };
constexpr Move make_move(int tag, int a, int b) { return static_cast<Move>(tag << 14 | b << 7 | a); }
constexpr Move other_move(int what, int a = 0) { return make_move(kTagOther, a, what); }
constexpr int move_tag(Move m) { return m >> 14; }
constexpr int move_a(Move m) { return m & 127; }
constexpr int move_b(Move m) { return (m >> 7) & 127; }

enum Phase : int { kPick = 0, kPlace = 1, kPlay = 2, kOver = 3 };
enum Stage : int { kStart = 0, kMoved = 1, kPromoted = 2, kDropped = 3 };
enum Reason : int { kKingCaptured = 0, kVictoryPoints = 1, kStonesHome = 2, kAllCaptured = 3, kTurnLimit = 4 };

// Everything but the board and the hands: what `make` saves and `unmake` restores.
struct Scalars {
    std::int64_t cap[2] = {0, 0};  // captured values
    int phase = kPick;
    int mover = 0;
    int ap = 0;  // -1 while the die is still to be rolled
    int sac = 0;
    int stage = kStart;
    int turn = 0;
    int done = 0;  // bit 0 red, bit 1 blue
    int die = 0;
    int winner = -1;
    int reason = -1;
    std::uint64_t zb = 0;  // Zobrist key of the board
    std::uint64_t zh = 0;  // sum of the hand keys of every stone in hand
};

struct Undo {
    Scalars saved;
    std::int8_t old[kMaxBoard];  // the squares a step changed, before it
};

class Position : public NoNullMove<Undo> {
public:
    friend class Tensors;  // the batch's numeric view (actions.hpp) reads the position
    using Move = okard::Move;
    using Undo = okard::Undo;
    static constexpr int kMaxMoves = okard::kMaxMoves;

    static Position parse(std::string_view text) { return parse(text, {}); }
    static Position parse(std::string_view text, std::string_view config);
    std::string text() const;
    std::string move_text(Move move) const;

    int generate(Move* out) const;
    void make(Move move, Undo& undo);
    void unmake(Move move, const Undo& undo);

    int to_move() const {
        if (s_.phase == kOver) return kTerminal;
        if (s_.phase == kPlay && s_.ap < 0) return kChance;
        return s_.mover;
    }
    double probability(Move) const { return s_.phase == kPlay && s_.ap < 0 ? 1.0 / kDieFaces : 1.0; }

    // For the search (core/search.hpp): the mover (also of a finished game: the winner, as
    // the position text records it), captures as the forcing moves and their value, no
    // null move (a turn is many steps of one player).
    int side() const { return s_.phase == kPlay && s_.ap < 0 ? kChance : s_.mover; }
    bool forcing(Move move) const { return move_value(move) > 0; }
    // Sacrifices, promotions and drops of one turn commute (their AP add up, whatever the
    // order): the search tries them in increasing order of square (and kind) only.
    bool redundant(Move previous, Move move) const {
        const int tag = move_tag(move);
        if (tag != move_tag(previous)) return false;
        if (tag == kTagDrop) {
            return (move_a(move) << 7 | move_b(move)) < (move_a(previous) << 7 | move_b(previous));
        }
        if (tag != kTagOther || move_b(move) != move_b(previous)) return false;
        const bool commutes = move_b(move) == kOpSacrifice || move_b(move) == kOpPromote;
        return commutes && move_a(move) < move_a(previous);
    }
    int move_value(Move move) const;
    std::uint64_t hash() const;
    int evaluate(int player) const;
    std::optional<Outcome> outcome() const;

    // Texel tuning (benchmarks/texel.py): the evaluation's terms (position.cpp, features)
    // and the weights an evaluation variant gives them; variant 5 weighs them as fitted to
    // self-play results, 6 as fitted again to ten times the games, 7 and 8 (the default) as
    // 5 with the army's learned worth while picking and placing, 2 (the evaluation before 5)
    // is their plain sum.
    static constexpr int kTexelVariant = 5;
    static constexpr int kRefitVariant = 6;
    // The first eight kinds of the stone list (the default's B, SP, SC, RI, L, T, G, K)
    // counted on their own as well.
    static constexpr int kKindFeatures = 8;
    // Variant 7: the default's weights, and the army's worth learned from playouts while
    // the armies are picked and placed (the feature `army`, army_term).
    static constexpr int kArmyVariant = 7;
    // Variant 8 (the default): 7's weights, and in the term `army` what the armies' matches
    // showed the worth by kind misses (army_term).
    static constexpr int kArmyMatchVariant = 8;
    // Each pair of a side's Generals, and each of its Generals with each enemy Läufer or
    // Turm, in evaluation points (the tuning log, "Generals together and against lines").
    static constexpr int kGeneralPair = 100;
    static constexpr int kGeneralAgainstLine = 92;
    static constexpr int kFeatures = 8 + kKindFeatures;
    static constexpr const char* kFeatureNames[kFeatures] = {
        "board", "hand", "threat_next", "threat_answered", "king_zone", "tempo", "reach",
        "kind0", "kind1", "kind2", "kind3", "kind4", "kind5", "kind6", "kind7", "army"};
    using Features = std::array<double, kFeatures>;
    static constexpr const char* kFeatureStart = "9/9/9/9/9/9/9/9/9 -/- 0:0 pick r 0 0 s 0 -- -";
    Features features(int player) const { return features(player, stones()); }
    static const Features& feature_weights(int variant);
    int evaluation_variant() const { return t_->evaluation; }

    int home_points(int player) const;
    // The least die value (or known AP) with which `attacker` captures the other König in
    // one turn of sacrifices (within `room` AP) and a line move; see position.cpp.
    int king_need(int attacker, int room) const { return king_need(attacker, room, stones()); }

private:
    // Each side's stones on the board as a list of squares (ascending), its König's square
    // (the first, -1 when it has none) and how many Königs it has (one in every position
    // the rules reach): one scan of the board that the evaluation's terms then walk,
    // instead of each term scanning every square of the board again.
    struct Stones {
        std::array<int, 2> count{};
        std::array<std::array<std::int8_t, kMaxSquares>, 2> squares;  // count[side] of them are set
        std::array<int, 2> king{-1, -1};
        std::array<int, 2> kings{};
    };

    const Lookup* t_ = nullptr;
    std::array<std::int8_t, kMaxSquares> board_{};
    std::array<std::array<std::int32_t, kMaxKinds>, 2> hand_{};
    Scalars s_;

    bool owned_by(int code, int player) const { return player == 0 ? code > 0 : code < 0; }
    int front_code(int player, int kind) const { return player == 0 ? 1 + 2 * kind : -(1 + 2 * kind); }
    std::int64_t points_left(int player) const;
    bool affordable(int player, int kind) const;
    bool any_affordable(int player) const;
    bool king_placed(int player) const;
    bool setup_done(int player) const;
    void advance_setup(int player);
    void start_turn();
    void end_turn(int player);
    void finish(int winner, int reason);
    void check_capture_win(int player, bool king_taken);
    void put_from_hand(int player, int kind, int sq);
    void hand_add(int player, int kind, int delta) {
        hand_[player][kind] += delta;
        s_.zh += static_cast<std::uint64_t>(delta) * t_->hand_keys[player][kind];
    }
    int place_moves(Move* out) const;
    int play_moves(Move* out) const;
    Stones stones() const;
    int material10(int player, const Stones& stones) const;
    int king_need(int attacker, int room, const Stones& stones) const;
    std::pair<int, int> threat_parts(int player, const Stones& stones, int* reach = nullptr,
                                     int* zone = nullptr) const;
    int capture_costs(int attacker, const Stones& stones, int* cost) const;
    Features features(int player, const Stones& stones) const;
    // Each side's army by kind, on the board and in hand (the first kKindFeatures kinds).
    using Army = std::array<std::array<int, kKindFeatures>, 2>;
    int army_term(int player, const Army& army) const;
    void read_ranks(std::string_view field);
    void read_hands(std::string_view field);
    bool has_legal_move() const;
};

static_assert(TextGame<Position>);

}  // namespace spieltisch::native::okard
