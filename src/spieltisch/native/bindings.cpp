// spieltisch._native: the native engines bound to Python, one submodule per game, each
// with the same functions (bind_game below, written once for every game), each taking the
// game's options as a small `config` text where the game has options (Okard). The boundary
// is narrow: a position in the game's own text, moves and positions back as text; the
// GIL is released while a tree is walked.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>
#include <nanobind/stl/function.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "batch_bindings.hpp"
#include "schachogi/nnue_bindings.hpp"
#include "core/game_concept.hpp"
#include "core/outcome.hpp"
#include "core/perft.hpp"
#include "core/playout.hpp"
#include "core/search.hpp"
#include "haseundigel/position.hpp"
#include "okard/position.hpp"
#include "ostseeschach/position.hpp"
#include "schachogi/position.hpp"

namespace nb = nanobind;
using namespace spieltisch::native;

namespace {

// A flag another Python thread sets to stop a running search (the UCI `stop`).
struct StopFlag {
    std::atomic<bool> flag{false};
};

// A principal variation at the root: (score, moves).
using LineTuple = std::pair<int, std::vector<std::string>>;
// One completed iteration as Python sees it: (depth, score, nodes, seconds, pv, lines).
using IterationTuple = std::tuple<int, int, std::uint64_t, double, std::vector<std::string>,
                                  std::vector<LineTuple>>;
// (best move or None, score, depth, nodes, seconds, pv, iterations, lines)
using SearchTuple =
    std::tuple<std::optional<std::string>, int, int, std::uint64_t, double,
               std::vector<std::string>, std::vector<IterationTuple>, std::vector<LineTuple>>;

// The notation of a line of moves from `root` (each move's text in its own position).
template <SearchGame G>
std::vector<std::string> line_text(const G& root, const std::vector<typename G::Move>& line) {
    G game = root;
    std::vector<std::string> out;
    typename G::Move buffer[G::kMaxMoves];
    typename G::Undo undo;
    for (auto move : line) {
        const int count = game.generate(buffer);
        if (std::find(buffer, buffer + count, move) == buffer + count) break;
        out.push_back(game.move_text(move));
        game.make(move, undo);
    }
    return out;
}

// The MultiPV lines in notation.
template <SearchGame G>
std::vector<LineTuple> lines_text(const G& root, const std::vector<RootLine<typename G::Move>>& lines) {
    std::vector<LineTuple> out;
    for (const auto& line : lines) out.emplace_back(line.score, line_text(root, line.pv));
    return out;
}

using OutcomeTuple = std::tuple<int, std::string, std::vector<std::vector<std::int64_t>>>;

template <TextGame G>
std::vector<typename G::Move> moves_of(const G& game) {
    typename G::Move buffer[G::kMaxMoves];
    const int count = game.generate(buffer);
    return {buffer, buffer + count};
}

// `game` after `moves` (each in its notation as legal_moves gives it): the game's history
// made move by move, so that a position whose rules look back over the game (Schachogi's
// repetitions) knows every position since `game`, as the Python state does.
// `seen` is called with the position after each move.
template <TextGame G>
G after_moves(G game, const std::vector<std::string>& moves,
              const std::function<void(const G&)>& seen = {}) {
    typename G::Move buffer[G::kMaxMoves];
    typename G::Undo undo;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const int count = game.generate(buffer);
        const auto found = std::find_if(buffer, buffer + count, [&](typename G::Move move) {
            return game.move_text(move) == moves[i];
        });
        if (found == buffer + count) {
            throw std::invalid_argument("move " + std::to_string(i + 1) +
                                        " of the history is not legal there: " +
                                        moves[i].substr(0, 80));
        }
        game.make(*found, undo);
        if (seen) seen(game);
    }
    return game;
}

// Whether the game's rules look back over the game (a repetition rule), so that its
// search needs the moves that led to a position, not only the position's text.
template <TextGame G>
constexpr bool looks_back() {
    return requires(const G game) { game.repetition_count(); };
}

template <SearchGame G>
void bind_game(nb::module_& parent, const char* name, const char* doc) {
    nb::module_ m = parent.def_submodule(name, doc);
    m.def(
        "perft",
        [](const std::string& text, int depth,
           const std::string& config) {
            G game = read_game<G>(text, config);
            nb::gil_scoped_release release;
            return perft(game, depth);
        },
        nb::arg("text"), nb::arg("depth"), nb::arg("config") = "",
        "The leaves of the legal-move tree `depth` plies deep (every leaf made and unmade).");
    m.def(
        "divide",
        [](const std::string& text, int depth,
           const std::string& config) {
            G game = read_game<G>(text, config);
            std::vector<std::pair<typename G::Move, std::uint64_t>> rows;
            {
                nb::gil_scoped_release release;
                rows = divide(game, depth);
            }
            std::vector<std::pair<std::string, std::uint64_t>> out;
            for (const auto& [move, count] : rows) out.emplace_back(game.move_text(move), count);
            return out;
        },
        nb::arg("text"), nb::arg("depth"), nb::arg("config") = "", "Perft split by first move: (move, count) pairs.");
    m.def(
        "random_playouts",
        [](const std::string& text, int games, std::uint64_t seed, int max_plies,
           const std::string& config) {
            const G start = read_game<G>(text, config);
            PlayoutStats stats;
            {
                nb::gil_scoped_release release;
                stats = random_playouts(start, games, seed, max_plies);
            }
            return std::make_tuple(stats.games, stats.plies, stats.wins[0], stats.wins[1],
                                   stats.draws);
        },
        nb::arg("text"), nb::arg("games"), nb::arg("seed"), nb::arg("max_plies"), nb::arg("config") = "",
        "Random games to the end: (games, plies, wins of player 0, of player 1, draws).");
    m.def(
        "legal_moves",
        [](const std::string& text,
           const std::string& config) {
            const G game = read_game<G>(text, config);
            std::vector<std::string> out;
            for (auto move : moves_of(game)) out.push_back(game.move_text(move));
            return out;
        },
        nb::arg("text"), nb::arg("config") = "", "The legal moves in the game's notation, in generation order.");
    m.def(
        "play",
        [](const std::string& text, const std::string& notation,
           const std::string& config) {
            G game = read_game<G>(text, config);
            for (auto move : moves_of(game)) {
                if (game.move_text(move) == notation) {
                    typename G::Undo undo;
                    game.make(move, undo);
                    return game.text();
                }
            }
            throw std::invalid_argument("not a legal move here: " + notation.substr(0, 80));
        },
        nb::arg("text"), nb::arg("move"), nb::arg("config") = "",
        "The position text after `move` (in its notation as legal_moves gives it).");
    m.def(
        "children",
        [](const std::string& text,
           const std::string& config) {
            G game = read_game<G>(text, config);
            std::vector<std::pair<std::string, std::string>> out;
            typename G::Undo undo;
            for (auto move : moves_of(game)) {
                game.make(move, undo);
                std::string child = game.text();
                game.unmake(move, undo);
                out.emplace_back(game.move_text(move), std::move(child));
            }
            if (game.text() != read_game<G>(text, config).text()) {
                throw std::logic_error("make/unmake did not restore the position");
            }
            return out;
        },
        nb::arg("text"), nb::arg("config") = "", "Every legal move with the position text after it.");
    m.def(
        "to_move",
        [](const std::string& text, const std::string& config) {
            return read_game<G>(text, config).to_move();
        },
        nb::arg("text"), nb::arg("config") = "",
        "0 or 1 for the player to move, -1 at a chance event, -2 when the game is over.");
    m.def(
        "outcome",
        [](const std::string& text,
           const std::string& config) -> std::optional<OutcomeTuple> {
            const auto result = read_game<G>(text, config).outcome();
            if (!result) return std::nullopt;
            return OutcomeTuple{result->winner, result->reason, result->scores};
        },
        nb::arg("text"), nb::arg("config") = "", "(winner or -1 for a draw, reason, score parts) at the end, else None.");
    m.def(
        "text",
        [](const std::string& text, const std::string& config) {
            return read_game<G>(text, config).text();
        },
        nb::arg("text"), nb::arg("config") = "",
        "The position text as the native engine writes it back.");
    m.def(
        "hash_key",
        [](const std::string& text, const std::string& config) {
            return read_game<G>(text, config).hash();
        },
        nb::arg("text"), nb::arg("config") = "", "The native position key (equal positions, equal keys).");
    m.attr("prune_defaults") = default_pruning<G>();
    m.attr("prune_unit") = pawn_unit<G>();
    m.attr("has_see") = HasSee<G>;
    if constexpr (HasSee<G>) {
        m.def(
            "see",
            [](const std::string& text, const std::string& move, const std::string& config) {
                const G game = read_game<G>(text, config);
                for (auto m : moves_of(game)) {
                    if (game.move_text(m) == move) return static_cast<int>(game.see(m));
                }
                throw std::invalid_argument("see: not a legal move here: " + move.substr(0, 80));
            },
            nb::arg("text"), nb::arg("move"), nb::arg("config") = "",
            "The static exchange evaluation of a legal move: the material it wins when both "
            "sides go on capturing on its target square, least valuable piece first.");
    }
    if constexpr (requires(const G game) { game.features(0); G::feature_weights(0); }) {
        // Texel tuning (benchmarks/texel.py): the evaluation's terms as a vector and the
        // weights the config's evaluation variant gives them.
        m.def(
            "features",
            [](const std::string& text, int player, const std::string& config) {
                const auto f = read_game<G>(text, config).features(player);
                return std::vector<double>(f.begin(), f.end());
            },
            nb::arg("text"), nb::arg("player"), nb::arg("config") = "",
            "The evaluation's terms for `player` (Texel features, feature_names).");
        m.def(
            "feature_weights",
            [](const std::string& config) {
                const G game = read_game<G>(G::kFeatureStart, config);
                const auto& w = G::feature_weights(game.evaluation_variant());
                return std::vector<double>(w.begin(), w.end());
            },
            nb::arg("config") = "", "The weights of the features in the config's evaluation.");
        m.attr("feature_names") = std::vector<std::string>(G::kFeatureNames, G::kFeatureNames + G::kFeatures);
    }
    m.def(
        "evaluate",
        [](const std::string& text, int player,
           const std::string& config) { return read_game<G>(text, config).evaluate(player); },
        nb::arg("text"), nb::arg("player"), nb::arg("config") = "", "The heuristic value for `player` (larger is better).");
    m.def(
        "search",
        [](const std::string& text, double seconds, int depth, int threads, int hash_mb,
           bool keep_table, std::function<void(IterationTuple)> report, StopFlag* stop,
           const std::string& config, bool star, bool plain, bool ordered,
           const std::vector<std::string>& moves, int multipv,
           const std::vector<std::string>& searchmoves, int prune, std::uint64_t nodes,
           std::uint64_t table_owner, int unit) {
            const G root = after_moves(read_game<G>(text, config), moves);
            SearchLimits limits{depth, seconds, threads, hash_mb, keep_table, star, plain, ordered,
                                std::clamp(multipv, 1, 256), prune < 0 ? -1 : prune & kAllPruning,
                                nodes, table_owner, std::clamp(unit, 0, 1000000)};
            using M = typename G::Move;
            std::vector<M> only;
            if (!searchmoves.empty()) {
                const auto legal = moves_of(root);
                for (const auto& notation : searchmoves) {
                    const auto found = std::find_if(legal.begin(), legal.end(), [&](M move) {
                        return root.move_text(move) == notation;
                    });
                    if (found == legal.end()) {
                        throw std::invalid_argument("searchmoves: not a legal move here: " +
                                                    notation.substr(0, 80));
                    }
                    if (std::find(only.begin(), only.end(), *found) == only.end()) only.push_back(*found);
                }
            }
            std::function<bool(const Iteration<M>&)> hook;
            // An exception in `report` ends the search and is raised once it has unwound.
            std::optional<nb::python_error> failure;
            if (report) {
                hook = [&](const Iteration<M>& it) {
                    nb::gil_scoped_acquire acquire;
                    try {
                        report(IterationTuple{it.depth, it.score, it.nodes, it.seconds,
                                              line_text(root, it.pv), lines_text(root, it.lines)});
                        return true;
                    } catch (nb::python_error& error) {
                        failure.emplace(std::move(error));
                        return false;
                    }
                };
            }
            SearchOutcome<M> result;
            {
                nb::gil_scoped_release release;
                result = search_position(root, limits, hook, stop ? &stop->flag : nullptr, only);
            }
            if (failure) throw *failure;
            std::vector<IterationTuple> iterations;
            for (const auto& it : result.iterations) {
                iterations.emplace_back(it.depth, it.score, it.nodes, it.seconds,
                                        line_text(root, it.pv), lines_text(root, it.lines));
            }
            std::optional<std::string> best;
            if (result.has_move) best = root.move_text(result.best);
            return SearchTuple{best, result.score, result.depth, result.nodes, result.seconds,
                               line_text(root, result.pv), iterations, lines_text(root, result.lines)};
        },
        nb::arg("text"), nb::arg("seconds"), nb::arg("depth"), nb::arg("threads"),
        nb::arg("hash_mb"), nb::arg("keep_table"), nb::arg("report").none(),
        nb::arg("stop").none(), nb::arg("config") = "", nb::arg("star") = true,
        nb::arg("plain") = false, nb::arg("ordered") = true,
        nb::arg("moves") = std::vector<std::string>{}, nb::arg("multipv") = 1,
        nb::arg("searchmoves") = std::vector<std::string>{}, nb::arg("prune") = -1,
        nb::arg("nodes") = 0, nb::arg("table_owner") = 0, nb::arg("unit") = 0,
        "Search the position after `moves` from `text` (GIL released): (best, score, depth, "
        "nodes, seconds, pv, iterations, lines); `report` is called with each completed "
        "iteration; `keep_table` uses what earlier searches of `table_owner` left in its table. "
        "`moves` is the "
        "game's history: a repetition of any position since `text` is scored as the rules "
        "say. `multipv` lines (score, pv), best first, each without the earlier lines' first "
        "moves; `searchmoves` restricts the root to those moves; `prune` the selectivity "
        "switches as bits (1 SEE in quiescence, 2 SEE at low depth, 4 reverse futility, 8 "
        "late-move pruning, 16 mate distance, 32 futility, 64 razoring, 128 improving, 256 "
        "reduction table, 512 continuation history, 1024 capture history, 2048 internal "
        "iterative reduction, 4096 singular extension, 8192 threat extension; -1 the game's defaults); `nodes` a "
        "budget of positions (0: none); `unit` the unit of the pruning margins in evaluation "
        "points (0: the game's own; at most 1000000).");
    m.def(
        "line_keys",
        [](const std::string& text, const std::vector<std::string>& moves,
           const std::string& config) {
            const G game = read_game<G>(text, config);
            std::vector<std::uint64_t> keys{game.hash()};
            after_moves<G>(game, moves, [&](const G& next) { keys.push_back(next.hash()); });
            return keys;
        },
        nb::arg("text"), nb::arg("moves"), nb::arg("config") = "",
        "The position keys the search holds along a line: of `text`, then after each move.");
    m.attr("looks_back") = looks_back<G>();
}

}  // namespace

NB_MODULE(_native, m) {
    m.doc() = "spieltisch's native engines (C++20); the Python engines are the reference.";
    nb::class_<StopFlag>(m, "StopFlag", "Set from another thread to stop a running search.")
        .def(nb::init<>())
        .def("set", [](StopFlag& s) { s.flag.store(true); })
        .def("is_set", [](const StopFlag& s) { return s.flag.load(); });
    bind_game<ostseeschach::Position>(m, "ostseeschach", "Ostseeschach (Software-Challenge 2022).");
    bind_game<schachogi::Position>(m, "schachogi", "Schachogi (default options).");
    bind_game<haseundigel::Position>(m, "haseundigel", "Hase und Igel (Software-Challenge 2018).");
    bind_game<okard::Position>(m, "okard", "Okard (any options the config gives).");
    nb::module_ okard_module = nb::borrow<nb::module_>(m.attr("okard"));
    okard_module.def(
        "king_need",
        [](const std::string& text, int attacker, int room, const std::string& config) {
            return read_game<okard::Position>(text, config).king_need(attacker, room);
        },
        nb::arg("text"), nb::arg("attacker"), nb::arg("room"), nb::arg("config") = "",
        "The least AP with which `attacker` captures the other König in one turn of "
        "sacrifices (at most `room` AP of them) and one line move; 1 << 20 when none can.");
    okard_module.def(
        "config_error",
        [](const std::string& config) -> std::optional<std::string> {
            try {
                okard::lookup_for(config);
            } catch (const std::invalid_argument& error) {
                return std::string(error.what());
            }
            return std::nullopt;
        },
        nb::arg("config"),
        "Why the native Okard engine cannot play the options of this config (okard/lookup.hpp; "
        "`OkardOptions.native_config()` writes it), or None.");
    nb::module_ haseundigel_module = nb::borrow<nb::module_>(m.attr("haseundigel"));
    haseundigel_module.def(
        "finish_turns",
        [](const std::string& text, int field, int carrots, int salads) {
            const auto table =
                haseundigel::FinishTable::of(read_game<haseundigel::Position>(text, "").board());
            return table->turns(field, carrots, salads);
        },
        nb::arg("text"), nb::arg("field"), nb::arg("carrots"), nb::arg("salads"),
        "The fewest own turns from `field` with `carrots` and `salads` to the goal for a player "
        "alone on the position's board (the default evaluation's count; haseundigel/finish.hpp); "
        "FinishTable::kUnreachable where none.");
    nb::module_ schachogi_module = nb::borrow<nb::module_>(m.attr("schachogi"));
    bind_nnue(schachogi_module);  // eval=nnue's network file and checks (nnue_bindings.cpp)
    bind_batches(m);  // _native.<game>.Batch (batch_bindings.cpp)
}
