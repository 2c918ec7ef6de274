// The eval bar and the words of an evaluation. Every evaluation the server sends is read
// from player 0's side (red / White): `expected` in [-1, 1], `units` in the game's unit
// (or null), `mate` the moves to a forced result (positive: player 0 wins), `final` for
// a finished game. So the bar never flips as the mover changes; it only turns with the
// board (player 0's part always on player 0's side of the board).
import { h, s, playerColour } from "./dom.js";
import { t, number } from "./i18n.js";
import "./words/analysis.js";

function signed(value, digits) {
  const shown = number(Math.abs(value), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const edge = 0.5 * 10 ** -digits;
  return value >= edge ? `+${shown}` : value <= -edge ? `−${shown}` : shown;
}

// The short score: "+1.3" (units), "+0.42" (expected result), "#3" / "#-3" (forced
// result in so many moves, for player 0 / player 1), "1-0" at the end.
export function scoreText(evaluation, expectedOnly) {
  if (!evaluation) return "–";
  if (evaluation.final) return evaluation.expected > 0 ? "1-0" : evaluation.expected < 0 ? "0-1" : "½-½";
  if (evaluation.mate) return evaluation.mate > 0 ? `#${evaluation.mate}` : `#-${-evaluation.mate}`;
  if (expectedOnly || evaluation.units === null || evaluation.units === undefined) return signed(evaluation.expected, 2);
  return signed(evaluation.units, 1);
}

// One sentence saying what the score means, for people (`names`: the players' names).
export function explain(evaluation, info, names) {
  if (!evaluation) return "";
  const leader = evaluation.expected >= 0 ? 0 : 1;
  if (evaluation.final) return evaluation.expected === 0 ? t("analysis.finalDraw") : t("analysis.finalWin", { player: names[leader] });
  if (evaluation.mate) {
    const count = Math.abs(evaluation.mate);
    const winner = names[evaluation.mate > 0 ? 0 : 1];
    return count === 1 ? t("analysis.mateFor1", { player: winner }) : t("analysis.mateFor", { player: winner, count });
  }
  if (info.expected_only || evaluation.units === null || evaluation.units === undefined) {
    const percent = Math.round(50 + 50 * evaluation.expected);
    return t("analysis.expected", { player: names[0], value: signed(evaluation.expected, 2), percent });
  }
  const amount = Math.abs(evaluation.units);
  if (amount < 0.2) return t("analysis.even");
  const unit = t(`analysis.unit.${info.unit}`, { count: amount === 1 ? 1 : 2 });
  return t("analysis.aheadUnits", { player: names[leader], amount: number(amount, { maximumFractionDigits: 1 }), unit });
}

// The bar: player 0's share of the length is their winning chance. `vertical` beside
// the board (player 0 at the bottom unless flipped), else across the top of it (player 0
// on the left unless flipped).
export function evalBar(view, evaluation, info, { vertical = true, flipped = false, pending = false, names = ["", ""] } = {}) {
  const expected = evaluation ? Math.max(-1, Math.min(1, evaluation.expected)) : 0;
  const share = (expected + 1) / 2;
  const long = 1000;
  const thick = 100;
  const [w, hgt] = vertical ? [thick, long] : [long, thick];
  const svg = s("svg", { viewBox: `0 0 ${w} ${hgt}`, preserveAspectRatio: "none", class: "evalbar-svg", "aria-hidden": "true" });
  svg.append(s("rect", { class: `eb-back ${playerColour(view, 1)}`, x: 0, y: 0, width: w, height: hgt }));
  const length = Math.round(share * long);
  let rect;
  if (vertical) rect = flipped ? { x: 0, y: 0, width: w, height: length } : { x: 0, y: long - length, width: w, height: length };
  else rect = flipped ? { x: long - length, y: 0, width: length, height: hgt } : { x: 0, y: 0, width: length, height: hgt };
  svg.append(s("rect", { class: `eb-fill ${playerColour(view, 0)}`, ...rect }));
  svg.append(vertical ? s("line", { class: "eb-mid", x1: 0, x2: w, y1: long / 2, y2: long / 2 }) : s("line", { class: "eb-mid", y1: 0, y2: hgt, x1: long / 2, x2: long / 2 }));
  const text = scoreText(evaluation, info && info.expected_only);
  const bar = h(
    "div",
    {
      class: `evalbar ${vertical ? "vertical" : "horizontal"}${pending ? " pending" : ""}${flipped ? " flipped" : ""} lead-${expected >= 0 ? 0 : 1}`,
      id: "evalbar",
      role: "meter",
      "aria-valuemin": "-1",
      "aria-valuemax": "1",
      "aria-valuenow": String(expected),
      "aria-label": t("analysis.evalBar", { player: names[0] }),
      title: evaluation ? `${t("analysis.evalBar", { player: names[0] })}: ${text}. ${explain(evaluation, info, names)}` : t("analysis.evalBar", { player: names[0] }),
      "data-expected": evaluation ? String(expected) : "",
      "data-score": evaluation ? text : "",
    },
    svg,
    h("span", { class: "eb-label" }, evaluation ? text : ""),
  );
  return bar;
}
