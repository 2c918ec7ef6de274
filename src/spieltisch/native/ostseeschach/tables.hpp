// Ostseeschach's precomputed tables (board.py's TARGETS, LINE_AMBER, HEIGHT) and the
// Zobrist keys, built at compile time.
#pragma once

#include <cstdint>

#include "../core/mixing.hpp"

namespace spieltisch::native::ostseeschach {

inline constexpr int kRobbe = 3;
inline constexpr char kLetters[] = "HMSR";

// Red's vectors (dx, dy) per kind, in board.py's order; blue negates dx.
inline constexpr int kVectorCount[4] = {2, 4, 5, 8};
inline constexpr int kVectors[4][8][2] = {
    {{1, 1}, {1, -1}},
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
    {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}},
    {{1, 2}, {1, -2}, {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}},
};

inline constexpr int magnitude(int code) { return code < 0 ? -code : code; }
inline constexpr int kind_of(int code) { return (magnitude(code) - 1) % 4; }
inline constexpr int height_of(int code) { return code == 0 ? 0 : 1 + (magnitude(code) - 1) / 4; }
inline constexpr int code_of(int kind, int team, int height) {
    const int m = kind + 1 + 4 * (height - 1);
    return team == 0 ? m : -m;
}

struct Tables {
    // Indexed by code + 8 and square.
    std::uint8_t targets[17][64][8]{};
    std::uint8_t count[17][64]{};
    std::uint8_t line_amber[17][64]{};
    std::uint64_t zobrist[64][17]{};
};

inline constexpr Tables build_tables() {
    Tables t{};
    for (int code = -8; code <= 8; ++code) {
        if (code == 0) continue;
        const int kind = kind_of(code);
        const int team = code > 0 ? 0 : 1;
        for (int s = 0; s < 64; ++s) {
            const int x = s % 8, y = s / 8;
            int n = 0;
            for (int i = 0; i < kVectorCount[kind]; ++i) {
                const int dx = team == 0 ? kVectors[kind][i][0] : -kVectors[kind][i][0];
                const int tx = x + dx, ty = y + kVectors[kind][i][1];
                if (tx >= 0 && tx < 8 && ty >= 0 && ty < 8) {
                    t.targets[code + 8][s][n++] = static_cast<std::uint8_t>(ty * 8 + tx);
                }
            }
            t.count[code + 8][s] = static_cast<std::uint8_t>(n);
            t.line_amber[code + 8][s] = kind != kRobbe && x == (team == 0 ? 7 : 0);
        }
    }
    std::uint64_t seed = 0x5EE5C4AC4ull;
    for (auto& square : t.zobrist) {
        for (auto& key : square) key = splitmix(seed);
    }
    return t;
}

inline constexpr Tables kTables = build_tables();

// Piece-square tables (evaluation variants 7 and 8, docs/ai.md's tuning log): per code + 8 and
// square, what a stack is worth for where it stands, in the evaluation's units (a piece is
// 1000). Built from red's side (red walks towards x = 7) and mirrored for blue along x
// (x -> 7 - x), the way blue's vectors negate dx.
struct SquareWeights {
    int progress;        // a light piece's walk towards the amber line: progress * 3 * d^2 / 49
    int edge[3][4];      // a light piece's centralisation across y, by min(y, 7 - y)
    int amber_next;      // a light piece one step from the amber line (x = 6 for red)
    int robbe_target;    // a Robbe's centralisation: this much a knight target beyond 4
};

struct SquareValues {
    std::int16_t value[17][64]{};
};

inline constexpr SquareValues build_square_values(const SquareWeights& w) {
    SquareValues t{};
    for (int code = -8; code <= 8; ++code) {
        if (code == 0) continue;
        const int kind = kind_of(code);
        const int team = code > 0 ? 0 : 1;
        for (int s = 0; s < 64; ++s) {
            const int y = s / 8;
            const int x = team == 0 ? s % 8 : 7 - s % 8;  // red's view of the square
            int value = 0;
            if (kind == kRobbe) {
                int targets = 0;
                for (const auto& v : kVectors[kRobbe]) {
                    const int tx = x + v[0], ty = y + v[1];
                    targets += tx >= 0 && tx < 8 && ty >= 0 && ty < 8;
                }
                value = w.robbe_target * (targets - 4);
            } else {
                value = w.progress * 3 * x * x / 49 + w.edge[kind][y < 4 ? y : 7 - y];
                if (x == 6) value += w.amber_next;
            }
            t.value[code + 8][s] = static_cast<std::int16_t>(value);
        }
    }
    return t;
}

// Variant 7: the default's progress (350) as the base along the walking direction, plus
// the rows away from the edge (a Herzmuschel on an edge row has one target instead of two,
// a Möwe three instead of four, a Seestern three instead of five), a light piece one step
// from the amber line, and a Robbe in the centre (2 knight targets in a corner, 8 there).
inline constexpr SquareWeights kSquareWeights7 = {
    350, {{0, 50, 70, 80}, {0, 25, 35, 40}, {0, 40, 55, 60}}, 60, 20};
inline constexpr SquareValues kSquareValues7 = build_square_values(kSquareWeights7);
// Variant 8: variant 7's centralisation alone (the rows away from the edge, the Robbe in
// the centre), without the bonus one step from the amber line (the threat term already
// counts such a piece).
inline constexpr SquareWeights kSquareWeights8 = {
    350, {{0, 50, 70, 80}, {0, 25, 35, 40}, {0, 40, 55, 60}}, 0, 20};
inline constexpr SquareValues kSquareValues8 = build_square_values(kSquareWeights8);

}  // namespace spieltisch::native::ostseeschach
