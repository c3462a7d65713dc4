"""Celery tasks sent by name (so that the services never import the tasks' modules) name a task
that exists, with as many arguments as it takes.

Every call ``send_task("name", args=...)``, or a module's own ``_send("name", (...), ...)`` /
``_enqueue("name", (...), ...)``, in ``apps/`` is read from the source; the task must be
registered once Celery has found every app's tasks, and a tuple of arguments written out must
fit its signature.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from config.celery import app

APPS = Path(__file__).resolve().parents[2] / "apps"
SENDERS = {"send_task", "_send", "_enqueue"}


def sent_by_name() -> list[tuple[str, str, int | None]]:
    """``(where, task name, number of positional arguments or None when not written out)``."""
    found = []
    for path in sorted(APPS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name not in SENDERS or not node.args:
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            args = node.args[1] if len(node.args) > 1 else None
            for keyword in node.keywords:
                if keyword.arg == "args":
                    args = keyword.value
            count = len(args.elts) if isinstance(args, ast.Tuple | ast.List) else None
            found.append((f"{path.relative_to(APPS)}:{node.lineno}", first.value, count))
    return found


def test_every_task_sent_by_name_exists_and_takes_those_arguments() -> None:
    app.loader.import_default_modules()
    sends = sent_by_name()
    names = {name for _, name, _ in sends}
    assert {"tables.match_timeout", "tables.match_bot_move", "push.send"} <= names
    wrong = []
    for where, name, count in sends:
        task = app.tasks.get(name)
        if task is None:
            wrong.append((where, name, "no such task"))
            continue
        if count is not None:
            try:
                inspect.signature(task.run).bind(*range(count))
            except TypeError as exc:
                wrong.append((where, name, str(exc)))
    assert wrong == []
