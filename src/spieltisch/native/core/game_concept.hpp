// The small game concept every native engine implements, and that the generic code
// (perft now, the search in the next stage) is written against once, as templates.
//
// A position is a mutable value: moves are generated into a caller's fixed buffer (no
// allocation in the tree), made and unmade with an undo record, and a chance node
// (dice, a random draw) generates its outcomes as moves with a probability each, so
// perft and expectimax treat them as one ply like any other move.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <stdexcept>
#include <string_view>

#include "outcome.hpp"
#include "text_read.hpp"

namespace spieltisch::native {

// Whose turn it is, as `to_move()` returns it: player 0 or 1, a chance event, or over.
inline constexpr int kPlayer0 = 0;
inline constexpr int kPlayer1 = 1;
inline constexpr int kChance = -1;
inline constexpr int kTerminal = -2;

// The tree side: what search and perft need.
template <class G>
concept Game = std::copyable<G> && requires(
    G game, const G cgame, typename G::Move move, typename G::Undo undo,
    typename G::Move* buffer, int player) {
    // At most this many moves in any position: the size of a move buffer.
    { G::kMaxMoves } -> std::convertible_to<int>;
    // The legal moves (or the chance outcomes) into `buffer`; the count. 0 when over.
    { cgame.generate(buffer) } -> std::same_as<int>;
    { game.make(move, undo) } -> std::same_as<void>;
    { game.unmake(move, undo) } -> std::same_as<void>;
    // kPlayer0, kPlayer1, kChance or kTerminal.
    { cgame.to_move() } -> std::same_as<int>;
    // The probability of a chance outcome (1 for a player's move).
    { cgame.probability(move) } -> std::same_as<double>;
    // The position key for transposition tables (equal positions, equal keys).
    { cgame.hash() } -> std::same_as<std::uint64_t>;
    // A heuristic value for `player` of a position in play, in the game's own units;
    // larger is better for `player`.
    { cgame.evaluate(player) } -> std::same_as<int>;
};

// The boundary side: the game's own position text in and out, moves in its notation, the
// result at the end. `parse` throws std::invalid_argument on text it does not accept.
template <class G>
concept TextGame = Game<G> && requires(const G cgame, typename G::Move move, std::string_view text) {
    { G::parse(text) } -> std::same_as<G>;
    { cgame.text() } -> std::same_as<std::string>;
    { cgame.move_text(move) } -> std::same_as<std::string>;
    { cgame.outcome() } -> std::same_as<std::optional<Outcome>>;
};

// A position of `G` from its text and the game's options: `config` is the options in the
// engine's own small form (okard/lookup.hpp); for a game with evaluation variants and no
// options, `eval=N` selects a variant ("" the default one every normal caller gets); any
// other game takes only "".
template <TextGame G>
G read_game(std::string_view text, std::string_view config) {
    if constexpr (requires { G::parse(text, config); }) {
        return G::parse(text, config);
    } else if constexpr (requires(G game) { game.set_evaluation(G::kEvalVariants); }) {
        G game = G::parse(text);
        game.set_evaluation(read_eval_variant(config, G::kEvalVariants));
        return game;
    } else {
        if (!config.empty()) throw std::invalid_argument("this native engine takes no options");
        return G::parse(text);
    }
}

// For a game where passing is never a move the search may try (the null move): a base
// class that says so and gives the concept's null-move members nothing to do.
template <class Undo>
struct NoNullMove {
    static constexpr bool kNullMove = false;
    bool null_move_ok() const { return false; }
    void make_null(Undo&) {}
    void unmake_null(const Undo&) {}
};

}  // namespace spieltisch::native
