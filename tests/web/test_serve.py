"""Starting up: the LAN address phones are sent to (found without any traffic), the secret key, options."""

import stat

import pytest

from companion import create_app
from companion.__main__ import display_address, parse_args
from companion.netaddr import choose_lan_address, is_loopback_host
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


def test_the_terminal_address_uses_the_public_url_or_the_host():
    assert display_address("0.0.0.0", 5000, "http://127.0.0.1:5005") == ("http://127.0.0.1:5005/", True)
    assert display_address("192.168.1.9", 5000, None) == ("http://192.168.1.9:5000/", False)
