// Reading numbers in outside text, as spieltisch.core.text.read_int does: ASCII digits
// only, 1 to 18 of them, so a value always fits an int64 and nothing else is accepted.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace spieltisch::native {

inline constexpr std::size_t kMaxDigits = 18;

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The value of 1..18 ASCII digits, with a leading '-' when `signed_ok`; nullopt otherwise.
inline std::optional<std::int64_t> read_int(std::string_view raw, bool signed_ok = false) {
    bool negative = false;
    if (signed_ok && !raw.empty() && raw.front() == '-') {
        negative = true;
        raw.remove_prefix(1);
    }
    if (raw.empty() || raw.size() > kMaxDigits) return std::nullopt;
    std::int64_t value = 0;
    for (char c : raw) {
        if (!is_digit(c)) return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return negative ? -value : value;
}

}  // namespace spieltisch::native
