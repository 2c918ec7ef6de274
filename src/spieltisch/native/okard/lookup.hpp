// Okard's per-game lookups: what a game's options (board, stone list, AP mode, ...) fix for
// the whole game, the mirror of spieltisch/games/okard/lookup.py and options.py. The
// options are not in the position text; they come over the boundary as a small config
// (see `Config` below), and the lookups of a config are built once and kept.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spieltisch::native::okard {

inline constexpr int kMaxBoard = 10;
inline constexpr int kMaxSquares = kMaxBoard * kMaxBoard;
// Stone kinds of a stone list the native engine holds (the standard list has 8).
inline constexpr int kMaxKinds = 32;
// Signed square codes are -kMaxCode..kMaxCode: abs(code) = 1 + 2 * kind + side.
inline constexpr int kMaxCode = 2 * kMaxKinds;
inline constexpr int kCodes = 2 * kMaxCode + 1;
// A move buffer; a config whose worst case could exceed it is refused (see config.cpp).
inline constexpr int kMaxMoves = 2048;
inline constexpr int kSacrificeCap = 6;
inline constexpr int kDieFaces = 6;

// The eight directions' steps on the board (x the file, y the rank of square y * n + x), in
// the order N NE E SE S SW W NW from red's side; and the direction of a step's signs:
// kDirection[sy + 1][sx + 1], -1 for no step.
inline constexpr int kDirX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int kDirY[8] = {1, 1, 0, -1, -1, -1, 0, 1};
inline constexpr int kDirection[3][3] = {{5, 4, 3}, {6, -1, 2}, {7, 0, 1}};
static_assert([] {
    for (int d = 0; d < 8; ++d) {
        if (kDirection[kDirY[d] + 1][kDirX[d] + 1] != d) return false;
    }
    return true;
}());

enum ApMode : int { kApTurn = 0, kApRound = 1, kApFixed = 2 };
enum SacrificeTo : int { kToOpponent = 0, kRemoved = 1 };
enum DropZone : int { kDropSetup = 0, kDropAnywhere = 1 };
enum EndCondition : int { kEndKing = 0, kEndPoints = 1, kEndHome = 2, kEndAll = 3 };

struct Side {
    std::array<int, 8> dirs{};  // N NE E SE S SW W NW, seen from the owner
    int strength = 1;
    int value() const {
        int total = strength;
        for (int d : dirs) total += d;
        return total;
    }
};

struct Stone {
    std::string code;
    Side front;
    bool has_back = false;
    Side back;
    int value() const { return front.value() + (has_back ? back.value() : 0); }
};

struct RayDir {
    std::int8_t dir;    // absolute direction 0..7 (N NE E SE S SW W NW from red's side)
    std::int8_t value;  // 1 move, 2 move and capture
};

struct Lookup {
    // The options.
    int n = 9;
    int nn = 81;
    int army = 150;
    int ap_mode = kApTurn;
    int fixed_ap = 3;
    int sacrifice = kToOpponent;
    int drops = kDropSetup;
    int end = kEndKing;
    int target = 0;  // target points (0 when the end condition has none)
    int turns = 200;
    int setup_rows = 3;
    // The evaluation (a trailing `eval=N` in the config selects another, for measuring):
    // 8 the default, variant 7 with what the armies' matches showed a worth by kind misses
    // (Generals together, Generals against Läufer and Türme; army_general below);
    // 7 variant 5 with the army's worth learned from playouts while the armies
    // are picked and placed (army_value below; with other options than the defaults 7 and
    // 8 play as 5); 5 the terms of 2 and new ones (the König's zone, tempo, reach, the army
    // by kind) weighed as fitted to self-play results (Texel's method, Position::features);
    // 6 the same terms fitted again to ten times as many games (a candidate);
    // 2 the evaluation before it, material and the capture threats each side can pay for
    // with the König's reached exactly (king_need); 1 the König's threat like any other
    // stone's (its first occupied square, half a chance for sacrifices); 0 the port of
    // evaluation.py; 3 and 4 variant 2 with the König's threat worth 300 and 100 points
    // instead of 150.
    int evaluation = 8;
    std::vector<Stone> stones;

    // Derived.
    int kinds = 0;
    int king = 0;
    int min_value = 0;
    int max_ap = 6;      // the most AP a turn starts with
    std::int64_t hand_most = 1;  // the most stones of a kind a hand text may hold
    std::array<int, kMaxKinds> values{};
    std::array<int, kMaxKinds> front_strength{};
    // By abs(code) 1..2 * kinds: strength, kind, the abs code after promotion (0: none).
    std::array<int, kMaxCode + 1> strength{};
    std::array<int, kMaxCode + 1> kind_of{};
    std::array<int, kMaxCode + 1> back_of{};
    // raydirs[player][abs code]: the directions with a value, in the owner's order.
    std::array<std::array<std::array<RayDir, 8>, kMaxCode + 1>, 2> raydirs{};
    std::array<std::array<int, kMaxCode + 1>, 2> raydir_count{};
    // rays[sq][dir]: the squares from sq in that direction, ray_length of them.
    std::array<std::array<std::array<std::int8_t, kMaxBoard>, 8>, kMaxSquares> rays{};
    std::array<std::array<int, 8>, kMaxSquares> ray_length{};
    std::array<std::array<bool, kMaxSquares>, 2> in_setup{};
    std::array<std::vector<int>, 2> setup;
    std::array<std::vector<int>, 2> drop_squares;
    // Zobrist keys: zobrist[sq][code + kMaxCode], hand_keys[player][kind] (added per stone).
    std::vector<std::array<std::uint64_t, kCodes>> zobrist;
    std::array<std::array<std::uint64_t, kMaxKinds>, 2> hand_keys{};
    std::uint64_t salt = 0;  // the config's own key, so that two configs never share keys
    // The army's worth while it is picked (Position::army_term), with the default options
    // only: a stone's worth by kind in evaluation points, as fitted to games from random
    // armies (docs/measurements/tuning.md), and by the points left, the most that picks of
    // them can still add (the König left out: every army holds one).
    bool army_values = false;
    std::array<int, kMaxKinds> army_value{};
    std::vector<int> army_future;
    // Variant 8: the kinds of the General, Läufer and Turm, and by the points left the most
    // picks of the other kinds (neither König nor General) can add; army_term buys the
    // Generals itself, at a worth that depends on the armies.
    int army_general = 0, army_laeufer = 0, army_turm = 0;
    std::vector<int> army_future_rest;

    int kind(int code) const { return kind_of[code < 0 ? -code : code]; }
    int strength_of(int code) const { return strength[code < 0 ? -code : code]; }
    std::string square_name(int sq) const;
};

// The lookups of a config text, built once per config and kept for the process; throws
// std::invalid_argument (refuse) for a config the native engine cannot play.
//
// Config text: `board army ap fixed_ap sacrifice drops end target turns STONE...`, numbers
// as decimal digits (ap 0 turn / 1 round / 2 fixed, sacrifice 0 opponent / 1 removed,
// drops 0 setup / 1 anywhere, end 0 king / 1 points / 2 home / 3 all, target the resolved
// target points), then each stone of the list as `CODE:FRONT` or `CODE:FRONT-BACK` with the
// 9-digit sides, and optionally `eval=N` (another evaluation than the default, above). The
// empty text is the default options.
const Lookup& lookup_for(std::string_view config);

}  // namespace spieltisch::native::okard
