"""Hostile or broken input, generated: never a server error, and nothing changes when input is refused."""

import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app import create_app
from companion.rules.engine import ACTION_TYPES

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), st.text(max_size=30),
                    st.floats(allow_nan=True))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=10), inner, max_size=4)),
                      max_leaves=10)
ARG_NAMES = st.sampled_from(["delta", "value", "purpose", "note", "order", "name", "rank", "phase", "turn", "kind",
                             "cost", "cards", "target", "window", "with", "card", "to", "counts", "values"])
ACTIONS = st.fixed_dictionaries(
    {"type": st.one_of(st.sampled_from(ACTION_TYPES), st.text(max_size=12))},
    optional={"seat": SCALARS, "action_id": st.one_of(st.text(max_size=70), st.none()),
              "args": st.one_of(st.dictionaries(ARG_NAMES, VALUES, max_size=5), VALUES)})

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def fresh_table():
    app = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999"}, instance_path=tempfile.mkdtemp())
    client = app.test_client()
    created = client.post("/api/tables", json={"seats": 4}).get_json()
    client.get(created["display_url"].replace("http://127.0.0.1:5999", ""))
    return client, created


CLIENT, TABLE = fresh_table()


def version():
    return CLIENT.get(f"/t/{TABLE['token']}/state.json").get_json()["version"]


@SETTINGS
@given(ACTIONS)
def test_the_action_endpoint_never_fails_and_refusals_change_nothing(action):
    before = version()
    response = CLIENT.post(f"/t/{TABLE['token']}/actions", json=action,
                           headers={"Authorization": f"Bearer {TABLE['display_key']}"})
    assert response.status_code in (200, 400, 403, 409), response.get_data(as_text=True)
    assert "error" in response.get_json() if response.status_code != 200 else True
    if response.status_code != 200:
        assert version() == before


FORM_VALUES = st.one_of(st.text(max_size=40), st.integers(-1000, 1000).map(str))


@SETTINGS
@given(st.dictionaries(st.one_of(ARG_NAMES, st.sampled_from(["type", "seat", "view", "categories", "name_2"])),
                       FORM_VALUES, max_size=8))
def test_the_form_endpoint_never_fails_and_refusals_change_nothing(fields):
    before = version()
    response = CLIENT.post(f"/t/{TABLE['token']}/act", data=fields, headers={"HX-Request": "true"})
    assert response.status_code in (200, 400, 403, 409), response.get_data(as_text=True)
    if response.status_code != 200:
        assert version() == before


@SETTINGS
@given(st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=80))
def test_tampered_tokens_and_cookies_are_refused(garbage):
    stranger = CLIENT.application.test_client()
    stranger.set_cookie("companion", garbage)
    assert stranger.get(f"/t/{TABLE['token']}/seat").status_code in (303, 400)
    assert stranger.get(f"/t/{TABLE['token']}/display").status_code == 403
    response = stranger.post(f"/t/{TABLE['token']}/actions", json={"type": "undo"},
                             headers={"Authorization": f"Bearer {garbage}"})
    assert response.status_code in (400, 403)
