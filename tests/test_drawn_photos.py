"""The run's drawn card photos (tests/helpers/drawn_photos.py): each drawn once, the same bytes every time."""

from tests.helpers import drawn_photos


def test_a_photo_asked_for_again_is_the_one_drawn_first_and_another_look_is_drawn_anew(monkeypatch, tmp_path):
    drawn = []
    monkeypatch.setenv(drawn_photos.FOLDER, str(tmp_path))

    def card_photo(name, seed, lang, **fixed):
        drawn.append(name)
        return f"{name} {seed} {lang} {fixed}".encode()

    monkeypatch.setattr(drawn_photos, "card_photo", card_photo)
    first = drawn_photos.draw("Seife", 4, "de", blur=0.6)
    assert drawn_photos.draw("Seife", 4, "de", blur=0.6) == first and drawn == ["Seife"]
    assert drawn_photos.draw("Seife", 4, "de", blur=2.2) != first and drawn == ["Seife", "Seife"]
    assert sorted(path.suffix for path in tmp_path.iterdir()) == [".jpg", ".jpg"]  # no part left behind
