"""Every string a person reads is translated, and each phone reads its own language."""

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from tests.helpers.http_phones import act, join

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "companion" / "translations"
METHODS = [("companion/**.py", "python"), ("templates/**.html", "jinja2")]


def source_messages() -> set[str]:
    """Every message the code and templates mark for translation."""
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), METHODS, keywords={"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=lang)
    translated = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    missing = sorted(source_messages() - set(translated))
    assert not missing, f"not in the {lang} catalog: {missing}"
    empty = [key for key, m in translated.items()
             if m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string)]
    assert not empty, f"untranslated or fuzzy in {lang}: {empty}"


def test_the_browser_language_is_the_default(client):
    assert "Tisch" in client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True)
    assert "стол" in client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)


def test_two_phones_at_one_table_read_different_languages(app, table):
    ana, ben = join(app, table, 1, "Ana"), join(app, table, 2, "Ben")
    ana.post("/language", data={"lang": "de"})
    ben.post("/language", data={"lang": "ru"})
    act(ana, table, type="adjust_wounds", seat=1, delta=2)
    assert "2 Wunden für Ana" in ana.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "<html lang=\"ru\">" in ben.get(f"/t/{table}/seat").get_data(as_text=True)
    assert "Undo" not in ben.get(f"/t/{table}/seat").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_the_connection_badge_speaks_the_phone_language(app, table, lang):
    ana = join(app, table, 1, "Ana")
    ana.post("/language", data={"lang": lang})
    badge = re.search(r'class="conn-live">([^<]*)<', ana.get(f"/t/{table}/seat").get_data(as_text=True)).group(1)
    assert badge.strip() and badge.strip() != "Live"


def test_a_refusal_is_translated(app, table):
    ana = join(app, table, 1, "Ana")
    ana.post("/language", data={"lang": "de"})
    html = act(ana, table, type="adjust_slack", seat=1, delta=-1).get_data(as_text=True)
    assert 'class="error"' in html and "Slack cannot drop below zero." not in html


def test_the_language_choice_never_changes_the_table(app, client, table):
    ana = join(app, table, 1, "Ana")
    ana.post("/language", data={"lang": "ru"})
    assert '<html lang="en">' in client.get(f"/t/{table}/display").get_data(as_text=True)


def test_the_display_speaks_the_table_language_over_its_browser(app):
    laptop = app.test_client()
    english = {"Accept-Language": "en-US,en;q=0.9"}
    token = laptop.post("/tables", data={"game": "guevara", "seats": "4", "language": "de"},
                        headers=english).headers["Location"].split("/")[2]
    assert '<html lang="de">' in laptop.get(f"/t/{token}/display", headers=english).get_data(as_text=True)
    assert "Tisch" in laptop.get(f"/t/{token}/panel", headers=english).get_data(as_text=True)
    # the same browser's other pages keep its own language
    assert '<html lang="en">' in laptop.get("/", headers=english).get_data(as_text=True)
    # the rules reference opened from the display speaks as the display does; opened elsewhere, the browser's
    back = f"/t/{token}/display"
    for path in (f"/rules?back={back}", f"/rules?back={back}&q=Slack", f"/rules/guevara.goal?back={back}"):
        assert '<html lang="de">' in laptop.get(path, headers=english).get_data(as_text=True), path
    assert '<html lang="en">' in laptop.get("/rules", headers=english).get_data(as_text=True)


def test_a_phone_keeps_its_own_language_at_a_table_in_another(app):
    laptop = app.test_client()
    token = laptop.post("/tables", data={"game": "guevara", "seats": "4", "language": "de"}
                        ).headers["Location"].split("/")[2]
    ana = join(app, token, 1, "Ana")
    assert '<html lang="ru">' in ana.get(f"/t/{token}/seat", headers={"Accept-Language": "ru"}).get_data(as_text=True)


def test_the_display_settings_choose_its_language_over_the_table(app):
    laptop = app.test_client()
    token = laptop.post("/tables", data={"game": "guevara", "seats": "4", "language": "de"}
                        ).headers["Location"].split("/")[2]
    laptop.post("/language", data={"lang": "ru", "next": f"/t/{token}/display"})
    assert '<html lang="ru">' in laptop.get(f"/t/{token}/display").get_data(as_text=True)
    panel = laptop.get(f"/t/{token}/panel").get_data(as_text=True)
    assert "Tisch" not in panel and "стол" in panel.lower()


@pytest.mark.parametrize("lang, word", [("en", "table companion"), ("de", "Begleiter"), ("ru", "помощник")])
def test_every_page_describes_itself_in_its_reader_language(app, client, table, lang, word):
    ana = join(app, table, 1, "Ana")
    for reader in (client, ana):
        reader.set_cookie("lang", lang)
    for reader, path in ((client, "/"), (client, f"/t/{table}/display"), (ana, f"/t/{table}/seat"),
                         (client, "/rules")):
        html = reader.get(path).get_data(as_text=True)
        described = re.search(r'<meta name="description" content="([^"]+)">', html)
        assert described and word in described.group(1), path
