// Hase und Igel (Software-Challenge 2018) as a native position: the mirror of
// spieltisch/games/haseundigel (board.py, moves.py, rules.py, state.py and game.py's
// position text), with the rules of shared/rules/hase-und-igel.md.
//
// A move is its index in moves.py's ALL_MOVES: 0 skip, 1 eat, 2 fall back, 3 exchange
// +10, 4 exchange -10, then 5 + (d - 1) * 25 + chain for an advance by d followed by the
// card chain `chain` = prefix * 5 + terminal (moves.py's PREFIXES and TERMINALS).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "../core/game_concept.hpp"
#include "../core/outcome.hpp"
#include "../core/pruning.hpp"
#include "../core/text_read.hpp"
#include "finish.hpp"

namespace spieltisch::native::haseundigel {

using Move = std::uint16_t;
inline constexpr Move kSkip = 0, kEat = 1, kFallBack = 2, kExchangePlus = 3, kExchangeMinus = 4;
inline constexpr Move kNoMove = 0xFFFF, kOtherMove = 0xFFFE;  // only as the last move
constexpr Move advance_move(int distance, int chain) {
    return static_cast<Move>(5 + (distance - 1) * 25 + chain);
}

// Action kinds as moves.py numbers them; kNone for "no last action".
enum Kind : std::int8_t {
    kNone = -1, kAdvance = 0, kFall = 1, kExchange = 2, kEatSalad = 3, kSkipAction = 4,
    kCardTake = 5, kCardEat = 6, kCardHurry = 7, kCardFall = 8,
};

// A player's last non-skip action and its order in the move it came from.
struct LastAction {
    std::int8_t kind = kNone;
    std::int64_t value = 0;
    std::int64_t order = 0;
};

struct Undo {
    std::array<std::int64_t, 2> pos;
    std::array<std::int64_t, 2> carrots;
    std::int64_t salads;
    std::uint8_t cards;
    LastAction last;
    Move last_move;
};

class Position : public NoNullMove<Undo> {
public:
    using Move = haseundigel::Move;
    using Undo = haseundigel::Undo;
    static constexpr int kMaxMoves = 5 + 64 * 25;

    // Evaluation variants: 0 is the default, the others candidates measured against it
    // (benchmarks/evaluation_match.py; docs/measurements/tuning.md).
    // The default (0) is the race formula of evaluation.py with the turns to the goal counted
    // on the board (finish.hpp: the fewest own turns by dynamic programming, in place of the
    // formula's estimate) and the move in hand worth a whole turn; 19 is that count without
    // the tempo (the default before it), 20 with half a turn; 6 is evaluation.py's race
    // formula itself (the default before the count), 1 and 2 earlier candidates of that
    // formula; 3 to 5 weigh the formula's terms as fitted to self-play results (Texel's
    // method, benchmarks/texel.py): 3 all of them, 4 with the field's weight held at 0.1, 5
    // fitted again on 3's own self-play; 7 to 10 the count without the tempo with other
    // weights: the field 0.2 (7) and 0.05 (8), a card 0.6 turns (9) and none (10); 11 to 18
    // the count without the tempo paying other carrots for what depends on the other player
    // (FinishTable::Pay: a salad, the first- and the second-position field's bonus):
    // 11 {10, 10, 0}, 12 {30, 0, 30}, 13 {10, 0, 0}, 14 {10, 10, 30}, 15 {0, 0, 0},
    // 16 {20, 10, 0}, 17 {20, 10, 30}, 18 {20, 0, 30} (the default's is {20, 0, 0}); 21
    // to 24 the default with the move in hand worth 1.5, 2, 0.75 and 0.875 turns.
    static constexpr int kEvalVariants = 25;
    static constexpr FinishTable::Pay kPays[8] = {{10, 10, 0},  {30, 0, 30}, {10, 0, 0},
                                                  {10, 10, 30}, {0, 0, 0},   {20, 10, 0},
                                                  {20, 10, 30}, {20, 0, 30}};
    // The race terms of evaluate(), each the player's minus the other's: estimated turns
    // to the goal, salads no longer to be eaten ahead, cards, field, the race value of a
    // player in the goal or out of time (fixed), carrots / 10, the tempo, salads held.
    static constexpr int kFeatures = 8;
    static constexpr const char* kFeatureNames[kFeatures] = {
        "turns", "excess_salads", "cards", "field", "fixed", "carrots", "tempo", "salads"};
    using Features = std::array<double, kFeatures>;
    // A position to read a config with (the weights' binding).
    static constexpr const char* kFeatureStart =
        "SH12CCHCCHLICHCIC12IC2LCICCCH2ICH2H1CIHC2CLI1CHCC2IH2CCCILCCH1CHG 0 0/68/5/TEHF/- "
        "0/68/5/TEHF/- -";
    // The terms for `player` (evaluate() outside a decided finish is
    // tanh(weights . features / 4) in ten-thousandths; exactly so for variants 0, 3, 4, 5).
    Features features(int player) const;
    static const Features& feature_weights(int variant);
    int evaluation_variant() const { return evaluation_; }
    static Position parse(std::string_view text);
    // Selects evaluation variant `variant` (0..kEvalVariants-1; read_game reads it from
    // `eval=N`, for measurement only).
    void set_evaluation(int variant) {
        evaluation_ = static_cast<std::int8_t>(variant);
        finish_ = counts_on_board() ? board_table() : nullptr;
    }
    std::string text() const;
    const std::array<std::int8_t, 65>& board() const { return fields_; }  // field types
    std::string move_text(Move move) const;  // the long notation: `advance 3, card EAT_SALAD`

    int generate(Move* out) const;
    void make(Move move, Undo& undo);
    void unmake(Move move, const Undo& undo);
    int to_move() const { return game_over() ? kTerminal : static_cast<int>(turn_ & 1); }
    double probability(Move) const { return 1.0; }

    // For the search (core/search.hpp): no move is forcing (quiescence is the static
    // value), and no null move: passing is not a move here and zugzwang is common.
    int side() const { return static_cast<int>(turn_ & 1); }
    bool forcing(Move) const { return false; }
    int move_value(Move) const { return 0; }
    // The unit of the search's pruning margins: 1000 points, about four tenths of a turn
    // near an even race (the evaluation is 10000 tanh(turns / 4)); measured against 100,
    // 600 and 2500, and 1500 by an SPRT (docs/measurements/tuning.md).
    static constexpr int kPawn = 1000;
    // The selectivity switches searched with by default (core/pruning.hpp), as measured:
    // mate-distance pruning, futility pruning (an SPRT at 0.05 s a move accepted it with
    // the unit above: +34 Elo, +12 .. +58) and, on top of it, the reductions from the table
    // (another accepted them: +53 Elo, +24 .. +82).
    static constexpr int kPruneDefaults = kMateDistance | kFutility | kReductionTable;
    std::uint64_t hash() const;
    int evaluate(int player) const;
    std::optional<Outcome> outcome() const;

    bool game_over() const {
        if (turn_ >= 60) return true;
        return turn_ > 0 && (turn_ & 1) == 0 && (pos_[0] == 64 || pos_[1] == 64);
    }

    // actions.hpp: action ids, legal-action masks and observation planes.
    friend struct Tensors;

private:
    std::int8_t evaluation_ = 0;  // the evaluation variant (parse with `eval=N`)
    // The turns to the goal on this board (the default evaluation's; taken at
    // set_evaluation, or at the first evaluation of a position nobody set one for).
    mutable std::shared_ptr<const FinishTable> finish_;
    bool counts_on_board() const { return evaluation_ == 0 || evaluation_ >= 7; }
    // The table of this board with the variant's pay (kPays for 11 to 18, else the default).
    std::shared_ptr<const FinishTable> board_table() const {
        if (evaluation_ >= 11 && evaluation_ <= 18) return FinishTable::of(fields_, kPays[evaluation_ - 11]);
        return FinishTable::of(fields_);
    }
    std::array<std::int8_t, 65> fields_{};
    std::uint64_t board_key_ = 0;  // the fields' part of hash() (board_key, set by parse)
    static std::uint64_t board_key(const std::array<std::int8_t, 65>& fields);
    std::array<std::int8_t, 66> previous_hedgehog_{};
    std::int64_t turn_ = 0;
    std::array<std::int64_t, 2> pos_{};
    std::array<std::int64_t, 2> carrots_{};
    std::array<std::int64_t, 2> salads_{};
    std::array<std::uint8_t, 2> cards_{};
    std::array<LastAction, 2> last_{};
    Move last_move_ = kNoMove;
    std::string other_last_move_;  // the code of a parsed last move outside the table

    int type_at(std::int64_t index) const { return index >= 0 && index <= 64 ? fields_[index] : -1; }
    std::int64_t previous_hedgehog(std::int64_t index) const {
        if (index <= 0) return -1;
        return previous_hedgehog_[index > 65 ? 65 : index];
    }
    void card_chains(std::int64_t h, std::int64_t opp, std::int64_t car, std::int64_t sal,
                     int cards, int prefix, int* out, int& n) const;
    void moving(std::int64_t t, std::int64_t opp, std::int64_t car, std::int64_t sal, int rest,
                int prefix, int* out, int& n) const;
    std::string move_code(Move move) const;
    double race_value(int player) const;  // evaluation.py's race_value
    // The parts of a player's race value (race_terms) and its Texel features.
    struct RaceTerms {
        bool fixed = false;       // in the goal: fixed_value is the race value
        double fixed_value = 0.0;
        double base_turns = 0.0;  // turns_to_finish with the salads still to eat
        double excess_salads = 0.0, cards = 0.0, index = 0.0, carrots = 0.0, salads = 0.0;
        std::int64_t turns_left = 0;
    };
    RaceTerms race_terms(int player) const;
    Features player_features(int player) const;
};

static_assert(TextGame<Position>);

}  // namespace spieltisch::native::haseundigel
