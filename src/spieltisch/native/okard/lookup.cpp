// Okard's config reader and per-config lookups (lookup.hpp).
#include "lookup.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "../core/mixing.hpp"
#include "../core/text_read.hpp"

namespace spieltisch::native::okard {

namespace {

constexpr const char* kDefaultConfig =
    "9 150 0 3 0 0 0 0 200 B:200000001-221010122 SP:120000021-220101022 "
    "SC:211000112-222010222 RI:202010202-212020213 L:020202022-121212123 "
    "T:202020202-212121213 G:222222223 K:222222223";

int number(std::string_view raw, int low, int high, const char* what) {
    const auto value = read_int(raw);
    if (!value || *value < low || *value > high) refuse(std::string("okard config: ") + what);
    return static_cast<int>(*value);
}

Side read_side(std::string_view raw) {
    if (raw.size() != 9) refuse("okard config: a side is 9 digits");
    Side side;
    for (int i = 0; i < 8; ++i) {
        const char c = raw[static_cast<std::size_t>(i)];
        if (c < '0' || c > '2') refuse("okard config: a direction value is 0, 1 or 2");
        side.dirs[static_cast<std::size_t>(i)] = c - '0';
    }
    if (raw[8] < '1' || raw[8] > '3') refuse("okard config: a strength is 1, 2 or 3");
    side.strength = raw[8] - '0';
    return side;
}

Stone read_stone(std::string_view raw) {
    const auto colon = raw.find(':');
    if (colon == std::string_view::npos) refuse("okard config: a stone is CODE:FRONT[-BACK]");
    Stone stone;
    const std::string_view code = raw.substr(0, colon);
    if (code.empty() || code.size() > 3) refuse("okard config: a stone code is 1 to 3 letters");
    for (char c : code) {
        if (c < 'A' || c > 'Z') refuse("okard config: a stone code is capital letters");
    }
    stone.code = std::string(code);
    std::string_view sides = raw.substr(colon + 1);
    const auto dash = sides.find('-');
    stone.front = read_side(sides.substr(0, dash));
    if (dash != std::string_view::npos) {
        stone.has_back = true;
        stone.back = read_side(sides.substr(dash + 1));
        if (stone.back.strength < stone.front.strength) {
            refuse("okard config: a back side is never weaker than the front");
        }
    }
    return stone;
}

// The default options' stone list (options.py), as a config writes it.
constexpr std::string_view kStandardList[] = {
    "B:200000001-221010122", "SP:120000021-220101022", "SC:211000112-222010222",
    "RI:202010202-212020213", "L:020202022-121212123",  "T:202020202-212121213",
    "G:222222223",           "K:222222223"};

std::string stone_text(const Stone& stone) {
    auto face = [](const Side& side) {
        std::string out;
        for (int d : side.dirs) out += static_cast<char>('0' + d);
        return out + static_cast<char>('0' + side.strength);
    };
    return stone.code + ':' + face(stone.front) + (stone.has_back ? '-' + face(stone.back) : "");
}

// Lookup::army_values: with the default options, each kind's worth as fitted to 1,078
// games from random armies (picks at random to the limit, placed and played by the
// engine at depth 2; a logistic regression of red's result on the two armies' difference
// by kind, its logits over Okard's Texel constant K = 0.00126664), and the most the
// points left can buy of them (a knapsack over the kinds, the König left out).
void set_army_values(Lookup& t) {
    if (t.n != 9 || t.army != 150 || t.ap_mode != kApTurn || t.sacrifice != kToOpponent ||
        t.drops != kDropSetup || t.end != kEndKing || t.turns != 200 ||
        t.stones.size() != std::size(kStandardList)) {
        return;
    }
    for (std::size_t k = 0; k < t.stones.size(); ++k) {
        if (stone_text(t.stones[k]) != kStandardList[k]) return;
    }
    static constexpr int kWorth[] = {501, 495, 587, 661, 726, 719, 406, 0};
    t.army_values = true;
    for (int k = 0; k < t.kinds; ++k) t.army_value[static_cast<std::size_t>(k)] = kWorth[k];
    t.army_general = 6;
    t.army_laeufer = 4;
    t.army_turm = 5;
    // The most picks of the kinds but `left_out` (and the König) add, by the points left.
    const auto future = [&t](int left_out) {
        std::vector<int> table(static_cast<std::size_t>(t.army) + 1, 0);
        for (int room = 1; room <= t.army; ++room) {
            int best = table[static_cast<std::size_t>(room - 1)];
            for (int k = 0; k < t.kinds; ++k) {
                const int cost = t.values[static_cast<std::size_t>(k)];
                if (k == t.king || k == left_out || cost > room) continue;
                best = std::max(best, kWorth[k] + table[static_cast<std::size_t>(room - cost)]);
            }
            table[static_cast<std::size_t>(room)] = best;
        }
        return table;
    };
    t.army_future = future(-1);
    t.army_future_rest = future(t.army_general);
}

std::unique_ptr<Lookup> build(std::string_view config) {
    if (config.empty()) config = kDefaultConfig;
    std::string_view fields[9 + kMaxKinds + 1];
    const int count = read_fields(config, fields, "okard config: too many stones");
    if (count < 10) refuse("okard config: 9 numbers and at least one stone");
    auto t = std::make_unique<Lookup>();
    t->n = number(fields[0], 8, 10, "board 8..10");
    t->nn = t->n * t->n;
    t->army = number(fields[1], 1, 1000, "army 1..1000");
    t->ap_mode = number(fields[2], 0, 2, "ap 0..2");
    t->fixed_ap = number(fields[3], 1, 20, "fixed_ap 1..20");
    t->sacrifice = number(fields[4], 0, 1, "sacrifice 0..1");
    t->drops = number(fields[5], 0, 1, "drops 0..1");
    t->end = number(fields[6], 0, 3, "end 0..3");
    t->target = number(fields[7], 0, 10'000, "target 0..10000");
    t->turns = number(fields[8], 1, 10'000, "turns 1..10000");
    t->setup_rows = t->n == 8 ? 2 : 3;
    t->max_ap = t->ap_mode == kApFixed ? t->fixed_ap : kDieFaces;
    int king = -1;
    for (int i = 9; i < count; ++i) {
        if (fields[i].substr(0, 5) == "eval=") {
            t->evaluation = number(fields[i].substr(5), 0, 8, "eval 0..8");
            continue;
        }
        Stone stone = read_stone(fields[i]);
        for (const Stone& other : t->stones) {
            if (other.code == stone.code) refuse("okard config: a stone code twice");
        }
        if (stone.code == "K") king = static_cast<int>(t->stones.size());
        t->stones.push_back(std::move(stone));
    }
    if (king < 0) refuse("okard config: the stone list has no König");
    const int kinds = static_cast<int>(t->stones.size());
    // The move bound (lookup.hpp): an own stone's square gives a sacrifice and a
    // promotion, any other square at most one line move per direction and a drop per kind.
    if (kinds > kMaxKinds || (8 + kinds) * t->nn + 16 > kMaxMoves) {
        refuse("okard config: too many stone kinds for the native engine");
    }
    t->kinds = kinds;
    t->king = king;
    t->min_value = 1 << 30;
    for (int k = 0; k < kinds; ++k) {
        const Stone& stone = t->stones[static_cast<std::size_t>(k)];
        t->values[static_cast<std::size_t>(k)] = stone.value();
        t->front_strength[static_cast<std::size_t>(k)] = stone.front.strength;
        t->min_value = std::min(t->min_value, stone.value());
        for (int side = 0; side < 2; ++side) {
            if (side == 1 && !stone.has_back) continue;
            const Side& face = side ? stone.back : stone.front;
            const int m = 1 + 2 * k + side;
            t->strength[static_cast<std::size_t>(m)] = face.strength;
            t->kind_of[static_cast<std::size_t>(m)] = k;
            t->back_of[static_cast<std::size_t>(m)] = (side == 0 && stone.has_back) ? m + 1 : 0;
            for (int player = 0; player < 2; ++player) {
                int c = 0;
                for (int d = 0; d < 8; ++d) {
                    const int value = face.dirs[static_cast<std::size_t>(d)];
                    if (!value) continue;
                    t->raydirs[player][m][c++] = RayDir{static_cast<std::int8_t>((d + 4 * player) % 8),
                                                        static_cast<std::int8_t>(value)};
                }
                t->raydir_count[player][m] = c;
            }
        }
    }
    t->hand_most = std::max<std::int64_t>(1, 2 * static_cast<std::int64_t>(t->army) / t->min_value);
    set_army_values(*t);
    const int n = t->n;
    for (int sq = 0; sq < t->nn; ++sq) {
        const int x = sq % n, y = sq / n;
        for (int d = 0; d < 8; ++d) {
            int length = 0;
            for (int tx = x + kDirX[d], ty = y + kDirY[d]; tx >= 0 && tx < n && ty >= 0 && ty < n;
                 tx += kDirX[d], ty += kDirY[d]) {
                t->rays[sq][d][length++] = static_cast<std::int8_t>(ty * n + tx);
            }
            t->ray_length[sq][d] = length;
        }
    }
    const int rows = t->setup_rows;
    for (int sq = 0; sq < rows * n; ++sq) {
        t->setup[0].push_back(sq);
        t->in_setup[0][sq] = true;
    }
    for (int sq = (n - rows) * n; sq < t->nn; ++sq) {
        t->setup[1].push_back(sq);
        t->in_setup[1][sq] = true;
    }
    for (int player = 0; player < 2; ++player) {
        if (t->drops == kDropAnywhere) {
            for (int sq = 0; sq < t->nn; ++sq) t->drop_squares[player].push_back(sq);
        } else {
            t->drop_squares[player] = t->setup[player];
        }
    }
    std::uint64_t state = 0x0CA4D0CA4Dull;
    t->zobrist.resize(static_cast<std::size_t>(t->nn));
    for (auto& row : t->zobrist) {
        for (auto& key : row) key = splitmix(state);
        row[kMaxCode] = 0;
    }
    for (auto& row : t->hand_keys) {
        for (auto& key : row) key = splitmix(state);
    }
    std::uint64_t salt = 0xC0FFEEull;
    for (char c : config) salt = (salt ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
    t->salt = salt;
    return t;
}

}  // namespace

std::string Lookup::square_name(int sq) const {
    std::string name(1, static_cast<char>('a' + sq % n));
    name += std::to_string(sq / n + 1);
    return name;
}

const Lookup& lookup_for(std::string_view config) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<Lookup>, std::less<>> cache;
    std::lock_guard<std::mutex> guard(mutex);
    auto found = cache.find(config);
    if (found != cache.end()) return *found->second;
    auto tables = build(config);
    const Lookup& result = *tables;
    cache.emplace(std::string(config), std::move(tables));
    return result;
}

}  // namespace spieltisch::native::okard
