// Static exchange evaluation (SEE), the game-independent half: given what each capture in
// turn on one square wins (the first one the move itself, the others the two sides' least
// valuable attackers taking back in turn), the balance for the side that made the move when
// both sides stop capturing as soon as going on would cost them.
#pragma once

#include <algorithm>

namespace spieltisch::native {

// The longest exchange a game lists (every piece of both sides at most).
inline constexpr int kMaxExchange = 40;

// `gains[k]` is what the k-th capture wins for its maker (k = 0: the move itself, which is
// made; every later one may be left out). The value of the exchange for the first mover.
inline int resolve_exchange(const int* gains, int count) {
    // From the end: a capture is made only when it wins more than the answer takes back.
    int value = 0;
    for (int k = count - 1; k >= 1; --k) value = std::max(0, gains[k] - value);
    return count > 0 ? gains[0] - value : 0;
}

}  // namespace spieltisch::native
