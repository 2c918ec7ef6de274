"""Schachogi's own words for front ends (`spieltisch.core.words`): outcome reasons, rule
codes, the six pieces with their promoted forms, and the phrases of its view, in English
and German (the German follows the original sheet by dajorge.com: Pflöck, Ischi, Rock,
Slotser, Wieher, Brrbrr; "befördern", "beliebig weit")."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "reasons": {
            "PFLOECK_CAPTURED": "the Pflöck was captured",
            "NO_LEGAL_MOVES": "the player to move has no legal move",
            "REPETITION": "the same position occurred for the third time",
            "QUIET_PLIES": "100 plies without a capture, a Brrbrr move or a promotion",
        },
        "rules": {
            "NOT_A_MOVE": "That is not a Schachogi move.",
            "GAME_OVER": "The game is over.",
            "NO_PIECE": "There is no piece on that square.",
            "NOT_YOUR_PIECE": "Move one of your own pieces.",
            "INVALID_MOVEMENT": "This piece cannot move that way.",
            "PATH_BLOCKED": "A piece stands in the way.",
            "OWN_PIECE_ON_TARGET": "Your own piece stands on the target square.",
            "PROMOTION_NOT_ALLOWED": "This piece cannot promote on this move "
            "(only on the last two ranks, and the Pflöck never).",
            "PROMOTION_REQUIRED": "This piece must promote here: unpromoted it could never "
            "move again.",
        },
        "pieces": {
            "pfloeck": {
                "name": "Pflöck",
                "moves": "one step in any of the eight directions; capturing it wins",
                "promoted": None,
            },
            "ischi": {
                "name": "Ischi",
                "moves": "one step in any of the eight directions (like the Pflöck)",
                "promoted": {
                    "name": "promoted Ischi",
                    "moves": "any distance in all eight directions (a chess queen)",
                },
            },
            "rock": {
                "name": "Rock",
                "moves": "any distance straight up, down, left or right (a chess rook)",
                "promoted": {
                    "name": "promoted Rock",
                    "moves": "like the Rock, plus one step diagonally",
                },
            },
            "slotser": {
                "name": "Slotser",
                "moves": "any distance diagonally (a chess bishop)",
                "promoted": {
                    "name": "promoted Slotser",
                    "moves": "like the Slotser, plus one step straight",
                },
            },
            "wieher": {
                "name": "Wieher",
                "moves": "jumps two ranks forward and one file to the side (the shogi knight)",
                "promoted": {
                    "name": "promoted Wieher",
                    "moves": "one step straight in any direction or diagonally forward "
                    "(a shogi gold general)",
                },
            },
            "brrbrr": {
                "name": "Brrbrr",
                "moves": "one step straight forward; captures the same way, never diagonally",
                "promoted": {
                    "name": "promoted Brrbrr",
                    "moves": "one step straight in any direction or diagonally forward "
                    "(a shogi gold general)",
                },
            },
        },
        "phrases": {
            "title": "Schachogi",
            "summary": "Chess meets shogi: capture the Pflöck; promote on the last two ranks.",
            "player.White": "White",
            "player.Black": "Black",
            "counter.move_number": "move",
            "counter.quiet_plies": "plies without capture, Brrbrr move or promotion",
            "counter.repetitions": "times this position occurred",
            "button.button:promote": "Promote",
            "button.button:stay": "Do not promote",
            "legend.promotion": "A piece (not the Pflöck) ending its move on the last two "
            "ranks may promote; promoted pieces are marked red.",
            "legend.forward": "Forwards is towards the other player (up for White, down for "
            "Black).",
        },
    },
    "de": {
        "reasons": {
            "PFLOECK_CAPTURED": "der Pflöck wurde geschlagen",
            "NO_LEGAL_MOVES": "wer am Zug ist, hat keinen regelgerechten Zug",
            "REPETITION": "dieselbe Stellung kam zum dritten Mal vor",
            "QUIET_PLIES": "100 Halbzüge ohne Schlagen, Brrbrr-Zug oder Beförderung",
        },
        "rules": {
            "NOT_A_MOVE": "Das ist kein Schachogi-Zug.",
            "GAME_OVER": "Die Partie ist beendet.",
            "NO_PIECE": "Auf diesem Feld steht keine Figur.",
            "NOT_YOUR_PIECE": "Zieh eine deiner eigenen Figuren.",
            "INVALID_MOVEMENT": "So kann diese Figur nicht ziehen.",
            "PATH_BLOCKED": "Eine Figur steht im Weg.",
            "OWN_PIECE_ON_TARGET": "Auf dem Zielfeld steht eine eigene Figur.",
            "PROMOTION_NOT_ALLOWED": "Diese Figur kann mit diesem Zug nicht befördert werden "
            "(nur auf den letzten beiden Reihen, der Pflöck nie).",
            "PROMOTION_REQUIRED": "Diese Figur muss hier befördert werden: sonst könnte sie "
            "nie wieder ziehen.",
        },
        "pieces": {
            "pfloeck": {
                "name": "Pflöck",
                "moves": "ein Feld in alle Richtungen; wer ihn schlägt, gewinnt",
                "promoted": None,
            },
            "ischi": {
                "name": "Ischi",
                "moves": "ein Feld in alle Richtungen (wie der Pflöck)",
                "promoted": {
                    "name": "Promoted Ischi",
                    "moves": "diagonal, waagerecht und senkrecht beliebig weit (wie eine "
                    "Schach-Dame)",
                },
            },
            "rock": {
                "name": "Rock",
                "moves": "waagerecht und senkrecht beliebig weit (wie ein Schach-Turm)",
                "promoted": {
                    "name": "Promoted Rock",
                    "moves": "waagerecht und senkrecht beliebig weit, diagonal ein Feld",
                },
            },
            "slotser": {
                "name": "Slotser",
                "moves": "diagonal beliebig weit (wie ein Schach-Läufer)",
                "promoted": {
                    "name": "Promoted Slotser",
                    "moves": "diagonal beliebig weit, waagerecht und senkrecht ein Feld",
                },
            },
            "wieher": {
                "name": "Wieher",
                "moves": "springt zwei Reihen nach vorn und eine Linie zur Seite, auch über "
                "andere Figuren (wie der Springer beim Shogi)",
                "promoted": {
                    "name": "Promoted Wieher",
                    "moves": "zieht wie Gold beim Shogi: ein Feld waagerecht oder senkrecht, "
                    "oder ein Feld diagonal nach vorn",
                },
            },
            "brrbrr": {
                "name": "Brrbrr",
                "moves": "ein Feld gerade nach vorn; schlägt ebenso, nie diagonal",
                "promoted": {
                    "name": "Promoted Brrbrr",
                    "moves": "zieht wie Gold beim Shogi: ein Feld waagerecht oder senkrecht, "
                    "oder ein Feld diagonal nach vorn",
                },
            },
        },
        "phrases": {
            "title": "Schachogi",
            "summary": "Schach trifft Shogi: Schlag den Pflöck; befördert wird auf den letzten "
            "zwei Reihen.",
            "player.White": "Weiß",
            "player.Black": "Schwarz",
            "counter.move_number": "Zug",
            "counter.quiet_plies": "Halbzüge ohne Schlagen, Brrbrr-Zug oder Beförderung",
            "counter.repetitions": "Mal kam diese Stellung vor",
            "button.button:promote": "Befördern",
            "button.button:stay": "Nicht befördern",
            "legend.promotion": "Eine Figur (außer dem Pflöck), die ihren Zug auf den letzten "
            "zwei Reihen beendet, darf befördert werden; beförderte Figuren sind rot markiert.",
            "legend.forward": "Vorn ist in Richtung des Gegners (für Weiß nach oben, für "
            "Schwarz nach unten).",
        },
    },
}
