"""The network as a search evaluator: a batch of observations in, logits and values out."""

from __future__ import annotations

import warnings
from typing import Any, TypeAlias

import numpy as np
import torch
from torch import nn

from spieltisch.learn.net import PolicyValueNet

FloatArray: TypeAlias = np.ndarray[Any, np.dtype[np.float32]]


def frozen(net: PolicyValueNet) -> nn.Module:
    """A copy of `net` for inference only: traced and frozen by TorchScript (batch norm
    folded into the convolutions), about half the time per call of a small batch, which
    is what a search spends its time on. `net` itself is left as it is."""
    sample = torch.zeros(1, *net.obs_shape)
    with torch.inference_mode(), warnings.catch_warnings():
        # TorchScript is deprecated in favour of torch.compile, which compiles for seconds
        # to minutes; for a network this small, tracing does what is needed at once.
        warnings.simplefilter("ignore", DeprecationWarning)
        trace: Any = torch.jit.trace  # untyped in PyTorch's stubs
        module: nn.Module = torch.jit.freeze(trace(net.eval(), sample))
    return module


class NetEvaluator:
    """Calls `net` in inference mode on a numpy batch; the caller keeps the network in
    evaluation mode (batch norm on its running statistics) while searching."""

    def __init__(self, net: nn.Module) -> None:
        self.net = net

    def __call__(self, observations: FloatArray) -> tuple[FloatArray, FloatArray]:
        with torch.inference_mode():
            logits, values = self.net(torch.from_numpy(observations))
        return logits.numpy(), values.numpy()
