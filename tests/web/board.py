"""Helpers of the game page's browser tests: tables made over the API with the page's
own cookie (its player), real pointer drags, and waits on the page's data attributes."""

from __future__ import annotations

from typing import Any

from tests.serverproc import ServerProcess


def new_table(page: Any, server: ServerProcess, game: str, **fields: Any) -> int:
    """A table made with the page's cookie (the page's player sits), opened in the page."""
    body = {"game": game, "opponent": "here", "seed": 3, **fields}
    answer = page.request.post(f"{server.url}/api/tables", data=body)
    assert answer.ok, answer.text()
    table_id = int(answer.json()["id"])
    page.goto(f"{server.url}/#/table/{table_id}")
    page.wait_for_selector(".play .board")
    return table_id


def api_table(page: Any, server: ServerProcess, table_id: int) -> dict[str, Any]:
    answer = page.request.get(f"{server.url}/api/tables/{table_id}")
    assert answer.ok
    data: dict[str, Any] = answer.json()
    return data


def box_of(page: Any, selector: str) -> dict[str, float]:
    """The box on the screen of the first element of `selector`. The page redraws the
    board and its strips on every table message, so an element measured just as it is
    replaced has no box: measure again."""
    element = page.locator(selector).first
    box = None
    for _ in range(20):
        element.wait_for(state="visible")
        box = element.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(50)
    assert box is not None, selector
    return dict(box)


def centre(page: Any, cell: str) -> tuple[float, float]:
    """The middle of `cell` on the screen (`box_of`)."""
    box = box_of(page, f'.play .cell[data-id="{cell}"] .sq')
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, source: str, target: str, *, check_ghost: bool = True) -> None:
    """A real mouse drag (down, moves, up) from cell `source` to cell `target`."""
    x0, y0 = centre(page, source)
    x1, y1 = centre(page, target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=6)
    if check_ghost:
        assert page.locator(".drag-ghost").count() == 1  # the piece follows the pointer
        assert page.locator(".play.dragging").count() == 1
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()
    assert page.locator(".drag-ghost").count() == 0


def wait_ply(page: Any, ply: int) -> None:
    page.wait_for_function(
        "ply => Number(document.querySelector('.play')?.dataset.ply) === ply", arg=ply
    )


def wait_status(page: Any, status: str) -> None:
    page.wait_for_function("s => document.querySelector('.play')?.dataset.status === s", arg=status)


def two_move_path(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The first legal move of the view that is a piece from one cell to another."""
    return next(m for m in moves if len(m["path"]) == 2 and not m["path"][0].startswith("hand"))
