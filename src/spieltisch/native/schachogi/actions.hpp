// Schachogi's numeric view for the batch (core/batch.hpp), exactly as state.py defines it:
// action = promote * 4096 + from * 64 + to (a1 = 0 .. h8 = 63, White's side), and the
// observation of 24 planes of 8 x 8 from the mover's side (Black's view mirrored top to
// bottom).
#pragma once

#include <algorithm>
#include <cstdint>

#include "../core/game_concept.hpp"
#include "position.hpp"

namespace spieltisch::native::schachogi {

struct Tensors {
    static constexpr int kNumActions = 2 * 64 * 64;
    static constexpr int kObservationSize = 24 * 64;

    static int action(const Position&, Move move) {
        return (move_promotes(move) ? 4096 : 0) + move_src(move) * 64 + move_dst(move);
    }
    static Move move(const Position&, int action) {
        return make_move((action / 64) % 64, action % 64, action >= 4096);
    }
    static int to_move(const Position& p, int legal) { return legal ? p.turn_ : kTerminal; }

    // state.py's observation(): own pieces by code 1..11, the opponent's (+11), quiet
    // plies / 100 and repetitions / 3 (both capped at 1).
    static void observation(const Position& p, float* out) {
        std::fill(out, out + kObservationSize, 0.0f);
        const int side = p.turn_;
        for (int s = 0; s < 64; ++s) {
            const int v = p.board_[s];
            if (!v) continue;
            const int owner = v > 0 ? 0 : 1;
            const int plane = (v > 0 ? v : -v) - 1 + (owner == side ? 0 : 11);
            out[plane * 64 + (side == 0 ? s : s ^ 56)] = 1.0f;
        }
        const double quiet = static_cast<double>(std::min<std::int64_t>(p.quiet_, 100)) / 100.0;
        const double reps =
            static_cast<double>(std::min<std::int64_t>(p.repetition_count(), 3)) / 3.0;
        std::fill_n(out + 22 * 64, 64, static_cast<float>(quiet));
        std::fill_n(out + 23 * 64, 64, static_cast<float>(reps));
    }
};

}  // namespace spieltisch::native::schachogi
