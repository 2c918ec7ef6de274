// Hase und Igel: the fewest own turns a player alone on the board needs from each field,
// carrot count and salad count to the goal (the default evaluation), by dynamic programming
// over the board of the game, computed once per board and kept.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <memory>
#include <vector>

namespace spieltisch::native::haseundigel {

class FinishTable {
public:
    // Carrots are counted up to kCarrots - 1 (more count as that many), salads up to 5.
    static constexpr int kCarrots = 256, kSalads = 6;
    // The value of a state from which the goal cannot be reached.
    static constexpr int kUnreachable = 200;

    // What the rules pay that depends on the other player, as the table assumes it: the
    // carrots eating a salad brings (10 to the leader, 30 to the follower) and the
    // position fields' bonuses at the next turn's start (10 on a first-position field to
    // the leader, 30 on a second-position field to the follower).
    struct Pay {
        int salad, first, second;
        auto operator<=>(const Pay&) const = default;
    };

    // The table of a board (field types as position.cpp numbers them, 65 fields) and pay:
    // shared between every position of that board; computed at the first call for it (the
    // last 64 kept).
    static std::shared_ptr<const FinishTable> of(const std::array<std::int8_t, 65>& fields,
                                                 Pay pay);
    // The default pay: a salad 20 carrots, no position bonus.
    static std::shared_ptr<const FinishTable> of(const std::array<std::int8_t, 65>& fields) {
        return of(fields, Pay{20, 0, 0});
    }

    // The turns from `field` (0..63) with `carrots` and `salads`; clamped into the table.
    int turns(std::int64_t field, std::int64_t carrots, std::int64_t salads) const;

private:
    FinishTable(const std::array<std::int8_t, 65>& fields, Pay pay);
    std::vector<std::uint8_t> turns_;  // [field][salads][carrots]
    static std::size_t at(int field, int salads, int carrots) {
        return (static_cast<std::size_t>(field) * kSalads + salads) * kCarrots + carrots;
    }
};

}  // namespace spieltisch::native::haseundigel
