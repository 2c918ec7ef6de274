"""Schachogi's view: promoted pieces at a glance, the promotion choice as a last click."""

from __future__ import annotations

import spieltisch
from spieltisch.core.view_check import check_view

#: White Brrbrr on b7 (must promote on b8), Ischi on b6 (may promote on rank 7), a
#: promoted black Rock on h8.
POSITION = "4p2+r/1B6/1I6/8/8/8/8/4P3 w 0 1"


def test_a_promoted_piece_shows_its_back_side() -> None:
    view = check_view(spieltisch.load("schachogi").parse(POSITION))
    rock = next(p for p in view.pieces if p.cell == "h8")
    assert (rock.owner, rock.kind, rock.label, rock.name) == (1, "rock", "+r", "promoted Rock")
    assert rock.promoted and rock.side == "back" and rock.facing == "down"
    ischi = next(p for p in view.pieces if p.cell == "b6")
    assert (ischi.label, ischi.promoted, ischi.side, ischi.facing) == ("I", False, "front", "up")


def test_promotion_choice_and_forced_promotion_paths() -> None:
    view = check_view(spieltisch.load("schachogi").parse(POSITION))
    paths = {option.notation: option.path for option in view.moves}
    assert paths["b6c7"] == ("b6", "c7", "button:stay")
    assert paths["b6c7+"] == ("b6", "c7", "button:promote")
    assert paths["b6c5"] == ("b6", "c5")
    assert paths["b7b8+"] == ("b7", "b8")
    assert "b7b8" not in paths
    labels = {t.id: t.label for t in view.targets if t.kind == "button"}
    assert labels == {"button:promote": "Promote", "button:stay": "Do not promote"}


def test_zones_and_the_last_move() -> None:
    state = spieltisch.load("schachogi").parse(POSITION)
    state.play(state.parse_move("b6c7+"))
    view = check_view(state)
    kinds = {cell.id: cell.kind for cell in view.cells}
    assert (kinds["b8"], kinds["a7"], kinds["a2"], kinds["d4"]) == (
        "zone0",
        "zone0",
        "zone1",
        "plain",
    )
    assert view.last_move is not None
    assert (view.last_move.notation, view.last_move.cells) == ("b6c7+", ("b6", "c7"))
    moved = next(p for p in view.pieces if p.cell == "c7")
    assert moved.promoted and moved.label == "+I" and moved.name == "promoted Ischi"
    assert view.to_move == 1 and view.ply == 1
    counters = {c.key: c.value for c in view.counters}
    assert counters["quiet_plies"] == 0 and counters["move_number"] == 1
