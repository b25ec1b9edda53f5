"""A name in one tap: the die beside the menu's name field fills in a fun name, a new one each time, with a tap or with
the keyboard alone, and a game starts with it, at phone size and on a desktop.
"""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.keys import Keys

from snap_browser import DESKTOP, PHONE, ROOT
from test_web_client import size_name

# The names the page offers, read from the page's own script.
FUN_NAMES = re.findall(r'"([^"]+)"', re.search(r"FUN_NAMES = Object\.freeze\(\[(.*?)\]\)",
                       (ROOT / "Sources/SnapServer/Public/js/names.js").read_text(), re.S).group(1))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_die_gives_a_fun_name_and_the_game_starts_with_it(snap_server, browser, size):
    server = snap_server(speed=4, grace=5)
    page = browser("die", size)
    page.open(server.url + "/")
    die = page.element("#name-die")
    assert die.get_attribute("aria-label") == "Pick a fun name", die.get_attribute("aria-label")
    name_of = lambda: page.js("return document.getElementById('name').value", "reading the name")  # noqa: E731

    if size == PHONE:
        page.tap("#name-die")
    else:
        page.click("#name-die")
    first = name_of()
    assert first in FUN_NAMES, f"the die fills in one of names.js's fun names, not {first!r}"
    page.screenshot(f"name-die-{size_name(size)}")

    # The keyboard alone: Tab from the name field reaches the die, Enter rolls it again, for another name.
    page.element("#name").click()
    page.element("#name").send_keys(Keys.TAB)
    focused = page.js("return document.activeElement.id", "reading the focus")
    assert focused == "name-die", f"Tab from the name field should reach the die, not #{focused}"
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    second = name_of()
    assert second in FUN_NAMES and second != first, f"a roll gives another name: {first!r} then {second!r}"
    assert not page.overlaps(), f"boxes overlap on the menu: {page.overlaps()}"

    page.click("#single-player")
    snap = page.wait_screen("lobby", "table")
    if snap.get("screen") == "lobby":
        page.click("#start-round")
    page.wait_screen("table")
    page.wait_for(f"{second} at the table", lambda s: s.me is not None and s.me.get("name") in ("You", second))
    assert page.js("return localStorage.getItem('snap.name')", "reading the remembered name") == second
