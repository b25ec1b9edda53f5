"""Quick rounds and the turn timer (protocol version 3) in a real browser, against a real `snap serve`, at
phone and desktop size: a quick single-player round ends by time with one winner banner and the standings;
the countdown ring shows on an idle player's pile and the server turns for them; a player whose connection
dropped is turned for while their seat is still kept, so the table goes on without them.

The servers here start classic with no turn timer (conftest.py); the page asks for the quick round it was
told to on the menu, and the turn timer is the server's own (--turn-time), kept by the page's ChangeSettings.
"""

from __future__ import annotations

import pytest

from snap_browser import CARD_TURNED, DESKTOP, PHONE, Player, play_until
from test_web_client import HOST_NAME, JOINER_NAME, size_name, start_two_player_table

CLIENT_TURNED_CARD, CHANGE_SETTINGS = 0x6B, 0x90
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])


@SIZES
def test_a_quick_single_player_round_ends_by_time(snap_server, browser, size):
    # Three minutes at speed 50 are under four seconds: the time runs out long before anyone holds 52 cards.
    server = snap_server(speed=50, grace=5)
    page = browser("quick", size)
    page.single_player(server.url, HOST_NAME, round_seconds=180)
    player = Player(page, taps=size == PHONE)
    clocks = set()

    def extra() -> None:
        if player.last.get("roundClock"):
            clocks.add(player.last["roundClock"])

    play_until([player], lambda: player.won, timeout=60, extra=extra,
               what="#round-result once the quick round's 3 minutes (speed 50) ran out")
    page.settle_motion()
    over = page.snapshot()
    page.screenshot(f"quick-round-over-{size_name(size)}")
    assert clocks, f"the round clock (#round-clock) never showed during a quick round; page: {over.summary()}"
    assert over["result"].endswith("the round!") and over.status == "", (
        f"one winner banner (#result-text) and nothing in #status: {over['result']!r}, {over.status!r}")
    standings = over.get("standings") or []
    assert len(standings) == 4 and all(" cards " in row or " card " in row for row in standings), (
        f"the time ran out with cards in several hands: #standings should list every player's cards and "
        f"games won, not {standings}")
    winner = standings[0]
    assert "1 win" in winner and "52 cards" not in winner, f"the winner heads the standings: {standings}"
    page.element("#next-round")
    overlaps = page.overlaps()
    assert not overlaps, f"boxes overlap on the round's result: {overlaps}"
    change = [payload for kind, payload, _, _ in page.wire().sent if kind == CHANGE_SETTINGS]
    assert change and change[0][:2] == bytes([0, 180]), f"the page should ask for 3-minute rounds: {change}"


@SIZES
def test_the_countdown_ring_shows_and_the_server_turns_for_an_idle_player(snap_server, browser, size):
    # An 8-second turn timer at speed 2: four seconds for the person, the ring in the last one and a half.
    server = snap_server(speed=2, grace=5, turn_time="8")
    page = browser("idle", size)
    page.single_player(server.url, HOST_NAME)
    mine = page.wait_for("your turn (#status), with your cards dealt", lambda s: s.me and s.me["active"]
                         and (s.me["closed"] or 0) > 0, timeout=60)
    seat = mine.me["seat"]
    ringed = page.wait_for('the countdown ring (.countdown) on your own pile', lambda s: any(
        r["seat"] == seat for r in s.get("rings") or []), timeout=10)
    ring_at = max(r["at"] for r in ringed["rings"] if r["seat"] == seat)
    shot = page.screenshot_showing(f"countdown-{size_name(size)}", lambda s: page.js(
        "return !!document.querySelector('.seat[data-shown=\"0\"] .countdown')", "reading the ring"))

    # Read from the wire, not from the closed pile's count: a computer's wrong call pays you a card, which
    # can hide the card the table turned for you between two reads.
    def turned_for_me(_: dict) -> bool:
        return any(payload[:1] == bytes([int(seat)]) and at > ring_at
                   for kind, payload, at, _ in page.wire().received if kind == CARD_TURNED)

    turned = page.wait_for("a CardTurned for your seat after your ring showed, without a press",
                           turned_for_me, timeout=20)
    rings = [r["left"] for r in turned["rings"] if r["seat"] == mine.me["seat"]]
    assert rings and set(rings) <= {"1", "2", "3"}, f"the ring counts the last three seconds, showed {rings}"
    sent = page.wire().sent_types()
    assert CLIENT_TURNED_CARD not in sent, f"the page turned the card itself (ClientTurnedCard sent): {sent}"
    assert shot or rings, "no screenshot of the ring"


@SIZES
def test_a_dropped_players_turn_does_not_stall_the_table(snap_server, browser, size):
    # A turn timer of 30 s (the longest) and a grace period of 20 s: the table turns for the dropped player
    # after its one second, while their seat is still kept for them.
    server = snap_server(speed=5, grace=20, turn_time="30")
    host = browser("host", size)
    joiner = browser("joiner", DESKTOP if size == PHONE else PHONE)
    _, joiner_seat = start_two_player_table(server, host, joiner)
    host.wait_for("the deal to finish", lambda s: "Dealing" not in s.status and s.status, timeout=30)

    # The joiner's network goes and does not come back: no reconnection can open a socket.
    joiner.js("window.WebSocket = class { constructor() { throw new Error('offline'); } };"
              "window.snapDebug.dropConnection();", "cutting the joiner's network")
    host.wait_for(f"{JOINER_NAME}'s seat marked offline (data-offline)", lambda s: any(
        x["seat"] == joiner_seat and x["offline"] for x in s.seats), timeout=10)
    before = next(x for x in host.snapshot().seats if x["seat"] == joiner_seat)
    player = Player(host)

    def turned_for_them() -> bool:
        seat = next((x for x in player.last.seats if x["seat"] == joiner_seat), None)
        return bool(seat and seat["offline"] and JOINER_NAME in seat["name"]
                    and seat["closed"] is not None and seat["closed"] < before["closed"])

    play_until([player], turned_for_them, timeout=30,
               what=f"{JOINER_NAME}'s card turned by the table while their seat is kept (offline, not left)")
    host.settle_motion()
    host.screenshot(f"dropped-turned-for-{size_name(size)}")
