"""One test (or a few) per paragraph of hase-und-igel.md, beyond the official vectors.

Fields on the canonical board used below: 1 3 6 14 25 31 34 39 46 51 58 62 hare,
10 22 42 57 salad, 11 15 19 24 30 37 43 50 56 hedgehog, 7 16 32 48 60 POSITION_1,
8 17 23 29 35 41 47 53 POSITION_2, the rest carrot.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.core.errors import IllegalMoveError
from spieltisch.core.game import TERMINAL
from spieltisch.games.haseundigel.board import (
    CANONICAL_2018,
    FIELD_NAMES,
    FIXED,
    HARE,
    STRETCHES,
    random_fields,
)
from spieltisch.games.haseundigel.moves import (
    ADVANCE,
    ALL_MOVES,
    CARD_EAT,
    CARD_FALL,
    CARD_HURRY,
    CARD_TAKE,
    EAT_BIT,
    FALL_BIT,
    HURRY_BIT,
    TAKE_BIT,
    Action,
    parse_move,
)
from spieltisch.games.haseundigel.state import (
    GOAL_REACHED,
    ROUND_LIMIT,
    HaseUndIgelState,
    Player,
)

from .helpers import DATA, GAME, position, start

EAT_ACTION = Action(3)


def moves_of(state: HaseUndIgelState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def refused(state: HaseUndIgelState, text: str) -> str:
    """Play `text` expecting a refusal; return the rule."""
    before = state.text()
    with pytest.raises(IllegalMoveError) as info:
        state.play(parse_move(text))
    assert state.text() == before
    return info.value.rule


# --- Board ----------------------------------------------------------------------------


def test_canonical_board_is_the_data_files_board() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    expected = data[0]["setup"]["canonical_board"]
    assert [FIELD_NAMES[k] for k in CANONICAL_2018] == expected
    assert GAME.new_state().board.fields == CANONICAL_2018


@given(st.integers(min_value=0, max_value=2**40))
@settings(max_examples=60, deadline=None)
def test_random_board_keeps_fixed_fields_and_stretch_multisets(seed: int) -> None:
    fields = random_fields(seed)
    for index, kind in FIXED.items():
        assert fields[index] == kind
    for indices, content in STRETCHES:
        assert Counter(fields[i] for i in indices) == Counter(content)
    assert random_fields(seed) == fields  # same seed, same board
    assert GAME.new_state(seed).board.fields == fields


def test_random_board_shuffles_each_stretch_with_one_rng() -> None:
    rng = random.Random(11)
    expected = list(CANONICAL_2018)
    for indices, content in STRETCHES:
        shuffled = list(content)
        rng.shuffle(shuffled)
        for i, kind in zip(indices, shuffled, strict=True):
            expected[i] = kind
    assert random_fields(11) == tuple(expected)
    assert len({random_fields(s) for s in range(20)}) > 15


# --- Players and turns ----------------------------------------------------------------


def test_start_and_alternation() -> None:
    state = GAME.new_state()
    for i in (0, 1):
        assert state.player(i) == Player(0, 68, 5, TAKE_BIT | EAT_BIT | HURRY_BIT | FALL_BIT)
    assert state.to_move == 0
    state.play(parse_move("advance 2"))
    assert state.to_move == 1 and state.turn == 1
    state.play(parse_move("advance 4"))
    assert state.to_move == 0 and state.round == 1


def test_first_means_strictly_ahead_and_goal_tie_break() -> None:
    state = position(Player(5), Player(7))
    assert not state.is_first(0) and state.is_first(1)
    both = position(Player(64, 4, 0), Player(64, 2, 0), turn=1)
    assert both.is_first(1) and not both.is_first(0)


def test_moves_have_at_most_four_actions_and_cards_only_after_the_first() -> None:
    rng = random.Random(5)
    longest = 0
    for seed in range(30):
        state = GAME.new_state(seed)
        while not state.is_over():
            for move in state.legal_moves():
                longest = max(longest, len(move.actions))
                assert all(a.is_card for a in move.actions[1:])
            state.play(rng.choice(state.legal_moves()))
    assert 2 <= longest <= 4


# --- Actions: advance -----------------------------------------------------------------


def test_advance_costs_triangular_carrots_paid_at_once() -> None:
    state = start()
    state.play(parse_move("advance 9"))
    assert state.player(0).carrots == 68 - 45


def test_advance_field_rules() -> None:
    state = position(Player(2), Player(4))
    assert refused(state, "advance 2") == "FIELD_OCCUPIED"
    assert refused(state, "advance 9") == "HEDGEHOG_FIELD"  # field 11
    assert refused(state, "advance 12") == "NOT_ENOUGH_CARROTS"
    no_salad = position(Player(5, salads=0), Player(0))
    assert refused(no_salad, "advance 5") == "SALAD_NEEDS_SALAD"
    assert refused(position(Player(60, 21, 0), Player(0)), "advance 4") == "GOAL_CONDITIONS"
    assert refused(position(Player(60, 20, 1), Player(0)), "advance 4") == "GOAL_CONDITIONS"
    goal_ok = position(Player(60, 20, 0), Player(64, 3, 0))  # 10 left; the goal is shared
    goal_ok.play(parse_move("advance 4"))
    assert goal_ok.player(0).index == 64


def test_rules_example_hare_field_needs_a_playable_card() -> None:
    """The sheet's example (section 5): Johannes (22, only HURRY_AHEAD) may enter neither
    a hare field behind Jasper (33; hurrying lands on hare 34 without a card) nor one in
    front of him (he would be first, HURRY_AHEAD needs second)."""
    johannes = Player(22, 200, 1, HURRY_BIT, (EAT_ACTION, 0))
    state = position(johannes, Player(33))
    assert CANONICAL_2018[25] == HARE and CANONICAL_2018[34] == HARE
    assert not state.is_valid_to_advance(3)  # hare 25 behind Jasper
    assert not state.is_valid_to_advance(17)  # hare 39 in front of Jasper
    problem = state.advance_problem(3)
    assert problem is not None and problem[0] == "HARE_NEEDS_CARD"
    with_eat = position(Player(22, 200, 1, HURRY_BIT | EAT_BIT, (EAT_ACTION, 0)), Player(33))
    assert "advance 3, card HURRY_AHEAD, card EAT_SALAD" in moves_of(with_eat)


# --- Actions: cards -------------------------------------------------------------------


def test_take_or_drop_values() -> None:
    state = start()
    assert refused(state, "advance 1, card TAKE_OR_DROP_CARROTS 10") == "CANNOT_PLAY_CARD"
    for value, carrots in ((20, 87), (-20, 47), (0, 67)):
        s = start()
        s.play(parse_move(f"advance 1, card TAKE_OR_DROP_CARROTS {value}"))
        assert s.player(0).carrots == carrots
        assert not s.player(0).cards & TAKE_BIT


def test_eat_salad_card_bonus_depends_on_position() -> None:
    ahead = start()
    ahead.play(parse_move("advance 1, card EAT_SALAD"))
    assert (ahead.player(0).carrots, ahead.player(0).salads) == (77, 4)
    behind = position(Player(0), Player(2))
    behind.play(parse_move("advance 1, card EAT_SALAD"))
    assert behind.player(0).carrots == 97


def test_hurry_ahead_only_second_fall_back_only_first_never_onto_start() -> None:
    second = position(Player(0), Player(4))
    assert "advance 3, card HURRY_AHEAD" in moves_of(second)
    second.play(parse_move("advance 3, card HURRY_AHEAD"))
    assert second.player(0).index == 5
    first = position(Player(0), Player(2, cards=0))
    assert refused(first, "advance 3, card HURRY_AHEAD") == "CANNOT_PLAY_CARD"
    onto_start = position(Player(2), Player(1))
    assert refused(onto_start, "advance 1, card FALL_BACK") == "CANNOT_PLAY_CARD"


def test_moving_cards_obey_field_rules_and_chain() -> None:
    # blue at 2 between hares 1 and 3: the four-action chain of the sheet (3.7)
    state = position(Player(0), Player(2))
    text = "advance 1, card HURRY_AHEAD, card FALL_BACK, card EAT_SALAD"
    assert text in moves_of(state)
    state.play(parse_move(text))
    assert state.player(0).index == 1 and state.player(0).cards == TAKE_BIT
    # HURRY_AHEAD onto a hedgehog is refused (blue on 10: target 11)
    hedgehog = position(Player(0), Player(10))
    assert refused(hedgehog, "advance 1, card HURRY_AHEAD") == "CANNOT_PLAY_CARD"


def test_nothing_follows_eat_salad_or_take_or_drop() -> None:
    state = position(Player(0), Player(2))
    assert refused(state, "advance 1, card EAT_SALAD, card HURRY_AHEAD") == "CANNOT_PLAY_CARD"
    text = "advance 1, card TAKE_OR_DROP_CARROTS 0, card HURRY_AHEAD"
    assert refused(state, text) == "CANNOT_PLAY_CARD"


def test_cards_only_on_a_hare_field_and_each_once() -> None:
    state = start()
    assert refused(state, "advance 2, card EAT_SALAD") == "CANNOT_PLAY_CARD"
    used = position(Player(0, cards=HURRY_BIT | FALL_BIT), Player(40))
    assert refused(used, "advance 1, card EAT_SALAD") == "CANNOT_PLAY_CARD"


# --- Actions: fall back, exchange, eat, must move on, skip ----------------------------


def test_fall_back_to_nearest_free_hedgehog_with_carrots() -> None:
    state = position(Player(29), Player(0))
    state.play(parse_move("fallback"))
    assert (state.player(0).index, state.player(0).carrots) == (24, 68 + 50)
    blocked = position(Player(29), Player(24))
    assert refused(blocked, "fallback") == "CANNOT_FALL_BACK"
    assert refused(position(Player(5), Player(0)), "fallback") == "CANNOT_FALL_BACK"


def test_exchange_only_on_carrot_fields_and_repeatable() -> None:
    state = position(Player(2), Player(5))
    state.play(parse_move("exchange -10"))
    state.play(parse_move("advance 2"))
    state.play(parse_move("exchange 10"))
    assert state.player(0).carrots == 68
    assert refused(position(Player(7), Player(0)), "exchange 10") == "CANNOT_EXCHANGE"
    poor = position(Player(2, carrots=9), Player(0))
    assert refused(poor, "exchange -10") == "CANNOT_EXCHANGE"
    assert refused(position(Player(2), Player(0)), "exchange 20") == "CANNOT_EXCHANGE"


def test_eat_salad_is_the_only_move_and_once() -> None:
    state = start()
    state.play(parse_move("advance 10"))
    state.play(parse_move("advance 2"))
    assert moves_of(state) == {"eat"}
    assert refused(state, "advance 2") == "MUST_EAT_SALAD"
    assert refused(state, "fallback") == "MUST_EAT_SALAD"
    state.play(parse_move("eat"))
    assert (state.player(0).carrots, state.player(0).salads) == (68 - 55 + 10, 4)
    state.play(parse_move("advance 2"))
    assert "eat" not in moves_of(state)
    assert refused(state, "eat") == "CANNOT_EAT"


def test_must_move_on_from_hedgehog_start_and_after_cards() -> None:
    hedgehog = position(Player(15), Player(0))
    assert hedgehog.must_move_on()
    after_take = position(Player(3, last=(Action(CARD_TAKE, 20), 1)), Player(0))
    assert after_take.must_move_on()
    assert refused(after_take, "card TAKE_OR_DROP_CARROTS 20") == "CANNOT_PLAY_CARD"
    after_hurry = position(Player(3, last=(Action(CARD_HURRY), 1)), Player(0))
    assert not after_hurry.must_move_on()


def test_skip_only_when_nothing_else() -> None:
    stuck = position(Player(17, carrots=0), Player(15))
    assert moves_of(stuck) == {"skip"}
    stuck.play(parse_move("skip"))
    assert stuck.player(0).last is None  # a skip is never stored
    assert refused(stuck, "skip") == "CANNOT_SKIP"


# --- Turn start bonus -----------------------------------------------------------------


def test_bonus_for_the_player_to_move_even_at_the_end() -> None:
    p1 = position(Player(7, 50), Player(2, 50), turn=1)
    p1.play(parse_move("advance 2"))
    assert p1.player(0).carrots == 60
    p2 = position(Player(8, 50), Player(4, 50), turn=59)
    p2.play(parse_move("advance 5"))
    assert p2.is_over() and p2.player(0).carrots == 80


def test_bonus_arrives_before_the_player_chooses() -> None:
    state = position(Player(17, carrots=0), Player(15), turn=1)
    state.play(parse_move("advance 3"))  # blue 15 -> 18 passes red: red second on P2
    assert state.player(0).carrots == 30
    assert "skip" not in moves_of(state)


# --- End ------------------------------------------------------------------------------


def test_end_only_after_blues_move() -> None:
    state = position(Player(63, 10, 0), Player(0))
    state.play(parse_move("advance 1"))
    assert not state.is_over() and state.to_move == 1
    state.play(parse_move("advance 2"))
    assert state.to_move == TERMINAL
    result = state.outcome()
    assert result is not None
    assert (result.winner, result.reason) == (0, GOAL_REACHED)
    assert result.scores == ((2, 64, 9), (0, 2, 65))
    assert state.legal_moves() == []
    assert refused(state, "advance 1") == "GAME_OVER"


@pytest.mark.parametrize(
    ("red", "blue", "winner"),
    [((0, 20), (64, 5), 1), ((64, 5), (64, 4), 1), ((64, 4), (64, 4), 0), ((64, 3), (64, 4), 0)],
)
def test_goal_winner(red: tuple[int, int], blue: tuple[int, int], winner: int) -> None:
    state = position(Player(red[0], red[1], 0), Player(blue[0], blue[1], 0), turn=2)
    result = state.outcome()
    assert result is not None and result.winner == winner and result.reason == GOAL_REACHED


@pytest.mark.parametrize(
    ("red", "blue", "winner"),
    [((30, 9), (20, 9), 0), ((20, 9), (30, 9), 1), ((0, 9), (0, 8), 1), ((0, 8), (0, 8), 0)],
)
def test_round_limit(red: tuple[int, int], blue: tuple[int, int], winner: int) -> None:
    state = position(Player(red[0], red[1]), Player(blue[0], blue[1]), turn=60)
    result = state.outcome()
    assert result is not None and result.winner == winner and result.reason == ROUND_LIMIT
    assert result.scores[winner][0] == 2 and result.scores[1 - winner][0] == 0


def test_turn_zero_with_a_player_in_the_goal_is_not_over() -> None:
    state = position(Player(63, 2, 0), Player(64, 3, 0))
    assert not state.is_over()


def test_max_game_length_is_a_true_bound() -> None:
    rng = random.Random(1)
    for seed in range(20):
        state = GAME.new_state(seed)
        plies = 0
        while not state.is_over():
            state.push(rng.choice(state.legal_moves()))
            plies += 1
        assert plies <= GAME.max_game_length == 60


# --- Illegal moves ----------------------------------------------------------------------


def test_illegal_moves_name_rule_and_official_message() -> None:
    from spieltisch.games.haseundigel.rules import HuIIllegalMoveError

    state = start()
    with pytest.raises(HuIIllegalMoveError) as info:
        state.play(parse_move("advance 1"))
    assert info.value.rule == "MUST_PLAY_CARD"
    assert info.value.official == "Es muss eine Karte ausgespielt werden."
    with pytest.raises(HuIIllegalMoveError) as info:
        state.play(parse_move("advance 11"))
    assert info.value.official == "Vorwärtszug um 11 Felder ist nicht möglich"
    assert refused(state, "advance 1, card EAT_SALAD, advance 1") == "ONLY_CARDS_FOLLOW"


def test_generation_agrees_with_validation_on_random_games() -> None:
    """Every table move that `play` accepts is listed by `legal_moves`, and the other
    way round (two independent code paths: getPossibleMoves vs Move.perform)."""
    rng = random.Random(3)
    for seed in range(5):
        state = GAME.new_state(seed)
        while not state.is_over():
            accepted = set()
            for move in ALL_MOVES:
                try:
                    state.check(move)
                except IllegalMoveError:
                    continue
                accepted.add(move)
            assert accepted == set(state.legal_moves()), state.text()
            state.push(rng.choice(state.legal_moves()))


def test_card_kinds_are_distinct_constants() -> None:
    assert len({ADVANCE, CARD_EAT, CARD_FALL, CARD_HURRY, CARD_TAKE}) == 5
