"""Cards (R1.1, R1.2): text forms, codes, suit order, decks, parse errors."""

from __future__ import annotations

import pickle

import pytest

from studpoker.engine.cards import (
    JOKER,
    Card,
    CardError,
    Rank,
    Suit,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)


def test_r1_1_text_form_and_codes() -> None:
    """R1.1: rank+suit text; code = 4 * rank + suit; cards are interned values."""
    assert str(Card.parse("As")) == "As" and Card.parse("As").code == 51
    assert Card.parse("2c").code == 0 and Card.parse("Td").rank is Rank.TEN
    assert Card.parse("td") is Card.parse("Td")
    assert parse_card(12) is Card.parse("5c")
    assert pickle.loads(pickle.dumps(Card.parse("Kh"))) is Card.parse("Kh")
    assert [str(c) for c in parse_cards("AsKd, 7c")] == ["As", "Kd", "7c"]


def test_r1_1_suit_order_clubs_diamonds_hearts_spades() -> None:
    """R1.1: clubs < diamonds < hearts < spades, used where a rule says so."""
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    assert Card.parse("2c") < Card.parse("2d") < Card.parse("2h") < Card.parse("2s")
    assert Card.parse("2s") < Card.parse("3c")


def test_r1_1_r1_2_decks() -> None:
    """R1.1: 52 distinct cards; R1.2: the joker option makes 53, written Jk."""
    deck = full_deck()
    assert len(deck) == 52 == len(set(deck))
    assert full_deck(joker=True)[-1] is JOKER and str(JOKER) == "Jk"
    assert JOKER.rank is None and JOKER.suit is None and JOKER.is_joker


def test_r1_1_unknown_card_text_and_errors_name_the_token() -> None:
    """R1.1: an unknown card is ``??`` in text; bad tokens are named in the error."""
    assert format_cards([Card.parse("As"), None]) == "As ??"
    with pytest.raises(CardError, match="'Xx'"):
        parse_cards("As Xx")
    with pytest.raises(CardError, match="'Ahh'"):
        parse_cards("Ahh")
    with pytest.raises(CardError, match="unknown card"):
        parse_cards("As ??")
    with pytest.raises(CardError, match="out of range"):
        Card.from_code(53)
    with pytest.raises(TypeError):
        Card()
    with pytest.raises(AttributeError):
        Card.parse("As").code = 3  # type: ignore[misc]
