"""A push service for the test suite: an HTTP endpoint on 127.0.0.1 that takes what pywebpush
posts as a browser vendor's service would (RFC 8030/8291/8292).

Each subscription it hands out (:meth:`LocalPushService.subscription`) has keys made here, as a
browser makes them (an EC P-256 pair and a 16-byte auth secret). A post is accepted only when
its VAPID JWT is signed by the site's public key (``k=`` of the ``Authorization`` header, which
must be the key browsers subscribed with), names the endpoint's origin as ``aud`` and has an
``exp`` in the future and under 24 h; its aes128gcm body is then decrypted with the
subscription's private key and kept in :attr:`LocalPushService.received`.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Delivery:
    """One accepted post: the decrypted payload and the headers that matter."""

    token: str
    payload: dict
    ttl: int
    urgency: str | None
    claims: dict


@dataclass
class _Sub:
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    status: int = 201


@dataclass
class LocalPushService:
    vapid_public_key: str  # base64url of the uncompressed point the site subscribes with
    received: list[Delivery] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._subs: dict[str, _Sub] = {}
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                status = service._take(self.path, dict(self.headers.items()), body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def subscription(self, *, status: int = 201) -> dict:
        """A new browser subscription (``PushSubscription.toJSON()``'s shape); posts to it are
        answered ``status`` (410: gone)."""
        token = secrets.token_urlsafe(12)
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        self._subs[token] = _Sub(key, auth, status)
        public = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {
            "endpoint": f"{self.origin}/push/{token}",
            "keys": {"p256dh": b64url(public), "auth": b64url(auth)},
        }

    def wait(self, count: int, timeout: float = 20.0) -> list[Delivery]:
        """Block until ``count`` deliveries arrived (AssertionError after ``timeout``)."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while len(self.received) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"{len(self.received)} of {count} pushes arrived; rejected: {self.rejected}"
                    )
                self._arrived.wait(left)
            return list(self.received)

    # ------------------------------------------------------------------ checks

    def _take(self, path: str, headers: dict, body: bytes) -> int:
        token = path.rsplit("/", 1)[-1]
        sub = self._subs.get(token)
        if sub is None:
            return 404
        headers = {k.lower(): v for k, v in headers.items()}
        try:
            claims = self._check_vapid(headers.get("authorization", ""))
            if headers.get("content-encoding") != "aes128gcm":
                raise ValueError(f"content-encoding {headers.get('content-encoding')}")
            plain = http_ece.decrypt(
                body, private_key=sub.private_key, auth_secret=sub.auth, version="aes128gcm"
            )
            payload = json.loads(plain)
        except Exception as exc:  # any bad post is refused as a real service would
            with self._lock:
                self.rejected.append(repr(exc))
            return 400
        if sub.status >= 300:
            return sub.status
        with self._arrived:
            self.received.append(
                Delivery(token, payload, int(headers.get("ttl", -1)), headers.get("urgency"), claims)
            )
            self._arrived.notify_all()
        return sub.status

    def _check_vapid(self, authorization: str) -> dict:
        scheme, _, params = authorization.partition(" ")
        if scheme.lower() != "vapid":
            raise ValueError(f"authorization scheme {scheme!r}")
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        if fields.get("k") != self.vapid_public_key:
            raise ValueError("k is not the site's VAPID public key")
        header_b64, claims_b64, signature_b64 = fields["t"].split(".")
        header = json.loads(unb64url(header_b64))
        if header.get("alg") != "ES256":
            raise ValueError(f"alg {header.get('alg')}")
        signature = unb64url(signature_b64)
        point = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
        der = encode_dss_signature(
            int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
        )
        try:
            point.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature as exc:
            raise ValueError("bad VAPID signature") from exc
        claims = json.loads(unb64url(claims_b64))
        if claims.get("aud") != self.origin:
            raise ValueError(f"aud {claims.get('aud')} is not {self.origin}")
        if not time.time() < claims.get("exp", 0) <= time.time() + 24 * 3600:
            raise ValueError(f"exp {claims.get('exp')}")
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            raise ValueError("no sub")
        return claims
