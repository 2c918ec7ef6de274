// Ostseeschach: tables, move generation, make/unmake, the end, position text.
#include "position.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "../core/see.hpp"
#include "../core/text_read.hpp"
#include "tables.hpp"

namespace spieltisch::native::ostseeschach {
namespace {

std::string square_name(int square) {
    return {static_cast<char>('a' + square % 8), static_cast<char>('1' + square / 8)};
}

// A coordinate as the Python int would print it ("-0" and "007" become "0" and "7").
std::optional<std::int64_t> read_coordinate(std::string_view raw) {
    return read_int(raw, true);
}

// The last-move field: `-`, `a1b3` (also with `-`, `x` or `:` between), or official
// coordinates `(x,y)(x,y)` with `->`, `-` or `>` allowed between (board.py, parse_move).
bool read_last(std::string_view raw, Move& last, std::string& other) {
    if (raw == "-") {
        last = kNoMove;
        return true;
    }
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (raw.size() == 4 || raw.size() == 5) {
        const std::size_t t = raw.size() - 2;
        const bool separator_ok =
            raw.size() == 4 || raw[2] == '-' || raw[2] == 'x' || raw[2] == ':';
        if (file(raw[0]) && rank(raw[1]) && separator_ok && file(raw[t]) && rank(raw[t + 1])) {
            last = make_move((raw[1] - '1') * 8 + (raw[0] - 'a'), (raw[t + 1] - '1') * 8 + (raw[t] - 'a'));
            return true;
        }
    }
    // (fx,fy)[->|-|>](tx,ty)
    std::int64_t values[4];
    std::size_t i = 0;
    for (int pair = 0; pair < 2; ++pair) {
        if (pair == 1) {  // the optional separator `->`, `-` or `>`
            if (raw.substr(i, 2) == "->") {
                i += 2;
            } else if (i < raw.size() && (raw[i] == '-' || raw[i] == '>')) {
                ++i;
            }
        }
        if (i >= raw.size() || raw[i] != '(') return false;
        ++i;
        for (int k = 0; k < 2; ++k) {
            const std::size_t end = raw.find(k == 0 ? ',' : ')', i);
            if (end == std::string_view::npos) return false;
            const auto value = read_coordinate(raw.substr(i, end - i));
            if (!value) return false;
            values[pair * 2 + k] = *value;
            i = end + 1;
        }
    }
    if (i != raw.size()) return false;
    auto on = [](std::int64_t v) { return v >= 0 && v < 8; };
    if (on(values[0]) && on(values[1]) && on(values[2]) && on(values[3])) {
        last = make_move(static_cast<int>(values[1] * 8 + values[0]), static_cast<int>(values[3] * 8 + values[2]));
        return true;
    }
    last = kOtherMove;
    other.clear();
    for (int k = 0; k < 4; ++k) {
        other.append(k % 2 == 0 ? "(" : ",");
        other.append(std::to_string(values[k]));
        if (k % 2 == 1) other.append(")");
    }
    return true;
}

}  // namespace

Position Position::parse(std::string_view text) {
    std::string_view fields[4];
    const int count = read_fields(text, fields, "an Ostseeschach position has 4 fields");
    if (count != 4) refuse("an Ostseeschach position has 4 fields");

    Position p;
    std::string_view ranks = fields[0];
    int rank_index = 0;
    std::size_t r = 0;
    while (true) {
        const std::size_t slash = ranks.find('/', r);
        const std::string_view rank = ranks.substr(r, slash == std::string_view::npos ? std::string_view::npos : slash - r);
        if (rank_index >= 8) refuse("expected 8 ranks separated by '/'");
        const int y = 7 - rank_index;
        int x = 0;
        for (std::size_t k = 0; k < rank.size(); ++k) {
            if (x >= 8) refuse("a rank has more than 8 squares");
            const char c = rank[k];
            if (c == '.') {
                ++x;
                continue;
            }
            const char upper = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
            const char* found = std::char_traits<char>::find(kLetters, 4, upper);
            if (found == nullptr) refuse("unknown piece letter");
            int height = 1;
            if (k + 1 < rank.size() && is_digit(rank[k + 1])) {
                if (rank[k + 1] != '2') refuse("only towers of 2 stand on a board");
                height = 2;
                ++k;
            }
            const int code = code_of(static_cast<int>(found - kLetters), c == upper ? 0 : 1, height);
            p.board_[y * 8 + x] = static_cast<std::int8_t>(code);
            p.occupied_[code > 0 ? 0 : 1] |= std::uint64_t{1} << (y * 8 + x);
            p.key_ ^= kTables.zobrist[y * 8 + x][code + 8];
            ++x;
        }
        if (x != 8) refuse("a rank has fewer than 8 squares");
        ++rank_index;
        if (slash == std::string_view::npos) break;
        r = slash + 1;
    }
    if (rank_index != 8) refuse("expected 8 ranks separated by '/'");

    const auto turn = read_int(fields[1]);
    if (!turn) refuse("the turn is not a whole number of at most 18 ASCII digits");
    p.turn_ = *turn;
    const std::size_t colon = fields[2].find(':');
    if (colon == std::string_view::npos) refuse("ambers must look like 1:0");
    const auto red = read_int(fields[2].substr(0, colon));
    const auto blue = read_int(fields[2].substr(colon + 1));
    if (!red || !blue) refuse("ambers must look like 1:0");
    p.ambers_ = {*red, *blue};
    if (!read_last(fields[3], p.last_, p.other_last_)) refuse("the last move is not a move");
    return p;
}

std::string Position::move_text(Move move) const {
    if (move == kOtherMove) return other_last_;
    return square_name(move_src(move)) + square_name(move_dst(move));
}

std::string Position::text() const {
    std::string out;
    out.reserve(100);
    for (int y = 7; y >= 0; --y) {
        for (int x = 0; x < 8; ++x) {
            const int v = board_[y * 8 + x];
            if (v == 0) {
                out += '.';
                continue;
            }
            const char letter = kLetters[kind_of(v)];
            out += v > 0 ? letter : static_cast<char>(letter + 32);
            if (height_of(v) == 2) out += '2';
        }
        if (y > 0) out += '/';
    }
    out += ' ' + std::to_string(turn_) + ' ' + std::to_string(ambers_[0]) + ':' +
           std::to_string(ambers_[1]) + ' ';
    out += last_ == kNoMove ? std::string("-") : move_text(last_);
    return out;
}

int Position::to_move() const {
    Move moves[kMaxMoves];
    if (generate(moves) == 0) return kTerminal;
    return static_cast<int>(turn_ & 1);
}

std::uint64_t Position::hash() const {
    std::uint64_t state = static_cast<std::uint64_t>(turn_) * 0x100000001B3ull ^
                          static_cast<std::uint64_t>(ambers_[0]) << 20 ^
                          static_cast<std::uint64_t>(ambers_[1]) << 40;
    return key_ ^ splitmix(state);
}

void Position::light_distances(int team, std::array<int, 64>& out, int& count) const {
    count = 0;
    for (int s = 0; s < 64; ++s) {
        const int v = board_[s];
        if (v == 0 || (v > 0) != (team == 0) || kind_of(v) == kRobbe) continue;
        out[count++] = team == 0 ? s % 8 : 7 - s % 8;
    }
    std::sort(out.begin(), out.begin() + count, std::greater<>());
}

std::optional<Outcome> Position::outcome() const {
    std::array<int, 64> red{}, blue{};
    int red_count = 0, blue_count = 0;
    light_distances(0, red, red_count);
    light_distances(1, blue, blue_count);
    Outcome result;
    if (round_end_reached()) {
        if (ambers_[0] != ambers_[1]) {
            result.winner = ambers_[0] > ambers_[1] ? 0 : 1;
            result.reason = "DIFFERING_SCORES";
        } else {
            result.winner = -1;
            result.reason = "EQUAL_SCORE";
            for (int i = 0; i < std::min(red_count, blue_count); ++i) {
                if (red[i] != blue[i]) {
                    result.winner = red[i] > blue[i] ? 0 : 1;
                    result.reason = "DIFFERING_POSITIONS";
                    break;
                }
            }
        }
    } else if (to_move() == kTerminal) {
        result.winner = static_cast<int>(1 - (turn_ & 1));
        result.reason = "NO_LEGAL_MOVES";
    } else {
        return std::nullopt;
    }
    const int points[2] = {result.winner == -1 ? 1 : (result.winner == 0 ? 2 : 0),
                           result.winner == -1 ? 1 : (result.winner == 1 ? 2 : 0)};
    result.scores = {{points[0], ambers_[0], red_count ? red[0] : 0},
                     {points[1], ambers_[1], blue_count ? blue[0] : 0}};
    return result;
}

// Candidate 2: a tower that an enemy piece can take (the taker gains an amber) costs its
// owner 600, and 1200 when the enemy is to move.
void Position::tower_safety(std::int64_t (&points)[2]) const {
    std::uint64_t attacked[2] = {0, 0};
    for (std::uint64_t rest = occupied_[0] | occupied_[1]; rest; rest &= rest - 1) {
        const int s = std::countr_zero(rest);
        const int v = board_[s];
        const auto* targets = kTables.targets[v + 8][s];
        for (int i = 0; i < kTables.count[v + 8][s]; ++i) attacked[v > 0 ? 0 : 1] |= std::uint64_t{1} << targets[i];
    }
    const int mover = static_cast<int>(turn_ & 1);
    for (int team = 0; team < 2; ++team) {
        for (std::uint64_t rest = occupied_[team] & attacked[1 - team]; rest; rest &= rest - 1) {
            if (height_of(board_[std::countr_zero(rest)]) == 2) points[team] -= team == mover ? 600 : 1200;
        }
    }
}

// The weights of evaluation.py in thousandths of a point (its tanh squashing left out:
// a search only compares values), plus each side's mobility (30 a move). The variants
// (`eval=N`, measurement only): 3 is the evaluation before mobility, 1 and 2 candidates on
// top of it (double progress, tower safety), 4 to 6 on top of the default (mobility 60,
// double progress, mobility 15), 7 and 8 the default with piece-square tables (tables.hpp)
// in place of the progress formula (8 without the bonus before the amber line); see
// docs/ai.md.
namespace {

// A stack's worth in an exchange, by height (the evaluation's piece and tower values).
constexpr int kStackValue[3] = {0, 1000, 1600};
constexpr int kAmberValue = 4000;

int stack_value(int code) { return code == 0 ? 0 : kStackValue[std::min(height_of(code), 2)]; }

// What `attacker` moving onto `d` (holding `target`, maybe empty) wins for its side, and
// what stands on `d` afterwards (0 when it turned into ambers).
int capture_gain(int attacker, int target, int d, int& placed) {
    int ambers = kTables.line_amber[attacker + 8][d];
    if (target && height_of(attacker) + height_of(target) >= 3) ++ambers;
    if (ambers) {
        placed = 0;
        return stack_value(target) + kAmberValue * ambers - stack_value(attacker);
    }
    if (!target) {
        placed = attacker;
        return 0;
    }
    placed = attacker > 0 ? attacker + 4 : attacker - 4;
    return stack_value(target) + stack_value(placed) - stack_value(attacker);
}

}  // namespace

int Position::see(Move move) const {
    const int s = move_src(move), d = move_dst(move);
    std::array<std::int8_t, 64> board = board_;
    int placed = 0;
    int gains[kMaxExchange];
    gains[0] = capture_gain(board[s], board[d], d, placed);
    int side = board[s] > 0 ? 1 : 0;  // the side that takes back first
    board[s] = 0;
    board[d] = static_cast<std::int8_t>(placed);
    int count = 1;
    while (board[d] != 0 && count < kMaxExchange) {
        int from = -1;
        for (std::uint64_t rest = occupied_[side]; rest; rest &= rest - 1) {
            const int sq = std::countr_zero(rest);
            const int v = board[sq];
            if (v == 0 || (v > 0) != (side == 0) || (from >= 0 && stack_value(v) >= stack_value(board[from]))) continue;
            const auto* targets = kTables.targets[v + 8][sq];
            for (int i = 0; i < kTables.count[v + 8][sq]; ++i) {
                if (targets[i] == d) {
                    from = sq;
                    break;
                }
            }
        }
        if (from < 0) break;
        gains[count++] = capture_gain(board[from], board[d], d, placed);
        board[from] = 0;
        board[d] = static_cast<std::int8_t>(placed);
        side ^= 1;
    }
    return resolve_exchange(gains, count);
}

int Position::evaluate(int player) const {
    constexpr int kAmber = 4000, kPiece = 1000, kTower = 600, kThreat = 800;
    std::int64_t points[2] = {kAmber * ambers_[0], kAmber * ambers_[1]};
    int threats[2] = {0, 0};
    for (std::uint64_t rest = occupied_[0] | occupied_[1]; rest; rest &= rest - 1) {
        const int s = std::countr_zero(rest);
        const int v = board_[s];
        const int team = v > 0 ? 0 : 1;
        const bool tall = height_of(v) == 2;
        std::int64_t score = kPiece + (tall ? kTower : 0);
        if (evaluation_ == 7 || evaluation_ == 8) {
            // Candidates 7 and 8: piece-square tables (tables.hpp) instead of the progress
            // formula.
            score += (evaluation_ == 7 ? kSquareValues7 : kSquareValues8).value[v + 8][s];
        } else if (kind_of(v) != kRobbe) {
            const int distance = team == 0 ? s % 8 : 7 - s % 8;
            // Candidates 1 and 5: the light pieces' progress towards the amber line weighs double.
            const int progress = evaluation_ == 1 || evaluation_ == 5 ? 700 : 350;
            score += progress * 3 * distance * distance / 49;
        }
        const auto* targets = kTables.targets[v + 8][s];
        int moves = 0;
        bool threat = false;
        for (int i = 0; i < kTables.count[v + 8][s]; ++i) {
            const int w = board_[targets[i]];
            if (w && (w > 0) == (v > 0)) continue;
            ++moves;
            if (kTables.line_amber[v + 8][targets[i]] || (w && (tall || height_of(w) == 2))) {
                threat = true;
            }
        }
        threats[team] += threat;
        // Mobility, 30 a move (adopted, docs/ai.md; not in the variants 1..3; 60 in 4, 15 in 6).
        if (evaluation_ == 0 || evaluation_ == 5 || evaluation_ >= 7) score += 30 * moves;
        if (evaluation_ == 4) score += 60 * moves;
        if (evaluation_ == 6) score += 15 * moves;
        points[team] += score;
    }
    const int mover = static_cast<int>(turn_ & 1);
    if (evaluation_ == 2) tower_safety(points);
    for (int team = 0; team < 2; ++team) {
        points[team] += kThreat * std::min(threats[team], 2) * (team == mover ? 3 : 2) / 2;
    }
    return static_cast<int>(points[player] - points[1 - player]);
}

}  // namespace spieltisch::native::ostseeschach
