"""A small in-memory limiter for guessable things such as join codes."""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque


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
            attempts = self._attempts[key]
            while attempts and now - attempts[0] > self.window:
                attempts.popleft()
            if len(attempts) >= limit:
                return False
            attempts.append(now)
            return True

