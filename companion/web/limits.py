"""A small in-memory limiter for guessable things such as join codes."""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque

KEYS_KEPT = 10_000  # addresses counted; past that, those with no attempt inside the window are forgotten


class RateLimiter:
    """At most N attempts per key in any sliding minute."""

    def __init__(self, window: float = 60.0):
        self.window = window
        self._attempts: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def allow(self, key: str, limit: int) -> bool:
        """Count one attempt; False once the key has used up its minute."""
        now = time.monotonic()
        with self._lock:
            if key not in self._attempts and len(self._attempts) >= KEYS_KEPT:
                self._forget_idle(now)
            attempts = self._attempts[key]
            while attempts and now - attempts[0] > self.window:
                attempts.popleft()
            if len(attempts) >= limit:
                return False
            attempts.append(now)
            return True

    def _forget_idle(self, now: float) -> None:
        """Forget the keys whose every attempt is older than the window (the caller holds the lock)."""
        idle = [key for key, attempts in self._attempts.items() if not attempts or now - attempts[-1] > self.window]
        for key in idle:
            del self._attempts[key]

    def __len__(self) -> int:
        """How many keys are counted."""
        return len(self._attempts)
