"""Issue 30 item 7: every kept render is bounded in entries and in text, and keyed by nothing a client makes up."""

from companion.web import compress, limits
from companion.web.render_cache import KeptByContent, NewestCache
from tests.helpers.http_phones import act, join

GZIP = {"Accept-Encoding": "gzip"}


def test_a_static_file_asked_for_under_many_spellings_of_its_path_is_compressed_and_kept_once(client):
    first = client.get("/static/app.js", headers=GZIP)
    kept = len(compress._static)
    for spelling in ("/static/./app.js", "/static/././app.js", "/static/vendor/../app.js", "/static/app.js/"):
        answer = client.get("/", environ_overrides={"PATH_INFO": spelling}, headers=GZIP)
        assert answer.status_code == 200 and answer.get_data() == first.get_data()
    assert len(compress._static) == kept


def test_the_kept_renders_stay_within_their_text_as_well_as_their_count():
    for cache in (KeptByContent(limit=1000, max_text=10_000), NewestCache(limit=1000, max_text=10_000)):
        for number in range(500):
            key, page = ("panel", number), "x" * 1000
            cache.put(key, page) if isinstance(cache, KeptByContent) else cache.put(key, 1, page)
        assert len(cache) == 10 and cache.text == 10_000
        newest = cache.get(("panel", 499)) if isinstance(cache, KeptByContent) else cache.get(("panel", 499), 1)
        assert newest == "x" * 1000  # the least recently used went first


def test_a_story_asked_for_with_a_query_string_is_sent_to_its_own_address(app, client, table):
    join(app, table, 1, "Ana")
    act(client, table, type="adjust_slack", seat=1, delta=20)
    story = client.get(f"/t/{table}/story").headers["Location"]
    answer = client.get(story + "?n=1")
    assert (answer.status_code, answer.headers["Location"]) == (301, story)
    assert client.get(story).status_code == 200


def test_the_addresses_a_limiter_counts_are_forgotten_once_idle(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: clock[0])
    limiter = limits.RateLimiter(window=60.0)
    for number in range(3 * limits.KEYS_KEPT):  # a new address a second, each trying once
        clock[0] += 1
        assert limiter.allow(f"10.{number // 65536}.{number // 256 % 256}.{number % 256}", 10)
    assert len(limiter) <= limits.KEYS_KEPT
    assert [limiter.allow("10.9.9.9", 2) for _ in range(3)] == [True, True, False]  # the limit still holds
