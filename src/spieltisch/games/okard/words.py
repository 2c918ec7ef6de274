"""Okard's own words for front ends (`spieltisch.core.words`): outcome reasons, rule codes,
the standard stones (front side and back side, the promoted form), and the phrases of its
view, in English and German (the stone names are the original German ones: Bauer,
Späher, Schild, Ritter, Läufer, Turm, General, König; "Aktionspunkte", "Heer")."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "reasons": {
            "KING_CAPTURED": "the König was captured",
            "VICTORY_POINTS": "captured stones reached the target points",
            "STONES_HOME": "stones on the opponent's setup rows reached the target points",
            "ALL_CAPTURED": "every opposing stone was captured",
            "TURN_LIMIT": "the turn limit was reached; the higher captured value wins",
        },
        "rules": {
            "NOT_A_MOVE": "That is not an Okard move.",
            "GAME_OVER": "The game is over.",
            "DICE_FIRST": "Roll the die first.",
            "PHASE_ORDER": "That step does not belong to this phase of the game.",
            "UNKNOWN_STONE": "This game's stone list has no such stone.",
            "KING_REQUIRED": "Pick your König first.",
            "ONE_KING": "Every army has exactly one König.",
            "ARMY_LIMIT": "That stone would take your army over its point limit.",
            "KING_ROOM": "Leave enough points (or a free setup square) for your König.",
            "NOT_IN_HAND": "You have no such stone in your hand.",
            "OFF_BOARD": "That square is off the board.",
            "SETUP_ROWS": "Stones are placed (and dropped) on your own setup rows.",
            "SQUARE_OCCUPIED": "That square is taken.",
            "STEP_ORDER": "A turn goes: sacrifice, move, promote, drop, in this order.",
            "NOT_OWN_STONE": "Use one of your own stones.",
            "KING_SACRIFICE": "The König cannot be sacrificed.",
            "SACRIFICE_CAP": "At most 6 action points per turn come from sacrifices.",
            "NOT_A_LINE": "A stone moves in a straight line.",
            "DIRECTION": "This stone cannot move (or capture) in that direction.",
            "BLOCKED": "Your own stone is in the way.",
            "NO_CAPTURE": "This stone cannot capture in that direction.",
            "GAME_ENDS_AT_KING": "The game ends when the König is captured; the line stops there.",
            "ACTION_POINTS": "You do not have enough action points for that.",
            "NO_BACK_SIDE": "This stone has no back side to turn to.",
        },
        "pieces": {
            "B": {
                "name": "Bauer",
                "moves": "strength 1: straight forward, capturing",
                "promoted": {
                    "name": "Bauer (back side)",
                    "moves": "strength 2: forward and diagonally forward capturing; "
                    "sideways and back moving only",
                },
            },
            "SP": {
                "name": "Späher",
                "moves": "strength 1: diagonally forward capturing; straight forward moving only",
                "promoted": {
                    "name": "Späher (back side)",
                    "moves": "strength 2: forward and diagonally forward capturing; "
                    "diagonally back moving only",
                },
            },
            "SC": {
                "name": "Schild",
                "moves": "strength 2: forward capturing; diagonally forward and sideways "
                "moving only",
                "promoted": {
                    "name": "Schild (back side)",
                    "moves": "strength 2: forward, diagonally forward and sideways capturing; "
                    "back moving only",
                },
            },
            "RI": {
                "name": "Ritter",
                "moves": "strength 2: forward and sideways capturing; back moving only",
                "promoted": {
                    "name": "Ritter (back side)",
                    "moves": "strength 3: forward, sideways and back capturing; "
                    "diagonally forward moving only",
                },
            },
            "L": {
                "name": "Läufer",
                "moves": "strength 2: the four diagonals, capturing",
                "promoted": {
                    "name": "Läufer (back side)",
                    "moves": "strength 3: the four diagonals capturing; straight lines moving only",
                },
            },
            "T": {
                "name": "Turm",
                "moves": "strength 2: forward, back and sideways, capturing",
                "promoted": {
                    "name": "Turm (back side)",
                    "moves": "strength 3: straight lines capturing; diagonals moving only",
                },
            },
            "G": {
                "name": "General",
                "moves": "strength 3: all eight directions, capturing",
                "promoted": None,
            },
            "K": {
                "name": "König",
                "moves": "strength 3: all eight directions, capturing; losing it loses the game",
                "promoted": None,
            },
        },
        "phrases": {
            "title": "Okard",
            "summary": "Build an army of stones, roll for action points, promote, "
            "sacrifice and drop.",
            "player.red": "red",
            "player.blue": "blue",
            "phase.pick": "pick",
            "phase.place": "place",
            "phase.play": "play",
            "phase.over": "over",
            "counter.captured": "captured value",
            "counter.army_points": "army points",
            "counter.home_points": "home points",
            "counter.action_points": "action points",
            "counter.sacrifice_budget": "AP still to gain by sacrifices",
            "counter.turns": "turns played",
            "hand.stones in hand": "stones in hand",
            "hand.stones to pick": "stones to pick",
            "score.captured value": "captured value",
            "score.home points": "home points",
            "button.button:end": "End the turn",
            "button.button:army-complete": "Army complete",
            "button.button:placement-done": "Placement finished",
            "button.button:sacrifice": "Sacrifice",
            "button.button:promote": "Promote (turn to the back side)",
            "button.button:done": "Done",
            "legend.marks": "Marks around a stone: a filled mark moves and captures that "
            "way, an open one only moves; the number is its strength.",
            "legend.army": "Army points: the value of your stones on the board and in hand, "
            "against the army limit.",
            "legend.turn": "A turn: roll, sacrifice, move, promote, drop, end — each costs "
            "or gains action points.",
        },
    },
    "de": {
        "reasons": {
            "KING_CAPTURED": "der König wurde geschlagen",
            "VICTORY_POINTS": "die geschlagenen Steine erreichten die Zielpunktzahl",
            "STONES_HOME": "Steine auf den gegnerischen Aufstellungsreihen erreichten die "
            "Zielpunktzahl",
            "ALL_CAPTURED": "alle gegnerischen Steine wurden geschlagen",
            "TURN_LIMIT": "das Zuglimit ist erreicht; der höhere Wert geschlagener Steine gewinnt",
        },
        "rules": {
            "NOT_A_MOVE": "Das ist kein Okard-Zug.",
            "GAME_OVER": "Die Partie ist beendet.",
            "DICE_FIRST": "Erst würfeln.",
            "PHASE_ORDER": "Dieser Schritt gehört nicht in diese Spielphase.",
            "UNKNOWN_STONE": "Die Steinliste dieser Partie kennt diesen Stein nicht.",
            "KING_REQUIRED": "Wähle zuerst deinen König.",
            "ONE_KING": "Jedes Heer hat genau einen König.",
            "ARMY_LIMIT": "Mit diesem Stein überschreitet dein Heer seine Punktgrenze.",
            "KING_ROOM": "Lass genug Punkte (oder ein freies Aufstellungsfeld) für deinen König.",
            "NOT_IN_HAND": "Diesen Stein hast du nicht in der Hand.",
            "OFF_BOARD": "Dieses Feld liegt außerhalb des Bretts.",
            "SETUP_ROWS": "Steine werden auf die eigenen Aufstellungsreihen gesetzt.",
            "SQUARE_OCCUPIED": "Dieses Feld ist besetzt.",
            "STEP_ORDER": "Ein Zug geht: opfern, ziehen, befördern, einsetzen – in dieser "
            "Reihenfolge.",
            "NOT_OWN_STONE": "Nimm einen deiner eigenen Steine.",
            "KING_SACRIFICE": "Der König kann nicht geopfert werden.",
            "SACRIFICE_CAP": "Höchstens 6 Aktionspunkte pro Zug kommen aus Opfern.",
            "NOT_A_LINE": "Ein Stein zieht in gerader Linie.",
            "DIRECTION": "In diese Richtung kann dieser Stein nicht ziehen (oder schlagen).",
            "BLOCKED": "Ein eigener Stein steht im Weg.",
            "NO_CAPTURE": "In diese Richtung kann dieser Stein nicht schlagen.",
            "GAME_ENDS_AT_KING": "Mit dem Schlagen des Königs endet die Partie; der Zug "
            "endet dort.",
            "ACTION_POINTS": "Dafür reichen deine Aktionspunkte nicht.",
            "NO_BACK_SIDE": "Dieser Stein hat keine Rückseite.",
        },
        "pieces": {
            "B": {
                "name": "Bauer",
                "moves": "Stärke 1: geradeaus nach vorn, schlagend",
                "promoted": {
                    "name": "Bauer (Rückseite)",
                    "moves": "Stärke 2: nach vorn und schräg nach vorn schlagend; "
                    "seitwärts und zurück nur ziehend",
                },
            },
            "SP": {
                "name": "Späher",
                "moves": "Stärke 1: schräg nach vorn schlagend; geradeaus nach vorn nur ziehend",
                "promoted": {
                    "name": "Späher (Rückseite)",
                    "moves": "Stärke 2: nach vorn und schräg nach vorn schlagend; "
                    "schräg zurück nur ziehend",
                },
            },
            "SC": {
                "name": "Schild",
                "moves": "Stärke 2: nach vorn schlagend; schräg nach vorn und seitwärts nur "
                "ziehend",
                "promoted": {
                    "name": "Schild (Rückseite)",
                    "moves": "Stärke 2: nach vorn, schräg nach vorn und seitwärts schlagend; "
                    "zurück nur ziehend",
                },
            },
            "RI": {
                "name": "Ritter",
                "moves": "Stärke 2: nach vorn und seitwärts schlagend; zurück nur ziehend",
                "promoted": {
                    "name": "Ritter (Rückseite)",
                    "moves": "Stärke 3: nach vorn, seitwärts und zurück schlagend; "
                    "schräg nach vorn nur ziehend",
                },
            },
            "L": {
                "name": "Läufer",
                "moves": "Stärke 2: die vier Diagonalen, schlagend",
                "promoted": {
                    "name": "Läufer (Rückseite)",
                    "moves": "Stärke 3: die vier Diagonalen schlagend; gerade Linien nur ziehend",
                },
            },
            "T": {
                "name": "Turm",
                "moves": "Stärke 2: nach vorn, zurück und seitwärts, schlagend",
                "promoted": {
                    "name": "Turm (Rückseite)",
                    "moves": "Stärke 3: gerade Linien schlagend; Diagonalen nur ziehend",
                },
            },
            "G": {
                "name": "General",
                "moves": "Stärke 3: alle acht Richtungen, schlagend",
                "promoted": None,
            },
            "K": {
                "name": "König",
                "moves": "Stärke 3: alle acht Richtungen, schlagend; wer ihn verliert, verliert",
                "promoted": None,
            },
        },
        "phrases": {
            "title": "Okard",
            "summary": "Stell ein Heer aus Steinen zusammen, würfle Aktionspunkte, befördere, "
            "opfere und setze ein.",
            "player.red": "Rot",
            "player.blue": "Blau",
            "phase.pick": "Auswahl",
            "phase.place": "Aufstellung",
            "phase.play": "Spiel",
            "phase.over": "beendet",
            "counter.captured": "Wert geschlagener Steine",
            "counter.army_points": "Heerespunkte",
            "counter.home_points": "Punkte in der Heimat",
            "counter.action_points": "Aktionspunkte",
            "counter.sacrifice_budget": "AP noch durch Opfer",
            "counter.turns": "gespielte Züge",
            "hand.stones in hand": "Steine in der Hand",
            "hand.stones to pick": "Steine zur Auswahl",
            "score.captured value": "Wert geschlagener Steine",
            "score.home points": "Punkte in der Heimat",
            "button.button:end": "Zug beenden",
            "button.button:army-complete": "Heer vollständig",
            "button.button:placement-done": "Aufstellung beendet",
            "button.button:sacrifice": "Opfern",
            "button.button:promote": "Befördern (auf die Rückseite drehen)",
            "button.button:done": "Fertig",
            "legend.marks": "Marken am Stein: eine gefüllte Marke zieht und schlägt in diese "
            "Richtung, eine offene zieht nur; die Zahl ist seine Stärke.",
            "legend.army": "Heerespunkte: der Wert deiner Steine auf dem Brett und in der "
            "Hand, gemessen an der Punktgrenze des Heeres.",
            "legend.turn": "Ein Zug: würfeln, opfern, ziehen, befördern, einsetzen, beenden – "
            "jeder Schritt kostet oder bringt Aktionspunkte.",
        },
    },
}
