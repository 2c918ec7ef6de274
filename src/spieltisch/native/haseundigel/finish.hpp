// Hase und Igel: the fewest own turns a player alone on the board needs from each field,
// carrot count and salad count to the goal (the default evaluation), by dynamic programming
// over the board of the game, computed once per board and kept.
#pragma once

#include <array>
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

    // The table of a board (field types as position.cpp numbers them, 65 fields): shared
    // between every position of that board; computed at the first call for it.
    static std::shared_ptr<const FinishTable> of(const std::array<std::int8_t, 65>& fields);

    // The turns from `field` (0..63) with `carrots` and `salads`; clamped into the table.
    int turns(std::int64_t field, std::int64_t carrots, std::int64_t salads) const;

private:
    explicit FinishTable(const std::array<std::int8_t, 65>& fields);
    std::vector<std::uint8_t> turns_;  // [field][salads][carrots]
    static std::size_t at(int field, int salads, int carrots) {
        return (static_cast<std::size_t>(field) * kSalads + salads) * kCarrots + carrots;
    }
};

}  // namespace spieltisch::native::haseundigel
