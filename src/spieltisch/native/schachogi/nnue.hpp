// Schachogi's learned evaluation (NNUE-style, docs/native.md "The NNUE evaluation"):
// sparse piece-square features per perspective, a first layer kept up to date move by move
// (the accumulator), clipped ReLU, one small dense layer and one output, all in integers.
// Trained in PyTorch (spieltisch/learn/nnue_train.py), whose quantised forward pass this
// mirrors exactly (tests/native/test_nnue.py).
//
// Features, per perspective p (0 White, 1 Black): a piece of kind k (1..11, promoted kinds
// their own) that is p's own (c = 0) or the other side's (c = 1) on square s seen from p
// (s for White, s ^ 56 for Black: the board mirrored by rank, as the set-up is) is feature
// (c * 11 + k - 1) * 64 + s. Schachogi has no drops, so there are no hand features.
//
// Beside the accumulator each perspective sums one more weight a feature (psqt, as
// Stockfish's PSQT output): a material and piece-square term straight to the output, which
// training starts at the pieces' values (evaluation.py), so that little data goes far.
//
// The forward pass for the side to move `us`:
//   x   = clamp(acc[us], 0, 127) ++ clamp(acc[them], 0, 127)       (2H values, 0..127)
//   h_j = clamp((b1_j + sum_i w1_ji x_i) >> 6, 0, 127)             (D values)
//   out = b2 + sum_j w2_j h_j + psqt[us] - psqt[them]              (127 * 64 is 1.0)
//   value = out * output_scale / (127 * 64), truncated toward zero (hundredths of a Brrbrr)
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace spieltisch::native::schachogi::nnue {

inline constexpr int kFeatures = 2 * 11 * 64;
inline constexpr int kHidden = 128;  // the accumulator's width per perspective
inline constexpr int kDense = 32;    // the dense layer's width
inline constexpr int kActivationMax = 127;
inline constexpr int kWeightShift = 6;  // dense weights are scaled by 64
inline constexpr int kOutputUnit = kActivationMax << kWeightShift;

// The file (little-endian): the 8 bytes "SPNNUE01", then int32 features, hidden, dense and
// output_scale, then int16 ft_bias[H], int16 ft_weight[F][H], int32 psqt[F], int32 b1[D],
// int8 w1[D][2H], int32 b2, int8 w2[D]; nothing after it.
struct Network {
    std::int32_t output_scale = 0;
    std::array<std::int16_t, kHidden> ft_bias{};
    std::vector<std::int16_t> ft_weight;  // kFeatures rows of kHidden
    std::vector<std::int32_t> psqt;       // kFeatures
    std::array<std::int32_t, kDense> b1{};
    // int8 in the file, held as int16 so the dot products vectorise (pmaddwd) without -march.
    std::array<std::int16_t, kDense * 2 * kHidden> w1{};
    std::int32_t b2 = 0;
    std::array<std::int8_t, kDense> w2{};
};

// Where the network file is (set by the Python package: spieltisch.native names the file
// the game ships, games/schachogi/nnue.py's NETWORK); read on first use, once.
void set_path(const std::string& path);
std::string path();
// The network, read from the file on the first call (std::invalid_argument when there is no
// file or it is not a network of these sizes).
const Network& network();

// The feature of piece `code` (board code: > 0 White, < 0 Black) on `square` for `perspective`.
inline int feature(int perspective, int code, int square) {
    const int kind = code < 0 ? -code : code;
    const int own = (code > 0) == (perspective == 0) ? 0 : 1;
    const int seen = perspective == 0 ? square : square ^ 56;
    return (own * 11 + kind - 1) * 64 + seen;
}

struct Accumulator {
    alignas(64) std::array<std::array<std::int16_t, kHidden>, 2> values{};
    std::array<std::int32_t, 2> psqt{};

    // Sets both perspectives from `board` (64 codes) from scratch.
    template <class Board>
    void refresh(const Network& net, const Board& board) {
        values[0] = net.ft_bias;
        values[1] = net.ft_bias;
        psqt = {0, 0};
        for (int s = 0; s < 64; ++s) {
            if (board[s] != 0) add(net, board[s], s);
        }
    }
    void add(const Network& net, int code, int square) {
        for (int p = 0; p < 2; ++p) {
            const int f = feature(p, code, square);
            const std::int16_t* row = &net.ft_weight[static_cast<std::size_t>(f) * kHidden];
            auto& v = values[p];
            for (int i = 0; i < kHidden; ++i) v[i] = static_cast<std::int16_t>(v[i] + row[i]);
            psqt[p] += net.psqt[static_cast<std::size_t>(f)];
        }
    }
    void remove(const Network& net, int code, int square) {
        for (int p = 0; p < 2; ++p) {
            const int f = feature(p, code, square);
            const std::int16_t* row = &net.ft_weight[static_cast<std::size_t>(f) * kHidden];
            auto& v = values[p];
            for (int i = 0; i < kHidden; ++i) v[i] = static_cast<std::int16_t>(v[i] - row[i]);
            psqt[p] -= net.psqt[static_cast<std::size_t>(f)];
        }
    }
    // A move: `moved` leaves `from`, `placed` (itself or promoted) arrives on `to`, where
    // `captured` (0 for none) stood. `undo` reverses it exactly (integer arithmetic).
    void move(const Network& net, int moved, int from, int placed, int to, int captured) {
        remove(net, moved, from);
        if (captured != 0) remove(net, captured, to);
        add(net, placed, to);
    }
    void undo(const Network& net, int moved, int from, int placed, int to, int captured) {
        remove(net, placed, to);
        if (captured != 0) add(net, captured, to);
        add(net, moved, from);
    }
};

// The value for the side `us` (0 White, 1 Black), in hundredths of a Brrbrr.
inline int evaluate(const Network& net, const Accumulator& acc, int us) {
    alignas(64) std::array<std::int16_t, 2 * kHidden> x;
    for (int half = 0; half < 2; ++half) {
        const auto& v = acc.values[half == 0 ? us : 1 - us];
        for (int i = 0; i < kHidden; ++i) {
            x[half * kHidden + i] = static_cast<std::int16_t>(std::clamp<int>(v[i], 0, kActivationMax));
        }
    }
    std::int32_t out = net.b2 + acc.psqt[us] - acc.psqt[1 - us];
    for (int j = 0; j < kDense; ++j) {
        const std::int16_t* row = &net.w1[static_cast<std::size_t>(j) * 2 * kHidden];
        std::int32_t sum = net.b1[j];
        for (int i = 0; i < 2 * kHidden; ++i) sum += row[i] * x[i];
        const int h = std::clamp(sum >> kWeightShift, 0, kActivationMax);
        out += net.w2[j] * h;
    }
    return static_cast<int>(static_cast<std::int64_t>(out) * net.output_scale / kOutputUnit);
}

}  // namespace spieltisch::native::schachogi::nnue
