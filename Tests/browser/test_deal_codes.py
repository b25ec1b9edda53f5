"""Deal codes (protocol version 8) in a real browser against a real `snap serve --db :memory:`: after a quick
single-player round the banner shows the round's deal code (and none was sent while it was played), a code that is
none is refused under the form in plain words and not sent, "Same deal again" plays the same code, and the history
lists the deal's rounds side by side.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys

from snap_browser import DESKTOP, PHONE, Player, play_until
from test_web_client import HOST_NAME, size_name

START_ROUND_WITH_DEAL, ROUND_DEAL = 0xA0, 0xA1
CODE = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def shown_deal(page) -> str:
    return page.js("""const line = document.getElementById('result-deal');
        return line.hidden ? '' : document.getElementById('deal-code').textContent""", "reading the deal's line")


def play_round(page, what: str) -> str:
    """Plays the round under way to its end; returns the deal code the banner then shows."""
    player = Player(page)
    play_until([player], lambda: player.won, timeout=60, what=what)
    page.wait_for("the deal's code on the banner", lambda _: shown_deal(page))
    text = shown_deal(page)
    assert text.startswith("Deal "), text
    return text.removeprefix("Deal ")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_banner_shows_the_deal_and_the_host_plays_it_again(snap_server, browser, size):
    server = snap_server(speed=50, grace=5, db=":memory:")
    page = browser(f"deal-{size_name(size)}", size)
    page.single_player(server.url, HOST_NAME, round_seconds=180)
    first = play_round(page, "#round-result after the first quick round")
    assert CODE.match(first), f"a deal code is two groups of four letters and digits: {first!r}"
    link = page.js("return document.getElementById('deal-rounds').getAttribute('href')", "reading the link")
    assert link == f"/history?deal={first}", link
    received = page.wire().received
    kinds = [kind for kind, _, _, _ in received]
    assert kinds.count(ROUND_DEAL) == 1, f"one RoundDeal, at the end: {kinds}"
    page.settle_motion()
    page.screenshot(f"deal-banner-{size_name(size)}")

    # A code that is none: the form says why, and nothing is sent.
    page.click("#result-deal-choice > summary")
    page.type_into("#deal-input-result", "K7M3" + Keys.ENTER)
    page.wait_for("the form's refusal", lambda _: page.js(
        "return document.querySelector('#result-deal-choice .deal-error').textContent", "reading the error"))
    message = page.js("return document.querySelector('#result-deal-choice .deal-error').textContent", "the error")
    assert "8 letters and digits" in message and "has 4" in message, message
    assert START_ROUND_WITH_DEAL not in [kind for kind, _, _, _ in page.wire().sent], "a bad code was sent"
    page.screenshot(f"deal-refused-{size_name(size)}")

    # The same deal again: the next round is dealt from the same code.
    page.click("#same-deal")
    page.wait_for("the next round under way", lambda snap: not snap.round_over)
    sent = [payload for kind, payload, _, _ in page.wire().sent if kind == START_ROUND_WITH_DEAL]
    assert len(sent) == 1, sent
    second = play_round(page, "#round-result after the same deal again")
    assert second == first, f"the same deal again has the same code: {first} then {second}"

    # The history lists both rounds of the deal, side by side, and each round's code links there.
    deadline = time.monotonic() + 20
    rounds = []
    while time.monotonic() < deadline and len(rounds) < 2:
        rounds = get_json(f"{server.url}/api/rounds?deal={first.lower()}")["rounds"]
        time.sleep(0.1)
    assert [round["deal"] for round in rounds] == [first, first], rounds
    page.driver.get(f"{server.url}/history?deal={first}")
    page.wait_for("the deal's rounds listed", lambda _: page.js(
        "return document.body.dataset.state === 'ready' && document.querySelectorAll('#rounds li[data-id]').length",
        "counting the rounds") == 2)
    title = page.js("return document.getElementById('history-title').textContent", "reading the title")
    assert title == f"Rounds of deal {first}", title
    links = page.js("return [...document.querySelectorAll('#rounds a.deal')].map(a => a.getAttribute('href'))",
                    "reading the deal links")
    assert links == [f"/history?deal={first}"] * 2, links
    page.screenshot(f"deal-history-{size_name(size)}")


def test_the_waiting_rooms_deal_form_in_german_on_a_phone(snap_server, browser):
    """The host's form in the waiting room (the same template as the banner's, placed twice): its field is labelled,
    in the page's language; a code that is none is refused under it in German and not sent; a code is sent as
    StartRoundWithDeal, as typed in any case."""
    words = json.loads(open("Sources/SnapLocalization/Catalogues/de.json", encoding="utf-8").read())
    server = snap_server(speed=20, grace=5)
    page = browser("deal-lobby-de", PHONE, lang="de")
    page.open(server.url + "/")
    page.enter_name(HOST_NAME)
    page.click("#host-game")
    page.wait_screen("lobby")
    page.click("#lobby-more > summary")
    page.click("#lobby-deal summary")
    label = page.js("""const field = document.getElementById('deal-input-lobby');
        return field && field.labels.length === 1 ? field.labels[0].textContent : null""", "reading the field's label")
    assert label == words["deal.label"], f"the waiting room's deal field is labelled in German: {label!r}"
    assert page.js("return document.querySelectorAll('#deal-input-result').length", "the banner's field") == 1, (
        "the banner has its own field too")
    page.type_into("#deal-input-lobby", "K7M" + Keys.ENTER)
    page.wait_for("the German error under the form", lambda _: page.js(
        "return document.querySelector('#lobby-deal .deal-error').textContent", "reading the error"))
    message = page.js("return document.querySelector('#lobby-deal .deal-error').textContent", "the error")
    assert message == words["deal.error.length"].replace("{count}", "3"), message
    assert START_ROUND_WITH_DEAL not in page.wire().sent_types(), "a code that is none is not sent"
    page.settle_motion()
    page.screenshot("deal-lobby-390x844-de")
    page.js("document.getElementById('deal-input-lobby').value = ''; return true", "clearing the field")
    page.type_into("#deal-input-lobby", "k7m3 q2px" + Keys.ENTER)
    page.wait_for("StartRoundWithDeal sent", lambda _: START_ROUND_WITH_DEAL in page.wire().sent_types())
    assert page.js("return document.getElementById('deal-input-lobby').value", "the field") == "K7M3-Q2PX"
