// Ostseeschach's numeric view for the batch (core/batch.hpp), exactly as state.py defines
// it: action = from * 64 + to (squares y * 8 + x, red's side whatever the mover), and the
// observation of 19 planes of 8 x 8 from the mover's side (blue's view turned by 180°).
#pragma once

#include <algorithm>
#include <cstdint>

#include "../core/game_concept.hpp"
#include "position.hpp"

namespace spieltisch::native::ostseeschach {

struct Tensors {
    static constexpr int kNumActions = 64 * 64;
    static constexpr int kObservationSize = 19 * 64;

    static int action(const Position&, Move move) { return move_src(move) * 64 + move_dst(move); }
    static Move move(const Position&, int action) { return make_move(action / 64, action % 64); }
    // The player to move given the number of legal moves (none: the game is over).
    static int to_move(const Position& p, int legal) { return legal ? p.side() : kTerminal; }

    // state.py's observation(): own stacks by kind + 4 * (height - 1), the opponent's
    // (+8), own ambers / 2, the opponent's / 2, turn / 60.
    static void observation(const Position& p, float* out) {
        std::fill(out, out + kObservationSize, 0.0f);
        const int team = static_cast<int>(p.turn_ & 1);
        for (int s = 0; s < 64; ++s) {
            const int v = p.board_[s];
            if (!v) continue;
            const int owner = v > 0 ? 0 : 1;
            const int plane = kind_of(v) + 4 * (height_of(v) - 1) + (owner == team ? 0 : 8);
            out[plane * 64 + (team == 0 ? s : 63 - s)] = 1.0f;
        }
        const float values[3] = {
            static_cast<float>(static_cast<double>(p.ambers_[team]) / 2.0),
            static_cast<float>(static_cast<double>(p.ambers_[1 - team]) / 2.0),
            static_cast<float>(static_cast<double>(p.turn_) / kLastTurn),
        };
        for (int i = 0; i < 3; ++i) std::fill_n(out + (16 + i) * 64, 64, values[i]);
    }
};

}  // namespace spieltisch::native::ostseeschach
