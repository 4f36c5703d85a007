"""Which address phones on the same Wi-Fi can reach this machine at, found without sending a packet."""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit

import psutil

VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "zt", "tailscale")


def interface_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) for every interface that is up, read from the OS."""
    stats = psutil.net_if_stats()
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        found.extend((name, a.address) for a in addresses if a.family == socket.AF_INET)
    return found


def own_addresses() -> frozenset[str]:
    """Every IPv4 and IPv6 address of this machine's interfaces, as a Host header names them (lower case)."""
    return frozenset(address.address.split("%")[0].lower() for addresses in psutil.net_if_addrs().values()
                     for address in addresses if address.family in (socket.AF_INET, socket.AF_INET6))


HOST_HEADER = re.compile(r"(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._-]+))(?::[0-9]{1,5})?")


def host_name(host: str) -> str | None:
    """The name or address a Host header gives, lower case, without its port, brackets or final dot; None when it
    is no host name (a user part, spaces, other characters)."""
    match = HOST_HEADER.fullmatch(host)
    return (match[1] or match[2]).lower().rstrip(".") if match else None


def choose_lan_address(candidates: list[tuple[str, str]]) -> str | None:
    """The best address for phones: a private address on a physical interface, never loopback."""
    def rank(candidate: tuple[str, str]) -> tuple[int, int]:
        name, text = candidate
        address = ipaddress.ip_address(text)
        virtual = name.lower().startswith(VIRTUAL_PREFIXES)
        home = address in ipaddress.ip_network("192.168.0.0/16")
        return (1 if virtual else 0, 0 if home else 1 if address.is_private else 2)

    usable = []
    for name, text in candidates:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if address.version == 4 and not (address.is_loopback or address.is_link_local
                                          or address.is_unspecified or address.is_multicast):
            usable.append((name, text))
    return min(usable, key=rank)[1] if usable else None


def is_loopback_host(host: str) -> bool:
    """True for localhost and 127.x / ::1 hosts (a port may follow)."""
    if host.startswith("["):
        name = host[1:host.index("]")]
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


EVERY_INTERFACE = ("0.0.0.0", "::", "", "*")


def _url_host(host: str) -> str:
    """A host as a URL writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def public_base(public_url: str | None, listen_host: str | None, port: int | None, lan: str | None,
                seen_host: str | None = None, scheme: str = "http") -> tuple[str, bool]:
    """The base URL phones are sent to, and whether only this computer can reach it.

    `public_url` (--public-url) wins. Otherwise the address must be one the server listens on (`listen_host`;
    None: every interface): the host a browser reached it at (`seen_host`, a port may follow) unless that is
    loopback, else the listen address itself, else (listening everywhere) the LAN address `lan`.
    """
    if public_url:
        base = public_url.rstrip("/")
        return base, is_loopback_host(urlsplit(base).netloc or base)
    port_part = f":{port}" if port else ""
    everywhere = listen_host is None or listen_host in EVERY_INTERFACE
    if seen_host and (not everywhere or not is_loopback_host(seen_host)):
        return f"{scheme}://{seen_host}", is_loopback_host(seen_host) or is_loopback_host(listen_host or "")
    if not everywhere:
        return f"{scheme}://{_url_host(listen_host)}{port_part}", is_loopback_host(listen_host)
    if lan is not None:
        return f"{scheme}://{lan}{port_part}", False
    return f"{scheme}://{seen_host or '127.0.0.1' + port_part}", True
