"""The one upload limit behind deploy/nginx.conf: a photo within it is read, a larger body is refused by nginx
with the app's own answer, JSON in the phone's language."""

import http.client
import json

import pytest

from companion.knowledge import photo_uploads
from companion.testing.card_photos import BOUNDARY, form_body, plain
from companion.testing.nginx_proxy import Proxy
from companion.testing.real_server import Server
from tests.helpers.api_tables import api
from tests.helpers.drawn_photos import draw

pytestmark = pytest.mark.skipif(not photo_uploads.available(), reason="Tesseract with deu, rus is not installed")


@pytest.fixture
def behind_nginx(tmp_path):
    """One real server behind nginx with the repository's deploy/nginx.conf."""
    server = Server(tmp_path / "instance").start()
    proxy = Proxy([server.port]).start()
    yield server, proxy
    proxy.stop()
    server.stop()


def test_nginx_refuses_a_photo_over_4_mib_with_the_apps_json_answer(behind_nginx):
    server, proxy = behind_nginx
    made = api(server, "/api/tables", {"game": "guevara", "seats": 3, "language": "de"})
    photo = draw("Seife", 2, "de", **plain())
    for size, status in ((300_000, 200), (5 * 2**20, 413)):
        body = form_body(photo + b"\0" * (size - len(form_body(photo))))
        connection = http.client.HTTPConnection("127.0.0.1", proxy.port, timeout=60)
        connection.request("POST", f"/t/{made['token']}/card-photo", body, {
            "Content-Type": f"multipart/form-data; boundary={BOUNDARY}", "Accept-Language": "de",
            "Authorization": f"Bearer {made['display_key']}", "Host": f"127.0.0.1:{proxy.port}"})
        answer = connection.getresponse()
        assert (answer.status, answer.getheader("Content-Type")) == (status, "application/json")
        body = json.loads(answer.read())
        connection.close()
        if status == 200:
            assert body["candidates"][0]["name"] == "Seife"
        else:
            assert body == {"error": "Das Foto ist zu groß: höchstens 4 MiB."}
