"""Identity is the account id; a name is only a label. Attacks on the names: a stranger taking a
seat's old name to read its replays, look-alike names through a rename or a guest's conversion,
and names that a spreadsheet would run as formulas in the night's ledger CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from studpoker.server.tables.night import ledger_csv


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'identity.db'}"


# ------------------------------------------------------------------ the ledger CSV


def _line(name: str, net: int, funded_by: str | None = None) -> dict[str, object]:
    return {"name": name, "funded_by": funded_by, "buy_ins": 100, "top_ups": 0, "cash_out": 100 + net,
            "chips": 0, "net": net}


def test_the_ledger_csv_escapes_formulas_but_keeps_numbers() -> None:
    """OWASP's CSV injection rule: a cell a person wrote that starts with ``=``, ``+``, ``-``, ``@``,
    a tab or a carriage return gets a leading single quote; the server's own numbers (a net of
    -40) stay numbers."""
    players = [_line("-A1-B1", -40), _line("=1+2", 40), _line("+cmd", 0), _line("@SUM(A1)", 0),
               _line("\tx", 0), _line("\rx", 0), _line("bot-rule-3", 0, funded_by="-A1-B1"),
               _line("ann", 0)]
    ledger = {"players": players,
              "totals": {"buy_ins": 800, "top_ups": 0, "cash_out": 800, "chips": 0, "net": 0}}
    rows = list(csv.reader(io.StringIO(ledger_csv(ledger))))
    body = rows[1:-1]
    assert [r[0] for r in body] == ["'-A1-B1", "'=1+2", "'+cmd", "'@SUM(A1)", "'\tx", "'\rx",
                                    "bot-rule-3", "ann"]
    assert body[6][1] == "'-A1-B1"  # the funder of a bot is a name too
    assert body[0][2:] == ["100", "0", "60", "0", "-40"]  # numbers as numbers, the minus kept
    assert body[1][-1] == "40" and rows[-1] == ["total", "", "800", "0", "800", "0", "0"]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for r in body for cell in r[:2])
