#!/usr/bin/env python3
"""Play one whole match on a Карточки site as a program: the smallest bot there is.

What it does, step by step (docs/protocol.md describes every message):

1. ``POST /api/auth/token/`` with your username and password gives an API token
   (or pass one you made on the profile page with ``--token``).
2. ``POST /api/tables/`` creates a private table of ``--game``; you sit at seat 0.
   ``POST /api/tables/<id>/bots/`` puts the site's bots on the other seats.
3. The table socket ``/ws/tables/<id>/`` is opened with ``Authorization: Token <key>``.
4. Once a ``state`` shows our seat ``connected``, ``POST /api/tables/<id>/ready/``:
   everyone is ready, the match starts.
5. Every ``state`` frame where ``view.legal`` is not empty is answered with an ``act``
   carrying one of those actions (random, or the first with ``--choose first``) and the
   state's ``seq``. A gap in ``seq`` or a ``stale`` error is answered with ``sync``.
   Frames leave at most ``--rate`` per second (default 10): the site allows a socket 20 per
   second and closes it with 4429 beyond that, and against its bots a fast client would
   otherwise get there.
6. When ``view.result`` is set the match is over: the result is printed and we exit.

Run it against a local site (``./run``), with a user you signed up::

    python examples/bot_client.py --site http://127.0.0.1:8000 --username me --password secret
    python examples/bot_client.py --game bazar_blot --options '{"players": 2, "target": 51}' ...

Frames are read and written with the site's own protocol module (``apps/protocol``: typed
frames, actions and views), found from this file's place in the repository; it needs
``msgspec`` and ``websockets`` (both in the site's ``.venv``; else ``pip install msgspec websockets``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: apps.protocol

from apps.protocol import decode_server, encode
from apps.protocol.actions import Action
from apps.protocol.client import Act, ClientFrame, Sync
from apps.protocol.server import Error, State
from apps.protocol.views import View, view_from

#: Actions a bot never picks by chance: they end the match at once for its side.
NEVER_BY_CHANCE = {"surrender", "leave"}


class Pacer:
    """Spaces calls at least ``1 / rate`` seconds apart (the site's socket limit is 20/s)."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.next_at = 0.0

    def wait(self) -> None:
        now = time.monotonic()
        if now < self.next_at:
            time.sleep(self.next_at - now)
        self.next_at = max(now, self.next_at) + self.interval


class ApiError(Exception):
    """The site answered ``{"code", "message"}`` with an error status."""

    def __init__(self, status: int, body: dict) -> None:
        super().__init__(f"HTTP {status} {body.get('code')}: {body.get('message')}")
        self.status = status
        self.body = body


class Site:
    """The JSON API of one site, spoken with ``urllib`` (and a token once we have one)."""

    def __init__(self, url: str, token: str | None = None) -> None:
        self.url = url.rstrip("/")
        self.token = token

    def call(self, method: str, path: str, body: dict | None = None) -> dict | list:
        """``method`` on ``path`` with a JSON ``body``; the JSON answer, or :class:`ApiError`."""
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as exc:
            try:
                error = json.loads(exc.read())
            except ValueError:
                error = {"code": "http_error", "message": str(exc)}
            raise ApiError(exc.code, error) from None

    def login(self, username: str, password: str) -> str:
        """A new API token for these credentials (kept for the next calls)."""
        answer = self.call("POST", "/api/auth/token/", {"username": username, "password": password})
        self.token = answer["token"]
        return self.token

    def ws_url(self, path: str) -> str:
        return self.url.replace("https://", "wss://", 1).replace("http://", "ws://", 1) + path


def choose(legal: list[Action], how: str, rng: random.Random) -> Action:
    """One action of ``legal``: the first, or a random one (never surrender or leave by chance)."""
    if how == "first":
        return legal[0]
    sensible = [a for a in legal if a.__struct_config__.tag not in NEVER_BY_CHANCE] or legal
    return rng.choice(sensible)


def create_table_with_bots(site: Site, game: str, options: dict, bots: int | None, level: str) -> dict:
    """A private table of ``game`` with me at seat 0 and ``bots`` bots (None: every other seat)."""
    table = site.call("POST", "/api/tables/", {"game": game, "options": options, "seat": 0, "private": True})
    free = [s["seat"] for s in table["seats"] if s["seat"] != 0]
    for seat in free[: len(free) if bots is None else bots]:
        table = site.call("POST", f"/api/tables/{table['id']}/bots/", {"seat": seat, "level": level})
    return table


def seen_connected(view: View) -> bool:
    """Whether the table shows my seat as connected (my socket is counted)."""
    return any(s.seat == view.seat and s.connected for s in view.seats)


def play(
    site: Site,
    table_id: int,
    how: str = "random",
    seed: int | None = None,
    log=print,
    rate: float = 10.0,
) -> dict:
    """Sit through the match at ``table_id``: ready up, answer every state, return ``view.result``.

    Sends at most ``rate`` frames per second. Returns the last ``view`` as the site sent it (its
    ``result`` is set)."""
    rng = random.Random(seed)
    headers = {"Authorization": f"Token {site.token}"}
    pacer = Pacer(rate)
    with connect(site.ws_url(f"/ws/tables/{table_id}/"), additional_headers=headers, max_size=2**22) as ws:

        def send(frame: ClientFrame) -> None:
            pacer.wait()
            ws.send(encode(frame))

        seq, acted, ready = None, set(), False
        for raw in ws:
            frame = decode_server(raw)
            if isinstance(frame, Error):
                log(f"refused: {frame.code}: {frame.message}")
                acted.discard(seq)  # try again on the fresh state
                send(Sync())
                continue
            if not isinstance(frame, State) or (seq is not None and frame.seq < seq):
                continue  # a pong or chat, or a state older than the one we have
            view = view_from(frame.view)
            if not ready and seen_connected(view):
                # The server counts us present: say «Готов» (the match starts when all are).
                site.call("POST", f"/api/tables/{table_id}/ready/", {"ready": True})
                ready = True
            if seq is not None and frame.seq > seq + 1:
                send(Sync())  # we missed a state: ask for the whole one
            seq = frame.seq
            if view.result:
                return frame.view
            if view.legal and seq not in acted:
                acted.add(seq)
                send(Act(seq=seq, action=choose(view.legal, how, rng)))
    raise RuntimeError("the socket closed before the match ended")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default="http://127.0.0.1:8000", help="the site's base URL")
    parser.add_argument("--username", help="your username (to get a token)")
    parser.add_argument("--password", help="your password (to get a token)")
    parser.add_argument("--token", help="an API token from the profile page, instead of a password")
    parser.add_argument("--game", default="durak", choices=["durak", "bazar_blot", "blot", "deberc"])
    parser.add_argument("--options", default="{}", help="table options as JSON, e.g. '{\"target\": 51}'")
    parser.add_argument("--bots", type=int, default=None, help="how many bots (default: every other seat)")
    parser.add_argument("--level", default="easy", choices=["easy", "normal", "hard"])
    parser.add_argument("--choose", default="random", choices=["random", "first"])
    parser.add_argument("--seed", type=int, default=None, help="seed of the random choices")
    parser.add_argument("--rate", type=float, default=10.0, help="most frames per second (site: 20)")
    args = parser.parse_args(argv)

    site = Site(args.site, args.token)
    try:
        if not site.token:
            if not (args.username and args.password):
                parser.error("give --username and --password, or --token")
            site.login(args.username, args.password)
        table = create_table_with_bots(site, args.game, json.loads(args.options), args.bots, args.level)
        print(f"table {table['id']}: {args.game} {json.dumps(table['options'], ensure_ascii=False)}")
        view = play(site, table["id"], args.choose, args.seed, rate=args.rate)
    except ApiError as exc:
        print(exc, file=sys.stderr)
        return 1
    except (urllib.error.URLError, OSError) as exc:
        print(f"cannot reach {args.site}: {exc}", file=sys.stderr)
        return 1
    result = view["result"]
    me = view["seat"]
    verdict = "won" if me in result["winners"] else "draw" if not result["winners"] else "lost"
    print(f"match {view['match']} over ({result['reason']}): winners {result['winners']}; me {verdict}")
    summary = {"match": view["match"], "result": result, "totals": view.get("totals")}
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
