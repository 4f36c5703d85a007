"""Templates compiled once per machine and kept in each process once read (companion/web/site.py): a second app of
the process takes them from memory, and a template whose source changed is compiled again."""

from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader

from companion.web.site import _compiled_templates


def environment(folder) -> Environment:
    """A Jinja environment as an app of this process makes one, on its own template folder."""
    env = Environment(loader=FileSystemLoader(folder), extensions=["jinja2.ext.i18n"])
    env.bytecode_cache = _compiled_templates(env)
    return env


def test_a_second_app_takes_the_compiled_template_from_memory_and_a_changed_one_is_compiled_again(
        tmp_path, monkeypatch):
    (tmp_path / "page.html").write_text("first {{ word }}")
    assert environment(tmp_path).get_template("page.html").render(word="draft") == "first draft"
    files_read = []
    reading = FileSystemBytecodeCache.load_bytecode
    monkeypatch.setattr(FileSystemBytecodeCache, "load_bytecode",
                        lambda cache, bucket: files_read.append(bucket.key) or reading(cache, bucket))
    assert environment(tmp_path).get_template("page.html").render(word="draft") == "first draft"
    assert files_read == []
    (tmp_path / "page.html").write_text("second {{ word }}")
    assert environment(tmp_path).get_template("page.html").render(word="draft") == "second draft"
