// Hase und Igel: the official move generation and its card chains, make/unmake with the
// turn start bonus, the end, and the position text.
#include "position.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "../core/mixing.hpp"
#include "../core/text_read.hpp"

namespace spieltisch::native::haseundigel {
namespace {

// Field types (board.py).
constexpr int kStart = 0, kCarrot = 1, kHare = 2, kSalad = 3, kHedgehog = 4, kPosition1 = 5,
              kPosition2 = 6, kGoal = 7;
constexpr char kFieldLetters[] = "SCHLI12G";
constexpr std::int64_t kGoalField = 64;
constexpr std::int64_t kGoalCarrots = 10;

// Card bits of a hand, by kind - kCardTake; the text's letters in hand order.
constexpr int kTakeBit = 1, kEatBit = 2, kHurryBit = 4, kFallBit = 8;
constexpr char kCardLetters[] = "TEHF";
constexpr int card_bit(int kind) { return 1 << (kind - kCardTake); }

// Card chains (moves.py): the moving-card prefixes and the terminal cards.
constexpr int kPrefixLength[5] = {0, 1, 1, 2, 2};
constexpr std::int8_t kPrefixCards[5][2] = {
    {kNone, kNone}, {kCardHurry, kNone}, {kCardFall, kNone}, {kCardHurry, kCardFall},
    {kCardFall, kCardHurry}};
constexpr int kNextHurry[5] = {1, -1, 4, -1, -1};
constexpr int kNextFall[5] = {2, 3, -1, -1, -1};
constexpr std::int8_t kTerminalKind[5] = {kNone, kCardEat, kCardTake, kCardTake, kCardTake};
constexpr std::int64_t kTerminalValue[5] = {0, 0, 20, -20, 0};

bool must_move_on_after(int kind) { return kind == kEatSalad || kind == kCardEat || kind == kCardTake; }
bool must_eat_after(int kind) { return kind == kAdvance || kind == kCardHurry || kind == kCardFall; }

// The canonical board (hase-und-igel.md, "Board"): the stretches' multisets in order.
std::array<std::int8_t, 65> canonical_board() {
    std::array<std::int8_t, 65> f{};
    const std::string letters =
        "S" "HCHCCH12C" "L" "I" "CCH" "I" "12C" "I" "CC" "L" "2" "I" "HCCC2" "I" "H1CH2C" "I"
        "CHC2" "L" "I" "CCH21C" "I" "HC2CC" "I" "L" "HC1CHC" "G";
    for (int i = 0; i < 65; ++i) {
        f[i] = static_cast<std::int8_t>(std::string_view(kFieldLetters).find(letters[i]));
    }
    return f;
}

bool is_first(std::int64_t pos, std::int64_t car, std::int64_t opp, std::int64_t opp_car) {
    if (opp > pos) return false;
    if (pos == kGoalField && opp == pos) return car < opp_car;
    return true;
}

// board.py's moveable_fields: the longest advance the carrots pay for, at most 44; the
// same floating-point formula, tabulated once.
struct MoveableTable {
    std::array<std::int8_t, 990> fields{};
    MoveableTable() {
        for (int carrots = 1; carrots < 990; ++carrots) {
            fields[carrots] = static_cast<std::int8_t>(
                std::pow(2.0 * static_cast<double>(carrots) + 0.25, 0.5) - 0.48);
        }
    }
};
const MoveableTable kMoveable;

std::int64_t moveable_fields(std::int64_t carrots) {
    if (carrots >= 990) return 44;
    if (carrots < 1) return 0;
    return kMoveable.fields[static_cast<std::size_t>(carrots)];
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t at = 0;
    while (true) {
        const std::size_t next = text.find(separator, at);
        parts.push_back(text.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
        if (next == std::string_view::npos) return parts;
        at = next + 1;
    }
}

// One action in its compact code (`a3`, `b`, `x-10`, `e`, `s`, `T20`, `E`, `H`, `F`), the
// canonical form the Python engine writes; anything else is left to the Python reader.
std::optional<LastAction> read_code(std::string_view code) {
    if (code == "b") return LastAction{kFall, 0, 0};
    if (code == "e") return LastAction{kEatSalad, 0, 0};
    if (code == "s") return LastAction{kSkipAction, 0, 0};
    if (code == "E") return LastAction{kCardEat, 0, 0};
    if (code == "H") return LastAction{kCardHurry, 0, 0};
    if (code == "F") return LastAction{kCardFall, 0, 0};
    if (code.size() >= 2 && (code[0] == 'a' || code[0] == 'x' || code[0] == 'T')) {
        const auto value = read_int(code.substr(1), true);
        if (!value) return std::nullopt;
        const std::int8_t kind = code[0] == 'a' ? kAdvance : code[0] == 'x' ? kExchange : kCardTake;
        return LastAction{kind, *value, 0};
    }
    return std::nullopt;
}

std::string action_code(int kind, std::int64_t value) {
    switch (kind) {
        case kAdvance: return "a" + std::to_string(value);
        case kExchange: return "x" + std::to_string(value);
        case kCardTake: return "T" + std::to_string(value);
        case kFall: return "b";
        case kEatSalad: return "e";
        case kSkipAction: return "s";
        case kCardEat: return "E";
        case kCardHurry: return "H";
        default: return "F";
    }
}

std::string action_long(int kind, std::int64_t value) {
    switch (kind) {
        case kAdvance: return "advance " + std::to_string(value);
        case kExchange: return "exchange " + std::to_string(value);
        case kCardTake: return "card TAKE_OR_DROP_CARROTS " + std::to_string(value);
        case kFall: return "fallback";
        case kEatSalad: return "eat";
        case kSkipAction: return "skip";
        case kCardEat: return "card EAT_SALAD";
        case kCardHurry: return "card HURRY_AHEAD";
        default: return "card FALL_BACK";
    }
}

// The actions of a table move as (kind, value) pairs.
int decode(Move move, std::int8_t* kinds, std::int64_t* values) {
    switch (move) {
        case kSkip: kinds[0] = kSkipAction; values[0] = 0; return 1;
        case kEat: kinds[0] = kEatSalad; values[0] = 0; return 1;
        case kFallBack: kinds[0] = kFall; values[0] = 0; return 1;
        case kExchangePlus: kinds[0] = kExchange; values[0] = 10; return 1;
        case kExchangeMinus: kinds[0] = kExchange; values[0] = -10; return 1;
        default: break;
    }
    const int distance = (move - 5) / 25 + 1, chain = (move - 5) % 25;
    const int prefix = chain / 5, terminal = chain % 5;
    int n = 0;
    kinds[n] = kAdvance;
    values[n++] = distance;
    for (int i = 0; i < kPrefixLength[prefix]; ++i) {
        kinds[n] = kPrefixCards[prefix][i];
        values[n++] = 0;
    }
    if (terminal) {
        kinds[n] = kTerminalKind[terminal];
        values[n++] = kTerminalValue[terminal];
    }
    return n;
}

// Every table move decoded once.
struct MoveTable {
    struct Entry {
        std::int8_t count;
        std::int8_t kinds[4];
        std::int64_t values[4];
    };
    std::array<Entry, Position::kMaxMoves> entries{};
    MoveTable() {
        for (int move = 0; move < Position::kMaxMoves; ++move) {
            Entry& e = entries[move];
            e.count = static_cast<std::int8_t>(decode(static_cast<Move>(move), e.kinds, e.values));
        }
    }
};
const MoveTable kMoveTable;

int actions_of(Move move, std::int8_t* kinds, std::int64_t* values) {
    const auto& e = kMoveTable.entries[move];
    for (int i = 0; i < e.count; ++i) {
        kinds[i] = e.kinds[i];
        values[i] = e.values[i];
    }
    return e.count;
}

}  // namespace

Position Position::parse(std::string_view text) {
    std::string_view fields[5];
    const int count = read_fields(text, fields, "a Hase und Igel position has 5 fields");
    if (count != 5) refuse("a Hase und Igel position has 5 fields");

    Position p;
    std::string lower(fields[0]);
    for (auto& c : lower) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
    if (lower == "canonical") {
        p.fields_ = canonical_board();
    } else {
        if (fields[0].size() != 65) refuse("the board is 65 letters");
        for (int i = 0; i < 65; ++i) {
            char c = fields[0][i];
            if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
            const auto kind = std::string_view(kFieldLetters).find(c);
            if (kind == std::string_view::npos) refuse("unknown field letter");
            p.fields_[i] = static_cast<std::int8_t>(kind);
        }
    }
    p.board_key_ = board_key(p.fields_);
    std::int8_t last_hedgehog = -1;
    for (int i = 0; i <= 65; ++i) {
        p.previous_hedgehog_[i] = last_hedgehog;
        if (i < 65 && p.fields_[i] == kHedgehog) last_hedgehog = static_cast<std::int8_t>(i);
    }

    const auto turn = read_int(fields[1]);
    if (!turn || *turn > 60) refuse("the turn is a whole number 0..60");
    p.turn_ = *turn;
    for (int who = 0; who < 2; ++who) {
        const auto parts = split(fields[2 + who], '/');
        if (parts.size() != 5) refuse("a player is index/carrots/salads/cards/last");
        const auto index = read_int(parts[0], true);
        const auto carrots = read_int(parts[1], true);
        const auto salads = read_int(parts[2], true);
        if (!index || !carrots || !salads) refuse("index, carrots and salads are whole numbers");
        if (*index < -1 || *index > 64) refuse("the index is outside -1..64");
        if (*carrots < 0 || *salads < 0) refuse("carrots and salads cannot be negative");
        p.pos_[who] = *index;
        p.carrots_[who] = *carrots;
        p.salads_[who] = *salads;
        std::uint8_t cards = 0;
        if (parts[3] != "-") {
            if (parts[3].empty()) refuse("no cards is written '-'");
            for (char c : parts[3]) {
                if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
                const auto where = std::string_view(kCardLetters).find(c);
                if (where == std::string_view::npos) refuse("unknown card letter");
                cards |= static_cast<std::uint8_t>(1 << where);
            }
        }
        p.cards_[who] = cards;
        if (parts[4] != "-") {
            const std::size_t at = parts[4].find('@');
            const auto action = read_code(parts[4].substr(0, at));
            if (!action || action->kind == kSkipAction) refuse("the last action is not an action");
            LastAction last = *action;
            if (at != std::string_view::npos) {
                const auto order = read_int(parts[4].substr(at + 1));
                if (!order) refuse("the order is a whole number >= 0");
                last.order = *order;
            }
            p.last_[who] = last;
        }
    }
    if (fields[4] != "-") {
        // Actions are separated by a '+' that no digit follows (moves.py, parse_move).
        std::string code;
        std::size_t start = 0;
        const std::string_view move = fields[4];
        for (std::size_t i = 0; i <= move.size(); ++i) {
            const bool end = i == move.size();
            if (!end && !(move[i] == '+' && (i + 1 >= move.size() || !is_digit(move[i + 1])))) continue;
            const auto action = read_code(move.substr(start, i - start));
            if (!action) refuse("the last move is not a move");
            if (!code.empty()) code += '+';
            code += action_code(action->kind, action->value);
            start = i + 1;
        }
        p.last_move_ = kOtherMove;
        p.other_last_move_ = code;
    }
    return p;
}

std::string Position::move_code(Move move) const {
    if (move == kOtherMove) return other_last_move_;
    std::int8_t kinds[4];
    std::int64_t values[4];
    const int n = actions_of(move, kinds, values);
    std::string out;
    for (int i = 0; i < n; ++i) {
        if (i) out += '+';
        out += action_code(kinds[i], values[i]);
    }
    return out;
}

std::string Position::move_text(Move move) const {
    std::int8_t kinds[4];
    std::int64_t values[4];
    const int n = actions_of(move, kinds, values);
    std::string out;
    for (int i = 0; i < n; ++i) {
        if (i) out += ", ";
        out += action_long(kinds[i], values[i]);
    }
    return out;
}

std::string Position::text() const {
    std::string out;
    for (auto kind : fields_) out += kFieldLetters[kind];
    out += ' ';
    out += std::to_string(turn_);
    for (int who = 0; who < 2; ++who) {
        out += ' ';
        out += std::to_string(pos_[who]);
        out += '/';
        out += std::to_string(carrots_[who]);
        out += '/';
        out += std::to_string(salads_[who]);
        out += '/';
        std::string cards;
        for (int i = 0; i < 4; ++i) {
            if (cards_[who] & (1 << i)) cards += kCardLetters[i];
        }
        out += cards.empty() ? "-" : cards;
        out += '/';
        const LastAction& last = last_[who];
        if (last.kind == kNone) {
            out += '-';
        } else {
            out += action_code(last.kind, last.value);
            if (last.kind >= kCardTake || last.order) {
                out += '@';
                out += std::to_string(last.order);
            }
        }
    }
    out += ' ';
    out += last_move_ == kNoMove ? std::string("-") : move_code(last_move_);
    return out;
}

void Position::moving(std::int64_t t, std::int64_t opp, std::int64_t car, std::int64_t sal,
                      int rest, int prefix, int* out, int& n) const {
    const int kind = type_at(t);
    if (kind == kHare) {
        card_chains(t, opp, car, sal, rest, prefix, out, n);
    } else if (kind == kCarrot || kind == kPosition1 || kind == kPosition2 || kind == kStart ||
               (kind == kSalad && sal > 0) || (kind == kGoal && car <= kGoalCarrots && sal == 0)) {
        out[n++] = prefix * 5;
    }
}

// rules.py's card_chains: every card sequence after entering hare field h, in the
// official order.
void Position::card_chains(std::int64_t h, std::int64_t opp, std::int64_t car, std::int64_t sal,
                           int cards, int prefix, int* out, int& n) const {
    const int base = prefix * 5;
    if ((cards & kEatBit) && sal > 0) out[n++] = base + 1;
    if (cards & kTakeBit) {
        out[n++] = base + 2;
        if (car >= 20) out[n++] = base + 3;
        out[n++] = base + 4;
    }
    if ((cards & kHurryBit) && opp > h) {
        moving(opp + 1, opp, car, sal, cards & ~kHurryBit, kNextHurry[prefix], out, n);
    }
    if ((cards & kFallBit) && opp <= h && opp - 1 != 0) {
        moving(opp - 1, opp, car, sal, cards & ~kFallBit, kNextFall[prefix], out, n);
    }
}

// state.py's _generate: the official getPossibleMoves, in its order.
int Position::generate(Move* out) const {
    if (game_over()) return 0;
    const int p = static_cast<int>(turn_ & 1);
    const std::int64_t pos = pos_[p], opp = pos_[1 - p], car = carrots_[p], sal = salads_[p];
    const int lk = last_[p].kind;
    const int here = type_at(pos);
    if (here == kSalad) {
        if (sal > 0 && !must_move_on_after(lk)) {
            out[0] = kEat;
            return 1;
        }
        if (must_eat_after(lk)) {
            out[0] = kSkip;
            return 1;
        }
    }
    int n = 0;
    if (here == kCarrot) {
        out[n++] = kExchangePlus;
        if (car >= 10) out[n++] = kExchangeMinus;
    }
    const std::int64_t target = previous_hedgehog(pos);
    if (target != -1 && target != opp) out[n++] = kFallBack;
    const std::int64_t top = std::min(moveable_fields(car), kGoalField - pos);
    for (std::int64_t d = 1; d <= top; ++d) {
        const std::int64_t field = pos + d;
        if (field == opp && field != kGoalField) continue;
        const int kind = fields_[field];
        if (kind == kHedgehog) continue;
        const std::int64_t price = d * (d + 1) / 2;
        if (price > car) break;
        if (kind == kHare) {
            int chains[32];
            int count = 0;
            card_chains(field, opp, car - price, sal, cards_[p], 0, chains, count);
            for (int i = 0; i < count; ++i) out[n++] = advance_move(static_cast<int>(d), chains[i]);
        } else if (kind == kSalad) {
            if (sal > 0) out[n++] = advance_move(static_cast<int>(d), 0);
        } else if (kind == kGoal) {
            if (car - price <= kGoalCarrots && sal == 0) out[n++] = advance_move(static_cast<int>(d), 0);
        } else {
            out[n++] = advance_move(static_cast<int>(d), 0);
        }
    }
    if (n == 0) out[n++] = kSkip;
    return n;
}

void Position::make(Move move, Undo& undo) {
    const int p = static_cast<int>(turn_ & 1), o = 1 - p;
    undo = {pos_, carrots_, salads_[p], cards_[p], last_[p], last_move_};
    std::int64_t pos = pos_[p], car = carrots_[p], sal = salads_[p];
    int cards = cards_[p];
    const auto& entry = kMoveTable.entries[move];
    const std::int8_t* kinds = entry.kinds;
    const std::int64_t* values = entry.values;
    const int n = entry.count;
    int last_order = -1;
    for (int i = 0; i < n; ++i) {
        const int kind = kinds[i];
        const std::int64_t value = values[i];
        if (kind == kSkipAction) continue;
        last_order = i;
        switch (kind) {
            case kAdvance:
                car -= value * (value + 1) / 2;
                pos += value;
                break;
            case kFall: {
                const std::int64_t target = previous_hedgehog(pos);
                car += 10 * (pos - target);
                pos = target;
                break;
            }
            case kExchange: car += value; break;
            case kEatSalad:
                --sal;
                car += pos > pos_[o] ? 10 : 30;
                break;
            default:
                cards &= ~card_bit(kind);
                if (kind == kCardTake) {
                    car += value;
                } else if (kind == kCardEat) {
                    --sal;
                    car += is_first(pos, car, pos_[o], carrots_[o]) ? 10 : 30;
                } else if (kind == kCardHurry) {
                    pos = pos_[o] + 1;
                } else {
                    pos = pos_[o] - 1;
                }
        }
    }
    pos_[p] = pos;
    carrots_[p] = car;
    salads_[p] = sal;
    cards_[p] = static_cast<std::uint8_t>(cards);
    if (last_order >= 0) last_[p] = {kinds[last_order], values[last_order], last_order};
    last_move_ = move;
    ++turn_;
    // The bonus of the player now to move (hase-und-igel.md, "Turn start bonus").
    const std::int64_t at = pos_[o];
    const int kind = type_at(at);
    if (kind == kPosition1) {
        if (is_first(at, carrots_[o], pos, car)) carrots_[o] += 10;
    } else if (kind == kPosition2 && is_first(pos, car, at, carrots_[o])) {
        carrots_[o] += 30;
    }
}

void Position::unmake(Move, const Undo& undo) {
    --turn_;
    const int p = static_cast<int>(turn_ & 1);
    pos_ = undo.pos;
    carrots_ = undo.carrots;
    salads_[p] = undo.salads;
    cards_[p] = undo.cards;
    last_[p] = undo.last;
    last_move_ = undo.last_move;
}

std::optional<Outcome> Position::outcome() const {
    if (!game_over()) return std::nullopt;
    Outcome result;
    result.reason = "GOAL_REACHED";
    if (pos_[0] == kGoalField) {
        result.winner = pos_[1] == kGoalField && carrots_[1] < carrots_[0] ? 1 : 0;
    } else if (pos_[1] == kGoalField) {
        result.winner = 1;
    } else {
        result.reason = "ROUND_LIMIT";
        if (pos_[0] != pos_[1]) {
            result.winner = pos_[0] > pos_[1] ? 0 : 1;
        } else {
            result.winner = carrots_[1] < carrots_[0] ? 1 : 0;
        }
    }
    const std::int64_t points[2] = {result.winner == 0 ? 2 : 0, result.winner == 1 ? 2 : 0};
    result.scores = {{points[0], pos_[0], carrots_[0]}, {points[1], pos_[1], carrots_[1]}};
    return result;
}

// The board's part of the key: the 65 field types, computed once when the position is read.
std::uint64_t Position::board_key(const std::array<std::int8_t, 65>& fields) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (auto kind : fields) h = finalise(h ^ static_cast<std::uint64_t>(kind + 1));
    return h;
}

// Each value goes through the mixer before the next joins, so that distinct positions
// collide only by chance (2^-64); a step of the form h ^= v + c + (h << 6) + (h >> 2), as
// before, made e.g. (field 16, 70 carrots) and (field 17, 5 carrots) one key.
std::uint64_t Position::hash() const {
    std::uint64_t h = finalise(board_key_ ^ static_cast<std::uint64_t>(turn_));
    for (int who = 0; who < 2; ++who) {
        h = finalise(h ^ static_cast<std::uint64_t>(pos_[who] + 2));
        h = finalise(h ^ static_cast<std::uint64_t>(carrots_[who]));
        h = finalise(h ^ static_cast<std::uint64_t>(salads_[who]));
        h = finalise(h ^ (static_cast<std::uint64_t>(cards_[who]) << 8 |
                          static_cast<std::uint64_t>(last_[who].kind + 1)));
    }
    // Another evaluation variant, other keys: two agents of different variants in one
    // process share the table of a size (core/transposition.hpp, TablePool), and must not
    // read each other's values.
    if (evaluation_) h = finalise(h ^ 0xA24BAED4963EE407ull * static_cast<std::uint64_t>(evaluation_));
    return h;
}

namespace {

// evaluation.py's race estimate, the same formulas in C++.
constexpr double kSure = 0.95;
constexpr std::int64_t kSaladCarrots = 20, kGainPerTurn = 15;
constexpr double kCardTurns = 0.3, kScale = 4.0;
constexpr int kEvalUnits = 10000;  // evaluate() returns the [-1, 1] value in these units

std::int64_t carrot_cost(std::int64_t distance) { return distance * (distance + 1) / 2; }

std::int64_t carrots_needed(std::int64_t distance, std::int64_t moves) {
    if (distance <= 0) return 0;
    moves = std::max<std::int64_t>(1, std::min(moves, distance));
    const std::int64_t step = distance / moves, extra = distance % moves;
    return (moves - extra) * carrot_cost(step) + extra * carrot_cost(step + 1);
}

double turns_to_finish(std::int64_t distance, std::int64_t carrots, std::int64_t salads) {
    if (distance <= 0) return 0.0;
    const std::int64_t budget = carrots + kSaladCarrots * salads;
    std::int64_t best = -1;
    for (std::int64_t moves = std::min(distance, salads + 1); moves <= distance; ++moves) {
        const std::int64_t low = carrots_needed(distance, moves);
        const std::int64_t high = carrot_cost(distance - moves + 1) + moves - 1;
        const std::int64_t gain = std::max<std::int64_t>(0, low - budget);
        const std::int64_t shed = std::max<std::int64_t>(0, budget - high - 10);
        const std::int64_t turns = moves + (gain + kGainPerTurn - 1) / kGainPerTurn + (shed + 9) / 10;
        if (best < 0 || turns < best) best = turns;
        if (low <= budget && shed == 0) break;
    }
    return static_cast<double>(best + salads);
}

}  // namespace

Position::RaceTerms Position::race_terms(int player) const {
    RaceTerms terms;
    const std::int64_t index = std::max<std::int64_t>(pos_[player], 0);
    terms.index = static_cast<double>(index);
    if (index == kGoalField) {
        terms.fixed = true;
        terms.fixed_value = 1.0 - static_cast<double>(carrots_[player]) * 0.01;
        return terms;
    }
    std::int64_t salads = salads_[player], carrots = carrots_[player];
    const int kind = last_[player].kind;
    if (fields_[index] == kSalad && (kind == kAdvance || kind == kCardHurry || kind == kCardFall)) {
        salads -= 1;  // eating is due next turn
        carrots += kSaladCarrots;
    }
    if (static_cast<int>(turn_ & 1) != player) {  // the turn start bonus still to come
        const int o = 1 - player;
        const bool first = is_first(pos_[player], carrots_[player], pos_[o], carrots_[o]);
        if (fields_[index] == kPosition1 && first) {
            carrots += 10;
        } else if (fields_[index] == kPosition2 && !first) {
            carrots += 30;
        }
    }
    if (!finish_ && counts_on_board()) finish_ = board_table();
    if (finish_) {
        // The turns counted on the board; a salad due next turn costs that turn.
        terms.base_turns = finish_->turns(index, carrots, salads) + (salads < salads_[player] ? 1 : 0);
    } else {
        terms.base_turns = turns_to_finish(kGoalField - index, carrots, salads);
    }
    std::int64_t ahead = 0;
    for (std::int64_t i = index + 1; i < kGoalField; ++i) ahead += fields_[i] == kSalad;
    terms.excess_salads = static_cast<double>(std::max<std::int64_t>(0, salads - ahead));
    terms.cards = static_cast<double>(std::popcount(static_cast<unsigned>(cards_[player] & 15)));
    terms.carrots = static_cast<double>(carrots);
    terms.salads = static_cast<double>(salads);
    terms.turns_left = (60 - turn_ + ((turn_ & 1) == player ? 1 : 0)) / 2;
    return terms;
}

double Position::race_value(int player) const {
    const RaceTerms terms = race_terms(player);
    if (terms.fixed) return terms.fixed_value;
    double turns = terms.base_turns;
    turns += 3.0 * terms.excess_salads;
    // The variant's weights of a card and a field (feature_weights: 0.3 and 0.1 turns in
    // the default).
    const Features& w = feature_weights(evaluation_);
    turns -= w[2] * terms.cards;
    const std::int64_t turns_left = terms.turns_left;
    if (turns > static_cast<double>(turns_left)) {
        return -(static_cast<double>(turns_left) + 1.0) - (kGoalField - terms.index) / 10.0 -
               (turns - static_cast<double>(turns_left)) / 20.0;
    }
    return -turns + terms.index * w[3];
}

// The race terms of one player as Texel features (kFeatureNames): a player in the goal or
// one who cannot finish in time gets the default's race value as its one `fixed` term (it
// ranks it behind every finisher), any other its estimated turns, salads it can no longer
// eat, cards, field, carrots and salads held (tenths of the carrots), and the move's tempo.
Position::Features Position::player_features(int player) const {
    Features f{};
    const RaceTerms terms = race_terms(player);
    f[6] = static_cast<int>(turn_ & 1) == player ? 1.0 : 0.0;
    if (terms.fixed) {
        f[4] = terms.fixed_value;
        return f;
    }
    const double turns = terms.base_turns + 3.0 * terms.excess_salads - kCardTurns * terms.cards;
    if (turns > static_cast<double>(terms.turns_left)) {
        f[4] = -(static_cast<double>(terms.turns_left) + 1.0) - (kGoalField - terms.index) / 10.0 -
               (turns - static_cast<double>(terms.turns_left)) / 20.0;
        return f;
    }
    f[0] = terms.base_turns;
    f[1] = terms.excess_salads;
    f[2] = terms.cards;
    f[3] = terms.index;
    f[5] = terms.carrots / 10.0;
    f[7] = terms.salads;
    return f;
}

Position::Features Position::features(int player) const {
    Features mine = player_features(player);
    const Features theirs = player_features(1 - player);
    for (int i = 0; i < kFeatures; ++i) mine[i] -= theirs[i];
    return mine;
}

// evaluation.py's evaluate (a value in [-1, 1]) in ten-thousandths.
int Position::evaluate(int player) const {
    const int o = 1 - player;
    if (pos_[player] == kGoalField || pos_[o] == kGoalField) {
        if (pos_[player] == pos_[o]) {
            const bool mine = carrots_[player] < carrots_[o] ||
                              (carrots_[player] == carrots_[o] && player == 0);
            return static_cast<int>((mine ? kSure : -kSure) * kEvalUnits);
        }
        const int leader = pos_[player] == kGoalField ? player : o;
        const int chaser = 1 - leader;
        const std::int64_t distance = kGoalField - std::max<std::int64_t>(pos_[chaser], 0);
        const bool hopeless =
            salads_[chaser] > 0 || turns_to_finish(distance, carrots_[chaser], 0) > 1;
        if (static_cast<int>(turn_ & 1) != chaser || hopeless) {
            return static_cast<int>((leader == player ? kSure : -kSure) * kEvalUnits);
        }
    }
    double diff = 0.0;
    if (evaluation_ >= 3 && evaluation_ <= 5) {
        const Features f = features(player);
        const Features& w = feature_weights(evaluation_);
        for (int i = 0; i < kFeatures; ++i) diff += w[i] * f[i];
    } else {
        diff = race_value(player) - race_value(o);
        // The move in hand, the tempo term's weight: a whole turn in the default (an SPRT
        // adopted it), half a turn in candidate 20, 1.5, 2, 0.75 and 0.875 turns in 21 to 24,
        // none in the others.
        const double tempo = feature_weights(evaluation_)[6];
        diff += static_cast<int>(turn_ & 1) == player ? tempo : -tempo;
    }
    return static_cast<int>(std::lround(std::tanh(diff / kScale) * kEvalUnits));
}

// The weights of the race terms (kFeatureNames) in a variant's race difference: the
// race formula's (evaluation.py: minus the turns, three a salad no field ahead takes, 0.3
// a card, 0.1 a field) with a whole turn for the move in hand in the default (its turns
// counted on the board), half a turn in 20, none in variant 6 (the formula's turns) and
// 19 (the count without it); 1 and 2 the formula with other weights for cards and the
// field (1 also uses its weight in deciding whether a player can finish in time), the
// candidates fitted to self-play results (Texel's method, benchmarks/texel.py): 3 all
// terms, 4 with the field's weight held at 0.1, 5 fitted again on 3's own self-play, and 7
// to 10 the count with another weight for the field or the cards (9 and 10 also use it in
// deciding whether a player can finish in time); 11 to 18 count the turns with other pay
// and weigh them as 19; 21 to 24 the default with the move in hand worth 1.5, 2, 0.75 and
// 0.875 turns.
const Position::Features& Position::feature_weights(int variant) {
    static constexpr Features kFormula{-1.0, -3.0, 0.3, 0.1, 1.0, 0.0, 0.0, 0.0};
    // The formula's weights with the move in hand worth `tempo` turns.
    constexpr auto with_tempo = [](double tempo) {
        Features weights = kFormula;
        weights[6] = tempo;
        return weights;
    };
    static constexpr Features kTempo = with_tempo(1.0);
    static constexpr Features kHalfTempo = with_tempo(0.5);
    static constexpr Features kMoreTempo = with_tempo(1.5);
    static constexpr Features kTwoTempi = with_tempo(2.0);
    static constexpr Features kTempo075 = with_tempo(0.75);
    static constexpr Features kTempo0875 = with_tempo(0.875);
    static constexpr Features kCards{-1.0, -3.0, 0.6, 0.02, 1.0, 0.0, 0.0, 0.0};
    static constexpr Features kField{-1.0, -3.0, 0.3, 0.02, 1.0, 0.0, 0.0, 0.0};
    static constexpr Features kTexel{-0.8992, -3.216, 0.3043, 0.01283, 0.9108, -0.107, 0.5773, -1.435};
    static constexpr Features kTexelField{-0.7478, -3.419, 0.2943, 0.1, 0.5848, -0.02611, 0.6053, -1.344};
    static constexpr Features kSecond{-0.8511, -2.472, 0.4631, 0.000419, 0.8832, -0.1644, 0.6698, -1.928};
    static constexpr Features kFieldMore{-1.0, -3.0, 0.3, 0.2, 1.0, 0.0, 0.0, 0.0};
    static constexpr Features kFieldLess{-1.0, -3.0, 0.3, 0.05, 1.0, 0.0, 0.0, 0.0};
    static constexpr Features kCardsMore{-1.0, -3.0, 0.6, 0.1, 1.0, 0.0, 0.0, 0.0};
    static constexpr Features kNoCards{-1.0, -3.0, 0.0, 0.1, 1.0, 0.0, 0.0, 0.0};
    switch (variant) {
        case 1: return kCards;
        case 2: return kField;
        case 3: return kTexel;
        case 4: return kTexelField;
        case 5: return kSecond;
        case 7: return kFieldMore;
        case 8: return kFieldLess;
        case 9: return kCardsMore;
        case 10: return kNoCards;
        case 0: return kTempo;
        case 20: return kHalfTempo;
        case 21: return kMoreTempo;
        case 22: return kTwoTempi;
        case 23: return kTempo075;
        case 24: return kTempo0875;
        default: return kFormula;
    }
}

}  // namespace spieltisch::native::haseundigel
