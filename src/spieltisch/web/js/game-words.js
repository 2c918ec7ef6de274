// A game's own words, in the reader's language, from the server (`/api/games/NAME/words`):
// its reason codes, rule names, pieces (name, how it moves, promoted form) and phrases.
// Asked once per game and language; pages look words up with `gameWord`.
import { getJSON } from "./api.js";
import { has, lang, t } from "./i18n.js";
import "./words/common.js";

const requests = new Map();

export function gameWords(game) {
  const key = `${game}/${lang()}`;
  if (!requests.has(key)) {
    const request = getJSON(`/api/games/${encodeURIComponent(game)}/words?lang=${lang()}`);
    request.catch(() => requests.delete(key));
    requests.set(key, request);
  }
  return requests.get(key);
}

// One of a game's words: `section` is "reasons", "rules", "pieces" or "phrases"; the code
// itself when the game has no words for it (an unknown code from an older record).
export function gameWord(words, section, code) {
  const entry = ((words || {})[section] || {})[code];
  if (entry === undefined) return code;
  return typeof entry === "object" ? entry.name : entry;
}

// An outcome reason in words: the game's own (`DIFFERING_SCORES`), else the table's
// (`RESIGNATION`, `TIME`, … in the common catalogue), else the code.
export function reasonText(words, code) {
  const own = ((words || {}).reasons || {})[code];
  if (own !== undefined) return own;
  if (has(`reason.${code}`)) return t(`reason.${code}`);
  return code;
}

// One of the game's phrases (`counter.carrots`, `player.red`, `button.button:end`, …), or
// `fallback` (the view's English label) when the game has none.
export function gamePhrase(words, key, fallback = key) {
  const own = ((words || {}).phrases || {})[key];
  return own === undefined ? fallback : own;
}

// A player's name as the game calls it ("red" -> "Rot", "White" -> "Weiß").
export function playerName(words, name) {
  return gamePhrase(words, `player.${name}`, name);
}

// A refused move in words: the game's sentence for the broken rule, else the server's
// text (used with the `rule` of a socket error or the `params.rule` of ILLEGAL_MOVE).
export function ruleText(words, rule, fallback = "") {
  const own = ((words || {}).rules || {})[rule];
  return own === undefined ? fallback || rule : own;
}

// A finished game's result in words: "Rot gewinnt: mehr Bernsteine", "Remis: …", from the
// view's `outcome` (winner, reason) and the game's words; the view's English `text` is
// for bots and logs.
export function outcomeText(words, view) {
  const outcome = view && view.outcome;
  if (!outcome) return "";
  const reason = reasonText(words, outcome.reason);
  if (outcome.winner === null || outcome.winner === undefined) return t("common.outcome.draw", { reason });
  const player = playerName(words, (view.players || [])[outcome.winner] || String(outcome.winner));
  return t("common.outcome.wins", { player: player.charAt(0).toUpperCase() + player.slice(1), reason });
}
