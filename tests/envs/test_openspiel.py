"""Every game as an OpenSpiel game: OpenSpiel's own consistency test (random simulation
with serialisation round trips), its MCTS bot and evaluation tools run unchanged."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed (pip install .[research])"
)
np = pytest.importorskip("numpy", reason="the envs extra is not installed (pip install .[envs])")

from spieltisch.core.registry import game_names, load  # noqa: E402
from spieltisch.envs import openspiel  # noqa: E402

NAMES = openspiel.register()


def test_every_game_is_registered() -> None:
    assert [openspiel.short_name(name) for name in game_names()] == NAMES
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert openspiel.register() == NAMES  # registering again is harmless


@pytest.mark.parametrize("name", NAMES)
def test_random_simulation(name: str) -> None:
    """OpenSpiel's RandomSimTest: legal actions, chance outcomes summing to one,
    returns, clones, observation tensors and serialise/deserialise at every step."""
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_variant_through_parameters() -> None:
    game = pyspiel.load_game("spieltisch_schachogi", {"options": "repetitions=2"})
    assert game.ours.options == load("schachogi", "repetitions=2").options
    assert pyspiel.load_game("spieltisch_okard", {"options": "turns=50"}).ours.options.turns == 50
    ostsee = pyspiel.load_game("spieltisch_ostseeschach", {"setups": 3})
    state = ostsee.new_initial_state()
    assert state.is_chance_node()
    assert [action for action, _ in state.chance_outcomes()] == [0, 1, 2]


def test_seeded_set_up_is_a_chance_node_and_fixed_start_is_not() -> None:
    ours = load("ostseeschach")
    state = pyspiel.load_game("spieltisch_ostseeschach").new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    state.apply_action(7)
    assert str(state) == ours.new_state(7).text()
    schachogi = pyspiel.load_game("spieltisch_schachogi")
    assert schachogi.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert schachogi.new_initial_state().current_player() == 0


def test_okard_dice_are_chance_outcomes() -> None:
    game = pyspiel.load_game("spieltisch_okard")
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6
    assert sum(prob for _, prob in outcomes) == pytest.approx(1.0)


def test_clone_is_independent_and_actions_round_trip() -> None:
    game = pyspiel.load_game("spieltisch_schachogi")
    state = game.new_initial_state()
    clone = state.clone()
    action = state.legal_actions()[0]
    clone.apply_action(action)
    assert str(state) == load("schachogi").new_state().text()
    assert str(clone) != str(state)
    assert state.action_to_string(0, action) in {
        str(move) for move in load("schachogi").new_state().legal_moves()
    }
    restored = game.deserialize_state(clone.serialize())
    assert str(restored) == str(clone)


@pytest.mark.parametrize("name", ["spieltisch_ostseeschach", "spieltisch_hase_und_igel"])
def test_observation_tensor_is_the_games_planes(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    state.apply_action(0)
    ours = load(name.removeprefix("spieltisch_").replace("_", "-")).new_state(0)
    for player in (0, 1):
        tensor = np.asarray(state.observation_tensor(player), dtype=np.float32)
        assert tensor.shape == (int(np.prod(game.observation_tensor_shape())),)
        assert np.array_equal(tensor, np.asarray(ours.observation(player), dtype=np.float32))


def test_mcts_bot_and_evaluate_bots_play_a_whole_game() -> None:
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("spieltisch_ostseeschach")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [
        mcts.MCTSBot(game, 1.4, 16, evaluator, random_state=rng),
        mcts.MCTSBot(game, 1.4, 4, evaluator, random_state=rng),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_game_unpickles_in_a_process_that_never_imported_spieltisch() -> None:
    """OpenSpiel's AlphaZero pickles the game for its spawned actors: the pickle loads the
    game through `spieltisch.envs.openspiel`, which registers our games on the way."""
    import pickle
    import subprocess
    import sys
    from pathlib import Path

    import spieltisch

    game = pyspiel.load_game("spieltisch_okard", {"options": "board=8", "setups": 5})
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()
    src = str(Path(spieltisch.__file__).resolve().parents[1])
    script = (
        "import pickle, sys\n"
        "game = pickle.loads(sys.stdin.buffer.read())\n"
        "print(game, game.num_distinct_actions(), game.new_initial_state().current_player())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=pickle.dumps(game),
        capture_output=True,
        env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin"},
        timeout=120,
        check=True,
    )
    assert done.stdout.decode().split() == [
        "spieltisch_okard(options=board=8,setups=5)",
        str(load("okard", "board=8").num_actions),
        str(game.new_initial_state().current_player()),
    ]
