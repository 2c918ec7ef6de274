"""The network as a search evaluator: a batch of observations in, logits and values out."""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
import torch

from spieltisch.learn.net import PolicyValueNet

FloatArray: TypeAlias = np.ndarray[Any, np.dtype[np.float32]]


class NetEvaluator:
    """Calls `net` in inference mode on a numpy batch; the caller keeps the network in
    evaluation mode (batch norm on its running statistics) while searching."""

    def __init__(self, net: PolicyValueNet) -> None:
        self.net = net

    def __call__(self, observations: FloatArray) -> tuple[FloatArray, FloatArray]:
        with torch.inference_mode():
            logits, values = self.net(torch.from_numpy(observations))
        return logits.numpy(), values.numpy()
