"""The big screen (`/tv?t=CODE`) in a real browser against a real `snap serve`, at 1280×800: it needs no name and no
seat, shows the table's code and QR code in a corner, watches a round two players play on their phones as pads (at
390×844: one chose the pad in the waiting room, the other came by a join link with `?pad=1`), and shows every verdict
they see; it is a watcher (the waiting room counts it, no list counts it as a player) and is sent no
face-down card. A code no table has gets a clear page, with a 404.
"""

from __future__ import annotations

import urllib.error
import urllib.request

from snap_browser import DESKTOP, PHONE, Player, play_until
from test_web_client import HOST_NAME, JOINER_NAME, MEASURE_JS

WATCH_TABLE, JOIN_TABLE, HOST_TABLE, SNAPSHOT = 0x96, 0x75, 0x74, 0x7C


def verdict_count(page) -> int:
    return len(page.snapshot().get("verdicts") or [])


def test_the_big_screen_watches_a_round_and_shows_every_verdict(snap_server, browser):
    server = snap_server(speed=2, grace=5)
    host = browser("host", PHONE)
    joiner = browser("joiner", PHONE)
    code = host.host_table(server.url, HOST_NAME)
    host.click("#lobby-more > summary")
    host.click("#pad-toggle")
    host.wait_for("the pad chosen", lambda _: host.js(
        "return document.getElementById('pad-toggle').getAttribute('aria-pressed')", "reading the pad toggle") == "true")
    joiner.driver.get(f"{server.url}/?t={code}&pad=1")
    joiner.wait_screen("menu")
    joiner.enter_name(JOINER_NAME)
    joiner.click("#join-game")
    joiner.wait_screen("lobby")
    host.wait_for(f"{JOINER_NAME} listed in #lobby-seats", lambda s: any(JOINER_NAME in e for e in s.get("lobby") or []))
    link = host.js("return document.getElementById('tv-open').getAttribute('href')", "reading the big screen's link")
    assert link == f"/tv?t={code}", f"the waiting room links to the big screen: {link!r}"

    tv = browser("tv", DESKTOP)
    tv.driver.execute_cdp_cmd("Network.enable", {})
    tv.driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    tv.driver.get(f"{server.url}{link}")
    tv.wait_for("both players at the table, drawn from no seat", lambda s: s.get("screen") == "table"
                and {HOST_NAME, JOINER_NAME} <= {x["name"] for x in s.seats}
                and tv.present("body[data-watching]"), timeout=20)
    corner = tv.js("return document.getElementById('tv-code').textContent", "reading the corner's code")
    assert corner == code, f"the corner shows the table's code: {corner!r}"
    assert tv.snapshot()["url"].endswith(f"/tv?t={code}"), "the address stays the big screen's, for a reload"
    tv.wait_for("the join QR code in the corner", lambda _: tv.js(
        "const q = document.getElementById('tv-qr'); return !q.hidden && q.naturalWidth > 0", "reading the QR code"))
    host.wait_for("the big screen counted as watching", lambda _: "1" in host.js(
        "return document.getElementById('lobby-watchers').textContent", "reading the watchers"))
    tv.screenshot("big-screen-waiting-1280x800")
    tv.wait_for("the first drawn table's mark", lambda _: tv.js(
        "return !!performance.getEntriesByName('snap:first-table')[0]", "reading the performance marks"))
    metrics = tv.js(MEASURE_JS, "reading the performance entries")
    page_bytes = sum(f["bytes"] for f in metrics["files"] if f["name"].endswith((".html", ".js", ".css"))
                     or f["name"].startswith("/tv"))
    print(f"\nbig screen: {page_bytes:,} bytes of HTML, JS and CSS; first table {metrics['firstTableMs']:.0f} ms "
          f"after navigation")
    tv.click("#tv-sound")
    assert not tv.present("#tv-sound:not([hidden])"), "the sound button goes once pressed"

    host.click("#start-round")
    for pad in (host, joiner):
        pad.wait_screen("table")
        layout = pad.js("""const snap = document.getElementById('snap').getBoundingClientRect();
            const others = [...document.querySelectorAll('.seat:not([data-shown="0"]) .closed-pile')];
            return { pad: document.body.hasAttribute('data-pad'), snapShare: snap.height * snap.width / (innerWidth * innerHeight),
                     othersClosed: others.filter(e => e.getClientRects().length > 0).length,
                     own: document.querySelector('.seat[data-shown="0"] .closed-pile').getClientRects().length > 0 }""",
                        "reading the pad's layout")
        assert layout["pad"] and layout["own"] and layout["othersClosed"] == 0, f"a pad's layout: {layout}"
        assert layout["snapShare"] > 0.25, f"the Snap! button takes most of a pad: {layout}"
    players = [Player(host, taps=True), Player(joiner, taps=True)]
    # Bob also calls now and then on no match: a busy machine's pages may be looked at too seldom to catch the matches
    # (one run saw none in 180 turns, and with nobody calling the round never ends); a wrong call is judged too.
    play_until(players, lambda: verdict_count(host) >= 3 or players[0].won, timeout=120,
               extra=lambda: players[1].try_wrong_call(every=3),
               what="three judged calls (or the round's end) on the host's page")
    tv.screenshot("big-screen-playing-1280x800")
    host.screenshot("pad-playing-390x844")
    assert not host.overlaps(), f"boxes overlap on a pad: {host.overlaps()}"
    seen_by_host = host.snapshot().get("verdicts") or []
    tv.wait_for(f"every verdict the host saw ({seen_by_host}) on the big screen",
                lambda s: len(s.get("verdicts") or []) >= len(seen_by_host), timeout=15)
    assert (tv.snapshot().get("verdicts") or [])[:len(seen_by_host)] == seen_by_host, "the same verdicts, in order"

    sent = tv.wire().sent_types()
    assert WATCH_TABLE in sent and JOIN_TABLE not in sent and HOST_TABLE not in sent, (
        f"the big screen only watches: {[hex(kind) for kind in sent]}")
    closed = tv.js("return [...document.querySelectorAll('.seat .closed-pile .card.face-up')].length",
                   "counting face-up closed cards")
    assert closed == 0, "no face-down card is ever drawn face up on the big screen"
    assert not tv.overlaps(), f"boxes overlap on the big screen: {tv.overlaps()}"


def test_a_big_screen_for_a_table_that_is_not_there_says_so(snap_server):
    server = snap_server(speed=1, grace=5)
    for typed, words in (("ZZZZ", "There is no table ZZZZ here"), ("no<b>", "is not a table code")):
        try:
            urllib.request.urlopen(f"{server.url}/tv?t={typed}", timeout=10)
            raise AssertionError(f"/tv?t={typed} should be a 404")
        except urllib.error.HTTPError as error:
            body = error.read().decode()
            assert error.code == 404, error.code
            assert words in body and "<b>" not in body, body
