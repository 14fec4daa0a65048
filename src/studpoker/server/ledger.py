"""Chips as a ledger: every balance change is a row; the audit checks the sums.

Chips enter the system only by a ``grant`` (a new account's play money). A
buy-in moves chips from a balance to a seat, a cash-out from a seat back to a
balance, and hands move chips between seats of one table (R1.11 keeps each
hand's total). So at every committed moment::

    sum(grants) == sum(balances) + sum(seat chips)

where a seat's chips during a hand are its chips at the start of the hand
(the hand's result is written with its last action). :func:`audit` checks
that, each balance against its ledger rows, each live hand (replayed from its
stored actions: stacks + pot == the chips it started with) and each finished
hand (payoffs add up to zero).
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from studpoker.server.db import Database, HandEventRow, HandRow, LedgerRow, SeatRow, TableRow, UserRow

__all__ = ["LedgerError", "audit", "buy_in", "cash_out", "grant"]


class LedgerError(ValueError):
    """A chip movement that would overdraw a balance."""


def grant(s: Session, user: UserRow, amount: int, *, note: str = "") -> None:
    """New play-money chips for ``user``."""
    user.balance += amount
    s.add(LedgerRow(user_id=user.id, kind="grant", amount=amount, note=note))


def buy_in(s: Session, user: UserRow, amount: int, *, table_id: int, seat: int, note: str = "") -> None:
    """Move ``amount`` from the balance to a seat (the caller adds them to the seat)."""
    if amount <= 0:
        raise LedgerError("a buy-in is a positive number of chips")
    if user.balance < amount:
        raise LedgerError(f"balance {user.balance} is less than the buy-in {amount}")
    user.balance -= amount
    s.add(LedgerRow(user_id=user.id, kind="buy_in", amount=-amount, table_id=table_id, seat=seat,
                    note=note))


def cash_out(s: Session, user: UserRow, amount: int, *, table_id: int, seat: int, note: str = "") -> None:
    """Move a seat's ``amount`` chips back to the balance (the caller empties the seat)."""
    if amount < 0:
        raise LedgerError("a cash-out is not negative")
    user.balance += amount
    s.add(LedgerRow(user_id=user.id, kind="cash_out", amount=amount, table_id=table_id, seat=seat,
                    note=note))


def _snapshot(s: Session, db: Database) -> None:
    """Read everything of the audit from one snapshot, so that a server playing on meanwhile
    cannot make the books look unbalanced."""
    if db.is_sqlite:
        s.connection().exec_driver_sql("BEGIN")  # WAL: one read snapshot until the session ends
    else:
        s.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def audit(db: Database) -> list[str]:
    """Every mismatch found (empty when the books balance)."""
    from studpoker.server.replay import restore_table

    problems: list[str] = []
    with db.session() as s:
        _snapshot(s, db)
        grants = s.scalar(select(func.coalesce(func.sum(LedgerRow.amount), 0))
                          .where(LedgerRow.kind == "grant")) or 0
        balances = s.scalar(select(func.coalesce(func.sum(UserRow.balance), 0))) or 0
        seats = s.scalar(select(func.coalesce(func.sum(SeatRow.chips), 0))) or 0
        # tournament tables hold tournament chips, not balance chips; the buy-ins are in pools
        from studpoker.server.tournaments.store import audit_tournaments

        pools, tournament_seats, found = audit_tournaments(s)
        problems.extend(found)
        seats -= tournament_seats
        if grants != balances + seats + pools:
            problems.append(
                f"chips do not add up: granted {grants} != balances {balances} + seats {seats}"
                f" + tournament prize pools {pools}"
            )
        per_user: dict[int, int] = {
            int(uid): int(total) for uid, total in
            s.execute(select(LedgerRow.user_id, func.sum(LedgerRow.amount)).group_by(LedgerRow.user_id))
        }
        for user in s.scalars(select(UserRow)):
            expected = int(per_user.get(user.id, 0))
            if user.balance != expected:
                problems.append(f"user {user.id} ({user.name}): balance {user.balance} != ledger {expected}")
            if user.balance < 0:
                problems.append(f"user {user.id} ({user.name}): negative balance {user.balance}")
        for seat in s.scalars(select(SeatRow)):
            if seat.chips < 0:
                problems.append(f"table {seat.table_id} seat {seat.seat}: negative chips {seat.chips}")
        for hand in s.scalars(select(HandRow).where(HandRow.status == "over")):
            if hand.payoffs is None or sum(hand.payoffs) != 0:
                problems.append(f"hand {hand.id}: payoffs {hand.payoffs} do not add up to zero")
        for hand in s.scalars(select(HandRow).where(HandRow.status == "live")):
            table = s.get(TableRow, hand.table_id)
            assert table is not None
            seat_rows = {r.seat: r for r in s.scalars(select(SeatRow).where(SeatRow.table_id == table.id))}
            events = list(s.scalars(select(HandEventRow).where(HandEventRow.hand_id == hand.id)
                                    .order_by(HandEventRow.idx)))
            try:
                restored = restore_table(table, list(seat_rows.values()), hand, events)
            except Exception as exc:  # any failure to replay is a finding, not a crash
                problems.append(f"hand {hand.id}: cannot be replayed: {exc}")
                continue
            live = restored.hand
            assert live is not None
            started = sum(int(p["chips"]) for p in hand.start if p["seat"] in hand.hand_seats)
            if sum(live.stacks) + live.pot != started:
                problems.append(f"hand {hand.id}: stacks {sum(live.stacks)} + pot {live.pot} != {started}")
            for hs, ts in enumerate(hand.hand_seats):
                row = seat_rows.get(ts)
                if row is None:
                    problems.append(f"hand {hand.id}: seat {ts} of a live hand has no row")
                elif row.chips != live.starting_stacks[hs]:
                    problems.append(f"hand {hand.id}: seat {ts} chips {row.chips} != start "
                                    f"{live.starting_stacks[hs]}")
    return problems
