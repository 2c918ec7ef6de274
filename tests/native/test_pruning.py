"""The search's selectivity switches (SEE pruning in quiescence and at low depth, reverse
futility, late-move pruning, mate-distance pruning, futility, razoring, the improving flag,
the reduction table, continuation and capture history, internal iterative reductions,
singular extensions, the threat extension, ordering by value, chance nodes in the table):
with every switch off, with each on alone and with all on, the same
best move at a fixed depth on tactical positions where one move clearly wins (an amber, a
Pflöck, material) or alone avoids a loss, and the exact distance of proven results."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.ai.native_agent import NativeAgent
from spieltisch.ai.spec import AgentSpecError, make_agent
from spieltisch.cli.engine import score_text
from spieltisch.native.search import (
    PRUNE_SWITCHES,
    mate_in,
    prune_defaults,
    prune_mask,
    prune_unit,
    search,
)
from tests.helpers.forced import AMBER_IN_1, AMBER_IN_3, LOSS_IN_2, ostsee
from tests.helpers.positions import random_positions

EMPTY = "........"

#: Every switch off, each alone, all on.
SETS = {
    "none": dict.fromkeys(PRUNE_SWITCHES, False),
    **{name: {k: k == name for k in PRUNE_SWITCHES} for name in PRUNE_SWITCHES},
    "all": dict.fromkeys(PRUNE_SWITCHES, True),
}

# (game, position, depth, the winning moves)
POSITIONS = [
    # The second amber in one move, in three plies, and the only move that stops blue's.
    ("ostseeschach", ostsee(AMBER_IN_1, 40, "1:0").text(), 5, "g3h3"),
    ("ostseeschach", ostsee(AMBER_IN_3, 40, "1:0").text(), 6, "f3g3"),
    ("ostseeschach", ostsee(LOSS_IN_2, 10, "0:1").text(), 5, "a2b4"),
    # The tower takes the Möwe for an amber; taking with the single Möwe loses a tower.
    (
        "ostseeschach",
        "/".join(["R......r", EMPTY, ".....h..", "...M2m...", EMPTY, "..Mm.h..", EMPTY, "R......r"])
        + " 10 0:0 -",
        5,
        "d5e5",
    ),
    # Schachogi: the Rock takes the Pflöck (promoting or not).
    ("schachogi", "p7/1b6/8/8/8/8/8/R3P3 w 0 1", 5, "a1a8 a1a8+"),
    # The Pflöck falls in three plies whatever Black does (the solver of tests/ai: only these).
    ("schachogi", "7p/6bb/8/8/8/8/8/R3P3 w 0 1", 5, "a1a8 a1a8+"),
    # The Brrbrr takes a Rock (a Brrbrr takes back; nothing else saves White's Brrbrr).
    ("schachogi", "4p3/8/3b4/2sr4/3B4/8/8/4P3 w 0 1", 5, "d4d5"),
    # A hanging Rock on b5 for the Slotser.
    ("schachogi", "4p3/8/8/1r6/8/3S4/8/4P3 w 0 1", 5, "d3b5"),
    # The same with a Wieher the Rock could take: the Wieher is defended, the Rock is not.
    ("schachogi", "4p3/8/8/1r1w4/8/3S4/8/3RP3 w 0 1", 5, "d3b5"),
]


@pytest.mark.parametrize("switches", list(SETS), ids=list(SETS))
@pytest.mark.parametrize(
    ("game", "text", "depth", "best"),
    POSITIONS,
    ids=[f"{p[0]}-{p[3].split()[0]}" for p in POSITIONS],
)
def test_same_best_move_with_every_switch(
    game: str, text: str, depth: int, best: str, switches: str
) -> None:
    result = search(game, text, depth=depth, prune=SETS[switches])
    assert result.best in best.split()


def test_switches_change_the_tree() -> None:
    """The switches act: all on, the same depth takes fewer positions than all off."""
    text = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"
    off = search("schachogi", text, depth=5, prune=SETS["none"])
    on = search("schachogi", text, depth=5, prune=SETS["all"])
    assert on.nodes < off.nodes


def test_switch_names_and_defaults() -> None:
    for game in ("ostseeschach", "schachogi", "hase-und-igel", "okard"):
        defaults = prune_defaults(game)
        assert set(defaults) == set(PRUNE_SWITCHES)
        assert prune_mask(game, None) == prune_mask(game, defaults)
    assert prune_mask("schachogi", SETS["none"]) == 0
    assert prune_mask("schachogi", SETS["all"]) == sum(PRUNE_SWITCHES.values())
    with pytest.raises(ValueError, match="no selectivity switch"):
        prune_mask("schachogi", {"razor": True})
    assert set(PRUNE_SWITCHES) >= {
        "fut",
        "raz",
        "imp",
        "lmr",
        "cmh",
        "caph",
        "iir",
        "se",
        "thr",
        "evo",
        "ctt",
        "nmr",
        "qev",
        "chk",
    }


def test_native_agent_specs_set_the_switches() -> None:
    """`native:…,rfp=off,lmp=on` reaches the search: all off and all on visit different
    numbers of positions at the same depth; a switch takes only a yes/no value."""
    game = spieltisch.load("schachogi")
    state = game.parse("1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13")
    off = ",".join(f"{name}=off" for name in PRUNE_SWITCHES)
    on = ",".join(f"{name}=on" for name in PRUNE_SWITCHES)
    agents = []
    for spec in (off, on):
        agent = make_agent(f"native:depth=5,{spec}", game)
        assert isinstance(agent, NativeAgent)
        agent.select(state)
        agents.append(agent)
    assert agents[0].prune == SETS["none"] and agents[1].prune == SETS["all"]
    assert agents[0].spec == f"native:depth=5,{','.join(sorted(off.split(',')))}"
    assert agents[1].stats["nodes"] < agents[0].stats["nodes"]
    with pytest.raises(AgentSpecError, match="yes/no"):
        make_agent("native:depth=5,rfp=maybe", game)


# (position, plies to the end for the player to move: positive a win, negative a loss)
MATES = [
    ("p7/1b6/8/8/8/8/8/R3P3 w 0 1", 1),
    ("7p/6bb/8/8/8/8/8/R3P3 w 0 1", 3),
    # After the Rock's move to a8 Black loses its Pflöck whatever it does.
    ("R6p/6bb/8/8/8/8/8/4P3 b 0 1", -2),
]


@pytest.mark.parametrize("switches", list(SETS), ids=list(SETS))
@pytest.mark.parametrize(("text", "plies"), MATES, ids=[str(p[1]) for p in MATES])
def test_mate_scores_exact_with_every_switch(text: str, plies: int, switches: str) -> None:
    """A proven result keeps its distance through every pruning and extension, and the
    UCI text says it in moves (`mate 2` for a win in three plies, `mate -1` for a loss
    at the second ply)."""
    result = search("schachogi", text, depth=abs(plies) + 3, prune=SETS[switches])
    assert mate_in(result.score) == plies
    moves = (abs(plies) + 1) // 2
    assert score_text(result.score) == f"mate {moves if plies > 0 else -moves}"


def test_node_budget_stops_the_search() -> None:
    """`nodes` ends the search within one check (256 positions) past the budget, keeping
    the last completed depth; without a depth or time it is the only limit."""
    text = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"
    deep = search("schachogi", text, depth=9)
    budget = deep.nodes // 3
    result = search("schachogi", text, nodes=budget)
    assert budget <= result.nodes < budget + 512
    assert 1 <= result.depth < deep.depth
    assert result.iterations[-1].nodes <= result.nodes


def test_a_stopped_iteration_gives_its_best_move_with_pit() -> None:
    """Where the last iteration of a depth-7 search changed the best move, a search stopped
    by its positions late in that iteration plays the move of the iteration before without
    `pit` and, with it, the move the stopped iteration had found best so far: the new one
    in some of these positions. At a fixed depth `pit` changes nothing. (Reverse futility
    and internal reductions, on by default, off here: their smaller trees leave the last
    iteration too few positions for a stop between the node checks, every 256.)"""
    game = spieltisch.load("schachogi")
    base = {"rfp": False, "iir": False}
    changed = overtaken = 0
    for state in random_positions(game, 30, 12):
        text = state.text()
        full = search("schachogi", text, depth=7, prune={**base, "pit": False})
        if full.depth < 7:
            continue  # decided before
        before, last = full.iterations[-2:]
        if not before.pv or not last.pv or before.pv[0] == last.pv[0]:
            continue
        changed += 1
        budget = before.nodes + (full.nodes - before.nodes) * 97 // 100
        plain = search("schachogi", text, nodes=budget, prune={**base, "pit": False})
        partial = search("schachogi", text, nodes=budget, prune={**base, "pit": True})
        assert plain.depth == partial.depth == 6
        assert plain.best == before.pv[0]
        assert partial.best == partial.pv[0]
        assert state.parse_move(partial.best) in state.legal_moves()
        overtaken += partial.best == last.pv[0]
        fixed = search("schachogi", text, depth=7, prune={**base, "pit": True})
        assert (fixed.best, fixed.nodes, fixed.score) == (full.best, full.nodes, full.score)
    assert changed >= 3 and overtaken >= 2


@pytest.mark.parametrize(
    "switch", ["fut", "raz", "imp", "lmr", "cmh", "caph", "iir", "se", "thr", "evo"]
)
def test_each_new_switch_acts(switch: str) -> None:
    """Each switch of the second round changes the tree at a fixed depth (the improving flag
    acts through the margins of rfp and lmp, so those are on in both searches)."""
    text = "1rsi3r/bb1b1pbb/w3bb1w/2b5/1sS5/B3BB2/1BBB2BB/R1SIP1R1 w 2 13"
    base = {**prune_defaults("schachogi"), "rfp": True, "lmp": True, switch: False}
    without = search("schachogi", text, depth=8, prune=base)
    with_it = search("schachogi", text, depth=8, prune={**base, switch: True})
    assert with_it.nodes != without.nodes


def test_the_chance_table_acts_and_keeps_the_value() -> None:
    """`ctt` keeps Okard's chance nodes (the die) in the table: at a fixed depth the search
    visits fewer positions and finds the same move and value (a value stored for the
    wrong player, or a bound taken for an exact value, would change them)."""
    game = spieltisch.load("okard")
    base = prune_defaults("okard")
    nodes = {False: 0, True: 0}
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        plies = rng.randrange(0, 8)
        while state.phase != "play" or state.is_chance() or plies > 0:
            if state.is_chance():
                state.play(state.chance_outcomes()[0][0])
                continue
            if state.phase == "play":
                plies -= 1
            state.play(rng.choice(state.legal_moves()))
        results = {
            on: search("okard", state.text(), depth=4, prune={**base, "ctt": on})
            for on in (False, True)
        }
        assert (results[True].best, results[True].score) == (
            results[False].best,
            results[False].score,
        )
        for on, result in results.items():
            nodes[on] += result.nodes
    assert nodes[True] < nodes[False]


@pytest.mark.parametrize(
    ("game", "depth"),
    [("schachogi", 6), ("ostseeschach", 6), ("hase-und-igel", 7), ("okard", 4)],
)
def test_the_eval_cache_keeps_the_tree(game: str, depth: int) -> None:
    """`ecache` answers a position met again from the static values kept: every search,
    with the game's defaults and with every switch on (the improving flag and the quiet
    moves ordered by their static value read it most), finds the same move and value from
    the same number of positions with it and without it (a value kept under a key missing
    part of the position, or for the other player, would change them)."""
    rules = spieltisch.load(game)
    every = {**SETS["all"], "pit": False}
    for state in random_positions(rules, 8, 49):
        for base in (prune_defaults(game), every):
            results = [
                search(game, state.text(), depth=depth, prune={**base, "ecache": on})
                for on in (False, True)
            ]
            off, on = ((r.best, r.score, r.nodes, r.depth) for r in results)
            assert on == off


#: A game's own unit of the pruning margins (`kPawn`): a light piece in Ostseeschach, a
#: Brrbrr in Schachogi, the measured unit in the others (docs/native.md).
UNITS = {"ostseeschach": 800, "schachogi": 100, "hase-und-igel": 1000, "okard": 100}


@pytest.mark.parametrize("game", list(UNITS))
def test_the_margins_unit_is_set_at_run_time(game: str) -> None:
    """`unit` sets the unit of the margins: 0 and the game's own unit search the same tree;
    another gives another tree at the same depth, and a much larger one prunes less (fewer
    moves fall under the futility margins), so it visits more positions."""
    assert prune_unit(game) == UNITS[game]
    state = spieltisch.load(game).new_state(seed=3)
    while state.is_chance():
        state.play(state.chance_outcomes()[0][0])
    # The margins of futility pruning and reverse futility; Schachogi's SEE pruning in the
    # main search (on by default since it won its SPRT) off, whose cuts change which moves
    # those margins see (with it the large unit visits fewer positions in this one).
    switches = {"fut": True, "rfp": True, "seep": False}
    nodes = {
        unit: search(game, state.text(), depth=7, prune=switches, unit=unit).nodes
        for unit in (0, UNITS[game], 1, 50 * UNITS[game])
    }
    assert nodes[0] == nodes[UNITS[game]]
    assert nodes[1] != nodes[0] < nodes[50 * UNITS[game]]


def test_native_agent_specs_set_the_unit() -> None:
    """`native:…,unit=N` reaches the search and the spec; it is a whole number of at least 1."""
    game = spieltisch.load("hase-und-igel")
    state = game.new_state(seed=3)
    nodes = []
    agents = []
    for spec in ("native:depth=7,fut=on", "native:depth=7,fut=on,unit=5000"):
        agent = make_agent(spec, game)
        assert isinstance(agent, NativeAgent)
        agent.select(state)
        nodes.append(agent.stats["nodes"])
        agents.append(agent)
    agent = agents[1]
    assert (
        agents[0].unit == 0
        and agent.unit == 5000
        and agent.spec == "native:depth=7,unit=5000,fut=on"
    )
    assert nodes[0] < nodes[1]
    for bad in ("0", "-5", "many"):
        with pytest.raises(AgentSpecError, match="unit"):
            make_agent(f"native:depth=5,unit={bad}", game)
