"""The machine's LAN addresses, for ``HOST=0.0.0.0 ./run`` (a game night: phones on the same network).

Nothing here sends a packet: the addresses come from the kernel's interface list (``ip -o -4 addr``,
netlink) and from the route a UDP socket would take (``connect`` on a UDP socket only chooses the
route and the local address; no datagram leaves). Only IPv4 is offered: a phone is given
``http://192.168.x.y:8000/``, and channels' Origin check compares bare IPv6 hosts with bracketed
``ALLOWED_HOSTS`` entries, which never match.

``python -m config.lan HOST PORT`` prints what ``./run`` tells the user to open on a phone.
"""

from __future__ import annotations

import ipaddress
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Iterable

#: Bind addresses meaning "every interface".
WILDCARDS = frozenset({"0.0.0.0", "::", "[::]", "*"})
#: The UDP socket is "connected" here to learn the local address of the default route. It is in
#: 10/8 (private, never routed on the Internet) and nothing is sent to it.
ROUTE_PROBE = ("10.255.255.254", 9)


def usable(address: str) -> bool:
    """Whether ``address`` is an IPv4 address another machine could reach (not loopback,
    link-local, unspecified or multicast)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    unreachable = ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast
    return ip.version == 4 and not unreachable


def route_address(probe: tuple[str, int] = ROUTE_PROBE) -> str | None:
    """The local IPv4 address of the route towards ``probe`` (the default route), or None when the
    machine has none. A UDP ``connect`` sends nothing."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(probe)
            address = sock.getsockname()[0]
    except OSError:
        return None
    return address if usable(address) else None


def parse_ip_addr(output: str) -> list[str]:
    """The usable IPv4 addresses in the output of ``ip -o -4 addr show``, in order.

    A line reads ``2: eth0    inet 192.168.1.23/24 brd 192.168.1.255 scope global eth0 ...``.
    """
    found: list[str] = []
    for line in output.splitlines():
        words = line.split()
        for index, word in enumerate(words[:-1]):
            if word == "inet":
                address = words[index + 1].split("/", 1)[0]
                if usable(address) and address not in found:
                    found.append(address)
    return found


def interface_addresses(run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> list[str]:
    """The usable IPv4 addresses of the machine's interfaces (``ip -o -4 addr show``), or ``[]``
    when ``ip`` is missing or fails."""
    ip = shutil.which("ip") or shutil.which("ip", path="/usr/sbin:/sbin")
    if ip is None:
        return []
    try:
        result = run([ip, "-o", "-4", "addr", "show"], capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_ip_addr(result.stdout) if result.returncode == 0 else []


def lan_addresses(
    route: Callable[[], str | None] = route_address,
    interfaces: Callable[[], list[str]] = interface_addresses,
) -> list[str]:
    """The machine's usable IPv4 addresses, the default route's first, without duplicates."""
    found: list[str] = []
    for address in [route(), *interfaces()]:
        if address and usable(address) and address not in found:
            found.append(address)
    return found


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` serves this machine only (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def served_addresses(bind: str, detect: Callable[[], list[str]] | None = None) -> list[str]:
    """The addresses other machines may use to reach a server bound to ``bind``: none for a
    loopback bind, the LAN addresses (``detect``, else :func:`lan_addresses`) for a wildcard
    one, else ``bind`` itself."""
    bind = bind.strip()
    if not bind or is_loopback(bind):
        return []
    if bind in WILDCARDS:
        return (detect or lan_addresses)()
    return [bind.strip("[]")]


def _host(address: str) -> str:
    """``address`` as it appears in a Host header or an URL (IPv6 in brackets)."""
    return f"[{address}]" if ":" in address else address


def allowed_hosts(addresses: Iterable[str]) -> list[str]:
    """``ALLOWED_HOSTS`` entries for ``addresses`` (the Origin check of browser sockets uses them too)."""
    return [_host(address) for address in addresses]


def trusted_origins(addresses: Iterable[str], port: int) -> list[str]:
    """``CSRF_TRUSTED_ORIGINS`` entries: the plain-HTTP origins of ``addresses`` on ``port``."""
    return [f"http://{_host(address)}:{port}" for address in addresses]


def phone_lines(addresses: Iterable[str], port: int) -> list[str]:
    """What ``./run`` prints for a non-loopback bind: one line per address a phone may open."""
    origins = [f"{origin}/" for origin in trusted_origins(addresses, port)]
    if not origins:
        return ["no LAN address found: phones cannot reach this machine (is it on a network?)"]
    lines = [f"open {origins[0]} on your phone (same Wi-Fi)"]
    lines += [f"  or {origin}" for origin in origins[1:]]
    return lines


def main(argv: list[str]) -> int:
    """``python -m config.lan HOST PORT``: print :func:`phone_lines` for that bind (nothing for loopback)."""
    bind = argv[0] if argv else "127.0.0.1"
    port = int(argv[1]) if len(argv) > 1 else 8000
    if not is_loopback(bind):
        for line in phone_lines(served_addresses(bind), port):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
