"""Every endpoint, fed generated paths, queries, forms, JSON and keys: never a server error (5xx)."""

import json
import tempfile
import urllib.parse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app import create_app

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                          HealthCheck.too_slow])
TEXT = st.text(max_size=30)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), TEXT, st.floats(allow_nan=True))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)
FIELDS = st.sampled_from(["seat", "name", "type", "args", "action_id", "game", "seats", "language", "code", "lang",
                          "next", "csrf", "key", "view", "q", "delta", "cards", "values", "as_seat", "since"])
DEEP = st.integers(1, 5000).map(lambda depth: "[" * depth + "]" * depth)


def make_app():
    app = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999", "LIVE_STREAM_SECONDS": 0.1,
                      "LIVE_HEARTBEAT_SECONDS": 0.05}, instance_path=tempfile.mkdtemp())
    return app


APP = make_app()
ROUTES = sorted((rule.rule, method) for rule in APP.url_map.iter_rules() if rule.endpoint != "static"
                for method in sorted(rule.methods - {"OPTIONS", "HEAD"}))


class Table:
    """A table to aim at, opened again if a generated request deleted it."""

    def __init__(self, client):
        self.client = client
        self.open()

    def open(self):
        created = self.client.post("/api/tables", json={"seats": 3}).get_json()
        self.token, self.key = created["token"], created["display_key"]
        spectator = self.client.post(f"/t/{self.token}/spectator", headers={"Authorization": f"Bearer {self.key}"})
        self.watch = spectator.headers.get("Location", "/watch/none").rstrip("/").split("/")[-1]

    def ensure(self):
        if self.client.get(f"/t/{self.token}/state.json").status_code == 404:
            self.open()


CLIENT = APP.test_client()
TABLE = Table(CLIENT)


def request_for(rule):
    """A strategy for one request to a route: its path parameters, query, body and key."""
    token = st.one_of(st.just("TOKEN"), TEXT.filter(lambda t: "/" not in t and t not in (".", "..") and t))
    number = st.integers(-3, 10**6).map(str)
    section = st.one_of(st.sampled_from(["guevara.turn", "geek.jobs", "nope"]), TEXT.filter(lambda t: "/" not in t))
    parts = {"token": token, "key": st.one_of(st.just("WATCH"), token), "table_id": number, "number": number,
             "section_id": section}
    names = [name for name in parts if f"<{name}>" in rule or f":{name}>" in rule]
    body = st.one_of(st.none(), st.dictionaries(FIELDS, TEXT, max_size=6).map(lambda form: ("form", form)),
                     VALUES.map(lambda value: ("json", json.dumps(value))),
                     st.dictionaries(FIELDS, VALUES, max_size=6).map(lambda data: ("json", json.dumps(data))),
                     DEEP.map(lambda text: ("json", '{"args": %s, "name": %s}' % (text, text))),
                     st.binary(max_size=60).map(lambda raw: ("raw", raw)))
    return st.fixed_dictionaries({
        "path": st.fixed_dictionaries({name: parts[name] for name in names}),
        "query": st.dictionaries(FIELDS, TEXT, max_size=3),
        "body": body,
        "auth": st.sampled_from([None, "display", "garbage", ""]),
        "htmx": st.booleans(),
    })


def send(rule, method, example):
    path = rule
    for name, value in example["path"].items():
        value = urllib.parse.quote({"TOKEN": TABLE.token, "WATCH": TABLE.watch}.get(value, value), safe="")
        path = path.replace(f"<{name}>", value).replace(f"<int:{name}>", value).replace(f"<path:{name}>", value)
    headers = {"HX-Request": "true"} if example["htmx"] else {}
    if example["auth"] is not None:
        headers["Authorization"] = {"display": f"Bearer {TABLE.key}", "garbage": "Bearer x"}.get(example["auth"], "")
    kwargs = {"query_string": example["query"], "headers": headers}
    if method != "GET" and example["body"] is not None:
        kind, content = example["body"]
        if kind == "form":
            kwargs["data"] = content
        else:
            kwargs["data"], kwargs["content_type"] = content, "application/json" if kind == "json" else "text/plain"
    response = CLIENT.open(path, method=method, **kwargs)
    response.get_data()  # live streams end by themselves after a moment
    response.close()
    return response


@pytest.mark.parametrize("rule, method", ROUTES, ids=[f"{method} {rule}" for rule, method in ROUTES])
def test_no_endpoint_answers_a_server_error(rule, method):
    @SETTINGS
    @given(request_for(rule))
    def check(example):
        TABLE.ensure()
        response = send(rule, method, example)
        assert response.status_code < 500, (method, example, response.get_data(as_text=True)[:300])

    check()
