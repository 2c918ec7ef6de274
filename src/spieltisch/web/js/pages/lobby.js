// The lobby: pick a game, its options, the start, the opponent and your seat; open
// tables to join and running tables to watch.
import { getJSON, postJSON } from "../api.js";
import { h, plural } from "../dom.js";
import { me, onChange, post } from "../account.js";

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "choice") {
    input = h("select", { id, name: option.name }, option.choices.map((c) => h("option", { value: c, selected: c === option.default }, c)));
  } else if (option.kind === "int") {
    input = h("input", { id, name: option.name, type: "text", inputmode: "numeric", placeholder: option.default === null ? "default" : String(option.default), value: option.default === null ? "" : String(option.default) });
  } else {
    input = h("input", { id, name: option.name, type: "text", placeholder: option.kind === "list" ? "e.g. K,B,L (empty: all)" : "", value: option.default || "" });
  }
  return h("label", { class: "field" }, h("span", {}, option.name.replace(/_/g, " ")), input);
}

export function mount(main) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  let catalog = [];
  let chosen = params.get("game");
  const status = h("p", { class: "form-status" });
  const picker = h("div", { class: "game-picker" });
  const form = h("form", { class: "new-table card", onsubmit: (e) => { e.preventDefault(); create(); } });
  const openList = h("div", { class: "table-list" });
  const runningList = h("div", { class: "table-list" });
  main.append(
    h(
      "div",
      { class: "page lobby" },
      h("section", { class: "hero" }, h("h1", {}, "Spieltisch"), h("p", {}, "Four two-player board games with exact rules and an AI. Pick a game, choose your opponent, play.")),
      picker,
      h("div", { class: "lobby-grid" }, form, h("div", { class: "lists" }, h("section", { class: "card" }, h("h2", {}, "Open tables"), openList), h("section", { class: "card" }, h("h2", {}, "Running tables"), runningList))),
    ),
  );

  function renderPicker() {
    picker.replaceChildren(
      ...catalog.map((g) =>
        h("button", { type: "button", class: `game-card${g.name === chosen ? " chosen" : ""}`, "data-game": g.name, onclick: () => { chosen = g.name; renderPicker(); renderForm(); } },
          h("span", { class: `game-emblem emblem-${g.name}` }),
          h("b", {}, g.title),
          h("span", { class: "blurb" }, g.summary),
          h("a", { href: `#/rules/${g.name}`, class: "rules-link", onclick: (e) => e.stopPropagation() }, "How to play")),
      ),
    );
  }

  function renderForm() {
    const game = catalog.find((g) => g.name === chosen) || catalog[0];
    if (!game) return;
    const players = game.players;
    form.replaceChildren(
      ...[
      h("h2", {}, `New ${game.title} table`),
      game.options.length ? h("fieldset", { class: "options" }, h("legend", {}, "Variant"), game.options.map(optionInput)) : null,
      h("fieldset", {}, h("legend", {}, "Start"),
        h("label", { class: "field" }, h("span", {}, "seed"), h("input", { name: "seed", type: "text", inputmode: "numeric", placeholder: "random" })),
        h("label", { class: "field wide" }, h("span", {}, "or a start position"), h("textarea", { name: "position", rows: 2, placeholder: "position text (optional)" }))),
      h("fieldset", {}, h("legend", {}, "Opponent"),
        h("div", { class: "radios" },
          h("label", {}, h("input", { type: "radio", name: "opponent", value: "ai", checked: true }), " the AI"),
          h("label", {}, h("input", { type: "radio", name: "opponent", value: "here" }), " a friend on this screen"),
          h("label", {}, h("input", { type: "radio", name: "opponent", value: "link" }), " a friend elsewhere (by a link)")),
        h("label", { class: "field" }, h("span", {}, "AI level"), h("select", { name: "level" }, game.levels.map((l) => h("option", { value: l, selected: l === "easy" }, l))))),
      h("fieldset", {}, h("legend", {}, "You"),
        who && who.signed_in
          ? h("label", { class: "field" }, h("span", {}, "playing as"), h("input", { name: "name", type: "text", value: who.name, readonly: true, id: "playing-as" }))
          : h("label", { class: "field" }, h("span", {}, "your name"), h("input", { name: "name", type: "text", value: (who && who.name) || "", placeholder: "the name others see", maxlength: 40, id: "your-name" })),
        h("label", { class: "field" }, h("span", {}, "your seat"), h("select", { name: "seat" }, players.map((p, i) => h("option", { value: i }, `${p}${i === 0 ? " (moves first)" : ""}`)))),
        h("label", { class: "field" }, h("span", {}, "clock (minutes)"), h("input", { name: "clock_minutes", type: "text", inputmode: "numeric", placeholder: "none" })),
        h("label", { class: "field" }, h("span", {}, "increment (s)"), h("input", { name: "clock_increment", type: "text", inputmode: "numeric", placeholder: "0" }))),
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "primary", id: "create" }, "Create table"), status),
      ].filter(Boolean),
    );
  }

  async function create() {
    const game = catalog.find((g) => g.name === chosen);
    const data = new FormData(form);
    const options = {};
    for (const option of game.options) {
      const value = String(data.get(option.name) || "").trim();
      const def = option.default === null ? "" : String(option.default);
      if (value !== def) options[option.name] = value === "" ? "none" : value;
    }
    status.textContent = "Creating…";
    try {
      let name = String(data.get("name") || "").trim();
      // a guest's name is kept with the guest session: asked here once, then filled in
      if (!who.signed_in && name && name !== who.name) who = await post("/api/account/guest", { name });
      const made = await postJSON("/api/tables", {
        game: game.name,
        options,
        seed: String(data.get("seed") || "").trim() || null,
        position: String(data.get("position") || "").trim() || null,
        opponent: data.get("opponent"),
        level: data.get("level"),
        seat: data.get("seat"),
        name,
        clock_minutes: String(data.get("clock_minutes") || "").trim() || null,
        clock_increment: String(data.get("clock_increment") || "").trim() || null,
      });
      location.hash = `#/table/${made.id}`;
    } catch (err) {
      status.textContent = err.message;
      status.classList.add("error");
    }
  }

  function entry(t, action) {
    return h("div", { class: "table-entry" },
      h("span", { class: `game-emblem small emblem-${t.game}` }),
      h("span", { class: "entry-main" }, h("b", {}, t.title), " ", h("span", { class: "muted" }, `#${t.id} · ${t.players.map((p) => p || "free seat").join(" vs ")} · ${plural(t.ply, "move")}`)),
      action);
  }

  async function refresh() {
    try {
      const data = await getJSON("/api/tables");
      openList.replaceChildren(...(data.open.length ? data.open.map((t) => entry(t, h("a", { class: "button", href: `#/table/${t.id}/join` }, "Join"))) : [h("p", { class: "muted" }, "No open tables. Create one and send the link to a friend.")]));
      runningList.replaceChildren(...(data.running.length ? data.running.map((t) => entry(t, h("a", { class: "button ghost", href: `#/table/${t.id}` }, "Watch"))) : [h("p", { class: "muted" }, "No games in progress.")]));
    } catch (err) {
      openList.replaceChildren(h("p", { class: "error" }, err.message));
    }
  }

  let who = null;
  Promise.all([getJSON("/api/games"), me()]).then(([data, identity]) => {
    who = identity;
    catalog = data.games;
    if (!catalog.find((g) => g.name === chosen)) chosen = catalog[0].name;
    renderPicker();
    renderForm();
  });
  refresh();
  const timer = setInterval(refresh, 3000);
  const unlisten = onChange((identity) => {
    const changed = !who || who.signed_in !== identity.signed_in;
    who = identity;
    const input = form.querySelector("#your-name");
    if (changed && catalog.length) renderForm();
    else if (input && document.activeElement !== input) input.value = identity.name || "";
  });
  return () => { clearInterval(timer); unlisten(); };
}
