// The search's selectivity switches (issue 28), apart from the search so that a game can
// name the ones it searches with by default (`kPruneDefaults`, chosen by measurement).
#pragma once

namespace spieltisch::native {

// The selectivity switches (issue 28), each its own bit of `SearchLimits::prune`, so that
// each is measured per game (docs/measurements/tuning.md):
//   kSeeQuiescence  captures that lose material by their static exchange (SEE < 0) are not
//                   searched in quiescence;
//   kSeeMain        at depth <= 4, a move after the first that loses more than a margin
//                   growing with depth by its exchange is not searched;
//   kReverseFutility at depth <= 6 outside PV nodes, a static value above beta by a margin
//                   per depth ends the node (the static null move);
//   kLateMoves      at depth <= 4 outside PV nodes, quiet moves after the first 3 + depth^2
//                   are not searched (late-move pruning by move count);
//   kMateDistance   a node's window is narrowed to the values a win or a loss from here can
//                   still have (mate-distance pruning).
// The SEE switches act only in games that give `see` (Ostseeschach, Schachogi).
inline constexpr int kSeeQuiescence = 1;
inline constexpr int kSeeMain = 2;
inline constexpr int kReverseFutility = 4;
inline constexpr int kLateMoves = 8;
inline constexpr int kMateDistance = 16;
inline constexpr int kAllPruning = 31;

}  // namespace spieltisch::native
