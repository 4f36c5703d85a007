"""After a win every phone shows the winner, the final totals and the way to the story (issue 32 item 7)."""

import re

from tests.helpers.http_phones import act
from tests.helpers.http_tables import started


def test_every_phone_shows_the_winner_the_final_totals_and_the_story_not_the_finished_turn(app, client, table):
    ana, ben = started(app, client, table)
    act(client, table, type="adjust_slack", seat=2, delta=20)
    for phone in (ana, ben):
        page = phone.get(f"/t/{table}/seat").get_data(as_text=True)
        assert "Ben has won!" in page and 'data-testid="turn"' not in page and 'data-testid="now-phase"' not in page
        assert re.search(r'data-testid="final-2">2\d<', page) and re.search(r'data-testid="final-1">\d<', page)
        assert 'class="card counters"' not in page  # no box left empty where the counters' buttons were
        link = re.search(r'href="([^"]+)" data-testid="story-link"', page).group(1)
        assert link == f"/t/{table}/story"
        assert phone.get(link).status_code == 303  # to the story of the game just won
