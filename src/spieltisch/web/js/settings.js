// The settings menu in the header: the language (Deutsch / English, each in its own
// language) and the theme (system, light, dark). Both are remembered in this browser; a
// language change redraws the page (app.js listens), a theme change only the colours.
import { h } from "./dom.js";
import { LANGUAGES, lang, setLang, t } from "./i18n.js";
import { THEMES, setTheme, theme } from "./theme.js";
import "./words/common.js";

const NATIVE = { de: "Deutsch", en: "English" };
const ICONS = { system: "◐", light: "☀", dark: "☾" };

export function mountSettings(slot) {
  function render() {
    const menu = h("details", { class: "menu settings-menu", id: "settings-menu" },
      h("summary", { id: "settings-button", title: t("common.settings"), "aria-label": t("common.settings") },
        h("span", { class: "settings-lang", "aria-hidden": "true" }, lang().toUpperCase()),
        h("span", { class: "settings-theme", "aria-hidden": "true" }, ICONS[theme()])),
      h("div", { class: "menu-items settings-items" },
        h("div", { class: "settings-label" }, t("common.language")),
        h("div", { class: "settings-choices", role: "group", "aria-label": t("common.language") },
          LANGUAGES.slice().reverse().map((code) => h("button", {
            type: "button", class: `choice-chip${code === lang() ? " active" : ""}`, id: `lang-${code}`,
            lang: code, "aria-pressed": code === lang() ? "true" : "false",
            onclick: () => { menu.open = false; setLang(code); },
          }, NATIVE[code]))),
        h("div", { class: "settings-label" }, t("common.theme")),
        h("div", { class: "settings-choices", role: "group", "aria-label": t("common.theme") },
          THEMES.map((name) => h("button", {
            type: "button", class: `choice-chip${name === theme() ? " active" : ""}`, id: `theme-${name}`,
            "aria-pressed": name === theme() ? "true" : "false",
            onclick: () => { setTheme(name); render().open = true; },
          }, `${ICONS[name]} ${t(`common.theme.${name}`)}`)))));
    slot.replaceChildren(menu);
    return menu;
  }
  render();
  window.addEventListener("languagechange-spieltisch", render);
}
