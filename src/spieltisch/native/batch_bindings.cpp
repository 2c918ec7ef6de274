// The batch objects (core/batch.hpp) bound to Python: `_native.<game>.Batch`, for the
// vector environments' native backend (spieltisch/native/batch.py, envs/vector.py). The
// arrays are the caller's numpy arrays, written in place with the GIL released.
#include "batch_bindings.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/batch.hpp"
#include "core/chance.hpp"
#include "haseundigel/actions.hpp"
#include "okard/actions.hpp"
#include "ostseeschach/actions.hpp"
#include "schachogi/actions.hpp"

namespace nb = nanobind;

namespace spieltisch::native {
namespace {

template <class A>
using Array = nb::ndarray<A, nb::c_contig, nb::device::cpu>;

template <class A>
void require_size(const Array<A>& array, std::size_t size, const char* what) {
    if (array.size() != size) {
        throw std::invalid_argument(std::string(what) + " has " + std::to_string(array.size()) +
                                    " entries, expected " + std::to_string(size));
    }
}

template <class B>
void bind_batch(nb::module_& parent, const char* game) {
    nb::module_ sub = nb::borrow<nb::module_>(parent.attr(game));
    nb::class_<B>(sub, "Batch", "N positions stepped together (the vector environments' backend).")
        .def(nb::init<int, std::string_view>(), nb::arg("size"), nb::arg("config") = "")
        .def_prop_ro("num_actions", &B::num_actions)
        .def_prop_ro("observation_size", &B::observation_size)
        .def_prop_ro("size", &B::size)
        .def(
            "reset",
            [](B& batch, const std::vector<int>& indices, const std::vector<std::string>& texts,
               std::optional<std::vector<std::int64_t>> seeds,
               std::optional<std::vector<std::int64_t>> plies) {
                if (indices.size() != texts.size()) {
                    throw std::invalid_argument("reset needs one text per index");
                }
                if ((seeds && seeds->size() != indices.size()) ||
                    (plies && plies->size() != indices.size())) {
                    throw std::invalid_argument("reset needs one seed and one ply per index");
                }
                for (std::size_t k = 0; k < indices.size(); ++k) {
                    batch.reset(indices[k], texts[k], seeds ? (*seeds)[k] : 0,
                                plies ? (*plies)[k] : 0);
                }
            },
            nb::arg("indices"), nb::arg("texts"), nb::arg("seeds").none() = nb::none(),
            nb::arg("plies").none() = nb::none(),
            "Start game `indices[k]` from the position text `texts[k]`, `plies[k]` moves "
            "after the game's start, drawing its chance events with episode seed `seeds[k]` "
            "(0 and 0 when not given).")
        .def(
            "step",
            [](B& batch, Array<const std::int64_t> actions, Array<const bool> active) {
                const auto n = static_cast<std::size_t>(batch.size());
                require_size(actions, n, "actions");
                require_size(active, n, "active");
                nb::gil_scoped_release release;
                batch.step(actions.data(), active.data());
            },
            nb::arg("actions"), nb::arg("active"),
            "Play `actions[i]` in every game `i` with `active[i]`, then the chance events due "
            "(an illegal action raises ValueError and changes no game).")
        .def(
            "fill",
            [](B& batch, Array<float> obs, Array<bool> mask, Array<std::int64_t> to_move,
               Array<float> returns, std::optional<Array<const std::int64_t>> indices) {
                const auto n = static_cast<std::size_t>(batch.size());
                require_size(obs, n * static_cast<std::size_t>(batch.observation_size()), "obs");
                require_size(mask, n * static_cast<std::size_t>(batch.num_actions()), "mask");
                require_size(to_move, n, "to_move");
                require_size(returns, 2 * n, "returns");
                const std::int64_t* rows = indices ? indices->data() : nullptr;
                const int count = indices ? static_cast<int>(indices->size()) : 0;
                nb::gil_scoped_release release;
                batch.fill(obs.data(), mask.data(), to_move.data(), returns.data(), rows, count);
            },
            // No conversion: a converted copy would be written and thrown away.
            nb::arg("obs").noconvert(), nb::arg("mask").noconvert(),
            nb::arg("to_move").noconvert(), nb::arg("returns").noconvert(),
            nb::arg("indices").none() = nb::none(),
            "Write every game's observation, legal-action mask, player to move (-2 when "
            "over) and returns into the arrays (only the games `indices` when given).")
        .def("text", &B::text, nb::arg("index"), "The position text of game `index`.")
        .def("ply", &B::ply, nb::arg("index"),
             "The moves made in game `index` since its start (chance outcomes included).");
}

template <class L>
void bind_line(nb::module_& parent, const char* game) {
    nb::module_ sub = nb::borrow<nb::module_>(parent.attr(game));
    nb::class_<L>(sub, "Line", "One position and its undo stack, moves as action ids.")
        .def(nb::init<std::string_view>(), nb::arg("text"))
        .def_prop_ro_static("observation_size", [](nb::handle) { return L::kObservationSize; })
        .def("copy", [](const L& line) { return L(line); }, "An independent copy.")
        .def("legal_actions", &L::legal_actions, "The legal actions (none when over).")
        .def("to_move", &L::to_move, "0 or 1, or -2 when the game is over.")
        .def("push", &L::push, nb::arg("action"), "Play a legal action.")
        .def("pop", &L::pop, "Take back the last action and return it.")
        .def(
            "observe",
            [](const L& line, Array<float> out) {
                require_size(out, L::kObservationSize, "out");
                line.observe(out.data());
            },
            nb::arg("out").noconvert(), "Write the observation into `out`.")
        .def("winner", &L::winner, "The winner at the end (-1 a draw), -2 while in play.")
        .def("text", &L::text, "The position text.");
}

}  // namespace

void bind_batches(nb::module_& m) {
    bind_batch<Batch<ostseeschach::Position, ostseeschach::Tensors>>(m, "ostseeschach");
    bind_batch<Batch<schachogi::Position, schachogi::Tensors>>(m, "schachogi");
    bind_batch<Batch<haseundigel::Position, haseundigel::Tensors>>(m, "haseundigel");
    bind_batch<Batch<okard::Position, okard::Tensors>>(m, "okard");
    bind_line<Line<ostseeschach::Position, ostseeschach::Tensors>>(m, "ostseeschach");
    bind_line<Line<schachogi::Position, schachogi::Tensors>>(m, "schachogi");
    bind_line<Line<haseundigel::Position, haseundigel::Tensors>>(m, "haseundigel");
    // The chance draws (core/chance.hpp), for the tests against Python's.
    m.def("chance_random", &chance_random, nb::arg("seed"), nb::arg("ply"),
          "`spieltisch.core.chance.chance_rng(seed, ply).random()`, computed natively.");
    m.def(
        "seeded_random",
        [](const std::vector<std::uint32_t>& words) {
            if (words.empty()) throw std::invalid_argument("at least one 32-bit word");
            Mt19937 rng(words.data(), static_cast<int>(words.size()));
            const double shortcut = rng.first_random();
            const double first = rng.random();
            if (shortcut != first) throw std::logic_error("first_random differs from random");
            return std::make_pair(first, rng.random());
        },
        nb::arg("words"),
        "The first two `random()` of `random.Random(x)` for the whole number x given as "
        "32-bit words, least significant first, computed natively (the first also by the "
        "chance draws' shortcut, which must agree).");
}

}  // namespace spieltisch::native
