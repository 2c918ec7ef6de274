// The game page: the board and everything around it from the table's live view, moves by
// clicks (the view's paths) or typed notation, the move list (click a move to look at
// that position), clocks, take-back, resign, draw, the end, rematch and analysis.
import { TableSocket, getJSON, postJSON } from "../api.js";
import { Clicks } from "../clicks.js";
import { h, playerColour } from "../dom.js";
import { buttonBar, drawBoard, formatClock, outcomeBox, seatBar, sharedPanel, stoneInspector } from "../position.js";
import { analysisBox } from "./analysis.js";
import { me } from "../account.js";
import { mountChat } from "../chat.js";
import { mountInvite } from "../invite.js";

function labelOf(view, id) {
  const target = view.targets.find((t) => t.id === id);
  return target ? target.label : id;
}

export function mount(main, { id, join }) {
  let table = null; // the last table message
  let looking = null; // {ply, view} when looking at an earlier position
  let clicks = new Clicks([]);
  let inspected = null;
  let manualFlip = false;
  let socket = null;
  let received = 0;
  const root = h("div", { class: "page play", "data-table": id });
  const toast = h("div", { class: "toast", role: "status" });
  const extras = h("div", { class: "table-extras" }); // the invite and the chat (lobby's)
  main.append(root, extras, toast);

  function say(message, bad = true) {
    toast.textContent = message;
    toast.className = `toast show${bad ? " bad" : ""}`;
    clearTimeout(say.timer);
    say.timer = setTimeout(() => (toast.className = "toast"), 3500);
  }

  function canClick() {
    return table && !looking && table.your_turn && table.status === "running" && table.state && table.state.to_move === table.turn;
  }

  function onClick(target) {
    if (!canClick()) {
      if (table && table.status === "running" && !looking && table.held.length) say(table.thinking ? "The AI is thinking…" : "It is not your turn.");
      return;
    }
    const move = clicks.click(target);
    if (move) {
      socket.send({ type: "move", notation: move.notation });
      table.your_turn = false; // until the server answers
    }
    render();
  }

  function inspect(stone, owner) {
    inspected = { stone, owner };
    const box = root.querySelector(".inspector-slot");
    const view = looking ? looking.view : table.state;
    if (box) box.replaceChildren(stoneInspector(stone, owner, view) || "");
  }

  function flipped() {
    const held = table.held || [];
    const own = held.length === 1 && held[0] === 1;
    return own !== manualFlip;
  }

  function statusLine(view) {
    if (table.status === "waiting") return h("div", { class: "status waiting" }, "Waiting for your friend to open the invite link…");
    if (table.status === "abandoned") return h("div", { class: "status" }, "This game was abandoned.");
    if (table.status === "over") return null;
    if (looking) return h("div", { class: "status looking" }, `Looking at the position after move ${looking.ply}. `, h("button", { type: "button", class: "link", onclick: () => { looking = null; render(); } }, "Back to the game"));
    const turn = table.turn;
    if (turn === null || turn === undefined) return h("div", { class: "status" }, "…");
    const name = view.players[turn];
    if (table.thinking) return h("div", { class: `status ${playerColour(view, turn)}` }, h("span", { class: "spinner" }), ` The AI (${name}) is thinking…`);
    if (table.your_turn) return h("div", { class: `status your-turn ${playerColour(view, turn)}` }, (table.held.length === 2 ? `${name} to move` : `Your turn (${name})`) + (clicks.clicks.length ? " — choose where" : ""));
    return h("div", { class: `status ${playerColour(view, turn)}` }, `${name} to move`);
  }

  function tableOutcome(view) {
    if (view.outcome) return view;
    const o = table.outcome;
    if (!o) return view;
    const reasons = { RESIGNATION: "resignation", TIME: "time ran out", AGREED_DRAW: "draw agreed" };
    const text = o.winner === null ? `draw: ${reasons[o.reason] || o.reason}` : `${view.players[o.winner]} wins: ${reasons[o.reason] || o.reason}`;
    return { ...view, outcome: { winner: o.winner, reason: o.reason, text, score_labels: o.scores[0].length ? o.score_labels : [], scores: o.scores } };
  }

  function moveList() {
    const list = h("ol", { class: `moves${(table.moves || []).some((m) => m.length > 12) ? " long" : ""}` });
    const moves = table.moves || [];
    const movers = table.movers || [];
    moves.forEach((notation, i) => {
      const current = looking ? looking.ply === i + 1 : i === moves.length - 1;
      list.append(h("li", { class: `${current ? "current" : ""} mover-${movers[i]}` }, h("span", { class: "num" }, `${i + 1}.`), h("button", { type: "button", class: "move-link", "data-ply": i + 1, onclick: () => look(i + 1) }, notation)));
    });
    return list;
  }

  async function look(ply) {
    if (ply === (table.moves || []).length) {
      looking = null;
      render();
      return;
    }
    try {
      const data = await getJSON(`/api/records/${id}/view?ply=${ply}`);
      looking = { ply, view: data.view };
      clicks.reset();
      render();
    } catch (err) {
      say(err.message);
    }
  }

  function controls() {
    const running = table.status === "running";
    const vsAI = table.seats.some((s) => s.kind === "ai");
    const buttons = [];
    if (table.held.length && running) {
      if (table.can_take_back) buttons.push(h("button", { type: "button", id: "takeback", onclick: () => socket.send({ type: "takeback" }) }, vsAI || table.held.length === 2 ? "Take back" : "Offer take-back"));
      if (!vsAI && table.held.length === 1) buttons.push(h("button", { type: "button", id: "offer-draw", onclick: () => socket.send({ type: "offer_draw" }) }, "Offer draw"));
      buttons.push(h("button", { type: "button", id: "resign", class: "danger", onclick: () => { if (confirm("Resign this game?")) socket.send({ type: "resign" }); } }, "Resign"));
    }
    if (table.can_answer_takeback) {
      buttons.push(h("span", { class: "offer" }, "Take-back asked: ", h("button", { type: "button", id: "accept-takeback", onclick: () => socket.send({ type: "accept_takeback" }) }, "Accept"), h("button", { type: "button", id: "decline-takeback", onclick: () => socket.send({ type: "decline_takeback" }) }, "Decline")));
    }
    if (table.can_claim) {
      buttons.push(h("span", { class: "offer" }, "Your opponent left the game: ", h("button", { type: "button", id: "claim", class: "primary", onclick: () => socket.send({ type: "claim" }) }, "Claim the win")));
    }
    if (table.can_answer_draw) {
      buttons.push(h("span", { class: "offer" }, "Draw offered: ", h("button", { type: "button", id: "accept-draw", onclick: () => socket.send({ type: "accept_draw" }) }, "Accept"), h("button", { type: "button", id: "decline-draw", onclick: () => socket.send({ type: "decline_draw" }) }, "Decline")));
    }
    buttons.push(h("button", { type: "button", class: "ghost", id: "flip", onclick: () => { manualFlip = !manualFlip; render(); } }, "Flip board"));
    return h("div", { class: "controls" }, buttons);
  }

  function links() {
    const base = `${location.origin}${location.pathname}`;
    const parts = [];
    if (table.status === "waiting" && table.held.length) {
      parts.push(h("label", { class: "field wide" }, h("span", {}, "Invite link (gives the free seat)"), h("input", { readonly: true, id: "invite-link", value: `${base}#/table/${id}/join`, onclick: (e) => e.target.select() })));
    }
    parts.push(h("label", { class: "field wide" }, h("span", {}, "Watch link (no seat)"), h("input", { readonly: true, id: "watch-link", value: `${base}#/table/${id}`, onclick: (e) => e.target.select() })));
    return h("details", { class: "links", open: table.status === "waiting" }, h("summary", {}, "Links"), parts);
  }

  function notationBox(view) {
    if (!canClick() || view.to_move === "chance") return null;
    const input = h("input", { type: "text", name: "notation", placeholder: "or type a move", autocomplete: "off", spellcheck: "false" });
    return h("form", { class: "notation", onsubmit: (e) => { e.preventDefault(); const text = input.value.trim(); if (text) { socket.send({ type: "move", notation: text }); input.value = ""; } } }, input, h("button", { type: "submit" }, "Play"));
  }

  function endBox() {
    if (table.status !== "over" && table.status !== "abandoned") return null;
    const rematchButton = table.held.length
      ? h("button", { type: "button", class: "primary", id: "rematch", onclick: async () => { try { const r = await postJSON(`/api/tables/${id}/rematch`, {}); location.hash = `#/table/${r.id}`; } catch (err) { say(err.message); } } }, table.rematch ? "Go to the rematch" : "Rematch")
      : null;
    const why = table.status === "abandoned" && table.abandoned ? h("p", { class: "muted", id: "abandoned-reason" }, `Ended without a result: ${table.abandoned}`) : null;
    return h("div", { class: "end-actions" }, why, rematchButton, h("a", { class: "button ghost", href: `#/replay/${id}` }, "Replay"), h("a", { class: "button ghost", href: "#/" }, "Lobby"));
  }

  function render() {
    if (!table || !table.state) return;
    const live = table.state;
    const view = tableOutcome(looking ? looking.view : live);
    if (!canClick()) clicks.reset();
    const next = canClick() ? clicks.next() : new Set();
    const opts = { portrait: window.innerWidth < 700, flipped: flipped(), next, selected: clicks.clicks, onClick, onInspect: inspect, onHover: (p) => p.stone && inspect(p.stone, p.owner), seats: table.seats, thinking: table.thinking ? table.thinking_seat : null, clocks: looking ? null : table.clocks };
    const bottom = opts.flipped ? 1 : 0;
    const board = drawBoard(view, opts);
    const near = buttonBar(view, opts); // on a phone the choices sit right under the board
    if (near) near.classList.add("near-board");
    const boardArea = h("section", { class: "board-area" }, seatBar(view, 1 - bottom, opts), h("div", { class: "board-wrap" }, board), near, seatBar(view, bottom, opts));
    const side = h(
      "aside",
      { class: "side" },
      h("div", { class: "card head" }, h("h2", {}, view.title, h("span", { class: "muted" }, ` #${id}`)), statusLine(view), view.outcome ? outcomeBox(view, endBox()) : endBox()),
      h("div", { class: "card" }, buttonBar(view, opts), notationBox(view), sharedPanel(view, opts), clicks.clicks.length ? h("div", { class: "path-so-far" }, h("span", { class: "muted" }, "so far: "), clicks.clicks.map((id) => h("span", { class: "crumb" }, labelOf(view, id))), h("button", { type: "button", class: "link", onclick: () => { clicks.reset(); render(); } }, "cancel")) : null, h("div", { class: "inspector-slot" })),
      h("div", { class: "card" }, h("h3", {}, "Moves"), moveList()),
      h("div", { class: "card" }, controls(), analysisBox(() => (looking ? { game_id: id, ply: looking.ply } : { game_id: id, ply: table.moves.length }), table.status !== "running"), links(), h("div", { class: "muted small" }, `${table.spectators} watching`)),
    );
    root.replaceChildren(boardArea, side);
    root.dataset.status = table.status;
    root.dataset.ply = String(table.ply);
    root.dataset.received = String(received);
    if (inspected) inspect(inspected.stone, inspected.owner);
    const list = root.querySelector(".moves");
    if (list && !looking) list.scrollTop = list.scrollHeight;
  }

  function onTable(data) {
    if (table && data.epoch === table.epoch && data.version < table.version) return;
    const changed = !table || table.ply !== data.ply || table.status !== data.status;
    table = data;
    received += 1;
    clicks = new Clicks(data.state ? data.state.moves : []);
    if (changed && looking) looking = null;
    render();
  }

  function tickClocks() {
    if (!table || !table.clocks || table.status !== "running") return;
    const stamp = tickClocks.stamp || (tickClocks.stamp = { at: performance.now(), version: table.version });
    if (stamp.version !== table.version) Object.assign(stamp, { at: performance.now(), version: table.version });
    const spent = (performance.now() - stamp.at) / 1000;
    table.clocks.forEach((c, i) => {
      const el = root.querySelector(`[data-clock="${i}"]`);
      if (el) el.textContent = formatClock(c.running ? c.remaining - spent : c.remaining);
    });
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
    mountInvite(extras, id, socket);
    mountChat(extras, socket);
  }

  const keys = (e) => {
    if (e.target.closest("input, textarea")) return;
    if (e.key === "Escape") { clicks.reset(); render(); }
  };
  document.addEventListener("keydown", keys);
  const timer = setInterval(tickClocks, 250);
  start();
  return () => {
    clearInterval(timer);
    document.removeEventListener("keydown", keys);
    if (socket) socket.close();
  };
}
