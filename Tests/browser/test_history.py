"""The history, replays and stats in a real browser, against a real `snap serve --db :memory:`: a quick
single-player round is played to its end, then the history lists it (and its filter and links work), its
replay plays to the winner with the controls (play and pause, steps both ways, speeds, the scrubber and its
marks at every call, the share link), and the player's page shows the counts the JSON gives. Screenshots at
phone and desktop size; the replay page's weight and time to its first frame are measured and printed.
"""

from __future__ import annotations

import json
import time
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys

from snap_browser import DESKTOP, PHONE, SCREENSHOTS, Player, play_until
from test_web_client import HOST_NAME, MEASURE_JS, size_name

# The replay loads the table's files and its own; the budget catches growth by accident (175,000 until the
# four-colour deck's setting and the table's colour-vision marks took it to 175,843 bytes, then 180,000 until the
# piles' names and large text's layout took it to 180,162, then 183,000 until head starts, the drawn smile and the
# menu's die in the shared CSS took it to 186,452, then 190,000 until the host's controls — the waiting room's, with
# their CSS, packets and model — took it to 191,507, then 193,000 until the big screen's CSS took it to 192,944,
# then 195,000 until the pads' CSS, the waiting room's disclosure and the replay's one clock read a frame took it
# to 195,194, then 198,000 until deal codes took it to 201,245, then 204,000 until the photo finish — its packet in the
# codec and the model, its panel, words and CSS — took it to 215,507, then 218,000 until protocol version 10's codec and
# model took it to 218,263; docs/WEB_CLIENT.md).
REPLAY_BUDGET = 221_000


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def played(snap_server, browser):
    """A server keeping rounds in memory where one quick single-player round (3 minutes at speed 50: under
    four seconds) has been played to its end; returns (server, the round as /api/rounds/ID describes it)."""
    server = snap_server(speed=50, grace=5, db=":memory:")
    page = browser("player", DESKTOP)
    page.single_player(server.url, HOST_NAME, round_seconds=180)
    player = Player(page)
    play_until([player], lambda: player.won, timeout=60, what="#round-result once the quick round ran out")
    deadline = time.monotonic() + 20
    rounds = []
    while time.monotonic() < deadline and not rounds:
        rounds = get_json(f"{server.url}/api/rounds")["rounds"]
        time.sleep(0.1)
    assert rounds, "the finished round never showed in GET /api/rounds"
    page.close()
    return server, get_json(f"{server.url}/api/rounds/{rounds[0]['id']}")


def wait_js(page, what: str, script: str, timeout: float = 15):
    """Waits until `script` returns something truthy; returns it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = page.js(script, what)
        if value:
            return value
        time.sleep(0.05)
    page.screenshot(f"timeout-{page.label}")
    pytest.fail(f"{page.label}: waited {timeout}s for {what}; console:\n{page.console()}", pytrace=False)


def test_history_lists_the_round_and_links_to_its_replay_and_players(played, browser):
    server, round = played
    page = browser("history", DESKTOP)
    page.driver.get(server.url + "/history")
    item = wait_js(page, "the round in #rounds", f"""
        const li = document.querySelector('#rounds > li[data-id="{round['id']}"]');
        return li && {{ text: li.innerText, replay: li.querySelector('a.replay').getAttribute('href'),
                       players: [...li.querySelectorAll('.players a')].map(a => a.getAttribute('href')),
                       winner: li.querySelector('.winner').innerText }};""")
    assert item["replay"] == f"/replay/{round['id']}", item
    assert f"/players/{HOST_NAME}" in item["players"] and len(item["players"]) == 4, item
    for name in ("Ray", "Lucy", "Steve", HOST_NAME, round["table"]):
        assert name in item["text"], f"{name} should be listed with the round: {item}"
    assert (round["winner"] or "no winner") in item["winner"], item
    assert page.js("return document.getElementById('older').hidden", "reading #older"), "one round: no Older page"
    page.screenshot("history-1280x800")

    # The filter: a name that played lists the round; one that did not says so.
    page.driver.get(server.url + "/history?player=Nobody")
    none = wait_js(page, "the empty list", "return document.querySelector('#rounds > li.none')?.innerText")
    assert "Nobody" in none, none
    page.driver.get(server.url + "/history")
    wait_js(page, "the list", "return document.body.dataset.state === 'ready'")
    page.js("document.getElementById('player-filter').value = 'Lucy'", "typing a name")
    page.click("#apply-filter")
    wait_js(page, "the filtered list", f"""return location.search === '?player=Lucy' &&
        !!document.querySelector('#rounds > li[data-id="{round['id']}"]')""")

    phone = browser("history-phone", PHONE)
    phone.driver.get(server.url + "/history")
    wait_js(phone, "the list", "return document.body.dataset.state === 'ready'")
    phone.screenshot("history-390x844")

    # A player's name leads to their stats.
    page.driver.get(server.url + "/history")
    wait_js(page, "the list", "return document.body.dataset.state === 'ready'")
    page.click(f'#rounds > li[data-id="{round["id"]}"] .players a[href="/players/{HOST_NAME}"]')
    wait_js(page, "the player's page", "return document.body.dataset.state === 'ready' && location.pathname")
    assert page.js("return location.pathname", "reading the address") == f"/players/{HOST_NAME}"


def test_the_stats_page_shows_the_counts(played, browser):
    server, round = played
    stats = get_json(f"{server.url}/api/players/{HOST_NAME}")
    for size in (DESKTOP, PHONE):
        page = browser(f"stats-{size_name(size)}", size)
        page.driver.get(f"{server.url}/players/{HOST_NAME}")
        shown = wait_js(page, "the figures", """if (document.body.dataset.state !== 'ready') return null;
            const t = id => document.getElementById(id).innerText.trim();
            return { played: t('rounds-played'), won: t('rounds-won'), correct: t('calls-correct'),
                     wrong: t('calls-wrong'), late: t('calls-too-late'), median: t('reaction-median'),
                     best: t('reaction-best'), recent: [...document.querySelectorAll('#recent > li')]
                       .map(li => li.querySelector('a.replay').getAttribute('href')) };""")
        assert shown["played"] == "1" and shown["won"] == str(stats["rounds_won"]), (shown, stats)
        calls = stats["calls"]
        assert [shown["correct"], shown["wrong"], shown["late"]] == [
            str(calls["correct"]), str(calls["wrong"]), str(calls["too_late"])], (shown, stats)
        if stats["reaction_ms"]["best"] is None:
            assert shown["best"] == "—", shown
        else:
            assert shown["best"].endswith(("ms", " s")), shown
        assert shown["recent"] == [f"/replay/{round['id']}"], shown
        page.screenshot(f"stats-{size_name(size)}")
    # A name nobody played under: the server's message.
    page.driver.get(f"{server.url}/players/Nobody")
    message = wait_js(page, "the message", "return document.getElementById('player-message').innerText")
    assert "Nobody" in message, message
    shown = page.js("""const shows = el => !!el && el.getClientRects().length > 0;
        return { headings: [...document.querySelectorAll('h2')].filter(shows).map(h => h.textContent),
                 all: shows(document.getElementById('all-rounds')), stats: shows(document.getElementById('player-stats')),
                 back: shows(document.querySelector('.when-missing a')) }""", "reading what the empty player page shows")
    assert shown == {"headings": [], "all": False, "stats": False, "back": True}, shown
    page.screenshot(f"player-unknown-{size_name(page.size)}")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_replay_plays_to_the_winner(played, browser, size):
    server, round = played
    page = browser(f"replay-{size_name(size)}", size)
    page.driver.get(f"{server.url}/replay/{round['id']}")
    wait_js(page, "the replay to load", "return document.body.dataset.state === 'ready'")
    first = page.js("""return { moments: snapReplay.moments, duration: snapReplay.duration,
        marks: document.querySelectorAll('#call-marks .mark').length,
        share: document.getElementById('share-link').href,
        seats: [...document.querySelectorAll('.seat[data-seat]')].map(s => s.querySelector('.name').innerText),
        faceDown: document.querySelectorAll('.closed-pile .card, .closed-pile [data-value]').length }""",
                    "reading the replay")
    assert first["moments"] > 10 and first["duration"] > 0, first
    assert first["marks"] == len(round["calls"]), f"a mark per call ({len(round['calls'])}): {first}"
    assert first["share"].endswith(f"/replay/{round['id']}"), first
    assert first["faceDown"] == 0, f"no face-down card is drawn face up: {first}"

    # Pause, step forward and back: one moment each, the back step rebuilt from the start.
    page.click("#play")
    wait_js(page, "the pause", "return !snapReplay.playing")
    page.click("#step-forward")
    at = page.js("return snapReplay.index", "reading the moment")
    page.press(Keys.ARROW_LEFT)
    back = page.js("return snapReplay.index", "reading the moment")
    assert back == at - 1, f"← steps back one moment: {at} → {back}"
    # Space plays and pauses.
    page.press(Keys.SPACE)
    wait_js(page, "Space to play", "return snapReplay.playing")
    page.press(Keys.SPACE)
    wait_js(page, "Space to pause", "return !snapReplay.playing")
    rebuild = page.js(f"return snapReplay.rebuildMs({first['moments'] - 1})", "timing a rebuild of the last moment")
    print(f"\nrebuilding the table at the last of {first['moments']} moments took {rebuild:.1f} ms")

    # The scrubber to the middle, then play to the end at 8×.
    page.js("""const s = document.getElementById('scrubber'); s.value = String(snapReplay.duration / 2);
        s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));""", "moving the scrubber")
    middle = page.js("return snapReplay.index", "reading the moment")
    assert 0 < middle < first["moments"] - 1, middle
    page.settle_motion()
    page.screenshot(f"replay-{size_name(size)}-middle")
    for _ in range(3):
        page.click("#faster")
    assert page.js("return [snapReplay.speed, document.getElementById('speed').innerText]", "the speed") == [8, "8×"]
    page.click("#play")
    result = wait_js(page, "the winner's banner", """const r = document.getElementById('round-result');
        return !r.hidden && snapReplay.index === snapReplay.moments - 1 && document.getElementById('result-text').innerText;""",
                     timeout=60)
    winner = round["winner"]
    assert winner and result == f"{winner} wins the round!", f"the banner names {winner}: {result!r}"
    page.settle_motion()
    page.screenshot(f"replay-{size_name(size)}-winner")
    if size == PHONE:
        page.js("document.getElementById('round-facts').scrollIntoView()", "scrolling to the round's facts")
        page.screenshot("replay-390x844-facts")
        page.js("scrollTo(0, 0)", "scrolling back")
    overlaps = page.overlaps()
    assert not overlaps, f"boxes overlap on the replay: {overlaps}"
    wide = page.js("""return [document.documentElement.scrollWidth, innerWidth,
        document.getElementById('faster').getBoundingClientRect().right]""", "measuring the page's width")
    assert wide[0] <= wide[1] and wide[2] <= wide[1], f"the replay fits the window's width: {wide}"


def test_the_replay_ends_on_its_last_moment_however_slow_the_machine(played, browser):
    """On a busy machine a frame's work can stall: here, in each of the replay's own frames (its `tick`), every read
    of the page's clock after the first comes 10 s late, so the round's end passes while the frame is being worked.
    Played to its end at 8×, the replay still shows its last moment and the winner, not the moment before."""
    server, round = played
    page = browser("replay-slow", DESKTOP)
    page.driver.get(f"{server.url}/replay/{round['id']}")
    wait_js(page, "the replay to load", "return document.body.dataset.state === 'ready'")
    page.js("""const real = performance.now.bind(performance); let frame = false; let reads = 0;
        performance.now = () => real() + (frame && reads++ > 0 ? 10000 : 0);
        const request = requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (callback) => request((time) => {
            frame = callback.name === "tick"; reads = 0;
            try { callback(time); } finally { frame = false; }
        });""", "stalling the page's frames")
    for attempt in range(3):
        page.js("""if (snapReplay.playing) document.getElementById('play').click();
            const s = document.getElementById('scrubber'); s.value = String(Math.max(0, snapReplay.duration - 1500));
            s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));
            while (snapReplay.speed < 8) document.getElementById('faster').click();
            document.getElementById('play').click();""", "playing the last moments at 8×")
        wait_js(page, "the replay to stop at its end", "return !snapReplay.playing")
        # The table is drawn at the next frame after the last moment is applied.
        page.js("window.stoppedAt = Date.now()", "noting when the replay stopped")
        shown = wait_js(page, "the winner's banner", """const shown = { index: snapReplay.index,
            last: snapReplay.moments - 1, time: snapReplay.time, duration: snapReplay.duration,
            banner: !document.getElementById('round-result').hidden };
            return shown.banner || Date.now() - window.stoppedAt > 3000 ? shown : null;""")
        assert shown["time"] == shown["duration"] and shown["index"] == shown["last"] and shown["banner"], \
            f"attempt {attempt + 1}: the replay stopped at its end but shows an earlier moment: {shown}"


def test_a_missing_round_says_so(played, browser):
    server, _ = played
    for size in (DESKTOP, PHONE):
        check_missing_round(server, browser(f"missing-{size_name(size)}", size))


def check_missing_round(server, page):
    page.driver.get(f"{server.url}/replay/999")
    message = wait_js(page, "the message", "return document.getElementById('replay-message').innerText")
    assert "no round 999" in message, message
    shown = page.js("""const shows = el => !!el && el.getClientRects().length > 0;
        return { table: shows(document.getElementById('table')), players: shows(document.getElementById('facts-players')),
                 copy: shows(document.getElementById('copy-link')), keys: [...document.querySelectorAll('.facts .hint')].some(shows),
                 back: shows(document.querySelector('.when-missing a')) }""", "reading what the empty replay shows")
    assert shown == {"table": False, "players": False, "copy": False, "keys": False, "back": True}, shown
    page.screenshot(f"replay-missing-{size_name(page.size)}")


def test_replay_page_weight_and_time_to_first_frame(played, browser):
    """What the replay page loads (HTML, JS, CSS; uncompressed, cache off) and the time from navigation to the
    first drawn table (the renderer's snap:first-table mark). Printed and written to
    test-output/replay-metrics.json; only the weight has a budget."""
    server, round = played
    page = browser("replay-measure", DESKTOP)
    driver = page.driver
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.get(f"{server.url}/replay/{round['id']}")
    wait_js(page, "performance mark snap:first-table", "return !!performance.getEntriesByName('snap:first-table')[0]")
    metrics = page.js(MEASURE_JS, "reading the performance entries")
    files = metrics["files"]
    page_bytes = sum(f["bytes"] for f in files if f["name"].endswith((".html", ".js", ".css"))
                     or f["name"].startswith("/replay/"))
    metrics["pageBytes"] = page_bytes
    metrics["replayBytes"] = page.js(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/rounds/'))"
        ".map(e => e.decodedBodySize).reduce((a, b) => a + b, 0)", "reading the replay's size")
    metrics["moments"] = page.js("return snapReplay.moments", "reading the moments")
    (SCREENSHOTS.parent / "replay-metrics.json").write_text(json.dumps(metrics, indent=2) + "\n")
    print(f"\nreplay page: {page_bytes:,} bytes of HTML, JS and CSS; the replay's JSON {metrics['replayBytes']:,} bytes "
          f"({metrics['moments']} moments); first frame {metrics['firstTableMs']:.0f} ms after navigation")
    names = {f["name"] for f in files}
    for expected in ("/css/snap.css", "/css/pages.css", "/js/replay_page.js", "/js/renderer.js", "/js/timeline.js"):
        assert expected in names, f"{expected} was not loaded: {sorted(names)}"
    assert 0 < page_bytes < REPLAY_BUDGET, f"the replay page should load under {REPLAY_BUDGET:,} bytes: {metrics}"
