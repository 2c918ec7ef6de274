// The lobby, as lichess's: pick a game, then one click to play the computer (at the
// level you chose last, remembered; the middle level at first) or to challenge a friend
// with a time control (a link to send); the rest (seed, start position, variant, colour,
// clock) folded away. Below: my games (continue, replay), open challenges to accept,
// games in progress to watch.
import { gameCatalog, getJSON, postJSON } from "../api.js";
import { h } from "../dom.js";
import { t, has, date } from "../i18n.js";
import { me, onChange, post } from "../account.js";
import { ensureName } from "../player-name.js";
import "../words/lobby.js";
import { shownName } from "../names.js";

const LEVEL_KEY = "spieltisch.lobby.level";
const GAME_KEY = "spieltisch.lobby.game";
// Time controls of the quick challenges: [minutes, increment seconds]; [0, 0] is no clock.
export const TIME_CONTROLS = [[0, 0], [3, 2], [5, 3], [10, 5], [15, 10], [30, 20]];

function remembered(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function remember(key, value) {
  try { localStorage.setItem(key, value); } catch { /* not remembered */ }
}

// The level shown chosen: the one remembered if the game offers it, else the middle one.
export function chosenLevel(levels) {
  const stored = remembered(LEVEL_KEY);
  if (stored && levels.includes(stored)) return stored;
  return levels[Math.floor(levels.length / 2)];
}

export function levelName(level) {
  return has(`lobby.level.${level}`) ? t(`lobby.level.${level}`) : level;
}

export function clockName([minutes, increment]) {
  return minutes ? `${minutes}+${increment}` : t("lobby.noClock");
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "choice") {
    input = h("select", { id, name: option.name }, option.choices.map((c) => h("option", { value: c, selected: c === option.default }, c)));
  } else if (option.kind === "int") {
    input = h("input", { id, name: option.name, type: "text", inputmode: "numeric", placeholder: option.default === null ? t("lobby.default") : String(option.default), value: option.default === null ? "" : String(option.default) });
  } else {
    input = h("input", { id, name: option.name, type: "text", placeholder: option.kind === "list" ? t("lobby.listHint") : "", value: option.default || "" });
  }
  return h("label", { class: "field" }, h("span", {}, option.name.replace(/_/g, " ")), input);
}

export function mount(main) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  let catalog = [];
  let chosen = params.get("game") || remembered(GAME_KEY);
  let who = null;
  let busy = false;
  const status = h("p", { class: "form-status", id: "lobby-status", role: "status" });
  const picker = h("div", { class: "game-picker", role: "tablist", "aria-label": t("lobby.pickGame") });
  const quick = h("div", { class: "quick" });
  const form = h("form", { class: "new-table", onsubmit: (e) => { e.preventDefault(); create(); } });
  const advanced = h("details", { class: "advanced card", id: "advanced" }, h("summary", {}, t("lobby.advanced")), form);
  const mine = h("section", { class: "card my-games", id: "my-games" });
  const openList = h("div", { class: "table-list", id: "open-challenges" });
  const runningList = h("div", { class: "table-list", id: "watch-games" });
  main.append(
    h("div", { class: "page lobby" },
      h("section", { class: "hero" }, h("h1", {}, "Spieltisch"), h("p", {}, t("lobby.tagline"))),
      picker, quick, status, advanced,
      h("div", { class: "lobby-lists" },
        mine,
        h("section", { class: "card" }, h("h2", {}, t("lobby.openChallenges")), openList),
        h("section", { class: "card" }, h("h2", {}, t("lobby.watch")), runningList))),
  );

  const game = () => catalog.find((g) => g.name === chosen) || catalog[0];

  function renderPicker() {
    picker.replaceChildren(
      ...catalog.map((g) =>
        h("button", { type: "button", role: "tab", "aria-selected": String(g.name === chosen), class: `game-card${g.name === chosen ? " chosen" : ""}`, "data-game": g.name, onclick: () => { chosen = g.name; remember(GAME_KEY, chosen); renderPicker(); renderQuick(); renderForm(); } },
          h("span", { class: `game-emblem emblem-${g.name}` }),
          h("b", {}, g.title),
          h("span", { class: "blurb" }, g.summary),
          h("a", { href: `#/rules/${g.name}`, class: "rules-link", onclick: (e) => e.stopPropagation() }, t("lobby.howToPlay")))),
    );
  }

  function renderQuick() {
    const g = game();
    if (!g) return;
    let level = chosenLevel(g.levels);
    const levelButtons = g.levels.map((l) =>
      h("button", { type: "button", class: `level${l === level ? " chosen" : ""}`, "data-level": l, "aria-pressed": String(l === level), onclick: (e) => {
        level = l;
        remember(LEVEL_KEY, l);
        levels.querySelectorAll(".level").forEach((b) => { b.classList.toggle("chosen", b === e.currentTarget); b.setAttribute("aria-pressed", String(b === e.currentTarget)); });
      } }, levelName(l)));
    const levels = h("div", { class: "levels", role: "group", "aria-label": t("lobby.level") }, levelButtons);
    quick.replaceChildren(
      h("section", { class: "card quick-ai", id: "play-computer" },
        h("h2", {}, t("lobby.playComputer")),
        levels,
        h("button", { type: "button", class: "primary big", id: "play-ai", onclick: () => start({ opponent: "ai", level }) }, t("lobby.playGame", { game: g.title }))),
      h("section", { class: "card quick-friend", id: "challenge-friend" },
        h("h2", {}, t("lobby.challengeFriend")),
        h("div", { class: "clocks" }, TIME_CONTROLS.map((tc) =>
          h("button", { type: "button", class: "clock-choice", "data-clock": `${tc[0]}+${tc[1]}`, onclick: () => start({ opponent: "link", clock_minutes: tc[0] || null, clock_increment: tc[0] ? tc[1] : null }) },
            h("b", {}, clockName(tc)), tc[0] ? h("span", { class: "muted small" }, t(`lobby.pace.${pace(tc)}`)) : null))),
        h("p", { class: "muted small" }, t("lobby.challengeHint"))),
    );
  }

  // How fast a time control is, by lichess's estimate (minutes * 60 + 40 * increment).
  function pace([minutes, increment]) {
    const total = minutes * 60 + 40 * increment;
    if (total < 480) return "blitz";
    if (total < 1500) return "rapid";
    return "classical";
  }

  // A quick game: asks a guest's name once, then creates the table and goes there.
  async function start(fields) {
    if (busy) return;
    busy = true;
    status.classList.remove("error");
    try {
      const name = await ensureName();
      status.textContent = t("lobby.creating");
      const made = await postJSON("/api/tables", { game: game().name, seat: 0, ...(name ? { name } : {}), ...fields });
      location.hash = `#/table/${made.id}`;
    } catch (err) {
      status.textContent = err.message;
      status.classList.add("error");
    } finally {
      busy = false;
    }
  }

  function renderForm() {
    const g = game();
    if (!g) return;
    const players = g.players;
    const level = chosenLevel(g.levels);
    form.replaceChildren(
      ...[
      h("h2", {}, t("lobby.newTable", { game: g.title })),
      g.options.length ? h("fieldset", { class: "options" }, h("legend", {}, t("lobby.variant")), g.options.map(optionInput)) : null,
      h("fieldset", {}, h("legend", {}, t("lobby.start")),
        h("label", { class: "field" }, h("span", {}, t("lobby.seed")), h("input", { name: "seed", type: "text", inputmode: "numeric", placeholder: t("lobby.random") })),
        h("label", { class: "field wide" }, h("span", {}, t("lobby.position")), h("textarea", { name: "position", rows: 2, placeholder: t("lobby.positionHint") }))),
      h("fieldset", {}, h("legend", {}, t("lobby.opponent")),
        h("div", { class: "radios" },
          h("label", {}, h("input", { type: "radio", name: "opponent", value: "ai", checked: true }), " ", t("lobby.opponent.ai")),
          h("label", {}, h("input", { type: "radio", name: "opponent", value: "here" }), " ", t("lobby.opponent.here")),
          h("label", {}, h("input", { type: "radio", name: "opponent", value: "link" }), " ", t("lobby.opponent.link"))),
        h("label", { class: "field" }, h("span", {}, t("lobby.level")), h("select", { name: "level" }, g.levels.map((l) => h("option", { value: l, selected: l === level }, levelName(l)))))),
      h("fieldset", {}, h("legend", {}, t("lobby.you")),
        who && who.signed_in
          ? h("label", { class: "field" }, h("span", {}, t("lobby.playingAs")), h("input", { name: "name", type: "text", value: who.name, readonly: true, id: "playing-as" }))
          : h("label", { class: "field" }, h("span", {}, t("lobby.yourName")), h("input", { name: "name", type: "text", value: (who && who.name) || "", placeholder: t("lobby.nameHint"), maxlength: 40, id: "your-name" })),
        h("label", { class: "field" }, h("span", {}, t("lobby.colour")), h("select", { name: "seat" },
          players.map((p, i) => h("option", { value: i }, i === 0 ? t("lobby.movesFirst", { player: p }) : p)),
          h("option", { value: "random" }, t("lobby.randomColour")))),
        h("label", { class: "field" }, h("span", {}, t("lobby.clockMinutes")), h("input", { name: "clock_minutes", type: "text", inputmode: "numeric", placeholder: t("lobby.none") })),
        h("label", { class: "field" }, h("span", {}, t("lobby.increment")), h("input", { name: "clock_increment", type: "text", inputmode: "numeric", placeholder: "0" }))),
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "primary", id: "create" }, t("lobby.create"))),
      ].filter(Boolean),
    );
  }

  async function create() {
    const g = game();
    const data = new FormData(form);
    const options = {};
    for (const option of g.options) {
      const value = String(data.get(option.name) || "").trim();
      const def = option.default === null ? "" : String(option.default);
      if (value !== def) options[option.name] = value === "" ? "none" : value;
    }
    status.classList.remove("error");
    status.textContent = t("lobby.creating");
    try {
      const name = String(data.get("name") || "").trim();
      // a guest's name is kept with the guest session: asked once, then filled in
      if (!who.signed_in && name && name !== who.name) who = await post("/api/account/guest", { name });
      let seat = data.get("seat");
      if (seat === "random") seat = Math.random() < 0.5 ? 0 : 1;
      const made = await postJSON("/api/tables", {
        game: g.name,
        options,
        seed: String(data.get("seed") || "").trim() || null,
        position: String(data.get("position") || "").trim() || null,
        opponent: data.get("opponent"),
        level: data.get("level"),
        seat,
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

  const players = (names) => names.map((p) => p || t("lobby.freeSeat")).join(" – ");

  // One table or game: its title, "#id · players · N moves" (`moves` the count, or
  // null), an extra line (turn, clock, result) and the action.
  function entry(item, action, extra, moves = null) {
    const names = players(item.players.map((p) => shownName(typeof p === "string" ? p : p.name)));
    const line = [`#${item.id}`, names, moves === null ? null : t("lobby.moves", { count: moves })].filter(Boolean).join(" · ");
    return h("div", { class: "table-entry", "data-id": item.id },
      h("span", { class: `game-emblem small emblem-${item.game}` }),
      h("span", { class: "entry-main" }, h("b", {}, item.title || titleOf(item.game)), " ", h("span", { class: "muted" }, line), extra ? h("span", { class: "entry-extra" }, extra) : null),
      action);
  }

  function titleOf(name) {
    const found = catalog.find((g) => g.name === name);
    return found ? found.title : name;
  }

  function resultWord(g) {
    return has(`lobby.result.${g.result}`) ? t(`lobby.result.${g.result}`) : t("lobby.result.over");
  }

  function renderMine(data) {
    const parts = [h("h2", {}, t("lobby.myGames"))];
    const running = data.running.map((g) => entry(g, h("a", { class: `button${g.your_turn ? " primary" : ""}`, href: `#/table/${g.id}` }, t("lobby.continue")), g.your_turn ? h("span", { class: "turn-mark" }, t("lobby.yourTurn")) : null, g.ply));
    const waiting = data.waiting.map((g) => entry(g, h("a", { class: "button ghost", href: `#/table/${g.id}` }, t("lobby.open")), t("lobby.waitingFor")));
    const recent = data.recent.slice(0, 8).map((g) => entry(g, h("a", { class: "button ghost", href: `#/replay/${g.id}` }, t("lobby.replay")), h("span", { class: `result result-${g.result}` }, resultWord(g), g.finished ? ` · ${date(g.finished, { dateStyle: "short" })}` : ""), g.plies));
    if (running.length || waiting.length) parts.push(h("h3", {}, t("lobby.running")), ...waiting, ...running);
    if (recent.length) parts.push(h("h3", {}, t("lobby.recent")), ...recent);
    if (!running.length && !waiting.length && !recent.length) parts.push(h("p", { class: "muted" }, t("lobby.noGamesYet")));
    mine.replaceChildren(...parts);
  }

  async function accept(id) {
    try {
      const name = await ensureName();
      await postJSON(`/api/tables/${id}/join`, name ? { name } : {});
      me(true);
      location.hash = `#/table/${id}`;
    } catch (err) {
      status.textContent = err.message;
      status.classList.add("error");
    }
  }

  // The open and running tables every 3 s; my games (a store query) every 4th time.
  let my = null;
  let ticks = 0;
  async function refresh(force = false) {
    try {
      const mineDue = force || !my || ticks++ % 4 === 0;
      const [data, fresh] = await Promise.all([getJSON("/api/tables"), mineDue ? getJSON("/api/my/games") : Promise.resolve(my)]);
      my = fresh;
      const own = new Set([...my.waiting, ...my.running].map((g) => g.id));
      const open = data.open.filter((g) => !own.has(g.id));
      const clock = (g) => (g.clock ? clockName([g.clock[0], g.clock[1]]) : null);
      openList.replaceChildren(...(open.length ? open.map((g) => entry(g, h("button", { type: "button", class: "primary", onclick: () => accept(g.id) }, t("lobby.accept")), clock(g))) : [h("p", { class: "muted" }, t("lobby.noChallenges"))]));
      const watchable = data.running.filter((g) => !own.has(g.id)); // yours are in "my games"
      runningList.replaceChildren(...(watchable.length ? watchable.map((g) => entry(g, h("a", { class: "button ghost", href: `#/table/${g.id}` }, t("lobby.watchOne")), null, g.ply)) : [h("p", { class: "muted" }, t("lobby.noRunning"))]));
      renderMine(my);
    } catch (err) {
      openList.replaceChildren(h("p", { class: "error" }, err.message));
    }
  }

  Promise.all([gameCatalog(), me()]).then(([games, identity]) => {
    who = identity;
    catalog = games;
    if (!catalog.find((g) => g.name === chosen)) chosen = catalog[0].name;
    renderPicker();
    renderQuick();
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
    if (changed) refresh(true);
  });
  const relabel = () => { if (catalog.length) { renderPicker(); renderQuick(); renderForm(); refresh(); } };
  window.addEventListener("languagechange-spieltisch", relabel);
  return () => { clearInterval(timer); unlisten(); window.removeEventListener("languagechange-spieltisch", relabel); };
}
