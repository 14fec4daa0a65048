"""The caller's report online (GET/POST /api/me/report, /api/me/report.png): the report of
studpoker.report over the caller's played hands (by account id) and the imported ones."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import httpx

from _server_support import FAST, STUD, ServerThread, run
from studpoker.report import ReportBuilder
from test_report import png_size, write_hands
from test_web_api import _headers, _play


def test_my_report_filters_and_bad_input(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 's.db'}"
    with ServerThread(db, FAST) as srv:
        _, clients, _ = run(_play(srv.url, STUD, 4))
        me = clients[0]
        name = me.user["name"]
        headers = _headers(me)
        mine = httpx.get(srv.url + "/api/me/hands.phhs", headers=headers).text
        local = ReportBuilder(name)
        local.add_text(mine)
        expected = local.report()
        rep = httpx.get(srv.url + "/api/me/report", headers=headers, timeout=60).json()
        assert rep["hands"] == expected.hands >= 3
        assert rep["net"] == expected.net
        (row,) = rep["rows"]
        assert row["room"] == "studpoker" and row["game"] == "stud"
        local_row = expected.rows[0].to_dict()
        for key in ("hands", "net", "bb_per100", "entry", "completion", "steal", "fold_to_steal",
                    "wtsd", "wsd"):
            assert row[key] == local_row[key], key
        assert rep["series"]["net"][-1] == rep["net"]
        for ref in rep["biggest_wins"] + rep["biggest_losses"]:
            replay = httpx.get(f"{srv.url}/api/hands/{ref['hand_id']}/replay", headers=headers)
            assert replay.status_code == 200
        table = rep["tables"][0]
        assert httpx.get(srv.url + "/api/me/report", headers=headers,
                         params={"table": table}).json()["hands"] == rep["hands"]
        assert httpx.get(srv.url + "/api/me/report", headers=headers,
                         params={"table": "no such table"}).json()["hands"] == 0
        assert httpx.get(srv.url + "/api/me/report", headers=headers,
                         params={"game": "razz"}).json()["rows"] == []
        png = httpx.get(srv.url + "/api/me/report.png", headers=headers, timeout=60)
        assert png.headers["content-type"] == "image/png"
        assert png.content == base64.b64decode(rep["png"]) and png_size(png.content) == (800, 320)
        for params, field in (({"since": "soon"}, "since"), ({"until": "2024-02-30"}, "until"),
                              ({"game": "chess"}, "game"),
                              ({"since": "2024-03-02", "until": "2024-03-01"}, "since")):
            bad = httpx.get(srv.url + "/api/me/report", headers=headers, params=params)
            assert bad.status_code == 400 and bad.json()["detail"].startswith(f"{field}:"), params
        assert httpx.get(srv.url + "/api/me/report").status_code == 401
        # imported hands count with the played ones, each biggest hand saying where it is
        texts = [write_hands(tmp_path / "imp.phhs").read_text(encoding="utf-8")
                 .replace('_room = "', '_hero = "ann"\n_room = "')]
        both = httpx.post(srv.url + "/api/me/report", headers=headers, timeout=60,
                          json={"imported": texts, "room": "pokerstars"}).json()
        assert both["hands"] == 2 and both["net"] == -2
        assert both["biggest_losses"][0]["imported"] == 0
        assert both["biggest_losses"][0]["index"] == 2
        unnamed = httpx.post(srv.url + "/api/me/report", headers=headers, timeout=60,
                             json={"imported": [texts[0].replace('_hero = "ann"\n', "")]}).json()
        assert unnamed["hands"] == rep["hands"]  # imported hands without a hero: left out
        bad_text: Any = httpx.post(srv.url + "/api/me/report", headers=headers,
                                   json={"imported": ['_hero = "ann"\nvariant = 12']})
        assert bad_text.status_code == 400 and "imported[0]" in bad_text.json()["detail"]
