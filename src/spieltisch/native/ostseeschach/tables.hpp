// Ostseeschach's precomputed tables (board.py's TARGETS, LINE_AMBER, HEIGHT) and the
// Zobrist keys, built at compile time.
#pragma once

#include <cstdint>

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

inline constexpr std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
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

}  // namespace spieltisch::native::ostseeschach
