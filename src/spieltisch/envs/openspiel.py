"""Every game as an OpenSpiel Python game, so OpenSpiel's bots, evaluation tools and
AlphaZero run on our games unchanged.

`register()` (called on import when `open_spiel` is installed) registers one pyspiel
game per registered game, named `spieltisch_<name>` with dashes as underscores
(`spieltisch_hase_und_igel`); `pyspiel.load_game("spieltisch_okard")`, or with a variant
and set-up count: `pyspiel.load_game("spieltisch_okard", {"options": "...", "setups": 64})`.

How our games map onto OpenSpiel's model:
- Player actions are the game's fixed action ids (`State.action_id`), listed ascending.
- A chance node's outcomes are numbered by their place in `State.chance_outcomes()`
  (Okard's dice), each with the game's own probability.
- A game whose start is drawn from a seed (Ostseeschach's pieces, Hase und Igel's track)
  begins with one explicit chance node over `setups` set-ups: outcome `i` is the
  game's own start for seed `i`, each with probability 1/setups. A game with a fixed
  start begins at player 0.
- `clone()` copies the state with the game's cheap `copy()`, not a deep copy.
- The observation tensor is the game's `observation(player)` (the same planes as the
  PettingZoo and Gymnasium environments); these are perfect-information games, so the
  information state is the observation plus nothing hidden, given as the same tensor and
  as the position text.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from spieltisch.core.game import Game, State
from spieltisch.core.registry import game_names, load

#: Set-ups drawn at the start's chance node unless the `setups` parameter says otherwise.
DEFAULT_SETUPS = 1024


def short_name(game: str) -> str:
    """The OpenSpiel name of a registered game: `spieltisch_hase_und_igel`."""
    return "spieltisch_" + game.replace("-", "_")


def seeded_start(game: Game[Any, Any]) -> bool:
    """Whether the game's start depends on its seed (then a chance node draws it)."""
    first = game.new_state(1).text()
    return any(game.new_state(seed).text() != first for seed in (2, 3, 4))


class _Held:
    """The game state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying each attribute; this one answers with the game's cheap `copy()`."""

    __slots__ = ("game", "setups", "state")

    def __init__(self, game: Game[Any, Any], setups: int, state: State[Any] | None) -> None:
        self.game = game
        self.setups = setups
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        state = None if self.state is None else self.state.copy()
        return _Held(self.game, self.setups, state)


class SpieltischState(pyspiel.State):
    """One of our games' states as an OpenSpiel state (see the module)."""

    def __init__(self, game: SpieltischGame) -> None:
        super().__init__(game)
        start = None if game.setups else game.ours.new_state()
        self._held = _Held(game.ours, game.setups, start)

    @property
    def inner(self) -> State[Any] | None:
        """Our state, or None before the set-up is drawn."""
        return self._held.state

    def current_player(self) -> int:
        state = self._held.state
        if state is None or state.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        state = self._held.state
        assert state is not None and player == state.to_move
        return sorted(state.action_id(move) for move in state.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self._held.state
        if state is None:
            return [(seed, 1.0 / self._held.setups) for seed in range(self._held.setups)]
        return [(index, prob) for index, (_, prob) in enumerate(state.chance_outcomes())]

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        if state is None:
            self._held.state = self._held.game.new_state(action)
        elif state.is_chance():
            state.play(state.chance_outcomes()[action][0])
        else:
            state.play(state.action_move(action))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._held.state
        if state is None:
            return f"setup:{action}"
        if player == pyspiel.PlayerId.CHANCE:
            if state.is_chance():
                return str(state.chance_outcomes()[action][0])
            return f"chance:{action}"
        return str(state.action_move(action))

    def is_terminal(self) -> bool:
        state = self._held.state
        return state is not None and state.is_over()

    def returns(self) -> list[float]:
        state = self._held.state
        if state is None or not state.is_over():
            return [0.0, 0.0]
        return list(state.returns())

    def __str__(self) -> str:
        state = self._held.state
        return "(set-up to draw)" if state is None else state.text()


class SpieltischObserver:
    """OpenSpiel's Python observer: the game's observation planes from `player`'s side
    (`tensor`, and `dict["observation"]` in the game's shape), or the position text."""

    def __init__(self, game: Game[Any, Any], params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._shape = game.observation_shape
        self.tensor = np.zeros(int(np.prod(self._shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(self._shape)}

    def set_from(self, state: SpieltischState, player: int) -> None:
        inner = state.inner
        if inner is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = np.asarray(inner.observation(player), dtype=np.float32)

    def string_from(self, state: SpieltischState, player: int) -> str:
        return str(state)


class SpieltischGame(pyspiel.Game):
    """One of our games as an OpenSpiel game; parameters `options` (the variant as
    `key=value ...` text) and `setups` (how many set-ups the start's chance node draws)."""

    #: The registered game this class plays (set on each registered subclass).
    game_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.game_name
        params = dict(params or {})
        self.ours = load(name, params.get("options") or None)
        seeded = seeded_start(self.ours)
        self.setups = int(params.get("setups", DEFAULT_SETUPS)) if seeded else 0
        if seeded and self.setups < 1:
            raise ValueError("setups must be at least 1")
        chance = max(self.setups, self.ours.max_chance_outcomes)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ours.num_actions,
            max_chance_outcomes=chance,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.ours.max_game_length + (1 if seeded else 0),
        )
        super().__init__(_game_type(name, chance > 0), info, params)

    def new_initial_state(self) -> SpieltischState:
        return SpieltischState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpieltischObserver:
        return SpieltischObserver(self.ours, params)

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickle as a load by name through this module, so a process that unpickles the
        game (OpenSpiel's AlphaZero hands it to spawned actors) imports this module and so
        has our games registered before it loads one."""
        return load_game, (short_name(self.game_name), dict(self.get_parameters()))


def _game_type(name: str, chance: bool) -> Any:
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"spieltisch {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance else mode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"options": "", "setups": DEFAULT_SETUPS},
    )


def load_game(name: str, params: dict[str, Any] | None = None) -> Any:
    """`pyspiel.load_game` with our games registered (the unpickler of `SpieltischGame`)."""
    return pyspiel.load_game(name, params or {})


def register() -> list[str]:
    """Register every game with OpenSpiel (again is harmless); the names registered."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        ours = load(name)
        chance = seeded_start(ours) or ours.max_chance_outcomes > 0
        if short_name(name) not in registered:
            cls = type(f"{ours.title.replace(' ', '')}Game", (SpieltischGame,), {"game_name": name})
            pyspiel.register_game(_game_type(name, chance), cls)
        names.append(short_name(name))
    return names


register()
