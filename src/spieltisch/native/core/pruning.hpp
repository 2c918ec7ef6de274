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
//   kFutility       at depth <= 6 outside PV nodes, a quiet move after the first is not
//                   searched when the static value plus a margin per depth stays below alpha;
//   kRazoring       at depth <= 3 outside PV nodes, a static value far below alpha asks the
//                   quiescence search, and a value below alpha from it ends the node;
//   kImproving      the "improving" flag (the static value above the mover's two plies up)
//                   tightens the margins of rfp, futility and lmp where it is false, and the
//                   reductions of `kReductionTable`;
//   kReductionTable late-move reductions from a table over log(depth) x log(move number),
//                   less for killers and countermoves, adjusted by the move's history where
//                   `kContinuation` keeps it (instead of the fixed 1-3 plies);
//   kContinuation   quiet moves ordered by a history with decay (bonus to the move that cut,
//                   malus to the quiet moves tried before it), plus continuation history (by
//                   the previous move's and the mover's own previous move's piece and target)
//                   and a countermove after the killers;
//   kCaptureHistory forcing moves ordered by their value plus a capture history;
//   kInternalReduction internal iterative reduction: a node of depth >= 4 without a hash
//                   move is searched one ply shallower;
//   kSingular       singular extension: at depth >= 6 a hash move whose stored lower bound
//                   no other move reaches (an excluded-move search at half depth) is searched
//                   one ply deeper; where even the others reach beta, the node cuts (multi-cut);
//   kThreat         a move after which the other side's Pflöck (or König) is attacked is
//                   searched one ply deeper, in the games that give `in_danger()` (Schachogi);
//   kEvalOrder      at depth >= 4, the quiet moves after the hash move, the killers and the
//                   countermove are ordered by the static value of the position each leads
//                   to, for the mover (for games whose quiet moves histories tell apart badly);
//   kChanceTable    chance nodes (a die roll) keep their values in the transposition table
//                   as the other nodes do: a chance node met again is answered from it where
//                   the entry was searched at least as deep and its bound settles the window
//                   (Okard).
//   kNullAdaptive   the null move's reduction grows with depth and with how far the static
//                   value stands above beta (3 + depth / 3 + up to 3 more, one per unit),
//                   instead of 2 + depth / 4; and no null move right after another.
//   kEvasions       with its own Pflöck (or König) attacked (`in_danger()`, Schachogi) the
//                   side to move is in check in the quiescence search: it does not stand pat
//                   but tries every move, in its first kEvasionPlies plies;
//   kCheckNoPrune   at a node of the main search where the side to move has its Pflöck (or
//                   König) attacked nothing is pruned by the static value or the move count
//                   (no reverse futility, razoring, null move, futility, late-move or SEE
//                   pruning), as the best engines do in check;
//   kPartialIteration a search stopped by its time or its positions inside an iteration
//                   plays the best root move that iteration had completed, where one beat
//                   the window's lower bound (a move that overtook the last iteration's
//                   choice, or that choice confirmed), instead of the last completed
//                   iteration's move; it changes nothing at a fixed depth.
//   kEvalCache      each thread keeps the static values it computed in a small table by
//                   the position's key and the player asked for (kEvalCacheSlots slots,
//                   one value a slot, the newest kept), and answers a position met again
//                   from it instead of evaluating it anew: the same values, the same tree,
//                   only faster where the evaluation costs more than the lookup.
// The SEE switches act only in games that give `see` (Ostseeschach, Schachogi).
inline constexpr int kSeeQuiescence = 1;
inline constexpr int kSeeMain = 2;
inline constexpr int kReverseFutility = 4;
inline constexpr int kLateMoves = 8;
inline constexpr int kMateDistance = 16;
inline constexpr int kFutility = 32;
inline constexpr int kRazoring = 64;
inline constexpr int kImproving = 128;
inline constexpr int kReductionTable = 256;
inline constexpr int kContinuation = 512;
inline constexpr int kCaptureHistory = 1024;
inline constexpr int kInternalReduction = 2048;
inline constexpr int kSingular = 4096;
inline constexpr int kThreat = 8192;
inline constexpr int kEvalOrder = 16384;
inline constexpr int kChanceTable = 32768;
inline constexpr int kNullAdaptive = 65536;
inline constexpr int kEvasions = 131072;
inline constexpr int kCheckNoPrune = 262144;
inline constexpr int kPartialIteration = 524288;
inline constexpr int kEvalCache = 1048576;
inline constexpr int kAllPruning = 2 * kEvalCache - 1;  // every bit above

// The quiescence plies in which kEvasions searches every move of a side in check.
inline constexpr int kEvasionPlies = 4;

// The slots of kEvalCache's table (a power of two; 16 bytes each: 512 KB a thread).
inline constexpr int kEvalCacheSlots = 1 << 15;

}  // namespace spieltisch::native
