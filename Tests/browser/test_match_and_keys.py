"""Spotting the match is the game: nothing on a player's or a watcher's page says there is one (no "Match!", no glow)
until a call has been judged; then the glow and "Match!" show. And a keyboard-only host can press the table's
buttons: a focused Next round, Add computer player, ✕ and the dialog's Leave take Enter and Space before the game.
"""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

from snap_browser import DESKTOP, PHONE, Player, play_until
from test_web_client import HOST_NAME, dealt, size_name, start_two_player_table


def test_no_match_shows_until_a_call_is_judged(snap_server, browser):
    # Speed 2: a judged call stops the table for half a second, long enough to read; a seed for the same deal.
    server = snap_server(speed=2, grace=5, seed=7)
    host = browser("host", DESKTOP)
    joiner = browser("joiner", PHONE)
    start_two_player_table(server, host, joiner)
    code = host.snapshot()["url"].split("?t=")[1]
    watcher = browser("watcher", DESKTOP)
    watcher.open(f"{server.url}/?watch={code}")
    watcher.enter_name("Eve")
    watcher.click("#join-game")
    watcher.wait_for("the watcher at the table", lambda s: s.get("screen") == "table" and len(s.occupied) == 2,
                     timeout=20)
    pages = (host, joiner, watcher)
    for page in pages:
        page.wait_for("the deal to finish", lambda s: "Dealing" not in s.status and s.status, timeout=30)

    # Both players turn, and nobody calls, until a pair stands on the table and stays there.
    players = [Player(host, snap_on_match=False), Player(joiner, snap_on_match=False)]

    def stop_on_match():
        if any(p.last.has_match for p in players):
            for p in players:
                p.turn = False

    for _ in range(5):
        for p in players:
            p.turn = True
        play_until(players, lambda: any(p.last.has_match for p in players), timeout=120, extra=stop_on_match,
                   what="two face-up cards of the same value")
        standing = host.wait_settled("the table standing still with nobody turning")
        if standing.has_match:
            break
    assert standing.has_match, standing.summary()
    for page in pages:
        snap = page.wait_settled(f"the pair on {page.label}'s page")
        assert snap.has_match, snap.summary()
        said = [s for s in snap.get("statuses") or [] if "Match" in s]
        assert not said and "Match" not in snap.status, f"{page.label} was told of a match before a call: {said}"
        assert not snap.get("glows"), f"{page.label}'s cards glowed before a call: {snap.get('glows')}"
        page.screenshot(f"match-unjudged-{page.label}-{size_name(page.size)}")

    # The host calls it: now "Match!" and the glow, on every page.
    host.press(Keys.SPACE)
    expected = {host: "Match! You receive cards", joiner: f"Match! {HOST_NAME} receives cards",
                watcher: f"Match! {HOST_NAME} receives cards"}
    for page, status in expected.items():
        snap = page.wait_for(f'"{status}" after the judged correct call, with the glow',
                             lambda s, status=status: status in (s.get("statuses") or []) and s.get("glows"),
                             timeout=15)
        glow = snap["glows"][0]
        assert glow["status"] == status, f"{page.label}: the glow came with {glow['status']!r}, not the verdict"
    host.screenshot_showing(f"match-judged-host-{size_name(DESKTOP)}", lambda s: "Match!" in s.status)


def test_keyboard_only_host_adds_a_player_starts_the_next_round_and_leaves(server, browser):
    host = browser("host", DESKTOP)
    joiner = browser("joiner", DESKTOP)
    start_two_player_table(server, host, joiner)
    joiner.wait_for("the deal to finish", dealt, timeout=30)
    # Bob leaves mid-round: Ann holds every card, and the round is hers.
    joiner.click("#exit")
    joiner.click("#confirm-yes")
    snap = host.wait_for("the round won by the host", lambda s: s.round_over, timeout=30)
    hint = host.js("return document.querySelector('#result-hint').textContent", "reading #result-hint")
    assert hint.startswith("A round needs at least two players"), hint
    assert not host.present("#next-round"), "Next round cannot start a round for one player"

    # Keys only from here: Tab to a button, then Enter or Space.
    host.tab_to("#table-add-computer")
    host.press_focused(Keys.ENTER)
    host.wait_for("a computer player at the table (Add computer player pressed with Enter)", lambda _: host.js(
        "return document.querySelectorAll('#table .seat:not([data-empty])').length", "counting the seats") == 2,
        timeout=10)
    host.element("#next-round")
    host.screenshot(f"keyboard-next-round-{size_name(DESKTOP)}")
    host.tab_to("#next-round")
    host.press_focused(Keys.SPACE)
    host.wait_for("the next round under way (Next round pressed with Space)",
                  lambda s: not s.round_over and ("Dealing" in s.status or "turn" in s.status.lower()), timeout=20)
    sent_quit = host.wire().sent_types().count(0x70)

    host.tab_to("#exit")
    host.press_focused(Keys.ENTER)
    host.element("#confirm-yes")
    host.tab_to("#confirm-yes")
    host.screenshot(f"keyboard-leave-dialog-{size_name(DESKTOP)}")
    host.press_focused(Keys.ENTER)
    host.wait_screen("menu")
    assert host.wire().sent_types().count(0x70) == sent_quit + 1, "Leave (Enter) should send one ClientQuit"
