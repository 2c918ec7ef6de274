"""Positions the rules cannot reach: the cheap checks the position reader runs after the
fields have been read one by one (okard.md, "Setup", "A turn", "End of the game").

Each refusal is a `PositionError` whose message starts with the rule the position breaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spieltisch.core.errors import PositionError
from spieltisch.games.okard.lookup import BLUE, PLAYER_NAMES, RED
from spieltisch.games.okard.options import DIE_FACES, ApMode, EndCondition
from spieltisch.games.okard.phases import (
    REASON_ALL,
    REASON_HOME,
    REASON_KING,
    REASON_POINTS,
    REASON_TURNS,
    REASONS,
)

if TYPE_CHECKING:
    from spieltisch.games.okard.state import OkardState

# Rules an impossible position breaks (the start of the reader's message).
PHASE_ORDER = "PHASE_ORDER"
ONE_KING = "ONE_KING"
KING_REQUIRED = "KING_REQUIRED"
KING_ROOM = "KING_ROOM"
ARMY_LIMIT = "ARMY_LIMIT"
SETUP_ROWS = "SETUP_ROWS"
FRONT_SIDE_UP = "FRONT_SIDE_UP"
TURN_ORDER = "TURN_ORDER"
ACTION_POINTS = "ACTION_POINTS"
STEP_ORDER = "STEP_ORDER"
DICE = "DICE"
CAPTURED_VALUE = "CAPTURED_VALUE"
GAME_OVER = "GAME_OVER"
END_REASON = "END_REASON"
DEAD_POSITION = "DEAD_POSITION"


def _impossible(rule: str, message: str, text: str) -> PositionError:
    return PositionError(f"{rule}: {message}", text)


def check_reachable(state: OkardState, text: str, *, reachable: bool = True) -> None:
    """Refuse a position the rules cannot reach, where a cheap check can tell; the
    message starts with the rule it breaks (okard.md, "Setup", "A turn", "End").

    `reachable=False` (a position set up by hand) keeps only what the engine needs for
    the game to go on: in the pick and place phases each player's König (KING_ROOM,
    KING_REQUIRED: without one a player's picks or placements run into a dead end), and
    a player to move with a legal move (DEAD_POSITION).
    """
    phase = state.phase
    if not reachable:
        if phase in ("pick", "place"):
            for player in (RED, BLUE):
                _check_setup_king(state, player, text)
    elif phase in ("pick", "place"):
        _check_setup(state, text)
    else:
        _check_play(state, text)
        if phase == "play":
            _check_turn(state, text)
        else:
            _check_end(state, text)
    if phase != "over" and not state.legal_moves():
        raise _impossible(
            DEAD_POSITION, "the player to move has no legal move, yet the game is not over", text
        )


def _kings(state: OkardState, player: int) -> tuple[int, int]:
    """(on the board, in hand) Königs of `player`."""
    t = state.t
    sign = 1 if player == RED else -1
    on_board = sum(1 for v in state.board if v * sign > 0 and t.kind_of[v] == t.king)
    return on_board, state.hands[player][t.king]


def _check_setup(state: OkardState, text: str) -> None:
    t = state.t
    options = t.options
    name = state.phase
    if state.captured != (0, 0) or state.action_points or state.awaiting_roll:
        raise _impossible(
            PHASE_ORDER, f"nothing is captured and no AP exist in the {name} phase", text
        )
    if state.sacrificed or state.stage != "start" or state.turn or state.round_die:
        raise _impossible(
            PHASE_ORDER,
            f"the {name} phase has no sacrifices, steps, turns or dice (0 0 s 0 ... -)",
            text,
        )
    if name == "pick" and any(state.board):
        raise _impossible(PHASE_ORDER, "no stone stands on the board in the pick phase", text)
    for player in (RED, BLUE):
        who = PLAYER_NAMES[player]
        army = state.army_points(player)
        if army > options.army_points:
            raise _impossible(
                ARMY_LIMIT,
                f"{who}'s picks are worth {army} points, above the army size {options.army_points}",
                text,
            )
        on_board, in_hand = _kings(state, player)
        if on_board + in_hand > 1:
            raise _impossible(ONE_KING, f"{who}'s army holds more than one König", text)
        _check_setup_king(state, player, text)
        if name == "place" and state.setup_done(player) and not on_board:
            raise _impossible(
                KING_REQUIRED,
                f"{who} has finished placing, but its König is not on the board",
                text,
            )
    if name == "place":
        for sq, v in enumerate(state.board):
            if not v:
                continue
            player = RED if v > 0 else BLUE
            if not t.in_setup[player][sq]:
                raise _impossible(
                    SETUP_ROWS,
                    f"{PLAYER_NAMES[player]}'s stone on {t.name(sq)} is off its setup rows",
                    text,
                )
            if (abs(v) - 1) % 2:
                raise _impossible(
                    FRONT_SIDE_UP, f"the stone on {t.name(sq)} is placed back side up", text
                )
    mover = state.mover
    who = PLAYER_NAMES[mover]
    if state.setup_done(mover):
        raise _impossible(
            TURN_ORDER, f"{who} has finished the {name} phase and cannot be the one to move", text
        )
    if not state.setup_done(1 - mover):
        # Neither has finished, so neither ever has: red and blue have strictly alternated
        # from red's first pick (or placement).
        counts = [_setup_count(state, player) for player in (RED, BLUE)]
        expected = RED if counts[RED] == counts[BLUE] else BLUE
        if counts[RED] - counts[BLUE] not in (0, 1) or mover != expected:
            raise _impossible(
                TURN_ORDER,
                f"picks and placements alternate from red: with {counts[RED]} for red and "
                f"{counts[BLUE]} for blue in the {name} phase, {who} cannot be to move",
                text,
            )


def _check_setup_king(state: OkardState, player: int, text: str) -> None:
    """In the pick phase a player without a König in hand keeps room for it there and
    does not pass; in the place phase it has one. (Otherwise its picks or placements end
    in a dead end.) The pick phase counts the hand only, as the picks do."""
    t = state.t
    options = t.options
    who = PLAYER_NAMES[player]
    on_board, in_hand = _kings(state, player)
    army = sum(c * v for c, v in zip(state.hands[player], t.values, strict=True))
    king_value = t.values[t.king]
    if state.phase == "pick":
        if not in_hand and army + king_value > options.army_points:
            raise _impossible(
                KING_ROOM,
                f"{who} has no König and {options.army_points - army} points left, less "
                f"than the König's {king_value}: every pick keeps room for it",
                text,
            )
        if state.passed[player] and not in_hand:
            raise _impossible(
                KING_REQUIRED, f"{who} declared the army complete without a König", text
            )
    elif on_board + in_hand == 0:
        raise _impossible(KING_REQUIRED, f"{who} reached the placement phase without a König", text)


def _setup_count(state: OkardState, player: int) -> int:
    """Picks (stones in hand) or placements (stones on the board) made in this phase."""
    if state.phase == "pick":
        return sum(state.hands[player])
    sign = 1 if player == RED else -1
    return sum(1 for v in state.board if v * sign > 0)


def _check_play(state: OkardState, text: str) -> None:
    """Checks for the play phase and a finished game."""
    t = state.t
    options = t.options
    if any(state.passed):
        raise _impossible(
            PHASE_ORDER, "done flags belong to the pick and placement phases (write --)", text
        )
    if options.ap is not ApMode.ROUND and state.round_die:
        raise _impossible(
            DICE, f"only ap=round keeps a round's die, not ap={options.ap.value}", text
        )
    red_kings = _kings(state, RED)
    blue_kings = _kings(state, BLUE)
    if sum(red_kings) + sum(blue_kings) != 2:
        raise _impossible(
            ONE_KING,
            f"the game holds exactly two Königs (never sacrificed), not "
            f"{sum(red_kings) + sum(blue_kings)}",
            text,
        )
    if options.end is EndCondition.KING and state.phase == "play":
        for player, (on_board, _) in ((RED, red_kings), (BLUE, blue_kings)):
            if on_board != 1:
                raise _impossible(
                    KING_REQUIRED,
                    f"with end=king each König stays on the board until captured; "
                    f"{PLAYER_NAMES[player]} has {on_board} there",
                    text,
                )
    total = state.army_points(RED) + state.army_points(BLUE)
    if total > 2 * options.army_points:
        raise _impossible(
            ARMY_LIMIT,
            f"the stones are worth {total} points, more than two armies of {options.army_points}",
            text,
        )
    # At most one line move per turn, each capturing at most n - 1 stones.
    turns = state.turn // 2 + 1
    most = turns * (t.n - 1) * max(t.values)
    for player in (RED, BLUE):
        if state.captured[player] > most:
            raise _impossible(
                CAPTURED_VALUE,
                f"{PLAYER_NAMES[player]} cannot have captured {state.captured[player]} "
                f"points in {turns} turns (at most {most})",
                text,
            )


def _turn_start_ap(state: OkardState) -> int:
    """The most AP the current turn can have started with."""
    options = state.t.options
    if options.ap is ApMode.FIXED:
        return options.fixed_ap
    if options.ap is ApMode.ROUND:
        return state.round_die
    return DIE_FACES


def _check_turn(state: OkardState, text: str) -> None:
    """The current turn's fields agree with each other and the game goes on."""
    t = state.t
    options = t.options
    if state.awaiting_roll:
        if state.sacrificed or state.stage != "start":
            raise _impossible(
                STEP_ORDER, "a turn begins with the die: no sacrifice or step before it", text
            )
    else:
        if options.ap is ApMode.ROUND and not state.round_die:
            raise _impossible(DICE, "with one die per round the round's die must be known", text)
        start = _turn_start_ap(state)
        most = start + state.sacrificed - (0 if state.stage == "start" else 1)
        if state.action_points > most:
            raise _impossible(
                ACTION_POINTS,
                f"{state.action_points} AP left, but the turn started with at most {start} "
                f"and sacrifices gave {state.sacrificed}",
                text,
            )
    target = options.target_points
    if options.end is EndCondition.POINTS:
        for player in (RED, BLUE):
            if state.captured[player] >= target:
                raise _impossible(
                    GAME_OVER,
                    f"{PLAYER_NAMES[player]} has captured {state.captured[player]} of the "
                    f"{target} points that win: the game would be over",
                    text,
                )
    elif options.end is EndCondition.HOME:
        other = 1 - state.mover
        if state.home_points(other) >= target:
            raise _impossible(
                GAME_OVER,
                f"{PLAYER_NAMES[other]} ended its turn with {state.home_points(other)} of the "
                f"{target} home points that win: the game would be over",
                text,
            )


def _check_end(state: OkardState, text: str) -> None:
    """A finished game's winner and reason agree with the position."""
    result = state.outcome()
    assert result is not None
    reason = REASONS.index(result.reason)
    winner = result.winner
    options = state.t.options
    if reason == REASON_TURNS:
        if state.turn != options.turns:
            raise _impossible(
                END_REASON,
                f"the turn limit ends the game after turn {options.turns}, not {state.turn}",
                text,
            )
        red, blue = state.captured
        expected = None if red == blue else (RED if red > blue else BLUE)
        if winner != expected:
            raise _impossible(
                END_REASON,
                f"at the turn limit the higher captured value wins ({red}:{blue})",
                text,
            )
        return
    if winner is None:
        raise _impossible(END_REASON, "only the turn limit ends in a draw", text)
    loser = 1 - winner
    who = PLAYER_NAMES[winner]
    if reason == REASON_KING and _kings(state, loser)[0]:
        raise _impossible(END_REASON, f"{PLAYER_NAMES[loser]}'s König is still on the board", text)
    if reason == REASON_POINTS and state.captured[winner] < options.target_points:
        raise _impossible(
            END_REASON,
            f"{who} has captured {state.captured[winner]}, below the target "
            f"{options.target_points}",
            text,
        )
    if reason == REASON_HOME and state.home_points(winner) < options.target_points:
        raise _impossible(
            END_REASON,
            f"{who} has {state.home_points(winner)} home points, below the target "
            f"{options.target_points}",
            text,
        )
    if reason == REASON_ALL and state.army_points(loser):
        raise _impossible(
            END_REASON, f"{PLAYER_NAMES[loser]} still has stones on the board or in hand", text
        )
