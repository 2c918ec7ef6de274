// Sign in and create an account (one page, two tabs). A guest's tables stay with this
// browser; an account's games, ratings and seats follow it to any device.
import { h } from "../dom.js";
import { me, post } from "../account.js";
import { t } from "../i18n.js";
import "../words/pages.js";

export function mount(main, { signup }) {
  const message = h("p", { class: "form-status", id: "account-status", role: "alert" });
  const username = h("input", { type: "text", name: "username", id: "username", autocomplete: "username", autocapitalize: "none", spellcheck: "false", required: true, maxlength: 20 });
  const password = h("input", { type: "password", name: "password", id: "password", autocomplete: signup ? "new-password" : "current-password", required: true, maxlength: 256 });
  const submit = h("button", { type: "submit", class: "primary", id: "account-submit" }, signup ? t("signin.create") : t("signin.signIn"));
  const form = h("form", { class: "card account-form", onsubmit: async (e) => {
    e.preventDefault();
    submit.disabled = true;
    message.className = "form-status";
    message.textContent = signup ? t("signin.creating") : t("signin.signingIn");
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
      h("a", { class: signup ? "button ghost" : "button active", href: "#/signin", id: "tab-signin" }, t("signin.signIn")),
      h("a", { class: signup ? "button active" : "button ghost", href: "#/signup", id: "tab-signup" }, t("signin.create"))),
    h("h1", {}, signup ? t("signin.createTitle") : t("signin.signIn")),
    h("label", { class: "field" }, h("span", {}, t("signin.username")), username),
    signup ? h("p", { class: "muted small" }, t("signin.usernameHelp")) : null,
    h("label", { class: "field" }, h("span", {}, t("signin.password")), password),
    signup ? h("p", { class: "muted small" }, t("signin.passwordHelp")) : null,
    h("div", { class: "form-actions" }, submit),
    message,
    h("p", { class: "muted small" }, signup
      ? [t("signin.guestToo"), h("a", { href: "#/signin" }, t("signin.haveAccount"))]
      : [t("signin.noAccount"), h("a", { href: "#/signup" }, t("signin.createOne")), t("signin.orGuest")]));
  main.append(h("div", { class: "page account-page" }, form));
  me().then((who) => {
    if (who.signed_in) message.textContent = t("signin.already", { name: who.name });
  });
  username.focus();
}
