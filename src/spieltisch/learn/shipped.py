"""The networks shipped with the package (`spieltisch/learn/nets/<name>.pt`, package
data), selectable by name in an agent spec: `net:model=ostseeschach,sims=64`.

Imports nothing heavy (no PyTorch), so the agent kind can resolve a name cheaply.
"""

from __future__ import annotations

from pathlib import Path

#: The folder of the shipped networks.
NETS = Path(__file__).parent / "nets"


def shipped_names() -> list[str]:
    """The names of the shipped networks (one per game, named after it)."""
    return sorted(path.stem for path in NETS.glob("*.pt"))


def resolve_model(model: str) -> Path:
    """The file of `model`: a shipped network's name (no folder, no suffix) gives its
    file in the package; anything else is a path as it stands."""
    if model and "/" not in model and "\\" not in model and "." not in model:
        candidate = NETS / f"{model}.pt"
        if candidate.is_file():
            return candidate
    return Path(model)
