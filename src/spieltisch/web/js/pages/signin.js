// Sign in and create an account (one page, two tabs). A guest's tables stay with this
// browser; an account's games, ratings and seats follow it to any device.
import { h } from "../dom.js";
import { me, post } from "../account.js";

export function mount(main, { signup }) {
  const message = h("p", { class: "form-status", id: "account-status", role: "alert" });
  const username = h("input", { type: "text", name: "username", id: "username", autocomplete: "username", autocapitalize: "none", spellcheck: "false", required: true, maxlength: 20 });
  const password = h("input", { type: "password", name: "password", id: "password", autocomplete: signup ? "new-password" : "current-password", required: true, maxlength: 256 });
  const submit = h("button", { type: "submit", class: "primary", id: "account-submit" }, signup ? "Create account" : "Sign in");
  const form = h("form", { class: "card account-form", onsubmit: async (e) => {
    e.preventDefault();
    submit.disabled = true;
    message.className = "form-status";
    message.textContent = signup ? "Creating your account…" : "Signing in…";
    try {
      await post(signup ? "/api/account/signup" : "/api/account/signin", { username: username.value, password: password.value });
      const back = sessionStorage.getItem("after-sign-in");
      sessionStorage.removeItem("after-sign-in");
      location.hash = back || "#/";
    } catch (err) {
      message.textContent = err.message;
      message.classList.add("error");
      password.value = "";
      password.focus();
    } finally {
      submit.disabled = false;
    }
  } },
    h("p", { class: "tabs" },
      h("a", { class: signup ? "button ghost" : "button active", href: "#/signin", id: "tab-signin" }, "Sign in"),
      h("a", { class: signup ? "button active" : "button ghost", href: "#/signup", id: "tab-signup" }, "Create account")),
    h("h1", {}, signup ? "Create an account" : "Sign in"),
    h("label", { class: "field" }, h("span", {}, "username"), username),
    signup ? h("p", { class: "muted small" }, "3 to 20 letters, digits, “_”, “-” or “.”; it is how others see you, and it cannot be changed.") : null,
    h("label", { class: "field" }, h("span", {}, "password"), password),
    signup ? h("p", { class: "muted small" }, "At least 8 characters. A passphrase of a few words is good.") : null,
    h("div", { class: "form-actions" }, submit),
    message,
    h("p", { class: "muted small" }, signup
      ? ["You can also play without an account, as a guest. ", h("a", { href: "#/signin" }, "Have an account? Sign in.")]
      : ["No account? ", h("a", { href: "#/signup" }, "Create one"), " — or just play as a guest."]));
  main.append(h("div", { class: "page account-page" }, form));
  me().then((who) => {
    if (who.signed_in) message.textContent = `You are signed in as ${who.name}.`;
  });
  username.focus();
}
