// Hase und Igel's numeric view for the batch (core/batch.hpp), exactly as state.py
// defines it. A native move is already its action id (moves.py's ALL_MOVES index); the
// observation is 12 planes of the 65 track fields from the mover's view.
#pragma once

#include <algorithm>
#include <cstdint>

#include "../core/game_concept.hpp"
#include "position.hpp"

namespace spieltisch::native::haseundigel {

struct Tensors {
    static constexpr int kNumActions = 5 + 64 * 25;
    static constexpr int kObservationSize = 12 * 65;

    static int action(const Position&, Move move) { return move; }
    static Move move(const Position&, int action) { return static_cast<Move>(action); }
    static int to_move(const Position& p, int) { return p.to_move(); }

    // state.py's observation(): the 8 field types, own and the opponent's hare, then per
    // player carrots / 100, salads / 5, the four cards (take, eat, hurry, fall), must move
    // on, must eat a salad (after the last non-skip action), turn / 60.
    static void observation(const Position& p, float* out) {
        std::fill(out, out + kObservationSize, 0.0f);
        const int me = static_cast<int>(p.turn_ & 1);
        for (int i = 0; i < 65; ++i) out[p.fields_[i] * 65 + i] = 1.0f;
        const int players[2] = {me, 1 - me};
        for (int k = 0; k < 2; ++k) {
            const int who = players[k];
            const std::int64_t where = p.pos_[who];
            if (where >= 0 && where <= 64) out[(8 + k) * 65 + where] = 1.0f;
            float* figures = out + (10 + k) * 65;
            const int kind = p.last_[who].kind;
            figures[0] = static_cast<float>(static_cast<double>(p.carrots_[who]) / 100.0);
            figures[1] = static_cast<float>(static_cast<double>(p.salads_[who]) / 5.0);
            for (int card = 0; card < 4; ++card) {
                figures[2 + card] = (p.cards_[who] >> card) & 1 ? 1.0f : 0.0f;
            }
            figures[6] = kind == kEatSalad || kind == kCardEat || kind == kCardTake ? 1.0f : 0.0f;
            figures[7] = kind == kAdvance || kind == kCardHurry || kind == kCardFall ? 1.0f : 0.0f;
            figures[8] = static_cast<float>(static_cast<double>(p.turn_) / 60.0);
        }
    }
};

}  // namespace spieltisch::native::haseundigel
