"""Cards, hands and whole tables drawn as SVG by our own code (no third-party card art).

Like python-chess's ``chess.svg``, every function is pure and returns SVG text:
:func:`card` (a face, or the back for a card nobody may see), :func:`hand`
(a row of cards) and :func:`table` (a :class:`~studpoker.engine.hand.SeatView` as a
table: seats, stacks, bets, cards, the pot, the Wall Street market, results).
The text is an :class:`Svg`, a ``str`` with ``_repr_svg_``, so Jupyter shows
it as a picture; ``Card`` objects display through :func:`card` too.

Suits are drawn as paths; ranks are text in a bold sans-serif face. The
browser client of ``studpoker serve`` loads the same drawings from
``/svg/card/As.svg`` (``back.svg`` for a hidden card).

>>> from studpoker import svg
>>> svg.card("As")[:4]
'<svg'
>>> "Ace of spades" in svg.card("As")
True
>>> "hidden card" in svg.card(None)
True
>>> svg.hand(["Ah", None, "Jk"]).count("<title>")
3
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Final

from studpoker.engine import words as _words
from studpoker.engine.cards import Card, CardLike, Rank, Suit, parse_card
from studpoker.engine.hand import Phase, SeatView

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "Svg",
    "card",
    "card_back",
    "card_by_name",
    "hand",
    "suit_path",
    "table",
]

CARD_WIDTH: Final = 240
"""Width of a card in its own coordinates (the ``viewBox``)."""
CARD_HEIGHT: Final = 336
"""Height of a card in its own coordinates (5:7, a poker card)."""


class Svg(str):
    """SVG text; Jupyter displays it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# ------------------------------------------------------------------ suits

# Each suit is one path in a 100 x 100 box (circles written as two arcs).


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0Z"


_SUIT_PATHS: Final[dict[Suit, str]] = {
    Suit.SPADES: ("M50 2C62 18 98 40 98 64C98 80 86 90 72 90C63 90 56 86 53 80C54 90 59 96 68 100"
                  "L32 100C41 96 46 90 47 80C44 86 37 90 28 90C14 90 2 80 2 64C2 40 38 18 50 2Z"),
    Suit.HEARTS: ("M50 96C40 84 2 62 2 32C2 14 14 4 28 4C39 4 47 11 50 20C53 11 61 4 72 4"
                  "C86 4 98 14 98 32C98 62 60 84 50 96Z"),
    Suit.DIAMONDS: "M50 2L88 50L50 98L12 50Z",
    Suit.CLUBS: (_circle(50, 27, 23) + _circle(25, 60, 23) + _circle(75, 60, 23) + _circle(50, 52, 12)
                 + "M45 58C45 80 40 92 30 100L70 100C60 92 55 80 55 58Z"),
}


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append(f"{cx + r * math.cos(a):.1f} {cy + r * math.sin(a):.1f}")
    return "M" + "L".join(points) + "Z"


_STAR: Final = _star(50, 52, 50, 20)
# R8.1: the mark of a wild card, a gold star under the index (the part of a card that
# shows when the next card overlaps it)
_WILD_STAR: Final = (f'<path transform="translate(8 196) scale(0.78)" d="{_STAR}" fill="#f2b705" '
                     'stroke="#5b3a00" stroke-width="6"/>')

_COLORS: Final[dict[Suit, str]] = {
    Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#c8102e", Suit.CLUBS: "#111111",
}
_FOUR_COLORS: Final[dict[Suit, str]] = {
    Suit.SPADES: "#111111", Suit.HEARTS: "#c8102e", Suit.DIAMONDS: "#1565c0", Suit.CLUBS: "#1b7f3b",
}
_JOKER_COLOR: Final = "#6a1b9a"
_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
_RANK_TEXT: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_FONT: Final = "DejaVu Sans,Verdana,Helvetica,Arial,sans-serif"


def suit_path(suit: Suit | str) -> str:
    """The path data of a suit in a 100 x 100 box (``suit`` may be ``"s"``, ``"h"``, ...).

    >>> suit_path("d")
    'M50 2L88 50L50 98L12 50Z'
    """
    if isinstance(suit, str):
        suit = Suit("cdhs".index(suit.lower()))
    return _SUIT_PATHS[suit]


def _suit(suit: Suit, x: float, y: float, size: float, color: str) -> str:
    return (f'<path transform="translate({x:g} {y:g}) scale({size / 100:g})" '
            f'd="{_SUIT_PATHS[suit]}" fill="{color}"/>')


def _card_title(c: Card | None) -> str:
    if c is None:
        return "hidden card"
    if c.is_joker:
        return "Joker"
    assert c.rank is not None and c.suit is not None
    return f"{c.rank.word.capitalize()} of {_SUIT_NAMES[c.suit]}"


# ------------------------------------------------------------------ card bodies
# Drawn in card coordinates (CARD_WIDTH x CARD_HEIGHT) so that cards compose into
# bigger pictures as groups, without nested documents or ids that could collide.


def _frame(fill: str = "#ffffff") -> str:
    return (f'<rect x="3" y="3" width="{CARD_WIDTH - 6}" height="{CARD_HEIGHT - 6}" rx="20" '
            f'fill="{fill}" stroke="#8c8c8c" stroke-width="4"/>')


def _face_body(c: Card, four_color: bool) -> str:
    if c.is_joker:
        return _joker_body()
    assert c.rank is not None and c.suit is not None
    color = (_FOUR_COLORS if four_color else _COLORS)[c.suit]
    text = _RANK_TEXT[c.rank]
    fit = ' textLength="104" lengthAdjust="spacingAndGlyphs"' if c.rank is Rank.TEN else ""
    parts = [
        _frame(),
        f'<text x="{60 if c.rank is Rank.TEN else 52}" y="100" font-family="{_FONT}" font-size="100" '
        f'font-weight="700" text-anchor="middle" fill="{color}"{fit}>{text}</text>',
        _suit(c.suit, 22, 114, 62, color),
        _suit(c.suit, 88, 176, 134, color),
    ]
    if c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        # a court card: a frame around the large suit tells it from the pips at a glance
        parts.insert(1, f'<rect x="78" y="164" width="152" height="160" rx="14" fill="#f3e6c4" '
                        f'stroke="{color}" stroke-width="4"/>')
    return "".join(parts)


def _joker_body() -> str:
    letters = "".join(
        f'<text x="46" y="{70 + 56 * i}" font-family="{_FONT}" font-size="56" font-weight="700" '
        f'text-anchor="middle" fill="{_JOKER_COLOR}">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    star = (f'<path transform="translate(86 96) scale(1.44)" d="{_STAR}" fill="#f2b705" '
            f'stroke="{_JOKER_COLOR}" stroke-width="4"/>')
    return _frame() + letters + star


def _back_body() -> str:
    x0, y0, x1, y1 = 22, 22, CARD_WIDTH - 22, CARD_HEIGHT - 22
    lines = []
    # a lattice: lines of slope 1 and -1 every 26 units along the top edge, clipped to the box
    for x in range(x0 - (y1 - y0), x1 + (y1 - y0), 26):
        for dx in (1, -1):
            # the line (x + t * dx, y0 + t) for t with both coordinates inside the box
            lo = max(0, (x0 - x) * dx if dx == 1 else (x - x1))
            hi = min(y1 - y0, (x1 - x) if dx == 1 else (x - x0))
            if hi > lo:
                lines.append(f"M{x + lo * dx:g} {y0 + lo:g}L{x + hi * dx:g} {y0 + hi:g}")
    cx, cy = CARD_WIDTH / 2, CARD_HEIGHT / 2
    return (
        _frame()
        + f'<rect x="14" y="14" width="{CARD_WIDTH - 28}" height="{CARD_HEIGHT - 28}" rx="12" '
        f'fill="#1f4e8c"/>'
        + f'<path d="{"".join(lines)}" stroke="#4f7fc0" stroke-width="5" fill="none"/>'
        + f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="none" '
        f'stroke="#ffffff" stroke-width="4"/>'
        + f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="50" ry="64" fill="#1f4e8c" stroke="#ffffff" '
        f'stroke-width="5"/>'
        + _suit(Suit.SPADES, cx - 30, cy - 32, 60, "#ffffff")
    )


def _body(c: Card | None, four_color: bool) -> str:
    return _back_body() if c is None else _face_body(c, four_color)


def _as_card(value: CardLike | None) -> Card | None:
    return None if value is None else parse_card(value)


def _document(inner: str, width: float, height: float, view_w: float, view_h: float, label: str) -> Svg:
    return Svg(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {view_w:g} {view_h:g}" role="img" aria-label="{escape(label)}">{inner}</svg>'
    )


# ------------------------------------------------------------------ public API


def card(value: CardLike | None, *, size: float = 96, four_color: bool = False, wild: bool = False) -> Svg:
    """One card, ``size`` pixels wide (height 1.4 times that); ``None`` draws the back.

    ``value``: a :class:`~studpoker.engine.cards.Card`, its text (``"As"``, ``"Jk"``) or code.
    ``four_color`` draws diamonds blue and clubs green. ``wild`` marks a wild card (R8.1)
    with a gold star under its index, where it shows even when other cards overlap it.

    >>> 'width="60"' in card("Td", size=60)
    True
    >>> "(wild)" in card("9c", wild=True) and _WILD_STAR in card("9c", wild=True)
    True
    """
    c = _as_card(value)
    title = _card_title(c) + (" (wild)" if wild and c is not None else "")
    inner = f"<title>{title}</title>{_body(c, four_color)}" + (_WILD_STAR if wild and c is not None else "")
    return _document(inner, size, size * CARD_HEIGHT / CARD_WIDTH, CARD_WIDTH, CARD_HEIGHT, title)


def card_back(*, size: float = 96) -> Svg:
    """The back of a card (a card the viewer may not see)."""
    return card(None, size=size)


def card_by_name(name: str, *, size: float = 96, four_color: bool = False, wild: bool = False) -> Svg:
    """A card from its file name: ``"As"``, ``"Jk"``, or ``"back"``; raises ``CardError``.

    >>> card_by_name("back") == card(None)
    True
    """
    return card(None if name == "back" else Card.parse(name), size=size, four_color=four_color, wild=wild)


def hand(
    cards: Iterable[CardLike | None], *, size: float = 72, spacing: float = 0.62,
    four_color: bool = False,
) -> Svg:
    """A row of cards, each ``size`` pixels wide, overlapping so ranks stay readable.

    ``spacing`` is the distance between cards as a fraction of a card's width (1: no overlap).
    """
    parsed = [_as_card(v) for v in cards]
    step = CARD_WIDTH * spacing
    count = len(parsed)
    view_w = CARD_WIDTH + step * (count - 1) if count else CARD_WIDTH
    inner = "".join(
        f'<g transform="translate({i * step:g} 0)"><title>{_card_title(c)}</title>{_body(c, four_color)}</g>'
        for i, c in enumerate(parsed)
    )
    label = ", ".join(_card_title(c) for c in parsed) or "no cards"
    scale = size / CARD_WIDTH
    return _document(inner, view_w * scale, CARD_HEIGHT * scale, view_w, CARD_HEIGHT, label)


def _card_group(c: Card | None, x: float, y: float, width: float, four_color: bool,
                extra: str = "") -> str:
    s = width / CARD_WIDTH
    return (f'<g transform="translate({x:g} {y:g}) scale({s:g})"{extra}><title>{_card_title(c)}</title>'
            f"{_body(c, four_color)}</g>")


def _text(x: float, y: float, text: str, *, size: float = 22, color: str = "#ffffff",
          weight: int = 400, anchor: str = "middle") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="{_FONT}" font-size="{size:g}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{color}">{escape(text)}</text>')


def table(
    view: SeatView, *, names: Sequence[str] | None = None, size: float = 900,
    four_color: bool = False,
) -> Svg:
    """A whole table as ``view`` shows it, ``size`` pixels wide.

    Each seat shows its name (``names`` per hand seat, default ``Seat 1``, ...), stack,
    bet and cards: down cards the viewer may not see are drawn as backs, the
    viewer's own down cards sit lower than the up cards. The centre holds the
    street, the pot, the Wall Street market with each slot's price, any community
    card and, once the hand is over, every pot's winners. The viewer (``view.seat``)
    sits at the bottom; the public view starts from the first seat.

    >>> from studpoker.engine import SevenCardStud
    >>> h = SevenCardStud(ante=1, bring_in=2, small_bet=5, big_bet=10).deal(stacks=[50, 50], seed=3)
    >>> picture = table(h.view(0), names=["ann", "bob"])
    >>> "ann" in picture and picture.count("hidden card") == 2
    True
    """
    vw, vh = 1200.0, 780.0
    cx, cy = vw / 2, 372.0
    n = len(view.players)
    bottom = view.seat if view.seat is not None else 0
    card_w = 52.0
    card_h = card_w * CARD_HEIGHT / CARD_WIDTH
    step = 34.0
    parts = [
        f'<rect width="{vw:g}" height="{vh:g}" fill="#0f2a1d"/>',
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="520" ry="300" fill="#5a3a1e"/>',
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="498" ry="280" fill="#1d6b3f" stroke="#14502f" '
        f'stroke-width="6"/>',
    ]
    # the centre: street, pot, market, community cards
    parts.append(_text(cx, cy - 128, view.street_name.replace("_", " ").title(), size=24,
                       color="#cfe8d6"))
    parts.append(_text(cx, cy - 94, f"Pot {view.pot}", size=30, weight=700))
    game = view.game
    if game.has_market:
        mw = 62.0
        mh = mw * CARD_HEIGHT / CARD_WIDTH
        x0 = cx - (4 * mw + 3 * 22) / 2
        for slot in range(1, 5):
            x = x0 + (slot - 1) * (mw + 22)
            c = view.market[slot - 1] if slot - 1 < len(view.market) else None
            if c is None:
                parts.append(f'<rect x="{x:g}" y="{cy - 66:g}" width="{mw:g}" height="{mh:g}" rx="6" '
                             f'fill="none" stroke="#9cc7ab" stroke-dasharray="6 4" stroke-width="2"/>')
            else:
                parts.append(_card_group(c, x, cy - 66, mw, four_color))
            parts.append(_text(x + mw / 2, cy - 66 + mh + 22, f"{slot}: {game.market_price(slot)}",
                               size=18, color="#e7f3ea"))
    if view.community:
        x0 = cx - (len(view.community) * 60) / 2
        for i, c in enumerate(view.community):
            parts.append(_card_group(c, x0 + i * 60, cy + 60, 52, four_color))
    # the seats, clockwise from the viewer at the bottom
    for p in view.players:
        angle = math.pi / 2 + 2 * math.pi * ((p.seat - bottom) % n) / n
        sx = cx + 470 * math.cos(angle)
        sy = cy + 282 * math.sin(angle)
        cards: list[tuple[Card | None, bool]] = [(c, False) for c in p.down] + [(c, True) for c in p.up]
        width = card_w + step * max(0, len(cards) - 1)
        x = sx - width / 2
        y = sy - card_h - 6
        group = [f'<g opacity="{0.45 if p.folded or p.mucked else 1:g}">']
        for i, (c, up) in enumerate(cards):
            visible_down = not up and c is not None
            group.append(_card_group(c, x + i * step, y + (10 if visible_down else 0), card_w, four_color))
        group.append("</g>")
        parts.extend(group)
        to_act = view.to_act == p.seat and view.phase is not Phase.OVER
        stroke = "#ffd54a" if to_act else "#0b1f14"
        name = names[p.seat] if names is not None and p.seat < len(names) else f"Seat {p.seat + 1}"
        parts.append(f'<rect x="{sx - 92:g}" y="{sy + 12:g}" width="184" height="56" rx="12" fill="#102418" '
                     f'stroke="{stroke}" stroke-width="{4 if to_act else 2}"/>')
        parts.append(_text(sx, sy + 36, name[:18], size=20, weight=700))
        status = "folded" if p.folded else "all in" if p.all_in else str(p.stack)
        parts.append(_text(sx, sy + 60, status, size=18, color="#ffd54a" if p.all_in else "#cfe8d6"))
        if p.bet:
            bx = sx + (cx - sx) * 0.28
            by = sy + (cy - sy) * 0.28 - 20
            parts.append(f'<circle cx="{bx - 24:g}" cy="{by - 7:g}" r="11" fill="#e53935" stroke="#fff" '
                         f'stroke-width="3"/>')
            parts.append(_text(bx + 4, by, str(p.bet), size=20, weight=700, anchor="start"))
        if p.seat == view.dealer:
            parts.append(f'<circle cx="{sx + 110:g}" cy="{sy + 40:g}" r="15" fill="#fff" stroke="#333" '
                         f'stroke-width="2"/>')
            parts.append(_text(sx + 110, sy + 47, "D", size=18, color="#111", weight=700))
    # the results
    if view.results:
        y = cy + 110
        for r in view.results:
            who = []
            if r.high_winners:
                names_hi = ", ".join(_name(names, s) for s in r.high_winners)
                hand_hi = f" ({r.high_hand.description})" if r.high_hand is not None else ""
                who.append(f"high {names_hi}{hand_hi}")
            if r.low_winners:
                names_lo = ", ".join(_name(names, s) for s in r.low_winners)
                hand_lo = f" ({r.low_hand.description})" if r.low_hand is not None else ""
                who.append(f"low {names_lo}{hand_lo}")
            parts.append(_text(cx, y, f"{r.name} {r.amount}: {'; '.join(who)}", size=19, color="#fff7d6"))
            y += 26
    label = f"{game.name} table, {view.street_name}, pot {view.pot}"
    return _document("".join(parts), size, size * vh / vw, vw, vh, label)


def _name(names: Sequence[str] | None, seat: int) -> str:
    return names[seat] if names is not None and seat < len(names) else f"Seat {seat + 1}"


def _card_picture(value: Card) -> str:
    return card(value)


_words.register_picture(_card_picture)  # Card._repr_svg_ (Jupyter)
