"""The night's ledger of a table: who bought in, topped up and cashed out, the net of each player,
a CSV of it, and the settle-up: who pays whom, in the fewest transfers.

Everything is read from the ``ledger`` rows of the table (every chip that went from a balance to a
seat and back, :mod:`studpoker.server.ledger`) and the seats' chips, so the ledger always agrees
with the books (``studpoker audit``). A table's session is its whole life, from its creation to
the host closing it.

* ``GET /api/tables/{id}/ledger``: ``{"table", "name", "closed", "players": [...], "totals",
  "settle_up": [...]}`` (see :func:`table_ledger`);
* ``GET /api/tables/{id}/ledger.csv``: the same as CSV: the table's name and the night's date on
  every row, the players, the totals, then the settle-up's transfers;
* ``GET /api/me/nights``: the nights the caller played (cash tables), newest first, with their net.

Private tables need what their history needs (the host, a player seated there, or the invite
code), or a player who bought in there at some time of the night.

>>> [t.to_dict() for t in settle_up({"ann": 300, "bob": -200, "cy": -100})]
[{'payer': 'bob', 'payee': 'ann', 'amount': 200}, {'payer': 'cy', 'payee': 'ann', 'amount': 100}]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, HTTPException, Response
from sqlalchemy import select

from studpoker.server.api import DbId, MaybeUser, Svc, User
from studpoker.server.db import Database, LedgerRow, SeatRow, TableRow, UserRow
from studpoker.server.tables.api import refuse_private

__all__ = ["FORMULA_STARTS", "LedgerLine", "Transfer", "csv_text", "ledger_csv", "router", "settle_up",
           "table_ledger", "user_nights"]

router = APIRouter(prefix="/api")

EXACT_UP_TO = 14  # players; beyond that the settle-up is greedy (at most one transfer more per group)


@dataclass(frozen=True, slots=True, kw_only=True)
class Transfer:
    """``payer`` gives ``amount`` chips to ``payee``."""

    payer: str
    payee: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        """As JSON."""
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount}


def _zero_groups(names: list[str], nets: Mapping[str, int]) -> list[list[str]]:
    """The players split into the most groups whose nets each add up to zero (n - groups
    transfers are then the fewest possible): exact by subsets up to :data:`EXACT_UP_TO` players."""
    n = len(names)
    if n > EXACT_UP_TO:
        return [names]
    values = [nets[x] for x in names]
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    # best[mask]: the most zero-sum groups the players of a zero-sum mask split into
    best = [-1] * (1 << n)
    best[0] = 0
    choice = [0] * (1 << n)
    for mask in range(1, 1 << n):
        if sums[mask]:
            continue
        low = mask & -mask
        rest = mask ^ low
        sub = rest
        while True:  # a zero-sum group holding the lowest player, and the best split of the others
            group = sub | low
            if sums[group] == 0 and best[mask ^ group] >= 0 and best[mask ^ group] + 1 > best[mask]:
                best[mask] = best[mask ^ group] + 1
                choice[mask] = group
            if sub == 0:
                break
            sub = (sub - 1) & rest
    out = []
    mask = full
    while mask:
        group = choice[mask]
        out.append([names[i] for i in range(n) if group >> i & 1])
        mask ^= group
    return out


def settle_up(nets: Mapping[str, int]) -> list[Transfer]:
    """Who pays whom so that everyone ends even, in the fewest transfers.

    ``nets``: each player's result (winners positive), adding up to zero. The players are split
    into the most groups that settle among themselves; in each group the biggest loser pays the
    biggest winner until the group is even. That is the fewest transfers there can be: a group of
    k players needs k - 1 of them.
    """
    if sum(nets.values()) != 0:
        raise ValueError(f"the nets add up to {sum(nets.values())}, not zero")
    names = sorted((x for x, v in nets.items() if v), key=lambda x: (-abs(nets[x]), x))
    out: list[Transfer] = []
    for group in _zero_groups(names, nets):
        owed = {x: nets[x] for x in group}
        while any(owed.values()):
            payer = min(owed, key=lambda x: (owed[x], x))
            payee = max(owed, key=lambda x: (owed[x], x))
            amount = min(-owed[payer], owed[payee])
            out.append(Transfer(payer=payer, payee=payee, amount=amount))
            owed[payer] += amount
            owed[payee] -= amount
    return out


@dataclass(slots=True, kw_only=True)
class LedgerLine:
    """One player of the night: chips in (first buy-ins, top-ups), out (cash-outs), on the table
    now, and the net. A bot's line names the account that funds it (``funded_by``)."""

    name: str
    user_id: int
    bot: str | None = None
    funded_by: str | None = None
    buy_ins: int = 0
    top_ups: int = 0
    cash_out: int = 0
    chips: int = 0
    seated: bool = False
    entries: list[dict[str, Any]] = field(default_factory=list)

    @property
    def net(self) -> int:
        """What the night won (positive) or lost."""
        return self.cash_out + self.chips - self.buy_ins - self.top_ups

    def to_dict(self) -> dict[str, Any]:
        """As JSON."""
        return {"name": self.name, "bot": self.bot, "funded_by": self.funded_by, "buy_ins": self.buy_ins,
                "top_ups": self.top_ups, "cash_out": self.cash_out, "chips": self.chips,
                "seated": self.seated, "net": self.net, "entries": self.entries}


def table_ledger(db: Database, table_id: int) -> dict[str, Any]:
    """The ledger of a table's night (KeyError: no such table): :func:`_ledger`'s JSON."""
    return _ledger(db, table_id)[0]


def _ledger(db: Database, table_id: int) -> tuple[dict[str, Any], list[LedgerLine]]:
    """The ledger of a table's night (KeyError: no such table), and its lines.

    ``players``: one line each (:class:`LedgerLine`, in order of first buy-in) with every movement
    in ``entries`` (``kind`` buy_in, top_up or cash_out, ``amount``, ``seat``, ``at``);
    ``totals``: the sums (``net`` is 0: chips only move between the table's players);
    ``settle_up``: the transfers between the accounts (a bot's result is its funder's) that
    leave everyone even, fewest first; ``closed``: the night is over.
    """
    with db.session() as s:
        table = s.get(TableRow, table_id)
        if table is None:
            raise KeyError(table_id)
        rows = list(s.scalars(select(LedgerRow).where(
            LedgerRow.table_id == table_id, LedgerRow.kind.in_(("buy_in", "cash_out")),
            LedgerRow.tournament_id.is_(None)).order_by(LedgerRow.id)))
        seats = {r.seat: r for r in s.scalars(select(SeatRow).where(SeatRow.table_id == table_id))}
        user_ids = {r.user_id for r in rows} | {r.user_id for r in seats.values()}
        names = {u.id: u.name for u in s.scalars(select(UserRow).where(UserRow.id.in_(user_ids)))}
        closed = bool(table.closed) and not seats
        table_name = table.name
        date = table.created_at.date().isoformat()
    lines: dict[str, LedgerLine] = {}
    occupant: dict[int, str] = {}  # seat -> the line of whoever sits there
    for r in rows:
        seat = r.seat if r.seat is not None else -1
        at = r.created_at.isoformat() + "Z"
        if r.kind == "buy_in":
            amount = -r.amount
            if r.note == "add chips" and seat in occupant:
                line = lines[occupant[seat]]
                line.top_ups += amount
                line.entries.append({"kind": "top_up", "amount": amount, "seat": seat, "at": at})
                continue
            bot = r.note[4:] if r.note.startswith("bot ") else None
            name = f"bot-{bot}-{seat}" if bot else names.get(r.user_id, f"user {r.user_id}")
            key = name if bot else f"u{r.user_id}"
            line = lines.setdefault(key, LedgerLine(
                name=name, user_id=r.user_id, bot=bot,
                funded_by=names.get(r.user_id) if bot else None))
            line.buy_ins += amount
            line.entries.append({"kind": "buy_in", "amount": amount, "seat": seat, "at": at})
            occupant[seat] = key
        else:
            key = occupant.pop(seat, f"u{r.user_id}")
            line = lines.setdefault(key, LedgerLine(name=names.get(r.user_id, f"user {r.user_id}"),
                                                    user_id=r.user_id))
            line.cash_out += r.amount
            line.entries.append({"kind": "cash_out", "amount": r.amount, "seat": seat, "at": at,
                                 "note": r.note})
    for seat, row in seats.items():
        key = occupant.get(seat, row.name if row.bot else f"u{row.user_id}")
        line = lines.setdefault(key, LedgerLine(name=row.name, user_id=row.user_id, bot=row.bot))
        line.chips += row.chips
        line.seated = True
    players = list(lines.values())
    by_account: dict[str, int] = {}
    for line in players:
        account = names.get(line.user_id, f"user {line.user_id}")
        by_account[account] = by_account.get(account, 0) + line.net
    totals = {k: sum(getattr(x, k) for x in players) for k in ("buy_ins", "top_ups", "cash_out", "chips")}
    totals["net"] = sum(x.net for x in players)
    return {"table": table_id, "name": table_name, "date": date, "closed": closed,
            "players": [x.to_dict() for x in players], "totals": totals,
            "settle_up": [t.to_dict() for t in settle_up(by_account)] if totals["net"] == 0 else []}, players


CSV_COLUMNS = ("table", "date", "player", "bot_of", "buy_ins", "top_ups", "cash_out", "chips_on_table", "net",
               "pays", "amount")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet runs a cell starting with one of these as a formula (CSV injection)."""


def csv_text(value: str) -> str:
    """A cell of text someone wrote (a name) as a spreadsheet shows it and never runs it: one
    that starts like a formula gets a leading single quote (OWASP's rule). The server's own
    numbers are written as numbers, never through this.

    >>> csv_text("-A1-B1"), csv_text("=HYPERLINK(0)"), csv_text("ann")
    ("'-A1-B1", "'=HYPERLINK(0)", 'ann')
    """
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def ledger_csv(ledger: Mapping[str, Any]) -> str:
    """The ledger as CSV, for a spreadsheet: every row names the table and the night's date; one row a
    player, then the totals (``player`` "total"), then one row a transfer of the settle-up (``player``
    pays ``amount`` to ``pays``; the chip columns empty). Text someone wrote (names) is quoted and
    escaped (:func:`csv_text`), the numbers are numbers."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    writer.writerow(CSV_COLUMNS)
    head = [csv_text(str(ledger.get("name") or "")), ledger.get("date") or ""]
    for x in ledger["players"]:
        writer.writerow([*head, csv_text(x["name"]), csv_text(x["funded_by"] or ""), int(x["buy_ins"]),
                         int(x["top_ups"]), int(x["cash_out"]), int(x["chips"]), int(x["net"]), "", ""])
    t = ledger["totals"]
    writer.writerow([*head, "total", "", t["buy_ins"], t["top_ups"], t["cash_out"], t["chips"], t["net"],
                     "", ""])
    for x in ledger["settle_up"]:
        writer.writerow([*head, csv_text(x["payer"]), "", "", "", "", "", "", csv_text(x["payee"]),
                         int(x["amount"])])
    return out.getvalue()


def user_nights(db: Database, user_id: int, limit: int = 50) -> list[dict[str, Any]]:
    """The cash tables where ``user_id`` bought in, newest first: ``table``, ``name``, ``date``,
    ``closed`` and ``net`` (the user's result there, their bots' included: what the settle-up counts)."""
    with db.session() as s:
        ids = list(s.scalars(select(LedgerRow.table_id).where(
            LedgerRow.user_id == user_id, LedgerRow.kind == "buy_in", LedgerRow.tournament_id.is_(None),
            LedgerRow.table_id.is_not(None)).group_by(LedgerRow.table_id)
            .order_by(LedgerRow.table_id.desc()).limit(limit)))
    out = []
    for table_id in ids:
        assert table_id is not None  # selected where not null
        ledger, lines = _ledger(db, table_id)
        net = sum(x.net for x in lines if x.user_id == user_id)
        out.append({"table": ledger["table"], "name": ledger["name"], "date": ledger["date"],
                    "closed": ledger["closed"], "net": net})
    return out


def _ledger_for(svc: Any, table_id: int, user: Any, invite: str | None) -> dict[str, Any]:
    with svc.db.session() as s:
        table = s.get(TableRow, table_id)
        if table is None:
            raise HTTPException(404, "no such table")
        played = user is not None and s.scalar(select(LedgerRow.id).where(
            LedgerRow.table_id == table_id, LedgerRow.user_id == user.id).limit(1)) is not None
        refuse_private(svc, table, user, invite, member=played)
    return table_ledger(svc.db, table_id)


@router.get("/tables/{table_id}/ledger")
def ledger_route(table_id: DbId, user: MaybeUser, svc: Svc, invite: str | None = None) -> dict[str, Any]:
    """The night's ledger of a table: each player's buy-ins, top-ups, cash-out, chips and net,
    and the settle-up."""
    return _ledger_for(svc, table_id, user, invite)


@router.get("/me/nights")
def nights_route(user: User, svc: Svc) -> list[dict[str, Any]]:
    """The nights the caller played at cash tables, newest first, each with their net."""
    return user_nights(svc.db, user.id)


@router.get("/tables/{table_id}/ledger.csv")
def ledger_csv_route(table_id: DbId, user: MaybeUser, svc: Svc, invite: str | None = None) -> Response:
    """The ledger as a CSV file."""
    text = ledger_csv(_ledger_for(svc, table_id, user, invite))
    return Response(text, media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="table{table_id}-ledger.csv"'})
