// Names the server gives when a person gave none, in the reader's language: the friend
// on the same screen ("friend"), a guest's stand-in (`Guest-XXXX`) and an AI seat
// (`AI (level)`). They are stored as these plain tokens (old games stay readable) and
// shown here through the catalogue; every other name is a person's own and shown as is.
import { has, t } from "./i18n.js";
import "./words/common.js";
import "./words/lobby.js";

export function shownName(name) {
  if (typeof name !== "string" || !name) return name;
  if (name === "friend") return t("common.name.friend");
  let m = name.match(/^Guest-([0-9A-F]{4})$/);
  if (m) return t("common.name.guest", { code: m[1] });
  m = name.match(/^AI \(([a-z0-9-]+)\)$/);
  if (m) return t("common.name.ai", { level: has(`lobby.level.${m[1]}`) ? t(`lobby.level.${m[1]}`) : m[1] });
  return name;
}
