"""A false start (RULES.md): Space pressed the moment a pair shows, faster than a person reacts, is not judged as a
Snap!. The caller's page and the other player's show "false start" by the caller, the table goes on, and the pair
is still there for the other player to call.
"""

from __future__ import annotations

import time

from selenium.webdriver.common.keys import Keys

from snap_browser import DESKTOP, PHONE, Player
from test_web_client import HOST_NAME, JOINER_NAME, size_name, start_two_player_table


def test_space_the_moment_a_pair_shows_is_a_false_start(snap_server, browser):
    # The floor at its highest (300 ms), so that this test's own Space, pressed once it sees the pair, is faster.
    server = snap_server(speed=1, grace=5, seed=7, extra=("--false-start-ms", "300"))
    host = browser("host", DESKTOP)
    joiner = browser("joiner", PHONE)
    start_two_player_table(server, host, joiner)
    for page in (host, joiner):
        page.wait_for("the deal to finish", lambda s: "Dealing" not in s.status and s.status, timeout=60)

    def hosts_verdicts(s):
        return [v["verdict"] for v in s.get("verdicts") or [] if v["seat"] == "0"]

    # Both players turn, and nobody calls, until a card makes a pair: then the host presses Space at once. A machine
    # so busy that the press comes 300 ms after the pair is a person's reaction, and a Snap!: then the next pair.
    players = [Player(host, snap_on_match=False), Player(joiner, snap_on_match=False)]
    deadline = time.monotonic() + 240
    false_start = False
    while time.monotonic() < deadline and not false_start:
        for player in players:
            snap = player.step()
            if player is players[0] and snap.has_match:
                before = len(hosts_verdicts(snap))
                host.press(Keys.SPACE)
                judged = host.wait_for("a verdict on the host's call",
                                       lambda s: len(hosts_verdicts(s)) > before, timeout=15)
                false_start = hosts_verdicts(judged)[-1] == "falseStart"
                break
        time.sleep(0.01)
    assert false_start, "no Space pressed on a pair was a false start in four minutes"

    # The host sits in seat 0 (her own page shows "You" there, the joiner's her name).
    def false_start_by_host(s):
        return any(seat["verdict"] == "falseStart" and seat["seat"] == "0" for seat in s.seats)

    for page in (host, joiner):
        snap = page.wait_for(f"{HOST_NAME}'s false start on {page.label}'s page", false_start_by_host, timeout=15)
        assert "Match" not in snap.status, f"{page.label}: a false start is not a match: {snap.status!r}"
        page.screenshot(f"false-start-{page.label}-{size_name(page.size)}")
    # The table did not stop: the pair is still there, and the joiner's call on it is judged.
    joiner.press(Keys.SPACE)
    snap = joiner.wait_for(f'"Match! You receive cards" after {JOINER_NAME}\'s call',
                           lambda s: "Match! You receive cards" in (s.get("statuses") or []), timeout=15)
    host.wait_for(f'"Match! {JOINER_NAME} receives cards" on the host\'s page',
                  lambda s: f"Match! {JOINER_NAME} receives cards" in (s.get("statuses") or []), timeout=15)
