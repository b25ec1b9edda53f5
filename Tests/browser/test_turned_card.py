"""A turned card shows its face in the first frame after its CardTurned packet (docs/WEB_CLIENT.md, Motion).

A call's reaction counts from the frame that shows the card (docs/FAIRNESS.md); any time the page spent
animating before the face showed would count against the web player. So these tests check, in the very
frame the page says it drew the card (window.snapDebug.onShown, the time the reaction clock counts from),
that the card's face is on the screen: a flying card face up (its face turned towards us, not edge-on,
not faded) or the card placed on its open pile, with the card's value and suit. They also print the time
from the packet's arrival (the WebSocket message event) to that frame, without asserting it, and keep
screenshots of a card's first frame and of its flight (the flight paused with the Web Animations API).
"""

from __future__ import annotations

import json
import time

import pytest

from snap_browser import DESKTOP, PHONE, SCREENSHOTS, Player, play_until
from test_fair_calls import deliver, scripted_table
from test_web_client import HOST_NAME, size_name

# Installed once the page has loaded. A requestAnimationFrame loop notes when each frame begins (it is the
# first callback of every frame, registered a frame ahead of the renderer's), so that a card drawn in the
# first frame after its packet arrived has the frame before it begin before the arrival. In the frame that
# draws a CardTurned, window.__turned.check looks at what is on the screen. With `pause`, every scripted
# animation is paused in that frame, so that the test can step through the flight.
TURNED_WATCH_JS = r"""
if (!window.__turned) {
  const w = window.__turned = { cards: [], lastTick: -1, prevTick: -1, pause: false };
  const tick = () => { w.prevTick = w.lastTick; w.lastTick = performance.now(); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'];
  const matrix = el => { const t = getComputedStyle(el).transform; return new DOMMatrix(t === 'none' ? undefined : t); };
  // Shown: no ancestor hidden or see-through (a card kept out of sight until a flight lands has opacity 0).
  const shown = el => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) < 1) return false;
    }
    return true;
  };
  w.check = (seat, card) => {
    const rank = RANKS[card.value], suit = SUITS[card.suit];
    const pile = document.querySelector(`.seat[data-seat="${seat}"] .open-pile`);
    const pileWidth = pile ? pile.getBoundingClientRect().width : 0;
    const face = [...document.querySelectorAll('#flyers .flyer > .face')].reverse().find(f =>
      f.querySelector('.rank') && f.querySelector('.rank').textContent === rank && f.querySelector(`use[href="#suit-${suit}"]`));
    const placed = pile && pile.querySelector(`.card[data-value="${card.value}"][data-suit="${suit}"]`);
    const el = face || placed;
    if (!el) return { how: 'none' };
    const box = el.getBoundingClientRect();
    const result = {
      how: face ? 'flight' : 'placed',
      rank: el.querySelector('.rank') ? el.querySelector('.rank').textContent : null,
      shown: shown(el),
      onScreen: box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight,
      width: pileWidth ? box.width / pileWidth : 0,
      facing: 1,
    };
    if (face) {
      // CSS Transforms: an element with backface-visibility: hidden shows when m33 of its accumulated 3D
      // matrix is positive; it is cos of the angle it is turned away from us.
      result.facing = matrix(face.parentElement).multiply(matrix(face)).m33;
      const flight = face.parentElement.getAnimations()[0];
      result.flightAt = flight ? flight.currentTime : null;
      result.flightMs = flight ? flight.effect.getComputedTiming().duration : null;
    }
    result.ok = result.rank === rank && result.shown && result.onScreen && result.facing > 0.5 && result.width > 0.7;
    return result;
  };
  w.scripted = () => document.getAnimations().filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition));
  window.snapDebug.onShown = (event, time) => {
    if (event.kind !== 'cardTurned') return;
    const { seat, card } = event;
    const payload = [seat, card.suit, card.value].map(b => b.toString(16).toUpperCase().padStart(2, '0')).join('');
    const wire = window.__snapWire ? window.__snapWire.received : [];
    const arrival = wire.filter(r => r.hex.slice(16, 20) === '007F' && r.hex.slice(20) === payload && r.at <= time).pop();
    w.cards.push(Object.assign({ seat, value: card.value, suit: card.suit, drawn: time,
      arrival: arrival ? arrival.at : null, prevTick: w.prevTick, lastTick: w.lastTick }, w.check(seat, card)));
    if (w.pause) w.scripted().forEach(a => a.pause());
  };
}
"""

CARDS_JS = "return window.__turned ? window.__turned.cards : []"


def describe(card: dict) -> str:
    what = {k: (round(v, 3) if isinstance(v, float) else v) for k, v in card.items()}
    return json.dumps(what)


def assert_face_shown(card: dict, where: str) -> None:
    assert card["how"] in ("flight", "placed"), f"{where}: the turned card is nowhere on the screen: {describe(card)}"
    assert card["ok"], (
        f"{where}: in the frame that drew it, the turned card's face should show its value, turned towards us "
        f"(m33 > 0.5), at least 0.7 of a card wide, not hidden or faded: {describe(card)}")


@pytest.mark.parametrize("size,reduced_motion", [(DESKTOP, False), (PHONE, False), (DESKTOP, True)],
                         ids=["desktop", "phone", "reduced-motion"])
def test_a_turned_card_shows_its_face_in_the_first_frame(snap_server, browser, capsys, size, reduced_motion):
    server = snap_server(speed=2, grace=5)
    label = f"{size_name(size)}{'-still' if reduced_motion else ''}"
    page = browser(f"turned-{label}", size)
    if reduced_motion:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    page.open(server.url + "/")
    page.js(TURNED_WATCH_JS, "installing the turned-card watch")
    page.enter_name(HOST_NAME)
    page.choose_solo_round(0)
    page.click("#single-player")
    page.wait_screen("table", timeout=20)
    player = Player(page, snap_on_match=False, taps=size == PHONE)

    def cards() -> list[dict]:
        return page.js(CARDS_JS, "reading window.__turned.cards") or []

    wanted_flights = 0 if reduced_motion else 3
    play_until([player], lambda: len(cards()) >= 8 and sum(c["how"] == "flight" for c in cards()) >= wanted_flights,
               timeout=90, what=f"8 turned cards drawn (at least {wanted_flights} of them flying)")

    seen = cards()
    for card in seen:
        where = f"{label}, seat {card['seat']}'s {card['value']}/{card['suit']}"
        assert_face_shown(card, where)
        assert card["arrival"] is not None, f"{where}: no CardTurned arrival recorded before it was drawn"
        assert card["prevTick"] < card["arrival"] <= card["lastTick"] <= card["drawn"], (
            f"{where}: it should be drawn in the first frame after its packet arrived (the frame before it "
            f"began before the arrival): {describe(card)}")
        if card["how"] == "flight":
            assert card["flightAt"] == 0, f"{where}: the face should show at the flight's start: {describe(card)}"
    if reduced_motion:
        assert all(c["how"] == "placed" for c in seen), f"with reduced motion no card flies: {seen}"

    delays = [card["drawn"] - card["arrival"] for card in seen]
    lines = [f"  seat {c['seat']} {c['value']:>2}/{c['suit']} {c['how']:<6} arrival→drawn {d:6.2f} ms"
             for c, d in zip(seen, delays)]
    summary = (f"{label}: CardTurned arrival (WebSocket message) → drawn (onShown), {len(seen)} cards: "
               f"min {min(delays):.2f} ms, median {sorted(delays)[len(delays) // 2]:.2f} ms, max {max(delays):.2f} ms")
    with capsys.disabled():
        print("\n" + summary + "\n" + "\n".join(lines))
    out = SCREENSHOTS.parent / f"turned-card-{label}.json"
    out.write_text(json.dumps({"summary": summary, "cards": seen}, indent=2) + "\n")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_turned_card_keeps_its_face_up_through_its_flight(server, browser, size):
    """Against a scripted server: Bob (top) turns the 7 of hearts, then Ann (bottom) the 7 of spades. Each
    flight is paused in its first frame and stepped through: the face shows all the way. Screenshots of the
    first frame and of the middle of each flight."""
    page = scripted_table(browser, f"flight-{size_name(size)}", size=size)
    page.open(server.url + "/")
    page.js(TURNED_WATCH_JS, "installing the turned-card watch")
    page.js("window.__turned.pause = true", "pausing flights at their first frame")
    page.enter_name(HOST_NAME)
    page.click("#host-game")
    page.wait_screen("lobby")
    deliver(page, "{type: 'DealCards', round: 1, startingSeat: 2, counts: [{seat: 0, count: 26}, {seat: 2, count: 26}]}")
    page.wait_screen("table")
    deliver(page, "{type: 'DealFinished'}", "{type: 'ActivatePlayer', id: 'p2'}")
    page.settle_motion()

    for index, (seat, turned, who) in enumerate(((2, "{suit: 2, value: 7}", "top"),
                                                  (0, "{suit: 3, value: 7}", "bottom"))):
        time.sleep(1.1)  # a slow table: the flight gets its full length
        deliver(page, f"{{type: 'CardTurned', seat: {seat}, card: {turned}}}")
        page.poll(lambda _: len(page.js(CARDS_JS, "reading the cards")) > index, 5)
        first = page.js(CARDS_JS, "reading the cards")[index]
        assert first["how"] == "flight", f"a turn on a slow table should fly: {describe(first)}"
        assert_face_shown(first, f"{who} seat's first frame")
        page.screenshot(f"turned-{size_name(size)}-{who}-first-frame")
        duration = first["flightMs"]
        for at in [*range(0, int(duration), 20), duration - 1]:  # at `duration` it has landed
            state = page.js(f"""const w = window.__turned; w.scripted().forEach(a => {{ a.currentTime = {at}; }});
                return w.check({seat}, {turned});""", "stepping the flight")
            assert_face_shown(state, f"{who} seat's flight at {at} ms of {duration:.0f}")
            if at == 100 or at == 200:
                page.screenshot(f"turned-{size_name(size)}-{who}-at-{at}ms")
        page.js("window.__turned.scripted().forEach(a => a.finish())", "landing the flight")
        page.settle_motion()
        if seat == 2:
            deliver(page, "{type: 'ActivatePlayer', id: 'p1'}")
    landed = page.wait_for("both sevens face up on their open piles", lambda s: len(s.tops) == 2 and s.has_match)
    assert {(v, s) for _, v, s in landed.tops} == {("7", "hearts"), ("7", "spades")}, landed.summary()
    page.screenshot(f"turned-{size_name(size)}-match")
