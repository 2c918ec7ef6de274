// How to play: the player rules of a game, rendered by the server from docs/rules/.
import { getJSON } from "../api.js";
import { h } from "../dom.js";

export function mount(main, { game }) {
  const article = h("article", { class: "rules card" }, h("p", {}, "Loading the rules…"));
  main.append(h("div", { class: "page rules-page" }, article));
  getJSON(`/api/rules/${game}`)
    .then((data) => {
      article.innerHTML = data.html;
      article.prepend(h("div", { class: "rules-actions" }, h("a", { class: "button", href: `#/?game=${game}` }, `Play ${data.title}`)));
      for (const a of article.querySelectorAll("a[href]")) {
        const href = a.getAttribute("href");
        const m = href.match(/^(?:\.\/)?([a-z-]+)\.md$/);
        if (m) a.setAttribute("href", `#/rules/${m[1]}`);
        else if (!/^(https?:|#)/.test(href)) a.removeAttribute("href");
      }
    })
    .catch((err) => article.replaceChildren(h("p", { class: "error" }, err.message)));
}
