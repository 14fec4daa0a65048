// The rules of the table's game, in a panel opened from the table. The words are the server's
// (game_info.rules, made from the table's game: studpoker.engine.games.rules_sections): nothing is
// re-derived here.

import {h} from "./util.js";

/** Open the rules panel of a game from the server's game_info (its rules, name and stakes). */
export function openRules(game, info) {
  const previous = document.activeElement;
  const sections = (info.rules || []).map((s) => [s.title, s.text]);
  const close = () => {
    box.remove();
    document.removeEventListener("keydown", onKey, true);
    if (previous && previous.focus) previous.focus();
  };
  const onKey = (e) => {
    if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); close(); }
  };
  const box = h("div", {class: "modal", role: "dialog", "aria-modal": "true", "aria-labelledby": "rules-title",
    "data-testid": "rules", onclick: (e) => { if (e.target === box) close(); }},
  h("div", {class: "modal-box rules"},
    h("div", {class: "rules-head"}, h("h3", {id: "rules-title"}, `${info.name}: the rules`),
      h("button", {class: "close", "aria-label": "close the rules", id: "rules-close", onclick: close}, "×")),
    h("p", {class: "muted"}, `This table: ${info.stakes}.`),
    sections.map(([title, text]) => h("section", {}, h("h4", {}, title), h("p", {}, text)))));
  document.addEventListener("keydown", onKey, true);
  document.body.append(box);
  box.querySelector("#rules-close").focus();
}
