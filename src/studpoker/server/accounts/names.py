"""Names people choose: accounts, tables, bots. What is allowed and how names compare.

Account names are 2-32 ASCII letters, digits, ``_``, ``.``, ``-``; they are
unique regardless of case (``name_key``) and of look-alike characters
(``name_skeleton``: ``aIice`` with a capital I is refused next to ``alice``),
and may not start with ``bot``, ``guest`` or ``house`` in any case (those look
like the server's own players).
Every other name shown to people (table names) may use any printable
character but no control, format (bidi overrides, zero-width), surrogate,
private-use or unassigned one.

>>> account_name_problem("Alice") is None, name_key("Alice")
(True, 'alice')
>>> account_name_problem("BotKiller")
"a name may not start with 'bot', 'guest' or 'house'"
>>> name_skeleton("aIice") == name_skeleton("alice"), name_skeleton("b0b1"), name_skeleton("emma")
(True, 'bobl', 'ernrna')
>>> display_name_problem("evil\\u202etxt.exe")
'a name may not contain control or invisible characters (U+202E)'
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["ACCOUNT_NAME_RE", "RESERVED_PREFIXES", "account_name_problem", "display_name_problem",
           "name_key", "name_skeleton"]

ACCOUNT_NAME_RE = re.compile(r"\A[A-Za-z0-9_.-]{2,32}\Z")
RESERVED_PREFIXES = ("bot", "guest", "house")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def name_key(name: str) -> str:
    """The form names are compared in: two names with one key are the same name."""
    return name.casefold()


# Unicode's confusables (UTS #39, confusables.txt) within the characters an account name may use:
# the prototype of each character that has one (every other is its own). Account names are ASCII,
# so this is the whole of the table for them.
_PROTOTYPES = str.maketrans({"0": "O", "1": "l", "I": "l", "m": "rn"})


def name_skeleton(name: str) -> str:
    """The form look-alike names share: UTS #39's skeleton (each character replaced by its
    prototype: ``0`` by ``O``, ``1`` and ``I`` by ``l``, ``m`` by ``rn``), then case-folded.
    Two account names with one skeleton look alike (``aIice``, ``alice``; ``b0b``, ``bob``)."""
    return unicodedata.normalize("NFKC", name).translate(_PROTOTYPES).casefold()


def display_name_problem(name: str) -> str | None:
    """Why a shown name is refused, or None."""
    for ch in name:
        if unicodedata.category(ch) in _REFUSED_CATEGORIES:
            return f"a name may not contain control or invisible characters (U+{ord(ch):04X})"
    if not name.strip():
        return "a name may not be blank"
    return None


def account_name_problem(name: str) -> str | None:
    """Why an account name is refused, or None."""
    if not ACCOUNT_NAME_RE.match(name):
        bad = display_name_problem(name)
        return bad or "a name is 2-32 letters, digits, '_', '.' or '-'"
    if name_key(name).startswith(RESERVED_PREFIXES):
        return "a name may not start with 'bot', 'guest' or 'house'"
    return None
