"""Fair calls (protocol version 2) in a real browser: the page says Hello before it signs in, calls with
CallSnap carrying the time from the frame that showed the latest card to the press (never
PlayerShouldSnap), and shows the margin of a close call ("Snap! — Ann, by 12 ms") in #call-margin.

Against a real `snap serve`, what went over the WebSocket is read from window.__snapWire
(WIRE_OBSERVER_JS in snap_browser.py). The scripted tests replace the page's WebSocket with one that
plays the server's part packet by packet (SCRIPTED_SERVER_JS; the page's own codec.js encodes them),
so that the times and the margins are known exactly; the real server only serves the page.
"""

from __future__ import annotations

import math
import time

import pytest
from selenium.webdriver.common.keys import Keys

from snap_browser import (
    CALL_SNAP,
    CARD_TURNED,
    DESKTOP,
    HELLO,
    PHONE,
    PLAYER_SHOULD_SNAP,
    SNAP_JUDGED,
    PROTOCOL_VERSION,
    SIGN_IN_RESPONSE,
    YOUR_TURN,
    Player,
    play_until,
)
from test_web_client import HOST_NAME, JOINER_NAME, size_name, start_two_player_table

PLAYER_CALLED_SNAP = 0x6D


def assert_speaks_version_2(page) -> None:
    """Hello (the current version, which includes version 2's fair calls) is the first packet on the socket,
    SignInResponse the next; no PlayerShouldSnap ever."""
    wire = page.wire()
    sent = [hex_ for _, _, _, hex_ in wire.sent]
    assert sent and sent[0] == HELLO, f"{page.label}: the first packet sent should be Hello({PROTOCOL_VERSION}), sent: {sent[:4]}"
    assert wire.sent_types()[1:2] == [SIGN_IN_RESPONSE], (
        f"{page.label}: SignInResponse should follow Hello, sent: {sent[:4]}")
    assert PLAYER_SHOULD_SNAP not in wire.sent_types(), f"{page.label} sent a PlayerShouldSnap: {sent}"


def margin_words(name: str, margin: int) -> str:
    """RULES.md's wording, as table_state.js's marginText says it (whole ms, rounded half up)."""
    amount = "<1" if margin < 1000 else str(math.floor(margin / 1000 + 0.5))
    return f"Snap! — {name}, by {amount} ms"


def test_page_says_hello_then_calls_with_its_reaction_time(snap_server, browser):
    server = snap_server(speed=2, grace=5)
    page = browser("hello", DESKTOP)
    page.single_player(server.url, HOST_NAME)
    # On our turn the table waits for us: the last card turned is on the screen, face up, and stays there.
    # (If we start the round, we turn our first card and wait for our turn to come round again.)
    first = page.wait_for(f'"{YOUR_TURN}" in #status', lambda s: s.your_turn, timeout=60)
    if not first.tops:
        page.press(Keys.ENTER)
    page.wait_for(f'"{YOUR_TURN}" in #status with a face-up card on the table',
                  lambda s: s.your_turn and len(s.tops) >= 1, timeout=60)
    time.sleep(0.4)
    page.press(Keys.SPACE)
    page.wait_for("a CallSnap sent after Space", lambda _: page.wire().call_snaps(), timeout=5)
    page.wait_for("the server's verdict (SnapJudged, or PlayerCalledSnap for a call too late) after the CallSnap",
                  lambda _: any(at > page.wire().call_snaps()[0][1]
                                for kind in (SNAP_JUDGED, PLAYER_CALLED_SNAP)
                                for at in page.wire().received_at(kind)), timeout=10)
    assert_speaks_version_2(page)

    wire = page.wire()
    (reaction, sent_at), *_ = wire.call_snaps()
    turned = [at for at in wire.received_at(CARD_TURNED) if at < sent_at]
    assert turned, f"no CardTurned arrived before the CallSnap: {wire.received}"
    since_card = sent_at - turned[-1]
    # The reaction counts from the frame that showed the card's face: after the packet came (so no more
    # than the time since then), and within a few frames of it (the face shows in the first one).
    assert 0 < reaction <= 60_000_000, f"CallSnap.reaction is {reaction} µs"
    assert reaction / 1000 <= since_card + 1, (
        f"CallSnap.reaction {reaction / 1000:.1f} ms is longer than the {since_card:.1f} ms since the last "
        "CardTurned arrived: it should count from when that card was drawn")
    assert reaction / 1000 >= since_card - 600, (
        f"CallSnap.reaction {reaction / 1000:.1f} ms is much shorter than the {since_card:.1f} ms since the "
        "last CardTurned arrived")


# Installed in both pages of the margin test: Space is pressed `delay` ms after a match first shows, so
# that both players call on the same card within a few milliseconds of each other (through Selenium the
# two presses would be tens of milliseconds apart).
AUTO_CALLER_JS = r"""
if (!window.__autoCaller) {
  const caller = window.__autoCaller = { called: new Set(), presses: 0 };
  const delay = arguments[0];
  new MutationObserver(() => {
    const cards = [...document.querySelectorAll('.seat .open-pile .card')];
    const values = cards.map(card => card.dataset.value);
    if (new Set(values).size === values.length) return;
    const key = cards.map(card => card.closest('.seat').dataset.seat + card.dataset.value + card.dataset.suit).join();
    if (caller.called.has(key)) return;
    caller.called.add(key);
    setTimeout(() => {
      caller.presses += 1;
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    }, delay);
  }).observe(document.getElementById('table'), { subtree: true, childList: true, attributes: true });
}
"""


# Installed in both pages of the margin test before they load: each answers the server's pings 300 ms late, so that
# each looks far away and the verdict on the first call waits for the other (up to the server's 200 ms bound) —
# on loopback a few milliseconds' wait, and two browsers on a machine kept busy draw the same match further apart
# than that, and then the first call is judged alone, with no margin.
FAR_PONGS_JS = r"""
(() => {
  const PONG = 0x7A;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data)
      : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
    if (bytes && bytes.length >= 10 && ((bytes[8] << 8) | bytes[9]) === PONG) {
      setTimeout(() => send.call(this, data), 300);
      return;
    }
    return send.call(this, data);
  };
})();
"""


def test_a_close_call_shows_its_margin(snap_server, browser):
    # A seed for a deal with matches. Nobody here calls without a match, and a two-player classic round whose
    # deal holds no match in its whole cycle (about one deal in twenty) repeats that cycle for ever: recycling
    # turns each open pile over as it is (RULES.md), and only a wrong call's payments would break the cycle.
    server = snap_server(speed=5, grace=5, seed=7)
    host = browser("host", DESKTOP)
    joiner = browser("joiner", PHONE)
    for page in (host, joiner):
        page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAR_PONGS_JS})
    host_seat, joiner_seat = start_two_player_table(server, host, joiner)
    names = {int(host_seat): HOST_NAME, int(joiner_seat): JOINER_NAME}
    for page in (host, joiner):
        page.js(f"return (function () {{ {AUTO_CALLER_JS} }}).apply(null, [150])", "installing the auto-caller")

    players = [Player(host, snap_on_match=False), Player(joiner, snap_on_match=False)]

    def with_margin(page):
        return [t for t in page.wire().call_timings() if t["margin"] is not None]

    def next_round():
        if host.snapshot().round_over:
            host.click("#next-round")

    def describe():
        lines = []
        for page in (host, joiner):
            caller = page.js("return window.__autoCaller ? {presses: window.__autoCaller.presses, "
                             "matches: window.__autoCaller.called.size} : null", "reading the auto-caller")
            wire = page.wire()
            lines.append(f"{page.label}: auto-caller {caller}, {len(wire.received_at(CARD_TURNED))} CardTurned "
                         f"received, {len(wire.call_snaps())} CallSnap sent, {len(wire.call_timings())} CallTiming "
                         f"received ({len(with_margin(page))} with a margin)")
        return "; ".join(lines)

    play_until(players, lambda: with_margin(host) or with_margin(joiner), timeout=180, extra=next_round,
               what="a CallTiming with a margin (both pages call Snap! 150 ms after a match shows)", describe=describe)
    for p in players:
        p.turn = False  # nobody turns: the verdict (and its margin) stays until the turn timer turns

    for page in (host, joiner):
        assert_speaks_version_2(page)
        assert page.wire().call_snaps(), f"{page.label} sent no CallSnap"
        me = int(page.snapshot().me["seat"])
        for timing in with_margin(page):
            name = "You" if timing["seat"] == me else names[timing["seat"]]
            expected = margin_words(name, timing["margin"])
            page.wait_for(f'#call-margin saying "{expected}" after CallTiming {timing}',
                          lambda s, e=expected: e in (s.get("margins") or []), timeout=5)
        page.screenshot_showing(f"margin-{size_name(page.size)}-{page.label}",
                                lambda s: bool(s.get("margin")) and any(x["verdict"] for x in s.seats))


# --------------------------------------------------------------------------------------------
# A scripted server
# --------------------------------------------------------------------------------------------

# Installed before the page's scripts: window.WebSocket becomes a socket that answers the sign-in and
# HostTable itself (Ann at the bottom, Bob at the top) and otherwise delivers what the test hands to
# window.__fake.deliver(packet), numbered from 0. Packets are the codec's objects (codec.js).
SCRIPTED_SERVER_JS = r"""
(() => {
  const fake = window.__fake = { sent: [], delivered: [], socket: null, number: 0, codec: null };
  const ready = import('/js/codec.js').then(codec => { fake.codec = codec; });
  const entry = (id, name) => ({ id, name, isComputer: false, closedCount: 0, gamesWon: 0, open: [] });
  fake.deliver = packet => {
    const bytes = fake.codec.encodeFrame({ number: fake.number++, packet });
    fake.delivered.push({ type: packet.type, at: performance.now() });
    fake.socket.onmessage({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
  };
  const answer = packet => {
    if (packet.type === 'SignInResponse') fake.deliver({ type: 'Welcome', version: 2, id: 'p1', token: 't1' });
    if (packet.type !== 'HostTable') return;
    fake.deliver({ type: 'TableJoined', code: 'ABCD', seat: 0 });
    fake.deliver({ type: 'Snapshot', view: { viewer: 0, phase: 'waiting', winner: null, round: 0, host: 0,
      startingSeat: null, active: null, hasTurned: false, seats: [entry('p1', 'Ann'), null, entry('p2', 'Bob'), null],
      calls: [], stop: null } });
    fake.deliver({ type: 'ServerReady', players: [{ id: 'p1', name: 'Ann', seat: 0 }, { id: 'p2', name: 'Bob', seat: 2 }] });
  };
  window.WebSocket = class extends EventTarget {
    static CONNECTING = 0;
    static OPEN = 1;
    static CLOSING = 2;
    static CLOSED = 3;
    constructor() {
      super();
      this.readyState = 0;
      fake.socket = this;
      fake.number = 0;
      ready.then(() => setTimeout(() => {
        this.readyState = 1;
        if (this.onopen) this.onopen({});
        fake.deliver({ type: 'SignInRequest' });
      }, 10));
    }
    send(data) {
      const { packet } = fake.codec.decodeFrame(new Uint8Array(data));
      fake.sent.push({ packet: JSON.parse(JSON.stringify(packet, (k, v) => typeof v === 'bigint' ? String(v) : v)),
                       at: performance.now() });
      answer(packet);
    }
    close() { this.readyState = 3; }
  };
})();
"""


# Every keydown's timeStamp (the press time the page's reaction clock uses), seen before the page's own listeners.
KEY_TIMES_JS = """
window.__keyTimes = [];
document.addEventListener("keydown", (event) => window.__keyTimes.push(event.timeStamp), true);
"""


def scripted_table(browser, label: str, size=DESKTOP, reduced_motion: bool = False):
    """A page whose server is SCRIPTED_SERVER_JS, seated as Ann (host, bottom) with Bob at the top."""
    page = browser(label, size)
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SCRIPTED_SERVER_JS})
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEY_TIMES_JS})
    if reduced_motion:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    return page


def deliver(page, *packets: str) -> float:
    """Hands packets (JavaScript object literals) to the page as the server; returns when (performance.now)."""
    body = "".join(f"window.__fake.deliver({packet});" for packet in packets)
    return page.js(f"{body} return performance.now();", f"delivering {packets}")


def sent(page) -> list[dict]:
    return page.js("return window.__fake.sent", "reading what the page sent")


def watch_frames(page) -> None:
    """Keeps every event the page says it drew, with the time of the frame that showed it (snapDebug.onShown: the
    moment the reaction clock counts from)."""
    page.js("window.__shown = []; window.snapDebug.onShown = (event, time) => window.__shown.push({kind: event.kind, time});"
            " return true;", "watching the frames")


def drawn_after(page, kind: str, delivered: float) -> float:
    """The time of the frame that drew the `kind` event delivered at `delivered`, once it has been drawn."""
    script = (f"return window.__shown.filter(s => s.kind === '{kind}' && s.time >= {delivered} - 1)"
              ".map(s => s.time);")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if times := page.js(script, f"reading when {kind} was drawn"):
            return times[0]
        time.sleep(0.02)
    raise AssertionError(f"{page.label}: the page never said it drew the {kind} delivered at {delivered:.1f} ms")


def assert_counts_from(page, call: dict, shown: float, what: str) -> None:
    """The call's reaction is the time from the frame that showed `what` (at `shown`) to the key's press, exactly,
    however long the machine took to draw that frame or to send the call."""
    pressed = page.js("return window.__keyTimes[window.__keyTimes.length - 1];", "reading the press time")
    expected = round((pressed - shown) * 1000)
    assert abs(call["reaction"] - expected) <= 1, (
        f"a press {pressed - shown:.1f} ms after the frame that showed {what} claimed {call['reaction']} µs: "
        f"it should count from that frame ({expected} µs)")


def press_snap(page) -> dict:
    """Space, then the CallSnap it sent: {reaction, at}."""
    before = len([p for p in sent(page) if p["packet"]["type"] == "CallSnap"])
    page.press(Keys.SPACE)
    snap = page.wait_for("a CallSnap sent after Space",
                         lambda _: len([p for p in sent(page) if p["packet"]["type"] == "CallSnap"]) > before,
                         timeout=5)
    assert snap is not None
    call = [p for p in sent(page) if p["packet"]["type"] == "CallSnap"][-1]
    return {"reaction": call["packet"]["reaction"], "at": call["at"]}


@pytest.mark.parametrize("reduced_motion", [False, True], ids=["motion", "reduced-motion"])
def test_scripted_reaction_times_and_margins(server, browser, reduced_motion):
    page = scripted_table(browser, "scripted", reduced_motion=reduced_motion)
    page.open(server.url + "/")
    page.enter_name(HOST_NAME)
    page.click("#host-game")
    page.wait_screen("lobby")
    types = [p["packet"]["type"] for p in sent(page)]
    assert types[:3] == ["Hello", "SignInResponse", "HostTable"], f"the page sent {types}"
    assert sent(page)[0]["packet"] == {"type": "Hello", "version": PROTOCOL_VERSION}
    watch_frames(page)

    # Before any card: the reaction counts from the frame that drew DealFinished.
    deliver(page, "{type: 'DealCards', round: 1, startingSeat: 2, counts: [{seat: 0, count: 26}, {seat: 2, count: 26}]}")
    page.wait_screen("table")
    dealt_at = deliver(page, "{type: 'DealFinished'}", "{type: 'ActivatePlayer', id: 'p2'}")
    dealt_shown = drawn_after(page, "dealFinished", dealt_at)
    time.sleep(0.5)
    call = press_snap(page)
    assert_counts_from(page, call, dealt_shown, "DealFinished")
    deliver(page, "{type: 'PlayerCalledSnap', id: 'p1', verdict: {kind: 'wrong'}}",
            "{type: 'CallTiming', seat: 0, reaction: 40000, margin: null}")
    page.wait_for(".bubble[data-verdict=wrong] by your seat", lambda s: s.me and s.me["verdict"] == "wrong")
    assert not page.snapshot().get("margin"), "no margin (FFFFFFFF) should show nothing in #call-margin"
    deliver(page, "{type: 'CardPaid', from: 0, to: 2}", "{type: 'Resumed'}")

    # A match: Bob's 5 of clubs, then Ann's 5 of diamonds. The reaction counts from the frame that showed
    # the diamonds' face: the first frame after the packet came, flying or not.
    deliver(page, "{type: 'CardTurned', seat: 2, card: {suit: 0, value: 5}}", "{type: 'ActivatePlayer', id: 'p1'}")
    time.sleep(0.6)
    turned_at = deliver(page, "{type: 'CardTurned', seat: 0, card: {suit: 1, value: 5}}")
    # The card takes off face up (test_turned_card.py checks the face in that frame); without motion it is
    # placed in that frame. Either way no time is spent on animation before the face shows.
    turned_shown = drawn_after(page, "cardTurned", turned_at)
    time.sleep(0.7)
    call = press_snap(page)
    assert_counts_from(page, call, turned_shown, "the card's face")

    deliver(page, "{type: 'PlayerCalledSnap', id: 'p1', verdict: {kind: 'correct', matching: ['p1', 'p2']}}",
            "{type: 'CallTiming', seat: 0, reaction: 250000, margin: 12345}",
            "{type: 'PlayerCalledSnap', id: 'p2', verdict: {kind: 'tooLate'}}")
    shown = page.wait_for('#call-margin saying "Snap! — You, by 12 ms"',
                          lambda s: s.get("margin") == "Snap! — You, by 12 ms")
    assert shown.me["verdict"] == "correct", f"the margin should show with the verdict: {shown.summary()}"
    page.screenshot(f"margin-{size_name(DESKTOP)}-scripted{'-still' if reduced_motion else ''}")
    deliver(page, "{type: 'PileCollected', from: 0, to: 0, count: 1}", "{type: 'PileCollected', from: 2, to: 0, count: 1}",
            "{type: 'Resumed'}", "{type: 'ActivatePlayer', id: 'p2'}")
    still = page.snapshot()
    assert still.get("margin") == "Snap! — You, by 12 ms", (
        f"the margin should stay while the verdict's bubble shows: {still.summary()}")

    # The next card clears it; Bob's close call says his name, under a millisecond.
    deliver(page, "{type: 'CardTurned', seat: 2, card: {suit: 3, value: 9}}")
    page.wait_for("#call-margin empty once the next card is turned", lambda s: not s.get("margin"))
    deliver(page, "{type: 'PlayerCalledSnap', id: 'p2', verdict: {kind: 'wrong'}}",
            "{type: 'CallTiming', seat: 2, reaction: 180000, margin: 400}")
    page.wait_for('#call-margin saying "Snap! — Bob, by <1 ms"', lambda s: s.get("margin") == "Snap! — Bob, by <1 ms")
    types = [p["packet"]["type"] for p in sent(page)]
    assert "PlayerShouldSnap" not in types, f"the page sent {types}"
