"""axe-core run in a page: its serious and critical violations, in the light theme and again in the dark one.

axe-core comes bundled with the `axe-playwright-python` package (nothing is fetched at run time); it is put into
each page once and run there.
"""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python

AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
SERIOUS = {"serious", "critical"}
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
DARK_BACKGROUND = "rgb(18, 19, 17)"  # app.css --bg in the dark theme


def settle(page) -> None:
    """Wait until no request of the page is under way (a refresh in flight may be swapping the panel)."""
    for _try in range(100):
        if page.evaluate("document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling') === null"):
            return
        page.wait_for_timeout(50)


def violations(page, where: str, only: list[str] | None = None, scope: str | None = None,
               skip: list[str] | None = None) -> list[str]:
    """The serious and critical axe-core violations of the page (or of one part of it), one line each: of the
    rules `only` names, else of every rule but those `skip` names."""
    settle(page)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE)
    options = {"resultTypes": ["violations"]}
    if only:
        options["runOnly"] = {"type": "rule", "values": only}
    if skip:
        options["rules"] = {rule: {"enabled": False} for rule in skip}
    found = page.evaluate("([scope, options]) => axe.run(scope ? document.querySelector(scope) : document, options)",
                          [scope, options])
    return [f"{where}: {v['id']} ({v['impact']}) {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
            f" {v['nodes'][0].get('failureSummary', '')[:200]!r}"
            for v in found["violations"] if v["impact"] in SERIOUS]


def both_themes(page, where: str, scope: str | None = None) -> list[str]:
    """Every rule in the light theme, then the colour rules again in the dark one."""
    page.emulate_media(color_scheme="light")
    found = violations(page, f"{where} light", scope=scope)
    page.emulate_media(color_scheme="dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_BACKGROUND, where
    found += violations(page, f"{where} dark", only=COLOUR_RULES, scope=scope)
    page.emulate_media(color_scheme="light")
    return found


def in_language(page, where: str, lang: str, scope: str | None = None) -> list[str]:
    """In English, every rule in both themes; in another language every rule but the colour ones, in the light
    theme. The colours are the same in every language (the words differ, which the other rules read): checked
    once, in English."""
    if lang == "en":
        return both_themes(page, where, scope=scope)
    return violations(page, f"{where} light", scope=scope, skip=COLOUR_RULES)
