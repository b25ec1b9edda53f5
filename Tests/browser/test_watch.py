"""Watching a table in a real browser: someone opens a `/?watch=CODE` link, follows a live round from no
seat with only Leave to press, and every byte their page received is checked for face-down cards; the
player's page shows how many are watching. Both sizes are photographed.

The bytes come from the page's own WebSocket (window.__snapWire.all, see WIRE_OBSERVER_JS) and are decoded
with the web client's codec (codec.js, and the JSON rendering of Tests/web/codec_json.mjs) under node.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from snap_browser import DESKTOP, PHONE, ROOT, Player, play_until

HOST_NAME = "Ann"
WATCHER_NAME = "Eve"

DECODE_JS = f"""
import {{ decodeFrame }} from "{(ROOT / 'Sources/SnapServer/Public/js/codec.js').as_uri()}";
import {{ hexToBytes, toJSON }} from "{(ROOT / 'Tests/web/codec_json.mjs').as_uri()}";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = JSON.parse(input).map((hex) => toJSON(decodeFrame(hexToBytes(hex))));
process.stdout.write(JSON.stringify(out));
"""


def decode(hexes: list[str]) -> list[dict]:
    """The packets, as docs/PROTOCOL.md renders them in JSON."""
    done = subprocess.run(["node", "--input-type=module", "-e", DECODE_JS], input=json.dumps(hexes),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"node could not decode the watcher's packets: {done.stderr}"
    return json.loads(done.stdout)


def cards_in(value) -> list[tuple[str, int]]:
    """Every card (`{"suit", "value"}`) anywhere in a packet's JSON."""
    if isinstance(value, dict):
        if set(value) == {"suit", "value"}:
            return [(value["suit"], value["value"])]
        return [card for item in value.values() for card in cards_in(item)]
    if isinstance(value, list):
        return [card for item in value for card in cards_in(item)]
    return []


def check_no_face_down_card(packets: list[dict]) -> int:
    """Walks the packets in order: a card may appear only in a CardTurned, or in a Snapshot's open piles once
    a CardTurned showed it. Returns how many cards were turned."""
    turned: set[tuple[str, int]] = set()
    for index, frame in enumerate(packets):
        name, fields = frame["name"], frame["fields"]
        cards = cards_in(fields)
        if name == "CardTurned":
            turned.add(cards[0])
        elif name == "Snapshot":
            assert fields["viewer"] is None, f"packet {index}: a watcher's Snapshot has viewer {fields['viewer']}"
            unseen = [card for card in cards if card not in turned]
            assert not unseen, f"packet {index}: a Snapshot showed {unseen}, never turned face up"
        else:
            assert not cards, f"packet {index}: {name} carried the cards {cards}"
    return len(turned)


def watcher_count(page) -> str:
    """What the page shows of the watcher count (an eye drawn by CSS, then "N watching"), at the table or in
    the waiting room; empty when nobody watches."""
    return page.js("""
        const shown = ['#watcher-count', '#lobby-watchers'].map((s) => document.querySelector(s))
          .filter((e) => e && !e.hidden && e.getClientRects().length);
        return shown.map((e) => e.textContent.trim()).join(' ');
    """, "reading the watcher count") or ""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_watcher_follows_a_live_round_and_never_gets_a_face_down_card(snap_server, browser, size):
    server = snap_server(speed=50, grace=5)
    label = f"{size[0]}x{size[1]}"
    host = browser("host", DESKTOP)
    code = host.host_table(server.url, HOST_NAME)
    host.click("#add-computer")
    host.wait_for("a computer player in #lobby-seats", lambda s: sum(1 for e in s.get("lobby") or [] if e and "Empty seat" not in e) >= 2)

    # The link asks for a name first, as a /?t=CODE link does.
    watcher = browser("watcher", size)
    watcher.driver.get(f"{server.url}/?watch={code}")
    watcher.wait_screen("menu")
    watcher.wait_for("the invitation to watch in #menu-message",
                     lambda _s: f"watch table {code}" in (watcher.js(
                         "return document.querySelector('#menu-message')?.textContent ?? ''", "reading #menu-message")
                         or ""))
    watcher.enter_name(WATCHER_NAME)
    watcher.click("#join-game")
    snap = watcher.wait_screen("table")
    assert f"watch={code}" in snap["url"], snap.summary()
    watcher.wait_for("'Watching table CODE' in the top bar",
                     lambda _s: watcher.js("return document.querySelector('#table-label').textContent", "label")
                     == f"Watching table {code}")
    # The player sees the count in the waiting room.
    host.wait_for("'1 watching' in the waiting room", lambda _s: watcher_count(host) == "1 watching")
    host.screenshot(f"watch-host-lobby-{label}")

    host.click("#start-round")
    host.wait_screen("table")
    player = Player(host, snap_on_match=False)
    host.wait_for("'1 watching' at the table", lambda _s: watcher_count(host) == "1 watching")

    # From no seat: both players drawn, neither as "you"; no Snap! button, no keys, only Leave.
    watcher.wait_for("two players with cards on the watcher's table", lambda s: len(s.occupied) == 2, timeout=30)
    controls = watcher.js("""
        const shows = (s) => { const e = document.querySelector(s); return !!e && e.getClientRects().length > 0 &&
          getComputedStyle(e).visibility !== 'hidden'; };
        return { snap: shows('#snap'), leave: shows('#stop-watching'), you: !!document.querySelector('.seat[data-you]'),
                 count: document.querySelector('#watcher-count').textContent };
    """, "reading the watcher's controls")
    assert controls == {"snap": False, "leave": True, "you": False, "count": "1 watching"}, controls
    for turned in (3, 8):
        play_until([player], lambda: player.turns >= turned or player.won, timeout=60, what=f"{turned} turns")
    watcher.settle_motion()
    watcher.screenshot(f"watch-watcher-{label}")
    host.screenshot(f"watch-host-table-{label}")
    assert not watcher.overlaps(), watcher.overlaps()

    play_until([player], lambda: player.won, timeout=300, what="the round's end")
    watcher.wait_for("the round's result on the watcher's page", lambda s: s.round_over, timeout=30)
    watcher.screenshot(f"watch-watcher-result-{label}")

    hexes = watcher.js("return window.__snapWire.all", "reading every packet the watcher received")
    packets = decode(hexes)
    names = [frame["name"] for frame in packets]
    assert "TableWatched" in names and "RoundWon" in names, names
    assert check_no_face_down_card(packets) >= 10
    # The watcher asked for nothing but to watch: no card turned, no call made.
    sent = {kind for kind in watcher.wire().sent_types()}
    assert sent <= {0x8D, 0x65, 0x7A, 0x96, 0x67}, sorted(hex(kind) for kind in sent)

    # Leave: back to the menu, and the player sees nobody watching.
    watcher.click("#stop-watching")
    watcher.wait_screen("menu")
    host.wait_for("the count gone once the watcher left", lambda _s: watcher_count(host) == "")


def test_the_table_list_offers_watch_and_a_closing_table_sends_its_watcher_back(snap_server, browser):
    server = snap_server(speed=20, grace=5)
    host = browser("host", DESKTOP)
    code = host.host_table(server.url, HOST_NAME)
    host.click("#add-computer")
    host.click("#start-round")
    host.wait_screen("table")

    watcher = browser("watcher", PHONE)
    watcher.open(server.url + "/")
    watcher.enter_name(WATCHER_NAME)
    watcher.click("#join-game")
    watcher.wait_screen("join")
    # Under way, so Join would be refused; Watch is offered all the same.
    watcher.element(f'#table-list li[data-code="{code}"][data-state="playing"] button.watch')
    watcher.screenshot("watch-table-list-390x844")
    watcher.click(f'#table-list li[data-code="{code}"] button.watch')
    watcher.wait_screen("table")
    host.wait_for("'1 watching'", lambda _s: watcher_count(host) == "1 watching")

    # The last person leaves: the table closes, and the watcher is told plainly and sent back.
    host.click("#exit")
    host.click("#confirm-yes")
    snap = watcher.wait_screen("join")
    assert "no longer watching" in (snap.get("joinMessage") or ""), snap.summary()
    watcher.screenshot("watch-table-closed-390x844")
