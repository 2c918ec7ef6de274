// How to play: the player rules of a game in the reader's language, rendered by the
// server from web/rules/<game>[.de].md (English where a language has no page).
import { getJSON } from "../api.js";
import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import "../words/pages.js";

export function mount(main, { game }) {
  const article = h("article", { class: "rules card", lang: lang() }, h("p", {}, t("rules.loading")));
  main.append(h("div", { class: "page rules-page" }, article));
  getJSON(`/api/rules/${game}?lang=${lang()}`)
    .then((data) => {
      article.innerHTML = data.html;
      article.lang = data.lang || "en";
      const note = data.lang && data.lang !== lang() ? h("p", { class: "muted small" }, t("rules.englishOnly")) : null;
      article.prepend(h("div", { class: "rules-actions" }, h("a", { class: "button", href: `#/?game=${game}` }, t("rules.play", { title: data.title }))), note || "");
      for (const a of article.querySelectorAll("a[href]")) {
        const href = a.getAttribute("href");
        const m = href.match(/^(?:\.\/)?([a-z-]+?)(?:\.de)?\.md(#[a-z0-9-]*)?$/);
        if (m) a.setAttribute("href", `#/rules/${m[1]}`);
        else if (!/^(https?:|#)/.test(href)) a.removeAttribute("href");
      }
    })
    .catch((err) => article.replaceChildren(h("p", { class: "error" }, err.message)));
}
