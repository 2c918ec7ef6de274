"""The policy-value network's shapes (`spieltisch.learn.net`): the pair policy head of the
games whose actions pair squares (`Game.action_squares`), its square layout checked
against the rules, and its checkpoints and traced copies."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra is not installed (pip install .[learn])")
pytest.importorskip("numpy", reason="the learn extra is not installed (pip install .[learn])")

import numpy as np
import torch

from spieltisch.core.registry import game_names, load
from spieltisch.learn.evaluator import NetEvaluator, frozen
from spieltisch.learn.frame import framed
from spieltisch.learn.net import (
    NetConfig,
    PairPolicy,
    load_checkpoint,
    new_net,
    save_checkpoint,
)

PAIRS = NetConfig(channels=8, blocks=1, policy_channels=2, value_channels=2, pair_width=4)


def _grid(observation: list[float], shape: tuple[int, ...]) -> np.ndarray:
    return np.asarray(observation, dtype=np.float32).reshape(shape[0], -1)


@pytest.mark.parametrize("name", game_names())
def test_action_ids_that_pair_squares_name_the_squares_a_move_changes(name: str) -> None:
    """Where a game says its ids pair squares, a move's source square (read from its id
    in the mover's frame) changes in the mover's observation when the move is played,
    and so does its target square but for a move whose piece leaves the board there."""
    game = load(name)
    planes = game.action_squares()
    if planes is None:
        pytest.skip(f"{name}: its action ids do not pair squares")
    shape = game.observation_shape
    cells = shape[1] * shape[2]
    assert len(shape) == 3 and game.num_actions == planes * cells * cells
    rng = random.Random(7)
    moves = targets = 0
    for seed in range(3):
        state = game.new_state(seed)
        while not state.is_over() and len(state.history()) < 40:
            if state.is_chance():
                state.push(state.sample_chance(rng))
                continue
            mover = state.to_move
            before = _grid(state.observation(mover), shape)
            legal = state.legal_moves()
            ids = framed(game, mover, [state.action_id(move) for move in legal])
            for move, action in zip(legal, ids.tolist(), strict=True):
                state.push(move)
                after = _grid(state.observation(mover), shape)
                state.undo()
                # Planes filled alike on every cell (counters) say nothing of squares.
                board = (before.min(axis=1) != before.max(axis=1)) | (
                    after.min(axis=1) != after.max(axis=1)
                )
                changed = (before[board] != after[board]).any(axis=0)
                assert changed[(action // cells) % cells], f"{name}: {move} from an unchanged cell"
                targets += bool(changed[action % cells])
                moves += 1
            state.push(rng.choice(legal))
    assert moves > 100 and targets > 0.95 * moves


def test_the_pair_head_scores_a_move_by_its_two_squares() -> None:
    head = PairPolicy(channels=3, planes=2, cells=4, width=5)
    x = torch.randn(1, 3, 2, 2)
    y = x.clone()
    y[0, :, 1, 0] += 1.0  # cell 2 (row 1, column 0)
    with torch.no_grad():
        # In the layout the network's convolutions run in (channels last).
        a = head(x.contiguous(memory_format=torch.channels_last)).reshape(2, 4, 4)
        b = head(y.contiguous(memory_format=torch.channels_last)).reshape(2, 4, 4)
    moved = ((a - b).abs() > 1e-4).numpy()
    for source in range(4):
        for target in range(4):
            assert moved[:, source, target].all() == (2 in (source, target))


def test_a_pair_network_is_small_and_survives_its_checkpoint_and_tracing(
    tmp_path: Path,
) -> None:
    game = load("ostseeschach")
    net = new_net(game, PAIRS)
    linear = new_net(game, NetConfig(channels=8, blocks=1, policy_channels=2, value_channels=2))
    assert isinstance(net.policy, PairPolicy)
    count = sum(p.numel() for p in net.parameters())
    assert count * 20 < sum(p.numel() for p in linear.parameters())
    save_checkpoint(tmp_path / "pairs.pt", net, game, {})
    loaded, _game, _meta = load_checkpoint(tmp_path / "pairs.pt")
    assert loaded.config == PAIRS
    state = game.new_state(3)
    obs = np.asarray(state.observation(), dtype=np.float32).reshape(1, *game.observation_shape)
    net.eval()
    with torch.no_grad():
        logits, value = net(torch.from_numpy(obs))
    traced_logits, traced_value = NetEvaluator(frozen(loaded))(obs)
    assert np.allclose(traced_logits, logits.numpy(), atol=1e-4)
    assert np.allclose(traced_value, value.numpy(), atol=1e-4)


def test_the_pair_head_needs_a_game_whose_actions_pair_squares() -> None:
    for name in ("hase-und-igel", "okard"):
        with pytest.raises(ValueError, match="pair policy head"):
            new_net(load(name), PAIRS)
    assert isinstance(new_net(load("schachogi"), PAIRS).policy, PairPolicy)
