"""Colour vision and phone habits (issue 27, items 4 and 5), in a real Chromium against a real `snap serve`: the
four-colour deck, remembered and drawn on the table; the fullscreen button; vibration on your turn and on your own
judged call, and none with the setting off or under reduced motion; the screen's wake lock during a round; the web
app manifest and its icons; a single-player table that fits a phone on its side (844×390).
"""

from __future__ import annotations

import json
import struct
import time
import urllib.request

import pytest

from snap_browser import DESKTOP, OVERLAPS_JS, PHONE, PHONE_LANDSCAPE, Player, play_until
from test_web_client import size_name

# Installed before the page's own scripts (Chrome DevTools protocol): records what the page asks of the device,
# then lets the browser do it. A browser without navigator.vibrate gets one that only records, as a phone would.
DEVICE_OBSERVER_JS = r"""
(() => {
  if (window.__device) return;
  const rec = window.__device = { vibrations: [], fullscreenRequests: 0, wakeRequests: [], wakeLocks: [] };
  const vibrate = navigator.vibrate ? navigator.vibrate.bind(navigator) : () => true;
  navigator.vibrate = (pattern) => { rec.vibrations.push(pattern); return vibrate(pattern); };
  const request = Element.prototype.requestFullscreen;
  Element.prototype.requestFullscreen = function (...args) { rec.fullscreenRequests += 1; return request.apply(this, args); };
  if (window.WakeLock) {
    const ask = WakeLock.prototype.request;
    WakeLock.prototype.request = function (type) {
      rec.wakeRequests.push(type);
      return ask.call(this, type).then((lock) => { rec.wakeLocks.push(lock); return lock; },
                                       (error) => { rec.wakeRequests.push('refused: ' + error.name); throw error; });
    };
  }
})();
"""

DEVICE_JS = """const d = window.__device;
return { vibrations: d.vibrations, fullscreenRequests: d.fullscreenRequests, wakeRequests: d.wakeRequests,
         held: d.wakeLocks.filter(lock => !lock.released).length, locks: d.wakeLocks.length };"""

# Every face on the table (open piles, the card under the top one, cards in flight): its suit and the colour its
# suit symbols are filled with.
FACES_JS = """return [...document.querySelectorAll('#table .face svg, #flyers .face svg')].map(svg => ({
  suit: svg.getAttribute('class'), fill: getComputedStyle(svg.querySelector('use')).fill }));"""

TWO_COLOURS = {"clubs": "rgb(22, 22, 22)", "spades": "rgb(22, 22, 22)",
               "diamonds": "rgb(200, 16, 46)", "hearts": "rgb(200, 16, 46)"}
FOUR_COLOURS = {"clubs": "rgb(11, 122, 48)", "spades": "rgb(22, 22, 22)",
                "diamonds": "rgb(26, 95, 208)", "hearts": "rgb(200, 16, 46)"}


def observe_device(page, reduced_motion: bool = False) -> None:
    """Records vibrations, fullscreen and wake-lock requests from the next page load on (DEVICE_OBSERVER_JS)."""
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": DEVICE_OBSERVER_JS})
    if reduced_motion:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})


def device(page) -> dict:
    return page.js(DEVICE_JS, "reading window.__device")


def set_setting(page, box: str, on: bool) -> None:
    """Ticks or unticks a setting on the menu by clicking its label, as a person does."""
    if page.js(f"return document.getElementById('{box}').checked", f"reading #{box}") != on:
        page.click(f"label:has(> #{box})")
    page.wait_for(f"#{box} {'checked' if on else 'unchecked'}",
                  lambda _: page.js(f"return document.getElementById('{box}').checked", f"reading #{box}") == on)


def faces_of_both_black_and_red_suits(page, player: Player, what: str) -> list[dict]:
    """Plays (turning our cards) until a diamond and a club both show face up; returns the faces then."""
    found: dict = {}

    def enough() -> bool:
        faces = page.js(FACES_JS, "reading the faces")
        found["faces"] = faces
        return {"diamonds", "clubs"} <= {face["suit"] for face in faces}

    play_until([player], enough, timeout=60, what=what)
    return found["faces"]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_four_colour_deck_is_remembered_and_colours_the_cards(server, browser, size):
    page = browser("ann", size)
    page.single_player(server.url, "Ann")
    player = Player(page, snap_on_match=False)
    faces = faces_of_both_black_and_red_suits(page, player, "a diamond and a club face up (two colours)")
    for face in faces:
        assert face["fill"] == TWO_COLOURS[face["suit"]], f"two-colour deck: {face}"

    page.click("#exit")
    page.click("#confirm-yes")
    page.wait_screen("menu")
    assert page.element("#four-colour").accessible_name.startswith("Four-colour deck")
    set_setting(page, "four-colour", True)
    page.js("document.querySelector('.settings').scrollIntoView({block: 'center'})", "showing the settings")
    page.screenshot(f"menu-settings-{size_name(size)}")
    page.open(server.url + "/")
    assert page.js("return document.getElementById('four-colour').checked", "reading #four-colour"), (
        "the four-colour deck was not remembered across a reload")
    assert page.js("return localStorage.getItem('snap.fourColour')", "reading the stored setting") == "1"

    page.single_player(server.url, "Ann")
    player = Player(page, snap_on_match=False)
    faces = faces_of_both_black_and_red_suits(page, player, "a diamond and a club face up (four colours)")
    for face in faces:
        assert face["fill"] == FOUR_COLOURS[face["suit"]], f"four-colour deck: {face}"
    page.settle_motion()
    page.screenshot(f"four-colour-table-{size_name(size)}")
    assert page.overlaps() == []


def test_fullscreen_button_beside_mute_at_the_table(server, browser):
    page = browser("ann", DESKTOP)
    observe_device(page)
    page.open(server.url + "/")
    assert not page.present("#fullscreen"), "the fullscreen button belongs to the table, not the menu"
    page.single_player(server.url, "Ann")
    button = page.element("#fullscreen")
    assert button.accessible_name == "Full screen"
    assert button.get_attribute("aria-pressed") == "false"
    boxes = page.js("""const box = id => document.getElementById(id).getBoundingClientRect().toJSON();
        return { full: box('fullscreen'), mute: box('mute') };""", "measuring the top bar's buttons")
    full, mute = boxes["full"], boxes["mute"]
    assert full["right"] <= mute["left"] and mute["left"] - full["right"] < 24, f"not beside mute: {boxes}"
    assert abs(full["top"] - mute["top"]) < 8, f"not level with mute: {boxes}"

    button.click()
    page.wait_for("a fullscreen request", lambda _: device(page)["fullscreenRequests"] == 1)
    # Headless Chromium may or may not grant it; the button says what the page really is, either way.
    page.wait_for("#fullscreen's aria-pressed following document.fullscreenElement", lambda _: page.js(
        "return String(!!document.fullscreenElement) === document.getElementById('fullscreen').getAttribute('aria-pressed')",
        "reading the fullscreen state"))
    if page.js("return !!document.fullscreenElement", "reading document.fullscreenElement"):
        page.click("#fullscreen")
        page.wait_for("the page leaving fullscreen", lambda _: page.js(
            "return !document.fullscreenElement && document.getElementById('fullscreen').getAttribute('aria-pressed') === 'false'",
            "reading the fullscreen state"))


def wait_your_turn(page, what: str):
    return page.wait_for(what, lambda s: s.get("statusKind") == "yourTurn", timeout=30)


def test_vibration_on_your_turn_and_your_judged_call(server, browser):
    page = browser("ann", PHONE)
    observe_device(page)
    page.open(server.url + "/")
    assert page.present("#vibration"), "a browser that vibrates offers the setting"
    assert page.js("return document.getElementById('vibration').checked", "reading #vibration"), "on by default"
    page.single_player(server.url, "Ann")
    wait_your_turn(page, "your turn")
    assert [40] in device(page)["vibrations"], f"no vibration on your turn: {device(page)}"

    # Call Snap! until our own call is judged (a wrong call on a quiet table, or a correct one on a pair).
    player = Player(page, snap_on_match=True)
    judged = {}

    def our_call_judged() -> bool:
        player.try_wrong_call(every=0.5)
        mine = [v for v in page.snapshot()["verdicts"] if v["shown"] == "0" and v["verdict"] != "tooLate"]
        judged["verdicts"] = mine
        return bool(mine)

    play_until([player], our_call_judged, timeout=40, what="a call of ours judged (bubble by seat 0)")
    expected = {"wrong": [220], "correct": [60, 50, 60]}[judged["verdicts"][0]["verdict"]]
    page.wait_for(f"the vibration {expected} for our judged call", lambda _: expected in device(page)["vibrations"])


@pytest.mark.parametrize("why", ["setting-off", "reduced-motion"])
def test_no_vibration_when_the_setting_is_off_or_motion_is_reduced(server, browser, why):
    page = browser("ann", PHONE)
    observe_device(page, reduced_motion=why == "reduced-motion")
    page.open(server.url + "/")
    if why == "setting-off":
        set_setting(page, "vibration", False)
        page.open(server.url + "/")
        assert not page.js("return document.getElementById('vibration').checked", "reading #vibration"), (
            "vibration off was not remembered across a reload")
    else:
        state = page.js("""const box = document.getElementById('vibration');
            return { checked: box.checked, disabled: box.disabled, note: !document.getElementById('vibration-calm').hidden };""",
                        "reading the vibration setting")
        assert state == {"checked": False, "disabled": True, "note": True}, state
    page.single_player(server.url, "Ann")
    # The vibration would come with the ActivatePlayer packet, before the frame that says "your turn". A call may
    # stop the table just as our turn comes (Enter is refused then) or take our card away at once: the player
    # presses again while it is our turn, until our face-down pile has given a card.
    wait_your_turn(page, "your turn")
    dealt = page.snapshot().me["closed"]
    player = Player(page, snap_on_match=False)
    play_until([player], lambda: player.turns > 0 and (player.last.me or {}).get("closed", dealt) < dealt,
               timeout=30, what="our card turned (our face-down pile a card smaller)")
    assert device(page)["vibrations"] == [], f"vibrated although {why}: {device(page)}"


def test_screen_kept_awake_during_a_round_and_let_go_after(server, browser):
    page = browser("ann", DESKTOP)
    observe_device(page)
    page.open(server.url + "/")
    assert device(page)["wakeRequests"] == [], "nothing is asked for on the menu"
    page.single_player(server.url, "Ann")
    page.wait_for("a screen wake lock asked for", lambda _: "screen" in device(page)["wakeRequests"])
    # 127.0.0.1 is a secure context, where Chromium grants it (a plain LAN address has no navigator.wakeLock).
    page.wait_for("the wake lock held", lambda _: device(page)["held"] == 1)
    page.click("#exit")
    page.click("#confirm-yes")
    page.wait_screen("menu")
    page.wait_for("the wake lock let go once the table is left", lambda _: device(page)["held"] == 0)
    assert device(page)["wakeRequests"] == ["screen"], device(page)


def read(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers.get("Content-Type", ""), response.read()


def test_manifest_is_served_parsed_and_its_icons_load(server, browser):
    kind, body = read(server.url + "/manifest.webmanifest")
    assert kind.startswith("application/manifest+json"), kind
    manifest = json.loads(body)
    assert manifest["name"].startswith("Snap!") and manifest["short_name"] == "Snap!"
    assert manifest["start_url"] == "/" and manifest["display"] in ("standalone", "fullscreen")
    page_html = read(server.url + "/")[1].decode()
    assert f'content="{manifest["theme_color"]}"' in page_html, "the theme colour is the page's"
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page_html
    sizes = {}
    for icon in manifest["icons"]:
        kind, data = read(server.url + icon["src"])
        assert kind.startswith(icon["type"]), (icon, kind)
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n", icon
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"], (icon, width, height)
            sizes.setdefault(icon["purpose"], set()).add(width)
        else:
            assert b"<svg" in data, icon
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"], sizes

    page = browser("ann", DESKTOP)
    page.open(server.url + "/")
    parsed = page.driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert parsed["url"].endswith("/manifest.webmanifest"), parsed
    assert parsed.get("errors") == [], f"Chromium's manifest parser complained: {parsed.get('errors')}"


# The table's boxes on a phone on its side: each must show whole, and none may cover another.
FIT_JS = r"""
const shows = el => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
const named = [...document.querySelectorAll('.seat')].filter(s => !s.hasAttribute('data-empty')).flatMap(s =>
  ['.plate', '.closed-pile', '.open-pile'].map(sel => [`seat ${s.dataset.shown} ${sel}`, s.querySelector(sel)]))
  .concat(['snap', 'status', 'exit', 'table-label', 'fullscreen', 'mute', 'round-clock']
    .map(id => ['#' + id, document.getElementById(id)]))
  .filter(([, el]) => shows(el));
const problems = [];
const boxes = named.map(([name, el]) => [name, el.getBoundingClientRect()]);
for (const [name, r] of boxes)
  if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
    problems.push(`${name} leaves the screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const [a, r] = boxes[i], [b, s] = boxes[j];
  if (Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1 && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1)
    problems.push(`${a} overlaps ${b}`);
}
const root = document.scrollingElement;
if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1)
  problems.push(`the page scrolls (${root.scrollWidth}×${root.scrollHeight})`);
// Read in the same moment as the boxes: a bubble that stands in a plate's place may be gone a moment later.
const called = [...document.querySelectorAll('.seat[data-call]')].map(s => s.dataset.shown);
return { problems, shown: named.map(([name]) => name), called };
"""


# Measures the table (FIT_JS, OVERLAPS_JS) with every call's bubble at its full size, once a bubble, in the first
# frame that shows it: window.__bubbleLooks counts them and keeps what was wrong. Its pop is finished at once: at the
# test server's speed (20) a bubble often goes with the next card before its 280 ms pop would have ended, and a look
# that waited for the pop measured few bubbles, so that the test passed only when the round ended in time.
BUBBLE_LOOKS_JS = ("const fit = () => {" + FIT_JS + "};\nconst overlaps = () => {" + OVERLAPS_JS + "};\n" + r"""
const looks = window.__bubbleLooks = { looks: 0, problems: [], measured: new WeakSet() };
const frame = () => {
  for (const bubble of document.querySelectorAll('.seat .bubble[data-verdict]')) {
    if (looks.measured.has(bubble)) continue;
    for (const animation of bubble.getAnimations()) animation.finish();
    looks.measured.add(bubble);
    looks.looks += 1;
    for (const problem of [...fit().problems, ...(overlaps() || [])])
      if (!looks.problems.includes(problem)) looks.problems.push(problem);
  }
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
""")


def test_landscape_phone_table_fits(server, browser):
    page = browser("ann", PHONE_LANDSCAPE)
    page.single_player(server.url, "Ann")
    player = Player(page, snap_on_match=False)
    # Mid-round, with cards face up, so that the open piles are drawn too.
    play_until([player], lambda: len(page.snapshot().tops) >= 3, timeout=40,
                what="a card face up on three seats or more")
    page.settle_motion()
    fit = page.js(FIT_JS, "measuring the table's boxes")
    page.screenshot("landscape-table-844x390")
    for needed in ("#snap", "#status", "#exit", "#fullscreen", "#mute", "seat 0 .open-pile"):
        assert needed in fit["shown"], f"{needed} does not show: {fit['shown']}"
    # The top seat's plate, unless a call's bubble stood in its place at that moment.
    assert "seat 2 .plate" in fit["shown"] or "2" in fit["called"], (
        f"seat 2 .plate does not show: {fit['shown']} (seats with a call: {fit['called']})")
    assert fit["problems"] == [], fit["problems"]
    assert page.overlaps() == []

    # And while play goes on, calls and their bubbles included: every bubble measured by the page itself once it
    # has popped to its full size — a bubble lasts a moment, which a look from here, slower on a busy machine,
    # would catch only by chance.
    player.snap_on_match = True
    page.js(BUBBLE_LOOKS_JS, "installing the bubbles' measurer")
    seen = {}
    problems: set[str] = set()

    def look() -> None:
        # The table between calls, looked at from here after every step.
        problems.update(page.overlaps() + page.js(FIT_JS, "measuring the table's boxes")["problems"])
        calls = any(s["verdict"] for s in player.last.seats)
        if calls and "bubble" not in seen and page.screenshot_showing(
                "landscape-table-844x390-verdict", lambda s: any(x["verdict"] for x in s.seats)):
            seen["bubble"] = True
        if not calls:
            player.try_wrong_call(every=3)

    def looks() -> dict:
        return page.js("return {looks: window.__bubbleLooks.looks, problems: window.__bubbleLooks.problems};",
                       "reading the bubbles' measurements")

    play_until([player], lambda: looks()["looks"] >= 20 or player.won, timeout=90, extra=look,
               what="twenty bubbles measured at their full size, or the round's end")
    measured = looks()
    print(f"[landscape 844x390] {measured['looks']} bubbles measured at their full size")
    assert measured["looks"] >= 1, "no call's bubble was measured at its full size"
    assert not measured["problems"] and not problems, sorted(problems | set(measured["problems"]))
