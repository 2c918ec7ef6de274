// The message catalogue: every visible word of the front end goes through `t(key, vars)`.
// Each area of the front end registers its words once (`words/<area>.js`), English and
// German side by side; the language comes from a stored choice, else from the browser.
// A game's own phrases (reason codes, rule names, pieces) come from the server, next to
// its view (`gameWords`), so no page knows a game's vocabulary.

export const LANGUAGES = ["en", "de"];
const STORE_KEY = "spieltisch.lang";
const catalogue = { en: {}, de: {} };

function fromBrowser() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

let current = (() => {
  try {
    const stored = localStorage.getItem(STORE_KEY);
    if (LANGUAGES.includes(stored)) return stored;
  } catch { /* storage may be disabled */ }
  return fromBrowser();
})();

export function lang() {
  return current;
}

// Switch the language, remember it, and redraw the page (words are drawn once per mount).
export function setLang(code) {
  if (!LANGUAGES.includes(code)) return;
  try { localStorage.setItem(STORE_KEY, code); } catch { /* not remembered */ }
  current = code;
  document.documentElement.lang = code;
  window.dispatchEvent(new Event("languagechange-spieltisch"));
}

// Add an area's words: `{ en: { key: text }, de: { key: text } }`. A text may be a
// string with `{name}` holes, or an object of plural forms `{ one: ..., other: ... }`
// chosen by `vars.count`.
export function register(words) {
  for (const code of LANGUAGES) Object.assign(catalogue[code], words[code] || {});
}

const plurals = {};
function pluralForm(code, count) {
  plurals[code] = plurals[code] || new Intl.PluralRules(code);
  return plurals[code].select(count);
}

function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (hole, name) => (name in vars ? String(vars[name]) : hole));
}

// The text of `key` in the current language (English when German lacks it; the key
// itself, marked, when no catalogue has it, so a missing word is seen, not hidden).
export function t(key, vars = {}) {
  let text = catalogue[current][key];
  if (text === undefined) text = catalogue.en[key];
  if (text === undefined) {
    console.warn(`i18n: no words for "${key}"`);
    return `⟦${key}⟧`;
  }
  if (typeof text === "object") {
    const form = pluralForm(current, Number(vars.count ?? 0));
    text = text[form] ?? text.other;
  }
  return fill(text, vars);
}

// Whether the catalogue has `key` (for optional words).
export function has(key) {
  return key in catalogue[current] || key in catalogue.en;
}

// Numbers and dates in the reader's language.
export function number(value, options = {}) {
  return new Intl.NumberFormat(current, options).format(value);
}

export function date(value, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(current, options).format(new Date(value));
}

document.documentElement.lang = current;

// Every key and text registered for a language (a copy): for the browser tests, which
// look for English words left on a German page.
export function entries(code = "en") {
  return { ...(catalogue[code] || {}) };
}
