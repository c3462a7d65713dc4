"""The embedded default, as ``./run`` serves it: SQLite, the in-memory channel layer and the
Celery worker inside daphne (issue #19, item 1: «Мои результаты» answered 500 there while the
suite, on PostgreSQL, never saw it).

One daphne with ``config.settings.dev`` on a fresh SQLite file (a copy of one the session
migrated from scratch: ``tests.live.embedded_migrated``; ``migrate`` runs again on it as
``./run`` does): sign in through the login form, open every main page, start «Играть с
ботами» (Дурак), play the whole match through the table socket (the bots move through the
in-process worker), then open «Мои результаты», the match page and its record — each must
answer 200.

The embedded default is a real site (issue #33): DEBUG is off, so an unknown page gets the
site's own 404, errors under ``/api/`` are JSON (a 5 MB body: 413, logged in one line), and
whitenoise serves the static files; ``DEBUG=1`` gives Django's development pages.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from websockets.sync.client import connect

from tests.live import BIN, LOGS, ROOT, embedded_env, embedded_migrated, free_port, start_daphne, stop_process

# django_db: the suite's live-test fixtures settle sockets against the test database.
pytestmark = [pytest.mark.live, pytest.mark.django_db]

PASSWORD = "Kartochki-2026!"
MAIN_PAGES = [
    "/", "/lobby/", "/results/", "/accounts/profile/", "/api/docs/", "/healthz",
]  # fmt: skip
CREATE_USER = (
    f"from apps.accounts.models import User; User.objects.create_user('anya', password='{PASSWORD}')"
)


class Browserless:
    """A cookie-keeping HTTP client that submits Django forms with their CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[int, str, str]:
        try:
            with self.opener.open(self.base + path, timeout=30) as response:
                return response.status, response.geturl(), response.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, path, exc.read().decode(errors="replace")

    def post_form(self, path: str, fields: dict) -> tuple[int, str, str]:
        token = self.cookie("csrftoken")
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
        request = urllib.request.Request(self.base + path, data=data, headers={"Referer": self.base + path})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.geturl(), response.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, path, exc.read().decode(errors="replace")

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")


def test_pages_and_a_whole_match_on_the_embedded_default(tmp_path) -> None:
    env = embedded_env(embedded_migrated(tmp_path / "embedded.sqlite3"), TABLES_BOT_DELAY_MS="0")
    python = str(BIN / "python")
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    subprocess.run([python, "manage.py", "shell", "-c", CREATE_USER], cwd=ROOT, env=env, check=True)
    port = free_port()
    LOGS.mkdir(parents=True, exist_ok=True)
    log_path = LOGS / f"embedded-{port}.log"
    with open(log_path, "wb") as log:
        daphne = subprocess.Popen(
            [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        web = Browserless(base)
        for _ in range(150):
            try:
                if web.get("/healthz")[0] == 200:
                    break
            except urllib.error.URLError:
                pass  # not listening yet
            time.sleep(0.2)
        web.get("/accounts/login/")
        status, url, _ = web.post_form("/accounts/login/", {"login": "anya", "password": PASSWORD})
        assert status == 200 and "/accounts/login/" not in url, url
        for path in MAIN_PAGES:
            assert web.get(path)[0] == 200, path
        status, url, _ = web.post_form("/lobby/play-with-bots/", {"game": "durak", "level": "easy"})
        assert status == 200, url
        table_id = int(re.search(r"/tables/(\d+)/", url).group(1))
        view = play_to_the_end(f"ws://127.0.0.1:{port}/ws/tables/{table_id}/", base, web.cookie("sessionid"))
        assert view["result"], view
        status, _, page = web.get("/results/")
        assert status == 200
        match_id = view["match"]
        assert f"/matches/{match_id}/" in page
        assert web.get(f"/matches/{match_id}/")[0] == 200
        status, _, record = web.get(f"/matches/{match_id}/record.json")
        assert status == 200 and json.loads(record)
        assert web.get("/api/me/results/")[0] == 200
        check_a_real_site(web)
    finally:
        stop_process(daphne)
    log = log_path.read_text(errors="replace")
    assert "Traceback" not in log
    too_large = [line for line in log.splitlines() if "Too Large" in line or "DATA_UPLOAD" in line]
    assert len(too_large) == 1 and "/api/auth/token/" in too_large[0], too_large


def check_a_real_site(web: Browserless) -> None:
    """DEBUG is off: the site's 404 page, JSON errors under /api/, static files by whitenoise."""
    status, _, page = web.get("/no-such-page/")
    assert status == 404 and "Страница не найдена" in page and "URLconf" not in page, page[:300]
    status, _, body = web.get("/api/no/such/path/")
    assert status == 404 and json.loads(body)["code"] == "not_found"
    status, body = post_raw(web.base + "/api/auth/token/", b'{"username": "' + b"x" * 5_000_000 + b'"}')
    assert status == 413 and json.loads(body)["code"] == "too_large", body[:300]
    for path in STATIC_FILES:
        status, _, text = web.get(path)
        assert status == 200 and text, path


#: The site's own stylesheet and one an app ships (found by the staticfiles finders).
STATIC_FILES = ["/static/css/site.css", "/static/admin/css/base.css"]


def post_raw(url: str, body: bytes) -> tuple[int, str]:
    """POST ``body`` as JSON; the status and the answer's text."""
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


def test_debug_1_is_the_development_mode(tmp_path) -> None:
    """``DEBUG=1 ./run``: Django's debug 404 page; the API's errors and the static files as before."""
    env = embedded_env(embedded_migrated(tmp_path / "debug.sqlite3"), DEBUG="1")
    subprocess.run(
        [str(BIN / "python"), "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    site = start_daphne(env)
    try:
        web = Browserless(site.url)
        status, _, page = web.get("/no-such-page/")
        assert status == 404 and "URLconf" in page, page[:300]
        status, _, body = web.get("/api/no/such/path/")
        assert status == 404 and json.loads(body)["code"] == "not_found"
        status, body = post_raw(site.url + "/api/auth/token/", b'{"username": "' + b"x" * 5_000_000 + b'"}')
        assert status == 413 and json.loads(body)["code"] == "too_large", body[:300]
        for path in STATIC_FILES:
            assert web.get(path)[0] == 200, path
    finally:
        stop_process(site.process)


def play_to_the_end(ws_url: str, origin: str, session: str, limit: float = 240.0) -> dict:
    """Play the first legal action whenever it is this seat's turn until the match has a result;
    return the last view."""
    deadline = time.monotonic() + limit
    with connect(ws_url, origin=origin, additional_headers={"Cookie": f"sessionid={session}"}) as ws:
        acted_at = -1
        while time.monotonic() < deadline:
            frame = json.loads(ws.recv(timeout=30))
            if frame.get("op") != "state":
                continue
            view = frame["view"]
            if view.get("result"):
                return view
            if view.get("legal") and frame["seq"] != acted_at:
                acted_at = frame["seq"]
                ws.send(json.dumps({"op": "act", "seq": frame["seq"], "action": view["legal"][0]}))
    raise AssertionError("the match did not finish in time")
