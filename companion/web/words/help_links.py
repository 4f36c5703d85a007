"""The '?' beside a control: a link to the rule it follows, in the reader's language (a panel holds dozens)."""

from __future__ import annotations

from flask import url_for
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from ... import rulebook
from ...rules import Game
from ..i18n import gettext
from .narrate import rule_title


@pass_context
def help_link(context: Context, section: str) -> Markup:
    """`help(section)` in the templates: the link to a rules section, coming back to the page it was opened from."""
    url = url_for("reference.rules_section", section_id=section, back=context.get("here"))
    label = gettext("The rule: %(section)s", section=rule_title(section))
    return Markup(f'<a class="help" href="{escape(url)}" aria-label="{escape(label)}" '
                  f'data-section="{escape(section)}">?</a>')


@pass_context
def rule_help(context: Context, topic: str) -> Markup:
    """`rule_help(topic)`: the link to a topic's section in this table's game's rulebook (goal, setup, dice…)."""
    return help_link(context, context["game"].rulebook_topic(topic))


# Chez Guevara's sections the shared rules name, as a job game's rulebook calls them.
JOB_GAME_SECTIONS = {"income": "jobs", "ranks": "jobs", "scrounging": "shopping"}


def refusal_section(section: str | None, game: Game) -> str | None:
    """The section a refusal links to, in the table's own game's rulebook where that has one: the rules shared by
    all games name Chez Guevara's sections, and a Chez Geek player should read Chez Geek's words."""
    if not section or game.rulebook == "guevara" or not section.startswith("guevara."):
        return section
    topic = section.removeprefix("guevara.")
    own = game.rulebook_topic(JOB_GAME_SECTIONS.get(topic, topic))
    # A rule only Chez Guevara has (raids, denouncing) is best said by its own section.
    return own if own in rulebook.section_ids() else section
