// The AI's evaluation and best line for the shown position, on request; never for a
// game in progress (the server refuses it too: fair play).
import { postJSON } from "../api.js";
import { h, plural } from "../dom.js";

export function analysisBox(request, enabled) {
  const out = h("div", { class: "analysis-out" });
  const button = h("button", { type: "button", class: "ghost", id: "analyse", disabled: !enabled, title: enabled ? "" : "no engine analysis of a game in progress: it opens when the game has ended" }, "Analyse position");
  button.addEventListener("click", async () => {
    button.disabled = true;
    out.replaceChildren(h("span", { class: "spinner" }), " the AI is looking at the position…");
    try {
      const r = await postJSON("/api/analysis", request());
      if (r.over) out.replaceChildren("The game is over here.");
      else if (r.chance) out.replaceChildren("A die roll is due here: nothing to choose.");
      else {
        const v = r.value;
        const verdict = v >= 800 ? "winning" : v <= -800 ? "losing" : v > 50 ? "better" : v < -50 ? "worse" : "about even";
        out.replaceChildren(
          h("div", { class: "eval" }, h("b", {}, `${v > 0 ? "+" : ""}${v}`), ` for the player to move (${verdict}) · depth ${r.depth} · ${plural(r.nodes, "position")}`),
          h("div", { class: "line" }, "Best line: ", h("code", {}, r.line.join("  "))),
        );
      }
    } catch (err) {
      out.replaceChildren(h("span", { class: "error" }, err.message));
    }
    button.disabled = false;
  });
  return h("div", { class: "analysis" }, button, out);
}
