"""Card photos drawn once per test run: a photo asked for again, by any test worker, is read from the run's folder.

Drawing one takes Pillow most of a CPU-second (its perspective, blur and noise at a camera's size), and several
tests send the same photo (the same name, seed and look draw the same bytes).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from companion.testing.card_photos import card_photo

FOLDER = "COMPANION_TEST_PHOTOS"  # the environment variable naming the run's folder


def draw(name: str | None, seed: int = 0, lang: str = "en", **fixed) -> bytes:
    """card_photo's photo, drawn at most once in the run."""
    folder = os.environ.get(FOLDER)
    if not folder:
        return card_photo(name, seed, lang, **fixed)
    key = json.dumps([name, seed, lang, sorted(fixed.items())], ensure_ascii=False)
    kept = Path(folder) / f"{hashlib.sha256(key.encode()).hexdigest()[:32]}.jpg"
    try:
        return kept.read_bytes()
    except FileNotFoundError:
        photo = card_photo(name, seed, lang, **fixed)
        part = kept.with_name(f"{kept.name}.{os.getpid()}")
        part.write_bytes(photo)
        os.replace(part, kept)  # another worker drawing it meanwhile writes the same bytes
        return photo


def open_folder() -> None:
    """The run's folder, made by the first pytest process (its workers inherit the variable); a folder named by a
    run this one was started from is not this run's to remove."""
    os.environ[FOLDER] = tempfile.mkdtemp(prefix="companion-test-photos-")


def close_folder() -> None:
    """The run's folder removed, by the process that made it."""
    folder = os.environ.pop(FOLDER, None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
