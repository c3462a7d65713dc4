"""Record golden socket frames from the real services into ``tests/protocol/frames.jsonl.gz``.

Run from the repository root (PostgreSQL and Redis up; a throw-away test database is made):

    .venv/bin/python tests/protocol/record_frames.py

It plays one seeded match of every game and mode (a person at seat 0 playing his first legal
action, bots elsewhere; Gambler's «капо на 1 руке» by four people, the first speaker bidding it)
through :func:`apps.tables.moves.move_apply` / ``match_bot_move``, and writes every ``state``
frame the publish path encodes (each seat's and the public one) with the arguments it was made
from; plus the connect frames of :func:`apps.tables.selectors.table_state`, every error code in
both languages, pongs, chat and lobby frames as the consumers encoded them.

Each line: ``{"kind", "case", "text"}`` and, for a publish-path frame, ``"args"``: ``[seq, view,
events, hold_ms]`` as JSON. The recorder checks that JSON holds the arguments exactly (no tuple,
no non-string key, no float), so a test may rebuild them from the line and expect ``text`` back
byte for byte (``tests/protocol/test_golden_frames.py``). Seeds are fixed; ids, names and
deadlines differ between runs, which is why each line carries its own arguments.

The committed file was recorded at commit ccf6ac0, before :mod:`apps.protocol` wrote any frame:
its ``state`` texts are orjson's, the others ``apps.core.jsontext.compact``'s (which this
script still uses for them). Re-running it after that records ``frame_text`` as it is now, so
re-record only to add cases, and compare the old file's texts with the new one's first.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).with_name("frames.jsonl.gz")

#: (case, game, options, people seats, seat count or None, first-dealer-free policy name)
CASES = [
    ("bazar_4", "bazar_blot", {"players": 4, "target": 51}, 1, None, "first"),
    ("bazar_2", "bazar_blot", {"players": 2, "target": 51}, 1, None, "first"),
    ("gambler_4", "bazar_blot", {"players": 4, "ruleset": "gambler"}, 1, None, "first"),
    ("gambler_2", "bazar_blot", {"players": 2, "ruleset": "gambler"}, 1, None, "first"),
    (
        "gambler_solo_capot",
        "bazar_blot",
        {"players": 4, "ruleset": "gambler", "solo_capot": True},
        4,
        None,
        "solo",
    ),
    ("blot", "blot", {"target": 501}, 1, None, "first"),
    ("deberc_2", "deberc", {"players": 2, "target": 301}, 1, None, "first"),
    ("deberc_3", "deberc", {"players": 3, "target": 301}, 1, None, "first"),
    ("deberc_4", "deberc", {"players": 4, "target": 301}, 1, None, "first"),
    ("deberc_2x2", "deberc", {"players": 4, "teams": True, "target": 301}, 1, None, "first"),
    ("durak_2", "durak", {}, 1, 2, "first"),
    ("durak_4", "durak", {}, 1, 4, "first"),
    ("durak_transfer_3", "durak", {"transfer": True}, 1, 3, "first"),
    ("durak_pairs", "durak", {"teams": True}, 1, 4, "first"),
    ("durak_cheating", "durak", {"cheating": True}, 1, 3, "first"),
    ("durak_52_six", "durak", {"deck": 52}, 1, 6, "first"),
    ("durak_24", "durak", {"deck": 24}, 1, 2, "first"),
]

#: Most moves recorded per match (every frame of each); the short targets end most matches sooner.
MOVES_MAX = 600


def _exact_json(value, path="$") -> None:
    """Raise unless ``value`` survives a JSON round trip as the same Python value and types."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"non-string key {key!r} at {path}")
            _exact_json(item, f"{path}.{key}")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            _exact_json(item, f"{path}[{n}]")
    elif value is not None and not isinstance(value, (str, int, bool)):
        raise TypeError(f"{type(value).__name__} at {path}")


def _setup():
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    os.environ.setdefault("KARTOCHKI_TEST_DB", f"test_kartochki_record_{os.getpid()}")
    import django

    django.setup()
    from django.conf import settings

    settings.TABLES_SCHEDULER = "none"
    settings.TABLES_BOT_DELAY_MS = 0


def _policy(name: str, view: dict, legal: list[dict]) -> dict:
    if name == "solo":
        plays = [a for a in legal if a["type"] == "play"]
        if plays:
            return plays[0]
        solos = [a for a in legal if a.get("solo")]
        if solos and not any(c["type"] in ("bid", "capot") for c in view.get("auction") or []):
            return solos[0]
        passes = [a for a in legal if a["type"] == "pass"]
        return passes[0] if passes else legal[0]
    quiet = [a for a in legal if a["type"] not in ("leave", "surrender", "concede")]
    return (quiet or legal)[0]


def _table(game, options, people, seat_count):
    from django.db import transaction

    from apps.rules import api
    from apps.rules.seating import seat_count as seats_for
    from apps.tables.models import Seat, Table
    from apps.tables.starting import match_start

    options = api.normalize_options(game, options)
    count = seat_count or seats_for(game, options)
    with transaction.atomic():
        table = Table.objects.create(game=game, options=options, seat_count=count, owner=people[0])
        for n in range(count):
            user = people[n] if n < len(people) else None
            Seat.objects.create(
                table=table, number=n, user=user, bot_level=None if user else "normal", ready=True
            )
        match_start(table=table)
    return table


def _play(case, game, options, people_count, seat_count, policy, users, write):
    from datetime import timedelta

    from django.utils import timezone

    from apps.rules import api
    from apps.tables import selectors
    from apps.tables.bot_turns import match_bot_move
    from apps.tables.models import Match
    from apps.tables.moves import move_apply
    from apps.tables.timers import timeout_apply

    people = users[:people_count]
    table = _table(game, options, people, seat_count)
    by_seat = {n: u for n, u in enumerate(people)}
    for user in [*people, users[-1]]:  # the connect frames: each person and a spectator
        seat, message = selectors.table_state(table.pk, user.pk, user)
        write({"kind": "connect", "case": case, "seat": seat, "text": _compact(message)})
    for _ in range(MOVES_MAX):
        match = Match.objects.filter(table=table).order_by("-id").first()
        if match.status != Match.Status.PLAYING:
            break
        if match_bot_move(match_id=match.pk, seq=match.seq):
            continue
        state = api.from_json(match.state)
        for seat, user in by_seat.items():
            legal = api.legal_actions(state, seat)
            if legal:
                view = api.view(state, seat)
                action = _policy(policy, view, legal)
                move_apply(
                    match_id=match.pk,
                    seat=seat,
                    action=action,
                    seq=match.seq,
                    actor="person",
                    user_id=user.pk,
                )
                break
        else:  # a phase the timer ends (the Шулер check): let its deadline pass
            Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
            if not timeout_apply(match_id=match.pk, seq=match.seq):
                raise AssertionError(f"{case}: nobody may act at seq {match.seq}")
    seat, message = selectors.table_state(table.pk, people[0].pk, people[0])
    write({"kind": "connect", "case": case, "seat": seat, "text": _compact(message)})
    return table


def _compact(value) -> str:
    from apps.protocol.codec import encode

    return encode(value)


def _consumer_frames(write, users, table) -> None:
    """What the consumers build themselves: errors, pongs, chat, lobby and social frames."""
    from django.utils import translation

    from apps.chat import services as chat
    from apps.core.errors import MESSAGES, Refused
    from apps.lobby import selectors as lobby_selectors
    from apps.protocol.server import ChatHistory
    from apps.social.selectors import friends_status, watch_list

    for language in ("ru", "en"):
        with translation.override(language):
            for code in [*MESSAGES, "must_follow_suit"]:
                exc = Refused(code)
                write({"kind": "error", "case": language, "text": _compact({"op": "error", **exc.as_dict()})})
            samples = [
                (Refused("illegal", engine_code="must_follow_suit"), 7),
                (Refused("invalid_options", errors={"target": "один из 51, 101"}), "abc"),
                (Refused("stale"), {"n": [1, 2]}),
                (Refused("bad_message", detail="not JSON"), 2**70),
            ]
            for exc, request_id in samples:
                data = {"op": "error", **exc.as_dict(), "id": request_id}
                write({"kind": "error", "case": language, "text": _compact(data)})
    for t in [None, 0, -1, 2**63, 2**80, 1.5, "ёж", [1, {"a": None}], {"b": True}, False]:
        write(
            {
                "kind": "pong",
                "case": "t",
                "text": _compact({"op": "pong"} if t is None else {"op": "pong", "t": t}),
            }
        )
    author = users[0]
    for text, phrase in [
        ('Привет, «всем»! \\ " </script>\u2028', None),
        (None, "good_game"),
        ("x" * 200, None),
    ]:
        message = chat.message_post(table_id=table.pk, user=author, text=text, phrase=phrase)
        write({"kind": "chat", "case": "chat", "text": _compact(chat.message_frame(message))})
    messages = chat.history(table_id=table.pk, seated=True, muted=set())
    write(
        {
            "kind": "chat",
            "case": "chat_history",
            "text": _compact(ChatHistory(messages=messages)),
        }
    )
    write({"kind": "chat", "case": "chat_hidden", "text": _compact({"op": "chat_hidden", "ids": [1, 2**40]})})
    write(
        {
            "kind": "chat",
            "case": "chat_mute",
            "text": _compact({"op": "chat_mute", "user": users[1].pk, "mute": True}),
        }
    )
    write(
        {
            "kind": "chat",
            "case": "chat_report",
            "text": _compact({"op": "chat_report", "id": messages[0].id}),
        }
    )
    write(
        {
            "kind": "lobby",
            "case": "tables",
            "text": _compact({"op": "tables", "tables": lobby_selectors.open_tables()}),
        }
    )
    write({"kind": "lobby", "case": "invitations", "text": _compact({"op": "invitations", "count": 3})})
    write({"kind": "lobby", "case": "friends_changed", "text": _compact({"op": "friends_changed"})})
    for language in ("ru", "en"):
        with translation.override(language):
            friends = friends_status(users[0].pk)
            write(
                {"kind": "lobby", "case": "friends", "text": _compact({"op": "friends", "friends": friends})}
            )
            write({"kind": "lobby", "case": "watch", "text": _compact({"op": "watch", **watch_list()})})


def record() -> int:
    from django.contrib.auth import get_user_model

    from apps.social import services as social
    from apps.tables import frames, models

    lines: list[str] = []
    current: dict = {}

    def write(line: dict) -> None:
        lines.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")))

    encode = frames.frame_text

    def recording(seq, view, events, hold_ms=0):
        text = encode(seq, view, events, hold_ms)
        args = [seq, view, events, hold_ms]
        _exact_json(args)
        write({"kind": "state", "case": current["case"], "text": text, "args": args})
        return text

    frames.frame_text = recording
    fixed = random.Random(20261202)
    models.new_server_seed = lambda: fixed.randbytes(32).hex()  # seeded matches (docs/rules.md §3)
    User = get_user_model()
    users = [User.objects.create_user(username=f"игрок{n}", password="pw-secret-123") for n in range(5)]
    User.objects.filter(pk=users[1].pk).update(first_name="Анна")
    social.friend_request(user=users[0], username=users[1].username)
    table = None
    try:
        for case, game, options, people, seats, policy in CASES:
            current["case"] = case
            table = _play(case, game, options, people, seats, policy, users, write)
    finally:
        frames.frame_text = encode
    _consumer_frames(write, users, table)
    with gzip.open(OUT, "wt", encoding="utf-8") as out:
        for line in lines:
            out.write(line + "\n")
    return len(lines)


def main() -> None:
    _setup()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        count = record()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"{count} frames -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
