"""Reading PHH: TOML text or a file into checked :class:`~studpoker.phh.HandHistory` records
(:func:`read`, :func:`read_one`), every field validated against the variant's game and every
mistake reported with its line; and the parser of the ``actions`` notation (``d dh p1 AsKd``,
``p2 cbr 10``, ``p3 sm``, ...) that the replay uses too.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, NamedTuple

from studpoker.engine.cards import Card, CardError, full_deck
from studpoker.engine.games import GAMES
from studpoker.phh.hand_history import UNKNOWN, HandHistory, PHHError, _Reject
from studpoker.phh.variants import (
    _FOREIGN,
    _NOT_APPLYING,
    _OPTIONS,
    _REQUIRED,
    _STUD_FAMILY,
    _VARIANT_GAMES,
    BASEBALL,
    VARIANTS,
    WALL_STREET,
)

__all__ = [
    "read",
    "read_one",
]

# The standard's optional fields, in the standard's order (those we type are handled apart).
_STANDARD_OPTIONAL: Final = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand", "level",
    "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "ante_trimming_status", "time_limit", "time_banks",
)



# --------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------


@dataclass(slots=True)
class _Lines:
    """Where a TOML table's pieces are: header line, each key's line, each action's line."""

    header: int
    fields: dict[str, int] = field(default_factory=dict)
    actions: list[int] = field(default_factory=list)


_TOKEN = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^\']|\'(?!\'\'))*\'\'\''
    r'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|\n|[ \t\r]+|[\[\]{}=,]|[^\s\[\]{}=,#"\']+',
    re.DOTALL,
)


def _scan_lines(text: str) -> dict[str | None, _Lines]:
    """Line numbers of table headers, keys and ``actions`` strings in valid TOML text."""
    tokens: list[tuple[str, int]] = []
    line = 1
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if not tok.startswith("#") and not tok.isspace():
            tokens.append((tok, line))
        elif tok == "\n":
            tokens.append(("\n", line))
        line += tok.count("\n")
    tables: dict[str | None, _Lines] = {None: _Lines(header=1)}
    current = tables[None]
    i = 0

    def key_text(parts: list[str]) -> str:
        out = []
        for p in parts:
            if p.startswith(("'", '"')):
                try:
                    out.append(str(tomllib.loads(f"k = {p}")["k"]))
                except tomllib.TOMLDecodeError:
                    out.append(p.strip("'\""))
            else:
                out.append(p)
        return "".join(out)

    while i < len(tokens):
        tok, ln = tokens[i]
        if tok == "\n":
            i += 1
            continue
        if tok == "[":
            j = i + 1
            array_table = j < len(tokens) and tokens[j][0] == "["
            parts = []
            while j < len(tokens) and tokens[j][0] not in ("]", "\n"):
                if tokens[j][0] != "[":
                    parts.append(tokens[j][0])
                j += 1
            name = key_text(parts)
            current = _Lines(header=ln) if array_table else tables.setdefault(name, _Lines(header=ln))
            while i < len(tokens) and tokens[i][0] != "\n":
                i += 1
            continue
        parts = []
        while i < len(tokens) and tokens[i][0] not in ("=", "\n"):
            parts.append(tokens[i][0])
            i += 1
        key = key_text(parts)
        current.fields.setdefault(key, ln)
        i += 1  # past "="
        depth = 0
        while i < len(tokens):
            tok, ln = tokens[i]
            if tok in ("[", "{"):
                depth += 1
            elif tok in ("]", "}"):
                depth -= 1
            elif tok == "\n" and depth == 0:
                break
            elif key == "actions" and depth == 1 and tok[:1] in ("'", '"'):
                current.actions.append(ln)
            i += 1
    return tables


def read(source: str | os.PathLike[str]) -> list[HandHistory]:
    """Every hand in PHH text, or in the file at a path (a ``Path``, or a one-line string
    without ``=``, which cannot be PHH text).

    A ``.phh`` document (a ``variant`` field at the top) is one hand; a
    ``.phhs`` document holds one table per hand. Raises :class:`PHHError`
    with the line and reason of the first mistake.
    """
    path: str | None = None
    if isinstance(source, str) and ("=" in source or "\n" in source or not source):
        text = source
    else:  # a Path, or a one-line string with no "=": a file name
        path = os.fspath(source)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PHHError(f"cannot read the file: {exc}", source=path) from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(m.group(1)) if m else None
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc)) if m else str(exc)
        raise PHHError(f"not valid TOML: {reason}", source=path, line=line) from None
    except ValueError:  # an integer past Python's digit limit for text (sys.get_int_max_str_digits)
        field, line = _field_at(text, rf"\d{{{sys.get_int_max_str_digits() or 4300}}}")
        raise PHHError(f"{field}: a number of more than {sys.get_int_max_str_digits()} digits",
                       source=path, line=line) from None
    except RecursionError:  # arrays or inline tables nested thousands deep
        field, line = _field_at(text, r"[\[{]\s*[\[{]\s*[\[{]")
        raise PHHError(f"{field}: arrays or tables nested too deep", source=path, line=line) from None
    lines = _scan_lines(text)
    if "variant" in doc:
        return [_from_table(doc, name=None, index=0, source=path, lines=lines.get(None))]
    out = []
    for index, (name, table) in enumerate(doc.items()):
        where = lines.get(name)
        if not isinstance(table, dict):
            line = lines[None].fields.get(name)
            raise PHHError(
                f"top-level field {name!r} is not a hand: a .phh file needs a 'variant' field, "
                "a .phhs file one table per hand", source=path, line=line)
        out.append(_from_table(table, name=name, index=index, source=path, lines=where))
    if not out:
        raise PHHError("no hands: a .phh file needs a 'variant' field, a .phhs file one table "
                       "per hand", source=path, line=1)
    return out


def _field_at(text: str, pattern: str) -> tuple[str, int | None]:
    """The field (``key = ...``) and line of the first line of ``text`` matching ``pattern``:
    where a value the TOML reader cannot hold is (``("a value", None)`` if no line shows it)."""
    for number, line in enumerate(text.splitlines(), 1):
        if re.search(pattern, line):
            key = re.match(r"\s*([A-Za-z0-9_.\"'-]+)\s*=", line)
            return (key.group(1) if key else "a value"), number
    return "a value", None


def read_one(source: str | os.PathLike[str]) -> HandHistory:
    """The single hand of a ``.phh`` text or file (:class:`PHHError` unless exactly one)."""
    histories = read(source)
    if len(histories) != 1:
        raise PHHError(f"expected one hand, found {len(histories)}", source=histories[0].source)
    return histories[0]


def _from_table(data: dict[str, object], *, name: str | None, index: int, source: str | None,
                lines: _Lines | None, replay_checks: bool = False) -> HandHistory:
    """The table as a history, every field checked; with ``replay_checks`` the game and the
    actions are left to the replay, which checks them again anyway (and says where)."""
    where = lines or _Lines(header=1)
    header = where.header if name is not None else 1

    def fail(reason: str, key: str | None = None) -> PHHError:
        line = where.fields.get(key, header) if key else header
        return PHHError(reason, source=source, hand=index + 1, hand_name=name, line=line)

    def integer(key: str, value: object, *, minimum: int = 0) -> int:
        field_name = key.split("[")[0]
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            if isinstance(value, float):
                raise fail(f"{key}: {value!r} is not a whole number of chips", field_name)
            raise fail(f"{key} must be an integer, got {value!r}", field_name)
        if value < minimum:
            raise fail(f"{key} must be >= {minimum}, got {value}", field_name)
        return value

    def int_list(key: str, *, minimum: int = 0, length: int | None = None) -> list[int]:
        value = data[key]
        if not isinstance(value, list):
            raise fail(f"{key} must be an array of integers, got {value!r}", key)
        if all(type(v) is int and v >= minimum for v in value):
            out = list(value)  # the usual case, without naming each entry
        else:
            out = [integer(f"{key}[{i}]", v, minimum=minimum) for i, v in enumerate(value)]
        if length is not None and len(out) != length:
            what = "five numbers (one per betting round)" if key == "limits" else \
                f"one entry per player ({length})"
            raise fail(f"{key} has {len(out)} entries, expected {what}", key)
        return out

    def boolean(key: str) -> bool:
        value = data[key]
        if not isinstance(value, bool):
            raise fail(f"{key} must be true or false, got {value!r}", key)
        return value

    variant = data.get("variant")
    if variant not in VARIANTS:
        raise fail(f"unknown variant {variant!r}: studpoker plays 'F7S' (Seven Card Stud), "
                   f"'F7S/8' (Seven Card Stud Hi-Lo), 'FR' (Razz), 'FWS' (Wall Street, "
                   f"docs/phh-wall-street.md), 'FBB' (Baseball), 'FFQ' (Follow the Queen), "
                   f"'FHC' (High Chicago) and 'FLC' (Low Chicago, docs/phh-home-games.md)",
                   "variant")
    assert isinstance(variant, str)
    for key in _REQUIRED[variant]:
        if key not in data:
            raise fail(f"missing required field {key!r} for {variant}")
    for key in _FOREIGN:
        if key in data and key not in _REQUIRED[variant]:
            raise fail(f"field {key!r} does not belong in a {variant} hand", key)
    stacks = int_list("starting_stacks", minimum=1)
    n = len(stacks)
    kind = GAMES[_VARIANT_GAMES[variant]]
    lo, hi = kind.min_players, kind.max_players
    if not lo <= n <= hi:
        raise fail(f"{kind.title} is for {lo} to {hi} players, starting_stacks has {n}",
                   "starting_stacks")
    antes = int_list("antes", length=n)
    if len(set(antes)) > 1:
        raise fail(f"antes must be equal for every player (R2.2, R3.2), got {antes}", "antes")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("actions must be an array of strings", "actions")
    h = HandHistory(variant=variant, antes=antes, starting_stacks=stacks,
                    actions=[str(a) for a in actions], name=name, index=index, source=source,
                    line=header, field_lines=dict(where.fields))
    h.action_lines = list(where.actions) if len(where.actions) == len(actions) else \
        [None] * len(actions)
    if variant in _STUD_FAMILY:
        h.bring_in = integer("bring_in", data["bring_in"], minimum=1)
        h.small_bet = integer("small_bet", data["small_bet"], minimum=1)
        h.big_bet = integer("big_bet", data["big_bet"], minimum=1)
    else:
        h.limits = int_list("limits", minimum=1, length=5) if isinstance(data["limits"], list) \
            else [integer("limits", data["limits"], minimum=1)] * 5
        h.market_unit = integer("market_unit", data["market_unit"], minimum=1)
    for key, value in data.items():
        if key in _REQUIRED[variant]:
            continue
        if key.startswith("_") and any(key in names for names in _OPTIONS.values()):
            if key not in _OPTIONS[variant]:
                rule = _NOT_APPLYING.get((variant, key))
                raise fail(f"option {key!r} does not apply to {variant}"
                           + (f" ({rule})" if rule else ""), key)
            if key == "_max_raises":
                h.max_raises = integer(key, value)
            elif key == "_three_price":
                h.three_price = integer(key, value)
            else:
                setattr(h, key[1:], boolean(key))
        elif key == "ante_trimming_status":
            h.ante_trimming_status = boolean(key)
        elif key == "_left":
            players = int_list(key, minimum=1)
            if any(p > n for p in players) or len(set(players)) != len(players):
                raise fail(f"_left must list distinct players 1 to {n}, got {players}", key)
            h.left = players
        elif key in ("seats", "finishing_stacks", "winnings"):
            setattr(h, key, int_list(key, length=n))
        elif key == "seat_count":
            h.seat_count = integer(key, value, minimum=1)
        elif key == "players":
            if not isinstance(value, list) or not all(isinstance(p, str) for p in value) \
                    or len(value) != n:
                raise fail(f"players must be an array of {n} strings", key)
            h.players = [str(p) for p in value]
        elif key in ("hand", "table"):
            if not isinstance(value, int | str) or isinstance(value, bool):
                raise fail(f"{key} must be a string or an integer, got {value!r}", key)
            setattr(h, key, value)
        else:
            h.fields[key] = value
    if variant == BASEBALL and h.three_price is None:
        h.three_price = h.big_bet  # R8.2: the big bet unless the file says otherwise
    if replay_checks:
        return h
    h.game()  # stakes and options make a valid game
    for i, text in enumerate(h.actions):
        try:
            _parse_action(text, n, variant)
        except _Reject as exc:
            raise h.error(exc.reason, action_index=i) from None
    return h


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------


class _Act(NamedTuple):
    """One parsed action. ``player`` is 0-based (p1 is 0); -1 for the dealer.
    (A named tuple: a replay parses every action, and a tuple is quick to build.)"""

    verb: str  # "" (no-op), dh, db, dm, pb, f, cc, cbr, sm, mb, pay
    player: int = -1
    cards: tuple[Card | None, ...] = ()
    amount: int = 0
    show: bool = False


_PLAYER = re.compile(r"p([1-9][0-9]*)")
# The usual words of an action, looked up directly (the general parser handles the rest).
_LABELS: Final = {f"p{i}": i - 1 for i in range(1, 65)}
_CARD_TEXT: Final[dict[str, Card | None]] = {str(c): c for c in full_deck(joker=True)}
_CARD_TEXT[UNKNOWN] = None
_NOT_A_CARD: Final = object()
_PLAIN_VERBS: Final = frozenset({"pb", "f", "cc"})


def _parse_cards(text: str) -> tuple[Card | None, ...]:
    if len(text) % 2:
        raise _Reject(f"bad cards {text!r}: cards are two characters each, like 'As' or '??'")
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        piece = text[i:i + 2]
        if piece == UNKNOWN:
            out.append(None)
            continue
        try:
            out.append(Card.parse(piece))
        except CardError:
            raise _Reject(f"bad card {piece!r}: expected rank 2-9/T/J/Q/K/A and suit c/d/h/s, "
                          "'Jk' (the joker) or '??'") from None
    return tuple(out)


def _known_cards(word: str) -> tuple[Card | None, ...] | None:
    """The cards of ``word`` (``??`` as None), or None if any piece is not a card."""
    if len(word) % 2:
        return None
    cards = tuple(_CARD_TEXT.get(word[i:i + 2], _NOT_A_CARD) for i in range(0, len(word), 2))
    return None if _NOT_A_CARD in cards else cards  # type: ignore[return-value]


def _usual_action(words: list[str], count: int, n: int, variant: str) -> _Act | None:
    """The action of the usual forms (``pN cc``, ``pN cbr 10``, ``d dh pN AsKd``...), or
    None for the general parser (which also reports every mistake)."""
    verb = words[1]
    if count == 4:
        if verb == "dh" and words[0] == "d":
            p = _LABELS.get(words[2], n)
            cards = _known_cards(words[3])
            if p < n and cards is not None:
                return _Act("dh", p, cards)
        return None
    if words[0] == "d":
        if count == 3 and (verb == "db" or (verb == "dm" and variant == WALL_STREET)):
            cards = _known_cards(words[2])
            if cards is not None and (verb == "db" or 1 <= len(cards) <= 4):
                return _Act(verb, cards=cards)
        return None
    p = _LABELS.get(words[0], n)
    if p >= n:
        return None
    if count == 2:
        if verb in _PLAIN_VERBS:
            return _Act(verb, p)
        return _Act("sm", p) if verb == "sm" else None
    word = words[2]
    if verb == "cbr" and word.isdigit():
        return _Act("cbr", p, amount=int(word))
    if verb == "sm" and word != "-":
        cards = _known_cards(word)
        return None if cards is None else _Act("sm", p, cards, show=True)
    if verb == "mb" and variant == WALL_STREET and word in ("1", "2", "3", "4"):
        return _Act("mb", p, amount=int(word))
    return None


def _parse_action(text: str, n: int, variant: str) -> _Act:
    words = text.split("#", 1)[0].split()
    if not words:
        return _Act("")
    count = len(words)
    if 2 <= count <= 4:  # the usual actions, read directly (anything else: the general parser)
        act = _usual_action(words, count, n, variant)
        if act is not None:
            return act

    def player(label: str) -> int:
        m = _PLAYER.fullmatch(label)
        if not m:
            raise _Reject(f"bad actor {label!r}: expected 'd' (the dealer) or p1..p{n}")
        p = int(m.group(1))
        if p > n:
            raise _Reject(f"there is no player {label}: this hand has {n} players")
        return p - 1

    def amount(word: str, what: str) -> int:
        try:
            value = float(word) if re.fullmatch(r"\d+\.\d*", word) else int(word)
        except ValueError:
            raise _Reject(f"bad {what} {word!r}: expected a whole number") from None
        if isinstance(value, float):
            if not value.is_integer():
                raise _Reject(f"bad {what} {word!r}: chips are whole numbers")
            value = int(value)
        return value

    match words:
        case ["d", "dh", label, cards]:
            return _Act("dh", player(label), _parse_cards(cards))
        case ["d", "db", cards]:
            return _Act("db", cards=_parse_cards(cards))
        case ["d", "dm", cards] if variant == WALL_STREET:
            parsed = _parse_cards(cards)
            if not 1 <= len(parsed) <= 4:
                raise _Reject("d dm deals 1 to 4 market cards")
            return _Act("dm", cards=parsed)
        case ["d", "dm", _]:
            raise _Reject("market dealing (d dm) exists only in FWS (Wall Street)")
        case ["d", verb, *_]:
            raise _Reject(f"unknown dealer action {verb!r} or wrong arguments: expected "
                          "'d dh pN CARDS', 'd db CARDS'"
                          + (" or 'd dm CARDS'" if variant == WALL_STREET else ""))
        case [label, ("pb" | "f" | "cc") as verb]:
            return _Act(verb, player(label))
        case [label, "cbr", value]:
            return _Act("cbr", player(label), amount=amount(value, "amount"))
        case [label, "sm"]:
            return _Act("sm", player(label))
        case [label, "sm", "-"]:
            return _Act("sm", player(label), show=True)
        case [label, "sm", cards]:
            return _Act("sm", player(label), _parse_cards(cards), show=True)
        case [label, "mb", value] if variant == WALL_STREET:
            slot = amount(value, "market slot")
            if not 1 <= slot <= 4:
                raise _Reject(f"market slot {slot} does not exist (slots are 1 to 4)")
            return _Act("mb", player(label), amount=slot)
        case [_, "mb", *_]:
            raise _Reject("buying a market slot (pN mb K) exists only in FWS (Wall Street)")
        case [label, "pay", value] if variant == BASEBALL:
            return _Act("pay", player(label), amount=amount(value, "amount"))
        case [_, "pay", *_] if variant == BASEBALL:
            raise _Reject("a payment for a face-up 3 is 'pN pay AMOUNT' (R8.2)")
        case [_, "pay", *_]:
            raise _Reject("paying for a face-up 3 (pN pay AMOUNT) exists only in FBB (Baseball, R8.2)")
        case [_, "sd", *_]:
            raise _Reject(f"standing pat or discarding (sd) is for draw games, not {variant}")
        case [label, verb, *_]:
            player(label)
            known = "pb, f, cc, cbr AMOUNT, sm [CARDS]" + (", mb K" if variant == WALL_STREET else "") \
                + (", pay AMOUNT" if variant == BASEBALL else "")
            raise _Reject(f"unknown player action {verb!r} or wrong arguments: expected {known}")
        case _:
            raise _Reject("an action needs an actor and a verb, e.g. 'p1 cc'")
