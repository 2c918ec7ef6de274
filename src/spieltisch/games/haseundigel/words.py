"""Hase und Igel's own words for front ends (`spieltisch.core.words`): outcome reasons,
rule codes, the hare and the four cards (as pieces of `"kind": "card"`: name and what it
does), the fields and
the phrases of its view, in English and German (the German follows the Software-Challenge
2018 sheet: Karottenfeld, Hasenfeld, Salatfeld, Igelfeld, Vorwärtszug, Rückwärtszug,
"Rücke eine Position vor", "Falle eine Position zurück")."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "reasons": {
            "GOAL_REACHED": "a hare reached the goal",
            "ROUND_LIMIT": "the round limit was reached; the hare further ahead wins",
        },
        "rules": {
            "NOT_A_MOVE": "That is not a Hase und Igel move.",
            "GAME_OVER": "The game is over.",
            "NO_ACTIONS": "A move needs at least one action.",
            "BAD_ORDER": "These actions cannot follow each other in one move.",
            "ONLY_CARDS_FOLLOW": "Only cards may follow, after reaching a hare field.",
            "MUST_PLAY_CARD": "On a hare field you reached you must play a card.",
            "MUST_EAT_SALAD": "On a salad field you just entered you must eat a salad.",
            "ADVANCE_DISTANCE": "You cannot advance that far.",
            "NOT_ENOUGH_CARROTS": "You do not have enough carrots for that.",
            "FIELD_OCCUPIED": "The other hare stands on that field.",
            "OFF_TRACK": "That field is off the track.",
            "HEDGEHOG_FIELD": "A hedgehog field is reached only by falling back.",
            "SALAD_NEEDS_SALAD": "You may enter a salad field only with a salad left.",
            "GOAL_CONDITIONS": "The goal needs at most 10 carrots (after paying) and no salad.",
            "HARE_NEEDS_CARD": "You may enter a hare field only if you can play a card there.",
            "CANNOT_FALL_BACK": "You cannot fall back now (no free hedgehog field behind you).",
            "CANNOT_EXCHANGE": "Carrots are exchanged only on a carrot field, and you need "
            "10 to give.",
            "CANNOT_EAT": "You can eat a salad only on a salad field you have just entered.",
            "CANNOT_SKIP": "You may skip only when no other move is possible.",
            "CANNOT_PLAY_CARD": "You cannot play this card now.",
        },
        "pieces": {
            "hare": {
                "name": "Hare",
                "moves": "advances n fields for n·(n+1)/2 carrots, falls back to the nearest "
                "hedgehog for 10 carrots a field, or plays a card on a hare field",
                "promoted": None,
            },
            "TAKE_OR_DROP_CARROTS": {
                "kind": "card",
                "name": "Take or drop carrots",
                "moves": "take 20 carrots, give 20, or keep them as they are",
                "promoted": None,
            },
            "EAT_SALAD": {
                "kind": "card",
                "name": "Eat a salad",
                "moves": "eat one salad at once: +10 carrots if you are first, +30 if second",
                "promoted": None,
            },
            "HURRY_AHEAD": {
                "kind": "card",
                "name": "Hurry ahead",
                "moves": "only when second: jump to the field just in front of the other hare",
                "promoted": None,
            },
            "FALL_BACK": {
                "kind": "card",
                "name": "Fall back",
                "moves": "only when first: drop to the field just behind the other hare",
                "promoted": None,
            },
        },
        "phrases": {
            "title": "Hase und Igel",
            "summary": "The hare and the hedgehog: race along 65 fields, pay in carrots, "
            "eat your salads.",
            "player.red": "red",
            "player.blue": "blue",
            "counter.carrots": "carrots",
            "counter.salads": "salads",
            "counter.turn": "turn",
            "counter.round": "round",
            "hand.cards": "cards",
            "score.winner": "winner",
            "score.field": "field",
            "score.carrots": "carrots",
            "field.start": "Start: can only be left",
            "field.carrot": "Carrot field: enter freely; exchange ±10 carrots here",
            "field.hare": "Hare field: enter only to play a card there",
            "field.salad": "Salad field: enter with a salad left; eat one next",
            "field.hedgehog": "Hedgehog field: reached only by falling back",
            "field.position1": "Position 1: +10 carrots at your turn if you are first",
            "field.position2": "Position 2: +30 carrots at your turn if you are second",
            "field.goal": "Goal: at most 10 carrots and no salad",
            "cost.pay": "costs {n} carrots",
            "cost.gain": "gains {n} carrots",
            "cost.none": "no carrots",
            "button.button:eat": "Eat a salad",
            "button.button:exchange:10": "Take 10 carrots",
            "button.button:exchange:-10": "Give 10 carrots",
            "button.button:skip": "Skip (no other move)",
            "button.button:carrots:20": "Take 20 carrots",
            "button.button:carrots:0": "Keep the carrots",
            "button.button:carrots:-20": "Give 20 carrots",
            "button.button:fallback": "Fall back",
            "button.button:done": "Done",
        },
    },
    "de": {
        "reasons": {
            "GOAL_REACHED": "ein Hase hat das Ziel erreicht",
            "ROUND_LIMIT": "das Rundenlimit ist erreicht; der Hase, der weiter vorn steht, gewinnt",
        },
        "rules": {
            "NOT_A_MOVE": "Das ist kein Hase-und-Igel-Zug.",
            "GAME_OVER": "Die Partie ist beendet.",
            "NO_ACTIONS": "Ein Zug braucht mindestens eine Aktion.",
            "BAD_ORDER": "Diese Aktionen können nicht in einem Zug aufeinander folgen.",
            "ONLY_CARDS_FOLLOW": "Nach dem Betreten eines Hasenfelds dürfen nur Karten folgen.",
            "MUST_PLAY_CARD": "Auf einem neu betretenen Hasenfeld musst du eine Karte ausspielen.",
            "MUST_EAT_SALAD": "Auf einem gerade betretenen Salatfeld musst du einen Salat fressen.",
            "ADVANCE_DISTANCE": "So weit kannst du nicht vorrücken.",
            "NOT_ENOUGH_CARROTS": "Dafür hast du nicht genug Karotten.",
            "FIELD_OCCUPIED": "Auf diesem Feld steht der andere Hase.",
            "OFF_TRACK": "Dieses Feld liegt außerhalb der Rennbahn.",
            "HEDGEHOG_FIELD": "Ein Igelfeld erreicht man nur durch einen Rückwärtszug.",
            "SALAD_NEEDS_SALAD": "Ein Salatfeld darfst du nur mit mindestens einem Salat betreten.",
            "GOAL_CONDITIONS": "Ins Ziel nur mit höchstens 10 Karotten (nach dem Bezahlen) "
            "und ohne Salat.",
            "HARE_NEEDS_CARD": "Ein Hasenfeld darfst du nur betreten, wenn du dort eine Karte "
            "ausspielen kannst.",
            "CANNOT_FALL_BACK": "Du kannst jetzt nicht zurückfallen (kein freies Igelfeld "
            "hinter dir).",
            "CANNOT_EXCHANGE": "Karotten tauschen geht nur auf einem Karottenfeld, und zum "
            "Abgeben brauchst du 10.",
            "CANNOT_EAT": "Einen Salat fressen kannst du nur auf einem gerade betretenen "
            "Salatfeld.",
            "CANNOT_SKIP": "Aussetzen darfst du nur, wenn kein anderer Zug möglich ist.",
            "CANNOT_PLAY_CARD": "Diese Karte kannst du jetzt nicht ausspielen.",
        },
        "pieces": {
            "hare": {
                "name": "Hase",
                "moves": "rückt n Felder vor für n·(n+1)/2 Karotten, fällt zum nächsten "
                "Igelfeld zurück für 10 Karotten je Feld, oder spielt auf einem Hasenfeld "
                "eine Karte aus",
                "promoted": None,
            },
            "TAKE_OR_DROP_CARROTS": {
                "kind": "card",
                "name": "Karotten nehmen oder abgeben",
                "moves": "20 Karotten nehmen, 20 abgeben oder alles lassen, wie es ist",
                "promoted": None,
            },
            "EAT_SALAD": {
                "kind": "card",
                "name": "Friss sofort einen Salat",
                "moves": "sofort einen Salat fressen: +10 Karotten als Erster, +30 als Zweiter",
                "promoted": None,
            },
            "HURRY_AHEAD": {
                "kind": "card",
                "name": "Rücke eine Position vor",
                "moves": "nur als Zweiter: auf das Feld direkt vor dem anderen Hasen",
                "promoted": None,
            },
            "FALL_BACK": {
                "kind": "card",
                "name": "Falle eine Position zurück",
                "moves": "nur als Erster: auf das Feld direkt hinter dem anderen Hasen",
                "promoted": None,
            },
        },
        "phrases": {
            "title": "Hase und Igel",
            "summary": "Das Wettrennen von Hase und Igel: 65 Felder, mit Karotten bezahlt, "
            "die Salate gefressen.",
            "player.red": "Rot",
            "player.blue": "Blau",
            "counter.carrots": "Karotten",
            "counter.salads": "Salate",
            "counter.turn": "Zug",
            "counter.round": "Runde",
            "hand.cards": "Karten",
            "score.winner": "Gewinner",
            "score.field": "Feld",
            "score.carrots": "Karotten",
            "field.start": "Startfeld: darf nur verlassen werden",
            "field.carrot": "Karottenfeld: frei betretbar; hier ±10 Karotten tauschen",
            "field.hare": "Hasenfeld: nur betreten, um dort eine Karte auszuspielen",
            "field.salad": "Salatfeld: nur mit Salat betreten; danach einen fressen",
            "field.hedgehog": "Igelfeld: nur durch einen Rückwärtszug erreichbar",
            "field.position1": "Position-1-Feld: +10 Karotten zu Beginn deines Zugs als Erster",
            "field.position2": "Position-2-Feld: +30 Karotten zu Beginn deines Zugs als Zweiter",
            "field.goal": "Zielfeld: höchstens 10 Karotten und kein Salat",
            "cost.pay": "kostet {n} Karotten",
            "cost.gain": "bringt {n} Karotten",
            "cost.none": "keine Karotten",
            "button.button:eat": "Salat fressen",
            "button.button:exchange:10": "10 Karotten nehmen",
            "button.button:exchange:-10": "10 Karotten abgeben",
            "button.button:skip": "Aussetzen (kein anderer Zug)",
            "button.button:carrots:20": "20 Karotten nehmen",
            "button.button:carrots:0": "Karotten behalten",
            "button.button:carrots:-20": "20 Karotten abgeben",
            "button.button:fallback": "Zurückfallen",
            "button.button:done": "Fertig",
        },
    },
}
