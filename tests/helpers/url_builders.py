"""Each URL rule's builder compiled once per test process, however many apps the tests create.

Werkzeug compiles two Python functions for every rule as an app registers it: with an app per test, that was half
of `create_app`'s CPU. A builder depends only on the rule's text, its parsed parts, its defaults and whether it
appends unknown arguments, and takes its rule as an argument (`.self`), so the same function serves every app's
copy of the rule.
"""

from __future__ import annotations

from werkzeug.routing.rules import Rule


def share_compiled_url_builders() -> None:
    """Rule._compile_builder remembers what it compiled, by everything the compiled function depends on."""
    compile_builder = Rule._compile_builder
    if getattr(compile_builder, "shared", False):
        return
    compiled = {}

    def shared_builder(rule: Rule, append_unknown: bool = True):
        key = (rule.rule, tuple(rule._trace), repr(sorted((rule.defaults or {}).items())), append_unknown)
        if key not in compiled:
            compiled[key] = compile_builder(rule, append_unknown)
        return compiled[key]

    shared_builder.shared = True
    Rule._compile_builder = shared_builder
