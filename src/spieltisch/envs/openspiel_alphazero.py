"""OpenSpiel's own AlphaZero example (`open_spiel.python.examples.alpha_zero`), unchanged,
with our games registered first:

    python -m spieltisch.envs.openspiel_alphazero --game spieltisch_ostseeschach \\
        --actors 1 --evaluators 1 --max_steps 2 --path az-run

Every flag is OpenSpiel's (`--helpfull` lists them). OpenSpiel's AlphaZero runs its
actors and evaluators in spawned processes; each re-imports this module (the main
module of a spawned process), and our games also unpickle through
`spieltisch.envs.openspiel`, so the games are registered there too. Needs JAX, Flax,
chex, optax and orbax (the `research` extra).
"""

from __future__ import annotations

import spieltisch.envs.openspiel  # noqa: F401  (registers our games with OpenSpiel)


def main() -> None:
    """Run OpenSpiel's AlphaZero example with the command line's flags."""
    from absl import app
    from open_spiel.python.examples import alpha_zero as example
    from open_spiel.python.utils import spawn

    with spawn.main_handler():
        app.run(example.main)


if __name__ == "__main__":
    main()
