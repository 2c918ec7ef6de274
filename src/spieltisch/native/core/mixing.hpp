// 64-bit mixing for keys: splitmix64 (Steele, Lea and Flood 2014), the generator of the
// games' Zobrist keys and the finaliser that keys are built with.
#pragma once

#include <cstdint>

namespace spieltisch::native {

// splitmix64's finaliser: a bijection on 64 bits in which every input bit moves about half
// of the output bits.
inline constexpr std::uint64_t finalise(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The next number of the splitmix64 sequence whose state is `state` (advanced).
inline constexpr std::uint64_t splitmix(std::uint64_t& state) {
    return finalise(state += 0x9E3779B97F4A7C15ull);
}

}  // namespace spieltisch::native
