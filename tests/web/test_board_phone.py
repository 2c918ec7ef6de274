"""The game page on a phone (390×844): the board as wide as the screen, and everything
a player must act on (your turn, the cards, the choices, the promotion, the buttons)
inside the viewport when it is needed, tap targets of 40 px or more, Hase und Igel
field numbers and Okard stone codes readable (11 px or more), and a move list that never
moves the board under the header."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.web import OKARD
from tests.serverproc import ServerProcess
from tests.web.board import api_table, box_of, new_table, wait_ply
from tests.web.conftest import PHONE, shot

#: Schachogi, White to move, a Slotser that may promote or not (`e4b7`, a choice).
PROMOTION = "2rips+W1/2bs3b/bb2b1bw/1W3b1B/1B1bS3/2BBB1B1/B2S1B1R/RI1P4 w 0 26"

IN_VIEW = """el => { const r = el.getBoundingClientRect();
  const header = document.querySelector('header.top').getBoundingClientRect().bottom;
  return r.top >= header - 1 && r.bottom <= window.innerHeight + 1 && r.left >= -1
    && r.right <= window.innerWidth + 1 && r.height >= 40 && r.width >= 40; }"""

# The size on screen of an SVG text: its font size times the board's scale.
TEXT_PX = """el => { const svg = el.closest('svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return parseFloat(getComputedStyle(el).fontSize) * scale; }"""


def text_sizes(page: Any, selector: str) -> list[float]:
    """The on-screen sizes of the SVG texts `selector` finds, once the board is laid out
    (a board drawn a moment ago can have no viewBox or size yet: every size a number)."""
    page.wait_for_function(
        f"""() => {{ const els = [...document.querySelectorAll({selector!r})];
          return els.length > 0 && els.every(el => Number.isFinite(({TEXT_PX})(el))); }}"""
    )
    sizes: list[float] = page.locator(selector).evaluate_all(f"els => els.map({TEXT_PX})")
    return sizes


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    made = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    made.set_default_timeout(15_000)
    try:
        yield made.new_page()
    finally:
        made.close()


def in_view(page: Any, selector: str) -> bool:
    locator = page.locator(selector).filter(visible=True).first
    return bool(locator.evaluate(IN_VIEW))


@pytest.mark.parametrize("game", ["ostseeschach", "schachogi", "hase-und-igel", "okard"])
def test_what_a_player_acts_on_is_in_view(web: ServerProcess, phone: Any, game: str) -> None:
    table_id = new_table(phone, web, game, clock_minutes=5)
    box = box_of(phone, ".action-strip .status")
    assert box["y"] + box["height"] <= PHONE["height"]
    assert in_view(phone, "#abort") and in_view(phone, "#flip") and in_view(phone, "#sound")
    board = phone.locator(".play svg.board").bounding_box()
    assert board is not None
    if game != "hase-und-igel":
        assert board["width"] >= PHONE["width"] - 2  # as wide as the screen
    first = api_table(phone, web, table_id)["state"]["moves"][0]["path"][0]
    target = phone.locator(f'.play [data-id="{first}"]').filter(visible=True).first
    assert target.evaluate(IN_VIEW.replace("r.height >= 40 && r.width >= 40", "true"))
    shot(phone, f"board-{game}-phone", full=False)


def test_hase_und_igel_cards_and_choices_in_view(web: ServerProcess, phone: Any) -> None:
    table_id = new_table(phone, web, "hase-und-igel")
    moves = api_table(phone, web, table_id)["state"]["moves"]
    chain = next(m for m in moves if len(m["path"]) == 3 and m["path"][2].startswith("button:"))
    assert min(text_sizes(phone, ".board-track .field-number")) >= 11
    phone.locator(f'.play .cell[data-id="{chain["path"][0]}"]').tap()
    phone.wait_for_selector(".hand-item.clickable")
    assert in_view(phone, f'.hand-item[data-id="{chain["path"][1]}"]')
    phone.locator(f'.hand-item[data-id="{chain["path"][1]}"]').filter(visible=True).first.tap()
    phone.wait_for_selector(".action-strip .choice-bar .choice")
    assert in_view(phone, f'.action-strip .choice[data-id="{chain["path"][2]}"]')
    shot(phone, "board-hase-und-igel-choice-phone", full=False)
    phone.locator(f'.action-strip .choice[data-id="{chain["path"][2]}"]').tap()
    wait_ply(phone, 1)
    assert api_table(phone, web, table_id)["moves"] == [chain["notation"]]


def test_schachogi_promotion_choice_in_view(web: ServerProcess, phone: Any) -> None:
    new_table(phone, web, "schachogi", position=PROMOTION)
    phone.locator('.play .cell[data-id="e4"]').tap()
    phone.locator('.play .cell[data-id="b7"]').tap()
    phone.wait_for_selector(".action-strip .choice")
    assert in_view(phone, '.action-strip .choice[data-id="button:promote"]')
    assert in_view(phone, '.action-strip .choice[data-id="button:stay"]')
    shot(phone, "board-schachogi-promotion-phone", full=False)
    phone.locator('.action-strip .choice[data-id="button:promote"]').tap()
    wait_ply(phone, 1)


def test_okard_stone_codes_are_readable(web: ServerProcess, phone: Any) -> None:
    new_table(phone, web, "okard", options={"board": "8"}, position=OKARD)
    assert min(text_sizes(phone, ".play svg.board .stone-code")) >= 11
    shot(phone, "board-okard-stones-phone", full=False)


def test_the_move_list_never_moves_the_board(web: ServerProcess, phone: Any) -> None:
    table_id = new_table(phone, web, "ostseeschach")
    for ply in range(1, 25):
        notation = api_table(phone, web, table_id)["state"]["moves"][0]["notation"]
        phone.evaluate("n => document.querySelector('.play .notation input').value = n", notation)
        phone.evaluate("() => document.querySelector('.play .notation').requestSubmit()")
        wait_ply(phone, ply)
    phone.evaluate("() => window.scrollTo(0, 0)")
    header = phone.locator("header.top").bounding_box()
    assert header is not None
    for _ in range(18):  # step back through the moves, then forward again
        phone.keyboard.press("ArrowLeft")
    phone.wait_for_selector('.play[data-looking="6"]')
    board = phone.locator(".play svg.board").bounding_box()
    assert board is not None and board["y"] >= header["y"] + header["height"] - 1
    assert phone.evaluate("() => window.scrollY") == 0
    links = phone.locator(".play ol.moves .move-link")
    phone.locator(".play ol.moves").scroll_into_view_if_needed()
    scroll = phone.evaluate("() => window.scrollY")
    for ply in (3, 9, 14, 20):  # tapping moves in the list keeps the page where it is
        links.nth(ply - 1).tap()
        phone.wait_for_selector(f'.play[data-looking="{ply}"]')
    assert phone.evaluate("() => window.scrollY") == scroll


def test_a_piece_dragged_by_touch(web: ServerProcess, phone: Any) -> None:
    table_id = new_table(phone, web, "ostseeschach")
    move = next(m for m in api_table(phone, web, table_id)["state"]["moves"] if len(m["path"]) == 2)
    points = []
    for cell in move["path"]:
        box = phone.locator(f'.play .cell[data-id="{cell}"] .sq').bounding_box()
        assert box is not None
        points.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    (x0, y0), (x1, y1) = points
    cdp = phone.context.new_cdp_session(phone)

    def touch(kind: str, x: float, y: float) -> None:
        where = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": where})

    touch("touchStart", x0, y0)
    for step in range(1, 9):
        touch("touchMove", x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8)
    assert phone.locator(".drag-ghost").count() == 1  # under the finger
    scrolled = phone.evaluate("() => window.scrollY")
    touch("touchEnd", x1, y1)
    wait_ply(phone, 1)
    assert api_table(phone, web, table_id)["moves"] == [move["notation"]]
    assert phone.evaluate("() => window.scrollY") == scrolled  # the drag did not scroll


@pytest.mark.parametrize("lang", ["en", "de"])
def test_header_tap_targets(web: ServerProcess, browser: Any, lang: str) -> None:
    """Every link and menu of the header is a tap target of 40 × 40 px or more, on one
    row of the phone's screen, in English and in German."""
    made = browser.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    try:
        page = made.new_page()
        page.goto(f"{web.url}/#/")
        page.wait_for_selector("header.top nav a")
        targets = """h => [...h.querySelectorAll('a, summary')]
              .filter(e => e.checkVisibility())
              .map(e => { const r = e.getBoundingClientRect();
                          return [e.textContent.trim(), r.width, r.height, r.top]; })"""
        sizes = page.locator("header.top").evaluate(targets)
        small = [s for s in sizes if s[1] < 40 or s[2] < 40]
        assert not small, f"header tap targets under 40 px: {small}"
        rows = {round(s[3]) for s in sizes}
        assert len(rows) <= 2, f"the header takes more than two rows: {sizes}"
        page.locator("header.top nav details.menu summary").tap()  # the rules menu, open
        page.wait_for_selector("#rules-menu a")
        opened = page.locator("#rules-menu").evaluate(targets)
        assert len(opened) == 4
        small = [s for s in opened if s[2] < 40]
        assert not small, f"rules menu entries under 40 px: {small}"
    finally:
        made.close()
