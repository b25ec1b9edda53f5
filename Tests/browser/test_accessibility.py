"""axe-core on every screen a player meets, at phone and desktop size: the menu, the join screen, the waiting
room, the table mid-round, the round's result, the history, a replay and a player's page. No violation of
serious or critical impact may remain; every screen's counts by rule are printed (and kept in
test-output/axe-results.json), the moderate and minor ones too.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest

from axe_check import axe_violations, counts_by_rule, failing
from snap_browser import DESKTOP, PHONE, Player, play_until
from test_history import wait_js
from test_web_client import size_name

RESULTS = Path("test-output/axe-results.json")


def rounds_of(url: str) -> list[dict]:
    with urllib.request.urlopen(f"{url}/api/rounds", timeout=10) as response:
        return json.loads(response.read())["rounds"]


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_serious_accessibility_violations_on_any_screen(snap_server, browser, size):
    server = snap_server(speed=50, grace=5, db=":memory:")
    name = "Ann"
    results: dict[str, list[dict]] = {}

    def check(screen: str, page) -> None:
        page.settle_motion()
        results[screen] = axe_violations(page.driver)

    host = browser("host", size)
    host.open(server.url + "/")
    check("menu", host)
    host.enter_name(name)
    host.click("#join-game")
    host.wait_screen("join")
    check("join", host)
    host.host_table(server.url, name)
    check("waiting room", host)

    player = browser("player", size)
    player.single_player(server.url, "Bea", round_seconds=180)
    player.wait_for("the deal to finish", lambda s: s.me and (s.me["closed"] or 0) > 0 and "Dealing" not in s.status,
                    timeout=30)
    check("table", player)
    bot = Player(player)
    play_until([bot], lambda: bot.won, timeout=60, what="#round-result once the quick round ran out")
    check("round over", player)

    deadline = time.monotonic() + 20
    rounds = []
    while time.monotonic() < deadline and not rounds:
        rounds = rounds_of(server.url)
        time.sleep(0.1)
    assert rounds, "the finished round never showed in GET /api/rounds"
    pages = {"history": "/history", "replay": f"/replay/{rounds[0]['id']}", "player": "/players/Bea"}
    for screen, path in pages.items():
        host.driver.get(server.url + path)
        wait_js(host, f"the {screen} page drawn from /api", "return document.body.dataset.state === 'ready'")
        results[screen] = axe_violations(host.driver)

    label = size_name(size)
    print(f"\naxe-core at {label}, violations by rule (nodes):")
    for screen, violations in results.items():
        counts = counts_by_rule(violations)
        print(f"  {screen}: " + (", ".join(f"{rule} {n}" for rule, n in sorted(counts.items())) or "none"))
    saved = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    saved[label] = {screen: dict(counts_by_rule(v)) for screen, v in results.items()}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(saved, indent=2, sort_keys=True))

    serious = {screen: failing(v) for screen, v in results.items() if failing(v)}
    assert not serious, "serious or critical accessibility violations:\n" + "\n".join(
        f"  {screen}: {v['id']} ({v['impact']}): {v['help']} — " + "; ".join(
            f"{n['target']}" for n in v["nodes"][:6]) for screen, vs in serious.items() for v in vs)
