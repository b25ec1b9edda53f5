"""The web client in English, German and Japanese, at phone and desktop size: the menu, the waiting room, the join
screen, a single-player round to the winner banner, the history, a replay and a player's page, each in the browser's
language (navigator.languages). On every screen: <html lang> is the language's, a known text is in it, no text
overflows its button, status line or bubble, and axe-core finds no serious or critical violation (counts by rule
are printed). Screenshots of every screen go to $SNAP_I18N_SHOTS (/tmp/i18n-shots unless set), to be looked at;
$SNAP_I18N_LANGS adds languages.

The chooser on the menu is tested too: a language picked there is remembered and outlasts a reload.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import Select

from axe_check import axe_violations, counts_by_rule, failing
from snap_browser import DESKTOP, PHONE, ROOT, Player, play_until
from test_history import wait_js
from test_web_client import size_name

SHOTS = Path(os.environ.get("SNAP_I18N_SHOTS", "/tmp/i18n-shots"))
# English, the longest words (German) and the other script (Japanese); SNAP_I18N_LANGS="en,nl,de,fr,es,pt-BR,ja"
# tours them all.
LANGUAGES = os.environ.get("SNAP_I18N_LANGS", "en,de,ja").split(",")
CATALOGUES = ROOT / "Sources" / "SnapLocalization" / "Catalogues"

# Every text in a button, a status line, a bubble, a notice or a banner that is cut off or spills out of its box:
# the text's own extent (a Range around it) outside the element's border box, so that a box's decoration (a
# bubble's tail) does not count; and any row or panel wider than it may be (scrollWidth).
TEXT_BOXES = ("button, .button-link, #status, #call-margin, .bubble, .notice, #result-text, #standings span, .plate, "
              ".plate .name, "
              ".tag, legend, label, .menu-buttons small, .seats, #table-label, .stat .what, .facts dt")
ROWS = ".panel, fieldset, .menu-buttons, .lobby-buttons, #replay-controls .buttons, .controls"
OVERFLOW_JS = "const textBoxes = " + json.dumps(TEXT_BOXES) + "; const rows = " + json.dumps(ROWS) + ";" + """
const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')} ` +
  `"${e.innerText.trim().slice(0, 60)}"`;
// The text a person sees in `e`: its text nodes, less those only a screen reader reads (.visually-hidden).
const seenText = (e) => {
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  const rects = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || node.parentElement.closest('.visually-hidden')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    rects.push(...range.getClientRects());
  }
  return rects;
};
const spilled = [...document.querySelectorAll(textBoxes)].filter(shown).filter((e) => {
  const box = e.getBoundingClientRect();
  return seenText(e).some((text) => text.width > 0 && (text.left < box.left - 1 || text.right > box.right + 1
    || text.top < box.top - 1 || text.bottom > box.bottom + 1));
}).map((e) => name(e) + ' (its text spills out)');
const wide = [...document.querySelectorAll(rows)].filter(shown).filter((e) => e.scrollWidth > e.clientWidth + 1)
  .map((e) => name(e).slice(0, 60) + ` (${e.scrollWidth}>${e.clientWidth})`);
return spilled.concat(wide);
"""


def catalogue(tag: str) -> dict:
    return json.loads((CATALOGUES / f"{tag}.json").read_text())


def rounds_of(url: str) -> list[dict]:
    with urllib.request.urlopen(f"{url}/api/rounds", timeout=10) as response:
        return json.loads(response.read())["rounds"]


class Tour:
    """One language at one size: checks and photographs each screen as it comes."""

    def __init__(self, tag: str, size: tuple[int, int]):
        self.tag = tag
        self.words = catalogue(tag)
        self.label = f"{tag}-{size_name(size)}"
        self.axe: dict[str, list[dict]] = {}
        self.overflows: dict[str, list[str]] = {}

    def check(self, screen: str, page, settle: bool = True) -> None:
        if settle:
            page.settle_motion()
        lang = page.js("return document.documentElement.lang", "reading <html lang>")
        assert lang == self.tag, f"{self.label} {screen}: <html lang={lang!r}>"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.driver.save_screenshot(str(SHOTS / f"{self.label}-{screen}.png"))
        self.overflows[screen] = page.js(OVERFLOW_JS, "measuring overflowing text")
        self.axe[screen] = axe_violations(page.driver)

    def weight(self, screen: str, page) -> None:
        """Checks that the page fetched its own language's catalogue and no other; on the menu, prints the bytes it
        loaded (uncompressed): its HTML, CSS, scripts and that catalogue. The table is the same page."""
        files = page.js("""return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
          .filter((e) => new URL(e.name).origin === location.origin && !e.name.includes('/api/'))
          .map((e) => [new URL(e.name).pathname, e.decodedBodySize])""", "reading the loaded files")
        catalogues = [name for name, _ in files if name.startswith("/i18n/")]
        assert catalogues == [f"/i18n/{self.tag}.json"], f"{self.label} {screen}: catalogues loaded: {catalogues}"
        if screen != "menu":
            return  # the same page: what it loaded is in the cache, and nothing was added but the socket
        total = sum(size for _, size in files)
        by_kind = {kind: sum(size for name, size in files if name.endswith(kind)) for kind in (".js", ".css", ".json")}
        print(f"\n{self.label} {screen}: {total} bytes in {len(files)} files ({by_kind}, the rest HTML)")

    def text(self, page, selector: str) -> str:
        return page.js(f"return document.querySelector({json.dumps(selector)})?.innerText.trim() ?? ''",
                       f"reading {selector}")

    def report(self) -> None:
        print(f"\n{self.label}: axe-core violations by rule (nodes), and overflowing text")
        for screen, violations in self.axe.items():
            counts = counts_by_rule(violations)
            print(f"  {screen}: " + (", ".join(f"{rule} {n}" for rule, n in sorted(counts.items())) or "none")
                  + (f"; overflow: {self.overflows[screen]}" if self.overflows[screen] else ""))
        serious = {screen: failing(v) for screen, v in self.axe.items() if failing(v)}
        assert not serious, f"{self.label}: serious or critical accessibility violations:\n" + "\n".join(
            f"  {screen}: {v['id']} ({v['impact']}): {v['help']} — " + "; ".join(
                n["target"] for n in v["nodes"][:6]) for screen, vs in serious.items() for v in vs)
        spilled = {screen: found for screen, found in self.overflows.items() if found}
        assert not spilled, f"{self.label}: text overflowing its box: {spilled}"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("tag", LANGUAGES)
def test_every_screen_speaks_the_browsers_language(snap_server, browser, tag, size):
    server = snap_server(speed=50, grace=5, db=":memory:")
    tour = Tour(tag, size)
    words = tour.words

    host = browser("host", size, lang=tag)
    host.open(server.url + "/")
    wait_js(host, "the page's language", f"return document.documentElement.lang === {json.dumps(tag)}")
    assert tour.text(host, "#single-player [data-i18n]") == words["menu.single"]
    assert tour.text(host, ".tagline") == words["menu.tagline"]
    tour.check("menu", host)
    tour.weight("menu", host)

    host.host_table(server.url, "Ann")
    assert tour.text(host, "#lobby-title") == words["lobby.title"]
    assert tour.text(host, "#start-round") == words["lobby.start"]
    tour.check("waiting-room", host)

    player = browser("player", size, lang=tag)
    player.open(server.url + "/")
    player.enter_name("Bea")
    player.click("#join-game")
    player.wait_screen("join")
    wait_js(player, "Ann's table in the list", "return !!document.querySelector('#table-list > li')")
    host_of = words["join.hostsTable"].replace("{host}", "Ann")
    assert tour.text(player, "#table-list .host") == host_of
    assert tour.text(player, "#table-list .watch") == words["join.watch"]
    tour.check("join", player)
    player.single_player(server.url, "Bea", round_seconds=180)
    dealing = words["status.dealing"]
    player.wait_for("the deal to finish", lambda s: s.me and (s.me["closed"] or 0) > 0 and s.status != dealing,
                    timeout=30)
    tour.check("table", player)
    tour.weight("table", player)
    bot = Player(player)
    play_until([bot], lambda: bot.won, timeout=90, what="#round-result once the quick round ran out")
    statuses = player.snapshot().get("statuses") or []
    your_turn = {words["status.yourTurn.touch"], words["status.yourTurn.pointer"]}
    assert your_turn & set(statuses), f"{tour.label}: no 'your turn' line among {statuses[:12]}"
    result = tour.text(player, "#result-text")
    assert result in {words["status.winner.you"]} | {words["status.winner"].replace("{name}", n)
                                                      for n in ("Ray", "Lucy", "Steve")}, result
    tour.check("round-over", player)

    deadline = time.monotonic() + 20
    rounds: list[dict] = []
    while time.monotonic() < deadline and not rounds:
        rounds = rounds_of(server.url)
        time.sleep(0.1)
    assert rounds, "the finished round never showed in GET /api/rounds"
    pages = {
        "history": ("/history", "#history-title", words["history.recent"]),
        "replay": (f"/replay/{rounds[0]['id']}", "#facts-list dt", words["replay.played"]),
        "player": ("/players/Bea", ".stat .what", words["player.roundsPlayed"]),
    }
    for screen, (path, selector, expected) in pages.items():
        host.driver.get(server.url + path)
        wait_js(host, f"the {screen} page drawn from /api", "return document.body.dataset.state === 'ready'")
        assert tour.text(host, selector) == expected, f"{tour.label} {screen}: {selector}"
        tour.check(screen, host, settle=screen == "replay")
    tour.report()


def test_the_language_chosen_on_the_menu_is_remembered(server, browser):
    page = browser("chooser", DESKTOP)
    page.open(server.url + "/")
    wait_js(page, "English first", "return document.documentElement.lang === 'en'")
    options = page.js("return [...document.querySelectorAll('#language option')].map((o) => o.textContent)",
                      "reading the languages")
    assert options == ["English", "Nederlands", "Deutsch", "Français", "Español", "Português (Brasil)", "日本語"]
    Select(page.element("#language")).select_by_value("de")
    wait_js(page, "the page in German after the choice", "return document.documentElement.lang === 'de'")
    assert page.js("return document.querySelector('#single-player [data-i18n]').innerText", "reading") == \
        catalogue("de")["menu.single"]
    page.driver.refresh()
    wait_js(page, "German after a reload", "return document.documentElement.lang === 'de'")
    assert page.js("return localStorage.getItem('snap.language')", "reading the choice") == "de"
    assert page.js("return document.getElementById('language').value", "reading the chooser") == "de"
    # Only the chosen catalogue was fetched.
    fetched = page.js("return performance.getEntriesByType('resource').map((e) => e.name)"
                      ".filter((n) => n.includes('/i18n/'))", "reading the requests")
    assert [name.rsplit("/", 1)[1] for name in fetched] == ["de.json"], fetched
