"""Playing without sight, and with the keyboard alone (issue 27, docs/WEB_CLIENT.md "Screen readers").

- What the polite live region #announcer says during a real single-player round, read as a screen reader hears it
  (every paragraph added to it, with when), against the packets the page received (every frame, decoded by the
  page's own codec.js): each call's verdict, each payment and collected pile and the winner are said in the batch
  that follows them; the card a batch says was turned is the last one turned before it; nothing is said faster
  than the announcer's gap. In English and German, with the sentences taken from each language's catalogue.
- A whole round from the menu to the winner banner with the keyboard alone: Tab, Enter and Space on whatever has
  the focus, and every control reached by Tab shows where the focus is.
- Every pile has an accessible name that says what it holds.
"""

from __future__ import annotations

import json
import re

from selenium.webdriver.common.keys import Keys

from snap_browser import DESKTOP, PHONE, ROOT, SNAPSHOT_JS, Player, Snapshot, play_until
from test_web_client import HOST_NAME, size_name

CATALOGUES = ROOT / "Sources" / "SnapLocalization" / "Catalogues"
SUITS = ["clubs", "diamonds", "hearts", "spades"]
# announcer.js's GAP_MS: the least time between two things said.
GAP_MS = 1200

# Before the page's scripts: every paragraph #announcer gets (its text, when), and every frame the page receives.
HEARD_JS = r"""
(() => {
  if (window.__heard) return;
  const heard = window.__heard = { said: [], frames: [] };
  const Base = window.WebSocket;
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (message) => {
        if (message.data instanceof ArrayBuffer) {
          heard.frames.push({ bytes: Array.from(new Uint8Array(message.data)), at: performance.now() });
        }
      });
    }
  };
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) {
        heard.said.push({ text: node.textContent, at: performance.now() });
      }
    }).observe(document.getElementById('announcer'), { childList: true });
  });
})();
"""

# The frames the page received, decoded by its own codec, as JSON: the table's events and who sits where.
DECODE_JS = r"""
const done = arguments[arguments.length - 1];
import('/js/codec.js').then((codec) => {
  const wanted = new Set(['ServerReady', 'PlayerJoined', 'CardTurned', 'PlayerCalledSnap', 'CardPaid', 'PileCollected',
                          'RoundWon', 'CallTiming', 'SnapJudged', 'Welcome']);
  const packets = [];
  // From protocol version 10 a message holds the packets of one moment.
  for (const frame of window.__heard.frames) {
    for (const { packet } of codec.decodeMessage(new Uint8Array(frame.bytes))) {
      if (wanted.has(packet.type)) packets.push({ ...packet, at: frame.at });
    }
  }
  done(JSON.stringify({ packets, said: window.__heard.said }));
}, (error) => done(JSON.stringify({ error: String(error) })));
"""


class Words:
    """One language's catalogue, filled as the page fills it (placeholders; plural forms by count)."""

    def __init__(self, tag: str):
        self.tag = tag
        self.entries = json.loads((CATALOGUES / f"{tag}.json").read_text())

    def __call__(self, key: str, count: int | None = None, **args) -> str:
        entry = self.entries[key]
        if isinstance(entry, dict):
            entry = entry["one"] if count == 1 and "one" in entry else entry["other"]
        return re.sub(r"\{(\w+)\}", lambda m: str(args.get(m.group(1), count if m.group(1) == "count" else m.group(0))),
                      entry)

    def prefixes(self, key: str, before: str, **args) -> list[str]:
        """The filled start of each form of `key`, up to the placeholder `before`."""
        entry = self.entries[key]
        forms = entry.values() if isinstance(entry, dict) else [entry]
        return [re.sub(r"\{(\w+)\}", lambda m: str(args.get(m.group(1), m.group(0))), form.split("{" + before + "}")[0])
                for form in forms]

    def card(self, card: dict) -> str:
        return self("card.name", value=self(f"card.value.{card['value']}"), suit=self(f"card.suit.{SUITS[card['suit']]}"))


def heard(page) -> tuple[list[dict], list[dict]]:
    """(packets with `at`, paragraphs said with `at`) of the page so far."""
    raw = json.loads(page.driver.execute_async_script(DECODE_JS))
    assert "error" not in raw, f"decoding the page's frames: {raw['error']}"
    return raw["packets"], raw["said"]


def check_what_was_said(page, words: Words, packets: list[dict], said: list[dict]) -> dict:
    """Asserts that the announcements match the packets; returns counts by kind, for the report."""
    me = next(p["id"] for p in packets if p["type"] == "Welcome")
    names, seats = {}, {}
    for packet in packets:
        for entry in packet.get("players", []) if packet["type"] == "ServerReady" else (
                [packet] if packet["type"] == "PlayerJoined" else []):
            seats[entry["id"]] = entry["seat"]
            names[entry["seat"]] = entry["name"]
    my_seat = seats[me]
    you = words("player.you")

    def after(packet) -> dict:
        """The first batch said after the packet came: the one it is in."""
        batch = next((s for s in said if s["at"] > packet["at"]), None)
        assert batch is not None, f"nothing was said after {packet}; said: {said[-5:]}"
        return batch

    for earlier, later in zip(said, said[1:]):
        # A timer may fire a little early or late; never by a fifth of the gap.
        assert later["at"] - earlier["at"] >= GAP_MS * 0.8, f"said too soon after each other: {earlier} {later}"

    counts = {"said": len(said), "turns said": 0, "turns": 0, "calls": 0, "payments": 0, "collections": 0}
    turned = [p for p in packets if p["type"] == "CardTurned"]
    def turned_words(packet) -> str:
        card = words.card(packet["card"])
        return (words("announce.turned.you", card=card) if packet["seat"] == my_seat
                else words("announce.turned", name=names[packet["seat"]], card=card))

    for batch in said:
        before = [p for p in turned if p["at"] < batch["at"]]
        if any(turned_words(p) in batch["text"] for p in before):
            # Only the latest card turned is worth saying: the one a batch says is the last before it.
            assert turned_words(before[-1]) in batch["text"], (
                f"{batch} says an older card than the last one turned before it ({before[-1]})")
            counts["turns said"] += 1
    for packet in turned:
        counts["turns"] += 1
        assert any(s["at"] > packet["at"] for s in said), f"nothing was said after the card turned: {packet}"
    assert counts["turns said"] > 0, f"no turned card was said: {said[:5]}"

    for packet in packets:
        kind = packet["type"]
        if kind in ("PlayerCalledSnap", "SnapJudged"):
            # A judged call comes as SnapJudged (by seat) to a version 10 page; a call too late as PlayerCalledSnap.
            seat = packet["call"]["seat"] if kind == "SnapJudged" else seats[packet["id"]]
            verdict = (packet["call"] if kind == "SnapJudged" else packet)["verdict"]["kind"]
            expected = (words(f"announce.snap.{verdict}.you") if seat == my_seat
                        else words(f"announce.snap.{verdict}", name=names[seat]))
            batch = after(packet)
            assert expected in batch["text"], f"the call {packet} should be said as {expected!r} in {batch}"
            counts["calls"] += 1
        elif kind == "CardPaid":
            payer = packet["from"]
            if payer == my_seat:
                expected = words.prefixes("announce.pays.you", "to")
            elif packet["to"] == my_seat:
                expected = [words("announce.pays.toYou", name=names[payer])] + words.prefixes(
                    "announce.pays", "to", name=names[payer])
            else:
                expected = words.prefixes("announce.pays", "to", name=names[payer])
            batch = after(packet)
            assert any(e in batch["text"] for e in expected), (
                f"the payment {packet} should be said ({expected}) in {batch}")
            counts["payments"] += 1
        elif kind == "PileCollected":
            seat = packet["to"]
            expected = (words.prefixes("announce.collects.you", "count") if seat == my_seat
                        else words.prefixes("announce.collects", "count", name=names[seat]))
            batch = after(packet)
            assert any(e in batch["text"] for e in expected), f"{packet} should be said ({expected}) in {batch}"
            counts["collections"] += 1
        elif kind == "RoundWon":
            seat = packet["seat"]
            expected = words("status.winner.you") if seat == my_seat else words("status.winner", name=names[seat])
            batch = after(packet)
            assert expected in batch["text"], f"the winner should be said as {expected!r} in {batch}"
    assert you not in names.values()
    return counts


def play_a_round_listening(browser, snap_server, tag: str, size, round_seconds: int, speed: float):
    server = snap_server(speed=speed, grace=5)
    page = browser(f"listening-{tag}", size, lang=tag)
    page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HEARD_JS})
    page.single_player(server.url, HOST_NAME, round_seconds=round_seconds)
    player = Player(page)

    def extra():
        if "wrong" not in player.last.verdicts_seen():
            player.try_wrong_call()  # so that a payment is said too

    play_until([player], lambda: player.won, timeout=480, extra=extra,
               what=f"#round-result naming the winner: a single-player round at speed {speed} in {tag}")
    words = Words(tag)

    def winner_said() -> bool:
        packets, said = heard(page)
        won = [p["at"] for p in packets if p["type"] == "RoundWon"]
        return bool(won) and any(s["at"] > won[-1] for s in said)

    page.wait_for("something said by #announcer after RoundWon", lambda _: winner_said(), timeout=GAP_MS / 1000 * 3)
    packets, said = heard(page)
    counts = check_what_was_said(page, words, packets, said)
    print(f"\n[{tag} {size_name(size)}] #announcer: {counts}; first: {said[0]['text']!r}; last: {said[-1]['text']!r}")
    return page, counts


def test_the_live_region_says_a_classic_round_in_english(snap_server, browser):
    page, counts = play_a_round_listening(browser, snap_server, "en", DESKTOP, round_seconds=0, speed=50)
    assert counts["calls"] > 0 and counts["payments"] > 0, counts


def test_the_live_region_says_a_quick_round_in_german(snap_server, browser):
    # A quick round of 3 minutes at speed 2.5 lasts 72 s: "one minute left" comes when its clock shows 1:00, 12 s
    # in, then time up. (The clock shows the time as it runs at that speed, and so does what is said.)
    page, counts = play_a_round_listening(browser, snap_server, "de", PHONE, round_seconds=180, speed=2.5)
    texts = " ".join(s["text"] for s in heard(page)[1])
    words = Words("de")
    assert words("announce.minuteLeft") in texts, f"'one minute left' was not said: {texts[-400:]}"
    assert words("status.timeUp") in texts or words("status.winner.you") in texts, texts[-400:]


PILES_JS = r"""
return [...document.querySelectorAll('#table .seat')].filter((seat) => seat.querySelector('.plate .name').textContent)
  .map((seat) => {
    const piles = seat.querySelector('.piles');
    const own = seat.querySelector('.closed-pile[role=button]:not([aria-hidden=true])');
    return { shown: seat.dataset.shown, role: piles.getAttribute('role'), label: piles.getAttribute('aria-label'),
             own: own ? own.getAttribute('aria-label') : null,
             hidden: [...piles.children].filter((c) => c.getAttribute('aria-hidden') === 'true').length };
  });
"""


def test_every_pile_says_what_it_holds(snap_server, browser):
    server = snap_server(speed=20, grace=5)
    page = browser("piles", DESKTOP, lang="de")
    page.single_player(server.url, HOST_NAME)
    player = Player(page, snap_on_match=False)
    play_until([player], lambda: len(player.last.tops) >= 4, timeout=60, what="a face-up card on every pile")
    player.turn = False
    words = Words("de")
    # The other players go on turning: the names and the counts are read in one script, from one moment.
    both = page.js(f"return {{ piles: (() => {{ {PILES_JS} }})(), snap: (() => {{ {SNAPSHOT_JS} }})() }};",
                   "reading the piles' names and the table")
    piles, snap = both["piles"], Snapshot(both["snap"])
    assert len(piles) == 4, piles
    for pile in piles:
        seat = snap.seat_shown(int(pile["shown"]))
        face_down = words("table.faceDown", count=seat["closed"])
        if pile["shown"] == "0":
            assert pile["role"] is None and pile["own"] and pile["own"].startswith(
                words("pile.own", faceDown=face_down, top="").split(";")[0]), pile
            assert pile["hidden"] == 1, f"the face-up pile beside the own pile's button is hidden from it: {pile}"
        else:
            assert pile["role"] == "img" and pile["hidden"] == 2, pile
            assert pile["label"].startswith(words("pile.other", name=seat["name"], faceDown=face_down, top="")
                                            .split(";")[0]), (pile, seat)
            assert "{" not in pile["label"], pile


FOCUS_SHOWN_JS = r"""
const e = document.activeElement;
if (!e || e === document.body) return null;
const style = getComputedStyle(e);
return { what: e.id || e.outerHTML.slice(0, 60), outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
         shadow: style.boxShadow !== 'none' };
"""


def test_a_keyboard_only_round_from_the_menu_to_the_winner(snap_server, browser):
    server = snap_server(speed=50, grace=5)
    page = browser("keyboard", DESKTOP)
    page.open(server.url + "/")
    focus_seen = []

    def tab_to(selector: str) -> None:
        page.tab_to(selector)
        focus = page.js(FOCUS_SHOWN_JS, "reading the focused control")
        assert focus and (focus["outline"] or focus["shadow"]), f"{selector} has the focus but does not show it: {focus}"
        focus_seen.append(focus["what"])

    tab_to("input#name")
    page.press_focused(HOST_NAME)
    # The round: Tab reaches the group's chosen radio button, the arrow keys choose Classic (the last).
    tab_to("#solo-round input:checked")
    for _ in range(4):
        if page.js('return !!document.querySelector(\'#solo-round input[value="0"]:checked\')', "reading the round"):
            break
        page.press_focused(Keys.ARROW_DOWN)
    assert page.js('return document.activeElement.value', "reading the focused round") == "0"
    # Single Player is just before the round's choice.
    page.press_focused(Keys.SHIFT + Keys.TAB)
    tab_to("#single-player")
    page.press_focused(Keys.ENTER)
    snap = page.wait_screen("lobby", "table")
    if snap.get("screen") == "lobby":
        tab_to("#start-round")
        page.press_focused(Keys.ENTER)
    page.wait_screen("table")

    player = Player(page)
    page.press = page.press_focused  # every key goes to whatever has the focus, as a person's keyboard sends it
    play_until([player], lambda: player.won, timeout=480,
               what="#round-result naming the winner: a keyboard-only single-player round (speed 50)")
    tab_to("#next-round")
    page.settle_motion()
    page.screenshot(f"keyboard-winner-{size_name(DESKTOP)}")
    page.press_focused(Keys.ENTER)
    page.wait_for("the next round dealt after Enter on Next round", lambda s: not s.round_over and s.occupied,
                  timeout=30)
    print(f"\nkeyboard only: focus shown on {focus_seen}; {player.turns} turns, {player.snaps} calls")
