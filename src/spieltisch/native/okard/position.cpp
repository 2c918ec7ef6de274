// Okard's native rules, text and evaluation (position.hpp); each function names the Python
// code it mirrors, which stays the referee.
#include "position.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "../core/mixing.hpp"
#include "../core/text_read.hpp"

namespace spieltisch::native::okard {

namespace {

constexpr const char* kPhaseNames[] = {"pick", "place", "play"};
constexpr const char* kReasonNames[] = {"king", "points", "home", "all", "turns"};
constexpr const char* kReasons[] = {"KING_CAPTURED", "VICTORY_POINTS", "STONES_HOME",
                                    "ALL_CAPTURED", "TURN_LIMIT"};
constexpr const char kStageLetters[] = "smpd";

std::int64_t number(std::string_view raw, std::int64_t low, std::int64_t high, const char* what) {
    const auto value = read_int(raw);
    if (!value || *value < low || *value > high) refuse(what);
    return *value;
}

int sign_step(int d) { return (d > 0) - (d < 0); }

}  // namespace

// --- text ------------------------------------------------------------------------------

std::string Position::move_text(Move move) const {
    const Lookup& t = *t_;
    const int a = move_a(move), b = move_b(move);
    switch (move_tag(move)) {
        case kTagLine:
            return t.square_name(a) + "-" + t.square_name(b);
        case kTagPlace:
            return "PL " + t.stones[static_cast<std::size_t>(b)].code + " " + t.square_name(a);
        case kTagDrop:
            return "DR " + t.stones[static_cast<std::size_t>(b)].code + " " + t.square_name(a);
        default:
            break;
    }
    switch (b) {
        case kOpRoll:
            return "D" + std::to_string(a);
        case kOpPick:
            return "PI " + t.stones[static_cast<std::size_t>(a)].code;
        case kOpSacrifice:
            return "SA " + t.square_name(a);
        case kOpPromote:
            return "PR " + t.square_name(a);
        case kOpPickPass:
            return "PI -";
        case kOpPlaceDone:
            return "PL -";
        default:
            return "END";
    }
}

// position.py, position_text.
std::string Position::text() const {
    const Lookup& t = *t_;
    const int n = t.n;
    std::string out;
    for (int row = n - 1; row >= 0; --row) {
        if (row != n - 1) out += '/';
        int empty = 0;
        bool first = true;
        auto item = [&](const std::string& s) {
            if (!first) out += ',';
            out += s;
            first = false;
        };
        for (int sq = row * n; sq < row * n + n; ++sq) {
            const int v = board_[static_cast<std::size_t>(sq)];
            if (!v) {
                ++empty;
                continue;
            }
            if (empty) {
                item(std::to_string(empty));
                empty = 0;
            }
            std::string code = t.stones[static_cast<std::size_t>(t.kind(v))].code;
            if (v < 0) {
                for (char& c : code) c = static_cast<char>(c - 'A' + 'a');
            }
            if ((std::abs(v) - 1) % 2 == 1) code += '+';
            item(code);
        }
        if (empty) item(std::to_string(empty));
    }
    out += ' ';
    for (int player = 0; player < 2; ++player) {
        if (player) out += '/';
        bool any = false;
        for (int k = 0; k < t.kinds; ++k) {
            if (const int count = hand_[player][k]) {
                out += t.stones[static_cast<std::size_t>(k)].code + std::to_string(count);
                any = true;
            }
        }
        if (!any) out += '-';
    }
    out += ' ' + std::to_string(s_.cap[0]) + ':' + std::to_string(s_.cap[1]) + ' ';
    if (s_.phase == kOver) {
        out += std::string("over-") + kReasonNames[s_.reason] + ' ';
        out += s_.winner < 0 ? '=' : "rb"[s_.winner];
    } else {
        out += std::string(kPhaseNames[s_.phase]) + ' ' + "rb"[s_.mover];
    }
    out += ' ';
    out += (s_.phase == kPlay && s_.ap < 0) ? std::string("?") : std::to_string(std::max(0, s_.ap));
    out += ' ' + std::to_string(s_.sac) + ' ' + kStageLetters[s_.stage] + ' ' + std::to_string(s_.turn) + ' ';
    out += (s_.done & 1) ? 'r' : '-';
    out += (s_.done & 2) ? 'b' : '-';
    out += ' ';
    out += s_.die ? std::to_string(s_.die) : std::string("-");
    return out;
}

// position.py, _read_ranks (canonical and near-canonical text; the rest goes through the
// Python reader, see native/__init__.py).
void Position::read_ranks(std::string_view field) {
    const Lookup& t = *t_;
    const int n = t.n;
    int row = n - 1;
    std::size_t i = 0;
    while (true) {
        if (row < 0) refuse("too many ranks");
        const std::size_t end = std::min(field.find('/', i), field.size());
        const std::string_view rank = field.substr(i, end - i);
        int col = 0;
        std::size_t j = 0;
        while (true) {
            const std::size_t stop = std::min(rank.find(',', j), rank.size());
            const std::string_view item = rank.substr(j, stop - j);
            if (item.empty()) refuse("an empty rank item");
            if (is_digit(item[0])) {
                const auto count = number(item, 1, n, "an empty run is 1..n squares");
                col += static_cast<int>(count);
            } else {
                const bool promoted = item.back() == '+';
                const std::string_view code = item.substr(0, item.size() - (promoted ? 1 : 0));
                if (code.empty() || code.size() > 3) refuse("a stone code is 1 to 3 letters");
                const bool upper = code[0] >= 'A' && code[0] <= 'Z';
                std::string key;
                for (char c : code) {
                    if (upper ? (c < 'A' || c > 'Z') : (c < 'a' || c > 'z')) refuse("a stone code");
                    key += upper ? c : static_cast<char>(c - 'a' + 'A');
                }
                int kind = -1;
                for (int k = 0; k < t.kinds; ++k) {
                    if (t.stones[static_cast<std::size_t>(k)].code == key) kind = k;
                }
                if (kind < 0) refuse("unknown stone");
                if (promoted && !t.stones[static_cast<std::size_t>(kind)].has_back) refuse("no back side");
                if (col >= n) refuse("a rank is too long");
                const int magnitude = 1 + 2 * kind + (promoted ? 1 : 0);
                board_[static_cast<std::size_t>(row * n + col)] =
                    static_cast<std::int8_t>(upper ? magnitude : -magnitude);
                ++col;
            }
            if (col > n) refuse("a rank is too long");
            if (stop >= rank.size()) break;
            j = stop + 1;
        }
        if (col != n) refuse("a rank is too short");
        --row;
        if (end >= field.size()) break;
        i = end + 1;
    }
    if (row != -1) refuse("too few ranks");
}

// position.py, _read_hands.
void Position::read_hands(std::string_view field) {
    const Lookup& t = *t_;
    const std::size_t slash = field.find('/');
    if (slash == std::string_view::npos || field.find('/', slash + 1) != std::string_view::npos) {
        refuse("hands are red/blue");
    }
    for (int player = 0; player < 2; ++player) {
        const std::string_view hand = player ? field.substr(slash + 1) : field.substr(0, slash);
        if (hand == "-") continue;
        if (hand.empty()) refuse("an empty hand is '-'");
        int last = -1;
        std::size_t i = 0;
        while (i < hand.size()) {
            std::size_t j = i;
            while (j < hand.size() && hand[j] >= 'A' && hand[j] <= 'Z') ++j;
            const std::string_view code = hand.substr(i, j - i);
            if (code.empty() || code.size() > 3) refuse("a hand item is CODE and count");
            std::size_t k_end = j;
            while (k_end < hand.size() && is_digit(hand[k_end])) ++k_end;
            int kind = -1;
            for (int k = 0; k < t.kinds; ++k) {
                if (t.stones[static_cast<std::size_t>(k)].code == code) kind = k;
            }
            if (kind < 0 || kind <= last) refuse("a hand item: a known code in list order");
            hand_[player][kind] = static_cast<std::int32_t>(
                number(hand.substr(j, k_end - j), 1, t.hand_most, "a hand count"));
            last = kind;
            i = k_end;
        }
    }
}

Position Position::parse(std::string_view text, std::string_view config) {
    Position p;
    p.t_ = &lookup_for(config);
    const Lookup& t = *p.t_;
    std::string_view fields[11];
    if (read_fields(text, fields, "an Okard position has 11 fields") != 11) {
        refuse("an Okard position has 11 fields");
    }
    p.read_ranks(fields[0]);
    p.read_hands(fields[1]);
    Scalars& s = p.s_;
    const std::string_view captured = fields[2];
    const std::size_t colon = captured.find(':');
    if (colon == std::string_view::npos) refuse("captured values are red:blue");
    const auto red = read_int(captured.substr(0, colon));
    const auto blue = read_int(captured.substr(colon + 1));
    if (!red || !blue) refuse("captured values are whole numbers");
    s.cap[0] = *red;
    s.cap[1] = *blue;
    const std::string_view phase = fields[3];
    if (phase.substr(0, 5) == "over-") {
        const std::string_view name = phase.substr(5);
        int reason = -1;
        for (int r = 0; r < 5; ++r) {
            if (name == kReasonNames[r]) reason = r;
        }
        if (reason < 0 || (reason != kTurnLimit && reason != t.end)) refuse("end reason");
        s.phase = kOver;
        s.reason = reason;
        if (fields[4] == "=") {
            s.winner = -1;
        } else if (fields[4] == "r" || fields[4] == "b") {
            s.winner = fields[4] == "r" ? 0 : 1;
        } else {
            refuse("the winner is r, b or =");
        }
        s.mover = std::max(s.winner, 0);
    } else {
        s.phase = -1;
        for (int i = 0; i < 3; ++i) {
            if (phase == kPhaseNames[i]) s.phase = i;
        }
        if (s.phase < 0) refuse("the phase");
        if (fields[4] != "r" && fields[4] != "b") refuse("the mover is r or b");
        s.mover = fields[4] == "r" ? 0 : 1;
    }
    if (fields[5] == "?") {
        if (s.phase != kPlay || t.ap_mode == kApFixed) refuse("'?' only with dice in play");
        if (t.ap_mode == kApRound && s.mover != 0) refuse("with ap=round only red rolls");
        s.ap = -1;
    } else {
        s.ap = static_cast<int>(number(fields[5], 0, t.max_ap + kSacrificeCap, "action points"));
    }
    s.sac = static_cast<int>(number(fields[6], 0, kSacrificeCap, "sacrificed AP"));
    if (fields[7].size() != 1) refuse("the stage is one letter");
    const char* stage = std::find(kStageLetters, kStageLetters + 4, fields[7][0]);
    if (stage == kStageLetters + 4) refuse("the stage is s, m, p or d");
    s.stage = static_cast<int>(stage - kStageLetters);
    s.turn = static_cast<int>(number(fields[8], 0, t.turns, "the turn"));
    if (s.turn >= t.turns && s.phase != kOver) refuse("the turn is past the limit");
    const std::string_view done = fields[9];
    if (done.size() != 2 || (done[0] != 'r' && done[0] != '-') || (done[1] != 'b' && done[1] != '-')) {
        refuse("done flags");
    }
    s.done = (done[0] == 'r' ? 1 : 0) | (done[1] == 'b' ? 2 : 0);
    s.die = fields[10] == "-" ? 0 : static_cast<int>(number(fields[10], 1, kDieFaces, "the die"));
    // state.py, rehash.
    for (int sq = 0; sq < t.nn; ++sq) {
        if (const int v = p.board_[static_cast<std::size_t>(sq)]) s.zb ^= t.zobrist[sq][v + kMaxCode];
    }
    for (int player = 0; player < 2; ++player) {
        for (int k = 0; k < t.kinds; ++k) {
            s.zh += static_cast<std::uint64_t>(p.hand_[player][k]) * t.hand_keys[player][k];
        }
    }
    // reachable.py, check_reachable(reachable=False): each player's König in the set-up
    // phases, a legal move for the player to move.
    if (s.phase == kPick || s.phase == kPlace) {
        for (int player = 0; player < 2; ++player) {
            const bool on_board = p.king_placed(player);
            const int in_hand = p.hand_[player][t.king];
            if (s.phase == kPick) {
                std::int64_t army = 0;
                for (int k = 0; k < t.kinds; ++k) army += std::int64_t{p.hand_[player][k]} * t.values[k];
                if (!in_hand && army + t.values[t.king] > t.army) refuse("KING_ROOM");
                if ((s.done >> player & 1) && !in_hand) refuse("KING_REQUIRED");
            } else if (!on_board && !in_hand) {
                refuse("KING_REQUIRED");
            }
        }
    }
    if (s.phase != kOver && !p.has_legal_move()) refuse("DEAD_POSITION");
    return p;
}

bool Position::has_legal_move() const {
    Move buffer[kMaxMoves];
    return generate(buffer) > 0;
}

// --- move generation -------------------------------------------------------------------

// The points of the army limit the player's picks have not spent (the picks are in hand
// until placed).
std::int64_t Position::points_left(int player) const {
    const Lookup& t = *t_;
    std::int64_t room = t.army;
    for (int k = 0; k < t.kinds; ++k) room -= std::int64_t{hand_[player][k]} * t.values[k];
    return room;
}

// state.py, _affordable.
bool Position::affordable(int player, int kind) const {
    const Lookup& t = *t_;
    const std::int64_t room = points_left(player);
    const bool has_king = hand_[player][t.king] > 0;
    const int value = t.values[kind];
    if (kind == t.king) return !has_king && value <= room;
    return value + (has_king ? 0 : t.values[t.king]) <= room;
}

bool Position::any_affordable(int player) const {
    for (int k = 0; k < t_->kinds; ++k) {
        if (affordable(player, k)) return true;
    }
    return false;
}

bool Position::king_placed(int player) const {
    const Lookup& t = *t_;
    for (int sq = 0; sq < t.nn; ++sq) {
        const int v = board_[static_cast<std::size_t>(sq)];
        if (v && owned_by(v, player) && t.kind(v) == t.king) return true;
    }
    return false;
}

int Position::generate(Move* out) const {
    switch (s_.phase) {
        case kPlay:
            return play_moves(out);
        case kPick: {
            const Lookup& t = *t_;
            const int p = s_.mover;
            int count = 0;
            for (int k = 0; k < t.kinds; ++k) {
                if (affordable(p, k)) out[count++] = other_move(kOpPick, k);
            }
            if (hand_[p][t.king]) out[count++] = other_move(kOpPickPass);
            return count;
        }
        case kPlace:
            return place_moves(out);
        default:
            return 0;
    }
}

// state.py, _place_moves.
int Position::place_moves(Move* out) const {
    const Lookup& t = *t_;
    const int p = s_.mover;
    int empty[kMaxSquares];
    int empties = 0;
    for (int sq : t.setup[p]) {
        if (!board_[static_cast<std::size_t>(sq)]) empty[empties++] = sq;
    }
    const bool placed = king_placed(p);
    int count = 0;
    for (int k = 0; k < t.kinds; ++k) {
        if (!hand_[p][k]) continue;
        if (!placed && k != t.king && empties < 2) continue;
        for (int i = 0; i < empties; ++i) out[count++] = make_move(kTagPlace, empty[i], k);
    }
    if (placed) out[count++] = other_move(kOpPlaceDone);
    return count;
}

// state.py, _play_moves.
int Position::play_moves(Move* out) const {
    const int ap = s_.ap;
    int count = 0;
    if (ap < 0) {
        for (int v = 1; v <= kDieFaces; ++v) out[count++] = other_move(kOpRoll, v);
        return count;
    }
    const Lookup& t = *t_;
    const int p = s_.mover;
    const int stage = s_.stage;
    const int room = stage == kStart ? kSacrificeCap - s_.sac : 0;
    const bool lines_ok = stage == kStart && ap > 0;
    const bool promote_ok = stage <= kPromoted && ap > 0;
    const bool stop_at_king = t.end == kEndKing;
    if (room > 0 || lines_ok || promote_ok) {
        for (int sq = 0; sq < t.nn; ++sq) {
            const int v = board_[static_cast<std::size_t>(sq)];
            if (!v || !owned_by(v, p)) continue;
            const int m = std::abs(v);
            const int s = t.strength[m];
            if (room > 0 && s <= room && t.kind_of[m] != t.king) out[count++] = other_move(kOpSacrifice, sq);
            if (promote_ok && t.back_of[m] && std::max(1, t.strength[t.back_of[m]] - s) <= ap) {
                out[count++] = other_move(kOpPromote, sq);
            }
            if (!lines_ok) continue;
            const int dirs = t.raydir_count[p][m];
            for (int r = 0; r < dirs; ++r) {
                const RayDir rd = t.raydirs[p][m][r];
                const auto& ray = t.rays[sq][rd.dir];
                const int length = t.ray_length[sq][rd.dir];
                int cost = 0;
                for (int i = 0; i < length; ++i) {
                    const int target = ray[i];
                    const int w = board_[static_cast<std::size_t>(target)];
                    if (!w) {
                        ++cost;
                    } else if (owned_by(w, p) || rd.value < 2) {
                        break;
                    } else {
                        const int diff = t.strength_of(w) - s;
                        cost += diff > 0 ? 1 + diff : 1;
                    }
                    if (cost > ap) break;
                    out[count++] = make_move(kTagLine, sq, target);
                    if (w && stop_at_king && t.kind(w) == t.king) break;
                }
            }
        }
    }
    if (ap > 0) {
        for (int k = 0; k < t.kinds; ++k) {
            if (!hand_[p][k] || t.front_strength[k] > ap) continue;
            for (int sq : t.drop_squares[p]) {
                if (!board_[static_cast<std::size_t>(sq)]) out[count++] = make_move(kTagDrop, sq, k);
            }
        }
    }
    out[count++] = other_move(kOpEnd);
    return count;
}

// --- making and taking back moves ------------------------------------------------------

void Position::put_from_hand(int player, int kind, int sq) {
    const int code = front_code(player, kind);
    board_[static_cast<std::size_t>(sq)] = static_cast<std::int8_t>(code);
    hand_add(player, kind, -1);
    s_.zb ^= t_->zobrist[sq][code + kMaxCode];
}

void Position::make(Move move, Undo& undo) {
    const Lookup& t = *t_;
    undo.saved = s_;
    const int p = s_.mover;
    const int a = move_a(move), b = move_b(move);
    switch (move_tag(move)) {
        case kTagLine: {  // state.py, _push_line
            const int n = t.n;
            const int dx = b % n - a % n, dy = b / n - a / n;
            const int length = std::max(std::abs(dx), std::abs(dy));
            const int step = sign_step(dx) + n * sign_step(dy);
            const int v = board_[static_cast<std::size_t>(a)];
            const int s = t.strength_of(v);
            board_[static_cast<std::size_t>(a)] = 0;
            std::uint64_t zb = s_.zb ^ t.zobrist[a][v + kMaxCode];
            int cost = 0, sq = a;
            bool captured = false, king_taken = false;
            for (int i = 0; i < length; ++i) {
                sq += step;
                const int w = board_[static_cast<std::size_t>(sq)];
                undo.old[i] = static_cast<std::int8_t>(w);
                if (w) {
                    const int k = t.kind(w);
                    const int diff = t.strength_of(w) - s;
                    cost += diff > 0 ? 1 + diff : 1;
                    hand_add(p, k, 1);
                    zb ^= t.zobrist[sq][w + kMaxCode];
                    s_.cap[p] += t.values[k];
                    if (k == t.king) king_taken = true;
                    board_[static_cast<std::size_t>(sq)] = 0;
                    captured = true;
                } else {
                    ++cost;
                }
            }
            board_[static_cast<std::size_t>(sq)] = static_cast<std::int8_t>(v);
            s_.zb = zb ^ t.zobrist[sq][v + kMaxCode];
            s_.ap -= cost;
            s_.stage = kMoved;
            if (captured) check_capture_win(p, king_taken);
            return;
        }
        case kTagPlace:  // state.py, _push_place
            put_from_hand(p, b, a);
            advance_setup(p);
            return;
        case kTagDrop:  // state.py, _push_drop
            put_from_hand(p, b, a);
            s_.ap -= t.front_strength[b];
            s_.stage = kDropped;
            return;
        default:
            break;
    }
    switch (b) {
        case kOpRoll:
            s_.ap = a;
            if (t.ap_mode == kApRound) s_.die = a;
            return;
        case kOpPick:
            hand_add(p, a, 1);
            advance_setup(p);
            return;
        case kOpPickPass:
        case kOpPlaceDone:
            s_.done |= 1 << p;
            advance_setup(p);
            return;
        case kOpSacrifice: {  // state.py, _push_sacrifice
            const int v = board_[static_cast<std::size_t>(a)];
            undo.old[0] = static_cast<std::int8_t>(v);
            board_[static_cast<std::size_t>(a)] = 0;
            const int s = t.strength_of(v);
            s_.ap += s;
            s_.sac += s;
            s_.zb ^= t.zobrist[a][v + kMaxCode];
            if (t.sacrifice == kToOpponent) hand_add(1 - p, t.kind(v), 1);
            return;
        }
        case kOpPromote: {  // state.py, _push_promote
            const int v = board_[static_cast<std::size_t>(a)];
            undo.old[0] = static_cast<std::int8_t>(v);
            const int back = t.back_of[std::abs(v)];
            const int w = v > 0 ? back : -back;
            board_[static_cast<std::size_t>(a)] = static_cast<std::int8_t>(w);
            s_.zb ^= t.zobrist[a][v + kMaxCode] ^ t.zobrist[a][w + kMaxCode];
            s_.ap -= std::max(1, t.strength[back] - t.strength_of(v));
            s_.stage = kPromoted;
            return;
        }
        default:
            end_turn(p);
            return;
    }
}

void Position::unmake(Move move, const Undo& undo) {
    const Lookup& t = *t_;
    const int p = undo.saved.mover;
    const int a = move_a(move), b = move_b(move);
    switch (move_tag(move)) {
        case kTagLine: {
            const int n = t.n;
            const int dx = b % n - a % n, dy = b / n - a / n;
            const int length = std::max(std::abs(dx), std::abs(dy));
            const int step = sign_step(dx) + n * sign_step(dy);
            const std::int8_t v = board_[static_cast<std::size_t>(b)];
            int sq = a;
            for (int i = 0; i < length; ++i) {
                sq += step;
                const int w = undo.old[i];
                board_[static_cast<std::size_t>(sq)] = static_cast<std::int8_t>(w);
                if (w) --hand_[p][t.kind(w)];
            }
            board_[static_cast<std::size_t>(a)] = v;
            break;
        }
        case kTagPlace:
        case kTagDrop:
            board_[static_cast<std::size_t>(a)] = 0;
            ++hand_[p][b];
            break;
        default:
            if (b == kOpPick) {
                --hand_[p][a];
            } else if (b == kOpSacrifice) {
                board_[static_cast<std::size_t>(a)] = undo.old[0];
                if (t.sacrifice == kToOpponent) --hand_[1 - p][t.kind(undo.old[0])];
            } else if (b == kOpPromote) {
                board_[static_cast<std::size_t>(a)] = undo.old[0];
            }
            break;
    }
    s_ = undo.saved;
}

// state.py, _check_capture_win.
void Position::check_capture_win(int player, bool king_taken) {
    const Lookup& t = *t_;
    if (t.end == kEndKing) {
        if (king_taken) finish(player, kKingCaptured);
    } else if (t.end == kEndPoints) {
        if (s_.cap[player] >= t.target) finish(player, kVictoryPoints);
    } else if (t.end == kEndAll) {
        const int q = 1 - player;
        for (int k = 0; k < t.kinds; ++k) {
            if (hand_[q][k]) return;
        }
        for (int sq = 0; sq < t.nn; ++sq) {
            const int v = board_[static_cast<std::size_t>(sq)];
            if (v && owned_by(v, q)) return;
        }
        finish(player, kAllCaptured);
    }
}

void Position::finish(int winner, int reason) {
    s_.phase = kOver;
    s_.winner = winner;
    s_.reason = reason;
    s_.mover = std::max(winner, 0);
}

// state.py, _end_turn.
void Position::end_turn(int player) {
    const Lookup& t = *t_;
    if (t.end == kEndHome && home_points(player) >= t.target) {
        finish(player, kStonesHome);
        return;
    }
    ++s_.turn;
    if (s_.turn >= t.turns) {
        const int winner = s_.cap[0] == s_.cap[1] ? -1 : (s_.cap[0] > s_.cap[1] ? 0 : 1);
        finish(winner, kTurnLimit);
        return;
    }
    s_.mover = 1 - player;
    start_turn();
}

void Position::start_turn() {
    const Lookup& t = *t_;
    s_.sac = 0;
    s_.stage = kStart;
    if (t.ap_mode == kApFixed) {
        s_.ap = t.fixed_ap;
    } else if (t.ap_mode == kApRound && s_.mover == 1) {
        s_.ap = s_.die;
    } else {
        s_.ap = -1;
    }
}

// state.py, _setup_done.
bool Position::setup_done(int player) const {
    if (s_.done >> player & 1) return true;
    const Lookup& t = *t_;
    if (s_.phase == kPick) return hand_[player][t.king] > 0 && !any_affordable(player);
    bool any = false;
    for (int k = 0; k < t.kinds; ++k) any = any || hand_[player][k] > 0;
    if (!any) return true;
    for (int sq : t.setup[player]) {
        if (!board_[static_cast<std::size_t>(sq)]) return false;
    }
    return true;
}

// state.py, _advance_setup.
void Position::advance_setup(int player) {
    const int q = 1 - player;
    if (!setup_done(q)) {
        s_.mover = q;
        return;
    }
    if (!setup_done(player)) {
        s_.mover = player;
        return;
    }
    s_.done = 0;
    if (s_.phase == kPick) {
        s_.phase = kPlace;
        s_.mover = 0;
        if (setup_done(0)) s_.mover = 1;
        return;
    }
    s_.phase = kPlay;
    s_.mover = 0;
    s_.turn = 0;
    start_turn();
}

// --- the end, the key, the evaluation --------------------------------------------------

int Position::home_points(int player) const {
    const Lookup& t = *t_;
    int total = 0;
    for (int sq : t.setup[1 - player]) {
        const int v = board_[static_cast<std::size_t>(sq)];
        if (v && owned_by(v, player)) total += t.values[t.kind(v)];
    }
    return total;
}

std::optional<Outcome> Position::outcome() const {
    if (s_.phase != kOver) return std::nullopt;
    Outcome result;
    result.winner = s_.winner;
    result.reason = kReasons[s_.reason];
    result.scores = {{s_.cap[0], home_points(0)}, {s_.cap[1], home_points(1)}};
    return result;
}

std::uint64_t Position::hash() const {
    const std::uint64_t packed =
        static_cast<std::uint64_t>(s_.phase) | static_cast<std::uint64_t>(s_.mover) << 2 |
        static_cast<std::uint64_t>(s_.ap + 1) << 3 | static_cast<std::uint64_t>(s_.sac) << 9 |
        static_cast<std::uint64_t>(s_.stage) << 13 | static_cast<std::uint64_t>(s_.done) << 15 |
        static_cast<std::uint64_t>(s_.die) << 17 | static_cast<std::uint64_t>(s_.winner + 1) << 21 |
        static_cast<std::uint64_t>(s_.reason + 1) << 23 | static_cast<std::uint64_t>(s_.turn) << 32;
    return s_.zb ^ (s_.zh * 0x9E3779B97F4A7C15ull) ^ t_->salt ^ finalise(packed) ^
           finalise(static_cast<std::uint64_t>(s_.cap[0]) * 0xD6E8FEB86659FD93ull + 1) ^
           finalise(static_cast<std::uint64_t>(s_.cap[1]) * 0xA0761D6478BD642Full + 2);
}

Position::Stones Position::stones() const {
    const Lookup& t = *t_;
    Stones stones;
    for (int sq = 0; sq < t.nn; ++sq) {
        const int v = board_[static_cast<std::size_t>(sq)];
        if (!v) continue;
        const int side = owned_by(v, 0) ? 0 : 1;
        stones.squares[side][static_cast<std::size_t>(stones.count[side]++)] = static_cast<std::int8_t>(sq);
        if (t.kind(v) == t.king && stones.kings[side]++ == 0) stones.king[side] = sq;
    }
    return stones;
}

// evaluation.py, material, in tenths of a point (a stone in hand counts 0.8).
int Position::material10(int player, const Stones& stones) const {
    const Lookup& t = *t_;
    int total = 0;
    for (int i = 0; i < stones.count[player]; ++i) {
        total += 10 * t.values[t.kind(board_[static_cast<std::size_t>(stones.squares[player][i])])];
    }
    for (int k = 0; k < t.kinds; ++k) total += 8 * hand_[player][k] * t.values[k];
    return total;
}

// evaluation.py, evaluate (before the tanh): material and König safety, in tenths; or
// material and the capture threats each side can pay for (threat_parts, variants 1-4); or
// (5-7, the default 7) the terms of `features` weighed as fitted to self-play results.
int Position::evaluate(int player) const {
    const Stones all = stones();
    if (t_->evaluation >= kTexelVariant) {
        const Features f = features(player, all);
        const Features& w = feature_weights(t_->evaluation);
        double sum = 0.0;
        for (int i = 0; i < kFeatures; ++i) sum += w[i] * f[i];
        return static_cast<int>(std::lround(sum));
    }
    const int other = 1 - player;
    const int material = material10(player, all) - material10(other, all);
    if (t_->evaluation == 0) {
        // evaluation.py's king_threats: the other side's stones whose line reaches the zone
        // of the player's König.
        int cost[kMaxSquares];
        const int mine = capture_costs(player, all, cost), theirs = capture_costs(other, all, cost);
        return material + 60 * (mine - theirs);
    }
    const auto [mine, theirs] = threat_parts(player, all);
    return material + mine - theirs;
}

// The AP `attacker` needs to capture each of the other side's stones with one line move (a
// stone of the other side on the first occupied square of a capturing direction): cost[sq]
// on those stones' squares (the only ones written), a large number where it cannot. One
// step onto an empty square costs 1, the capture 1 plus the strength the defender has above
// the attacker (okard.md, "A turn", 3).
//
// Returns evaluation.py's king_threats of the other side: how many of the attacker's
// stones have a capturing line that reaches the zone of the other König (its square and
// the squares next to it) up to the first stone on it, or 8 when the other side has no
// König on the board.
int Position::capture_costs(int attacker, const Stones& stones, int* cost) const {
    const Lookup& t = *t_;
    const int defender = 1 - attacker;
    const int n = t.n;
    const int king = stones.king[defender];
    const int kx = king % n, ky = king / n;
    // The first step of a line from (x, y) in direction d in the zone (1, 2, ...): the
    // steps where each coordinate is within one of the König's.
    auto zone_step = [&](int x, int y, int d) {
        int low = 1, high = kMaxBoard;
        auto clip = [&](int from, int step, int centre) {
            if (step == 0) {
                if (std::abs(from - centre) > 1) low = kMaxBoard + 1;
            } else {
                const int at = (centre - from) * step;
                low = std::max(low, at - 1);
                high = std::min(high, at + 1);
            }
        };
        clip(x, kDirX[d], kx);
        clip(y, kDirY[d], ky);
        return low <= high ? low : kMaxBoard + 1;
    };
    for (int i = 0; i < stones.count[defender]; ++i) cost[stones.squares[defender][i]] = 1 << 20;
    int threats = 0;
    for (int i = 0; i < stones.count[attacker]; ++i) {
        const int sq = stones.squares[attacker][i];
        const int m = std::abs(board_[static_cast<std::size_t>(sq)]);
        const int s = t.strength[m];
        const int x = sq % n, y = sq / n;
        bool hit = false;
        for (int r = 0; r < t.raydir_count[attacker][m]; ++r) {
            const RayDir rd = t.raydirs[attacker][m][r];
            if (rd.value < 2) continue;
            const int length = t.ray_length[sq][rd.dir];
            int j = 0;
            for (; j < length; ++j) {
                const int target = t.rays[sq][rd.dir][j];
                const int w = board_[static_cast<std::size_t>(target)];
                if (!w) continue;
                if (!owned_by(w, attacker)) {
                    const int c = j + 1 + std::max(0, t.strength_of(w) - s);
                    cost[target] = std::min(cost[target], c);
                }
                break;
            }
            // The line's squares up to its first stone (or all of them): steps 1..j + 1.
            if (!hit && king >= 0) hit = zone_step(x, y, rd.dir) <= std::min(j + 1, length);
        }
        threats += hit ? 1 : 0;
    }
    return king < 0 ? 8 : threats;
}

namespace {

// Sixths of a chance that a player pays `cost` AP on its next turn: the die (1..6, or the
// fixed AP, or with ap=round blue's known die), and half a chance for what sacrifices
// (`extra` AP, at most 6) would add. In sixths so the sums stay integers.
int pay_sixths(int cost, int known_ap, int extra) {
    auto die = [](int c) { return c <= 1 ? 6 : std::max(0, 7 - c); };
    if (known_ap >= 0) {
        if (cost <= known_ap) return 6;
        return cost <= known_ap + extra ? 3 : 0;
    }
    const int plain = die(cost);
    return plain + (die(cost - extra) - plain) / 2;
}

}  // namespace

// The least AP `attacker`'s die (or known AP) must give for it to capture the other König
// this turn with sacrifices and one line move (okard.md, "A turn", 2-3): the line may pass
// its own stones once they are sacrificed (their strength is AP gained) and go on after
// capturing other stones; further sacrifices of its other stones add AP, all of them
// within `room` (what the sacrifice cap leaves). At most 0 when the sacrifices alone pay;
// a large number when no line reaches the König.
int Position::king_need(int attacker, int room, const Stones& stones) const {
    const Lookup& t = *t_;
    constexpr int kNever = 1 << 20;
    // The attacker's stones that may be sacrificed, by strength (1..3).
    int by_strength[4] = {0, 0, 0, 0};
    for (int i = 0; i < stones.count[attacker]; ++i) {
        const int v = board_[static_cast<std::size_t>(stones.squares[attacker][i])];
        if (t.kind(v) != t.king) ++by_strength[std::clamp(t.strength_of(v), 1, 3)];
    }
    // The most AP sacrifices of `counts` give within `limit`.
    auto most = [](const int* counts, int limit) {
        int top = 0;
        for (int a3 = 0; a3 <= counts[3] && 3 * a3 <= limit; ++a3) {
            for (int a2 = 0; a2 <= counts[2] && 3 * a3 + 2 * a2 <= limit; ++a2) {
                top = std::max(top, 3 * a3 + 2 * a2 + std::min(counts[1], limit - 3 * a3 - 2 * a2));
            }
        }
        return top;
    };
    // Only a line toward the other König can reach it: with one König (every position the
    // rules reach), each stone's one direction toward it, if any; with none, no line.
    const int defender = 1 - attacker;
    if (stones.kings[defender] == 0) return kNever;
    const bool one_king = stones.kings[defender] == 1;
    const int n = t.n;
    const int kx = stones.king[defender] % n, ky = stones.king[defender] / n;
    int best = kNever;
    for (int i = 0; i < stones.count[attacker]; ++i) {
        const int from = stones.squares[attacker][i];
        const int dx = kx - from % n, dy = ky - from / n;
        if (one_king && dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy)) continue;
        const int toward = kDirection[(dy > 0) - (dy < 0) + 1][(dx > 0) - (dx < 0) + 1];
        const int m = std::abs(board_[static_cast<std::size_t>(from)]);
        const int s = t.strength[m];
        const bool is_king = t.kind_of[m] == t.king;
        for (int r = 0; r < t.raydir_count[attacker][m]; ++r) {
            const RayDir rd = t.raydirs[attacker][m][r];
            if (rd.value < 2 || (one_king && rd.dir != toward)) continue;
            int cost = 0;
            int counts[4] = {by_strength[0], by_strength[1], by_strength[2], by_strength[3]};
            if (!is_king) --counts[std::clamp(s, 1, 3)];  // the stone that moves stays
            int blockers = 0;
            for (int j = 0; j < t.ray_length[from][rd.dir]; ++j) {
                const int w = board_[static_cast<std::size_t>(t.rays[from][rd.dir][j])];
                if (!w) {
                    ++cost;
                    continue;
                }
                const int ws = t.strength_of(w);
                if (owned_by(w, attacker)) {
                    if (t.kind(w) == t.king) break;
                    blockers += ws;
                    --counts[std::clamp(ws, 1, 3)];
                    if (blockers > room) break;
                    ++cost;
                    continue;
                }
                cost += 1 + std::max(0, ws - s);
                if (t.kind(w) == t.king) {
                    best = std::min(best, cost - blockers - most(counts, room - blockers));
                    break;
                }
            }
        }
    }
    return best;
}

// What the threats are worth, in tenths, as (the value for `player`, for the other side):
// the side that captures next (the mover while its line move is still to come, else the
// other side after its roll) gets the value of its best capture it can pay for, times the
// chance that it can; the other side's best threat counts a quarter (it is answered first).
// A threat no AP can pay for counts nothing; the König is worth 15 stones of value 10 where
// capturing it ends the game, and (by default) its threat is the exact one of king_need:
// lines through the attacker's own stones it sacrifices and through the stones it captures
// on the way, with every sacrifice the cap allows. While stones are placed the threats are
// those of the coming first turn (red's). With `reach`, each side's count of the other's
// stones it captures with at most 6 AP; with `zone`, each side's stones whose line reaches
// the zone of the other König (capture_costs).
std::pair<int, int> Position::threat_parts(int player, const Stones& stones, int* reach, int* zone) const {
    const Lookup& t = *t_;
    if (s_.phase != kPlay && s_.phase != kPlace) return {0, 0};
    // While stones are placed, the first capture is red's, after its first roll.
    const bool placing = s_.phase == kPlace;
    const int mover = placing ? 0 : s_.mover;
    const bool mover_first = placing || s_.stage == kStart;
    const bool exact_king = t.evaluation >= 2 && t.end == kEndKing;
    int best[2] = {0, 0};
    int cost[kMaxSquares];
    for (int side = 0; side < 2; ++side) {
        const int defender = 1 - side;
        const bool next = (side == mover) == mover_first;
        int known = -1;
        if (!placing && side == mover && mover_first && s_.ap >= 0) known = s_.ap;
        if (known < 0 && t.ap_mode == kApFixed) known = t.fixed_ap;
        if (known < 0 && t.ap_mode == kApRound && side == 1 && s_.die && side != mover) known = s_.die;
        int extra = 0;
        for (int i = 0; i < stones.count[side]; ++i) {
            const int v = board_[static_cast<std::size_t>(stones.squares[side][i])];
            if (t.kind(v) != t.king) extra += t.strength_of(v);
        }
        extra = std::min(extra, kSacrificeCap - (!placing && side == mover ? s_.sac : 0));
        const int threats = capture_costs(side, stones, cost);
        if (zone) zone[side] = threats;
        int top = 0;
        for (int i = 0; i < stones.count[defender]; ++i) {
            const int sq = stones.squares[defender][i];
            if (reach) reach[side] += cost[sq] <= kDieFaces ? 1 : 0;
            if (cost[sq] >= (1 << 20)) continue;
            const int kind = t.kind(board_[static_cast<std::size_t>(sq)]);
            if (exact_king && kind == t.king) continue;
            const int value = (kind == t.king && t.end == kEndKing) ? 150 : t.values[kind];
            top = std::max(top, value * pay_sixths(cost[sq], known, extra));
        }
        if (exact_king) {
            const bool turn_on = !placing && side == mover && mover_first;
            const int room = turn_on ? kSacrificeCap - s_.sac : kSacrificeCap;
            // The sacrifices are in the need already: no extra AP.
            const int sixths = pay_sixths(king_need(side, room, stones), known, 0);
            const int king_value = t.evaluation == 3 ? 300 : t.evaluation == 4 ? 100 : 150;
            top = std::max(top, king_value * sixths);
        }
        // Tenths of a point: value * sixths * 10 / 6, a quarter for the side answered first.
        best[side] = next ? top * 10 / 6 : top * 10 / 24;
    }
    return {best[player], best[1 - player]};
}

// The evaluation's terms for `player` (kFeatureNames), each the player's minus the other
// side's, in tenths of a point: material on the board, in hand, the threat of the side
// that captures next and of the side answered first (threat_parts), the enemy stones
// whose line reaches the König's zone (evaluation.py's king_threats), the tempo (the
// player moves), the other side's stones the player can capture with at most 6 AP.
Position::Features Position::features(int player, const Stones& stones) const {
    const Lookup& t = *t_;
    const int other = 1 - player;
    Features f{};
    int board[2] = {0, 0}, hand[2] = {0, 0};
    // The army by kind (on the board and in hand): what a pick or a loss changes.
    Army army{};
    for (int side = 0; side < 2; ++side) {
        auto& own = army[static_cast<std::size_t>(side)];
        for (int i = 0; i < stones.count[side]; ++i) {
            const int k = t.kind(board_[static_cast<std::size_t>(stones.squares[side][i])]);
            board[side] += 10 * t.values[k];
            if (k < kKindFeatures) ++own[static_cast<std::size_t>(k)];
        }
        for (int k = 0; k < t.kinds; ++k) {
            hand[side] += 8 * hand_[side][k] * t.values[k];
            if (k < kKindFeatures) own[static_cast<std::size_t>(k)] += hand_[side][k];
        }
    }
    f[0] = board[player] - board[other];
    f[1] = hand[player] - hand[other];
    const bool placing = s_.phase == kPlace;
    const int mover = placing ? 0 : s_.mover;
    const bool mover_first = placing || s_.stage == kStart;
    const int next = mover_first ? mover : 1 - mover;  // the side that captures next
    int reach[2] = {0, 0}, zone[2] = {0, 0};
    const auto [mine, theirs] = threat_parts(player, stones, reach, zone);
    f[2] = next == player ? mine : -theirs;
    f[3] = next == player ? -theirs : mine;
    if (s_.phase == kPlay || s_.phase == kPlace) {
        f[4] = zone[player] - zone[other];
        f[6] = reach[player] - reach[other];
    }
    f[5] = s_.phase == kPlay && s_.mover == player ? 1 : -1;
    for (std::size_t k = 0; k < kKindFeatures; ++k) {
        f[7 + k] = army[static_cast<std::size_t>(player)][k] -
                   army[static_cast<std::size_t>(other)][k];
    }
    f[7 + kKindFeatures] = army_term(player, army);
    return f;
}

// While the armies are picked and placed, with the default options (Lookup::army_values):
// what the learned worth of the two armies adds to the default's worth of the same stones
// in hand (its hand and kind terms), so that the default's weights plus this term weigh a
// picked stone at its learned worth (the König at nothing: every army holds one); while
// picking, also the most the points left can still buy (nothing once a side is done). In
// the placement the armies are fixed, so the term is the same for every placement.
// Variant 8 adds kGeneralPair for each pair of a side's Generals and kGeneralAgainstLine
// for each of its Generals and each enemy Läufer or Turm, and the points left buy Generals
// at that worth (the enemy's army as it stands) and the rest from army_future_rest.
int Position::army_term(int player, const Army& army) const {
    const Lookup& t = *t_;
    if (!t.army_values || (s_.phase != kPick && s_.phase != kPlace)) return 0;
    const Features& fitted = feature_weights(kTexelVariant);
    const auto& mine = army[static_cast<std::size_t>(player)];
    const auto& theirs = army[static_cast<std::size_t>(1 - player)];
    double sum = 0.0;
    for (int k = 0; k < kKindFeatures; ++k) {
        const auto kk = static_cast<std::size_t>(k);
        const double default_worth = fitted[1] * 8 * t.values[kk] + fitted[7 + kk];
        const double learned = k == t.king ? 0.0 : t.army_value[kk];
        sum += (mine[kk] - theirs[kk]) * (learned - default_worth);
    }
    const bool matched = t.evaluation == kArmyMatchVariant;
    const auto general = static_cast<std::size_t>(t.army_general);
    const int general_cost = t.values[general];
    const auto pairs = [](std::int64_t n) { return kGeneralPair * n * (n - 1) / 2; };
    for (int side = 0; side < 2; ++side) {
        const int sign = side == player ? 1 : -1;
        const auto& own = army[static_cast<std::size_t>(side)];
        const auto& enemy = army[static_cast<std::size_t>(1 - side)];
        const std::int64_t generals = own[general];
        const std::int64_t general_worth =
            t.army_value[general] +
            kGeneralAgainstLine * (enemy[static_cast<std::size_t>(t.army_laeufer)] +
                                   enemy[static_cast<std::size_t>(t.army_turm)]);
        if (matched) {
            sum += sign * (pairs(generals) + (general_worth - t.army_value[general]) * generals);
        }
        if (s_.phase != kPick || setup_done(side)) continue;
        std::int64_t room = points_left(side);
        if (!hand_[side][t.king]) room -= t.values[static_cast<std::size_t>(t.king)];
        if (room <= 0) continue;
        if (!matched) {
            sum += sign * t.army_future[static_cast<std::size_t>(room)];
            continue;
        }
        std::int64_t best = 0;
        for (std::int64_t more = 0; more * general_cost <= room; ++more) {
            const auto rest = static_cast<std::size_t>(room - more * general_cost);
            best = std::max(best, more * general_worth + pairs(generals + more) -
                                      pairs(generals) + t.army_future_rest[rest]);
        }
        sum += sign * static_cast<double>(best);
    }
    return static_cast<int>(std::lround(sum));
}

const Position::Features& Position::feature_weights(int variant) {
    // Variant 2's (and 1, 3, 4's, whose threats differ): the sum of material and threats;
    // variant 5's fitted by benchmarks/texel.py (docs/measurements/tuning.md).
    static constexpr Features kDefault{1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static constexpr Features kTexel{1.014, 0.7623, 1.308, 0.9115, 13.82, 1.42, 2.258, 49.31, 16.51, -44.85, 47.36, -25.22, 98.94, 96.77, -173.8, 0};
    // Variant 6: the fit of the same terms to 3,000 self-play games of the default (the
    // tuning log, "Okard's evaluation walks its stones").
    static constexpr Features kRefit{0.9573, 1.09, 1.8, 0.9795, -3.677, 1.727, 20.96, 88.48, 77.17, 40.73, 53.16, 10.86, 37.81, 115.4, -49.62, 0};
    // Variant 7: the default's, with the learned army's worth while picking and placing.
    static constexpr Features kArmy{1.014, 0.7623, 1.308, 0.9115, 13.82, 1.42, 2.258, 49.31, 16.51, -44.85, 47.36, -25.22, 98.94, 96.77, -173.8, 1.0};
    return variant == kTexelVariant ? kTexel
           : variant == kRefitVariant ? kRefit
           : variant == kArmyVariant || variant == kArmyMatchVariant ? kArmy
                                      : kDefault;
}

int Position::move_value(Move move) const {
    if (move_tag(move) != kTagLine) return 0;
    const Lookup& t = *t_;
    const int a = move_a(move), b = move_b(move);
    const int n = t.n;
    const int dx = b % n - a % n, dy = b / n - a / n;
    const int length = std::max(std::abs(dx), std::abs(dy));
    const int step = sign_step(dx) + n * sign_step(dy);
    int value = 0;
    for (int i = 0, sq = a; i < length; ++i) {
        sq += step;
        if (const int w = board_[static_cast<std::size_t>(sq)]) {
            value += t.kind(w) == t.king ? 100'000 : 10 * t.values[t.kind(w)];
        }
    }
    return value;
}

}  // namespace spieltisch::native::okard
