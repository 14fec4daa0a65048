"""Provably fair shuffles that reveal no hidden card: a salted, per-card deck commitment.

Before a hand the server picks a secret ``seed`` (64 hex digits, 256 bits
from the OS CSPRNG), shuffles the deck with it, and publishes one hash: the
Merkle root of the shuffled deck, each card hidden under a salt of its own
(:func:`deck_root`). When the hand is over it *opens* only the cards that were
seen (face-up cards, market cards, cards shown at showdown): for each, its
position in the deck, its salt and the Merkle path to the root
(:class:`Opening`). Anyone can check that every card seen was at its committed
position of a deck fixed before the first card was dealt
(:func:`verify_opening`, :func:`verify_history`, ``studpoker verify-shuffle``),
while the folded and mucked cards stay hidden: their salts are never
revealed, and the seed never leaves the server (it is kept to rebuild a live
hand after a restart).

The algorithm, step by step (so it can be re-implemented anywhere):

1. The random stream: block ``i`` (``i = 0, 1, 2, ...``) is
   ``HMAC-SHA256(key = the 32 bytes the seed's hex digits encode,
   message = i as 8 bytes, big-endian)``. The stream is the concatenation of
   the blocks, read as 32-bit big-endian unsigned integers ``u``.
2. ``uniform(m)`` (a number in ``0..m-1``): take the next ``u``; reject it and
   take another while ``u >= 2**32 - (2**32 % m)``; the result is ``u % m``.
3. Fisher-Yates over ``cards.full_deck(joker=...)``, the cards in code order:
   by rank, then suit (``2c 2d 2h 2s 3c 3d ... As``, then ``Jk`` if the joker
   is in play): for ``i`` from ``len(deck) - 1`` down to 1, swap ``deck[i]``
   and ``deck[uniform(i + 1)]``. The result is the order the cards are dealt
   in (``docs/rules-decisions.md``, "Order of the deal").
4. The salt of position ``p``: ``HMAC-SHA256(key = the seed's 32 bytes,
   message = b"salt" + p as 8 bytes, big-endian)`` (32 bytes).
5. The leaf of position ``p``: ``SHA-256(0x00 || salt || card as 2 ASCII
   characters || p as 1 byte)``. Positions 52 (53 with the joker) to 63 have
   leaves of 32 zero bytes.
6. The tree: a node is ``SHA-256(0x01 || left || right)``, level by level up
   from the 64 leaves; the root, in lower-case hex, is the commitment.
7. An opening of position ``p``: ``p``, the card, the salt (hex) and the six
   sibling hashes from the leaf up (hex). To check it, hash the leaf, fold the
   siblings in (``p``'s bit ``k`` set: the sibling is on the left at level
   ``k``) and compare with the root.

>>> seed = "00" * 32
>>> deck = deck_from_seed(seed)
>>> len(deck), deck == deck_from_seed(seed), [str(c) for c in full_deck()[:5]]
(52, True, ['2c', '2d', '2h', '2s', '3c'])
>>> root = deck_root(seed)
>>> [o] = open_positions(seed, [3])
>>> o.card == str(deck[3]), verify_opening(root, o)
(True, True)
>>> forged = Opening(position=3, card="As" if o.card != "As" else "Ks", salt=o.salt, proof=o.proof)
>>> verify_opening(root, forged)
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studpoker.engine.cards import Card, full_deck
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

__all__ = [
    "TREE_LEAVES",
    "Opening",
    "SeedError",
    "card_salt",
    "commitment",
    "dealt_cards",
    "deck_from_seed",
    "deck_root",
    "keep_seen_openings",
    "leaf_hash",
    "new_seed",
    "open_cards",
    "open_positions",
    "public_cards",
    "random_stream",
    "seen_cards",
    "verify_commitment",
    "verify_history",
    "verify_opening",
]

TREE_LEAVES = 64  # a deck of 52 or 53 cards, padded to a power of two
_EMPTY_LEAF = bytes(32)


class SeedError(ValueError):
    """A seed that is not 64 hexadecimal digits."""


def new_seed() -> str:
    """A fresh secret seed: 64 lower-case hex digits from the OS CSPRNG."""
    return secrets.token_hex(32)


def _key(seed: str) -> bytes:
    if not isinstance(seed, str) or len(seed) != 64:
        raise SeedError(f"a seed is 64 hex digits, got {seed!r}")
    try:
        return bytes.fromhex(seed)
    except ValueError:
        raise SeedError(f"a seed is 64 hex digits, got {seed!r}") from None


def commitment(seed: str) -> str:
    """SHA-256 of the seed's ASCII text, in hex (the old, seed-revealing scheme's commitment;
    the server now publishes :func:`deck_root` instead)."""
    _key(seed)
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def verify_commitment(seed: str, digest: str) -> bool:
    """True if ``digest`` is the commitment of ``seed``."""
    return hmac.compare_digest(commitment(seed), digest.strip().lower())


def random_stream(seed: str) -> Iterator[int]:
    """The 32-bit unsigned integers of the seed's HMAC-SHA256 counter stream."""
    key = _key(seed)
    counter = 0
    while True:
        block = hmac.new(key, struct.pack(">Q", counter), hashlib.sha256).digest()
        counter += 1
        yield from struct.unpack(">8I", block)


def _uniform(stream: Iterator[int], m: int) -> int:
    limit = 2**32 - (2**32 % m)
    while True:
        u = next(stream)
        if u < limit:
            return u % m


def deck_from_seed(seed: str, *, joker: bool = False) -> list[Card]:
    """The whole deck in dealing order, shuffled by the seed (module docstring)."""
    deck = full_deck(joker=joker)
    stream = random_stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = _uniform(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# ------------------------------------------------------------- the deck commitment


def card_salt(seed: str, position: int) -> bytes:
    """The secret salt of a deck position (step 4)."""
    return hmac.new(_key(seed), b"salt" + struct.pack(">Q", position), hashlib.sha256).digest()


def leaf_hash(salt: bytes, card: str, position: int) -> bytes:
    """The leaf of a position (step 5)."""
    if not 0 <= position < TREE_LEAVES or len(card) != 2 or len(salt) != 32:
        raise ValueError(f"bad leaf: position {position}, card {card!r}")
    return hashlib.sha256(b"\x00" + salt + card.encode("ascii") + bytes([position])).digest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def _levels(seed: str, joker: bool) -> tuple[list[Card], list[list[bytes]]]:
    deck = deck_from_seed(seed, joker=joker)
    leaves = [leaf_hash(card_salt(seed, p), str(c), p) for p, c in enumerate(deck)]
    leaves += [_EMPTY_LEAF] * (TREE_LEAVES - len(leaves))
    levels = [leaves]
    while len(levels[-1]) > 1:
        below = levels[-1]
        levels.append([_node(below[i], below[i + 1]) for i in range(0, len(below), 2)])
    return deck, levels


def deck_root(seed: str, *, joker: bool = False) -> str:
    """The commitment to the seed's shuffled deck: the Merkle root, in hex (step 6)."""
    return _levels(seed, joker)[1][-1][0].hex()


@dataclass(frozen=True, slots=True, kw_only=True)
class Opening:
    """One card of the committed deck, revealed: where it was, its salt and its Merkle path."""

    position: int
    card: str
    salt: str  # 64 hex digits
    proof: tuple[str, ...]  # sibling hashes from the leaf up, hex

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``hand_end`` messages, the REST API)."""
        return {"position": self.position, "card": self.card, "salt": self.salt, "proof": list(self.proof)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Opening:
        """The inverse of :meth:`to_dict`; ValueError if malformed."""
        try:
            position, card, salt = data["position"], data["card"], data["salt"]
            proof = tuple(data["proof"])
        except (KeyError, TypeError):
            raise ValueError(f"not an opening: {data!r}") from None
        if not (isinstance(position, int) and isinstance(card, str) and isinstance(salt, str)
                and all(isinstance(p, str) for p in proof)):
            raise ValueError(f"not an opening: {data!r}")
        return cls(position=position, card=card, salt=salt, proof=proof)

    def to_text(self) -> str:
        """One string (the ``_openings`` field of a PHH history): ``POS:CARD:SALT:P1.P2...``."""
        return f"{self.position}:{self.card}:{self.salt}:{'.'.join(self.proof)}"

    @classmethod
    def from_text(cls, text: str) -> Opening:
        """The inverse of :meth:`to_text`; ValueError if malformed."""
        parts = text.split(":")
        if len(parts) != 4 or not parts[0].isdigit():
            raise ValueError(f"not an opening: {text!r}")
        return cls(position=int(parts[0]), card=parts[1], salt=parts[2],
                   proof=tuple(parts[3].split(".")) if parts[3] else ())


def open_positions(seed: str, positions: Iterable[int], *, joker: bool = False) -> list[Opening]:
    """The openings of deck positions (step 7), in position order."""
    deck, levels = _levels(seed, joker)
    out = []
    for p in sorted(set(positions)):
        if not 0 <= p < len(deck):
            raise ValueError(f"no deck position {p}")
        proof, i = [], p
        for level in levels[:-1]:
            proof.append(level[i ^ 1].hex())
            i >>= 1
        salt = card_salt(seed, p).hex()
        out.append(Opening(position=p, card=str(deck[p]), salt=salt, proof=tuple(proof)))
    return out


def open_cards(seed: str, cards: Iterable[Card | str], *, joker: bool = False) -> list[Opening]:
    """The openings of the positions that hold ``cards``."""
    where = {str(c): p for p, c in enumerate(deck_from_seed(seed, joker=joker))}
    return open_positions(seed, (where[str(c)] for c in cards), joker=joker)


def verify_opening(root: str, opening: Opening) -> bool:
    """True if the opened card was at its position of the deck committed to by ``root``."""
    try:
        salt = bytes.fromhex(opening.salt)
        h = leaf_hash(salt, opening.card, opening.position)
        siblings = [bytes.fromhex(x) for x in opening.proof]
    except ValueError:
        return False
    if len(siblings) != TREE_LEAVES.bit_length() - 1 or any(len(x) != 32 for x in siblings):
        return False
    i = opening.position
    for sib in siblings:
        h = _node(sib, h) if i & 1 else _node(h, sib)
        i >>= 1
    return hmac.compare_digest(h.hex(), root.strip().lower())


def _no_cards(op: Operation) -> tuple[Card, ...]:
    return ()


def _the_card(op: CardDealt | CommunityCardDealt | MarketDealt) -> tuple[Card, ...]:
    return () if op.card is None else (op.card,)  # None: a card the viewer may not see


def _shown_cards(op: ActionTaken) -> tuple[Card, ...]:
    return op.cards  # a show's cards, a bought market card


_CARDS_OF: LogReader[tuple[Card, ...]] = LogReader("fairness", {
    CardDealt: _the_card, CommunityCardDealt: _the_card, MarketDealt: _the_card,
    ActionTaken: _shown_cards, AntePosted: _no_cards, StreetStarted: _no_cards,
    ChipsReturned: _no_cards, PotAwarded: _no_cards, WildRanksChanged: _no_cards, HandEnded: _no_cards,
})
"""The cards each log record shows (:func:`public_cards`, :func:`dealt_cards`)."""


def _log_cards(log: Iterable[Operation]) -> list[Card]:
    out: list[Card] = []
    for op in log:
        out.extend(_CARDS_OF(op))
    return list(dict.fromkeys(out))


def public_cards(hand: object) -> list[Card]:
    """Every card of a hand that everyone saw (up cards, market cards, shown cards)."""
    from studpoker.engine.hand import Hand

    assert isinstance(hand, Hand)
    return _log_cards(hand.view(None).log)


def dealt_cards(hand: object) -> list[Card]:
    """Every card a hand dealt (for the server's own, private history)."""
    from studpoker.engine.hand import Hand

    assert isinstance(hand, Hand)
    return _log_cards(hand.log)


def seen_cards(hand: object, seat: int | None) -> list[Card]:
    """Every card of a hand that ``seat`` saw (``None``: an observer; see :func:`public_cards`)."""
    from studpoker.engine.hand import Hand

    assert isinstance(hand, Hand)
    return _log_cards(hand.view(seat).log)


# ------------------------------------------------------------------ checking a history


def _history_openings(history: Any) -> list[Opening]:
    raw = history.fields.get("_openings")
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ValueError("_openings is a list of strings")
    return [Opening.from_text(x) for x in raw]


def verify_history(history: object, seed: str | None = None,
                   openings: Sequence[Opening] | None = None, *,
                   commitment: str | None = None) -> list[str]:
    """Check a PHH hand history against its deck commitment; the mismatches found (empty: fair).

    ``history`` is a :class:`studpoker.phh.HandHistory` written by the server:
    its ``_openings`` are the revealed cards (or pass ``openings``). The
    history is checked against ``commitment``, the deck commitment the server
    published before the deal (the ``hand`` message, ``/api/hands``), and
    nothing else: the history's own ``_commitment`` must then be the same.
    Without ``commitment`` the history's ``_commitment`` is used (compare it
    with the published one). A history without any commitment is refused, and
    a ``_seed`` field in the history is never used: anyone can write one next
    to a deck of their choice. Every opening must match the commitment; then
    the hand is dealt again from a deck with each opened card at its position
    (the rest filled with the unopened cards), the history's decisions are
    replayed, and every card of the history (``??`` excepted) must be the card
    dealt there, and opened. With ``seed`` (the server's operator has it) the
    commitment must be the seed's deck root and the whole deck is used.
    """
    from studpoker import phh

    assert isinstance(history, phh.HandHistory)
    problems: list[str] = []
    own = _str_field(history.fields.get("_commitment"))
    if commitment is not None:
        root: str | None = commitment.strip().lower()
        if own is not None and own.strip().lower() != root:
            problems.append(f"the history's _commitment {own} is not the published commitment {root}")
    else:
        root = None if own is None else own.strip().lower()
    if root is None:
        why = " (its _seed proves nothing: anyone can write one)" if "_seed" in history.fields else ""
        return [f"the history has no _commitment field and no commitment was given{why}"]
    opened = list(openings) if openings is not None else _history_openings(history)
    played = phh.replay(history)
    game = played.game
    size = 53 if game.joker else 52
    if seed is not None:
        if root != deck_root(seed, joker=game.joker) and not verify_commitment(seed, root):
            problems.append(f"commitment {root} is not the seed's deck root")
        deck = deck_from_seed(seed, joker=game.joker)
    else:
        slots: dict[int, str] = {}
        for o in opened:
            if not verify_opening(root, o):
                problems.append(f"opening of position {o.position} ({o.card}) does not match the commitment")
            elif o.position >= size or slots.setdefault(o.position, o.card) != o.card:
                problems.append(f"position {o.position} is opened twice or is outside the deck")
        try:
            known = [Card.parse(c) for c in slots.values()]
        except ValueError as exc:  # CardError is a ValueError
            return [*problems, f"an opened card is not a card: {exc}"]
        if len(set(known)) != len(known):
            problems.append("one card is opened at two positions")
            return problems
        rest = iter(c for c in full_deck(joker=game.joker) if c not in set(known))
        deck = [Card.parse(slots[p]) if p in slots else next(rest) for p in range(size)]
    fresh = game.deal(stacks=played.starting_stacks, dealer=played.dealer, deck=deck)
    for op in played.log:
        if fresh.is_over:
            break
        if isinstance(op, ActionTaken) and fresh.to_act == op.action.seat and fresh.check(op.action) is None:
            fresh.apply(op.action)
    expected = phh.from_hand(fresh).actions
    if len(expected) != len(history.actions):
        problems.append(f"the committed deck deals {len(expected)} actions, "
                        f"the history {len(history.actions)}")
    for i, (want, got) in enumerate(zip(expected, history.actions, strict=False)):
        if not _same_cards(want, got):
            problems.append(f"action {i + 1}: history has {got!r}, the committed deck deals {want!r}")
    if seed is None:
        opened_cards = {o.card for o in opened}
        for i, line in enumerate(history.actions):
            for card in _line_cards(line):
                if card not in opened_cards:
                    problems.append(f"action {i + 1}: {card} is shown but not opened")
    return problems


def keep_seen_openings(history: Any) -> None:
    """Drop from ``history.fields["_openings"]`` every opening of a card the history does not
    show (call it on a history cut down for one viewer, e.g. :func:`studpoker.phh.for_viewer`
    of the server's full history: the full one opens every card dealt)."""
    raw = history.fields.get("_openings")
    if not isinstance(raw, list):
        return
    shown = {card for line in history.actions for card in _line_cards(line)}
    history.fields["_openings"] = [x for x in raw
                                   if isinstance(x, str) and Opening.from_text(x).card in shown]


def _line_cards(line: str) -> list[str]:
    """The card codes of a dealing or showing line of a PHH history (``??`` left out)."""
    parts = line.split()
    if len(parts) < 3:
        return []
    out = []
    for token in parts[2:]:
        if len(token) % 2 or not token:
            continue
        pieces = [token[k:k + 2] for k in range(0, len(token), 2)]
        if all(len(x) == 2 and (x == "??" or x == "Jk" or (x[0] in "23456789TJQKA" and x[1] in "cdhs"))
               for x in pieces):
            out += [x for x in pieces if x != "??"]
    return out


def _str_field(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _same_cards(want: str, got: str) -> bool:
    """Equal, where ``??`` in ``got`` stands for any card."""
    a, b = want.split(), got.split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        if len(x) != len(y) or len(x) % 2:
            return False
        for k in range(0, len(x), 2):
            if y[k:k + 2] != "??" and y[k:k + 2] != x[k:k + 2]:
                return False
    return True
