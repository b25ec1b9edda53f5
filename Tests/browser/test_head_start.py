"""A head start (RULES.md) in a real browser against a real `snap serve`: the host gives the other player 200 ms
in the waiting room with the seat's own choice (a <select>, so the keyboard works too), the other player's page
says "+200 ms" beside their name in the waiting room and at the table, and the page sends SetHeadStart
(protocol version 6) with the seat and the milliseconds.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from snap_browser import DESKTOP, PHONE
from test_web_client import HOST_NAME, JOINER_NAME, size_name

SET_HEAD_START = 0x9B
PLATE_TAGS_JS = """
return [...document.querySelectorAll('.seat[data-seat]')].map(seat => ({
  seat: seat.getAttribute('data-seat'), name: seat.querySelector('.name')?.textContent.trim() ?? '',
  tags: seat.querySelector('.head-start')?.textContent.trim() ?? '',
}));
"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_host_gives_a_head_start_and_everyone_sees_it(snap_server, browser, size):
    server = snap_server(speed=1, grace=5)
    host = browser("host", size)
    joiner = browser("joiner", size)
    code = host.host_table(server.url, HOST_NAME)
    joiner.join_by_code(server.url, JOINER_NAME, code)
    host.wait_for(f"{JOINER_NAME} listed in #lobby-seats", lambda s: any(JOINER_NAME in e for e in s.get("lobby") or []))

    # The host has a choice for each player; the other player has none, and sees no head start yet.
    choice = host.element('#lobby-seats select.head-start[data-seat="2"]')
    assert choice.get_attribute("aria-label") == f"Head start for {JOINER_NAME}", (
        f"the choice says whose head start it is: {choice.get_attribute('aria-label')!r}")
    assert not joiner.driver.find_elements(By.CSS_SELECTOR, "select.head-start"), "only the host chooses head starts"
    Select(choice).select_by_value("200")

    joiner.wait_for("+200 ms beside the joiner's name in #lobby-seats",
                    lambda s: any(JOINER_NAME in e and "+200 ms" in e for e in s.get("lobby") or []))
    sent = [payload for kind, payload, _, _ in host.wire().sent if kind == SET_HEAD_START]
    assert sent == [bytes([2, 0, 200])], f"the host's page sends SetHeadStart(seat 2, 200 ms): {sent}"
    host.wait_for("the choice showing +200 ms after the server said so",
                  lambda s: host.js("return document.querySelector('select.head-start[data-seat=\"2\"]').value",
                                    "reading the choice") == "200")
    host.screenshot(f"head-start-lobby-host-{size_name(size)}")
    joiner.screenshot(f"head-start-lobby-joiner-{size_name(size)}")

    host.click("#start-round")
    for page in (host, joiner):
        page.wait_screen("table")
        page.wait_for("+200 ms among the joiner's tags at the table",
                      lambda s: any(p["seat"] == "2" and "+200 ms" in p["tags"]
                                    for p in page.js(PLATE_TAGS_JS, "reading the seats' tags")))
        plates = page.js(PLATE_TAGS_JS, "reading the seats' tags")
        assert all("+200 ms" not in p["tags"] for p in plates if p["seat"] != "2"), (
            f"only the joiner has a head start: {plates}")
        assert not page.overlaps(), f"boxes overlap with a head start shown: {page.overlaps()}"
    joiner.screenshot(f"head-start-table-joiner-{size_name(size)}")
