"""The protocol module writes the same bytes the site wrote before it (issue #23).

``frames.jsonl.gz`` holds what the code before :mod:`apps.protocol` sent: every ``state``
frame of a seeded match of each game and mode (each seat's and the public one), the connect
frames, errors in both languages, pongs, chat and lobby frames (``record_frames.py``);
``frames_more.jsonl`` the ops added since, each as its service writes it. Every op of
:mod:`apps.protocol.server` has a golden line, and no module of the site outside
:mod:`apps.protocol` builds a frame as a dict (``{"op": ...}``).
"""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from apps.protocol import encode
from apps.protocol.server import SERVER_FRAMES, AnyServerFrame, State
from apps.tables.frames import frame_text
from tests.protocol.golden import golden, of_kind

GAME_CASES = {
    "bazar_4", "bazar_2", "gambler_4", "gambler_2", "gambler_solo_capot", "blot", "deberc_2",
    "deberc_3", "deberc_4", "deberc_2x2", "durak_2", "durak_4", "durak_transfer_3", "durak_pairs",
    "durak_cheating", "durak_52_six", "durak_24",
}  # fmt: skip


def test_the_fixture_covers_every_game_mode_and_frame_kind() -> None:
    cases = Counter(line["case"] for line in of_kind("state"))
    assert set(cases) == GAME_CASES
    assert min(cases.values()) > 50
    kinds = {json.loads(line["text"])["op"] for line in golden()}
    assert kinds >= {"state", "error", "pong", "chat", "chat_history", "chat_hidden", "chat_mute"}
    assert kinds >= {"chat_report", "tables", "invitations", "friends_changed", "friends", "watch"}
    holds = {line["args"][3] for line in of_kind("state")}
    assert {0, 1500, 5000} <= holds  # plain, trick and deal pauses


def test_frame_text_writes_every_state_frame_byte_for_byte() -> None:
    wrong = [
        (line["case"], line["args"][0])
        for line in of_kind("state")
        if frame_text(*line["args"]) != line["text"]
    ]
    assert wrong == []


def test_the_state_struct_writes_the_same_text() -> None:
    for line in of_kind("state")[::7]:
        seq, view, events, hold = line["args"]
        frame = State(seq=seq, view=view, events=events, hold_ms=hold or msgspec.UNSET)
        assert encode(frame) == line["text"]


APPS = Path(__file__).resolve().parents[2] / "apps"


def test_every_server_op_has_a_golden_frame() -> None:
    """A new op of :mod:`apps.protocol.server` needs a line in ``frames_more.jsonl`` (and its
    row in docs/protocol.md)."""
    recorded = {json.loads(line["text"])["op"] for line in golden()}
    assert set(SERVER_FRAMES) - recorded == set()
    assert recorded <= set(SERVER_FRAMES)


def _dict_frames(path: Path) -> list[int]:
    """Lines of ``path`` where a dict literal or ``dict(...)`` call has the key ``op``."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict) and any(
            isinstance(key, ast.Constant) and key.value == "op" for key in node.keys
        ):
            lines.append(node.lineno)
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "dict"
            and any(keyword.arg == "op" for keyword in node.keywords)
        ):
            lines.append(node.lineno)
    return lines


def test_no_module_outside_the_protocol_builds_a_frame_as_a_dict() -> None:
    built = {
        str(path.relative_to(APPS)): lines
        for path in sorted(APPS.rglob("*.py"))
        if "protocol" not in path.relative_to(APPS).parts[:1] and (lines := _dict_frames(path))
    }
    assert built == {}


@pytest.mark.parametrize("kind", ["connect", "error", "pong", "chat", "lobby"])
def test_every_other_frame_read_into_its_struct_writes_the_same_text(kind: str) -> None:
    lines = of_kind(kind)
    assert lines
    for line in lines:
        frame = msgspec.convert(json.loads(line["text"]), AnyServerFrame)
        assert encode(frame) == line["text"], line["case"]
