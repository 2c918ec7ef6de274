// Schachogi: position text, the end, the evaluation.
#include "position.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <stdexcept>

#include "../core/see.hpp"
#include "../core/text_read.hpp"
#include "fitted_squares.hpp"

namespace spieltisch::native::schachogi {
namespace {

std::string square_name(int square) {
    return {static_cast<char>('a' + square % 8), static_cast<char>('1' + square / 8)};
}

// The index in `features` of a piece of `kind` (1..11) on `square`, seen from its side.
constexpr int square_term(int kind, int square) {
    return Position::kTerms + (kind - 1) * 64 + square;
}

// Values of evaluation.py in hundredths of a Brrbrr, per kind 0..11.
constexpr int kValue[12] = {0, 0, 300, 500, 350, 200, 100, 950, 750, 600, 400, 400};
// The threat features' attacker values: none, and the Pflöck (it only threatens a piece
// without a defender).
constexpr int kNoAttacker = 1 << 20, kPfloeckAttacker = 1 << 19;

// The piece-square tables (adopted, docs/ai.md: `eval=6` is the evaluation before them),
// per kind 1..11, in hundredths of a Brrbrr, drawn from White's side with rank 8 on top
// (White's square s reads entry s ^ 56, Black's entry s: the mirror by rank). Small
// beside the material: the Pflöck kept back, the step pieces
// (Ischi, the golds) and the Slotser central, the Wieher (the shogi knight, forward only)
// off the edge files and a little forward, the Brrbrr forward towards the promotion zone.
// An unpromoted Brrbrr or Wieher never stands where it must promote; those entries are 0.
// clang-format off
using SquareTable = std::array<std::int8_t, 64>;
// The golds (the promoted Wieher and Brrbrr move alike) share one table.
constexpr SquareTable kGoldSquares = {
         -5,   5,  10,  10,  10,  10,   5,  -5,
          0,  10,  15,  20,  20,  15,  10,   0,
          0,  10,  15,  20,  20,  15,  10,   0,
          0,   5,  10,  15,  15,  10,   5,   0,
         -5,   0,   5,  10,  10,   5,   0,  -5,
        -10,  -5,   0,   5,   5,   0,  -5, -10,
        -10,  -5,   0,   0,   0,   0,  -5, -10,
        -15, -10,  -5,  -5,  -5,  -5, -10, -15,
};
constexpr std::array<SquareTable, 12> kSquare = {{
    {},
    {  // Pflöck
        -20, -20, -20, -20, -20, -20, -20, -20,
        -20, -20, -20, -20, -20, -20, -20, -20,
        -20, -20, -20, -20, -20, -20, -20, -20,
        -15, -15, -15, -15, -15, -15, -15, -15,
        -10, -10, -10, -10, -10, -10, -10, -10,
         -5,  -5,  -5,  -5,  -5,  -5,  -5,  -5,
          5,   5,   5,   5,   5,   5,   5,   5,
          5,  10,  10,   5,   5,  10,  10,   5,
    },
    {  // Ischi
         -5,   0,   0,   0,   0,   0,   0,  -5,
          0,   5,  10,  10,  10,  10,   5,   0,
          0,  10,  15,  15,  15,  15,  10,   0,
          0,  10,  15,  20,  20,  15,  10,   0,
          0,   5,  10,  15,  15,  10,   5,   0,
         -5,   0,   5,  10,  10,   5,   0,  -5,
        -10,  -5,   0,   0,   0,   0,  -5, -10,
        -15, -10,  -5,  -5,  -5,  -5, -10, -15,
    },
    {  // Rock
          0,   0,   0,   0,   0,   0,   0,   0,
         10,  10,  10,  10,  10,  10,  10,  10,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   5,   5,   0,   0,   0,
    },
    {  // Slotser
        -15, -10, -10, -10, -10, -10, -10, -15,
        -10,   0,   0,   0,   0,   0,   0, -10,
        -10,   0,   5,  10,  10,   5,   0, -10,
        -10,   5,   5,  10,  10,   5,   5, -10,
        -10,   0,  10,  10,  10,  10,   0, -10,
        -10,  10,  10,  10,  10,  10,  10, -10,
        -10,   5,   0,   0,   0,   0,   5, -10,
        -15, -10, -10, -10, -10, -10, -10, -15,
    },
    {  // Wieher
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
        -10,   5,  15,  20,  20,  15,   5, -10,
        -10,   5,  15,  20,  20,  15,   5, -10,
        -15,   0,  10,  15,  15,  10,   0, -15,
        -20,  -5,   5,  10,  10,   5,  -5, -20,
        -25, -10,   0,   0,   0,   0, -10, -25,
        -30, -15, -10, -10, -10, -10, -15, -30,
    },
    {  // Brrbrr
          0,   0,   0,   0,   0,   0,   0,   0,
         30,  30,  30,  30,  30,  30,  30,  30,
         20,  20,  25,  30,  30,  25,  20,  20,
         10,  10,  15,  20,  20,  15,  10,  10,
          5,   5,  10,  15,  15,  10,   5,   5,
          0,   0,   5,  10,  10,   5,   0,   0,
          0,   0,   0,  -5,  -5,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
    },
    {  // promoted Ischi (the queen)
        -10,  -5,  -5,  -5,  -5,  -5,  -5, -10,
         -5,   0,   5,   5,   5,   5,   0,  -5,
         -5,   5,  10,  10,  10,  10,   5,  -5,
         -5,   5,  10,  10,  10,  10,   5,  -5,
         -5,   5,  10,  10,  10,  10,   5,  -5,
         -5,   0,   5,   5,   5,   5,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
        -10,  -5,  -5,  -5,  -5,  -5,  -5, -10,
    },
    {  // promoted Rock
          0,   0,   0,   0,   0,   0,   0,   0,
         10,  10,  10,  10,  10,  10,  10,  10,
          0,   5,   5,   5,   5,   5,   5,   0,
          0,   5,   5,   5,   5,   5,   5,   0,
          0,   5,   5,   5,   5,   5,   5,   0,
          0,   5,   5,   5,   5,   5,   5,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
    },
    {  // promoted Slotser
        -10,  -5,  -5,  -5,  -5,  -5,  -5, -10,
         -5,   5,   5,   5,   5,   5,   5,  -5,
         -5,   5,  10,  10,  10,  10,   5,  -5,
         -5,   5,  10,  15,  15,  10,   5,  -5,
         -5,   5,  10,  15,  15,  10,   5,  -5,
         -5,   5,  10,  10,  10,  10,   5,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
        -10,  -5,  -5,  -5,  -5,  -5,  -5, -10,
    },
    kGoldSquares,  // promoted Wieher
    kGoldSquares,  // promoted Brrbrr
}};
// clang-format on

}  // namespace

Position Position::parse(std::string_view text) {
    std::string_view fields[5];
    const int count = read_fields(text, fields, "a Schachogi position has 4 or 5 fields");
    if (count < 4) refuse("a Schachogi position has 4 or 5 fields");

    Position p;
    const std::string_view ranks = fields[0];
    int rank_index = 0;
    std::size_t at = 0;
    while (true) {
        const std::size_t slash = ranks.find('/', at);
        const std::string_view rank_text =
            ranks.substr(at, slash == std::string_view::npos ? std::string_view::npos : slash - at);
        if (rank_index >= 8) refuse("expected 8 ranks separated by '/'");
        const int rank = 7 - rank_index;
        int file = 0;
        for (std::size_t i = 0; i < rank_text.size(); ++i) {
            char c = rank_text[i];
            if (is_digit(c)) {
                if (i && is_digit(rank_text[i - 1])) refuse("two digits in a row");
                if (c < '1' || c > '8') refuse("no count of empty squares (1-8)");
                file += c - '0';
                if (file > 8) refuse("a rank has more than 8 squares");
                continue;
            }
            const bool promoted = c == '+';
            if (promoted) {
                if (++i >= rank_text.size()) refuse("a '+' must stand before a piece letter");
                c = rank_text[i];
            }
            const char upper = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
            const char* found = std::char_traits<char>::find(kLetters, 6, upper);
            if (found == nullptr || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
                refuse("unknown piece letter");
            }
            int kind = static_cast<int>(found - kLetters) + 1;
            if (file >= 8) refuse("a rank has more than 8 squares");
            const int side = c == upper ? 0 : 1;
            const int square = rank * 8 + file;
            if (promoted) {
                if (kind == kPfloeck) refuse("the Pflöck never promotes");
                kind += kPromotion;
            } else if (must_promote(kind, square, side)) {
                refuse("an unpromoted piece that could never move");
            }
            p.board_[square] = static_cast<std::int8_t>(side == 0 ? kind : -kind);
            ++file;
        }
        if (file != 8) refuse("a rank does not have 8 squares");
        ++rank_index;
        if (slash == std::string_view::npos) break;
        at = slash + 1;
    }
    if (rank_index != 8) refuse("expected 8 ranks separated by '/'");

    if (fields[1] != "w" && fields[1] != "b") refuse("the side to move is 'w' or 'b'");
    p.turn_ = fields[1] == "w" ? 0 : 1;
    const auto quiet = read_int(fields[2]);
    if (!quiet) refuse("the 100-ply counter is not a whole number");
    const auto fullmove = read_int(fields[3]);
    if (!fullmove || *fullmove < 1) refuse("the move number is not a whole number >= 1");
    p.quiet_ = *quiet;
    std::int64_t seen = 1;
    if (count == 5) {
        const std::string_view field = fields[4];
        const auto n = field.empty() || field[0] != 'r' ? std::nullopt : read_int(field.substr(1));
        if (!n || *n < 2) refuse("the fifth field is rN with N >= 2");
        if (p.repetitions_ && *n > p.repetitions_) refuse("a position cannot occur that often");
        seen = *n;
    }
    int pfloecks[2] = {0, 0};
    for (auto v : p.board_) {
        if (v == kPfloeck) ++pfloecks[0];
        if (v == -kPfloeck) ++pfloecks[1];
    }
    if (pfloecks[0] + pfloecks[1] == 0) refuse("neither side has a Pflöck");
    for (int side = 0; side < 2; ++side) {
        if (pfloecks[side] > 1) refuse("each side has one Pflöck");
        if (pfloecks[side] == 0 && side != p.turn_) refuse("a side without Pflöck is not to move");
    }
    p.root_pfloeck_missing_ = pfloecks[p.turn_] == 0;
    p.ply0_ = 2 * (*fullmove - 1) + p.turn_;
    p.seen_before_ = seen - 1;
    std::uint64_t key = p.turn_ == 1 ? kTables.black_to_move : 0;
    for (int s = 0; s < 64; ++s) key ^= kTables.zobrist[p.board_[s] + 11][s];
    p.keys_.reserve(256);
    p.keys_.push_back(key);
    return p;
}

Position Position::parse(std::string_view text, std::string_view config) {
    Position p = parse(text);
    if (config == "eval=nnue") {
        p.net_ = &nnue::network();
        p.accumulator_.refresh(*p.net_, p.board_);
    } else if (config != "eval=classic") {
        p.set_evaluation(read_eval_variant(config, kEvalVariants));
    }
    return p;
}

nnue::Accumulator Position::refreshed_accumulator() const {
    nnue::Accumulator fresh;
    fresh.refresh(net_ ? *net_ : nnue::network(), board_);
    return fresh;
}

std::string Position::move_text(Move move) const {
    return square_name(move_src(move)) + square_name(move_dst(move)) + (move_promotes(move) ? "+" : "");
}

std::string Position::text() const {
    std::string out;
    out.reserve(96);
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const int v = board_[rank * 8 + file];
            if (v == 0) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty);
            empty = 0;
            int kind = abs_code(v);
            if (kind > kBrrbrr) {
                out += '+';
                kind -= kPromotion;
            }
            const char letter = kLetters[kind - 1];
            out += v > 0 ? letter : static_cast<char>(letter + 32);
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (rank > 0) out += '/';
    }
    const std::int64_t plies = static_cast<std::int64_t>(keys_.size()) - 1;
    out.append(turn_ == 0 ? " w " : " b ");
    out.append(std::to_string(quiet_));
    out.append(" ");
    out.append(std::to_string((ply0_ + plies) / 2 + 1));
    const std::int64_t repeated = repetition_count();
    if (repeated > 1) {
        out.append(" r");
        out.append(std::to_string(repeated));
    }
    return out;
}

std::int64_t Position::repetition_count() const {
    const std::int64_t last = static_cast<std::int64_t>(keys_.size()) - 1;
    const std::uint64_t key = keys_[static_cast<std::size_t>(last)];
    std::int64_t count = 1;
    const std::int64_t stop = std::max<std::int64_t>(0, last - quiet_);
    for (std::int64_t i = last - 2; i >= stop; i -= 2) {
        if (keys_[static_cast<std::size_t>(i)] == key) ++count;
    }
    if (seen_before_ && last <= quiet_ && last % 2 == 0 && keys_[0] == key) count += seen_before_;
    return count;
}

int Position::to_move() const {
    Move moves[kMaxMoves];
    return generate(moves) == 0 ? kTerminal : turn_;
}

std::optional<Outcome> Position::outcome() const {
    Move moves[kMaxMoves];
    Outcome result;
    result.scores = {{}, {}};
    if (pfloeck_gone()) {
        result.winner = 1 - turn_;
        result.reason = "PFLOECK_CAPTURED";
    } else if (pseudo_moves(turn_, moves) == 0) {
        result.winner = 1 - turn_;
        result.reason = "NO_LEGAL_MOVES";
    } else if (quiet_draw()) {
        result.reason = "QUIET_PLIES";
    } else if (repetition_draw()) {
        result.reason = "REPETITION";
    } else {
        return std::nullopt;
    }
    return result;
}

namespace {

int chebyshev(int a, int b) { return std::max(std::abs(a % 8 - b % 8), std::abs(a / 8 - b / 8)); }

// The zone of each square: the square and the squares beside it, as bits.
constexpr auto kZones = [] {
    std::array<std::uint64_t, 64> zones{};
    for (int t = 0; t < 64; ++t) {
        for (int s = 0; s < 64; ++s) {
            const int dx = s % 8 - t % 8, dy = s / 8 - t / 8;
            if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) zones[t] |= std::uint64_t{1} << s;
        }
    }
    return zones;
}();

}  // namespace

// Candidate 1 (red's view): a side up by at least three Bauern is drawn on to convert it:
// its pieces nearer the other Pflöck, and the fewer pieces the other side keeps the better,
// so that a won position does not look alike after every quiet move.
int Position::conversion(int material, const int (&pfloeck)[2]) const {
    if (material > -300 && material < 300) return 0;
    const int leader = material > 0 ? 0 : 1;
    int bonus = 0;
    for (int s = 0; s < 64; ++s) {
        const int v = board_[s];
        if (v == 0 || abs_code(v) == kPfloeck) continue;
        if ((v > 0 ? 0 : 1) == leader) {
            if (pfloeck[1 - leader] >= 0) bonus += 6 * (7 - chebyshev(s, pfloeck[1 - leader]));
        } else {
            bonus -= 25;
        }
    }
    return leader == 0 ? bonus : -bonus;
}

// Candidate 2 (red's view): the Pflöck's shelter, 15 for each own piece beside it (at most
// four), with the pressure on the Pflöck weighing 20 instead of 12.
int Position::shelter(const int (&pfloeck)[2]) const {
    int value = 0;
    for (int side = 0; side < 2; ++side) {
        const int at = pfloeck[side];
        if (at < 0) continue;
        value += (side == 0 ? 15 : -15) * std::min(guards(side, at), 4);
    }
    return value;
}

// The side's own pieces on the squares beside its Pflöck on `at`.
int Position::guards(int side, int at) const {
    const int own = side == 0 ? 1 : -1;
    int count = 0;
    for (std::uint64_t beside = kZones[static_cast<std::size_t>(at)] & ~(std::uint64_t{1} << at);
         beside != 0; beside &= beside - 1) {
        count += board_[std::countr_zero(beside)] * own > 0;
    }
    return count;
}

// Of `count` moves of a side, how many end beside or on the other Pflöck (on `target`), and
// on how many distinct squares of that zone they end.
Position::Pressure Position::pressure(const Move* moves, int count, int target) {
    Pressure p;
    if (target < 0) return p;
    const std::uint64_t zone = kZones[static_cast<std::size_t>(target)];
    std::uint64_t reached = 0, from = 0;
    for (int i = 0; i < count; ++i) {
        const int d = move_dst(moves[i]);
        const std::uint64_t in = (zone >> d) & 1;
        p.moves += static_cast<int>(in);
        reached |= in << d;
        from |= in << move_src(moves[i]);
    }
    p.squares = std::popcount(reached);
    p.attackers = std::popcount(from);
    return p;
}

std::uint64_t Position::reach(const Move* moves, int count) {
    std::uint64_t squares = 0;
    for (int i = 0; i < count; ++i) squares |= std::uint64_t{1} << move_dst(moves[i]);
    return squares;
}

// Candidate 3 (red's view): each unpromoted Brrbrr 8 for every rank it has gone forward
// (the promoted Brrbrr is worth four of it).
int Position::brrbrr_progress() const {
    int value = 0;
    for (int s = 0; s < 64; ++s) {
        const int v = board_[s];
        if (v == kBrrbrr) value += 8 * (s / 8);
        if (v == -kBrrbrr) value -= 8 * (7 - s / 8);
    }
    return value;
}

// Material, mobility and the pieces' squares for `player`, in hundredths of a Brrbrr.
int Position::evaluate(int player) const {
    if (net_) {
        const int value = nnue::evaluate(*net_, accumulator_, turn_);
        return player == turn_ ? value : -value;
    }
    if (evaluation_ == 0 || evaluation_ >= kFeatureVariant) return linear(player);
    // The hand-written candidates 1..8. Material and mobility as evaluation.py (its 0.1 a
    // move is the 10 of `eval=6`; the hand-set weights of 13 weigh 15, docs/ai.md's tuning
    // log), plus the Pflöck's safety: each move of a
    // side into the 3x3 zone around the other Pflöck presses on it (there is no check:
    // a Pflöck left attacked is simply taken), and the pieces' squares (kSquare).
    Move moves[kMaxMoves];
    int score = 0;
    int pfloeck[2] = {-1, -1};
    // The piece-square tables, one look-up a piece: adopted (not in the variants 1..6,
    // which keep the evaluation before them); candidate 7 doubles them.
    const int squares = evaluation_ == 8 ? 1 : evaluation_ == 7 ? 2 : 0;
    for (int s = 0; s < 64; ++s) {
        const int v = board_[s];
        score += v > 0 ? kValue[v] : -kValue[-v];
        if (squares && v != 0) score += squares * (v > 0 ? kSquare[v][s ^ 56] : -kSquare[-v][s]);
        if (abs_code(v) == kPfloeck) pfloeck[v > 0 ? 0 : 1] = s;
    }
    if (evaluation_ == 1) score += conversion(score, pfloeck);
    if (evaluation_ == 2) score += shelter(pfloeck);
    if (evaluation_ == 3) score += brrbrr_progress();
    // 15 a move, adopted after the tables (docs/ai.md); 10 in the variants 1..8 but
    // candidates 4 (5 a move) and 5 (15 without the tables); 8 is the tables with 10.
    const int mobility = evaluation_ == 4 ? 5 : evaluation_ == 5 ? 15 : 10;
    int pressure[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        const int count = pseudo_moves(side, moves);
        score += (side == 0 ? mobility : -mobility) * count;
        const int target = pfloeck[1 - side];
        if (target < 0) continue;
        for (int i = 0; i < count; ++i) {
            const int d = move_dst(moves[i]);
            const int dx = d % 8 - target % 8, dy = d / 8 - target / 8;
            if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) ++pressure[side];
        }
    }
    score += (evaluation_ == 2 ? 20 : 12) * (pressure[0] - pressure[1]);
    return player == 0 ? score : -score;
}

int Position::move_value(Move move) const {
    const int v = abs_code(board_[move_src(move)]), w = abs_code(board_[move_dst(move)]);
    int value = w == kPfloeck ? 100000 : kValue[w];
    if (move_promotes(move) && v + kPromotion < 12) value += kValue[v + kPromotion] - kValue[v];
    return value * 16 - kValue[v] / 16;
}

namespace {

// A piece's worth in an exchange: the material values, the Pflöck above everything (taking
// it ends the game).
constexpr int kSeeValue[12] = {0, 50000, 300, 500, 350, 200, 100, 950, 750, 600, 400, 400};

int see_value(int code) { return kSeeValue[abs_code(code)]; }

// Every square each piece code could reach from each square on an empty board: which
// pieces need their rays walked at all.
struct Reach {
    std::uint64_t mask[kCodes][64]{};
    Reach() {
        for (int index = 0; index < kCodes; ++index) {
            for (int s = 0; s < 64; ++s) {
                for (int r = 0; r < kTables.ray_count[index][s]; ++r) {
                    const Ray& ray = kTables.rays[index][s][r];
                    for (int i = 0; i < ray.length; ++i) mask[index][s] |= std::uint64_t{1} << ray.targets[i];
                }
            }
        }
    }
};

const Reach& reach() {
    static const Reach table;
    return table;
}

// The square of `side`'s least valuable piece that can move to `target` on `board`, or -1.
int least_attacker(const std::array<std::int8_t, 64>& board, int target, int side) {
    const Reach& r = reach();
    int best = -1, best_value = 0;
    for (int s = 0; s < 64; ++s) {
        const int v = board[s];
        if (v == 0 || (v > 0) != (side == 0)) continue;
        if (!((r.mask[v + 11][s] >> target) & 1)) continue;
        const int value = see_value(v);
        if (best >= 0 && value >= best_value) continue;
        bool hits = false;
        for (int k = 0; k < kTables.ray_count[v + 11][s] && !hits; ++k) {
            const Ray& ray = kTables.rays[v + 11][s][k];
            for (int i = 0; i < ray.length; ++i) {
                if (ray.targets[i] == target) {
                    hits = true;
                    break;
                }
                if (board[ray.targets[i]] != 0) break;
            }
        }
        if (hits) best = s, best_value = value;
    }
    return best;
}

}  // namespace

Position::Features Position::features(int player) const { return features(player, true); }

// For each square, the value of the least valuable of a side's pieces whose move in
// `moves` takes the other side's piece there (kPfloeckAttacker for the Pflöck; the other
// Pflöck is not counted: taking it ends the game), kNoAttacker where none does.
void Position::least_attackers(const Move* moves, int count, int (&least)[64]) const {
    std::fill(std::begin(least), std::end(least), kNoAttacker);
    for (int i = 0; i < count; ++i) {
        const int d = move_dst(moves[i]), w = abs_code(board_[d]);
        if (w == 0 || w == kPfloeck) continue;
        const int a = abs_code(board_[move_src(moves[i])]);
        least[d] = std::min(least[d], a == kPfloeck ? kPfloeckAttacker : kValue[a]);
    }
}

Position::Features Position::features(int player, bool threat) const {
    Features f{};
    int pfloeck[2] = {-1, -1};
    for (int s = 0; s < 64; ++s) {
        const int v = board_[s];
        if (v == 0) continue;
        const int kind = abs_code(v), sign = v > 0 ? 1 : -1;
        if (kind == kPfloeck) {
            pfloeck[v > 0 ? 0 : 1] = s;
        } else {
            f[kind - 2] += sign;
        }
        f[10] += v > 0 ? kSquare[v][s ^ 56] : -kSquare[-v][s];
        f[square_term(kind, v > 0 ? s : s ^ 56)] += sign;
    }
    Move all[2][kMaxMoves];
    const int counts[2] = {pseudo_moves(0, all[0]), pseudo_moves(1, all[1])};
    const std::uint64_t reached[2] = {reach(all[0], counts[0]), reach(all[1], counts[1])};
    for (int side = 0; side < 2; ++side) {
        const int sign = side == 0 ? 1 : -1;
        const Move* moves = all[side];
        const int count = counts[side];
        f[11] += sign * count;
        const Pressure on = pressure(moves, count, pfloeck[1 - side]);
        f[12] += sign * on.moves;
        f[18] += sign * on.moves * on.moves;
        f[20] += sign * on.squares;
        f[kAttackers] += sign * on.attackers;
        if (pfloeck[side] >= 0) f[19] += sign * guards(side, pfloeck[side]);
        for (int i = 0; i < count; ++i) {
            const int kind = abs_code(board_[move_src(moves[i])]);
            f[kKindMoves + kind - 1] += sign;
            const bool safe = ((reached[1 - side] >> move_dst(moves[i])) & 1) == 0;
            if (safe) f[kSafeMoves + kind - 1] += sign;
        }
        if (!threat) continue;
        int least[64];
        least_attackers(moves, count, least);
        for (int d = 0; d < 64; ++d) {
            const int a = least[d];
            if (a == kNoAttacker) continue;
            const int victim = kValue[abs_code(board_[d])];
            if (a < victim) {
                f[13] += sign;
                f[14] += sign * ((victim - a) / 8);
            } else if (least_attacker(board_, d, 1 - side) < 0) {
                f[15] += sign;
                f[16] += sign * (victim / 16);
            }
        }
    }
    f[17] = turn_ == 0 ? 1 : -1;
    if (player != 0) {
        for (double& value : f) value = -value;
    }
    return f;
}

namespace {

// The names of `features`: the terms, then `K@sq` for a piece of kind K on square sq seen
// from its own side (`+I@d8` a promoted Ischi on the other side's back rank).
struct FeatureNames {
    std::array<std::string, Position::kFeatures> text;
    std::array<const char*, Position::kFeatures> pointers{};
    FeatureNames() {
        static constexpr const char* terms[Position::kKindMoves] = {
            "ischi",    "rock",     "slotser",  "wieher",      "brrbrr",  "ischi+",
            "rock+",    "slotser+", "wieher+",  "brrbrr+",     "squares", "mobility",
            "pressure", "lesser",   "lesser_gain", "hanging", "hanging_value", "tempo",
            "pressure2", "guards", "zone"};
        for (int i = 0; i < Position::kKindMoves; ++i) text[static_cast<std::size_t>(i)] = terms[i];
        text[Position::kAttackers] = "attackers";
        for (int kind = 1; kind < 12; ++kind) {
            const char letter = kLetters[(kind > kBrrbrr ? kind - kPromotion : kind) - 1];
            const std::string piece = kind > kBrrbrr ? std::string{'+', letter} : std::string{letter};
            text[static_cast<std::size_t>(Position::kKindMoves + kind - 1)] = "moves_" + piece;
            text[static_cast<std::size_t>(Position::kSafeMoves + kind - 1)] = "safe_" + piece;
            for (int s = 0; s < 64; ++s) {
                text[static_cast<std::size_t>(square_term(kind, s))] = piece + "@" + square_name(s);
            }
        }
        for (std::size_t i = 0; i < text.size(); ++i) pointers[i] = text[i].c_str();
    }
};

const FeatureNames& feature_names() {
    static const FeatureNames names;
    return names;
}

}  // namespace

const char* const* const Position::kFeatureNames = feature_names().pointers.data();

// The weights of `features` in each evaluation variant: the hand-set ones exactly where
// the variant is their sum (4-9, 13; 1-3 add a term outside them), the fitted ones from
// benchmarks/texel.py (10-12, 14 and 15; the default, 0, 12's since its SPRT, 14's
// since its own, 15's since its own).
const Position::Features& Position::feature_weights(int variant) {
    // The material (kValue), then squares, mobility, pressure, the threats and the tempo;
    // no square terms.
    static constexpr auto terms = [](std::array<double, kTerms> values) {
        Features f{};
        std::copy(values.begin(), values.end(), f.begin());
        return f;
    };
    static constexpr auto weights = [](double squares, double mobility, double pressure,
                                       bool threats) {
        return terms({300, 500, 350, 200, 100, 950, 750, 600, 400, 400, squares, mobility,
                      pressure, threats ? 40.0 : 0.0, threats ? 1.0 : 0.0,
                      threats ? 30.0 : 0.0, threats ? 1.0 : 0.0, 0});
    };
    static const std::array<Features, kEvalVariants> table = [] {
        std::array<Features, kEvalVariants> t = {{
            {},                         // 0, the default: 15's (below)
            weights(0, 10, 12, false),  // 1 (and the conversion term)
            weights(0, 10, 20, false),  // 2 (and the shelter)
            weights(0, 10, 12, false),  // 3 (and the Brrbrr's progress)
            weights(0, 5, 12, false),   // 4
            weights(0, 15, 12, false),  // 5
            weights(0, 10, 12, false),  // 6
            weights(2, 10, 12, false),  // 7
            weights(1, 10, 12, false),  // 8
            weights(1, 15, 12, true),   // 9, the hand-set weights (13's) and the threats
            // 10: fitted from 9 (527,506 positions of 5,600 games of self-play at depth
            // 4, the tuning log), the threats with the rest.
            terms({537.4, 766.5, 500.6, 166.9, 66.65, 1062, 947.7, 628.9, 139.2, 116.3, 1.582,
                   17.75, 38.67, 105.8, 5.707, 22.58, 6.8, 76.41}),
            // 11: the same fit with the threats held at nothing (no attack maps to compute).
            terms({543.7, 755.2, 493.4, 154.5, 63.69, 1083, 960.3, 632.2, 139.9, 111.3, 1.569,
                   17.59, 29.46, 0, 0, 0, 0, 59.78}),
            // 12: fitted from 11 with the square terms, to the self-play of 11
            // (fitted_squares.hpp).
            {},  // 12's, below
            // 13: the hand-set weights, the default until 12's SPRT.
            weights(1, 15, 12, false),
            {},  // 14: fitted from 12 with the Pflöck's danger, to the self-play of 11 and 12
            {},  // 15: fitted from 14 with the moves by kind and the attackers, to 11, 12 and 14's
        }};
        std::copy(kFitted12Terms.begin(), kFitted12Terms.end(), t[12].begin());
        std::copy(std::begin(kFitted12Squares), std::end(kFitted12Squares), t[12].begin() + kTerms);
        std::copy(kFitted14Terms.begin(), kFitted14Terms.end(), t[14].begin());
        std::copy(std::begin(kFitted14Squares), std::end(kFitted14Squares), t[14].begin() + kTerms);
        std::copy(kFitted15Terms.begin(), kFitted15Terms.end(), t[15].begin());
        std::copy(std::begin(kFitted15Squares), std::end(kFitted15Squares), t[15].begin() + kTerms);
        t[0] = t[15];
        return t;
    }();
    return table[static_cast<std::size_t>(variant < 0 || variant >= kEvalVariants ? 0 : variant)];
}

namespace {

// A linear variant's weights folded for the evaluation: what a piece code on a square adds
// (its kind's material, the hand table's share and the square term's, signed for its
// side), the moves', the pressure's, the lesser pieces' threats' and the tempo's weights,
// and whether it weighs the pieces without a defender (which need attack maps).
struct Linear {
    double piece[kCodes][64]{};
    double mobility = 0, pressure = 0, lesser = 0, lesser_gain = 0, tempo = 0;
    double pressure2 = 0, guards = 0, zone = 0, attackers = 0;
    // A move's weight beyond `mobility` by the moving piece's kind (1..11) and whether it is
    // safe (the kind's moves_ term, and safe_ with it); `kinds` where any is not 0.
    double move[12][2]{};
    bool hanging = false, kinds = false;
};

const Linear& linear_weights(int variant) {
    static const auto table = [] {
        std::array<Linear, Position::kEvalVariants> t{};
        for (int v = 0; v < Position::kEvalVariants; ++v) {
            if (v > 0 && v < Position::kFeatureVariant) continue;  // the hand-written code's
            const auto& w = Position::feature_weights(v);
            Linear& l = t[static_cast<std::size_t>(v)];
            for (int code = -11; code <= 11; ++code) {
                if (code == 0) continue;
                const int kind = abs_code(code), sign = code > 0 ? 1 : -1;
                for (int s = 0; s < 64; ++s) {
                    const int own = code > 0 ? s : s ^ 56;  // the square from its side
                    double value = kind == kPfloeck ? 0.0 : w[static_cast<std::size_t>(kind - 2)];
                    value += w[10] * kSquare[kind][own ^ 56];
                    value += w[static_cast<std::size_t>(square_term(kind, own))];
                    l.piece[code + 11][s] = sign * value;
                }
            }
            l.mobility = w[11];
            l.pressure = w[12];
            l.lesser = w[13];
            l.lesser_gain = w[14];
            l.tempo = w[17];
            l.pressure2 = w[18];
            l.guards = w[19];
            l.zone = w[20];
            l.attackers = w[Position::kAttackers];
            for (int kind = 1; kind < 12; ++kind) {
                const double moves = w[static_cast<std::size_t>(Position::kKindMoves + kind - 1)];
                const double safe = w[static_cast<std::size_t>(Position::kSafeMoves + kind - 1)];
                l.move[kind][0] = moves;
                l.move[kind][1] = moves + safe;
                l.kinds = l.kinds || moves != 0 || safe != 0;
            }
            l.hanging = w[15] != 0 || w[16] != 0;
        }
        return t;
    }();
    return table[static_cast<std::size_t>(variant)];
}

}  // namespace

// The default and the variants from kFeatureVariant on: the rounded dot product of the
// variant's weights and `features`, folded per piece and square (the same sum without
// building the vector; the `hanging` terms' attack maps only where they weigh).
int Position::linear(int player) const {
    const Linear& l = linear_weights(evaluation_);
    if (l.hanging) {
        const Features& w = feature_weights(evaluation_);
        const Features f = features(player, true);
        double sum = 0;
        for (int i = 0; i < kFeatures; ++i) sum += w[static_cast<std::size_t>(i)] * f[static_cast<std::size_t>(i)];
        return static_cast<int>(std::lround(sum));
    }
    double sum = 0;
    int pfloeck[2] = {-1, -1};
    for (int s = 0; s < 64; ++s) {
        const int v = board_[s];
        if (v == 0) continue;
        sum += l.piece[v + 11][s];
        if (abs_code(v) == kPfloeck) pfloeck[v > 0 ? 0 : 1] = s;
    }
    Move all[2][kMaxMoves];
    const int counts[2] = {pseudo_moves(0, all[0]), pseudo_moves(1, all[1])};
    std::uint64_t reached[2] = {0, 0};
    if (l.kinds) reached[0] = reach(all[0], counts[0]), reached[1] = reach(all[1], counts[1]);
    const bool lesser = l.lesser != 0 || l.lesser_gain != 0;
    for (int side = 0; side < 2; ++side) {
        const Move* moves = all[side];
        const int count = counts[side];
        const Pressure on = pressure(moves, count, pfloeck[1 - side]);
        double value = l.mobility * count + l.pressure * on.moves +
                       l.pressure2 * on.moves * on.moves + l.zone * on.squares +
                       l.attackers * on.attackers;
        if (l.guards != 0 && pfloeck[side] >= 0) value += l.guards * guards(side, pfloeck[side]);
        if (l.kinds) {
            const std::uint64_t unsafe = reached[1 - side];
            for (int i = 0; i < count; ++i) {
                const int kind = abs_code(board_[move_src(moves[i])]);
                value += l.move[kind][((unsafe >> move_dst(moves[i])) & 1) ^ 1];
            }
        }
        if (lesser) {
            // The other side's pieces a less valuable piece can take, and what each gains
            // (`features`' lesser and lesser_gain).
            int least[64];
            least_attackers(moves, count, least);
            int threats = 0, gain = 0;
            for (int d = 0; d < 64; ++d) {
                if (least[d] == kNoAttacker) continue;
                const int victim = kValue[abs_code(board_[d])];
                if (least[d] < victim) ++threats, gain += (victim - least[d]) / 8;
            }
            value += l.lesser * threats + l.lesser_gain * gain;
        }
        sum += side == 0 ? value : -value;
    }
    sum += turn_ == 0 ? l.tempo : -l.tempo;
    return static_cast<int>(std::lround(player == 0 ? sum : -sum));
}

bool Position::in_danger() const {
    const int own = turn_ == 0 ? kPfloeck : -kPfloeck;
    for (int s = 0; s < 64; ++s) {
        if (board_[s] == own) return least_attacker(board_, s, 1 - turn_) >= 0;
    }
    return false;
}

int Position::see(Move move) const {
    const int s = move_src(move), d = move_dst(move);
    const int v = board_[s], w = board_[d];
    if (abs_code(w) == kPfloeck) return see_value(w);
    std::array<std::int8_t, 64> board = board_;
    int placed = v;
    int gains[kMaxExchange];
    gains[0] = see_value(w);
    if (move_promotes(move)) {
        placed = v > 0 ? v + kPromotion : v - kPromotion;
        gains[0] += see_value(placed) - see_value(v);
    }
    board[s] = 0;
    board[d] = static_cast<std::int8_t>(placed);
    int count = 1;
    int side = v > 0 ? 1 : 0;  // the side that takes back first
    while (count < kMaxExchange) {
        const int from = least_attacker(board, d, side);
        if (from < 0) break;
        gains[count++] = see_value(board[d]);
        if (abs_code(board[d]) == kPfloeck) break;  // the game is over
        board[d] = board[from];
        board[from] = 0;
        side ^= 1;
    }
    return resolve_exchange(gains, count);
}

bool Position::null_move_ok() const {
    int pieces = 0;
    for (auto v : board_) {
        if (v != 0 && (v > 0) == (turn_ == 0) && abs_code(v) != kPfloeck) ++pieces;
    }
    return pieces >= 2;
}

}  // namespace spieltisch::native::schachogi
