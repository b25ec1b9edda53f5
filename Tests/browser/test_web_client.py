"""The web client in a real browser (headless Chromium): playing alone to a winner, two people at
one table (correct and wrong calls, then one leaves), and a dropped connection that comes back.

Only the DOM contract of docs/WEB_CLIENT.md is used. Screenshots go to test-output/screenshots/.
"""

from __future__ import annotations

import re
import time

from selenium.webdriver.common.keys import Keys

from snap_browser import DESKTOP, PHONE, YOUR_TURN, Player, Snapshot, play_until

HOST_NAME = "Ann"
JOINER_NAME = "Bob"


def size_name(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def dealt(snap: Snapshot) -> bool:
    """The deal is over: the status says whose turn it is."""
    return snap.status == YOUR_TURN or ("turn" in snap.status.lower() and "Dealing" not in snap.status)


def start_two_player_table(server, host, joiner) -> tuple[str, str]:
    """The host opens a table, the joiner joins by its code, the host starts the round.

    Returns the absolute seats (host, joiner) as the joiner's and host's pages show them.
    """
    code = host.host_table(server.url, HOST_NAME)
    assert re.fullmatch(r"[A-Za-z0-9-]{3,12}", code), f"#table-code shows {code!r}, not a table code"
    joiner.join_by_code(server.url, JOINER_NAME, code)
    host.wait_for(f"{JOINER_NAME} listed in #lobby-seats > li[data-seat]",
                  lambda s: any(JOINER_NAME in entry for entry in s.get("lobby") or []))
    host.click("#start-round")
    for page in (host, joiner):
        page.wait_screen("table")
        page.wait_for("two .seat[data-shown] with cards (.closed-pile[data-count] > 0) after the deal",
                      lambda s: len(s.occupied) == 2, timeout=30)
    host_view = host.snapshot()
    joiner_view = joiner.snapshot()
    host_seat = host_view.me["seat"]
    joiner_seat = joiner_view.me["seat"]
    # RULES.md: the host sits at the bottom (0); with one other player, that player sits at the top (2),
    # and every screen shows its own player at the bottom.
    assert host_seat == "0", f"the host's own .seat[data-shown='0'] has data-seat={host_seat!r}, expected '0'"
    assert joiner_seat == "2", f"the joiner's own .seat[data-shown='0'] has data-seat={joiner_seat!r}, expected '2'"
    top = host_view.seat_shown(2)
    assert top and top["seat"] == "2" and JOINER_NAME in top["name"], (
        f"the host should see {JOINER_NAME} at the top (.seat[data-shown='2'][data-seat='2']); "
        f"page: {host_view.summary()}")
    top = joiner_view.seat_shown(2)
    assert top and top["seat"] == "0", (
        f"the joiner should see the host at the top (.seat[data-shown='2'][data-seat='0']); "
        f"page: {joiner_view.summary()}")
    return host_seat, joiner_seat


def test_single_player_round_to_a_winner(snap_server, browser):
    # Speed 50: computer-only simulations (`snap simulate`) average ~770 turned cards a round, and
    # one in fifty runs past 3,000; at speed 50 even those end within a few minutes.
    server = snap_server(speed=50, grace=5)
    page = browser("solo", DESKTOP)
    page.open(server.url + "/")
    for selector in ("input#name", "#host-game", "#join-game", "#single-player"):
        page.element(selector, clickable=False)
    page.screenshot(f"menu-{size_name(DESKTOP)}")

    page.enter_name(HOST_NAME)
    page.click("#single-player")
    snap = page.wait_screen("lobby", "table")
    if snap.get("screen") == "lobby":
        page.click("#start-round")
    page.wait_screen("table")
    page.wait_for("four .seat[data-shown] with cards (you, Ray, Lucy and Steve)", lambda s: len(s.occupied) == 4,
                  timeout=30)

    player = Player(page)
    taken = set()

    def table_shot(snap: Snapshot) -> None:
        # On your turn nothing moves until you turn: let the last motion finish, then take it.
        if "table" not in taken and len(snap.tops) >= 3:
            taken.add("table")
            time.sleep(0.8)  # bounded: the flights of the last turn land
            page.screenshot(f"table-{size_name(DESKTOP)}-single-player")

    def verdict_shot() -> None:
        if "verdict" not in taken and any(s["verdict"] for s in player.last.seats):
            if page.screenshot_showing(f"verdict-{size_name(DESKTOP)}-single-player",
                                       lambda s: any(x["verdict"] for x in s.seats)):
                taken.add("verdict")

    player.on_your_turn = table_shot
    play_until([player], lambda: player.won, timeout=480, extra=verdict_shot,
               what='"Winner" in #status: a single-player round (speed 50) played to its end')
    final = player.last
    time.sleep(1.0)  # bounded: the last cards land
    page.screenshot(f"winner-{size_name(DESKTOP)}-single-player")
    assert "** Winner:" in final.status, f'#status says {final.status!r}, expected "** Winner: … **"'
    assert player.turns > 0, "the test never saw \"Your turn. Tap the stack.\" in #status, so never turned a card"
    page.element("#next-round", timeout=10, clickable=False)  # the host (you) may start the next round


def test_two_players_host_and_join(snap_server, browser):
    # Slower than the other tests so that verdict bubbles show long enough for a screenshot.
    server = snap_server(speed=5, grace=5)
    host = browser("host", DESKTOP)
    joiner = browser("joiner", PHONE)
    _, joiner_seat = start_two_player_table(server, host, joiner)

    players = [Player(host), Player(joiner)]
    taken = set()

    def seen(page):
        return page.snapshot().verdicts_seen()

    def each_side_saw_both():
        return all({"correct", "wrong"} <= p.last.verdicts_seen() for p in players)

    def table_shot(page):
        def take(snap: Snapshot) -> None:
            name = f"table-{size_name(page.size)}-{page.label}-two-players"
            if name not in taken and len(snap.tops) == 2:
                taken.add(name)
                time.sleep(0.8)  # bounded: nothing moves until this player turns; the flights land
                page.screenshot(name)
        return take

    for p in players:
        p.on_your_turn = table_shot(p.page)

    def extra():
        for p in players:
            page, snap = p.page, p.last
            label = f"{size_name(page.size)}-{page.label}"
            for verdict in {s["verdict"] for s in snap.seats if s["verdict"]}:
                name = f"verdict-{verdict}-{label}"
                if name not in taken and page.screenshot_showing(
                        name, lambda s, v=verdict: any(x["verdict"] == v for x in s.seats)):
                    taken.add(name)
            if "wrong" not in snap.verdicts_seen():
                p.try_wrong_call()
        if "Winner" in host.snapshot().status:
            host.click("#next-round")

    play_until(players, each_side_saw_both, timeout=180, extra=extra,
               what='.bubble[data-verdict="correct"] and .bubble[data-verdict="wrong"] on both pages '
                    f"(seen so far: host {sorted(seen(host))}, joiner {sorted(seen(joiner))})")

    # One more call, on a table where nobody turns: its bubble stays until the next card is turned,
    # so both pages can be photographed with it. Only the first call after a turned card is judged,
    # so first turn a card (without calling) if calls are still showing.
    for p in players:
        p.snap_on_match = False
    play_until(players, lambda: not any(s["verdict"] for s in players[1].last.seats), timeout=20,
               what="no .bubble[data-verdict] showing once the next card was turned")
    settled = joiner.wait_settled("a settled table before a last call")
    if "Winner" not in settled.status:
        joiner.press(Keys.SPACE)
        called = joiner.wait_for(".bubble[data-verdict] by the joiner's own seat after pressing Space",
                                 lambda s: s.me and s.me["verdict"] in ("wrong", "correct"), timeout=5)
        verdict = called.me["verdict"]
        joiner.screenshot(f"verdict-{verdict}-{size_name(PHONE)}-joiner-called")
        host.wait_for(f'.bubble[data-verdict="{verdict}"] by {JOINER_NAME}\'s seat',
                      lambda s: any(x["seat"] == joiner_seat and x["verdict"] == verdict for x in s.seats))
        host.screenshot(f"verdict-{verdict}-{size_name(DESKTOP)}-host-sees-joiner-call")

    # Let the last verdict finish moving cards, then the joiner closes the window.
    before = host.wait_settled("a settled table before the joiner leaves")
    host_closed_before = before.me["closed"]
    joiner.close()

    def left(snap: Snapshot) -> bool:
        messages = snap.get("messages") or ""
        mentioned = JOINER_NAME in messages and re.search(r"\bleft\b|\bleaves?\b|\bleaving\b", messages, re.I)
        seat = next((s for s in snap.seats if s["seat"] == joiner_seat and s["visible"]
                     and JOINER_NAME in s["name"]), None)
        gone = seat is None or seat["out"] or ((seat["closed"] or 0) == 0 and seat["top"] is None)
        return bool(mentioned and gone)

    after = host.wait_for(f'#messages naming {JOINER_NAME} as having left, and their seat '
                          f'(.seat[data-seat="{joiner_seat}"]) gone, out or without cards',
                          left, timeout=server.grace + 10)
    host.wait_settled(f"the host's table settled after {JOINER_NAME} left")
    time.sleep(2.0)  # bounded: the cards fly one by one after the model has settled
    host.screenshot(f"left-{size_name(DESKTOP)}-host")
    assert (after.me["closed"] or 0) > (host_closed_before or 0), (
        f"{JOINER_NAME}'s cards should have gone to the host's closed pile: "
        f".closed-pile[data-count] was {host_closed_before}, is {after.me['closed']}; page: {after.summary()}")


def test_dropped_connection_reconnects(server, browser):
    host = browser("host", PHONE)
    joiner = browser("joiner", DESKTOP)
    start_two_player_table(server, host, joiner)

    # Nobody turns a card: nothing moves while the connection is down.
    for page in (host, joiner):
        page.wait_for("the deal to finish (#status saying whose turn it is)", dealt, timeout=30)
    before = joiner.wait_for("26 cards in each .closed-pile[data-count] and no open card",
                             lambda s: sorted(s.cards.values()) == [(26, None, None)] * 2, timeout=10)
    host.screenshot(f"table-{size_name(PHONE)}-dealt")
    mark = len(before.get("connectionLog") or [])
    assert before.get("connection") == "open", f"body[data-connection] is {before.get('connection')!r} before the drop"

    joiner.js("window.snapDebug.dropConnection()", "window.snapDebug.dropConnection()")

    def back_open(snap: Snapshot) -> bool:
        log = (snap.get("connectionLog") or [])[mark:]
        return ("reconnecting" in log and snap.get("connection") == "open"
                and log[-1] == "open" and log.index("reconnecting") < len(log) - 1)

    joiner.wait_for('body[data-connection]="reconnecting" after dropConnection()',
                    lambda s: "reconnecting" in (s.get("connectionLog") or [])[mark:], timeout=10)
    joiner.wait_for('body[data-connection] back to "open" after "reconnecting"', back_open,
                    timeout=server.grace + 5)
    after = joiner.wait_for("the same seat and the same cards as before the drop "
                            f"(before: seat {before.me['seat']}, {before.cards})",
                            lambda s: s.me and s.me["seat"] == before.me["seat"] and s.cards == before.cards,
                            timeout=10)
    assert after.get("screen") == "table", f"body[data-screen] is {after.get('screen')!r} after reconnecting"

    # Play goes on: both play a few turns, then stop; both pages must agree on every pile.
    players = [Player(host), Player(joiner)]

    def going_on() -> bool:
        h, j = players[0].last, players[1].last
        return (sum(p.turns for p in players) >= 4 and j.cards == h.cards and len(j.cards) == 2
                and all(p.last.get("connection") == "open" for p in players))

    def enough_turns():
        if sum(p.turns for p in players) >= 4:
            for p in players:
                p.turn = p.snap_on_match = False  # let the table settle so both pages can be compared

    play_until(players, going_on, timeout=60, extra=enough_turns,
               what="play going on after the reconnect: four turns, then the same "
                    ".closed-pile[data-count] and top cards on both pages")
    host.screenshot(f"table-{size_name(PHONE)}-after-reconnect")
    joiner.screenshot(f"table-{size_name(DESKTOP)}-after-reconnect")
