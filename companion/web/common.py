"""Helpers the blueprints share: the table, who asks, route numbers, JSON bodies, origin and Host, htmx, addresses."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache, lru_cache
from urllib.parse import urlsplit

from flask import abort, after_this_request, current_app, g, render_template, request, session, url_for
from werkzeug.routing import IntegerConverter
from werkzeug.wrappers import Response

from ..input.values import BadInput
from ..rules import N_
from ..serve import netaddr
from ..service import table_reads
from ..service.table_service import TableService
from .connection import get_db
from .i18n import pick_language

HEALTHY_AT = "healthy_at"  # app.extensions: when /healthz last saw the database take a committed write (monotonic)


def play() -> TableService:
    """This app's runtime (state cache and live hub)."""
    return current_app.extensions["play"]


def answer_first(made: Callable[[], None], sent: Callable[[], None]) -> None:
    """Run `made` once this request's answer is made (whatever it is), and `sent` once it is out."""
    @after_this_request
    def when_made(response: Response) -> Response:
        made()
        response.call_on_close(sent)
        return response


def table_or_404(token: str) -> table_reads.TableRow:
    """The table behind a token; an unknown token is a plain 404 that says nothing more."""
    table = table_reads.table_behind(get_db(), token)
    if table is None:
        abort(404)
    reader_language(table)
    return table


def reader_language(table: table_reads.TableRow) -> str:
    """The language this request reads at the table, kept for the request (see `language_at`), and the table's
    own (a card no edition in the reader's language names is named by the table's edition)."""
    if "lang" not in g:
        g.lang = language_at(table)
    g.table_lang = table.language
    return g.lang


def language_at(table: table_reads.TableRow) -> str:
    """The language of a request at this table: this device's own choice (its settings), else on the table's
    display the table's language, elsewhere the browser's languages, then the table's."""
    return pick_language(table.language, table_first=is_display(table))


class RowNumber(IntegerConverter):
    """`<int:…>` in a route: ASCII digits without a leading zero, up to the largest number a database row may have
    (64 bits); any other is an address that names nothing (404), never a number the database cannot take."""

    regex = r"0|[1-9][0-9]{0,18}"

    def __init__(self, url_map, **options):
        super().__init__(url_map, **{"max": 2 ** 63 - 1, **options})


MAX_JSON_DEPTH = 16  # the deepest real body (a job profile or a deck file) nests four levels


def json_object() -> dict:
    """The request's JSON object; too deep a nesting is refused before anything reads it."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        raise BadInput(N_("The body is nested too deeply.")) from None
    if not isinstance(data, dict):
        raise BadInput(N_("The body must be a JSON object."))
    if nesting(data) > MAX_JSON_DEPTH:
        raise BadInput(N_("The body is nested too deeply."))
    return data


def nesting(value) -> int:
    """How many levels of objects and lists a JSON value has (counted without recursion)."""
    depth, level = 0, [value]
    while level:
        depth += 1
        level = [child for item in level if isinstance(item, (dict, list))
                 for child in (item.values() if isinstance(item, dict) else item)]
    return depth - 1


def is_htmx() -> bool:
    """The one place that reads htmx's request headers."""
    return request.headers.get("HX-Request") == "true"


def refuse(message: str, status: int) -> tuple[str, int]:
    """A plain page that says what went wrong."""
    return render_template("message.html", message=message), status


def fragment_or_page(fragment: str, page: str, status: int = 200, **context) -> Response:
    """The partial for htmx, the whole page otherwise; the answer varies on HX-Request, so say so."""
    body = render_template(fragment if is_htmx() else page, **context)
    response = current_app.make_response((body, status))
    response.vary.add("HX-Request")
    return response


# --- who is asking ------------------------------------------------------------------------------

def remember_display(token: str, key: str) -> None:
    """This browser is the table's display from now on."""
    session.permanent = True
    session.setdefault("displays", {})[token] = key
    session.modified = True


def remember_seat(token: str, seat: int, key: str) -> None:
    """This phone holds a seat at the table from now on."""
    session.permanent = True
    session.setdefault("seats", {})[token] = {"seat": seat, "key": key}
    session.modified = True


def is_new_player(token: str, first_game: bool) -> bool:
    """Whether this phone explains each moment at the table: as its settings say ("I'm new"), else as the table was
    opened (its players' first game)."""
    said = session.get("seats", {}).get(token, {}).get("new")
    return first_game if said is None else said


def say_new_player(token: str, new: bool) -> None:
    """This phone is new at the table, or not (kept with its hold on the seat, as a preference of the device)."""
    held = session.get("seats", {}).get(token)
    if held is not None:
        held["new"] = new
        session.modified = True


def forget_display(token: str) -> None:
    """This browser is no longer the table's display (the table was deleted)."""
    if token in session.get("displays", {}):
        del session["displays"][token]
        session.modified = True


def forget_seat(token: str) -> None:
    """This phone no longer holds a seat at the table."""
    if token in session.get("seats", {}):
        del session["seats"][token]
        session.modified = True


def is_display(table: table_reads.TableRow, key: str | None = None) -> bool:
    """True when the key (or this browser's remembered key) is the table's display key."""
    key = key or session.get("displays", {}).get(table.token)
    return bool(key) and table_reads.is_display_key(table, key)


def require_display(table: table_reads.TableRow, bearer: bool = False) -> None:
    """403 unless this browser is the table's display (or, where `bearer` allows, the request carries its key)."""
    key = bearer_key() if bearer else ""
    if not is_display(table, key or None):
        abort(403)


def held_seat(table: table_reads.TableRow, key: str | None = None, seat: int | None = None) -> int | None:
    """The seat this phone (or the given seat key) holds, if the claim is still current."""
    if key is None:
        held = session.get("seats", {}).get(table.token)
        if not held:
            return None
        seat, key = held["seat"], held["key"]
    return seat if seat and table_reads.holds_seat(get_db(), table, seat, key) else None


def carried_keys(token: str) -> dict:
    """The keys this browser keeps for the table, as `TableService.tap` takes them: the display's, or its seat's."""
    held = session.get("seats", {}).get(token)
    return {"display_key": session.get("displays", {}).get(token) or "",
            "seat_keys": ((held["seat"], held["key"]),) if held else ()}


def bearer_keys(key: str, seat) -> dict:
    """A program's bearer key, as `TableService.tap` takes it: the display's, or that of the seat it names (1 to 5),
    else of any seat."""
    if not key:
        return {"display_key": "", "seat_keys": ()}
    return {"display_key": key, "seat_keys": tuple((candidate, key) for candidate in
                                                   ([seat] if type(seat) is int and 1 <= seat <= 5 else range(1, 6)))}


def actor_for(table: table_reads.TableRow) -> str | None:
    """'display', 'seat:N', or None for a browser that is neither (by the keys it keeps, as a tap is)."""
    return table_reads.who_holds(get_db(), table, **carried_keys(table.token))


# --- CSRF: the browser says where a form came from ----------------------------------------------

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def bearer_key() -> str:
    """The key after `Authorization: Bearer`, or "" when none was sent (an empty header is no key)."""
    sent = request.headers.get("Authorization", "")
    return sent.removeprefix("Bearer ").strip() if sent.startswith("Bearer ") else ""


def from_another_origin() -> bool:
    """True for a cookie-authenticated change that a page of another origin sent (cross-site request forgery).

    As Go's http.CrossOriginProtection does: the browser's Sec-Fetch-Site says it when present (same-site is
    refused too: 127.0.0.1:A and 127.0.0.1:B share a site, not an origin); browsers that omit it on plain http
    still send Origin, which must be this server's own. A request with neither is no browser's form, and one
    with a bearer key and no cookie is not authenticated by cookies (as Datasette has it), so neither can be
    forged this way; a bearer beside a cookie is checked, since a view may take its actor from the cookie.
    """
    if request.method in SAFE_METHODS or (bearer_key() and "Cookie" not in request.headers):
        return False
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in ("same-origin", "none")
    origin = request.headers.get("Origin")
    return origin is not None and origin.lower() not in _own_origins()


def _own_origins() -> set[str]:
    # Behind a TLS proxy the request looks like plain http; the public address is then this server's too.
    own = {request.host_url, current_app.config.get("PUBLIC_URL") or ""}
    return {"{0}://{1}".format(*urlsplit(url.lower())[:2]) for url in own if url}


# --- addresses ---------------------------------------------------------------------------------

def host_served() -> bool:
    """Whether the request's Host names this server: localhost or a loopback address, an address of this machine,
    the public URL's name or one allowed by --allowed-host. A page of another site whose name was pointed at this
    machine (DNS rebinding) sends its own name, and is refused before anything runs. No browser omits the header.
    """
    sent = request.headers.get("Host")
    if sent is None:
        return True
    name, loopback = _named_host(sent)
    if name is None:
        return False
    config = current_app.config
    names = {urlsplit(config.get("PUBLIC_URL") or "").hostname, (config.get("LISTEN_HOST") or "").lower(),
             *(_named_host(allowed)[0] for allowed in config.get("ALLOWED_HOSTS") or ())}
    return loopback or name in names - set(netaddr.EVERY_INTERFACE) or name in _own_addresses()


@lru_cache(maxsize=256)
def _named_host(sent: str) -> tuple[str | None, bool]:
    """The name a Host header gives (None for none) and whether it is a loopback one: read once per header, since
    every request sends its table's."""
    name = netaddr.host_name(sent)
    return name, name is not None and netaddr.is_loopback_host(name)


OWN_ADDRESSES_SECONDS = 5.0  # a laptop's Wi-Fi address may change while it serves
_own = [0.0, frozenset()]


def _own_addresses() -> frozenset[str]:
    """This machine's addresses, read again when the last reading is a few seconds old."""
    now = time.monotonic()
    if now - _own[0] > OWN_ADDRESSES_SECONDS:
        _own[:] = [now, netaddr.own_addresses()]
    return _own[1]


@cache
def _lan_address() -> str | None:
    return netaddr.choose_lan_address(netaddr.interface_addresses())


def public_base() -> tuple[str, bool]:
    """The base URL phones should use, and whether it is only loopback (phones cannot reach it)."""
    config = current_app.config
    return netaddr.public_base(config.get("PUBLIC_URL"), config.get("LISTEN_HOST"), urlsplit(request.host_url).port,
                               _lan_address(), seen_host=request.host, scheme=request.scheme)


def join_url(table: table_reads.TableRow, seat: int | None = None) -> str:
    """The address phones open to join (one seat's, if given), on the LAN address unless --public-url says otherwise."""
    base, _loopback = public_base()
    return base + url_for("tables.join", token=table.token, seat=seat)
