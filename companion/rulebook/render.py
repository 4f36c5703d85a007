"""The reference's light Markdown (paragraphs, lists, **bold**) as HTML, from text already escaped."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

BOLD = re.compile(r"\*\*(.+?)\*\*")
BULLET = re.compile(r"^\s*[-*] (.*)$")
NUMBERED = re.compile(r"^\s*\d+[.)] (.*)$")


def to_html(safe_text: str) -> Markup:
    """Turn escaped section text (it may hold <mark> from the search) into paragraphs and lists."""
    blocks, items, kind = [], [], None

    def close_list() -> None:
        nonlocal items, kind
        if items:
            blocks.append(f"<{kind}>" + "".join(f"<li>{item}</li>" for item in items) + f"</{kind}>")
        items, kind = [], None

    paragraph: list[str] = []

    def close_paragraph() -> None:
        if paragraph:
            blocks.append("<p>" + " ".join(paragraph) + "</p>")
            paragraph.clear()

    for line in safe_text.splitlines():
        bullet, numbered = BULLET.match(line), NUMBERED.match(line)
        if bullet or numbered:
            close_paragraph()
            wanted = "ul" if bullet else "ol"
            if kind != wanted:
                close_list()
                kind = wanted
            items.append((bullet or numbered).group(1))
        elif not line.strip():
            close_paragraph()
            close_list()
        else:
            close_list()
            paragraph.append(line.strip())
    close_paragraph()
    close_list()
    return Markup(BOLD.sub(r"<strong>\1</strong>", "\n".join(blocks)))


def plain_to_html(text: str) -> Markup:
    """Escape a section's raw text, then render it."""
    return to_html(str(escape(text)))
