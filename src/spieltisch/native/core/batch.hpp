// N positions of one game behind three batch calls (envs/vector.py's Backend): start
// games from position texts, play one action in each, and write every game's
// observation, legal-action mask, player to move and returns into caller's arrays.
//
// `T` is the game's numeric view (<game>/actions.hpp): action ids of moves and back, the
// observation planes, the player to move given the legal-move count. A view is either
// fixed (static `kNumActions`, `kObservationSize`: the games without options) or an
// object built from the options' config (Okard: the sizes follow the board and the
// stone list). The positions are set up in Python; the chance events after that (dice)
// are drawn here, each game with its episode seed and its ply count from the game's
// start, bit-identical to Python's `draw_chance` (core/chance.hpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chance.hpp"
#include "game_concept.hpp"

namespace spieltisch::native {

// A numeric view of the options `config`: built from it, or the fixed one.
template <class T>
T view_for(std::string_view config) {
    if constexpr (requires { T::kNumActions; }) {
        if (!config.empty()) throw std::invalid_argument("this native engine takes no options");
        return T{};
    } else {
        return T(config);
    }
}

template <class T>
int num_actions_of(const T& view) {
    if constexpr (requires { T::kNumActions; }) {
        return T::kNumActions;
    } else {
        return view.num_actions();
    }
}

template <class T>
int observation_size_of(const T& view) {
    if constexpr (requires { T::kObservationSize; }) {
        return T::kObservationSize;
    } else {
        return view.observation_size();
    }
}

template <TextGame G, class T>
class Batch {
public:
    using Move = typename G::Move;

    explicit Batch(int size, std::string_view config = {})
        : view_(view_for<T>(config)),
          config_(config),
          num_actions_(num_actions_of(view_)),
          observation_size_(observation_size_of(view_)),
          words_((static_cast<std::size_t>(num_actions_) + 63) / 64),
          games_(checked(size)),
          ready_(games_.size(), 0),
          fresh_(games_.size(), 0),
          legal_(games_.size() * words_, 0),
          seeds_(games_.size(), 0),
          plies_(games_.size(), 0) {}

    int size() const { return static_cast<int>(games_.size()); }
    int num_actions() const { return num_actions_; }
    int observation_size() const { return observation_size_; }

    // Start game `index` from the position `text` (throws std::invalid_argument), `ply`
    // moves after the game's start, with the episode seed `seed` for its chance draws;
    // a chance event due at `text` is drawn at once.
    void reset(int index, std::string_view text, std::int64_t seed = 0, std::int64_t ply = 0) {
        check_index(index);
        if (ply < 0) throw std::invalid_argument("the ply count is not negative");
        G game = read_game<G>(text, config_);
        const std::size_t at = static_cast<std::size_t>(index);
        games_[at] = std::move(game);
        seeds_[at] = seed;
        plies_[at] = ply;
        ready_[at] = 1;
        fresh_[at] = 0;
        std::vector<Move> buffer(static_cast<std::size_t>(G::kMaxMoves));
        draw_chance(at, buffer.data());
    }

    // Play `actions[i]` in every game `i` with `active[i]`, then the chance events it
    // brings. Every action is checked against the legal moves first; an illegal one
    // throws and changes no game.
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
        std::vector<Move> buffer(static_cast<std::size_t>(G::kMaxMoves));
        for (int i = 0; i < n; ++i) {
            if (!active[i]) continue;
            const std::size_t at = static_cast<std::size_t>(i);
            G& game = games_[at];
            game.make(view_.move(game, static_cast<int>(actions[i])), undo);
            ++plies_[at];
            fresh_[at] = 0;
            draw_chance(at, buffer.data());
        }
    }

    // Every game's observation (N x observation_size), mask (N x num_actions), player to
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
        const auto obs_size = static_cast<std::size_t>(observation_size_);
        const auto actions = static_cast<std::size_t>(num_actions_);
        for (int k = 0; k < n; ++k) {
            const std::size_t at = static_cast<std::size_t>(indices ? indices[k] : k);
            fill_one(at, buffer.data(), obs + at * obs_size, mask + at * actions, to_move + at,
                     returns + 2 * at);
        }
    }

    // The position text of game `index` (for tests and debugging).
    std::string text(int index) const {
        check_index(index);
        require_ready(index);
        return games_[static_cast<std::size_t>(index)].text();
    }

    // The moves made in game `index` since its start (the ply of its next chance draw).
    std::int64_t ply(int index) const {
        check_index(index);
        require_ready(index);
        return plies_[static_cast<std::size_t>(index)];
    }

private:
    T view_;
    std::string config_;
    int num_actions_;
    int observation_size_;
    std::size_t words_;
    std::vector<G> games_;
    std::vector<char> ready_;  // reset at least once
    std::vector<char> fresh_;  // `legal_` describes the game's current position
    std::vector<std::uint64_t> legal_;
    std::vector<std::int64_t> seeds_;  // each game's episode seed
    std::vector<std::int64_t> plies_;  // moves since the game's start, chance outcomes too

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

    // Draw every chance event due in game `at`: core/chance.py's `draw_chance(state,
    // seed)` with the ply counted from the game's start.
    void draw_chance(std::size_t at, Move* buffer) {
        G& game = games_[at];
        typename G::Undo undo;
        while (game.to_move() == kChance) {
            const int count = game.generate(buffer);
            if (count < 1) throw std::logic_error("a chance event without outcomes");
            const double pick = chance_random(seeds_[at], plies_[at]);
            const int k = pick_outcome(pick, count, [&](int i) { return game.probability(buffer[i]); });
            game.make(buffer[k], undo);
            ++plies_[at];
        }
    }

    void fill_one(std::size_t at, Move* buffer, float* obs, bool* row, std::int64_t* to_move,
                  float* returns) {
        const G& game = games_[at];
        view_.observation(game, obs);
        std::fill(row, row + num_actions_, false);
        const int count = game.generate(buffer);
        const int mover = view_.to_move(game, count);
        if (mover == kChance) throw std::logic_error("a chance event in a batch game");
        *to_move = mover;
        std::uint64_t* bits = legal_.data() + at * words_;
        std::fill(bits, bits + words_, 0);
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
                const int id = view_.action(game, buffer[k]);
                row[id] = true;
                bits[id >> 6] |= std::uint64_t{1} << (id & 63);
            }
        }
        fresh_[at] = 1;
    }

    bool is_legal(int index, std::int64_t action) {
        if (action < 0 || action >= num_actions_) return false;
        const std::size_t at = static_cast<std::size_t>(index);
        const int id = static_cast<int>(action);
        if (fresh_[at]) return (legal_[at * words_ + (id >> 6)] >> (id & 63)) & 1;
        const G& game = games_[at];
        std::vector<Move> buffer(static_cast<std::size_t>(G::kMaxMoves));
        const int count = game.generate(buffer.data());
        if (view_.to_move(game, count) < 0) return false;
        for (int k = 0; k < count; ++k) {
            if (view_.action(game, buffer[static_cast<std::size_t>(k)]) == id) return true;
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
