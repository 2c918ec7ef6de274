// Random playouts, written once for every game: bulk simulation from a position to the
// end with uniformly random moves (chance outcomes drawn by their probabilities), the
// building block of Monte Carlo search and of simulation statistics.
#pragma once

#include <cstdint>

#include "game_concept.hpp"

namespace spieltisch::native {

// A small, fast, seedable generator (xorshift64*); the same seed gives the same games.
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {
        if (state_ == 0) state_ = 1;
    }
    std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 0x2545F4914F6CDD1Dull;
    }
    // Uniform in [0, n).
    int below(int n) { return static_cast<int>((next() >> 11) % static_cast<std::uint64_t>(n)); }
    // Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t state_;
};

struct PlayoutStats {
    std::uint64_t games = 0;
    std::uint64_t plies = 0;        // moves and chance events played
    std::uint64_t wins[2] = {0, 0};
    std::uint64_t draws = 0;        // also games cut at max_plies
};

// `games` random games from `start`, each at most `max_plies` long.
template <TextGame G>
PlayoutStats random_playouts(const G& start, int games, std::uint64_t seed, int max_plies) {
    PlayoutStats stats;
    Random rng(seed);
    typename G::Move moves[G::kMaxMoves];
    typename G::Undo undo;
    for (int g = 0; g < games; ++g) {
        G game = start;
        int ply = 0;
        for (; ply < max_plies; ++ply) {
            const int count = game.generate(moves);
            if (count == 0) break;
            int pick = 0;
            if (game.to_move() == kChance) {
                double r = rng.unit();
                while (pick + 1 < count && (r -= game.probability(moves[pick])) >= 0) ++pick;
            } else {
                pick = rng.below(count);
            }
            game.make(moves[pick], undo);
        }
        ++stats.games;
        stats.plies += static_cast<std::uint64_t>(ply);
        const auto result = game.outcome();
        if (result && result->winner >= 0) {
            ++stats.wins[result->winner];
        } else {
            ++stats.draws;
        }
    }
    return stats;
}

}  // namespace spieltisch::native
