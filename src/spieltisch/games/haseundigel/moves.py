"""Actions, moves and their notation for Hase und Igel.

A move is a tuple of actions, as in the competition: one of advance / fall back /
exchange carrots / eat salad / skip, then only cards (when the move reached a hare field).

Notation (`str(move)`, read back by `parse_move`): the actions joined by `, `:
`advance 3`, `fallback`, `exchange 10`, `exchange -10`, `eat`, `skip`, and the cards
`card EAT_SALAD`, `card HURRY_AHEAD`, `card FALL_BACK`, `card TAKE_OR_DROP_CARROTS 20`
(value 20, -20 or 0). Example: `advance 1, card HURRY_AHEAD, card FALL_BACK, card EAT_SALAD`.
Short forms are accepted too (case-insensitive words, `+` as separator): `a3`, `3`, `b`
(fall back), `x-10`, `e` (eat), `s` (skip); cards `E`, `H`, `F`, `T20`, or `hurry`,
`fall`, `take -20`, `salad`. Single upper-case letters are cards, lower-case ones actions
(`a1+H+F+E`); this compact form is also what the position text uses.

Move text is ASCII (a look-alike such as `ı` or `ſ` is no letter of the notation) and
every number is read by `core.text.read_int` as a Java `int` (`VALUE_MIN..VALUE_MAX`),
the range the competition's XML carries: the notation reads a value the rules then
refuse (`advance 70`, `exchange 20`), so the refusal names the broken rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from spieltisch.core.errors import NotationError, quote
from spieltisch.core.text import read_int

# Action kinds.
ADVANCE, FALL_BACK, EXCHANGE, EAT, SKIP, CARD_TAKE, CARD_EAT, CARD_HURRY, CARD_FALL = range(9)
CARD_KINDS = (CARD_TAKE, CARD_EAT, CARD_HURRY, CARD_FALL)

#: Card bits of a hand; the hand order of a new player is TAKE, EAT, HURRY, FALL.
TAKE_BIT, EAT_BIT, HURRY_BIT, FALL_BIT = 1, 2, 4, 8
ALL_CARDS = 15
CARD_NAMES = ("TAKE_OR_DROP_CARROTS", "EAT_SALAD", "HURRY_AHEAD", "FALL_BACK")
CARD_BITS = (TAKE_BIT, EAT_BIT, HURRY_BIT, FALL_BIT)
CARD_LETTERS = "TEHF"
#: kind -> card bit (0 for actions that are no card).
KIND_BIT = (0, 0, 0, 0, 0, TAKE_BIT, EAT_BIT, HURRY_BIT, FALL_BIT)
#: Kinds after which the player must move on next turn (hase-und-igel.md, "Actions").
MUST_MOVE_ON_AFTER = frozenset((EAT, CARD_EAT, CARD_TAKE))
#: Kinds that put a player onto a salad field it must eat on next turn.
MUST_EAT_AFTER = frozenset((ADVANCE, CARD_HURRY, CARD_FALL))


@dataclass(frozen=True, slots=True)
class Action:
    """One action: `value` is the distance (advance), ±10 (exchange), 20/-20/0 (the
    TAKE_OR_DROP_CARROTS card) and 0 otherwise."""

    kind: int
    value: int = 0

    @property
    def is_card(self) -> bool:
        return self.kind >= CARD_TAKE

    @property
    def card_bit(self) -> int:
        return KIND_BIT[self.kind]

    def __str__(self) -> str:
        kind = self.kind
        if kind == ADVANCE:
            return f"advance {self.value}"
        if kind == FALL_BACK:
            return "fallback"
        if kind == EXCHANGE:
            return f"exchange {self.value}"
        if kind == EAT:
            return "eat"
        if kind == SKIP:
            return "skip"
        name = CARD_NAMES[kind - CARD_TAKE]
        return f"card {name} {self.value}" if kind == CARD_TAKE else f"card {name}"

    @property
    def code(self) -> str:
        """The compact form used in the position text (`a3`, `b`, `x-10`, `e`, `s`,
        `T20`, `E`, `H`, `F`)."""
        kind = self.kind
        if kind == ADVANCE:
            return f"a{self.value}"
        if kind == EXCHANGE:
            return f"x{self.value}"
        if kind == CARD_TAKE:
            return f"T{self.value}"
        return "?b?es?EHF"[kind]


@dataclass(frozen=True, slots=True)
class Move:
    """A move: the actions in their order (the competition's `order` attribute is the
    position in this tuple)."""

    actions: tuple[Action, ...]
    _hash: int = field(init=False, repr=False, compare=False)
    #: (kind, value, order) of each action that is no skip, for a fast `push`.
    ops: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    #: The last non-skip action and its order (what the mover's lastNonSkipAction becomes).
    last: tuple[Action, int] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(self.actions))
        ops = tuple((a.kind, a.value, i) for i, a in enumerate(self.actions) if a.kind != SKIP)
        object.__setattr__(self, "ops", ops)
        last = (self.actions[ops[-1][2]], ops[-1][2]) if ops else None
        object.__setattr__(self, "last", last)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return ", ".join(str(a) for a in self.actions)

    @property
    def code(self) -> str:
        return "+".join(a.code for a in self.actions) if self.actions else "-"


# --- the fixed move table (action ids) -----------------------------------------------

#: Moving-card prefixes of a card chain and the terminal card (hase-und-igel.md, "Cards").
PREFIXES: tuple[tuple[int, ...], ...] = (
    (),
    (CARD_HURRY,),
    (CARD_FALL,),
    (CARD_HURRY, CARD_FALL),
    (CARD_FALL, CARD_HURRY),
)
TERMINALS: tuple[Action | None, ...] = (
    None,
    Action(CARD_EAT),
    Action(CARD_TAKE, 20),
    Action(CARD_TAKE, -20),
    Action(CARD_TAKE, 0),
)
CHAINS = len(PREFIXES) * len(TERMINALS)
#: (prefix index, card kind) -> prefix index after playing that moving card.
NEXT_PREFIX = {(0, CARD_HURRY): 1, (0, CARD_FALL): 2, (1, CARD_FALL): 3, (2, CARD_HURRY): 4}
MAX_DISTANCE = 64

SKIP_MOVE = Move((Action(SKIP),))
EAT_MOVE = Move((Action(EAT),))
FALL_BACK_MOVE = Move((Action(FALL_BACK),))
EXCHANGE_PLUS = Move((Action(EXCHANGE, 10),))
EXCHANGE_MINUS = Move((Action(EXCHANGE, -10),))
SPECIAL_MOVES = (SKIP_MOVE, EAT_MOVE, FALL_BACK_MOVE, EXCHANGE_PLUS, EXCHANGE_MINUS)


def _chain_actions(chain: int) -> tuple[Action, ...]:
    prefix, terminal = divmod(chain, len(TERMINALS))
    cards = tuple(Action(kind) for kind in PREFIXES[prefix])
    end = TERMINALS[terminal]
    return cards if end is None else (*cards, end)


#: ADVANCE_MOVES[d][chain]: advance d followed by the card chain number `chain`.
ADVANCE_MOVES: tuple[tuple[Move, ...], ...] = (
    (),
    *(
        tuple(Move((Action(ADVANCE, d), *_chain_actions(c))) for c in range(CHAINS))
        for d in range(1, MAX_DISTANCE + 1)
    ),
)
NUM_ACTIONS = len(SPECIAL_MOVES) + MAX_DISTANCE * CHAINS
ALL_MOVES: tuple[Move, ...] = (
    *SPECIAL_MOVES,
    *(m for row in ADVANCE_MOVES[1:] for m in row),
)
ACTION_IDS: dict[Move, int] = {m: i for i, m in enumerate(ALL_MOVES)}


# --- reading ---------------------------------------------------------------------------

_CARD_WORDS = {
    "take_or_drop_carrots": CARD_TAKE,
    "take": CARD_TAKE,
    "carrots": CARD_TAKE,
    "eat_salad": CARD_EAT,
    "eat": CARD_EAT,
    "salad": CARD_EAT,
    "hurry_ahead": CARD_HURRY,
    "hurry": CARD_HURRY,
    "fall_back": CARD_FALL,
    "fall": CARD_FALL,
}
#: The range of an action's value (distance, carrots, order): a Java int, as in the
#: official protocol. Wider values are notation errors; narrower checks are the rules'.
VALUE_MIN = -(2**31)
VALUE_MAX = 2**31 - 1
#: A signed number in ASCII digits (the digit count is `read_int`'s to check).
_NUMBER = re.compile(r"[+-]?[0-9]+\Z")


def _number(word: str, text: str, what: str) -> int:
    return read_int(word, what, low=VALUE_MIN, high=VALUE_MAX, signed=True, text=text)


def parse_action(part: str, text: str) -> Action:
    """One action from its long or short form (see the module docstring)."""
    if not part.isascii():
        raise NotationError(f"an action is written in ASCII letters, not {quote(part)}", text)
    raw = part.strip()
    if not raw:
        raise NotationError("empty action", text)
    # Compact single-letter card codes are case-sensitive: E H F (T20) are cards.
    if raw in ("E", "H", "F"):
        return Action((CARD_EAT, CARD_HURRY, CARD_FALL)["EHF".index(raw)])
    if raw[0] == "T" and _NUMBER.match(raw[1:]):
        return Action(CARD_TAKE, _number(raw[1:], text, "the card TAKE_OR_DROP_CARROTS"))
    words = raw.replace("=", " ").split()
    if not words:
        raise NotationError(f"empty action {quote(raw)}", text)
    head = words[0].lower()
    rest = words[1:]
    if _NUMBER.match(head) and not rest:
        return Action(ADVANCE, _number(head, text, "advance"))
    if head in ("advance", "adv", "a"):
        if len(rest) != 1:
            raise NotationError("advance needs a distance, e.g. 'advance 3'", text)
        return Action(ADVANCE, _number(rest[0], text, "advance"))
    if head[0] == "a" and _NUMBER.match(head[1:]) and not rest:
        return Action(ADVANCE, _number(head[1:], text, "advance"))
    if head in ("fallback", "fall_back", "b", "back") and not rest:
        return Action(FALL_BACK)
    if head == "fall" and rest and rest[0].lower() == "back" and len(rest) == 1:
        return Action(FALL_BACK)
    if head in ("exchange", "exchangecarrots", "x"):
        if len(rest) != 1:
            raise NotationError("exchange needs 10 or -10, e.g. 'exchange -10'", text)
        return Action(EXCHANGE, _number(rest[0], text, "exchange"))
    if head[0] == "x" and _NUMBER.match(head[1:]) and not rest:
        return Action(EXCHANGE, _number(head[1:], text, "exchange"))
    if head in ("eat", "eatsalad", "e") and not rest:
        return Action(EAT)
    if head in ("skip", "s") and not rest:
        return Action(SKIP)
    if head == "card":
        if not rest:
            raise NotationError("card needs a name, e.g. 'card HURRY_AHEAD'", text)
        if len(rest) == 1 and rest[0][:1] in ("T", "t") and _NUMBER.match(rest[0][1:]):
            return Action(CARD_TAKE, _number(rest[0][1:], text, "the card TAKE_OR_DROP_CARROTS"))
        head, rest = rest[0].lower(), rest[1:]
    kind = _CARD_WORDS.get(head)
    if kind is None and len(head) == 1 and head.upper() in CARD_LETTERS:
        kind = CARD_TAKE + CARD_LETTERS.index(head.upper())
    if kind is not None:
        if kind == CARD_TAKE:
            if len(rest) > 1:
                raise NotationError("TAKE_OR_DROP_CARROTS takes one value: 20, -20 or 0", text)
            return Action(CARD_TAKE, _number(rest[0], text, "the card") if rest else 0)
        if rest:
            raise NotationError(f"the card {CARD_NAMES[kind - CARD_TAKE]} takes no value", text)
        return Action(kind)
    raise NotationError(
        f"unknown action {quote(raw)} (advance N, fallback, exchange ±10, eat, skip, card NAME)",
        text,
    )


def parse_move(text: str) -> Move:
    """A move from its notation (long or short forms, `,` or `+` between actions)."""
    if not text.isascii():
        where = next(i for i, ch in enumerate(text) if not ch.isascii())
        raise NotationError(
            f"move text is ASCII; {text[where]!r} is no letter of the notation", text, where
        )
    stripped = text.strip()
    if not stripped or stripped == "-":
        raise NotationError("a move has at least one action", text)
    parts = re.split(r"[,;]|\+(?!\d)", stripped)
    return intern(Move(tuple(parse_action(p, text) for p in parts)))


def intern(move: Move) -> Move:
    """The table's instance of an equal move (cheaper to hash and compare), or `move`."""
    index = ACTION_IDS.get(move)
    return move if index is None else ALL_MOVES[index]
