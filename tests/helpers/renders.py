"""What the app's render cache holds: how many parts of screens it has rendered and kept."""


def parts_kept(app) -> int:
    """How many parts of screens (`kept(...)` in the templates) the app holds rendered."""
    return sum(key[0] == "part" for key in app.extensions["render_cache"].keys())
