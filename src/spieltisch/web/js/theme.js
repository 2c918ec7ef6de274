// The colour theme: "system" follows the browser's prefers-color-scheme (style.css has
// the light and dark variables), "light" and "dark" override it. The choice is kept in
// localStorage and shown as `<html data-theme>` (no attribute for "system").
export const THEMES = ["system", "light", "dark"];
const STORE_KEY = "spieltisch.theme";

export function theme() {
  try {
    const stored = localStorage.getItem(STORE_KEY);
    if (THEMES.includes(stored)) return stored;
  } catch { /* storage may be disabled */ }
  return "system";
}

function apply(name) {
  if (name === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = name;
}

// Whether the page is drawn dark now (the choice, or the system's when it follows it).
export function isDark() {
  const name = theme();
  if (name !== "system") return name === "dark";
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

export function setTheme(name) {
  if (!THEMES.includes(name)) return;
  try { localStorage.setItem(STORE_KEY, name); } catch { /* not remembered */ }
  apply(name);
  window.dispatchEvent(new Event("themechange-spieltisch"));
}

apply(theme());
