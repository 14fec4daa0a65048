"""Who may do what: the one access policy of the server, used by the REST routes, the websocket
requests, the cluster's lobby and the tournaments.

**A private table** (``private``, with an invite code) is seen (its info, its state, its lobby
row), watched, sat at and its history read by:

- its owner (the host who created it);
- a member: a player seated at it now; for its history also a player who played there (has a
  ledger row at it) and, for one hand, a player dealt into that hand;
- anyone with the invite code (compared in constant time).

A public table: anyone. The lobby lists a private table to its owner and its seated players
only (the lobby takes no invite code). Whoever is refused gets the same answer everywhere:
:data:`PRIVATE` (403 in REST, ``forbidden`` on the websocket).

**The owner's rights**: a table's host controls (pause, settings, approvals, removals) and a
tournament's creator controls (fill with bots, cancel) are the owner's alone: :func:`is_owner`.

**Anonymous callers** (a websocket not logged in) may only watch and unwatch
(:data:`ANONYMOUS_OK`). **A tournament table**'s seats and chips belong to the tournament:
the requests of :data:`NOT_IN_TOURNAMENTS` are refused there (:func:`tournament_refusal`).

>>> may_see(private=True, owner_id=1, invite_code="abc", user_id=2, invite=None)
False
>>> may_see(private=True, owner_id=1, invite_code="abc", user_id=2, invite="abc")
True
>>> may_see(private=True, owner_id=1, invite_code="abc", user_id=2, invite=None, member=True)
True
>>> may_see(private=False, owner_id=1, invite_code=None, user_id=None, invite=None)
True
"""

from __future__ import annotations

import secrets

from studpoker.server import protocol as p

__all__ = [
    "ANONYMOUS_OK",
    "NOT_IN_TOURNAMENTS",
    "PRIVATE",
    "invite_matches",
    "is_owner",
    "may_list",
    "may_see",
    "tournament_refusal",
]

PRIVATE = "this table is private: an invite code is needed"
"""The reason given to whoever a private table refuses (REST and websocket alike)."""


def invite_matches(invite: str | None, invite_code: str | None) -> bool:
    """``invite`` is the table's invite code (constant time; no code, no match)."""
    return invite is not None and invite_code is not None and secrets.compare_digest(
        invite.encode("utf-8", "surrogatepass"), invite_code.encode("utf-8"))


def is_owner(owner_id: int, user_id: int | None) -> bool:
    """``user_id`` owns the table (its host) or the tournament (its creator)."""
    return user_id is not None and user_id == owner_id


def may_see(*, private: bool, owner_id: int, invite_code: str | None, user_id: int | None,
            invite: str | None, member: bool = False) -> bool:
    """The private-table rule: a public table, anyone; a private one, its owner, a ``member``
    (seated now; for history, played there or dealt into the hand) or the invite code."""
    if not private:
        return True
    return is_owner(owner_id, user_id) or (user_id is not None and member) or \
        invite_matches(invite, invite_code)


def may_list(*, private: bool, owner_id: int, user_id: int | None, member: bool) -> bool:
    """The lobby shows the table to ``user_id``: :func:`may_see` without an invite code."""
    return may_see(private=private, owner_id=owner_id, invite_code=None, user_id=user_id, invite=None,
                   member=member)


ANONYMOUS_OK: frozenset[type[p.TableRequest]] = frozenset({p.WatchMsg, p.UnwatchMsg})
"""The table requests a connection may make before it logs in."""

NOT_IN_TOURNAMENTS: frozenset[type[p.TableRequest]] = frozenset({
    p.SitMsg, p.AddBotMsg, p.AddChipsMsg, p.SitOutMsg, p.SitInMsg, p.LeaveMsg, p.RemoveBotMsg,
    p.CloseTableMsg, p.PauseMsg, p.ResumeMsg, p.TableSettingsMsg, p.ApproveSeatMsg, p.DenySeatMsg,
    p.RemovePlayerMsg, p.ChooseGameMsg})
"""Requests refused at a tournament table: its seats and chips belong to the tournament."""


def tournament_refusal(msg: p.TableRequest) -> str | None:
    """Why ``msg`` is refused at a tournament table (None: it is allowed there)."""
    if type(msg) not in NOT_IN_TOURNAMENTS:
        return None
    return (f"{msg.type} is not possible at a tournament table: seats and chips belong to the "
            "tournament (a player who goes away is blinded off)")
