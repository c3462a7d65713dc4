"""The embedded default's own ``SECRET_KEY``, kept under ``var/``.

A key written in the repository would let anyone who read it forge password-reset links and
signed values of a site that ``HOST=0.0.0.0 ./run`` puts on a network; each installation
makes its own instead, once, and keeps it so sessions survive restarts.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def secret_key_file(path: Path) -> str:
    """The key stored in ``path``; on first use a new random one (86 characters) is written there,
    readable by its owner only. Processes starting together get the same key: each writes its
    own candidate aside and links it into place, which only the first one does."""
    if path.exists() and (key := path.read_text().strip()):
        return key
    candidate = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_urlsafe(64) + "\n")
    try:
        os.link(candidate, path)
    except FileExistsError:  # another process was first, and its key wins, unless the file is empty
        if not path.read_text().strip():  # (links are atomic: not ours, e.g. a `touch`)
            os.replace(candidate, path)
    except OSError:  # a file system without hard links
        os.replace(candidate, path)
    finally:
        candidate.unlink(missing_ok=True)
    return path.read_text().strip()
