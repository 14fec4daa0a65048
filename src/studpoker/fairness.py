"""Provably fair shuffles: a deck from a secret seed, and a public commitment.

Before a hand the server picks a secret ``seed`` (64 hex digits, 256 bits
from the OS CSPRNG) and publishes ``commitment(seed)``. It deals the hand from
``deck_from_seed(seed, joker=...)`` and reveals the seed when the hand is
over. Anyone can then check that the seed matches the commitment and that the
cards dealt are the cards the seed gives, so the deck was fixed before the
first card was seen.

The algorithm, step by step (so it can be re-implemented anywhere):

1. ``commitment = SHA-256(seed as ASCII text)``, in lower-case hex
   (``echo -n SEED | sha256sum``).
2. The random stream: block ``i`` (``i = 0, 1, 2, ...``) is
   ``HMAC-SHA256(key = the 32 bytes the seed's hex digits encode,
   message = i as 8 bytes, big-endian)``. The stream is the concatenation of
   the blocks, read as 32-bit big-endian unsigned integers ``u``.
3. ``uniform(m)`` (a number in ``0..m-1``): take the next ``u``; reject it and
   take another while ``u >= 2**32 - (2**32 % m)``; the result is ``u % m``.
4. Fisher-Yates over ``full_deck(joker=...)`` (2c 3c .. Ac, 2d .. Ad, 2h ..
   Ah, 2s .. As, then Jk if the joker is in play): for ``i`` from
   ``len(deck) - 1`` down to 1, swap ``deck[i]`` and ``deck[uniform(i + 1)]``.
5. The result is the order the cards are dealt in (see
   ``docs/rules-decisions.md``, "Order of the deal").

>>> seed = "00" * 32
>>> commitment(seed)[:16]
'60e05bd1b195af2f'
>>> len(deck_from_seed(seed))
52
>>> deck_from_seed(seed) == deck_from_seed(seed)
True
>>> verify_commitment(seed, commitment(seed))
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterator

from studpoker.cards import Card, full_deck

__all__ = [
    "SeedError",
    "commitment",
    "deck_from_seed",
    "new_seed",
    "random_stream",
    "verify_commitment",
    "verify_history",
]


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
    """SHA-256 of the seed's ASCII text, in hex: published before the hand."""
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


def verify_history(history: object, seed: str | None = None) -> list[str]:
    """Check a PHH hand history against its seed; the mismatches found (empty: fair).

    ``history`` is a :class:`studpoker.phh.HandHistory` written by the
    server (its ``_seed`` and ``_commitment`` fields give the seed and the
    commitment unless ``seed`` is passed). The hand is dealt again from
    ``deck_from_seed`` with the history's stacks and decisions, and every
    card of the history (``??`` cards excepted) must be the card dealt.
    """
    from studpoker import phh
    from studpoker.operations import ActionTaken

    assert isinstance(history, phh.HandHistory)
    problems: list[str] = []
    seed = seed or _str_field(history.fields.get("_seed"))
    if seed is None:
        return ["the history has no _seed field: pass the seed"]
    committed = _str_field(history.fields.get("_commitment"))
    if committed is not None and not verify_commitment(seed, committed):
        problems.append(f"commitment {committed} is not SHA-256 of the seed")
    played = phh.replay(history)
    game = played.game
    fresh = game.deal(stacks=played.starting_stacks, dealer=played.dealer,
                      deck=deck_from_seed(seed, joker=game.joker))
    for op in played.log:
        if fresh.is_over:
            break
        if isinstance(op, ActionTaken) and fresh.to_act == op.action.seat and fresh.check(op.action) is None:
            fresh.apply(op.action)
    expected = phh.from_hand(fresh).actions
    if len(expected) != len(history.actions):
        problems.append(f"the seed's deal has {len(expected)} actions, the history {len(history.actions)}")
    for i, (want, got) in enumerate(zip(expected, history.actions, strict=False)):
        if not _same_cards(want, got):
            problems.append(f"action {i + 1}: history has {got!r}, the seed deals {want!r}")
    return problems


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
