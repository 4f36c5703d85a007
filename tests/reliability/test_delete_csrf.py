"""Issue 18 item 7: an empty `Authorization:` header must not let another website delete a table."""

from companion.app import create_app

EVIL = "http://evil.lan"


def test_an_empty_authorization_header_does_not_let_another_site_delete_the_table(tmp_path):
    app = create_app({"TESTING": True, "PUBLIC_URL": "http://127.0.0.1:5999"}, instance_path=str(tmp_path))
    display = app.test_client()
    created = display.post("/tables", data={"game": "guevara", "seats": "3", "language": "en"})
    token = created.headers["Location"].split("/")[2]
    before = display.get(f"/t/{token}/state.json").get_json()["version"]

    for headers in ({"Authorization": "", "Origin": EVIL},
                    {"Authorization": "", "Sec-Fetch-Site": "cross-site", "Origin": EVIL},
                    {"Authorization": "Bearer ", "Origin": EVIL},
                    {"Authorization": "Bearer", "Sec-Fetch-Site": "same-site"}):
        refused = display.post(f"/t/{token}/delete", headers=headers)
        assert refused.status_code == 403, headers
        assert "another website" in refused.get_data(as_text=True)

    assert display.get(f"/t/{token}/state.json").get_json()["version"] == before
    assert display.get(f"/t/{token}/display").status_code == 200  # still there, still this browser's display
