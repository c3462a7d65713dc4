"""Malformed client frames and the refusal each got from the code before :mod:`apps.protocol`.

``(raw frame, detail, request id)``: the detail of the ``bad_message`` (None: the frame is
accepted by the decoder and goes on to its op), and the ``id`` its ``error`` echoes. Checked
against the old ``decode_frame`` and the consumers' hand checks when this file was written.
"""

from __future__ import annotations

OBJECT = "a frame is an object with a string 'op'"
ACT = "act needs seq and action"

TABLE_CASES: list[tuple[str | bytes | None, str | None, object]] = [
    (None, "", None),
    ('{"op":"ping","t":"' + "x" * 16_400 + '"}', "frame over 16 KB", None),
    ('{"op":"chat","text":"' + "ж" * 8_200 + '"}', "frame over 16 KB", None),  # 16.4 KB in UTF-8
    ("[" * 5000 + "]" * 5000, "JSON nested deeper than 32", None),
    ('{"op":"ping","t":' + "[" * 33 + "]" * 33 + "}", "JSON nested deeper than 32", None),
    ('{"op":"ping","t":' + "[" * 31 + "]" * 31 + "}", None, None),
    ('{"op":"ping","t":"' + "[" * 100 + '"}', None, None),
    ("not json", "not JSON", None),
    ('{"op":"ping"', "not JSON", None),
    (b"\xff\xfe{}", "not JSON", None),
    ("", "not JSON", None),
    ("[1, 2]", OBJECT, None),
    ('"ping"', OBJECT, None),
    ("{}", OBJECT, None),
    ('{"op": 5}', OBJECT, None),
    ('{"op": null, "id": 3}', OBJECT, None),
    ('{"op": "fly", "id": 3}', "unknown op", 3),
    ('{"op": "friends", "id": "a"}', "unknown op", "a"),
    ('{"op": "act", "seq": "1", "action": {"type": "pass"}, "id": 7}', ACT, 7),
    ('{"op": "act", "seq": true, "action": {"type": "pass"}}', ACT, None),
    ('{"op": "act", "seq": 1.0, "action": {"type": "pass"}}', ACT, None),
    ('{"op": "act", "action": {"type": "pass"}}', ACT, None),
    ('{"op": "act", "seq": 1}', ACT, None),
    ('{"op": "act", "seq": 1, "action": [1]}', ACT, None),
    ('{"op": "act", "seq": 1, "action": "pass"}', ACT, None),
    ('{"op": "act", "seq": 1, "action": null}', ACT, None),
    ('{"op": "act", "seq": 0, "action": {"type": "attack", "card": ["6s"]}}', None, None),
    ('{"op": "act", "seq": 123456789012345678901234567890, "action": {}}', None, None),
    ('{"op": "rematch", "yes": 1, "id": 2}', "rematch needs yes: true or false", 2),
    ('{"op": "rematch", "yes": null}', "rematch needs yes: true or false", None),
    ('{"op": "rematch"}', None, None),
    ('{"op": "chat_mute", "user": "5"}', "mute needs another user's id", None),
    ('{"op": "chat_mute", "user": true}', "mute needs another user's id", None),
    ('{"op": "chat_mute"}', "mute needs another user's id", None),
    ('{"op": "chat_report", "id": "5"}', "report needs a message id", "5"),
    ('{"op": "chat_report", "id": false}', "report needs a message id", False),
    ('{"op": "chat_report"}', "report needs a message id", None),
    ('{"op": "sync", "id": {"deep": [1]}}', None, None),
    ('{"op": "claim", "extra": 1}', None, None),
]

LOBBY_CASES: list[tuple[str | bytes | None, str | None, object]] = [
    ('{"op": "friends"}', None, None),
    ('{"op": "watch", "id": 1}', None, None),
    ('{"op": "tournament", "tournament": 5}', None, None),
    ('{"op": "sync"}', None, None),
    ('{"op": "act", "seq": 1, "action": {}, "id": 4}', "unknown op", 4),
    ('{"op": "chat", "text": "hi"}', "unknown op", None),
]

#: Frames the old code read and the protocol module refuses as ``not JSON``: values JSON has no
#: room for, which ``json.loads`` let through and the reply could not give back (``NaN`` and
#: ``1e400`` were echoed as ``null``; a lone surrogate could not be written to the socket at all).
NOT_JSON_NOW = [
    '{"op": "ping", "t": NaN}',
    '{"op": "ping", "t": Infinity}',
    '{"op": "ping", "t": 1e400}',
    '{"op": "chat", "text": "\\ud800"}',
]
