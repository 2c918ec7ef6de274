// Reading outside text, as the Python readers do: numbers as spieltisch.core.text.read_int
// reads them (ASCII digits only, 1 to 18 of them, so a value always fits an int64), and a
// position text as printable ASCII split into fields at white space.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
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

// A text the native reader does not take; the Python API then reads it with the Python game.
[[noreturn]] inline void refuse(const std::string& message) { throw std::invalid_argument(message); }

// The evaluation variant a measurement asks for with the config text `eval=N` (nothing
// else; "" is variant 0, what every normal caller gets), N below `variants`.
inline int read_eval_variant(std::string_view config, int variants) {
    if (config.empty()) return 0;
    constexpr std::string_view kPrefix = "eval=";
    if (config.substr(0, kPrefix.size()) != kPrefix) {
        refuse("this native engine takes no options (only eval=N to measure an evaluation)");
    }
    const auto value = read_int(config.substr(kPrefix.size()));
    if (!value || *value >= variants) {
        refuse("eval=N: N must be 0 to " + std::to_string(variants - 1));
    }
    return static_cast<int>(*value);
}

inline bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// The white-space separated fields of a position text (at most N; more is refused with
// `too_many`), after refusing anything but printable ASCII; returns how many were found.
template <std::size_t N>
int read_fields(std::string_view text, std::string_view (&fields)[N], const char* too_many) {
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (!is_space(c) && (byte < 0x21 || byte > 0x7E)) refuse("only printable ASCII is read natively");
    }
    int count = 0;
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && is_space(text[i])) ++i;
        if (i >= text.size()) break;
        const std::size_t start = i;
        while (i < text.size() && !is_space(text[i])) ++i;
        if (count == static_cast<int>(N)) refuse(too_many);
        fields[count++] = text.substr(start, i - start);
    }
    return count;
}

}  // namespace spieltisch::native
