"""One access policy (``studpoker.server.access``) and one typed dispatch (``dispatch.py``):
the private-table rule holds at every door (REST, websocket, lobby, replays, the night's
ledger), the owner's rights at tables and tournaments, and every client message class has the
handler of its own class."""

from __future__ import annotations

import asyncio
import inspect
import typing
from typing import Any

import httpx
import pytest

from _server_support import FAST, STUD, ServerThread, guest, run, table_config
from studpoker.bots import make_bot
from studpoker.server import access
from studpoker.server import protocol as p
from studpoker.server.client import ClientError, play_bot
from studpoker.server.tables import requests
from studpoker.server.ws import HANDLERS


def test_the_private_table_rule() -> None:
    code = "s3cret"
    public = {"private": False, "owner_id": 1, "invite_code": None}
    private = {"private": True, "owner_id": 1, "invite_code": code}
    assert access.may_see(**public, user_id=None, invite=None)
    assert access.may_see(**private, user_id=1, invite=None)  # the owner
    assert access.may_see(**private, user_id=2, invite=code)  # the invite code
    assert access.may_see(**private, user_id=None, invite=code)  # anonymous, with the code
    assert access.may_see(**private, user_id=2, invite=None, member=True)  # seated / played there
    assert not access.may_see(**private, user_id=2, invite=None)  # a stranger
    assert not access.may_see(**private, user_id=None, invite=None, member=True)  # a member is someone
    assert not access.may_see(**private, user_id=2, invite="s3cre")
    assert not access.may_see(**private, user_id=2, invite="s3cret\u00e9")
    assert not access.may_see(private=True, owner_id=1, invite_code=None, user_id=2, invite="")
    # the lobby takes no invite code
    assert access.may_list(private=True, owner_id=1, user_id=1, member=False)
    assert access.may_list(private=True, owner_id=1, user_id=2, member=True)
    assert not access.may_list(private=True, owner_id=1, user_id=2, member=False)
    assert not access.may_list(private=True, owner_id=1, user_id=None, member=False)
    assert access.is_owner(1, 1) and not access.is_owner(1, 2) and not access.is_owner(1, None)
    assert access.tournament_refusal(p.SitMsg(type="sit", seq=1, table=1, buy_in=10)) is not None
    assert access.tournament_refusal(p.WatchMsg(type="watch", seq=1, table=1)) is None


def _headers(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def _private_hand(url: str) -> tuple[int, str, list[str]]:
    """A private table where three guests (with the invite) played a hand: its id, its invite
    code and the players' tokens (the owner's first)."""
    clients = [await guest(url) for _ in range(3)]
    info = await clients[0].create_table(table_config(STUD, private=True))
    invite = info["invite_code"]
    assert invite
    bots = [make_bot(name, seed=i) for i, name in enumerate(("station", "rule", "random"))]
    await asyncio.gather(*(play_bot(c, info["id"], b, buy_in=200, seat=i, invite=invite, hands=1)
                           for i, (c, b) in enumerate(zip(clients, bots, strict=True))))
    for c in clients:
        await c.close()
    return info["id"], invite, [c.token for c in clients]


async def _websocket_doors(url: str, tid: int, invite: str) -> dict[str, Any]:
    """What a stranger's websocket gets: watch and sit without the invite, the lobby, then watch
    with the invite."""
    out: dict[str, Any] = {}
    stranger = await guest(url)
    try:
        for kind, msg in (("watch", {"type": "watch", "table": tid}),
                          ("sit", {"type": "sit", "table": tid, "buy_in": 100})):
            try:
                await stranger.request(msg)
                out[kind] = "ok"
            except ClientError as exc:
                out[kind] = (exc.code, exc.message)
        lobby = await stranger.request({"type": "lobby"})
        out["lobby"] = [t["id"] for t in lobby["tables"]]
        out["watch_invited"] = (await stranger.request({"type": "watch", "table": tid, "invite": invite}))["type"]
    finally:
        await stranger.close()
    return out


def test_a_stranger_without_the_invite_is_refused_at_every_door(tmp_path: Any) -> None:
    """Issue 22 s.3: the one private-table rule, through REST (the table's info, its hands, a
    hand, a replay, the night's ledger, the lobby), the websocket (watch, sit, lobby) and the
    tournaments (the creator's controls)."""
    with ServerThread(f"sqlite:///{tmp_path / 'a.db'}", FAST) as srv:
        tid, invite, tokens = run(_private_hand(srv.url))
        owner, player = _headers(tokens[0]), _headers(tokens[1])
        hands = httpx.get(f"{srv.url}/api/tables/{tid}/hands", headers=owner).json()
        hand_id = min(h["id"] for h in hands if h["status"] == "over")  # (the next may be in play)
        stranger = _headers(httpx.post(srv.url + "/api/guest").json()["token"])
        doors = [f"/api/tables/{tid}", f"/api/tables/{tid}/hands", f"/api/hands/{hand_id}",
                 f"/api/hands/{hand_id}/replay", f"/api/hands/{hand_id}/phh", f"/api/tables/{tid}/ledger"]
        for path in doors:
            for who in (stranger, {}):  # a stranger, and nobody at all
                r = httpx.get(srv.url + path, headers=who)
                assert r.status_code == 403, (path, r.text)
                assert r.json()["detail"] == access.PRIVATE
                r = httpx.get(srv.url + path, headers=who, params={"invite": invite[:-1]})
                assert r.status_code == 403, (path, r.text)
                r = httpx.get(srv.url + path, headers=who, params={"invite": invite})
                assert r.status_code == 200, (path, r.text)
            # the owner needs no invite, and neither does a player dealt into the hand
            assert httpx.get(srv.url + path, headers=owner).status_code == 200, path
            assert httpx.get(srv.url + path, headers=player).status_code == 200, path
        assert tid not in [t["id"] for t in httpx.get(srv.url + "/api/tables", headers=stranger).json()]
        assert tid in [t["id"] for t in httpx.get(srv.url + "/api/tables", headers=owner).json()]

        ws = run(_websocket_doors(srv.url, tid, invite))
        assert ws["watch"] == ("forbidden", access.PRIVATE)
        assert ws["sit"] == ("forbidden", access.PRIVATE)
        assert tid not in ws["lobby"]
        assert ws["watch_invited"] == "ack"

        # tournaments: the creator's controls are the owner's alone
        made = httpx.post(srv.url + "/api/tournaments", headers=owner,
                          json={"game": STUD, "players": 3, "bots_fill": True, "buy_in": 10})
        assert made.status_code == 201, made.text
        for verb in ("fill", "cancel"):
            r = httpx.post(f"{srv.url}/api/tournaments/{made.json()['id']}/{verb}", headers=stranger)
            assert r.status_code == 403, (verb, r.text)
        r = httpx.post(f"{srv.url}/api/tournaments/{made.json()['id']}/cancel", headers=owner)
        assert r.status_code == 200, r.text


def _message_param(handler: Any) -> Any:
    """The class a handler's message parameter (its last one) is annotated with."""
    last = list(inspect.signature(handler).parameters.values())[-1]
    annotation = last.annotation  # a string: the modules use postponed annotations
    assert isinstance(annotation, str) and annotation.startswith("p."), annotation
    return getattr(p, annotation.removeprefix("p."))


def test_every_client_message_has_the_handler_of_its_class() -> None:
    """Issue 22 s.3: the websocket dispatches by the model's class; every class of the protocol
    has a handler there, every table request one in the table requests, each taking its class."""
    client_classes = set(typing.get_args(typing.get_args(p.ClientMessage)[0]))
    assert client_classes == HANDLERS.kinds()
    assert set(p.TABLE_REQUESTS) == requests.HANDLERS.kinds() == set(typing.get_args(p.TableRequest))
    assert client_classes - set(p.TABLE_REQUESTS) == {p.AuthMsg, p.PingMsg, p.LobbyMsg}
    for kind in p.TABLE_REQUESTS:
        assert _message_param(requests.HANDLERS.handler(kind)) is kind, kind
    for kind in (p.AuthMsg, p.PingMsg, p.LobbyMsg):
        assert _message_param(HANDLERS.handler(kind)) is kind, kind
    with pytest.raises(ValueError, match="has a handler already"):
        requests.HANDLERS.add(p.SitMsg, requests.sit)
