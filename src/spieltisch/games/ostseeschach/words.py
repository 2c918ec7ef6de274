"""Ostseeschach's own words for front ends (`spieltisch.core.words`): outcome reasons, rule
codes, the four pieces and the phrases of its view, in English and German (the German
names follow the Software-Challenge 2022 sheet: Herzmuschel, Möwe, Seestern, Robbe,
Bernstein, Leichtfigur, Startlinie)."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "reasons": {
            "DIFFERING_SCORES": "more ambers",
            "DIFFERING_POSITIONS": "equal ambers; the leading light piece is further ahead",
            "EQUAL_SCORE": "equal ambers and equally advanced light pieces",
            "NO_LEGAL_MOVES": "the player to move has no legal move",
        },
        "rules": {
            "NOT_A_MOVE": "That is not an Ostseeschach move.",
            "GAME_OVER": "The game is over.",
            "WRONG_COLOR": "Move one of your own pieces.",
            "OUT_OF_BOUNDS": "The target square is off the board.",
            "INVALID_MOVEMENT": "This piece cannot move that way.",
            "DESTINATION_BLOCKED": "Your own piece stands on the target square.",
        },
        "pieces": {
            "herzmuschel": {
                "name": "Cockle",
                "moves": "one square diagonally forwards (as a chess pawn captures)",
                "promoted": None,
            },
            "moewe": {
                "name": "Gull",
                "moves": "one square up, down, left or right",
                "promoted": None,
            },
            "seestern": {
                "name": "Starfish",
                "moves": "one square straight forwards or diagonally in any direction",
                "promoted": None,
            },
            "robbe": {
                "name": "Seal",
                "moves": "jumps two squares in a line and one to the side (a chess knight)",
                "promoted": None,
            },
        },
        "phrases": {
            "title": "Ostseeschach",
            "summary": "Baltic-sea chess: stack your pieces into towers and carry ambers home.",
            "player.red": "red",
            "player.blue": "blue",
            "counter.ambers": "ambers",
            "counter.turn": "turn",
            "counter.round": "round",
            "score.victory points": "victory points",
            "score.ambers": "ambers",
            "score.light pieces ahead": "light pieces ahead",
            "legend.tower": "A tower (pieces stacked on a capture) moves as its top piece; "
            "the number shows its height.",
            "legend.amber": "An amber: for capturing with or onto a tower, or for a light "
            "piece reaching the other start line. Two ambers win.",
            "legend.forward": "Forwards is towards the other player's start line "
            "(red: right, blue: left).",
        },
    },
    "de": {
        "reasons": {
            "DIFFERING_SCORES": "mehr Bernsteine",
            "DIFFERING_POSITIONS": "gleich viele Bernsteine; die vorderste Leichtfigur steht "
            "weiter vorn",
            "EQUAL_SCORE": "gleich viele Bernsteine und gleich weit vorn stehende Leichtfiguren",
            "NO_LEGAL_MOVES": "wer am Zug ist, hat keinen regelgerechten Zug",
        },
        "rules": {
            "NOT_A_MOVE": "Das ist kein Ostseeschach-Zug.",
            "GAME_OVER": "Die Partie ist beendet.",
            "WRONG_COLOR": "Zieh eine deiner eigenen Figuren.",
            "OUT_OF_BOUNDS": "Das Zielfeld liegt außerhalb des Bretts.",
            "INVALID_MOVEMENT": "So kann diese Figur nicht ziehen.",
            "DESTINATION_BLOCKED": "Auf dem Zielfeld steht eine eigene Figur.",
        },
        "pieces": {
            "herzmuschel": {
                "name": "Herzmuschel",
                "moves": "ein Feld schräg nach vorn (wie ein Schach-Bauer schlägt)",
                "promoted": None,
            },
            "moewe": {
                "name": "Möwe",
                "moves": "ein Feld waagerecht oder senkrecht (wie ein Turm, aber nur ein Feld "
                "weit)",
                "promoted": None,
            },
            "seestern": {
                "name": "Seestern",
                "moves": "ein Feld nach vorn oder in eine der vier Diagonalrichtungen",
                "promoted": None,
            },
            "robbe": {
                "name": "Robbe",
                "moves": "springt zwei Felder in eine Richtung und eines zur Seite "
                "(wie ein Springer beim Schach)",
                "promoted": None,
            },
        },
        "phrases": {
            "title": "Ostseeschach",
            "summary": "Schach an der Ostsee: Figuren zu Türmen stapeln und Bernsteine nach "
            "Hause bringen.",
            "player.red": "Rot",
            "player.blue": "Blau",
            "counter.ambers": "Bernsteine",
            "counter.turn": "Zug",
            "counter.round": "Runde",
            "score.victory points": "Siegpunkte",
            "score.ambers": "Bernsteine",
            "score.light pieces ahead": "Leichtfiguren vorn",
            "legend.tower": "Ein Turm (beim Schlagen aufeinandergelegte Figuren) zieht wie "
            "die oberste Figur; die Zahl zeigt seine Höhe.",
            "legend.amber": "Einen Bernstein gibt es fürs Schlagen mit einem oder auf einen "
            "Turm und für eine Leichtfigur auf der gegnerischen Startlinie. Zwei Bernsteine "
            "gewinnen.",
            "legend.forward": "Vorn ist in Richtung der gegnerischen Startlinie "
            "(Rot: nach rechts, Blau: nach links).",
        },
    },
}
