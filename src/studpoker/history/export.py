"""Hands played here, in the PokerStars text format that trackers read.

:func:`to_pokerstars` replays a PHH hand history (Seven Card Stud, Stud
Hi-Lo, Razz or Five Card Stud) through the engine and writes it as PokerStars writes a hand:
the header, the seats, the antes, each street with its deals and actions,
the showdown, the summary. Amounts are chips, or money when the history
says so (``_currency`` and ``_unit``, as :mod:`studpoker.history` writes
them for imported cash hands). Reading the text back
(:func:`studpoker.history.read_text`) gives the same history.

Players' down cards are written on the ``Dealt to`` lines when the history
knows them: for every player in a full history, or only for ``hero``. The
room has no button in stud; the table line carries ``Seat #N is the
button`` so that the dealer (who breaks ties for first to act) is kept.
The streets' titles come from the game's street table (``3rd STREET`` ...
``RIVER``; ``2nd STREET`` ... ``5th STREET`` in Five Card Stud). Each log
record is written by its handler of the ``export`` log reader. Wall Street,
Deuce-to-Seven Razz, the wild-card games and the joker have no PokerStars
form and are refused naming the game.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from studpoker import phh
from studpoker.engine.actions import ActionKind
from studpoker.engine.cards import Card
from studpoker.engine.evaluation import evaluate_high, evaluate_low, evaluate_razz
from studpoker.engine.games import GAMES
from studpoker.engine.hand import Hand
from studpoker.engine.operations import (
    ActionTaken,
    AntePosted,
    CardDealt,
    ChipsReturned,
    CommunityCardDealt,
    HandEnded,
    LogReader,
    MarketDealt,
    Operation,
    PotAwarded,
    StreetStarted,
    WildRanksChanged,
)

__all__ = ["ExportError", "hand_to_pokerstars", "to_pokerstars", "write_pokerstars"]

_GAME_WORDS = {"F7S": "7 Card Stud", "F7S/8": "7 Card Stud Hi/Lo", "FR": "Razz", "F5S": "5 Card Stud"}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


class ExportError(ValueError):
    """A hand the PokerStars format cannot hold (Wall Street, the joker, a name the
    format cannot write); the message says which and why."""


class _Money:
    """Chips as the file writes them: plain chips, or money (``$0.04``)."""

    def __init__(self, fields: Mapping[str, object]) -> None:
        currency = fields.get("_currency")
        unit = fields.get("_unit")
        self.symbol = ""
        self.code: str | None = None
        self.unit = Decimal(1)
        if isinstance(currency, str) and isinstance(unit, str):
            self.code = currency
            self.symbol = _SYMBOLS.get(currency, "")
            self.unit = Decimal(unit)

    def __call__(self, chips: int) -> str:
        if self.code is None:
            return str(chips)
        value = Decimal(chips) * self.unit
        text = f"{value:.2f}"
        if text.endswith(".00"):
            text = text[:-3]
        return f"{self.symbol}{text}"


def _names(h: phh.HandHistory) -> list[str]:
    names = list(h.players) if h.players else [f"p{i + 1}" for i in range(h.player_count)]
    _check_names(names)
    return names


def _check_names(names: list[str]) -> None:
    for name in names:
        if not name or name != name.strip() or any(ch in name for ch in "\n\r[]") or ": " in name \
                or name.endswith(":"):
            raise ExportError(f"player name {name!r} cannot be written in the PokerStars format "
                              "(empty, surrounding spaces, a line end, brackets or ': ')")
    if len(set(names)) != len(names):
        raise ExportError(f"two players share a name ({', '.join(names)}): the PokerStars format "
                          "names players, so each name must be distinct")


def _seats(h: phh.HandHistory) -> list[int]:
    seats = h.seats
    if seats is not None and len(set(seats)) == len(seats) and all(s >= 1 for s in seats):
        return list(seats)
    return list(range(1, h.player_count + 1))


def _when(f: Mapping[str, object], when: datetime.datetime | None) -> tuple[datetime.datetime, str]:
    year, month, day, clock = f.get("year"), f.get("month"), f.get("day"), f.get("time")
    zone = f.get("time_zone_abbreviation")
    if isinstance(year, int) and isinstance(month, int) and isinstance(day, int):
        t = clock if isinstance(clock, datetime.time) else datetime.time()
        try:
            stamp = datetime.datetime(year, month, day, t.hour, t.minute, t.second)
        except ValueError:
            raise ExportError(f"bad date {year}/{month}/{day} in the history") from None
        return stamp, zone if isinstance(zone, str) and zone.isalpha() else "UTC"
    if when is None:
        when = datetime.datetime.now(datetime.UTC).replace(tzinfo=None, microsecond=0)
    return when, "UTC"


def _hand_number(h: phh.HandHistory, index: int) -> int:
    if isinstance(h.hand, int) and h.hand >= 0:
        return h.hand
    if isinstance(h.hand, str) and h.hand.isdigit():
        return int(h.hand)
    return index + 1


def _describe(game: str, cards: Sequence[Card]) -> str:
    """The PokerStars words for a shown hand (empty when unknown)."""
    if len(cards) < 5:
        return ""
    try:
        if game in ("F7S", "F5S"):
            return evaluate_high(cards).description
        if game == "F7S/8":
            high = evaluate_high(cards).description
            low = evaluate_low(cards)
            return f"HI: {high}" + (f"; LO: {low.description}" if low is not None else "")
        if game == "FR":
            return f"Lo: {evaluate_razz(cards).description}"
    except ValueError:
        return ""
    return ""


def to_pokerstars(history: phh.HandHistory, *, index: int = 0, hero: str | None = None,
                  when: datetime.datetime | None = None) -> str:
    """One hand as PokerStars text (no trailing blank lines).

    ``hero``: write only this player's down cards on the deal lines (as the room
    does for the player whose file it is); None writes every down card the history
    knows. ``when``: the time to write when the history has none (default: now).
    Raises :class:`ExportError` for a hand the format cannot hold, and
    :class:`studpoker.phh.PHHError` for a history that does not replay.
    """
    h = history
    _check_variant(h.variant, h.joker)
    result = phh.replay_result(h)
    hand = result.hand
    names_by_player = _names(h)
    seats_by_player = _seats(h)
    n = hand.n
    if hero is not None and hero not in names_by_player:
        raise ExportError(f"no player {hero!r} in this hand; players: {', '.join(names_by_player)}")
    if hero is None:
        stated = h.fields.get("_hero")
        hero = stated if isinstance(stated, str) and stated in names_by_player else None
    return hand_to_pokerstars(
        hand, names=[names_by_player[result.player(s)] for s in range(n)],
        seats=[seats_by_player[result.player(s)] for s in range(n)], number=_hand_number(h, index),
        table=str(h.table) if h.table is not None else "studpoker", seat_count=h.seat_count,
        fields=h.fields, hero=hero, known=_known_down(h, result), when=when)


def _check_variant(variant: str, joker: bool) -> None:
    if variant not in _GAME_WORDS:
        title = next((g.title for g in GAMES.values() if g.phh_code == variant), None)
        if variant == phh.WALL_STREET:
            raise ExportError("Wall Street (FWS) has no online room and no PokerStars form: only "
                              f"{_EXPORTED} hands can be exported")
        named = f"{title} ({variant})" if title else f"variant {variant!r}"
        raise ExportError(f"{named} has no PokerStars form: only {_EXPORTED} hands can be exported")
    if joker:
        raise ExportError("the joker (Jk) has no PokerStars card: hands with _joker = true cannot "
                          "be exported")


_EXPORTED = "Seven Card Stud (F7S), Stud Hi-Lo (F7S/8), Razz (FR) and Five Card Stud (F5S)"


def hand_to_pokerstars(hand: Hand, *, names: Sequence[str], seats: Sequence[int] | None = None,
                       number: int = 1, table: str = "studpoker", seat_count: int | None = None,
                       fields: Mapping[str, object] | None = None, hero: str | None = None,
                       known: set[int] | None = None, when: datetime.datetime | None = None) -> str:
    """A finished engine hand as PokerStars text: ``names`` and ``seats`` (the table's
    seat numbers, 1-based) by engine seat; ``fields`` the history's fields that the text
    carries (``_currency``/``_unit``, ``_rake``, ``_tournament``/``_level``, the date);
    ``known`` the seats whose down cards may be written (default: every seat), ``hero``
    the one seat's name whose down cards are written."""
    variant = hand.game.phh_code
    _check_variant(variant, hand.game.joker)
    if not hand.is_over:
        raise ExportError("the hand is unfinished: only finished hands can be exported")
    n = hand.n
    fields = fields or {}
    _check_names(list(names))
    name = dict(enumerate(names))
    seat_no = dict(enumerate(seats if seats is not None else range(1, n + 1)))
    knows = set(range(n)) if known is None else known
    shown_down = knows if hero is None else {s for s in knows if name[s] == hero}
    fmt = _Money(fields)
    out: list[str] = []
    stamp, zone = _when(fields, when)
    game = hand.game
    small, big = game.streets[0].bet, game.streets[-1].bet
    stakes = f"{fmt(small)}/{fmt(big)}" + (f" {fmt.code}" if fmt.code else "")
    words = _GAME_WORDS[variant]
    tournament = fields.get("_tournament")
    level = fields.get("_level")
    date = f"{stamp:%Y/%m/%d} {stamp.hour}:{stamp:%M:%S} {zone}"
    if isinstance(tournament, str) and tournament.isdigit():
        lvl = level if isinstance(level, str) and level.isalnum() else "I"
        out.append(f"PokerStars Hand #{number}: Tournament #{tournament}, Freeroll  {words} Limit - "
                   f"Level {lvl} ({stakes}) - {date}")
    else:
        out.append(f"PokerStars Hand #{number}:  {words} Limit ({stakes}) - {date}")
    if "'" in table or "\n" in table:
        raise ExportError(f"table name {table!r} cannot be written (a quote or a line end)")
    size = seat_count or max(8, hand.game.max_players, max(seat_no.values()))  # (ten-max: R9.1)
    out.append(f"Table '{table}' {size}-max Seat #{seat_no[hand.dealer]} is the button")
    for s in sorted(range(n), key=lambda x: seat_no[x]):
        out.append(f"Seat {seat_no[s]}: {name[s]} ({fmt(hand.starting_stacks[s])} in chips)")
    _body(out, hand, name, shown_down, knows, fmt, variant, fields, seat_no)
    return "\n".join(out)


def _known_down(h: phh.HandHistory, result: phh.ReplayResult) -> set[int]:
    """Seats whose every down card the history names on its deal lines."""
    named: dict[int, bool] = {}
    for text in h.actions:
        words = text.split("#", 1)[0].split()
        if len(words) == 4 and words[:2] == ["d", "dh"]:
            seat = result.seat(int(words[2][1:]) - 1)
            named[seat] = named.get(seat, True) and "??" not in words[3]
    return {s for s, known in named.items() if known}


class _Writer:
    """What the log's reader keeps while it writes one hand's body."""

    def __init__(self, out: list[str], hand: Hand, name: dict[int, str], known: set[int],
                 fmt: _Money, game: str) -> None:
        self.out = out
        self.hand = hand
        self.name = name
        self.known = known  # seats whose down cards the deal lines show
        self.fmt = fmt
        self.game = game
        self.titles = _street_titles(hand)
        self.stacks = list(hand.starting_stacks)
        self.cards: dict[int, list[Card]] = {s: [] for s in range(hand.n)}
        self.up: dict[int, list[Card]] = {s: [] for s in range(hand.n)}
        self.street = -1
        self.dealt: list[tuple[int, Card, bool]] = []
        self.level = 0  # the bet to match on this street
        self.folded_on: dict[int, int] = {}
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.awards: list[PotAwarded] = []
        self.showdown = False
        self.full_level = self.fulls = self.increment = 0

    def flush(self) -> None:
        """The deal lines of the cards dealt since the last record that was not a card."""
        out, name, cards, up, known = self.out, self.name, self.cards, self.up, self.known
        if self.street == 0 and self.dealt:
            hand = self.hand
            for s in sorted({s for s, _, _ in self.dealt}, key=lambda x: (x - hand.dealer - 1) % hand.n):
                shown_cards = cards[s] if s in known else up[s]
                out.append(f"Dealt to {name[s]} [{' '.join(map(str, shown_cards))}]")
        elif self.dealt:
            for s, card, face_up in self.dealt:
                before = cards[s][:-1] if s in known else up[s][:-1] if face_up else None
                if face_up or s in known:
                    out.append(f"Dealt to {name[s]} [{' '.join(map(str, before or []))}] [{card}]"
                               if before else f"Dealt to {name[s]} [{card}]")
        self.dealt.clear()

    def show_down(self) -> None:
        if not self.showdown:
            self.out.append("*** SHOW DOWN ***")
            self.showdown = True


def _street_titles(hand: Hand) -> list[str]:
    """The room's title of each street, from the game's street table: a street named by
    the cards each player then holds, the last one ``RIVER`` where it is dealt down."""
    titles: list[str] = []
    held = 0
    for k, (down, up) in enumerate(type(hand.game).street_cards):
        held += down + up
        titles.append("RIVER" if k and down else f"{held}{_SUFFIX.get(held, 'th')} STREET")
    return titles


_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _on_card(op: CardDealt, w: _Writer) -> None:
    assert op.card is not None
    w.cards[op.seat].append(op.card)
    if op.face_up:
        w.up[op.seat].append(op.card)
    w.dealt.append((op.seat, op.card, op.face_up))


def _on_ante(op: AntePosted, w: _Writer) -> None:
    w.flush()
    w.stacks[op.seat] -= op.amount
    all_in = " and is all-in" if w.stacks[op.seat] == 0 else ""
    w.out.append(f"{w.name[op.seat]}: posts the ante {w.fmt(op.amount)}{all_in}")


def _on_street(op: StreetStarted, w: _Writer) -> None:
    w.flush()
    w.street = op.index
    w.level = 0
    w.full_level, w.fulls, w.increment = 0, 0, w.hand.game.streets[op.index].bet
    w.out.append(f"*** {w.titles[op.index]} ***")


def _on_community(op: CommunityCardDealt, w: _Writer) -> None:
    w.flush()
    for s in w.cards:  # R1.10: the street's title names it
        if s not in w.folded_on:
            w.cards[s].append(op.card)
    w.out[-1] = f"*** {w.titles[w.street]} *** [{op.card}]"


def _on_action(op: ActionTaken, w: _Writer) -> None:
    w.flush()
    a = op.action
    s = a.seat
    kind = a.kind
    out, fmt = w.out, w.fmt
    w.stacks[s] -= op.paid
    all_in = " and is all-in" if op.paid and w.stacks[s] == 0 else ""
    who = w.name[s]
    if kind is ActionKind.BRING_IN:
        out.append(f"{who}: brings in for {fmt(a.amount)}{all_in}")
    elif kind is ActionKind.COMPLETE:
        out.append(f"{who}: completes it to {fmt(a.amount)}{all_in}")
    elif kind is ActionKind.BET:
        out.append(f"{who}: bets {fmt(a.amount)}{all_in}")
    elif kind is ActionKind.RAISE:
        out.append(f"{who}: raises {fmt(a.amount - w.level)} to {fmt(a.amount)}{all_in}")
    elif kind is ActionKind.CALL:
        out.append(f"{who}: calls {fmt(op.paid)}{all_in}")
    if kind in _RAISING:
        w.level = max(w.level, a.amount)
    if kind.is_aggressive:  # a full bet or raise counts toward the cap (R1.5, R1.6)
        rules = w.hand.game
        if w.fulls == 0 and w.street == 1 and a.amount > w.increment:
            w.increment = a.amount  # the open pair's big bet (R2.6)
        if a.amount >= w.full_level + w.increment or 2 * (a.amount - w.full_level) >= w.increment:
            w.full_level, w.fulls = a.amount, w.fulls + 1
            if w.fulls == 1 + rules.max_raises and not (
                    rules.heads_up_uncapped and _with_chips(w.hand, w.stacks, w.folded_on) == 2):
                out.append("Betting is capped")
    elif kind is ActionKind.CHECK:
        out.append(f"{who}: checks")
    elif kind is ActionKind.FOLD:
        out.append(f"{who}: folds")
        w.folded_on[s] = w.street
    elif kind is ActionKind.SHOW:
        w.show_down()
        w.shown[s] = op.cards
        words = _describe(w.game, op.cards)
        out.append(f"{who}: shows [{' '.join(map(str, op.cards))}]" + (f" ({words})" if words else ""))
    elif kind is ActionKind.MUCK:
        w.show_down()
        w.mucked.add(s)
        out.append(f"{who}: mucks hand")


_RAISING = frozenset({ActionKind.BRING_IN, ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})


def _on_returned(op: ChipsReturned, w: _Writer) -> None:
    w.flush()
    w.stacks[op.seat] += op.amount
    if w.street >= 0:
        w.out.append(f"Uncalled bet ({w.fmt(op.amount)}) returned to {w.name[op.seat]}")


def _on_awarded(op: PotAwarded, w: _Writer) -> None:
    w.flush()
    w.awards.append(op)


def _no_form(op: Operation, w: _Writer) -> None:
    """A record of a game the format cannot hold (refused before the log is read)."""
    raise ExportError(f"{type(op).__name__}: the PokerStars format has no such record")


def _on_end(op: HandEnded, w: _Writer) -> None:
    w.flush()


_WRITE: LogReader[None] = LogReader("export", {
    AntePosted: _on_ante, StreetStarted: _on_street, CardDealt: _on_card,
    CommunityCardDealt: _on_community, ActionTaken: _on_action, ChipsReturned: _on_returned,
    PotAwarded: _on_awarded, HandEnded: _on_end,
    MarketDealt: _no_form, WildRanksChanged: _no_form,  # Wall Street and wild cards: refused
})
"""What each log record writes in the PokerStars text (:func:`hand_to_pokerstars`)."""


def _body(out: list[str], hand: Hand, name: dict[int, str], known: set[int], knows: set[int],
          fmt: _Money, game: str, fields: Mapping[str, object], seat_no: dict[int, int]) -> None:
    """Antes, streets, actions and showdown; ``known``: seats whose down cards the deal lines
    show, ``knows``: seats whose cards the history knows (shown at a muck)."""
    w = _Writer(out, hand, name, known, fmt, game)
    for op in hand.log:
        _WRITE(op, w)
    w.flush()
    _results(out, hand, name, fmt, game, fields, seat_no, w.awards, w.shown, w.mucked, w.folded_on,
             w.cards, knows, w.titles)


def _results(out: list[str], hand: Hand, name: dict[int, str], fmt: _Money, game: str,
             fields: Mapping[str, object], seat_no: dict[int, int], awards: Sequence[PotAwarded],
             shown: dict[int, tuple[Card, ...]], mucked: set[int], folded_on: dict[int, int],
             cards: dict[int, list[Card]], known: set[int], titles: Sequence[str]) -> None:
    rake = fields.get("_rake")
    rake = rake if isinstance(rake, int) and not isinstance(rake, bool) and rake > 0 else 0
    pots = sorted({a.pot for a in awards})
    paid: list[tuple[int, int, int]] = []  # (pot, seat, amount) after the rake
    for pot in pots:
        for s in sorted({a.seat for a in awards if a.pot == pot}):
            paid.append((pot, s, sum(a.amount for a in awards if a.pot == pot and a.seat == s)))
    left = rake
    for i in sorted(range(len(paid)), key=lambda i: -paid[i][2]):  # the rake from the biggest shares
        pot, s, amount = paid[i]
        take = min(left, amount)
        paid[i] = (pot, s, amount - take)
        left -= take
    several = len(pots) > 1
    for pot, s, amount in paid:
        where = "pot" if not several else "main pot" if pot == 0 else \
            "side pot" if len(pots) == 2 else f"side pot-{pot}"
        out.append(f"{name[s]} collected {fmt(amount)} from {where}")
    if game == "F7S/8" and shown and not any(r.low_winners for r in hand.results):
        out.append("No low hand qualified")
    winners = {s for _, s, a in paid if a}
    for s in sorted(winners):
        if s not in shown and not any(x in shown for x in range(hand.n) if x != s):
            out.append(f"{name[s]}: doesn't show hand")
    out.append("*** SUMMARY ***")
    total = sum(a.amount for a in awards)
    side = ""
    if several:
        amounts = [sum(a for p, _, a in paid if p == pot) for pot in pots]
        side = f" Main pot {fmt(amounts[0])}." + "".join(
            f" Side pot{'' if len(pots) == 2 else f'-{i}'} {fmt(x)}." for i, x in enumerate(amounts[1:], 1))
    out.append(f"Total pot {fmt(total)}{side} | Rake {fmt(rake)}")
    won = {s: 0 for s in range(hand.n)}
    for _, s, amount in paid:
        won[s] += amount
    for s in sorted(range(hand.n), key=lambda x: seat_no[x]):
        who = f"Seat {seat_no[s]}: {name[s]}"
        if s in folded_on:
            street = folded_on[s]
            note = " (didn't bet)" if street == 0 and not _put_in(hand, s) else ""
            out.append(f"{who} folded on the {_summary_street(titles[street])}{note}")
        elif s in shown:
            text = " ".join(map(str, shown[s]))
            words = _describe(game, shown[s])
            tail = f" with {words}" if words else ""
            out.append(f"{who} showed [{text}] and won ({fmt(won[s])}){tail}" if won[s]
                       else f"{who} showed [{text}] and lost{tail}")
        elif s in mucked:
            text = f" [{' '.join(map(str, cards[s]))}]" if s in known else ""
            out.append(f"{who} mucked{text}")
        else:
            out.append(f"{who} collected ({fmt(won[s])})")


def _summary_street(title: str) -> str:
    """``3rd STREET`` as the summary writes it: ``3rd Street`` (``RIVER``: ``River``)."""
    return " ".join(word if word[:1].isdigit() else word.capitalize() for word in title.split())


def _with_chips(hand: Hand, stacks: Sequence[int], folded: Mapping[int, int]) -> int:
    return sum(1 for s in range(hand.n) if s not in folded and stacks[s] > 0)


def _put_in(hand: Hand, seat: int) -> bool:
    return any(isinstance(op, ActionTaken) and op.action.seat == seat and op.paid > 0
               for op in hand.log)


def write_pokerstars(histories: Iterable[phh.HandHistory], *, hero: str | None = None,
                     when: datetime.datetime | None = None) -> Iterable[str]:
    """Each hand's PokerStars text followed by blank lines, as the room separates hands
    in a file (a generator: one hand at a time)."""
    for i, h in enumerate(histories):
        yield to_pokerstars(h, index=i, hero=hero, when=when) + "\n\n\n"
