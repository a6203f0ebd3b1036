// The setup page: players and seats, rule profile, house options, money per point, Horse Race.
import { BOOT, Live, api, el, newToken, sayError, t } from "./common.js";

const form = document.getElementById("setup-form");
let hasSession = false;

function optionInputs(current) {
  const box = document.getElementById("options");
  const rows = [];
  const known = BOOT.options[form.elements.rules.value] || {};
  for (const [name, choices] of Object.entries(known)) {
    const value = name in current ? current[name] : choices[0];
    const label = t("opt_" + name);
    if (choices.length === 2 && choices.every((c) => typeof c === "boolean")) {
      rows.push(
        el("label", { class: "check" },
          el("input", { type: "checkbox", "data-option": name, checked: value === true }), " " + label),
      );
    } else {
      const select = el("select", { "data-option": name },
        ...choices.map((c) => el("option", { value: JSON.stringify(c), text: t("opt_" + name + "_" + c) })));
      select.value = JSON.stringify(value);
      rows.push(el("label", {}, label + " ", select));
    }
  }
  box.replaceChildren(box.querySelector("legend") || el("legend", { text: t("options") }), ...rows);
}

function readForm() {
  const options = {};
  for (const input of form.querySelectorAll("[data-option]")) {
    options[input.dataset.option] =
      input.type === "checkbox" ? input.checked : JSON.parse(input.value);
  }
  return {
    players: [0, 1, 2, 3].map((i) => form.elements["player" + i].value.trim()),
    rules: form.elements.rules.value,
    options,
    money_per_point: Number(form.elements.money.value || 0),
    horse_race: form.elements.horse.checked,
  };
}

async function load() {
  const data = await api("GET", "/api/table");
  Live.version = data.version;
  hasSession = !!data.session;
  const setup = hasSession ? data.session.setup : null;
  if (setup) {
    setup.players.forEach((name, i) => (form.elements["player" + i].value = name));
    form.elements.rules.value = setup.rules;
    form.elements.money.value = setup.money_per_point;
    form.elements.horse.checked = setup.horse_race;
  }
  optionInputs(setup ? setup.options : {});
  document.getElementById("save-setup").hidden = !hasSession;
}

form.elements.rules.addEventListener("change", () => optionInputs(readForm().options));

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api("POST", "/api/session", { setup: readForm(), token: newToken() });
    location.href = "/";
  } catch (error) {
    sayError(error);
  }
});

document.getElementById("save-setup").addEventListener("click", async () => {
  if (!form.reportValidity()) return;
  try {
    await api("PUT", "/api/session", { setup: readForm(), token: newToken() });
    location.href = "/";
  } catch (error) {
    sayError(error);
  }
});

load().catch(sayError);
