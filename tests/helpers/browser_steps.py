"""Steps the browser tests share: open a table on the display, scan its QR code, join and tap on phones."""

from __future__ import annotations

import io
import time
import urllib.error
import urllib.request
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit, urlunsplit

import zxingcpp
from PIL import Image
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.helpers.api_tables import api
from tests.helpers.chromium import DISPLAY, PHONE

# How long a browser test waits for a change to reach another screen. It checks that the change arrives, not how
# fast: speed is measured by benchmarks/bench_live.py, and a 1 s wait failed now and then on a quiet CI machine.
PROPAGATION_MS = 5000
# The phone sizes a first screen is checked at: a small phone, a common one and a tall one.
PHONE_SIZES = ({"width": 320, "height": 568}, {"width": 360, "height": 640}, {"width": 390, "height": 844})
# Each element wholly on the screen, above the action bar (unless in it), and the one drawn at its middle; the page
# no wider.
UNCOVERED = """selectors => { const found = [], w = window.innerWidth, bar = document.getElementById('action-bar');
  const floor = bar ? bar.getBoundingClientRect().top : window.innerHeight;
  for (const selector of selectors) {
    const e = document.querySelector(selector);
    if (!e) { found.push(`${selector}: missing`); continue; }
    const b = e.getBoundingClientRect(), bottom = bar && bar.contains(e) ? window.innerHeight : floor;
    if (!b.width || !b.height || b.top < 0 || b.bottom > bottom + 0.5 || b.left < -0.5 || b.right > w + 0.5)
      found.push(`${selector}: ${Math.round(b.top)} to ${Math.round(b.bottom)}, the bar from ${Math.round(floor)}`);
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (!(hit && (hit === e || e.contains(hit) || hit.contains(e)))) found.push(`${selector}: covered`);
  }
  if (document.documentElement.scrollWidth > w) found.push(`the page is wider than ${w} px`);
  return found; }"""


# The page has stopped scrolling: the same place three frames running.
STILL = """() => new Promise(done => { const ys = [];
  const look = () => { ys.push(scrollY); if (ys.length >= 3 && ys.slice(-3).every(y => y === ys[ys.length - 1]))
    done(true); else requestAnimationFrame(look); };
  requestAnimationFrame(look); })"""


# Each scroll from now on, noted for a failure's message: when, where to, the panel's version, what has focus and how
# tall the page is (what moved a page the wheel had taken elsewhere).
SCROLLS_NOTED = """() => { window.scrollsBegan = performance.now(); window.scrollsNoted = [];
  if (!window.scrollNoter) { window.scrollNoter = true; addEventListener("scroll", () => window.scrollsNoted.push([
    Math.round(performance.now() - window.scrollsBegan), scrollY, document.getElementById("panel")?.dataset.version,
    document.activeElement && (document.activeElement.id || document.activeElement.tagName),
    document.documentElement.scrollHeight]), { passive: true }); }
  return [scrollY, document.documentElement.scrollHeight - innerHeight]; }"""


def wheel(page, delta):
    """A thumb's scroll by `delta` px a third of the way down the screen, waited for until the page has come where it
    takes it and stays there: Playwright's wheel returns before the page has moved (a place read then is read before
    the scroll), and a page that scrolled back against the player must not pass for one that stayed."""
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 3)
    start, end = page.evaluate(SCROLLS_NOTED)
    target = min(max(start + delta, 0), end)
    page.mouse.wheel(0, delta)
    try:
        page.wait_for_function("to => Math.abs(scrollY - to) < 1.5", arg=target, timeout=PROPAGATION_MS)
    except PlaywrightTimeout:
        now, scrolls = page.evaluate("[scrollY, window.scrollsNoted]")
        raise AssertionError(f"the wheel took the page from {start} to {now}, not to {target}; each scroll since "
                             f"(ms, scrollY, panel version, focus, page height): {scrolls}") from None
    page.wait_for_function(STILL)


def at_the_top(page, size):
    """The phone at this size, back at the top of its page as a thumb takes it there once the page has settled at
    its new size (no thumb moves in the frame the phone turns): a script's scroll is no touch, and the page holds
    its reader's place."""
    page.set_viewport_size(size)
    page.wait_for_function(STILL)
    wheel(page, -20000)


def uncovered_at_every_size(page, selectors, what):
    """At 320x568, 360x640 and 390x844, scrolled to the top, each element lies on the first screen uncovered (the
    bars take their room a frame after a resize: waited for); the phone ends at its own size."""
    for size in PHONE_SIZES:
        at_the_top(page, size)
        try:
            page.wait_for_function(f"s => scrollY === 0 && ({UNCOVERED})(s).length === 0", arg=selectors, timeout=3000)
        except PlaywrightTimeout:
            page.screenshot(path=f"/tmp/first-screen-{size['width']}.png")
            found = page.evaluate(UNCOVERED, selectors)
            raise AssertionError(f"{what} at {size}, scrolled {page.evaluate('scrollY')} px: {found}") from None
    page.set_viewport_size(PHONE["viewport"])


def answered_posts(page) -> list[str]:
    """The addresses of the page's posts from now on, each added once the server has answered it."""
    answered: list[str] = []
    page.on("requestfinished", lambda request: request.method == "POST" and answered.append(request.url))
    return answered


def wait_for_answers(page, answered: list[str], count: int) -> None:
    """Until the server has answered `count` of the page's posts: what follows is checked against the server's
    last word, not against a wait the server may outlast."""
    deadline = time.monotonic() + PROPAGATION_MS / 1000
    while len(answered) < count:
        assert time.monotonic() < deadline, f"{len(answered)} of {count} posts answered"
        page.wait_for_timeout(20)


def until(page, condition: str) -> None:
    """Wait for a condition of the page (wait_for_function would need eval, which the page's CSP forbids)."""
    for _try in range(100):
        if page.evaluate(condition):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {condition}")


def open_table(browser, server, seats="3", game="guevara", first_game=False):
    """The display creates a table for the game and shows its QR code; a learning game only when asked, so that tests
    of other things see the phones of players who know the game."""
    display = browser.new_context(**DISPLAY).new_page()
    display.goto(server.url + "/")
    display.select_option("#game", game)
    display.select_option("#seats", seats)
    display.get_by_test_id("first-game").set_checked(first_game)
    display.click("text=Open the table")
    expect(display.get_by_test_id("join-qr")).to_be_visible()
    return display


def scan_qr(display) -> str:
    """Decode the QR code as a phone camera would: from the pixels on the display."""
    qr = display.get_by_test_id("join-qr")
    for _ in range(50):  # wait_for_function would need eval, which the page's CSP forbids
        if qr.evaluate("img => img.complete && img.naturalWidth > 0"):
            break
        display.wait_for_timeout(100)
    png = qr.screenshot()
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert results, "no QR code found on the display"
    return results[0].text


def take_seat(page, join_url: str, seat: int, name: str) -> None:
    """The phone sends the join page's form for this seat with its cookies, as its Sit down button would, keeps the
    cookie the answer sets, and opens its seat page. The join page itself is not drawn: the tests of joining
    (tests/e2e/test_table_flow.py and others) tap it; a test about something else saves Chromium that page. Sent
    over loopback under the address's own name (a LAN name resolves only inside Chromium)."""
    parts = urlsplit(join_url)
    jar = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies(join_url))
    request = urllib.request.Request(f"http://127.0.0.1:{parts.port}{parts.path}", method="POST",
                                     data=urlencode({"seat": seat, "name": name}).encode(),
                                     headers={"Host": parts.netloc, **({"Cookie": jar} if jar else {})})
    try:
        with _NOT_REDIRECTED.open(request, timeout=10) as answer:
            raise AssertionError(f"the seat was not taken: {answer.status} {answer.read()[:300]!r}")
    except urllib.error.HTTPError as answer:
        assert answer.code == 303, f"the seat was not taken: {answer.code} {answer.read()[:300]!r}"
        cookies = SimpleCookie()
        for header in answer.headers.get_all("Set-Cookie") or ():
            cookies.load(header)
    page.context.add_cookies([{"name": key, "value": morsel.value, "domain": parts.hostname,
                               "path": morsel["path"] or "/", "httpOnly": True, "sameSite": "Lax"}
                              for key, morsel in cookies.items()])
    page.goto(urlunsplit((parts.scheme, parts.netloc, parts.path.removesuffix("/join") + "/seat", "", "")))


class _Unredirected(urllib.request.HTTPRedirectHandler):
    """Leaves a redirect to the caller (as an HTTPError), with the cookies its answer sets."""

    def redirect_request(self, *args, **kwargs):
        return None


_NOT_REDIRECTED = urllib.request.build_opener(_Unredirected)


def join(browser, url, seat, name, look=None):
    """A phone given the scanned address takes a seat and gets its seat page; `look` its language and size,
    (lang, width, height), where not the English phone's."""
    if look:
        lang, width, height = look
        page = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}}, locale=lang).new_page()
    else:
        page = browser.new_context(**PHONE).new_page()
    take_seat(page, url, seat, name)
    expect(page.get_by_test_id("my-total")).to_have_text("0")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page


def tap(page, label):
    page.get_by_role("button", name=label).click()


# What a table would copy from its own cards; only the Corporal's Income 3 and Free Time 2 are in the rulebook.
PROFILE = {"count": {"private": "4", "corporal": "2", "sergeant": "2"},
           "income": {"private": "2", "corporal": "3", "sergeant": "4"},
           "free_time": {"private": "2", "corporal": "2", "sergeant": "1"},
           "slack": {"private": "1", "corporal": "2", "sergeant": "3"}}


def set_up(display, phones):
    """The display enters a rank profile, gives Ana, Ben and Cleo their ranks, makes Cleo dealer, starts."""
    for field, per_rank in PROFILE.items():
        for rank, value in per_rank.items():
            display.fill(f"#{field}_{rank}", value)
    display.get_by_role("button", name="Save the rank cards").click()
    for seat, rank in ((1, "Private"), (2, "Corporal"), (3, "Sergeant")):
        display.locator(f".rank-list li[data-seat='{seat}']").get_by_role("button", name=rank).click()
        expect(display.locator(f".rank-list li[data-seat='{seat}'] button.chosen")).to_have_text(rank)
    display.locator(".dealer-list li[data-seat='3']").get_by_role("button", name="Make dealer").click()
    expect(display.locator(".admin-list li[data-seat='3']")).to_contain_text("dealer")
    display.get_by_role("button", name="Start the game").click()
    for phone in phones:
        expect(phone.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)


def advance_to(page, phase):
    """The active phone taps Next phase until the phase is reached."""
    for _ in range(6):
        if page.get_by_test_id("turn-phase").inner_text() == phase:
            return
        before = page.get_by_test_id("turn-phase").inner_text()
        page.get_by_test_id("advance").click()
        expect(page.get_by_test_id("turn-phase")).not_to_have_text(before)


def unfold(page, name):
    """Open one of the phone's folded tools (dice, whenever, scoreboard, log) if it is closed."""
    fold = page.locator(f"details[data-fold='{name}']")
    if fold.get_attribute("open") is None:
        fold.locator("summary").first.click()


def open_numbers(page):
    """Open the card form's printed numbers (closed while the card is known), once the picker has answered what
    was typed: a new card's numbers open by themselves then, and a tap meanwhile would close them again."""
    expect(page.locator("[data-card-picker][aria-busy]")).to_have_count(0, timeout=PROPAGATION_MS)
    numbers = page.locator(".card-numbers")
    if numbers.get_attribute("open") is None:
        numbers.locator("summary").click()


def play(page, name, **fields):
    """The active phone plays a card through its form."""
    page.fill("#pc-name-seat", name)
    if fields:  # a card new to the companion: open the printed numbers
        open_numbers(page)
    for field, value in fields.items():
        if field == "card_type":
            page.locator(f"label[for='pc-type-{value}-seat']").click()  # a row of buttons
        elif field == "categories":
            for category in value:
                page.locator(f".play-card-form input[name='categories'][value='{category}']").check()
        else:
            page.fill(f"#pc-{field}-seat", value)
    page.get_by_test_id("play-card").click()


THREE = ("Ana", "Ben", "Cleo")
RANKS_OF_THREE = ("private", "corporal", "sergeant")


def table_of_three(browser, server, watched=THREE, looks=None):
    """Ana Private, Ben Corporal, Cleo Sergeant and dealer at a started table, Ana on turn: its phones, None for a
    player not in `watched`, each phone in its `looks` (name: (lang, width, height)) if given. The table is made
    through the API (the display's own steps are the turn test's) and an unwatched player sits down through the
    join API: a page nobody looks at costs the browser every live update."""
    made = api(server, "/api/tables", {"game": "guevara", "seats": 3, "language": "en"})
    token, key = made["token"], made["display_key"]
    phones = []
    for seat, name in enumerate(THREE, 1):
        if name in watched:
            phones.append(join(browser, made["join_url"], seat, name, (looks or {}).get(name)))
        else:
            api(server, f"/t/{token}/join.json", {"seat": seat, "name": name})
            phones.append(None)
    profile = {"counts": {rank: int(n) for rank, n in PROFILE["count"].items()},
               "values": {rank: {"income": int(PROFILE["income"][rank]), "free_time": int(PROFILE["free_time"][rank]),
                                 "slack": int(PROFILE["slack"][rank]), "penalty": None, "perk": ""}
                          for rank in RANKS_OF_THREE}}
    for type, seat, args in (("set_profile", None, profile), *(("set_rank", seat, {"rank": rank})
                             for seat, rank in enumerate(RANKS_OF_THREE, 1)),
                             ("set_dealer", 3, {}), ("start_game", None, {})):
        api(server, f"/t/{token}/actions", {"type": type, "seat": seat, "args": args}, key)
    for phone in phones:
        if phone is not None:
            expect(phone.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)
    return phones


BUZZ_RECORDER = "navigator.vibrate = pattern => { (window.buzzes = window.buzzes || []).push(pattern); return true; };"


def seated(browser, url, seat, name):
    """A phone that records what it is asked to buzz takes a seat and goes live."""
    page = browser.new_context(**PHONE).new_page()
    page.add_init_script(BUZZ_RECORDER)  # headless Chromium has no motor: record what the page asks for
    page.goto(url)
    page.check(f"input[name=seat][value='{seat}']")
    page.fill("#name", name)
    page.click("text=Sit down")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return page


# What a table would copy from its Chez Goth job cards: only the Artist's 1/4 and the Porn Shop Clerk's goal 18
# are printed in the rulebook (and come prefilled).
GOTH_NUMBERS = {"artist": ("2", "20"), "barista": ("2", "20"), "poet": ("3", "21"), "porn_shop_clerk": ("2", None),
                "morgue_watch": ("2", "22")}
GOTH_INCOME = {"barista": "3", "poet": "1", "porn_shop_clerk": "2", "morgue_watch": "2"}


def enter_jobs(display, free_time_and_goal, income):
    """The display copies the printed numbers of the job cards and saves them."""
    for key, (free_time, goal) in free_time_and_goal.items():
        display.fill(f"#job-free_time-{key}", free_time)
        if goal:
            display.fill(f"#job-goal-{key}", goal)
    for key, value in income.items():
        display.fill(f"#job-income-{key}", value)
    display.get_by_role("button", name="Save the job cards").click()
    expect(display.locator(".job-list")).to_be_visible()


def give_job(display, seat, job_label):
    """The display sets a seat's job."""
    row = display.locator(f".job-list li[data-seat='{seat}']")
    row.locator("select").select_option(label=job_label)
    row.get_by_role("button", name="Set the job").click()
    expect(display.get_by_test_id(f"job-{seat}")).to_have_text(job_label)


def start(display, phones, dealer=3):
    """The display names the dealer and starts the game; every phone shows Ana's turn."""
    display.locator(f".dealer-list li[data-seat='{dealer}']").get_by_role("button", name="Make dealer").click()
    expect(display.locator(f".admin-list li[data-seat='{dealer}']")).to_contain_text("dealer")
    display.get_by_role("button", name="Start the game").click()
    for phone in phones:
        expect(phone.get_by_test_id("turn-player")).to_have_text("Ana", timeout=PROPAGATION_MS)
