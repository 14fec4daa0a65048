"""studpoker.svg: every card draws as valid SVG, hidden cards are backs, hands and tables compose."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from studpoker import svg
from studpoker.engine import Hand, SevenCardStud, WallStreet
from studpoker.engine.cards import Card, CardError, Rank, Suit, full_deck

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}title")]


@pytest.mark.parametrize("card", full_deck(joker=True), ids=str)
def test_every_card_is_valid_svg_with_its_name(card: Card) -> None:
    root = parse(svg.card(card))
    assert root.get("viewBox") == f"0 0 {svg.CARD_WIDTH} {svg.CARD_HEIGHT}"
    name = titles(root)[0]
    if card.is_joker:
        assert name == "Joker"
        assert "".join(t.text or "" for t in root.iter(f"{NS}text")) == "JOKER"
        return
    assert card.rank is not None and card.suit is not None
    assert name == f"{card.rank.word.capitalize()} of {('clubs', 'diamonds', 'hearts', 'spades')[card.suit]}"
    rank_text = [t.text for t in root.iter(f"{NS}text")]
    assert rank_text == ["10" if card.rank is Rank.TEN else card.rank.char]
    # the suit is drawn, not typed: its path appears (small and large)
    paths = [p.get("d") for p in root.iter(f"{NS}path")]
    assert paths.count(svg.suit_path(card.suit)) == 2
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    fills = {p.get("fill") for p in root.iter(f"{NS}path")}
    assert fills == ({"#c8102e"} if red else {"#111111"})


def test_all_faces_differ_and_the_back_differs_from_every_face() -> None:
    faces = {svg.card(c) for c in full_deck(joker=True)}
    assert len(faces) == 53
    back = svg.card(None)
    assert back not in faces
    assert svg.card_back() == back == svg.card_by_name("back")


def test_hidden_card_is_a_back_without_any_rank() -> None:
    root = parse(svg.card(None, size=50))
    assert titles(root) == ["hidden card"]
    assert not list(root.iter(f"{NS}text"))  # nothing on a back says what the card is
    assert root.get("width") == "50" and root.get("height") == "70"


def test_card_accepts_text_codes_and_four_colours() -> None:
    assert svg.card("As") == svg.card(Card.parse("As")) == svg.card(51)
    assert svg.card_by_name("Td") == svg.card("Td")
    four = parse(svg.card("Kd", four_color=True))
    assert {p.get("fill") for p in four.iter(f"{NS}path")} == {"#1565c0"}
    with pytest.raises(CardError):
        svg.card_by_name("Xx")


def test_suit_paths() -> None:
    assert {svg.suit_path(s) for s in Suit} == {svg.suit_path(c) for c in "cdhs"}
    assert len({svg.suit_path(s) for s in Suit}) == 4


def test_hand_row() -> None:
    root = parse(svg.hand(["Ah", None, "Jk", "7c"], size=60))
    assert titles(root) == ["Ace of hearts", "hidden card", "Joker", "Seven of clubs"]
    assert root.get("aria-label") == "Ace of hearts, hidden card, Joker, Seven of clubs"
    assert float(root.get("height") or 0) == pytest.approx(84)
    assert parse(svg.hand([])).get("aria-label") == "no cards"


def test_jupyter_reprs() -> None:
    picture = svg.hand(["As", "Kd"])
    assert isinstance(picture, str) and picture._repr_svg_() == picture
    card = svg.card(Card.parse("Qh"))
    assert card._repr_svg_() == card == svg.card("Qh")
    assert Card.parse("Qh")._repr_svg_() == svg.card("Qh")  # a card draws itself in Jupyter


def _play(hand: Hand, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if hand.is_over:
            return
        legal = hand.legal_actions()
        hand.apply(rng.choice([a for a in legal if a.kind.value != "fold"] or legal))


def test_table_hides_what_the_viewer_may_not_see() -> None:
    hand = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10, joker=True).deal(
        stacks=[100, 100, 100], seed=11)
    _play(hand, random.Random(1), 6)
    for seat in (0, 1, None):
        view = hand.view(seat)
        root = parse(svg.table(view, names=["ann", "<bob & co>", "cat"]))
        names = titles(root)
        hidden = sum(1 for p in view.players for c in p.down if c is None)
        assert names.count("hidden card") == hidden
        for p in view.players:
            for c in [*p.down, *p.up]:
                if c is not None:
                    assert titles(parse(svg.card(c)))[0] in names
            if seat is not None and p.seat != seat:
                assert all(c is None for c in p.down)
        texts = [t.text for t in root.iter(f"{NS}text")]
        assert "<bob & co>" in texts  # escaped in the file, intact once parsed
        assert f"Pot {view.pot}" in texts


def test_table_of_wall_street_shows_the_market_and_results() -> None:
    game = WallStreet(ante=1, limits=(2, 2, 4, 4, 4))
    hand = game.deal(stacks=[60] * 4, dealer=3, seed=5)
    _play(hand, random.Random(2), 9)
    root = parse(svg.table(hand.view(0)))
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    for slot in range(1, 5):
        assert f"{slot}: {game.market_price(slot)}" in texts
    _play(hand, random.Random(3), 500)
    assert hand.is_over
    final = hand.view(1)
    root = parse(svg.table(final, size=600))
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    assert any(t.startswith("main pot") for t in texts)
    assert root.get("width") == "600"
