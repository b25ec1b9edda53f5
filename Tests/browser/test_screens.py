"""Every screen of the table, at phone and desktop size, against a scripted server: the page's WebSocket is
replaced by one that plays the server's part (SCRIPTED_TABLE_JS; the page's own codec.js encodes the
packets), so that each state (the deal, the clocks, the countdown ring, every kind of call, time up, sudden
death, a player out, the round's result for the host and for the others) shows exactly, at once.

For each state a screenshot goes to test-output/screenshots/screen-<state>-<size>.png, and the boxes that
docs/WEB_CLIENT.md names must not overlap (OVERLAPS_JS: a bubble and any seat's name, count or cards, the
result panel and the seats, …). The menu, the join screen and the waiting room are taken from the real server.
"""

from __future__ import annotations

import json
import time

import pytest
from selenium.webdriver.common.by import By

from snap_browser import DESKTOP, PHONE, PHONE_LANDSCAPE
from test_web_client import size_name

# Ann (the viewer, host, bottom), Ray (left), Lucy (top) and Steve (right): Welcome version 3, then the table.
SCRIPTED_TABLE_JS = r"""
(() => {
  const fake = window.__fake = { sent: [], socket: null, number: 0, codec: null };
  const ready = import('/js/codec.js').then(codec => { fake.codec = codec; });
  fake.deliver = packet => {
    const bytes = fake.codec.encodeFrame({ number: fake.number++, packet });
    fake.socket.onmessage({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  };
  const players = [['p1', 'Ann'], ['p2', 'Ray'], ['p3', 'Lucy'], ['p4', 'Steve']];
  const answer = packet => {
    if (packet.type === 'SignInResponse') fake.deliver({ type: 'Welcome', version: 3, id: 'p1', token: 't1' });
    if (packet.type !== 'HostTable') return;
    fake.deliver({ type: 'TableJoined', code: 'ABCD', seat: 0 });
    fake.deliver({ type: 'Snapshot', view: { viewer: 0, phase: 'waiting', winner: null, round: 0, host: 0,
      startingSeat: null, active: null, hasTurned: false, calls: [], stop: null,
      seats: players.map(([id, name]) => ({ id, name, isComputer: false, closedCount: 0, gamesWon: 0, open: [] })) } });
    fake.deliver({ type: 'TableSettings', round: 300, turn: 8 });
    fake.deliver({ type: 'ServerReady', players: players.map(([id, name], seat) => ({ id, name, seat })) });
  };
  window.WebSocket = class extends EventTarget {
    static OPEN = 1;
    constructor() {
      super();
      this.readyState = 0;
      fake.socket = this;
      ready.then(() => setTimeout(() => {
        this.readyState = 1;
        if (this.onopen) this.onopen({});
        fake.deliver({ type: 'SignInRequest' });
      }, 10));
    }
    send(data) {
      const { packet } = fake.codec.decodeFrame(new Uint8Array(data));
      fake.sent.push(JSON.parse(JSON.stringify(packet, (k, v) => typeof v === 'bigint' ? String(v) : v)));
      answer(packet);
    }
    close() { this.readyState = 3; }
  };
})();
"""

NAMES = ["Ann", "Ray", "Lucy", "Steve"]


def card(value: int, suit: int = 0) -> dict:
    return {"suit": suit, "value": value}


def view(phase="playing", closed=(10, 12, 9, 14), open_=None, wins=(1, 0, 2, 0), **overrides) -> dict:
    """A Snapshot's view seen by Ann (seat 0, the host), with these face-down counts and open piles."""
    open_ = open_ if open_ is not None else ([card(4), card(9, 2)], [card(3, 1)], [card(12, 3)], [card(7), card(1, 2)])
    seats = [{"id": f"p{seat + 1}", "name": name, "isComputer": False, "closedCount": closed[seat],
              "gamesWon": wins[seat], "open": open_[seat]} for seat, name in enumerate(NAMES)]
    return {"viewer": 0, "phase": phase, "winner": None, "round": 1, "host": 0, "startingSeat": 1,
            "active": 1 if phase == "playing" else None, "hasTurned": False, "seats": seats, "calls": [],
            "stop": None, **overrides}


def deliver(page, *packets: dict) -> None:
    page.js("".join(f"window.__fake.deliver({json.dumps(p)});" for p in packets), "delivering packets")


def snapshot(page, v: dict, *after: dict) -> None:
    """A Snapshot (which replaces the page's table), then what the server sends after one."""
    deliver(page, {"type": "Snapshot", "view": v}, {"type": "TableSettings", "round": 300, "turn": 8}, *after)


def look(page, state: str, expect=None) -> dict:
    """Waits for `expect(snapshot)`, lets the motion and the pop of the bubbles end, takes the screenshot and
    checks the boxes for overlaps."""
    snap = page.wait_for(f"the {state} state", expect or (lambda s: True), timeout=10)
    page.settle_motion()
    time.sleep(0.6)  # a bubble pops in 0.28 s, a banner in 0.5 s
    page.screenshot(f"screen-{state}-{size_name(page.size)}")
    overlaps = page.overlaps()
    assert not overlaps, f"[{size_name(page.size)}] {state}: boxes overlap: {overlaps}; page: {snap.summary()}"
    return page.snapshot()


def glowing(page) -> list[str]:
    """The seats whose open pile glows (`.open-pile[data-glow]`)."""
    return page.js("return [...document.querySelectorAll('.open-pile[data-glow]')].map(p => p.closest('.seat').dataset.seat)",
                   "reading the glowing piles")


@pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE, DESKTOP], ids=["phone", "phone-landscape", "desktop"])
def test_every_table_screen_without_overlaps(server, browser, size):
    page = browser("screens", size)
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SCRIPTED_TABLE_JS})
    page.open(server.url + "/")
    page.enter_name("Ann")
    page.click("#host-game")
    page.wait_screen("lobby")
    checked = page.js("return document.querySelector('#round-setting input:checked')?.value",
                      "reading the round setting")
    assert checked == "300", f"the host's lobby should show the table's quick 5 minutes checked, not {checked!r}"
    look(page, "lobby-settings")

    # The host picks 3 minutes: ChangeSettings keeps the table's turn timer.
    page.click('#round-setting label:has(input[value="180"])')
    page.wait_for("ChangeSettings(180, 8) sent", lambda _: {"type": "ChangeSettings", "round": 180, "turn": 8}
                  in page.js("return window.__fake.sent", "reading what the page sent"))
    deliver(page, {"type": "Error", "code": 16,
                   "message": "Rounds are classic or last 3, 5 or 10 minutes; the turn timer is off or 3 to 30 seconds; a head start is 0, 100, 200, 300 or 500 ms, for a player at the table."})
    page.wait_for("the refusal in #lobby-message", lambda _: "classic or last" in page.js(
        "return document.querySelector('#lobby-message').textContent", "reading #lobby-message"))
    # A refused change goes back to the table's at the next frame.
    page.wait_for("the round setting back at the table's 5 minutes", lambda _: page.js(
        "return document.querySelector('#round-setting input:checked')?.value", "reading the round setting") == "300")

    # The deal: the round clock shows the round's length.
    deliver(page, {"type": "DealCards", "round": 1, "startingSeat": 1,
                   "counts": [{"seat": seat, "count": 13} for seat in range(4)]})
    page.wait_screen("table")
    look(page, "dealing", lambda s: s.get("roundClock") == "5:00" and "Dealing" in s.status)

    # Play, with the round clock running and Ray's last seconds on the turn timer.
    snapshot(page, view(), {"type": "RoundClock", "remaining": 200_000}, {"type": "TurnClock", "seat": 1, "remaining": 2500})
    snap = look(page, "countdown", lambda s: any(r["seat"] == "1" for r in s.get("rings") or []))
    assert snap.get("roundClock", "").startswith("3:") and not snap.get("lastMinute"), snap.summary()
    hint = page.js("const h = document.querySelector('.keys-hint'); return h.getClientRects().length > 0 && "
                   "getComputedStyle(h).visibility !== 'hidden'", "reading .keys-hint")
    assert hint == (size == DESKTOP), f"the keys' hint shows on a desktop, and only there (shown: {hint})"

    # A pair of nines stands on the table and nobody has called: nothing says so (spotting it is the game).
    pair = view(open_=([card(9)], [card(3, 1)], [card(9, 2)], [card(7)]))
    snapshot(page, pair)
    snap = look(page, "pair-unjudged", lambda s: s.has_match and s.status == "Ray's turn")
    assert "Match" not in snap.status and glowing(page) == [], f"a match shows before a call: {snap.summary()}"

    # A correct call by Ann: the pair of nines glows, the others were too late.
    calls = [{"seat": 0, "verdict": {"kind": "correct", "matching": [0, 2]}},
             *({"seat": seat, "verdict": {"kind": "tooLate"}} for seat in (1, 2, 3))]
    tops = view(open_=([card(9)], [card(3, 1)], [card(9, 2)], [card(7)]))
    snapshot(page, {**tops, "calls": calls, "stop": calls[0]}, {"type": "RoundClock", "remaining": 45_000})
    snap = look(page, "correct-call", lambda s: sum(1 for x in s.seats if x["verdict"]) == 4)
    assert sorted(glowing(page)) == ["0", "2"], f"the matching piles (seats 0 and 2) should glow, not {glowing(page)}"
    assert snap.status == "Match! You receive cards" and snap.get("lastMinute"), snap.summary()

    # Lucy, at the top, calls it right: her bubble stays on the screen beside her.
    calls = [{"seat": 2, "verdict": {"kind": "correct", "matching": [2, 0]}}]
    snapshot(page, {**tops, "calls": calls, "stop": calls[0]})
    snap = look(page, "correct-call-top", lambda s: (s.seat_shown(2) or {}).get("verdict") == "correct")
    assert snap.status == "Match! Lucy receives cards", snap.summary()

    # A wrong call by Lucy: "no match" by her seat.
    calls = [{"seat": 2, "verdict": {"kind": "wrong"}}, {"seat": 1, "verdict": {"kind": "tooLate"}}]
    snapshot(page, {**view(), "calls": calls, "stop": calls[0]}, {"type": "RoundClock", "remaining": 30_000})
    snap = look(page, "wrong-call", lambda s: (s.seat_shown(2) or {}).get("verdict") == "wrong")
    bubble = page.js("return document.querySelector('.seat[data-shown=\"2\"] .bubble').innerText", "reading the bubble")
    assert "no match" in bubble and snap.status == "Lucy must pay", f"bubble {bubble!r}; page: {snap.summary()}"

    # Time up, then sudden death between Ann and Lucy.
    snapshot(page, view(closed=(13, 11, 14, 8)), {"type": "TimeUp"})
    look(page, "time-up", lambda s: s.status == "Time's up!" and not s.get("roundClock"))
    snapshot(page, view(closed=(13, 11, 14, 8)), {"type": "TimeUp"}, {"type": "SuddenDeath", "seats": [0, 2]})
    look(page, "sudden-death", lambda s: s.status == "Sudden death: the next correct Snap! wins")

    # Ray drops and Steve leaves: the notices say so in full, under the table's name, covering no seat.
    snapshot(page, view())
    deliver(page, {"type": "PlayerConnection", "seat": 1, "connected": False},
            {"type": "OtherClientQuit", "id": "p4", "handedOutTo": [0, 1, 2] * 5 + [0]})
    snap = look(page, "notice", lambda s: "Steve left the table" in (s.get("messages") or ""))
    assert "Their 16 cards went to you (6), Ray (5) and Lucy (5)." in snap["messages"], snap["messages"]
    label = page.js("const l = document.querySelector('#table-label'); return l.getClientRects().length ? l.innerText : null",
                    "reading #table-label")
    assert label == "Table ABCD", f"the table's name should still show beside a notice, not {label!r}"

    # Ann is out: she is told how to follow the round, and how to leave.
    snapshot(page, view(closed=(0, 20, 14, 14), open_=([], [card(3, 1)], [card(12, 3)], [card(7), card(1, 2)])),
             {"type": "RoundClock", "remaining": 100_000})
    snap = look(page, "out", lambda s: s.get("outNote"))
    assert "watch" in snap["outNote"] and page.js(
        "return !!document.querySelector('#out-note button[data-action=exit]').offsetParent", "reading #out-note")

    # The time ran out: Lucy won with the most cards; the standings list everyone's cards and wins.
    over = view("roundOver", closed=(13, 9, 20, 4), wins=(1, 0, 3, 0), winner=2)
    snapshot(page, over)
    snap = look(page, "round-over-host", lambda s: s.get("result") == "Lucy wins the round!")
    assert snap.status == "", f"the winner is announced once, in the banner, not also in #status: {snap.status!r}"
    # The host's head-start choice ends each row; on a narrow screen it takes the wins' place (the plates say them).
    narrow = page.size[0] <= 480
    expected = "Lucy 21 cards" if narrow else "Lucy 21 cards 3 wins"
    assert snap["standings"][0].startswith(expected) and len(snap["standings"]) == 4, snap["standings"]
    assert len(page.driver.find_elements(By.CSS_SELECTOR, "#standings select.head-start")) == 4, "a choice per player"
    page.element("#next-round")

    # Seen by someone else than the host.
    snapshot(page, {**over, "host": 1})
    snap = look(page, "round-over-guest", lambda s: "Waiting for Ray to start the next round" in page.js(
        "return document.querySelector('#result-hint').textContent", "reading #result-hint"))
    assert not page.js("return !!document.querySelector('#next-round').offsetParent", "reading #next-round")


@pytest.mark.parametrize("size", [PHONE, PHONE_LANDSCAPE, DESKTOP], ids=["phone", "phone-landscape", "desktop"])
def test_menu_join_and_waiting_room_screens(server, browser, size):
    """The screens before the table, from the real server: the menu (with the single player's round), a join
    link opened without a name (an invitation, styled as information), the join screen and the waiting room."""
    page = browser("menu", size)
    page.open(server.url + "/")
    page.js("localStorage.removeItem('snap.round')", "forgetting the round")
    page.driver.get(f"{server.url}/?t=ABCD")
    page.wait_screen("menu")
    kind = page.js("const m = document.querySelector('#menu-message'); return [m.dataset.kind, m.textContent]",
                   "reading #menu-message")
    assert kind[0] == "info" and "ABCD" in kind[1], f"the invitation should be information, not an error: {kind}"
    checked = page.js("return document.querySelector('#solo-round input:checked')?.value", "reading the round")
    assert checked == "300", f"a single player's round is quick, 5 minutes, until chosen otherwise: {checked!r}"
    look(page, "menu-invitation")
    page.enter_name("Ann")
    page.click("#join-game")
    page.wait_screen("join")
    look(page, "join")
    page.click("#back")
    page.click("#host-game")
    page.wait_screen("lobby")
    look(page, "lobby", lambda s: s.get("tableCode"))
