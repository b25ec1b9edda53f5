"""A page that closes is a drop, never a leave (docs/WEB_CLIENT.md, "Getting a seat back"): the seat's token is kept
in localStorage per server and table, and a reload mid-round, a second tab on the same join link, or the link opened
again after the tab was closed gets the same seat and cards back while the server keeps the seat. The others see a
drop and a return, never a leave; only Leave leaves. A seat the server no longer keeps falls back to joining, saying
why.
"""

from __future__ import annotations

from snap_browser import DESKTOP, PHONE, Player, Snapshot, play_until
from test_web_client import JOINER_NAME, dealt, size_name, start_two_player_table

OTHER_CLIENT_QUIT = "006E"


def left_notices(snap: Snapshot) -> list[str]:
    return [n for n in snap.get("notices") or [] if "left the table" in n]


def quits_received(page) -> int:
    """How many OtherClientQuit packets the page received (window.__snapWire.all)."""
    return sum(1 for h in page.js("return window.__snapWire.all", "reading the packets received")
               if h[16:20] == OTHER_CLIENT_QUIT)


def host_turn_with_cards(host, joiner) -> None:
    """Plays until both piles show a card and it is the host's turn: the joiner, whose page is about to close, is
    not the active player, so the table (which turns for a dropped active player after a second) stands still."""
    players = [Player(host, snap_on_match=False), Player(joiner, snap_on_match=False)]

    def extra():
        players[0].turn = len(players[0].last.tops) < 2

    play_until(players, lambda: players[0].last.your_turn and len(players[0].last.tops) == 2, timeout=60,
               extra=extra, what="the host's turn with a face-up card on both piles")


def same_seat(before: Snapshot):
    return lambda s: (s.get("screen") == "table" and s.me is not None and s.me["seat"] == before.me["seat"]
                      and s.cards == before.cards)


def test_reload_second_tab_and_reopened_link_keep_the_seat(snap_server, browser):
    server = snap_server(speed=20, grace=30)
    host = browser("host", DESKTOP)
    joiner = browser("joiner", PHONE)
    start_two_player_table(server, host, joiner)
    for page in (host, joiner):
        page.wait_for("the deal to finish (#status saying whose turn it is)", dealt, timeout=30)
    host_turn_with_cards(host, joiner)
    before = joiner.wait_settled("the joiner's table before the reload")
    link = joiner.snapshot()["url"]
    assert "?t=" in link, f"a seated page's address is its join link, not {link}"
    kept = joiner.kept_seats()
    assert len(kept) == 1 and next(iter(kept.values()))["token"], f"the seat's token is kept per table: {kept}"

    # 1. A reload mid-round: a drop and a return, the same seat and cards.
    joiner.driver.refresh()
    joiner.wait_for("the same seat and cards after the reload", same_seat(before), timeout=20)
    host.wait_for(f"{JOINER_NAME} dropping, then coming back, in the host's notices",
                  lambda s: any("lost their connection" in n for n in s.get("notices") or [])
                  and any(n == f"{JOINER_NAME} is back." for n in s.get("notices") or []), timeout=20)
    joiner.screenshot(f"seat-kept-reloaded-{size_name(PHONE)}")

    # 2. The join link opened in a second tab: that tab has the seat, the first lets go of it and says so.
    first = joiner.driver.current_window_handle
    joiner.driver.switch_to.new_window("tab")
    joiner.driver.get(link)
    joiner.wait_for("the same seat and cards in a second tab", same_seat(before), timeout=20)
    joiner.screenshot(f"seat-kept-second-tab-{size_name(PHONE)}")
    second = joiner.driver.current_window_handle
    joiner.driver.switch_to.window(first)
    superseded = joiner.wait_for("the first tab back on the menu, saying the seat is open in another tab",
                                 lambda s: s.get("screen") == "menu"
                                 and "open in another tab or window" in (s.get("messages") or ""), timeout=20)
    assert superseded.get("connection") == "closed", superseded.summary()
    joiner.screenshot(f"seat-kept-first-tab-superseded-{size_name(PHONE)}")
    host_view = host.wait_for("two players still at the host's table",
                              lambda s: len(s.occupied) == 2 and not any(x["offline"] for x in s.seats), timeout=10)
    assert host_view.cards == before.cards, host_view.summary()

    # 3. The tab closes; the link opened again (here in the first tab) gets the seat back.
    joiner.driver.switch_to.window(second)
    joiner.driver.close()
    joiner.driver.switch_to.window(first)
    host.wait_for(f"{JOINER_NAME} offline after the tab closed",
                  lambda s: any(x["offline"] for x in s.seats), timeout=20)
    joiner.driver.get(link)
    joiner.wait_for("the same seat and cards from the link opened again", same_seat(before), timeout=20)
    host.wait_for(f"{JOINER_NAME} back online", lambda s: not any(x["offline"] for x in s.seats), timeout=20)

    after = host.snapshot()
    assert not left_notices(after), f"nobody left, yet the host read {left_notices(after)}"
    assert quits_received(host) == 0, "the host was sent OtherClientQuit: a closed page left the table"
    assert after.cards == before.cards, f"the cards changed: {before.cards} then {after.cards}"

    # Only Leave leaves, and it forgets the token.
    joiner.click("#exit")
    joiner.click("#confirm-yes")
    joiner.wait_screen("menu")
    host.wait_for(f"{JOINER_NAME} leaving after Leave", lambda s: left_notices(s), timeout=20)
    assert joiner.kept_seats() == {}, f"Leave should forget the seat's token: {joiner.kept_seats()}"


def test_a_seat_no_longer_kept_falls_back_to_joining(snap_server, browser):
    server = snap_server(speed=20, grace=1)
    host = browser("host", DESKTOP)
    joiner = browser("joiner", DESKTOP)
    start_two_player_table(server, host, joiner)
    joiner.wait_for("the deal to finish", dealt, timeout=30)
    link = joiner.snapshot()["url"]
    code = link.split("?t=")[1]

    # The page goes away for longer than the grace period: only then is it a leave (and with two players, the
    # round is over: the host holds every card).
    kept = joiner.kept_seats()
    joiner.driver.get("about:blank")
    host.wait_for(f"{JOINER_NAME} leaving once the grace period is over", lambda s: left_notices(s), timeout=30)
    joiner.driver.get(link)
    snap = joiner.wait_for("the seat refused and said so, then the table joined again as a newcomer",
                           lambda s: any(f"Your seat at table {code} was no longer kept" in n
                                         for n in s.get("notices") or [])
                           and s.get("screen") == "table" and s.round_over, timeout=20)
    joiner.screenshot(f"seat-no-longer-kept-{size_name(DESKTOP)}")
    again = joiner.kept_seats()
    assert len(again) == 1 and again != kept, f"the refused token is forgotten, the new seat's kept: {kept} {again}"
    assert snap.me and snap.me["name"] == "You", snap.summary()
