"""The embedded default's own key (config/secret.py): made once, kept, private."""

from __future__ import annotations

import stat
from pathlib import Path

from config.secret import secret_key_file


def test_the_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "secret_key"
    key = secret_key_file(path)
    assert len(key) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret_key_file(path) == key
    assert list(tmp_path.iterdir()) == [path]  # no candidate file left behind


def test_an_empty_file_gets_a_key_and_another_installation_another(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    empty = tmp_path / "a" / "secret_key"
    empty.write_text("")
    first = secret_key_file(empty)
    assert first and empty.read_text().strip() == first
    assert secret_key_file(tmp_path / "b" / "secret_key") != first
