// N positions of one game behind three batch calls (envs/vector.py's Backend): start
// games from position texts, play one action in each, and write every game's
// observation, legal-action mask, player to move and returns into caller's arrays.
//
// `T` is the game's numeric view (<game>/actions.hpp): action ids of moves and back, the
// observation planes, the player to move given the legal-move count. The positions are
// set up in Python (the set-up's chance draws are the Python engine's); none of the
// batched games has a chance event after that, which `reset` and `step` check.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game_concept.hpp"

namespace spieltisch::native {

template <TextGame G, class T>
class Batch {
public:
    using Move = typename G::Move;
    static constexpr int kNumActions = T::kNumActions;
    static constexpr int kObservationSize = T::kObservationSize;
    static constexpr std::size_t kWords = (kNumActions + 63) / 64;

    explicit Batch(int size)
        : games_(checked(size)),
          ready_(games_.size(), 0),
          fresh_(games_.size(), 0),
          legal_(games_.size() * kWords, 0) {}

    int size() const { return static_cast<int>(games_.size()); }

    // Start game `index` from the position `text` (throws std::invalid_argument).
    void reset(int index, std::string_view text) {
        check_index(index);
        G game = G::parse(text);
        if (game.to_move() == kChance) {
            throw std::invalid_argument("a batch game cannot start at a chance event");
        }
        games_[static_cast<std::size_t>(index)] = std::move(game);
        ready_[static_cast<std::size_t>(index)] = 1;
        fresh_[static_cast<std::size_t>(index)] = 0;
    }

    // Play `actions[i]` in every game `i` with `active[i]`. Every action is checked
    // against the legal moves first; an illegal one throws and changes no game.
    void step(const std::int64_t* actions, const bool* active) {
        const int n = size();
        for (int i = 0; i < n; ++i) {
            if (!active[i]) continue;
            require_ready(i);
            if (!is_legal(i, actions[i])) {
                throw std::invalid_argument("action " + std::to_string(actions[i]) +
                                            " is not legal in game " + std::to_string(i));
            }
        }
        typename G::Undo undo;
        for (int i = 0; i < n; ++i) {
            if (!active[i]) continue;
            G& game = games_[static_cast<std::size_t>(i)];
            game.make(T::move(game, static_cast<int>(actions[i])), undo);
            fresh_[static_cast<std::size_t>(i)] = 0;
        }
    }

    // Every game's observation (N x kObservationSize), mask (N x kNumActions), player to
    // move (kTerminal when over) and returns (N x 2: +1 / -1 / 0 at the end, else 0);
    // with `indices` (`count` of them) only those games' rows.
    void fill(float* obs, bool* mask, std::int64_t* to_move, float* returns,
              const std::int64_t* indices = nullptr, int count = 0) {
        const int n = indices ? count : size();
        for (int k = 0; k < n; ++k) {
            const std::int64_t i = indices ? indices[k] : k;
            check_index(i);
            require_ready(static_cast<int>(i));
        }
        std::vector<Move> buffer(static_cast<std::size_t>(G::kMaxMoves));
        for (int k = 0; k < n; ++k) {
            const std::size_t at = static_cast<std::size_t>(indices ? indices[k] : k);
            fill_one(at, buffer.data(), obs + at * kObservationSize, mask + at * kNumActions,
                     to_move + at, returns + 2 * at);
        }
    }

    // The position text of game `index` (for tests and debugging).
    std::string text(int index) const {
        check_index(index);
        require_ready(index);
        return games_[static_cast<std::size_t>(index)].text();
    }

private:
    std::vector<G> games_;
    std::vector<char> ready_;  // reset at least once
    std::vector<char> fresh_;  // `legal_` describes the game's current position
    std::vector<std::uint64_t> legal_;

    static std::size_t checked(int size) {
        if (size < 1) throw std::invalid_argument("a batch holds at least one game");
        return static_cast<std::size_t>(size);
    }
    void check_index(std::int64_t index) const {
        if (index < 0 || index >= size()) {
            throw std::out_of_range("game index " + std::to_string(index) + " outside 0.." +
                                    std::to_string(size() - 1));
        }
    }
    void require_ready(int index) const {
        if (!ready_[static_cast<std::size_t>(index)]) {
            throw std::invalid_argument("game " + std::to_string(index) + " was never reset");
        }
    }

    void fill_one(std::size_t at, Move* buffer, float* obs, bool* row, std::int64_t* to_move,
                  float* returns) {
        const G& game = games_[at];
        T::observation(game, obs);
        std::fill(row, row + kNumActions, false);
        const int count = game.generate(buffer);
        const int mover = T::to_move(game, count);
        if (mover == kChance) throw std::logic_error("a chance event in a batch game");
        *to_move = mover;
        std::uint64_t* bits = legal_.data() + at * kWords;
        std::fill(bits, bits + kWords, 0);
        returns[0] = returns[1] = 0.0f;
        if (mover == kTerminal) {
            const auto result = game.outcome();
            const int winner = result ? result->winner : -1;
            if (winner >= 0) {
                returns[winner] = 1.0f;
                returns[1 - winner] = -1.0f;
            }
        } else {
            for (int k = 0; k < count; ++k) {
                const int id = T::action(game, buffer[k]);
                row[id] = true;
                bits[id >> 6] |= std::uint64_t{1} << (id & 63);
            }
        }
        fresh_[at] = 1;
    }

    bool is_legal(int index, std::int64_t action) {
        if (action < 0 || action >= kNumActions) return false;
        const std::size_t at = static_cast<std::size_t>(index);
        const int id = static_cast<int>(action);
        if (fresh_[at]) return (legal_[at * kWords + (id >> 6)] >> (id & 63)) & 1;
        const G& game = games_[at];
        std::vector<Move> buffer(static_cast<std::size_t>(G::kMaxMoves));
        const int count = game.generate(buffer.data());
        if (T::to_move(game, count) < 0) return false;
        for (int k = 0; k < count; ++k) {
            if (T::action(game, buffer[static_cast<std::size_t>(k)]) == id) return true;
        }
        return false;
    }
};

// One position with the stack of the moves made on it, in action ids: what a tree search
// over the numeric view needs (push, pop, legal actions, observation, the end).
template <TextGame G, class T>
class Line {
public:
    using Move = typename G::Move;
    static constexpr int kNumActions = T::kNumActions;
    static constexpr int kObservationSize = T::kObservationSize;

    explicit Line(std::string_view text) : game_(G::parse(text)) {
        if (game_.to_move() == kChance) {
            throw std::invalid_argument("a native line cannot start at a chance event");
        }
    }

    // The legal actions in the engine's generation order (none when the game is over).
    std::vector<int> legal_actions() const {
        Move buffer[G::kMaxMoves];
        const int count = game_.generate(buffer);
        std::vector<int> out;
        if (T::to_move(game_, count) < 0) return out;
        out.reserve(static_cast<std::size_t>(count));
        for (int k = 0; k < count; ++k) out.push_back(T::action(game_, buffer[k]));
        return out;
    }

    int to_move() const {
        Move buffer[G::kMaxMoves];
        return T::to_move(game_, game_.generate(buffer));
    }

    // Play a legal action (throws std::invalid_argument for any other).
    void push(int action) {
        Move buffer[G::kMaxMoves];
        const int count = game_.generate(buffer);
        if (T::to_move(game_, count) >= 0) {
            for (int k = 0; k < count; ++k) {
                if (T::action(game_, buffer[k]) == action) {
                    stack_.emplace_back();
                    stack_.back().first = buffer[k];
                    game_.make(buffer[k], stack_.back().second);
                    return;
                }
            }
        }
        throw std::invalid_argument("action " + std::to_string(action) + " is not legal here");
    }

    // Take back the last action (throws std::out_of_range when none is left).
    int pop() {
        if (stack_.empty()) throw std::out_of_range("no move left to take back");
        const auto [move, undo] = stack_.back();
        stack_.pop_back();
        game_.unmake(move, undo);
        return T::action(game_, move);
    }

    void observe(float* out) const { T::observation(game_, out); }

    // The winner at the end (-1 for a draw), -2 while the game goes on.
    int winner() const {
        const auto result = game_.outcome();
        return result ? result->winner : -2;
    }

    std::string text() const { return game_.text(); }

private:
    G game_;
    std::vector<std::pair<Move, typename G::Undo>> stack_;
};

}  // namespace spieltisch::native
