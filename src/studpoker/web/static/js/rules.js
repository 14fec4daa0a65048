// The rules of the table's game, in a panel opened from the table (docs/rules.md R2, R3).

import {h} from "./util.js";

function studRules(g, info) {
  return [
    ["The deal", `Everyone antes ${g.ante}. You get two cards face down and one face up (the door card). ` +
      "Then one more card face up on fourth, fifth and sixth street, and a last card face down on seventh: " +
      "seven cards, your best five play."],
    ["Bring-in and completion", `The lowest door card (ace high; ties by suit: clubs, diamonds, hearts, spades) ` +
      `must bring in for ${g.bring_in} or complete to ${g.small_bet}. The others fold, call the bring-in, or ` +
      `complete to ${g.small_bet}; after a completion raises go up by ${g.small_bet}.`],
    ["Betting", `Fixed limit: ${g.small_bet} on third and fourth street, ${g.big_bet} from fifth street on. ` +
      `A bet and ${g.max_raises ?? 3} raises at most per street` +
      (g.heads_up_uncapped === false ? "." : " (no cap when only two players are left).") +
      " From fourth street on, the best hand showing acts first."],
    ["Open pair", g.open_pair_big_bet === false ? "This table does not use the open-pair rule." :
      `If anyone shows a pair on fourth street, the first bet may be the big bet (${g.big_bet}); ` +
      "raises on that street then go up by the same amount."],
    ["Showdown", "High hand only: the best five of seven cards wins." +
      (info.showdown_muck ? " Players may muck a losing hand." : " Everyone still in shows.") +
      (g.joker ? " The joker (bug) is an ace, or completes a straight or a flush." : "")],
  ];
}

function wallStreetRules(g, info) {
  const unit = g.market_unit ?? g.limits[0];
  const prices = info.market_prices.map((price, i) => `slot ${i + 1} costs ${price}`).join(", ");
  return [
    ["The deal", `${info.min_players} to ${info.max_players} players. Everyone antes ${g.ante} and gets two cards face down and one face up. ` +
      "Four cards are dealt face up in the middle: the Market, slots 1 to 4."],
    ["Betting", `Five betting rounds with fixed limits ${g.limits.join(", ")}: each bet or raise is that ` +
      "round's limit. There is no bring-in: the first player left of the dealer checks or bets."],
    ["Card rounds: free card or the Market", "After rounds 1, 2 and 3 each player takes exactly one card, face up: " +
      `either the top card of the deck for free ("take the free card"), or a card of the Market. ` +
      `Slot k costs k × ${unit}: ${prices}. The price goes into the pot as dead money (it never counts as a ` +
      "call and is never returned). The slot is refilled at once from the deck."],
    ["Seventh card", "After the three card rounds each player gets a seventh card face down, then the last betting round."],
    ["Showdown: high and low", (info.showdown_muck ? "Players may muck a losing hand. " :
      "Everyone still in shows. ") + "Each pot is split: half to the best high hand, half to " +
      "the best low. A low needs five different ranks of eight or lower (ace is low; straights and flushes " +
      "do not count against it): 8-or-better. With no qualifying low the high hand takes the whole pot. " +
      "The same player may win both halves."],
  ].concat(g.joker ? [["Joker", "The joker (bug) is an ace, completes a straight or a flush, and in a low is the lowest rank you lack."]] : []);
}

/** Open the rules panel of a game: its options (the table's config) and the server's game_info. */
export function openRules(game, info) {
  const previous = document.activeElement;
  const sections = info.market_prices ? wallStreetRules(game, info) : studRules(game, info);
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
