"""Tesseract read through its own C library in this process (Debian's libtesseract5, which its command brings):
each language's model loaded once a process, not once a picture, and a run stopped once it has taken its CPU
seconds. Sparse text (a card is no page), dark ink only, on one thread."""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import functools
import os
import threading
import time

import numpy as np

SPARSE_TEXT = 11  # Tesseract's page segmentation mode: as much text as it finds, in no particular order
WORDS_TSV = (
    "level",
    "page_num",
    "block_num",
    "par_num",
    "line_num",
    "word_num",
    "left",
    "top",
    "width",
    "height",
    "conf",
    "text",
)
_STOPPED = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_int)


@functools.cache
def _library() -> ctypes.CDLL:
    """libtesseract, its functions typed (capi.h) and on one thread: set before the library loads its OpenMP,
    whose threads only fight each other on two cores."""
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        library = ctypes.CDLL("libtesseract.so.5")
    except OSError:
        found = ctypes.util.find_library("tesseract")
        if found is None:
            raise
        library = ctypes.CDLL(found)
    handle, text, number = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
    for name, argtypes, restype in (
        ("TessBaseAPICreate", [], handle),
        ("TessBaseAPIInit3", [handle, text, text], number),
        ("TessBaseAPISetVariable", [handle, text, text], ctypes.c_bool),
        ("TessBaseAPISetPageSegMode", [handle, number], None),
        ("TessBaseAPISetImage", [handle, ctypes.c_void_p, number, number, number, number], None),
        ("TessBaseAPIRecognize", [handle, handle], number),
        ("TessBaseAPIGetTsvText", [handle, number], ctypes.c_void_p),
        ("TessBaseAPIClear", [handle], None),
        ("TessBaseAPIEnd", [handle], None),
        ("TessBaseAPIDelete", [handle], None),
        ("TessDeleteText", [ctypes.c_void_p], None),
        ("TessMonitorCreate", [], handle),
        ("TessMonitorSetCancelFunc", [handle, _STOPPED], None),
        ("TessMonitorDelete", [handle], None),
    ):
        function = getattr(library, name)
        function.argtypes, function.restype = argtypes, restype
    return library


class _Reader:
    """One language's (or languages') model, loaded once, read by one thread at a time."""

    def __init__(self, library: ctypes.CDLL, lang: str):
        self.library = library
        self.lock = threading.Lock()
        self.handle = library.TessBaseAPICreate()
        if library.TessBaseAPIInit3(self.handle, None, lang.encode()) != 0:
            library.TessBaseAPIDelete(self.handle)
            raise OSError(f"Tesseract has no model for {lang!r}")
        for variable, value in (("tessedit_do_invert", "0"), ("debug_file", os.devnull)):
            library.TessBaseAPISetVariable(self.handle, variable.encode(), value.encode())
        library.TessBaseAPISetPageSegMode(self.handle, SPARSE_TEXT)

    def tsv(self, grey: np.ndarray, cpu_seconds: float) -> str:
        """Tesseract's TSV of the words in a grey picture (no header row), or "" when the run took longer than
        `cpu_seconds` of this thread's CPU time and was stopped."""
        picture = np.ascontiguousarray(grey, dtype=np.uint8)
        height, width = picture.shape
        started = time.thread_time()

        @_STOPPED
        def stopped(_this, _words):
            return time.thread_time() - started > cpu_seconds

        library = self.library
        with self.lock:
            monitor = library.TessMonitorCreate()
            library.TessMonitorSetCancelFunc(monitor, stopped)
            try:
                library.TessBaseAPISetImage(self.handle, picture.ctypes.data, width, height, 1, width)
                if library.TessBaseAPIRecognize(self.handle, monitor) != 0:
                    return ""
                text = library.TessBaseAPIGetTsvText(self.handle, 0)
                try:
                    return ctypes.string_at(text).decode("utf-8", "replace")
                finally:
                    library.TessDeleteText(text)
            finally:
                library.TessBaseAPIClear(self.handle)
                library.TessMonitorDelete(monitor)

    def close(self) -> None:
        """Free the model."""
        self.library.TessBaseAPIEnd(self.handle)
        self.library.TessBaseAPIDelete(self.handle)


_READERS: dict[str, _Reader] = {}
_READERS_LOCK = threading.Lock()


def reader(lang: str) -> _Reader:
    """This process's reader of `lang` (Tesseract's names joined by "+", as "eng+rus"), loaded at the first
    call."""
    with _READERS_LOCK:
        if lang not in _READERS:
            if not _READERS:
                atexit.register(_close_all)
            _READERS[lang] = _Reader(_library(), lang)
        return _READERS[lang]


def _close_all() -> None:
    """Free every model loaded (the process ends)."""
    with _READERS_LOCK:
        readers = list(_READERS.values())
        _READERS.clear()
    for each in readers:
        each.close()


def words(grey: np.ndarray, lang: str, cpu_seconds: float) -> list[dict]:
    """Each word Tesseract reads in a grey picture: its text, left, top, height and confidence (of 100); none when
    the run took longer than `cpu_seconds`."""
    found = []
    for row in reader(lang).tsv(grey, cpu_seconds).splitlines():
        fields = row.split("\t")
        if len(fields) == len(WORDS_TSV) and fields[-1].strip():
            word = dict(zip(WORDS_TSV, fields))
            found.append(
                {
                    "text": word["text"].strip(),
                    "left": int(word["left"]),
                    "top": int(word["top"]),
                    "height": int(word["height"]),
                    "conf": float(word["conf"]),
                }
            )
    return found
