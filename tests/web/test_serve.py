"""Starting up: the LAN address phones are sent to (found without any traffic), the secret key, options."""

import stat

import pytest

from companion.__main__ import parse_args
from companion.app import create_app
from companion.serve import qr
from companion.serve.netaddr import choose_lan_address, is_loopback_host, public_base
from companion.web import common


def test_the_lan_address_prefers_a_home_network_and_never_loopback():
    candidates = [("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("eth0", "10.0.0.7"),
                  ("wlan0", "192.168.1.23"), ("eth1", "169.254.3.3")]
    assert choose_lan_address(candidates) == "192.168.1.23"
    assert choose_lan_address([("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("eth0", "10.1.2.3")]) == "10.1.2.3"
    assert choose_lan_address([("docker0", "172.17.0.1")]) == "172.17.0.1"
    assert choose_lan_address([("lo", "127.0.0.1"), ("lo", "::1"), ("x", "nonsense")]) is None


@pytest.mark.parametrize("host, loopback", [("127.0.0.1:5000", True), ("localhost", True), ("[::1]:80", True),
                                            ("192.168.1.5:5000", False), ("tisch.local", False)])
def test_loopback_hosts_are_recognised(host, loopback):
    assert is_loopback_host(host) is loopback


def test_the_qr_points_phones_at_the_lan_address_when_the_laptop_uses_localhost(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "_lan_address", lambda: "192.168.1.23")
    app = create_app({"TESTING": True}, instance_path=str(tmp_path))
    display = app.test_client()
    token = display.post("/tables", data={"seats": "3"}, base_url="http://127.0.0.1:5000"
                         ).headers["Location"].split("/")[2]
    html = display.get(f"/t/{token}/display", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert f"http://192.168.1.23:5000/t/{token}/join" in html
    assert "phones cannot join" not in html


def test_a_clear_warning_when_only_loopback_is_available(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "_lan_address", lambda: None)
    app = create_app({"TESTING": True}, instance_path=str(tmp_path))
    display = app.test_client()
    response = display.post("/api/tables", json={"seats": 2}, base_url="http://localhost:5000")
    created = response.get_json()
    display.get(created["display_url"].replace("http://localhost:5000", ""), base_url="http://localhost:5000")
    html = display.get(f"/t/{created['token']}/display", base_url="http://localhost:5000").get_data(as_text=True)
    assert "phones cannot join" in html


def test_public_url_wins(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "_lan_address", lambda: "192.168.1.23")
    app = create_app({"TESTING": True, "PUBLIC_URL": "https://tisch.example.org/"}, instance_path=str(tmp_path))
    created = app.test_client().post("/api/tables", json={"seats": 2}).get_json()
    assert created["join_url"] == f"https://tisch.example.org/t/{created['token']}/join"


def test_the_secret_key_is_random_private_and_kept(tmp_path):
    first = create_app(instance_path=str(tmp_path / "a"))
    again = create_app(instance_path=str(tmp_path / "a"))
    other = create_app(instance_path=str(tmp_path / "b"))
    assert first.config["SECRET_KEY"] == again.config["SECRET_KEY"] != other.config["SECRET_KEY"]
    mode = (tmp_path / "a" / "secret_key").stat().st_mode
    assert stat.S_IMODE(mode) == 0o600
    assert (tmp_path / "a" / "companion.sqlite").exists()
    assert first.debug is False


def test_serve_defaults():
    args = parse_args(["serve"])
    assert (args.host, args.port, args.instance, args.public_url) == ("0.0.0.0", 5000, "instance", None)


@pytest.mark.parametrize("public_url, listen, seen, lan, expected", [
    # --public-url wins, whatever the server listens on; it is loopback-only if it names this computer.
    ("https://tisch.example.org/", "0.0.0.0", None, "192.168.1.23", ("https://tisch.example.org", False)),
    ("http://127.0.0.1:5005", "0.0.0.0", "127.0.0.1:5000", "192.168.1.23", ("http://127.0.0.1:5005", True)),
    # Listening everywhere: the LAN address, or the address a browser on the LAN used.
    (None, "0.0.0.0", None, "192.168.1.23", ("http://192.168.1.23:5000", False)),
    (None, "0.0.0.0", "127.0.0.1:5000", "192.168.1.23", ("http://192.168.1.23:5000", False)),
    (None, "::", "tisch.local:5000", "192.168.1.23", ("http://tisch.local:5000", False)),
    # Listening on loopback only: never the LAN address, where nothing listens.
    (None, "127.0.0.1", None, "192.168.1.23", ("http://127.0.0.1:5000", True)),
    (None, "127.0.0.1", "127.0.0.1:5000", "192.168.1.23", ("http://127.0.0.1:5000", True)),
    (None, "::1", None, "192.168.1.23", ("http://[::1]:5000", True)),
    # Listening on one LAN address: that address.
    (None, "192.168.1.9", None, "192.168.1.23", ("http://192.168.1.9:5000", False)),
    (None, "192.168.1.9", "192.168.1.9:5000", None, ("http://192.168.1.9:5000", False)),
    # No LAN: loopback, with the warning.
    (None, "0.0.0.0", None, None, ("http://127.0.0.1:5000", True)),
    (None, "0.0.0.0", "localhost:5000", None, ("http://localhost:5000", True)),
])
def test_one_function_picks_the_address_phones_are_sent_to(public_url, listen, seen, lan, expected):
    assert public_base(public_url, listen, 5000, lan, seen_host=seen) == expected


def test_listening_on_loopback_the_qr_code_and_join_address_stay_on_loopback_with_a_warning(tmp_path, monkeypatch):
    """`serve --host 127.0.0.1`: the display must not send phones to the LAN address, where nothing listens."""
    monkeypatch.setattr(common, "_lan_address", lambda: "192.168.1.23")
    app = create_app({"TESTING": True, "LISTEN_HOST": "127.0.0.1"}, instance_path=str(tmp_path))
    display = app.test_client()
    created = display.post("/api/tables", json={"seats": 2}, base_url="http://127.0.0.1:5000").get_json()
    token = created["token"]
    assert created["join_url"] == f"http://127.0.0.1:5000/t/{token}/join"
    display.get(created["display_url"].replace("http://127.0.0.1:5000", ""), base_url="http://127.0.0.1:5000")
    html = display.get(f"/t/{token}/display", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert f'href="http://127.0.0.1:5000/t/{token}/join"' in html and "192.168.1.23" not in html
    assert "phones cannot join" in html
    code = display.get(f"/t/{token}/qr.svg", base_url="http://127.0.0.1:5000").data
    assert code == qr.svg(f"http://127.0.0.1:5000/t/{token}/join")
