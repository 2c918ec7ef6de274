// _native.schachogi's functions for the learned evaluation (schachogi/nnue.hpp).
#include "nnue_bindings.hpp"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "../core/game_concept.hpp"
#include "position.hpp"

namespace nb = nanobind;
using spieltisch::native::schachogi::Position;
namespace nnue = spieltisch::native::schachogi::nnue;

namespace {

// Throws when the position's incremental accumulator is not the one rebuilt from its board.
void check_accumulator(const Position& game, int ply) {
    const nnue::Accumulator fresh = game.refreshed_accumulator();
    if (game.accumulator()->values != fresh.values || game.accumulator()->psqt != fresh.psqt) {
        throw std::logic_error("the incremental NNUE accumulator differs from a refresh at ply " +
                               std::to_string(ply) + ": " + game.text());
    }
}

}  // namespace

void bind_nnue(nb::module_& m) {
    m.def("set_network", &nnue::set_path, nb::arg("path"),
          "Names the NNUE network file `eval=nnue` reads (on its first use, once).");
    m.def("network_path", &nnue::path, "The NNUE network file `eval=nnue` reads.");
    m.def(
        "nnue_accumulator",
        [](const std::string& text) {
            const Position game = Position::parse(text, "eval=nnue");
            std::vector<std::vector<int>> out(2);
            for (int p = 0; p < 2; ++p) {
                out[p].assign(game.accumulator()->values[p].begin(), game.accumulator()->values[p].end());
                out[p].push_back(game.accumulator()->psqt[p]);
            }
            return out;
        },
        nb::arg("text"),
        "The NNUE accumulator of the position: White's perspective, then Black's (the int16 "
        "values, then the psqt sum).");
    m.def(
        "nnue_walk",
        [](const std::string& text, int plies, std::uint64_t seed) {
            Position game = Position::parse(text, "eval=nnue");
            std::mt19937_64 rng(seed);
            std::vector<Position::Move> line;
            std::vector<Position::Undo> undos;
            Position::Move moves[Position::kMaxMoves];
            int checks = 0;
            check_accumulator(game, 0);
            for (int ply = 1; ply <= plies; ++ply) {
                const int count = game.generate(moves);
                if (count == 0) break;
                const Position::Move move = moves[rng() % static_cast<std::uint64_t>(count)];
                undos.emplace_back();
                game.make(move, undos.back());
                line.push_back(move);
                check_accumulator(game, ply);
                ++checks;
            }
            while (!line.empty()) {
                game.unmake(line.back(), undos.back());
                line.pop_back();
                undos.pop_back();
                check_accumulator(game, static_cast<int>(line.size()));
                ++checks;
            }
            return checks;
        },
        nb::arg("text"), nb::arg("plies"), nb::arg("seed"),
        "Plays up to `plies` random moves from `text` and takes them back, checking after each "
        "that the incremental NNUE accumulator equals one rebuilt from the board (raises "
        "otherwise); the number of checks.");
}
