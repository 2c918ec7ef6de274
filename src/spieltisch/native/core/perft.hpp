// Perft, written once for every game: the leaves of the legal-move tree, every leaf made
// and unmade (no bulk counting), chance outcomes expanded as one ply each; the same
// definition as spieltisch.core.perft.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "game_concept.hpp"

namespace spieltisch::native {

template <Game G>
std::uint64_t perft(G& game, int depth) {
    if (depth <= 0) return 1;
    typename G::Move moves[G::kMaxMoves];
    const int count = game.generate(moves);
    typename G::Undo undo;
    std::uint64_t total = 0;
    if (depth == 1) {
        for (int i = 0; i < count; ++i) {
            game.make(moves[i], undo);
            game.unmake(moves[i], undo);
        }
        return static_cast<std::uint64_t>(count);
    }
    for (int i = 0; i < count; ++i) {
        game.make(moves[i], undo);
        total += perft(game, depth - 1);
        game.unmake(moves[i], undo);
    }
    return total;
}

// Perft split by first move, in generation order.
template <Game G>
std::vector<std::pair<typename G::Move, std::uint64_t>> divide(G& game, int depth) {
    std::vector<std::pair<typename G::Move, std::uint64_t>> rows;
    if (depth <= 0) return rows;
    typename G::Move moves[G::kMaxMoves];
    const int count = game.generate(moves);
    typename G::Undo undo;
    for (int i = 0; i < count; ++i) {
        game.make(moves[i], undo);
        rows.emplace_back(moves[i], perft(game, depth - 1));
        game.unmake(moves[i], undo);
    }
    return rows;
}

}  // namespace spieltisch::native
