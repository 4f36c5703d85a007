"""Join codes: a short code a player can type instead of scanning the QR code."""

from __future__ import annotations

import secrets

JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6


def new_join_code() -> str:
    """Six characters a person can read aloud and type without mixing up 0/O or 1/I."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
