"""The embedded default's own ``SECRET_KEY``, kept under ``var/``.

A key written in the repository would let anyone who read it forge password-reset links and
signed values of a site that ``HOST=0.0.0.0 ./run`` puts on a network; each installation
makes its own instead, once, and keeps it so sessions survive restarts.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path


def _random_key() -> str:
    return secrets.token_urlsafe(64)


def secret_key_file(path: Path, make: Callable[[], str] = _random_key) -> str:
    """The key stored in ``path``; on first use a new one from ``make`` (by default 86 random
    characters) is written there, readable by its owner only. Processes starting together get
    the same key: each writes its own candidate aside and links it into place, which only the
    first one does."""
    if path.exists() and (key := path.read_text().strip()):
        return key
    candidate = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(make() + "\n")
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


def vapid_key_new() -> str:
    """A new VAPID private key (P-256) for Web Push: base64url of its 32 raw bytes, the form
    ``VAPID_PRIVATE_KEY`` takes (``py_vapid.Vapid.from_string`` reads it)."""
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec

    value = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return base64.urlsafe_b64encode(value.to_bytes(32, "big")).rstrip(b"=").decode()
