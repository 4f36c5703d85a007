"""Which address phones on the same Wi-Fi can reach this machine at, found without sending a packet."""

from __future__ import annotations

import ipaddress
import socket

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
