"""The waiting room's invitation: the table code in big letters, the join link on the server's own address (not
the one this page was opened at), and a QR code of exactly that link, drawn by the server and read back by ZBar
from what Chromium shows."""

from __future__ import annotations

import json
import shutil
import subprocess
import urllib.request

import pytest

from snap_browser import DESKTOP, PHONE, SCREENSHOTS

ZBARIMG = shutil.which("zbarimg")


def read_qr(png: bytes, name: str) -> str | None:
    """What ZBar reads in a PNG (saved as test-output/screenshots/<name>.png); None when it finds no code."""
    path = SCREENSHOTS / f"{name}.png"
    path.write_bytes(png)
    result = subprocess.run([ZBARIMG, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
                            capture_output=True, text=True, timeout=30)
    return result.stdout.strip() if result.returncode == 0 else None


@pytest.mark.skipif(ZBARIMG is None, reason="zbarimg is not installed (scripts/test installs zbar-tools)")
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_lobby_shows_a_qr_code_of_the_join_link(server, browser, size):
    with urllib.request.urlopen(f"{server.url}/api/server", timeout=5) as response:
        about = json.load(response)
    assert about["qr"], "libqrencode is installed here, so the server says it draws QR codes"
    page = browser("qr", size)
    label = "phone" if size == PHONE else "desktop"
    # Opened by name, as a host at the server's machine might: the link must not carry that name.
    page.open(server.url.replace("127.0.0.1", "localhost") + "/")
    page.enter_name("Ann")
    page.click("#host-game")
    page.wait_screen("lobby")
    page.wait_for("the QR code drawn", lambda _: page.js(
        "const q = document.getElementById('join-qr');"
        "return !q.hidden && q.complete && q.naturalWidth > 0", "reading #join-qr"))
    code = page.js(
        "return document.getElementById('table-code').textContent", "reading #table-code")
    page.screenshot(f"lobby-qr-{label}")
    link = page.js("return document.getElementById('join-link').href", "reading #join-link")
    assert link == f"{about['join']}?t={code}", f"the link is on the server's address: {link}"
    assert "localhost" not in link
    box = page.js("const r = document.getElementById('join-qr').getBoundingClientRect();"
                  "return {width: r.width, height: r.height}", "measuring #join-qr")
    assert box["width"] >= (150 if size == PHONE else 270) and box["width"] == box["height"], box
    buttons = page.js("const r = document.getElementById('start-round').getBoundingClientRect();"
                      "return r.bottom <= innerHeight", "checking the start button is in sight")
    assert buttons, "the host sees Start round without scrolling"
    element = page.driver.find_element("id", "join-qr")
    assert read_qr(element.screenshot_as_png, f"lobby-qr-code-{label}") == link
    overlaps = page.js(
        "const a = document.getElementById('join-qr').getBoundingClientRect();"
        "const b = document.getElementById('table-code').getBoundingClientRect();"
        "return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom",
        "checking the code and the QR code apart")
    assert not overlaps, "the QR code and the table code do not overlap"


def test_a_table_that_is_not_there_has_no_qr_code(server):
    try:
        urllib.request.urlopen(f"{server.url}/api/tables/ZZZZ/qr.svg", timeout=5)
    except urllib.error.HTTPError as error:
        assert error.code == 404
        assert "There is no table ZZZZ" in error.read().decode()
    else:
        pytest.fail("an unknown table's QR code should be 404")
