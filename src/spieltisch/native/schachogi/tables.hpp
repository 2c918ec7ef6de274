// Schachogi's precomputed move tables (board.py's RAYS, PROMOTED, RESETS) and Zobrist keys.
//
// Codes as in board.py: 0 empty, > 0 White, < 0 Black; |code| 1..6 = Pflöck, Ischi, Rock,
// Slotser, Wieher, Brrbrr, 7..11 the promoted Ischi, Rock, Slotser, Wieher, Brrbrr.
// Tables are indexed by code + 11.
#pragma once

#include <cstdint>

#include "../core/mixing.hpp"

namespace spieltisch::native::schachogi {

inline constexpr int kPfloeck = 1, kIschi = 2, kWieher = 5, kBrrbrr = 6, kPromotion = 5;
inline constexpr int kCodes = 23;
inline constexpr char kLetters[] = "PIRSWB";

// What a move to a target offers: the plain move, the promoting one, or both.
inline constexpr std::uint8_t kPlain = 1, kPromote = 2, kBoth = 3;

inline constexpr int abs_code(int code) { return code < 0 ? -code : code; }

// The promotion zone: the last two ranks seen from `side` (schachogi.md, "Promotion").
inline constexpr bool in_zone(int square, int side) {
    return side == 0 ? square / 8 >= 6 : square / 8 <= 1;
}
// A Brrbrr on the last rank or a Wieher on the last two could never move again.
inline constexpr bool must_promote(int kind, int square, int side) {
    const int rank = side == 0 ? square / 8 : 7 - square / 8;
    return (kind == kBrrbrr && rank == 7) || (kind == kWieher && rank >= 6);
}
inline constexpr bool can_promote(int kind, int square, int side) {
    return kind >= kIschi && kind <= kBrrbrr && in_zone(square, side);
}

struct Geometry {
    int step_count;
    int steps[8][2];
    int slide_count;
    int slides[4][2];
};

// Per kind 1..11, White's view (forward = +1 rank), in board.py's GEOMETRY order.
inline constexpr Geometry kGeometry[12] = {
    {0, {}, 0, {}},
    {8, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, 0, {}},
    {8, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, 0, {}},
    {0, {}, 4, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}},
    {0, {}, 4, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}},
    {2, {{1, 2}, {-1, 2}}, 0, {}},
    {1, {{0, 1}}, 0, {}},
    // promoted Ischi: the queen, as eight slides
    {0, {}, 0, {}},
    {4, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, 4, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}},
    {4, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, 4, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}},
    {6, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}}, 0, {}},
    {6, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}}, 0, {}},
};
inline constexpr int kQueen[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

struct Ray {
    std::uint8_t length;
    std::uint8_t targets[7];
    std::uint8_t choices[7];  // kPlain, kPromote or kBoth per target
};

struct Tables {
    std::uint8_t ray_count[kCodes][64]{};
    Ray rays[kCodes][64][8]{};
    std::uint64_t zobrist[kCodes][64]{};  // 0 for the empty square
    std::uint64_t black_to_move = 0;
};

inline constexpr void add_ray(Tables& t, int code, int square, int df, int dr, int reach) {
    const int kind = abs_code(code), side = code > 0 ? 0 : 1;
    const int forward = side == 0 ? 1 : -1;
    Ray ray{};
    int f = square % 8, r = square / 8;
    for (int i = 0; i < reach; ++i) {
        f += df;
        r += dr * forward;
        if (f < 0 || f >= 8 || r < 0 || r >= 8) break;
        const int d = r * 8 + f;
        ray.targets[ray.length] = static_cast<std::uint8_t>(d);
        ray.choices[ray.length] = !can_promote(kind, d, side) ? kPlain
                                  : must_promote(kind, d, side) ? kPromote
                                                                 : kBoth;
        ++ray.length;
    }
    if (ray.length) t.rays[code + 11][square][t.ray_count[code + 11][square]++] = ray;
}

inline constexpr Tables build_tables() {
    Tables t{};
    for (int code = -11; code <= 11; ++code) {
        if (code == 0) continue;
        const int kind = abs_code(code);
        const Geometry& g = kGeometry[kind];
        for (int s = 0; s < 64; ++s) {
            for (int i = 0; i < g.step_count; ++i) add_ray(t, code, s, g.steps[i][0], g.steps[i][1], 1);
            if (kind == kIschi + kPromotion) {
                for (const auto& v : kQueen) add_ray(t, code, s, v[0], v[1], 7);
            }
            for (int i = 0; i < g.slide_count; ++i) add_ray(t, code, s, g.slides[i][0], g.slides[i][1], 7);
        }
    }
    std::uint64_t seed = 0x5C4AC06ull;
    for (int code = 0; code < kCodes; ++code) {
        for (int s = 0; s < 64; ++s) t.zobrist[code][s] = code == 11 ? 0 : splitmix(seed);
    }
    t.black_to_move = splitmix(seed);
    return t;
}

inline const Tables kTables = build_tables();

}  // namespace spieltisch::native::schachogi
