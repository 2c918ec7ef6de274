// The game page: the board and everything around it from the table's live view. Moves by
// drag and drop or click-click (the view's click paths), premoves while the opponent
// thinks, typed moves with completion, move animation and sounds, the clocks (the
// server's times), the move list by full move (click or ← → to look at a position),
// abort, take-back, draw, resign, the end and the rematch offer. Every word through t().
// Other areas mount their parts in the side panel's slots: #legend-slot, #invite-slot,
// #chat-slot (empty containers kept across redraws); after every redraw the page root
// (`.play`) gets a "table-update" event with `{ id, table, view }`.
import { TableSocket, getJSON, postJSON } from "../api.js";
import { Clicks } from "../clicks.js";
import { h, s as svgEl, svgRoot, playerColour } from "../dom.js";
import { t } from "../i18n.js";
import { gamePhrase, gameWords, gameWord, playerName } from "../game-words.js";
import { buttonBar, drawBoard, outcomeBox, seatBar, sharedPanel, slide, stoneInspector } from "../position.js";
import { attachDrag } from "../drag.js";
import { premoveAllowed, premoveSources, premoveTargets, resolvePremove } from "../premove.js";
import { ClockTicker } from "../clock.js";
import { bindKeys } from "../keys.js";
import { keepInSight, moveList } from "../movelist.js";
import { play as playSound, setSound, soundOn } from "../sound.js";
import { mountLegend } from "../legend.js";
import { analysisBox } from "./analysis.js";
import { me } from "../account.js";
import "../words/board.js";

const NOTIFY_KEY = "spieltisch.notify";
// The table's own reasons for an end (a game's reasons come from the game's words).
const TABLE_REASONS = ["RESIGNATION", "TIME", "AGREED_DRAW", "LEFT"];
// Why a game ended without a result (tables/lifecycle.py, tables/table.py).
// Why a game ended without a result: the server's code (tables/abandoned.py) in words;
// an unknown code shows the stored note itself.
const ABANDONED = {
  EXPIRED: "board.abandoned.expired",
  NO_MOVE: "board.abandoned.noMove",
  STALE: "board.abandoned.stale",
  RESTART: "board.abandoned.restart",
  ABORTED: "board.abandoned.byPlayer",
  STORE_DOWN: "board.abandoned.storeDown",
  IMPORTED: "board.abandoned.imported",
  BOT_LEFT: "board.abandoned.botLeft",
  CANCELLED: "board.abandoned.cancelled",
  ABANDONED: "board.abandoned.other",
  AI_FAILED: "board.abandoned.aiFailed",
};

// Small drawn icons (no emoji: not every device has the font).
const ICONS = {
  flip: ["M30 15 L30 85 M30 15 L16 32 M30 15 L44 32", "M70 85 L70 15 M70 85 L56 68 M70 85 L84 68"],
  soundOn: ["M15 38 L32 38 L52 20 L52 80 L32 62 L15 62 Z", "M64 35 Q74 50 64 65", "M73 25 Q90 50 73 75"],
  soundOff: ["M15 38 L32 38 L52 20 L52 80 L32 62 L15 62 Z", "M64 36 L88 64 M88 36 L64 64"],
  bell: ["M50 14 Q28 16 28 44 L28 62 L18 74 L82 74 L72 62 L72 44 Q72 16 50 14 Z", "M42 82 Q50 92 58 82"],
  bellOff: ["M50 14 Q28 16 28 44 L28 62 L18 74 L82 74 L72 62 L72 44 Q72 16 50 14 Z", "M42 82 Q50 92 58 82", "M14 14 L86 90"],
};

function icon(name) {
  const svg = svgRoot(100, 100, `icon icon-${name}`);
  svg.setAttribute("aria-hidden", "true");
  for (const d of ICONS[name]) svg.append(svgEl("path", { d }));
  return svg;
}
import { mountChat } from "../chat.js";
import { mountInvite } from "../invite.js";

function labelOf(view, id) {
  const target = view.targets.find((x) => x.id === id);
  return target ? target.label : id;
}

function boardCount(view) {
  return view.pieces.reduce((n, p) => n + (p.height || 1), 0);
}

export function mount(main, { id, join }) {
  let table = null; // the last table message
  let looking = null; // {ply, view} when looking at an earlier position
  const views = new Map(); // ply -> view of the stored game, for looking back
  let clicks = new Clicks([]);
  let premove = null; // {path} queued while the opponent is to move
  let preClicks = []; // the premove being chosen
  let hovered = null;
  let inspected = null;
  let manualFlip = false;
  let socket = null;
  let received = 0;
  let dropped = false; // the last move was dropped here by drag: no slide for it
  let turnSeenAt = performance.now();
  let words = null;
  let note = null; // {text, until}: a visible note in the action strip (premove dropped…)
  const originalTitle = document.title;
  const root = h("div", { class: "page play", "data-table": id });
  const toast = h("div", { class: "toast", role: "status" });
  // Containers other areas fill; kept (not redrawn) across renders.
  const slots = {
    legend: h("div", { id: "legend-slot", class: "slot" }),
    invite: h("div", { id: "invite-slot", class: "slot" }),
    chat: h("div", { id: "chat-slot", class: "slot" }),
  };
  // The piece legend follows the position shown (promoted pieces, Okard's stones).
  root.addEventListener("table-update", (e) => mountLegend(slots.legend, e.detail.view.game, e.detail.view));
  const datalist = h("datalist", { id: `legal-moves-${id}` });
  const typed = h("input", { type: "text", name: "notation", id: "typed-move", list: datalist.id, placeholder: t("board.typeMove"), autocomplete: "off", spellcheck: "false", "aria-label": t("board.typeMove"), enterkeyhint: "send" });
  const typedForm = h("form", { class: "notation", onsubmit: (e) => { e.preventDefault(); submitTyped(); } }, typed, datalist, h("button", { type: "submit", id: "typed-play" }, t("board.play")));
  typed.addEventListener("input", () => {
    typed.classList.toggle("unknown", !!typed.value.trim() && !completions(typed.value).length);
    fillCompletions();
  });
  main.append(root, toast);
  const ticker = new ClockTicker(root, (seat) => { if (table && table.held.length === 1 && table.held.includes(seat)) playSound("lowtime"); });

  function say(message, bad = true) {
    toast.textContent = message;
    toast.className = `toast show${bad ? " bad" : ""}`;
    clearTimeout(say.timer);
    say.timer = setTimeout(() => (toast.className = "toast"), 3500);
  }

  function notice(text) {
    note = { text, until: Date.now() + 6000 };
    say(text);
  }

  // --- who may do what --------------------------------------------------------------

  function live() {
    return table && table.state;
  }

  function canClick() {
    return table && !looking && table.your_turn && table.status === "running" && table.state && table.state.to_move === table.turn;
  }

  function mySeat() {
    return table && table.held.length === 1 ? table.held[0] : null;
  }

  function canPremove() {
    return !!table && !looking && table.status === "running" && mySeat() !== null && !table.your_turn && table.turn !== null && premoveAllowed(table.state);
  }

  function firstDrags() {
    if (!canClick() || live().layout.kind !== "grid") return new Set();
    const view = live();
    const onBoard = new Set(view.pieces.map((p) => p.cell));
    const inHand = new Set(view.hands.flatMap((hand) => hand.items.map((item) => item.id)));
    const ids = new Set();
    for (const m of view.moves) if (m.path.length >= 2 && (onBoard.has(m.path[0]) || inHand.has(m.path[0]))) ids.add(m.path[0]);
    return ids;
  }

  function canDrag(target) {
    if (canClick()) return firstDrags().has(target);
    if (canPremove()) return premoveSources(live(), [mySeat()]).has(target);
    return false;
  }

  // --- moving -----------------------------------------------------------------------

  function send(notation) {
    socket.send({ type: "move", notation, think: Math.max(0, (performance.now() - turnSeenAt) / 1000) });
    table.your_turn = false; // until the server answers
    clicks.reset();
    render();
  }

  function clickLive(target) {
    if (clicks.clicks.length === 1 && clicks.clicks[0] === target && !clicks.moveFor([target])) {
      clicks.reset(); // a second click on the chosen piece puts it down
      render();
      return;
    }
    const move = clicks.click(target);
    if (move) send(move.notation);
    else render();
  }

  function clickPremove(target) {
    const view = live();
    const sources = premoveSources(view, [mySeat()]);
    if (preClicks.length === 1 && target !== preClicks[0] && premoveTargets(view, preClicks[0]).has(target) && !(sources.has(target) && view.pieces.some((p) => p.cell === target && p.owner === mySeat()))) {
      premove = { path: [preClicks[0], target] };
      preClicks = [];
    } else if (sources.has(target) && preClicks[0] !== target) {
      preClicks = [target];
      premove = null;
    } else {
      preClicks = [];
      premove = null;
    }
    render();
  }

  function onClick(target) {
    if (canClick()) return clickLive(target);
    if (canPremove()) return clickPremove(target);
    if (table && table.status === "running" && !looking && table.held.length) {
      if (table.thinking) say(t("board.aiThinking"));
      else if (!premoveAllowed(table.state)) say(t("board.noPremove"));
      else say(t("board.notYourTurn"));
    }
  }

  function onPick(target) {
    if (canClick()) {
      clicks.reset();
      clicks.click(target);
    } else if (canPremove()) {
      preClicks = [target];
      premove = null;
    }
    render();
  }

  function onDrop(from, to) {
    if (to === null || to === from) return render(); // put back: stays chosen
    if (canClick()) {
      clicks.clicks = [from];
      if (!clicks.next().has(to)) {
        clicks.reset();
        render();
        return;
      }
      const move = clicks.click(to);
      if (move) {
        dropped = true;
        send(move.notation);
      } else render(); // a choice to make (promotion)
    } else if (canPremove()) {
      if (premoveTargets(live(), from).has(to)) premove = { path: [from, to] };
      preClicks = [];
      render();
    }
  }

  function cancelAll() {
    clicks.reset();
    preClicks = [];
    premove = null;
    render();
  }

  function completions(text) {
    const wanted = text.trim().toLowerCase();
    if (!wanted || !canClick()) return [];
    return live().moves.filter((m) => m.notation.toLowerCase().startsWith(wanted));
  }

  // The legal moves' notations that start with what is typed (all of them when nothing
  // is), offered by the box as completions.
  function fillCompletions() {
    const text = typed.value.trim();
    const moves = !canClick() ? [] : text ? completions(text) : live().moves;
    datalist.replaceChildren(...moves.slice(0, 60).map((m) => h("option", { value: m.notation }, m.description || "")));
  }

  function submitTyped() {
    const text = typed.value.trim();
    if (!text) return;
    if (!canClick()) {
      say(t("board.notYourTurn"));
      return;
    }
    const exact = live().moves.find((m) => m.notation.toLowerCase() === text.toLowerCase());
    const options = completions(text);
    const notation = exact ? exact.notation : options.length === 1 ? options[0].notation : text;
    typed.value = "";
    typed.classList.remove("unknown");
    send(notation); // the server reads any notation the game knows (and says why not)
  }

  // --- looking back -----------------------------------------------------------------

  let wanted = null; // the ply asked for while its view is on its way
  function shownPly() {
    if (wanted !== null) return wanted;
    return looking ? looking.ply : table.moves.length;
  }

  async function look(ply) {
    if (!table) return;
    const total = table.moves.length;
    ply = Math.max(0, Math.min(total, ply));
    if (ply === total) {
      looking = null;
      wanted = null;
      render();
      return;
    }
    wanted = ply;
    try {
      let view = views.get(ply);
      if (!view) {
        const data = await getJSON(`/api/records/${id}/view?ply=${ply}`);
        view = data.view;
        views.set(ply, view);
      }
      if (wanted !== ply) return; // a later step was asked for meanwhile
      wanted = null;
      looking = { ply, view };
      clicks.reset();
      preClicks = [];
      render();
    } catch (err) {
      say(err.message);
    }
  }

  // --- drawing ----------------------------------------------------------------------

  function flipped() {
    const held = table.held || [];
    const own = held.length === 1 && held[0] === 1;
    return own !== manualFlip;
  }

  function statusLine(view) {
    if (table.status === "waiting") return h("div", { class: "status waiting" }, t("board.waiting"));
    if (table.status === "abandoned") return h("div", { class: "status" }, t("board.abandonedTitle"));
    if (table.status === "over") return null;
    if (looking) {
      return h("div", { class: "status looking" }, t("board.looking", { ply: looking.ply }), " ", h("button", { type: "button", class: "link", onclick: () => { looking = null; render(); } }, t("board.backToGame")));
    }
    const turn = table.turn;
    if (turn === null || turn === undefined) return h("div", { class: "status" }, "…");
    const name = playerName(words, view.players[turn]);
    if (table.thinking) return h("div", { class: `status ${playerColour(view, turn)}` }, h("span", { class: "spinner" }), " ", t("board.aiThinkingNamed", { player: name }));
    if (table.your_turn) {
      const text = table.held.length === 2 ? t("board.toMove", { player: name }) : t("board.yourTurnNamed", { player: name });
      return h("div", { class: `status your-turn ${playerColour(view, turn)}`, id: "your-turn" }, text, clicks.clicks.length ? ` — ${t("board.chooseWhere")}` : "");
    }
    return h("div", { class: `status ${playerColour(view, turn)}` }, t("board.toMove", { player: name }));
  }

  function reasonText(view, reason) {
    if (TABLE_REASONS.includes(reason)) return t(`board.reason.${reason}`);
    return gameWord(words, "reasons", reason);
  }

  function tableOutcome(view) {
    const o = view.outcome || table.outcome;
    if (!o) return view;
    let title = o.winner === null || o.winner === undefined ? t("board.draw") : t("board.wins", { player: playerName(words, view.players[o.winner]) });
    const known = TABLE_REASONS.includes(o.reason) || ((words || {}).reasons || {})[o.reason] !== undefined;
    if (!known && view.outcome && view.outcome.text) title = view.outcome.text; // the game's own sentence
    const scores = o.scores || [[], []];
    return { ...view, outcome: { ...o, text: title, reason_text: reasonText(view, o.reason), score_labels: (scores[0] || []).length ? o.score_labels || [] : [], scores } };
  }

  function offers() {
    const parts = [];
    const mine = mySeat();
    if (table.can_answer_takeback) {
      parts.push(h("div", { class: "offer" }, h("span", {}, t("board.takebackAsked")), h("button", { type: "button", id: "accept-takeback", class: "primary" }, t("board.accept")), h("button", { type: "button", id: "decline-takeback" }, t("board.decline"))));
    }
    if (table.can_answer_draw) {
      parts.push(h("div", { class: "offer" }, h("span", {}, t("board.drawOffered")), h("button", { type: "button", id: "accept-draw", class: "primary" }, t("board.accept")), h("button", { type: "button", id: "decline-draw" }, t("board.decline"))));
    }
    if (table.can_answer_rematch) {
      parts.push(h("div", { class: "offer" }, h("span", {}, t("board.rematchOffered")), h("button", { type: "button", id: "accept-rematch", class: "primary", onclick: rematch }, t("board.accept")), h("button", { type: "button", id: "decline-rematch", onclick: () => socket.send({ type: "decline_rematch" }) }, t("board.decline"))));
    }
    if (mine !== null && table.draw_offer === mine && table.status === "running") parts.push(h("div", { class: "offer pending", id: "draw-pending" }, t("board.drawSent")));
    if (mine !== null && table.takeback_offer === mine && table.status === "running") parts.push(h("div", { class: "offer pending", id: "takeback-pending" }, t("board.takebackSent")));
    if (mine !== null && table.rematch_offer === mine && !table.rematch) parts.push(h("div", { class: "offer pending", id: "rematch-pending" }, t("board.rematchSent")));
    if (table.declined_mine && table.declined) parts.push(h("div", { class: "offer declined", id: "offer-declined" }, t(table.declined.what === "draw" ? "board.drawDeclined" : "board.takebackDeclined")));
    if (table.rematch_declined) parts.push(h("div", { class: "offer declined", id: "rematch-declined" }, t("board.rematchDeclined")));
    if (table.can_claim) {
      parts.push(h("div", { class: "offer" }, h("span", {}, t("board.opponentLeft")), h("button", { type: "button", id: "claim", class: "primary", onclick: () => socket.send({ type: "claim" }) }, t("board.claim"))));
    }
    for (const [key, kind] of [["accept-takeback", "accept_takeback"], ["decline-takeback", "decline_takeback"], ["accept-draw", "accept_draw"], ["decline-draw", "decline_draw"]]) {
      for (const part of parts) {
        const button = part.querySelector(`#${key}`);
        if (button) button.addEventListener("click", () => socket.send({ type: kind }));
      }
    }
    return parts.length ? h("div", { class: "offers" }, parts) : null;
  }

  function controls() {
    const running = table.status === "running";
    const vsAI = table.seats.some((s) => s.kind === "ai");
    const buttons = [];
    if (table.held.length && table.can_abort) {
      buttons.push(h("button", { type: "button", id: "abort", class: "danger", onclick: () => socket.send({ type: "abort" }) }, t("board.abort")));
    }
    if (table.held.length && running) {
      if (table.can_take_back) buttons.push(h("button", { type: "button", id: "takeback", onclick: () => socket.send({ type: "takeback" }) }, vsAI || table.held.length === 2 ? t("board.takeBack") : t("board.offerTakeback")));
      if (!vsAI && table.held.length === 1 && table.draw_offer !== mySeat()) buttons.push(h("button", { type: "button", id: "offer-draw", onclick: () => socket.send({ type: "offer_draw" }) }, t("board.offerDraw")));
      if (!table.can_abort) buttons.push(h("button", { type: "button", id: "resign", class: "danger", onclick: () => { if (confirm(t("board.resignConfirm"))) socket.send({ type: "resign" }); } }, t("board.resign")));
    }
    buttons.push(h("button", { type: "button", class: "ghost icon", id: "flip", title: t("board.flipKey"), "aria-label": t("board.flip"), onclick: () => { manualFlip = !manualFlip; render(); } }, icon("flip"), h("span", { class: "label" }, t("board.flip"))));
    const on = soundOn();
    buttons.push(h("button", { type: "button", class: "ghost icon", id: "sound", "aria-pressed": on ? "true" : "false", title: on ? t("board.soundOff") : t("board.soundOn"), "aria-label": on ? t("board.soundOff") : t("board.soundOn"), onclick: () => { setSound(!soundOn()); render(); } }, icon(on ? "soundOn" : "soundOff")));
    if ("Notification" in window && table.held.length === 1) {
      const enabled = localStorage.getItem(NOTIFY_KEY) === "on" && Notification.permission === "granted";
      buttons.push(h("button", { type: "button", class: "ghost icon", id: "notify", "aria-pressed": enabled ? "true" : "false", title: enabled ? t("board.notifyOff") : t("board.notifyOn"), "aria-label": enabled ? t("board.notifyOff") : t("board.notifyOn"), onclick: toggleNotify }, icon(enabled ? "bell" : "bellOff")));
    }
    return h("div", { class: "controls" }, buttons);
  }

  async function toggleNotify() {
    if (localStorage.getItem(NOTIFY_KEY) === "on") {
      localStorage.setItem(NOTIFY_KEY, "off");
    } else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "on" : "off");
      if (answer !== "granted") say(t("board.notifyRefused"));
    }
    render();
  }

  async function rematch() {
    try {
      const answer = await postJSON(`/api/tables/${id}/rematch`, {});
      if (answer.id) location.hash = `#/table/${answer.id}`;
    } catch (err) {
      say(err.message);
    }
  }

  function links() {
    const base = `${location.origin}${location.pathname}`;
    const parts = [];
    if (table.status === "waiting" && table.held.length) {
      parts.push(h("label", { class: "field wide" }, h("span", {}, t("board.inviteLink")), h("input", { readonly: true, id: "invite-link", value: `${base}#/table/${id}/join`, onclick: (e) => e.target.select() })));
    }
    parts.push(h("label", { class: "field wide" }, h("span", {}, t("board.watchLink")), h("input", { readonly: true, id: "watch-link", value: `${base}#/table/${id}`, onclick: (e) => e.target.select() })));
    return h("details", { class: "links", open: table.status === "waiting" }, h("summary", {}, t("board.links")), parts);
  }

  function endBox() {
    if (table.status !== "over" && table.status !== "abandoned") return null;
    let rematchButton = null;
    if (table.held.length) {
      const label = table.rematch ? t("board.toRematch") : table.can_answer_rematch ? t("board.acceptRematch") : table.rematch_offer === mySeat() && mySeat() !== null ? null : t("board.rematch");
      if (label) rematchButton = h("button", { type: "button", class: "primary", id: "rematch", onclick: () => (table.rematch ? (location.hash = `#/table/${table.rematch}`) : rematch()) }, label);
    }
    const reason = table.abandoned ? (ABANDONED[table.abandoned_code] ? t(ABANDONED[table.abandoned_code]) : table.abandoned) : null;
    const why = table.status === "abandoned" && reason ? h("p", { class: "muted", id: "abandoned-reason" }, t("board.endedWithout", { reason })) : null;
    return h("div", { class: "end-actions" }, why, rematchButton, h("a", { class: "button ghost", href: `#/replay/${id}` }, t("board.replay")), h("a", { class: "button ghost", href: "#/" }, t("board.lobby")));
  }

  function premoveLine(view) {
    if (premove) {
      const path = premove.path.map((x) => labelOf(view, x)).join(" → ");
      return h("div", { class: "premove-line", id: "premove" }, h("span", {}, t("board.premoveQueued", { path })), h("button", { type: "button", class: "link", onclick: cancelAll }, t("board.cancel")));
    }
    if (preClicks.length) return h("div", { class: "premove-line" }, t("board.premoveChoose"), h("button", { type: "button", class: "link", onclick: cancelAll }, t("board.cancel")));
    return null;
  }

  function crumbs(view) {
    if (!clicks.clicks.length) return null;
    return h("div", { class: "path-so-far" }, h("span", { class: "muted" }, t("board.soFar")), clicks.clicks.map((x) => h("span", { class: "crumb" }, labelOf(view, x))), h("button", { type: "button", class: "link", onclick: cancelAll }, t("board.cancel")));
  }

  function showHover(target) {
    root.querySelectorAll(".hover-dot").forEach((el) => el.remove());
    hovered = target;
    if (!target || clicks.clicks.length || !canClick()) return;
    const board = root.querySelector("svg.board");
    if (!board) return;
    const ns = "http://www.w3.org/2000/svg";
    for (const m of live().moves) {
      if (m.path[0] !== target || m.path.length < 2) continue;
      const cell = board.querySelector(`.cell[data-id="${CSS.escape(m.path[1])}"]`);
      if (!cell || cell.querySelector(".hover-dot")) continue;
      const dot = document.createElementNS(ns, "circle");
      dot.setAttribute("class", "hover-dot");
      if (cell.classList.contains("field")) dot.setAttribute("r", "42");
      else { dot.setAttribute("cx", "50"); dot.setAttribute("cy", "50"); dot.setAttribute("r", "12"); }
      cell.append(dot);
    }
  }

  function render() {
    if (!table || !table.state) return;
    const liveView = table.state;
    const view = tableOutcome(looking ? looking.view : liveView);
    if (!canClick()) clicks.reset();
    if (!canPremove()) preClicks = [];
    const next = canClick() ? clicks.next() : new Set();
    let sources = new Set();
    let targets = new Set();
    if (canClick() && !clicks.clicks.length) sources = firstDrags();
    if (canPremove()) {
      sources = premoveSources(liveView, [mySeat()]);
      if (preClicks.length) targets = premoveTargets(liveView, preClicks[0]);
    }
    const selected = canClick() ? clicks.clicks : preClicks;
    const opts = {
      words,
      portrait: window.innerWidth < 700,
      flipped: flipped(),
      next,
      sources,
      selected,
      premove: premove ? premove.path : [],
      premoveTargets: targets,
      premoving: canPremove(),
      onClick,
      onInspect: inspect,
      onHover: (p) => p.stone && inspect(p.stone, p.owner),
      seats: table.seats,
      thinking: table.thinking ? table.thinking_seat : null,
      clocks: table.clocks,
    };
    const bottom = opts.flipped ? 1 : 0;
    const board = drawBoard(view, opts);
    const choices = buttonBar(view, opts);
    if (note && note.until < Date.now()) note = null;
    const strip = h(
      "div",
      { class: "action-strip", id: "actions" },
      looking ? null : view.outcome ? outcomeBox(view, endBox(), words) : endBox(),
      statusLine(view),
      choices,
      sharedPanel(view, opts),
      offers(),
      premoveLine(liveView),
      note ? h("div", { class: "note", id: "board-note", role: "status" }, note.text) : null,
      crumbs(view),
      controls(),
    );
    const boardArea = h("section", { class: "board-area" }, seatBar(view, 1 - bottom, opts), h("div", { class: "board-wrap" }, board), seatBar(view, bottom, opts));
    fillCompletions();
    typed.disabled = !canClick() || liveView.to_move === "chance";
    const list = moveList({ moves: table.moves || [], movers: table.movers || [], toMove: table.turn, current: shownPly(), onLook: look });
    const side = h(
      "aside",
      { class: "side" },
      h("div", { class: "card head" }, h("h2", {}, gamePhrase(words, "title", view.title), h("span", { class: "muted" }, ` #${id}`)), looking && view.outcome ? outcomeBox(view, null, words) : null),
      table.status === "waiting" ? slots.invite : null, // the invite first while a friend is awaited
      h("div", { class: "card moves-card" }, h("h3", {}, t("board.moves")), list, h("div", { class: "step-keys muted small" }, t("board.keysHint")), table.status === "running" && table.held.length ? typedForm : null),
      h("div", { class: "card inspector-card" }, h("div", { class: "inspector-slot" })),
      slots.legend,
      table.status === "waiting" ? null : slots.invite,
      slots.chat,
      h("div", { class: "card" }, analysisBox(() => ({ game_id: id, ply: shownPly() }), table.status !== "running"), links(), h("div", { class: "muted small" }, t("board.watching", { count: table.spectators }))),
    );
    const focused = document.activeElement === typed;
    root.replaceChildren(boardArea, strip, side);
    if (focused) typed.focus();
    root.dataset.status = table.status;
    root.dataset.ply = String(table.ply);
    root.dataset.received = String(received);
    root.dataset.looking = looking ? String(looking.ply) : "";
    root.dataset.premove = premove ? premove.path.join(" ") : "";
    root.classList.toggle("premoving", canPremove());
    if (inspected) inspect(inspected.stone, inspected.owner);
    keepInSight(list);
    ticker.update(looking ? null : table.clocks, table.status === "running");
    if (hovered) showHover(hovered);
    // for the parts mounted in the slots (legend, chat, invite): the table and the view shown
    root.dispatchEvent(new CustomEvent("table-update", { detail: { id, table, view } }));
  }

  function inspect(stone, owner) {
    inspected = { stone, owner };
    const box = root.querySelector(".inspector-slot");
    const view = looking ? looking.view : table.state;
    if (box) box.replaceChildren(stoneInspector(stone, owner, view) || "");
  }

  // --- messages from the server ---------------------------------------------------

  function attention(before, after) {
    const mine = after.held.length === 1;
    const title = after.title || (after.state && after.state.title) || "";
    document.title = mine && after.your_turn && after.status === "running" ? `● ${t("board.yourTurn")} — ${title}` : `${title} · ${originalTitle}`;
    if (!before) {
      if (after.status === "running" && after.ply === 0 && after.held.length) playSound("start");
      return;
    }
    if (before.status === "waiting" && after.status === "running") playSound("start");
    if (after.ply > before.ply && after.state && before.state) playSound(boardCount(after.state) < boardCount(before.state) ? "capture" : "move");
    if (before.status === "running" && (after.status === "over" || after.status === "abandoned")) playSound("end");
    const turnCame = mine && after.your_turn && !before.your_turn && after.status === "running";
    if (turnCame && document.hidden) {
      playSound("turn");
      if (localStorage.getItem(NOTIFY_KEY) === "on" && "Notification" in window && Notification.permission === "granted") {
        try { new Notification(`${t("board.yourTurn")} — ${title}`, { body: after.last_move || "", tag: `table-${id}` }); } catch { /* not on this device */ }
      }
    }
  }

  function animate(before, after) {
    if (!before || looking || after.ply !== before.ply + 1 && !(after.ply > before.ply && after.movers && after.movers[after.ply - 1] === -1)) return;
    if (dropped) {
      dropped = false;
      return;
    }
    const last = after.state.last_move;
    if (!last || !last.cells || last.cells.length < 2) return;
    const movers = after.movers || [];
    let mover = null;
    for (let i = movers.length - 1; i >= 0; i--) if (movers[i] !== -1) { mover = movers[i]; break; }
    slide(root.querySelector("svg.board"), last.cells[0], last.cells[last.cells.length - 1], mover);
  }

  function onTable(data) {
    if (table && data.epoch === table.epoch && data.version < table.version) return;
    const before = table;
    const changed = !table || table.ply !== data.ply || table.status !== data.status;
    table = data;
    received += 1;
    clicks = new Clicks(data.state ? data.state.moves : []);
    if (changed) views.clear();
    if (changed && looking) looking = null;
    if (changed) wanted = null;
    if (data.your_turn && (!before || !before.your_turn || before.ply !== data.ply)) turnSeenAt = performance.now();
    if (data.status !== "running") {
      premove = null;
      preClicks = [];
    }
    const myTurn = data.your_turn && data.status === "running" && data.state && data.state.to_move === data.turn;
    if (premove && myTurn) { // played even while an earlier position is looked at
      const result = resolvePremove(premove.path, data.state.moves);
      premove = null;
      if (result && result.move) {
        dropped = false;
        send(result.move.notation);
        animate(before, data);
        attention(before, data);
        return;
      }
      if (result && result.partial) {
        clicks.clicks = result.partial;
        notice(t("board.premoveNeedsChoice"));
      } else {
        notice(t("board.premoveDropped"));
      }
    }
    if (before && !before.rematch && data.rematch && data.held.length) {
      location.hash = `#/table/${data.rematch}`;
      return;
    }
    render();
    animate(before, data);
    attention(before, data);
    if (!words && data.game) {
      gameWords(data.game).then((w) => { words = w; render(); }).catch(() => {});
      words = words || {};
    }
  }

  async function start() {
    if (join) {
      try {
        const who = await me();
        await postJSON(`/api/tables/${id}/join`, { name: who.name || null }); // none: the server's stand-in
        me(true);
      } catch (err) {
        say(err.message);
      }
      history.replaceState(null, "", `#/table/${id}`);
    }
    socket = new TableSocket(id, onTable, (message) => { say(message); if (table) { clicks.reset(); table.your_turn = table.turn !== null && table.held.includes(table.turn); render(); } }, (state) => root.classList.toggle("offline", state === "closed"));
    mountInvite(slots.invite, id, socket);
    mountChat(slots.chat, socket);
  }

  const unkeys = bindKeys({
    back: () => table && look(shownPly() - 1),
    forward: () => table && (looking || wanted !== null) && look(shownPly() + 1),
    first: () => table && look(0),
    last: () => { if (table && (looking || wanted !== null)) { looking = null; wanted = null; render(); } },
    flip: () => { manualFlip = !manualFlip; render(); },
    cancel: cancelAll,
  });
  const undrag = attachDrag(root, { canDrag, onPick, onDrop, onHover: showHover });
  root.addEventListener("contextmenu", (e) => {
    if (!e.target.closest("svg.board")) return;
    if (premove || preClicks.length || clicks.clicks.length) {
      e.preventDefault(); // right-click cancels a premove or a selection, as on lichess
      cancelAll();
    }
  });
  let relayoutFrame = 0;
  const relayout = () => {
    cancelAnimationFrame(relayoutFrame);
    relayoutFrame = requestAnimationFrame(() => render());
  };
  window.addEventListener("resize", relayout);
  window.addEventListener("languagechange-spieltisch", relayout);
  start();
  return () => {
    ticker.stop();
    unkeys();
    undrag();
    window.removeEventListener("resize", relayout);
    window.removeEventListener("languagechange-spieltisch", relayout);
    document.title = originalTitle;
    if (socket) socket.close();
  };
}
