"""The policy-value network and its checkpoint files.

A grid game's observation (planes x rows x columns) goes through a small residual
convolutional trunk; any other shape (Hase und Igel's planes of track fields) through a
two-layer perceptron. Two heads: logits over the game's whole action space (illegal
actions are masked out by the caller) and a value in [-1, 1] for the player to move.
Where a game's actions pair two squares (`Game.action_squares`), the policy head can
score each pair from its two squares (`PairPolicy`) in place of a linear layer.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch
from torch import nn

from spieltisch.core.errors import SpieltischError
from spieltisch.core.game import Game
from spieltisch.core.registry import load

#: The format tag in every checkpoint file.
FORMAT = "spieltisch-net/1"


@dataclass(frozen=True)
class NetConfig:
    """The shape of a network: channels and residual blocks of the trunk (grid games) or
    the width of the hidden layers (other games)."""

    channels: int = 32
    blocks: int = 2
    hidden: int = 256
    #: Planes of the policy head's 1x1 convolution before its linear layer (grid games):
    #: two in the first networks, more lets it tell apart more moves per square.
    policy_channels: int = 2
    #: Planes of the value head's 1x1 convolution (grid games): one in the first
    #: networks, a narrow neck for a trunk of few channels.
    value_channels: int = 1
    #: Width of the pair policy head's square vectors (`PairPolicy`), for a grid game
    #: whose actions pair squares; 0 (the networks before it) the linear policy head.
    pair_width: int = 0


class Residual(nn.Module):
    """Two 3x3 convolutions with batch norm and a skip connection."""

    def __init__(self, channels: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.norm1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.norm2 = nn.BatchNorm2d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.norm1(self.conv1(x)))
        y = self.norm2(self.conv2(y))
        return torch.relu(x + y)


class PairPolicy(nn.Module):
    """The policy of a game whose actions pair two squares (`Game.action_squares`): per
    plane, every square gets a query and a key vector (a 1x1 convolution of the trunk's
    features plus a learnt vector per square), and the logit of the move from `a` to `b`
    is the scaled dot product of `a`'s query and `b`'s key plus a learnt bias per action:
    the attention policy of Leela Chess Zero's later networks, in small. It has a few
    thousand weights where the linear head has a million, and what it learns of a square
    serves every move from or to it."""

    def __init__(self, channels: int, planes: int, cells: int, width: int) -> None:
        super().__init__()
        self.planes = planes
        self.width = width
        self.cells = cells
        self.query = nn.Conv2d(channels, planes * width, 1)
        self.key = nn.Conv2d(channels, planes * width, 1)
        self.place = nn.Parameter(torch.randn(2, planes * width, cells) * 0.1)
        self.bias = nn.Parameter(torch.zeros(planes * cells * cells))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        batch = x.shape[0]
        shape = (batch, self.planes, self.width, self.cells)
        query = (self.query(x).flatten(2) + self.place[0]).reshape(shape)
        key = (self.key(x).flatten(2) + self.place[1]).reshape(shape)
        logits = torch.einsum("bpwi,bpwj->bpij", query, key) / math.sqrt(self.width)
        return logits.reshape(batch, -1) + self.bias


class PolicyValueNet(nn.Module):
    """`forward(obs) -> (logits, value)` for a batch of observations of `obs_shape`;
    `squares` is the game's `action_squares()`, needed by the pair policy head."""

    def __init__(
        self,
        obs_shape: tuple[int, ...],
        num_actions: int,
        config: NetConfig,
        squares: int | None = None,
    ) -> None:
        super().__init__()
        self.obs_shape = tuple(obs_shape)
        self.num_actions = num_actions
        self.config = config
        #: Whether the policy names moves in the mover's frame (`spieltisch.learn.frame`):
        #: true for every network made now; false for a checkpoint from before that frame.
        self.mover_frame = True
        self.grid = len(self.obs_shape) == 3
        if self.grid:
            planes, rows, cols = self.obs_shape
            c = config.channels
            cells = rows * cols
            self.trunk: nn.Module = nn.Sequential(
                nn.Conv2d(planes, c, 3, padding=1, bias=False),
                nn.BatchNorm2d(c),
                nn.ReLU(),
                *[Residual(c) for _ in range(config.blocks)],
            )
            p = config.policy_channels
            self.policy: nn.Module
            if config.pair_width:
                if not squares or squares * cells * cells != num_actions:
                    raise ValueError("the pair policy head needs actions that pair squares")
                self.policy = PairPolicy(c, squares, cells, config.pair_width)
            else:
                self.policy = nn.Sequential(
                    nn.Conv2d(c, p, 1, bias=False),
                    nn.BatchNorm2d(p),
                    nn.ReLU(),
                    nn.Flatten(),
                    nn.Linear(p * cells, num_actions),
                )
            v = config.value_channels
            self.value: nn.Module = nn.Sequential(
                nn.Conv2d(c, v, 1, bias=False),
                nn.BatchNorm2d(v),
                nn.ReLU(),
                nn.Flatten(),
                nn.Linear(v * cells, 64),
                nn.ReLU(),
                nn.Linear(64, 1),
                nn.Tanh(),
            )
            # Channels last: the CPU's convolutions train about a fifth faster in that
            # layout (measured on this network, docs/measurements/learning.md). Module.to
            # takes a memory format, which PyTorch's type stubs do not name.
            convert: Any = self.to
            convert(memory_format=torch.channels_last)
        else:
            size = math.prod(self.obs_shape)
            h = config.hidden
            self.trunk = nn.Sequential(
                nn.Flatten(), nn.Linear(size, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU()
            )
            if config.pair_width:
                raise ValueError("the pair policy head needs a grid game")
            self.policy = nn.Linear(h, num_actions)
            self.value = nn.Sequential(nn.Linear(h, 64), nn.ReLU(), nn.Linear(64, 1), nn.Tanh())

    def forward(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        if self.grid:
            obs = obs.contiguous(memory_format=torch.channels_last)
        x = self.trunk(obs)
        return self.policy(x), self.value(x).squeeze(-1)


def new_net(game: Game[Any, Any], config: NetConfig | None = None) -> PolicyValueNet:
    """A freshly initialised network for `game`."""
    return PolicyValueNet(
        game.observation_shape, game.num_actions, config or NetConfig(), game.action_squares()
    )


def save_checkpoint(
    path: Path,
    net: PolicyValueNet,
    game: Game[Any, Any],
    meta: dict[str, Any],
    *,
    half: bool = False,
) -> None:
    """Write the network with its game, options, shape and `meta` (minutes, games…);
    written to a temporary file first, so a reader never sees half a checkpoint. With
    `half` the weights are stored as float16 (half the size, for the networks shipped
    with the package); loading turns them back into float32."""
    weights = net.state_dict()
    if half:
        weights = {k: v.half() if v.is_floating_point() else v for k, v in weights.items()}
    data = {
        "format": FORMAT,
        "game": game.name,
        "options": game.options.text(),
        "config": asdict(net.config),
        "frame": "mover" if net.mover_frame else "plain",
        "state_dict": weights,
        "meta": dict(meta),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    torch.save(data, partial)
    partial.replace(path)


class CheckpointError(SpieltischError, ValueError):
    """A file that is no checkpoint of this project (or of another game)."""


def load_checkpoint(path: Path) -> tuple[PolicyValueNet, Game[Any, Any], dict[str, Any]]:
    """The network (in evaluation mode), its game and its meta data from a checkpoint."""
    try:
        data = torch.load(path, map_location="cpu", weights_only=True)
    except FileNotFoundError:
        raise CheckpointError("no such file") from None
    except Exception as exc:  # torch raises many kinds for a file that is no checkpoint
        raise CheckpointError(f"not a checkpoint ({type(exc).__name__})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CheckpointError(f"not a {FORMAT} checkpoint")
    try:
        game = load(str(data["game"]), str(data["options"]))
        config = NetConfig(**{k: int(v) for k, v in dict(data["config"]).items()})
        net = new_net(game, config)
        net.load_state_dict(data["state_dict"])
        # Checkpoints from before the mover's frame name their moves by the plain ids.
        net.mover_frame = data.get("frame") == "mover"
    except Exception as exc:
        raise CheckpointError(f"a damaged checkpoint ({type(exc).__name__})") from None
    net.eval()
    return net, game, dict(data.get("meta", {}))


def train_step(
    net: PolicyValueNet,
    optimizer: torch.optim.Optimizer,
    obs: torch.Tensor,
    legal: torch.Tensor,
    target: torch.Tensor,
    value: torch.Tensor,
) -> tuple[float, float]:
    """One optimiser step on a batch: cross-entropy of the legal moves' policy against
    `target` plus the squared error of the value against `value`; the two losses."""
    net.train()
    logits, predicted = net(obs)
    logits = logits.masked_fill(~legal, -1e9)
    policy_loss = -(target * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()
    value_loss = torch.mean((predicted - value) ** 2)
    optimizer.zero_grad()
    torch.autograd.backward(policy_loss + value_loss)
    optimizer.step()
    net.eval()
    return float(policy_loss.detach()), float(value_loss.detach())


def mean_losses(losses: Any) -> dict[str, float]:
    """The mean policy and value losses of `(policy, value)` pairs, for a checkpoint."""
    pairs = list(losses)
    policy = sum(p for p, _ in pairs) / max(1, len(pairs))
    value = sum(v for _, v in pairs) / max(1, len(pairs))
    return {"policy_loss": round(policy, 4), "value_loss": round(value, 4)}
