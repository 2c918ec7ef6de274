// Okard's numeric view for the batch (core/batch.hpp), exactly as the Python game defines
// it: action ids as lookup.py's `action_id` / `action_move`, the observation as
// evaluation.py's `observation`. The sizes depend on the options (board size, stone
// list), so this view is an object built from the options' config (lookup.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "../core/game_concept.hpp"
#include "position.hpp"
#include "lookup.hpp"

namespace spieltisch::native::okard {

class Tensors {
public:
    // lookup.py, DELTAS: the absolute directions N NE E SE S SW W NW as (dx, dy).
    static constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    static constexpr int kDy[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    // evaluation.py, observation_planes: 4 stone planes and 2 hand scalars per kind, 9 more.
    static constexpr int kScalarsAfterHands = 9;

    explicit Tensors(std::string_view config) : t_(&lookup_for(config)) {
        const Lookup& t = *t_;
        a_place_ = kPickBase + t.kinds;
        a_sac_ = a_place_ + t.kinds * t.nn;
        a_promote_ = a_sac_ + t.nn;
        a_drop_ = a_promote_ + t.nn;
        a_line_ = a_drop_ + t.kinds * t.nn;
        num_actions_ = a_line_ + t.nn * 8 * (t.n - 1);
        planes_ = 6 * t.kinds + kScalarsAfterHands;
    }

    int num_actions() const { return num_actions_; }
    int observation_size() const { return planes_ * t_->nn; }
    const Lookup& lookup() const { return *t_; }

    // lookup.py, action_id: rolls 1..6 at 0..5, END 6, PI - 7, PL - 8, then picks,
    // placements, sacrifices, promotions, drops and line moves (source, direction, length).
    int action(const Position&, Move move) const {
        const Lookup& t = *t_;
        const int a = move_a(move), b = move_b(move);
        switch (move_tag(move)) {
            case kTagLine: {
                const int dx = b % t.n - a % t.n, dy = b / t.n - a / t.n;
                const int length = std::max(std::abs(dx), std::abs(dy));
                return a_line_ + (a * 8 + direction(sign(dx), sign(dy))) * (t.n - 1) + length - 1;
            }
            case kTagPlace:
                return a_place_ + b * t.nn + a;
            case kTagDrop:
                return a_drop_ + b * t.nn + a;
            default:
                break;
        }
        switch (b) {
            case kOpRoll:
                return a - 1;
            case kOpPick:
                return kPickBase + a;
            case kOpSacrifice:
                return a_sac_ + a;
            case kOpPromote:
                return a_promote_ + a;
            case kOpPickPass:
                return 7;
            case kOpPlaceDone:
                return 8;
            default:
                return 6;  // END
        }
    }

    // lookup.py, action_move, as the native move (`action` is in range: the batch has
    // checked it against the legal actions).
    Move move(const Position&, int action) const {
        const Lookup& t = *t_;
        if (action < 6) return other_move(kOpRoll, action + 1);
        if (action == 6) return other_move(kOpEnd);
        if (action == 7) return other_move(kOpPickPass);
        if (action == 8) return other_move(kOpPlaceDone);
        if (action < a_place_) return other_move(kOpPick, action - kPickBase);
        if (action < a_sac_) {
            const int rest = action - a_place_;
            return make_move(kTagPlace, rest % t.nn, rest / t.nn);
        }
        if (action < a_promote_) return other_move(kOpSacrifice, action - a_sac_);
        if (action < a_drop_) return other_move(kOpPromote, action - a_promote_);
        if (action < a_line_) {
            const int rest = action - a_drop_;
            return make_move(kTagDrop, rest % t.nn, rest / t.nn);
        }
        const int rest = action - a_line_;
        const int length = rest % (t.n - 1) + 1;
        const int src = rest / (t.n - 1) / 8, dir = rest / (t.n - 1) % 8;
        const int x = src % t.n + kDx[dir] * length, y = src / t.n + kDy[dir] * length;
        return make_move(kTagLine, src, y * t.n + x);
    }

    int to_move(const Position& p, int) const { return p.to_move(); }

    // evaluation.py, observation: from the mover's side (blue's view turned by 180°);
    // stone planes 4 * kind + 2 * (not the mover's) + side, then planes filled with the
    // scalars: both hands (mover first) / 4, AP / 12, sacrificed / 6, turn / turns, the
    // phase flags pick, place, play, the stage / 3 and both captured values / army.
    void observation(const Position& p, float* out) const {
        const Lookup& t = *t_;
        const int nn = t.nn, k = t.kinds;
        std::fill(out, out + observation_size(), 0.0f);
        const Scalars& s = p.s_;
        const int me = s.mover;
        for (int sq = 0; sq < nn; ++sq) {
            const int v = p.board_[static_cast<std::size_t>(sq)];
            if (!v) continue;
            const int owner = v > 0 ? 0 : 1;
            const int side = (std::abs(v) - 1) % 2;
            const int plane = 4 * t.kind(v) + 2 * (owner != me ? 1 : 0) + side;
            out[plane * nn + (me == 0 ? sq : nn - 1 - sq)] = 1.0f;
        }
        const double army = std::max(1, t.army);
        float* scalar = out + 4 * k * nn;
        auto put = [&](double value) {
            const float entry = static_cast<float>(value);
            if (entry != 0.0f) std::fill(scalar, scalar + nn, entry);
            scalar += nn;
        };
        for (const int who : {me, 1 - me}) {
            for (int kind = 0; kind < k; ++kind) put(p.hand_[who][kind] / 4.0);
        }
        put(std::max(0, s.ap) / 12.0);
        put(s.sac / 6.0);
        put(static_cast<double>(s.turn) / static_cast<double>(t.turns));
        put(s.phase == kPick ? 1.0 : 0.0);
        put(s.phase == kPlace ? 1.0 : 0.0);
        put(s.phase == kPlay ? 1.0 : 0.0);
        put(s.stage / 3.0);
        put(static_cast<double>(s.cap[me]) / army);
        put(static_cast<double>(s.cap[1 - me]) / army);
    }

private:
    static constexpr int kPickBase = 9;  // the first pick action
    const Lookup* t_;
    int a_place_ = 0, a_sac_ = 0, a_promote_ = 0, a_drop_ = 0, a_line_ = 0;
    int num_actions_ = 0, planes_ = 0;

    static int sign(int d) { return (d > 0) - (d < 0); }
    static int direction(int dx, int dy) {
        for (int d = 0; d < 8; ++d) {
            if (kDx[d] == dx && kDy[d] == dy) return d;
        }
        return 0;
    }
};

}  // namespace spieltisch::native::okard
