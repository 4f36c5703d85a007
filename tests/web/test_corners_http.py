"""What phones and the display show in the corners of a game (#33 items 1-9): the reason beside a withheld
control, who is waited for, the win, the verdict, the dice panel, the setup, the log and the story."""

import html as markup
import re

from tests.helpers.http_phones import act, join, state
from tests.helpers.http_tables import open_table, started, to_phase


def page(client, url) -> str:
    """A page's text with entities decoded."""
    return markup.unescape(client.get(url).get_data(as_text=True))


def ok(response):
    """The tap was taken."""
    assert response.status_code == 200, markup.unescape(response.get_data(as_text=True)).split(
        'class="error"'
    )[-1][:300]


def window_id(client, table):
    return state(client, table)["window"]["id"]


def test_a_corporal_pulling_rank_reads_why_a_raid_card_cannot_be_handed_over(app, client, table):
    ana, ben = started(app, client, table)  # Ana Private, Ben Corporal, seat 3 Sergeant
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    html = page(ben, f"/t/{table}/seat")
    assert "Pull rank: hand over an Activity instead" in html and "It is a Raid card" not in html
    note = html.split('data-testid="withheld-pull_rank_raid">')[1].split("</p>")[0]
    assert (
        "Only the highest rank at the table may call a raid." in note
        and 'data-section="guevara.raid"' in note
    )


def test_once_the_others_let_an_order_pass_nobody_waits_for_the_one_who_gave_it(app, client, table):
    ana, ben = started(app, client, table)
    cleo, dan = join(app, table, 3, "Cleo"), join(app, table, 4, "Dan")
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    window = window_id(client, table)
    ok(act(cleo, table, type="pull_rank", seat=3, window=window, name="Drill", slack=1))
    assert "Let it pass" not in page(cleo, f"/t/{table}/seat")
    ok(act(ben, table, type="pass_card", seat=2, window=window))
    waiting = page(ana, f"/t/{table}/seat").split('data-testid="window-waiting">')[1].split("</p>")[0]
    assert waiting == "Waiting for Dan — or go on."
    ok(act(dan, table, type="pass_card", seat=4, window=window))
    html = page(ana, f"/t/{table}/seat")
    assert 'data-testid="window-waiting"' not in html and 'data-testid="window"' not in html
    assert [card["name"] for card in state(client, table)["seats"][0]["tent"]] == ["Drill"]


def test_after_a_win_the_display_shows_no_cancel_window(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    ok(act(client, table, type="adjust_slack", seat=2, delta=25))
    html = page(client, f"/t/{table}/display")
    assert "has won" in html
    assert (
        'data-testid="window"' not in html and "Waiting for" not in html and "Anyone may cancel" not in html
    )


def test_a_guilty_private_is_not_told_she_is_demoted(app, client, table):
    ana, ben = started(app, client, table)
    ok(act(ben, table, type="denounce", seat=2, target=1))
    ok(act(ana, table, type="denounce_roll", seat=1, value=1, extra=0))
    verdict = page(ana, f"/t/{table}/seat").split('data-testid="denounce-verdict">')[1].split("</p>")[0]
    assert "Ana loses, but a Private cannot be demoted." in verdict and "guilty and demoted" not in verdict


def test_a_scrounger_in_the_heal_phase_reads_why_no_wound_heals(app, client, table):
    ana, _ben = started(app, client, table)
    ok(act(client, table, type="adjust_wounds", seat=1, delta=1))
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Soap", card_type="thing", slack=1, cost=1))
    to_phase(ana, table, 1, "Heal")
    html = page(ana, f"/t/{table}/seat")
    assert 'data-testid="heal"' not in html
    note = html.split('data-testid="withheld-heal">')[1].split("</p>")[0]
    assert "Only a turn spent doing nothing but discarding heals a wound." in note
    assert 'data-section="guevara.phase.heal"' in note


def test_a_dice_panel_roll_for_the_glorious_leader_points_to_the_rule(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Call People")
    ok(act(ana, table, type="play_card", seat=1, name="Glorious Leader", card_type="person", slack=0))
    for phase in ("call", "freetime", "discard", "heal"):
        ok(act(ana, table, type="advance", seat=1, phase=phase, turn=1))
    for turn, seat in ((2, 2), (3, 3), (4, 4)):
        for phase in ("draw", "roll", "call", "freetime", "discard", "heal"):
            ok(act(client, table, type="advance", seat=seat, phase=phase, turn=turn))
    ok(act(ana, table, type="advance", seat=1, phase="draw", turn=5))
    version = state(client, table)["version"]
    refused = act(ana, table, type="roll_die", seat=1, purpose="get_rid", value=5)
    text = markup.unescape(refused.get_data(as_text=True))
    assert "The Glorious Leader cannot be rolled away" in text and 'data-section="guevara.pests"' in text
    assert state(client, table)["version"] == version  # nothing was written
    assert "rolled 5" not in page(ana, f"/t/{table}/log")


def test_the_dice_panel_shows_the_newest_roll_of_any_step(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Call People")
    ok(act(ana, table, type="roll_die", seat=1, purpose="other", value=2))
    ok(act(ana, table, type="play_card", seat=1, name="Camp Cook", card_type="person", slack=2, invited=1))
    ok(act(ana, table, type="roll_for_card", seat=1, value=5))
    last = page(client, f"/t/{table}/display").split('data-testid="last-roll">')[1].split("</div>")[0]
    assert '<span class="die">5</span>' in last and "Camp Cook" in last


def test_a_job_game_names_no_goal_and_a_phone_is_told_the_display_is_setting_up(app, client):
    token = open_table(client, "geek")
    display = page(client, f"/t/{token}/display")
    assert "goal 20 Slack" not in display
    ana = join(app, token, 1, "Ana")
    html = page(ana, f"/t/{token}/seat")
    assert 'data-testid="setting-up"' in html and "still setting up the game" in html


def test_setup_lines_read_and_the_log_says_who_won(app, client, table):
    ana, _ben = started(app, client, table)  # the display set ranks and the dealer, then started
    log = page(ana, f"/t/{table}/log")
    assert "Display, for" not in log
    assert "<b>Seat 4</b> deals" in log and "<b>Seat 3</b> is now Sergeant" in log
    assert re.search(r"<b>Ana</b> begins turn 1: Income \d+, Free Time \d+", log)
    ok(act(client, table, type="adjust_slack", seat=2, delta=25))
    assert "<b>Ben</b> has reached the goal and won the game" in page(ana, f"/t/{table}/log")


def test_a_line_of_a_closed_window_reads_as_the_players_own(app, client, table):
    ana, _ben = started(app, client, table)
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=2))
    ok(act(ana, table, type="advance", seat=1, phase="freetime", turn=1))
    log = page(ana, f"/t/{table}/log")
    assert "<b>Ana</b> keeps the card in play: nobody canceled it" in log
    assert "Ana</b> nobody canceled it" not in log


def test_a_players_own_swap_names_who_played_the_demotion(app, client):
    token = open_table(client, "guevara", seats=4)
    ok(
        act(
            client,
            token,
            type="set_profile",
            count_private=2,
            count_corporal=3,
            count_sergeant=3,
            income_private=2,
            free_time_private=2,
            slack_private=1,
            income_corporal=3,
            free_time_corporal=2,
            slack_corporal=2,
            penalty_corporal=1,
            income_sergeant=4,
            free_time_sergeant=1,
            slack_sergeant=3,
            penalty_sergeant=2,
        )
    )
    for seat, rank in ((1, "private"), (2, "corporal"), (3, "sergeant"), (4, "private")):
        ok(act(client, token, type="set_rank", seat=seat, rank=rank))
    ok(act(client, token, type="set_dealer", seat=4))
    ok(act(client, token, type="start_game"))
    ana, ben, cleo = join(app, token, 1, "Ana"), join(app, token, 2, "Ben"), join(app, token, 3, "Cleo")
    ok(act(cleo, token, type="demote", seat=3, target=2))  # no Private card free: Ben picks whom to swap with
    assert ("<b>Ben</b> is demoted by the Demotion card of Cleo and must pick a Private to swap rank cards with"
            in page(ana, f"/t/{token}/log"))  # the card is told when played, not only once the swap is picked
    ok(act(ben, token, type="choose_swap", seat=2, **{"with": 1}))
    assert "<b>Ben</b> is demoted to Private (Demotion card of Cleo)" in page(ana, f"/t/{token}/log")


def test_the_story_tells_a_big_gain_by_its_card_not_by_the_last_pass(app, client, table):
    ana, ben = started(app, client, table)
    cleo, dan = join(app, table, 3, "Cleo"), join(app, table, 4, "Dan")
    to_phase(ana, table, 1, "Free Time")
    ok(act(ana, table, type="play_card", seat=1, name="Hammock Time", card_type="activity", slack=4))
    window = window_id(client, table)
    for phone, seat in ((ben, 2), (cleo, 3), (dan, 4)):
        ok(act(phone, table, type="pass_card", seat=seat, window=window))
    ok(act(client, table, type="adjust_slack", seat=1, delta=20))
    story = page(client, client.get(f"/t/{table}/story").headers["Location"])
    gain = story.split("Big gain for Ana")[1].split("</li>")[0]
    assert "Ana: Hammock Time comes into play: nobody canceled it" in gain
    assert "Dan" not in gain and "let it pass" not in gain


def test_a_calls_roll_waits_beside_who_may_still_cancel_and_leads_once_all_have_answered(app, client, table):
    ana, ben = started(app, client, table)
    to_phase(ana, table, 1, "Call People")
    ok(act(ana, table, type="play_card", seat=1, name="Camp Cook", card_type="person", slack=2, target=1))
    html = page(ana, f"/t/{table}/seat")
    waiting = html.split('data-testid="window-waiting">')[1].split("</p>")[0]
    assert waiting.startswith("Waiting for Ben") and waiting.endswith("— or go on.")
    assert 'data-lead="roll_for_card"' not in html and 'data-testid="roll-for-card' in html  # the roll, unled
    window = window_id(client, table)
    for seat in (2, 3, 4):
        phone = ben if seat == 2 else join(app, table, seat, f"P{seat}")
        ok(act(phone, table, type="pass_card", seat=seat, window=window))
    html = page(ana, f"/t/{table}/seat")
    assert 'data-lead="roll_for_card"' in html and 'data-testid="window-waiting"' not in html
