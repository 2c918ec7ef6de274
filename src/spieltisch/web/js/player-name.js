// A guest's name, asked once: before the first game a guest without a name starts from
// the lobby, the name dialog; the answer is kept with the guest session on the server
// (POST /api/my/name), so every later table and chat line uses it. "Skip" is
// remembered too (the server then shows a stand-in name, `Guest-XXXX`); a guest who sat
// down under the stand-in (through an invite link) is asked in the table's chat box, and
// the seat takes the name. An account always plays under its username.
import { askName, me, post } from "./account.js";

const ASKED_KEY = "spieltisch.nameAsked";

function asked() {
  try { return localStorage.getItem(ASKED_KEY) === "1"; } catch { return false; }
}

function markAsked() {
  try { localStorage.setItem(ASKED_KEY, "1"); } catch { /* asked again next time */ }
}

// The name this browser plays under (null: none, the server's stand-in); with `ask`
// (the default) a nameless guest is asked, once per browser.
export async function ensureName({ ask = true } = {}) {
  const who = await me();
  if (who.name) return who.name;
  if (who.signed_in || !ask || asked()) return null;
  markAsked();
  const name = await askName("");
  if (!name) return null;
  const answer = await post("/api/my/name", { name });
  return answer.name;
}

// Set the guest's name now (from an inline field; seats under the stand-in take it);
// the new identity.
export async function setGuestName(name) {
  markAsked();
  return post("/api/my/name", { name });
}
