// A game's own words, in the reader's language, from the server (`/api/games/NAME/words`):
// its reason codes, rule names, pieces (name, how it moves, promoted form) and phrases.
// Asked once per game and language; pages look words up with `gameWord`.
import { getJSON } from "./api.js";
import { lang } from "./i18n.js";

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
