// The fewest own turns to the goal for a player alone on the board (finish.hpp).
//
// The moves counted, by the rules of shared/rules/hase-und-igel.md, without the other
// player: an advance by d fields for d(d+1)/2 carrots onto any field but a hedgehog (a
// salad field only with a salad left, and the salad eaten the next turn; the goal only
// with at most 10 carrots left and no salad); on a carrot field taking or giving 10
// carrots; falling back to the previous hedgehog for 10 carrots a field. What depends on
// the other player is paid as `Pay` says: by default a salad brings 20 carrots (the mean
// of the 10 a leader and the 30 a follower gets) and the position fields nothing. A hare
// field counts as an ordinary field (its card is not modelled).
#include "finish.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

namespace spieltisch::native::haseundigel {
namespace {

// Field types (position.cpp, board.py).
constexpr int kCarrot = 1, kSalad = 3, kHedgehog = 4, kPosition1 = 5, kPosition2 = 6;
constexpr int kGoal = 64, kGoalCarrots = 10;
// Boards kept; beyond it the oldest is dropped (each is 100 KB).
constexpr std::size_t kKept = 64;

}  // namespace

FinishTable::FinishTable(const std::array<std::int8_t, 65>& fields, Pay pay)
    : turns_(static_cast<std::size_t>(kGoal) * kSalads * kCarrots, kUnreachable) {
    const int salad_carrots = pay.salad, first_bonus = pay.first, second_bonus = pay.second;
    std::array<int, kGoal> previous_hedgehog{};
    int last = -1;
    for (int f = 0; f < kGoal; ++f) {
        previous_hedgehog[f] = last;
        if (fields[f] == kHedgehog) last = f;
    }
    // Gauss-Seidel sweeps from the goal backwards until nothing changes: an advance reads
    // fields already swept, a fall back or an exchange may need another sweep.
    bool changed = true;
    while (changed) {
        changed = false;
        for (int f = kGoal - 1; f >= 0; --f) {
            for (int s = 0; s < kSalads; ++s) {
                for (int c = 0; c < kCarrots; ++c) {
                    int best = kUnreachable;
                    for (int d = 1;; ++d) {
                        const int cost = d * (d + 1) / 2;
                        const int t = f + d;
                        if (cost > c || t > kGoal) break;
                        const int left = c - cost;
                        if (t == kGoal) {
                            if (s == 0 && left <= kGoalCarrots) best = std::min(best, 1);
                            continue;
                        }
                        const int kind = fields[t];
                        if (kind == kHedgehog) continue;
                        if (kind == kSalad) {
                            if (s == 0) continue;
                            const int after = std::min(left + salad_carrots, kCarrots - 1);
                            best = std::min(best, 2 + turns_[at(t, s - 1, after)]);
                        } else {
                            const int bonus = kind == kPosition1 ? first_bonus : kind == kPosition2 ? second_bonus : 0;
                            best = std::min(best, 1 + turns_[at(t, s, std::min(left + bonus, kCarrots - 1))]);
                        }
                    }
                    if (fields[f] == kCarrot) {
                        best = std::min(best, 1 + turns_[at(f, s, std::min(c + 10, kCarrots - 1))]);
                        if (c >= 10) best = std::min(best, 1 + turns_[at(f, s, c - 10)]);
                    }
                    if (const int h = previous_hedgehog[f]; h >= 0) {
                        const int gained = std::min(c + 10 * (f - h), kCarrots - 1);
                        best = std::min(best, 1 + turns_[at(h, s, gained)]);
                    }
                    best = std::min(best, static_cast<int>(kUnreachable));
                    auto& slot = turns_[at(f, s, c)];
                    if (best < slot) {
                        slot = static_cast<std::uint8_t>(best);
                        changed = true;
                    }
                }
            }
        }
    }
}

std::shared_ptr<const FinishTable> FinishTable::of(const std::array<std::int8_t, 65>& fields,
                                                   Pay pay) {
    using Key = std::pair<std::array<std::int8_t, 65>, Pay>;
    static std::mutex mutex;
    static std::map<Key, std::shared_ptr<const FinishTable>> kept;
    static std::vector<Key> order;
    const Key key{fields, pay};
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto found = kept.find(key); found != kept.end()) return found->second;
    if (order.size() >= kKept) {
        kept.erase(order.front());
        order.erase(order.begin());
    }
    auto table = std::shared_ptr<const FinishTable>(new FinishTable(fields, pay));
    kept.emplace(key, table);
    order.push_back(key);
    return table;
}

int FinishTable::turns(std::int64_t field, std::int64_t carrots, std::int64_t salads) const {
    if (field >= kGoal) return 0;
    const int f = static_cast<int>(std::max<std::int64_t>(field, 0));
    const int c = static_cast<int>(std::clamp<std::int64_t>(carrots, 0, kCarrots - 1));
    const int s = static_cast<int>(std::clamp<std::int64_t>(salads, 0, kSalads - 1));
    return turns_[at(f, s, c)];
}

}  // namespace spieltisch::native::haseundigel
