"""The rules pages: each ruleset's docs/rules/<ruleset>.md served as HTML at the ``rules`` URL
``GET /v1/rulesets/{id}`` gives, links between the pages kept; nothing else is served there."""
from __future__ import annotations

import pytest

from events.games import RULESETS


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_rules_url_of_a_ruleset_serves_its_rules_page_as_html(client, ruleset_id):
    # given the URL the API gives for the ruleset's rules
    url = client.get(f"/v1/rulesets/{ruleset_id}").get_json()["rules"]
    assert url == f"/rules/{ruleset_id}"
    # when it is fetched
    response = client.get(url)
    # then it is the rules page in HTML: its title, headings and paragraphs rendered
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert f"<title>{RULESETS[ruleset_id].name}" in page
    assert "<h1>" in page and "<h2>" in page and "<p>" in page
    assert 'href="/web/style.css"' in page


def test_links_between_rules_pages_lead_to_served_pages(client):
    # given the Quickplay rules page, which links to its trace page by file name
    page = client.get("/rules/zombies-quickplay").get_data(as_text=True)
    # then the link is rewritten to the served page, which answers
    assert "<table>" in page and 'href="/rules/zombies-quickplay-trace"' in page
    assert client.get("/rules/zombies-quickplay-trace").status_code == 200


@pytest.mark.parametrize("page", ["no-such-game", "..%2Fpyproject", "Zombies-Quickplay", "sources"])
def test_a_name_that_is_no_rules_page_is_not_found(client, page):
    assert client.get(f"/rules/{page}").status_code == 404
