// The end of a game as the boundary reports it, the same for every game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spieltisch::native {

struct Outcome {
    int winner = -1;     // player 0 or 1, -1 for a draw
    std::string reason;  // the game's reason constant, as the Python engine names it
    std::vector<std::vector<std::int64_t>> scores;  // each player's score parts
};

}  // namespace spieltisch::native
