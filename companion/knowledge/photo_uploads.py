"""What a card's photo may be, and whether this machine reads photos at all: what the server needs of the photo
reader without loading it (OpenCV and NumPy load in the reader processes only)."""

from __future__ import annotations

import shutil
import subprocess


class NotAPhoto(ValueError):
    """The upload is not an image Pillow can open."""


class TooManyPixels(NotAPhoto):
    """The upload is an image with more pixels than a photo needs."""


def available() -> bool:
    """Whether Tesseract and its German and Russian language data are installed."""
    if shutil.which("tesseract") is None:
        return False
    try:
        listed = subprocess.run(
            ["tesseract", "--list-langs"], check=False, capture_output=True, text=True, timeout=10
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return {"eng", "deu", "rus"} <= set(listed.split())
