"""Text at 200 % on a phone (390×844): the browser's text size set to 32 px, as a person with low vision sets it.
Every screen's text grows with it (the table's too), and nothing overlaps, spills out of its box or leaves the
screen: the menu, the join screen, the waiting room, a single-player round with its calls to the winner banner.
Screenshots go to test-output/screenshots/large-text-*.png, to be looked at.
"""

from __future__ import annotations

from snap_browser import OVERLAPS_JS, PHONE, Player, play_until
from test_languages import OVERFLOW_JS
from test_web_client import HOST_NAME

TEXT_SIZE = 32  # px: twice the browser's usual 16

# What must show whole on a phone's screen at the table, and the text sizes that must have grown.
ON_SCREEN_JS = r"""
const out = [];
for (const selector of ['#snap', '#exit', '#mute', '#status', '#table-label', '.seat .plate']) {
  for (const e of document.querySelectorAll(selector)) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
    const r = e.getBoundingClientRect();
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
      out.push(`${selector} leaves the screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
  }
}
return out;
"""
SIZES_JS = r"""
const size = (selector) => { const e = document.querySelector(selector); return e ? parseFloat(getComputedStyle(e).fontSize) : null; };
return { root: size('html'), status: size('#status'), plate: size('.seat .plate'), snap: size('#snap'),
         title: size('#title'), name: size('#name') };
"""


# Every seat calling at once, each bubble as wide as a verdict gets ("✗ no match"), measured with the overlap rules and
# taken away again in the same script: a race of the side seats happens only now and then in a round, and its two
# bubbles must not cover each other whenever it does.
ALL_CALLING_JS = r"""
const probes = [];
for (const seat of document.querySelectorAll('.seat[data-shown]')) {
  const bubble = document.createElement('div');
  bubble.className = 'bubble';
  bubble.dataset.verdict = 'wrong';
  bubble.style.animation = 'none';  // measured where it stands, not while it pops from nothing
  bubble.innerHTML = '<span class="said">Snap!</span><span class="mark">\u2717 no match</span>';
  probes.push([seat, seat.getAttribute('data-call'), bubble]);
  seat.setAttribute('data-call', 'wrong');
  seat.append(bubble);
}
const found = (function () {
""" + OVERLAPS_JS + r"""
})();
for (const [seat, call, bubble] of probes) {
  bubble.remove();
  if (call === null) seat.removeAttribute('data-call'); else seat.setAttribute('data-call', call);
}
return found;
"""


def check(page, screen: str, problems: list[str]) -> None:
    found = page.js(OVERFLOW_JS, f"measuring overflowing text on {screen}")
    problems.extend(f"{screen}: {problem}" for problem in found)


def test_text_at_twice_the_size_fits_a_phone(snap_server, browser):
    server = snap_server(speed=50, grace=5)
    page = browser("large-text", PHONE, text_size=TEXT_SIZE)
    problems: list[str] = []

    page.open(server.url + "/")
    sizes = page.js(SIZES_JS, "reading the text sizes")
    assert sizes["root"] == TEXT_SIZE and sizes["name"] >= TEXT_SIZE, f"the menu's text did not grow: {sizes}"
    # One line: the text's boxes, top to bottom, no taller than one line of it.
    lines = page.js("const t = document.getElementById('title'); const r = document.createRange(); r.selectNodeContents(t);"
                    "const boxes = [...r.getClientRects()];"
                    "return (Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top)))"
                    " / parseFloat(getComputedStyle(t).fontSize)", "the logo's height in lines")
    assert lines < 1.6, f'"Snap!" on the menu takes {lines:.1f} lines'
    check(page, "menu", problems)
    page.screenshot("large-text-390x844-menu")

    page.enter_name(HOST_NAME)
    page.click("#join-game")
    page.wait_screen("join")
    check(page, "join", problems)
    page.screenshot("large-text-390x844-join")

    page.host_table(server.url, HOST_NAME)
    check(page, "lobby", problems)
    page.screenshot("large-text-390x844-lobby")

    page.single_player(server.url, HOST_NAME)
    page.wait_for("four seats with cards", lambda s: len(s.occupied) == 4, timeout=30)
    sizes = page.js(SIZES_JS, "reading the table's text sizes")
    assert sizes["status"] >= TEXT_SIZE and sizes["plate"] >= TEXT_SIZE * 0.9 and sizes["snap"] >= TEXT_SIZE * 1.7, (
        f"the table's text did not grow with the browser's: {sizes}")

    problems.extend(f"every seat calling: {p}" for p in page.js(ALL_CALLING_JS, "measuring four bubbles at once"))

    player = Player(page)
    shots = set()
    seen = {"bubbles": 0, "steps": 0}

    def extra() -> None:
        seen["steps"] += 1
        calls = [s for s in player.last.seats if s["verdict"]]
        if calls:
            seen["bubbles"] += 1
        for problem in page.overlaps() + page.js(ON_SCREEN_JS, "measuring what leaves the screen"):
            problems.append(f"table ({'with a bubble' if calls else 'no bubble'}, status {player.last.status!r}): "
                            f"{problem}")
        if calls and "verdict" not in shots and page.screenshot_showing(
                "large-text-390x844-verdict", lambda s: any(x["verdict"] for x in s.seats)):
            shots.add("verdict")
        if "table" not in shots and len(player.last.tops) >= 3:
            shots.add("table")
            check(page, "table", problems)
            page.screenshot("large-text-390x844-table")
        if "wrong" not in player.last.verdicts_seen():
            player.try_wrong_call()

    play_until([player], lambda: player.won, timeout=480, extra=extra,
               what="#round-result naming the winner: a single-player round (speed 50) with text at 200 %")
    page.settle_motion()
    check(page, "round over", problems)
    problems.extend(f"round over: {p}" for p in page.overlaps() + page.js(ON_SCREEN_JS, "measuring the round's end"))
    page.screenshot("large-text-390x844-winner")
    assert seen["bubbles"] > 0, "no call's bubble was seen: the check of bubbles did not run"
    assert not problems, f"{len(problems)} problems in {seen['steps']} looks, the first: {sorted(set(problems))[:12]}"
