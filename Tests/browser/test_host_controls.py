"""The host's controls (protocol version 7) in a real browser against a real `snap serve`: the host locks the table
in the waiting room and a join link is refused in plain words; makes it private and it leaves every list; removes a
player in the middle of a round from the table's "Players" panel, and that player's page goes back to the menu
saying why while the host's table goes on without them.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from snap_browser import DESKTOP, PHONE
from test_web_client import HOST_NAME, JOINER_NAME, size_name, start_two_player_table

SET_TABLE_ACCESS, REMOVE_PLAYER = 0x9E, 0x9F
THIRD_NAME = "Cleo"


def listed_codes(url: str) -> list[str]:
    with urllib.request.urlopen(f"{url}/api/tables", timeout=10) as response:
        return [table["code"] for table in json.load(response)]


def pressed(page, access: str) -> str:
    return page.js(f"return document.querySelector('#lobby-access [data-access=\"{access}\"]')"
                   ".getAttribute('aria-pressed')", f"reading the {access} toggle")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_locked_table_refuses_a_join_link_and_a_private_one_is_in_no_list(snap_server, browser, size):
    server = snap_server(speed=1, grace=5)
    host = browser("host", size)
    code = host.host_table(server.url, HOST_NAME)
    host.wait_for("the code listed at /api/tables", lambda _: code in listed_codes(server.url))
    host.click("#lobby-more > summary")

    host.click('#lobby-access [data-access="locked"]')
    host.wait_for("the lock toggle pressed once the server said so", lambda _: pressed(host, "locked") == "true")
    host.wait_for("the lock told in #lobby-access-note", lambda _: "Locked" in host.js(
        "return document.getElementById('lobby-access-note').textContent", "reading the note"))
    host.screenshot(f"host-controls-locked-{size_name(size)}")

    # Someone follows the table's link: the page asks for a name, tries to join and says the table is locked.
    guest = browser("guest", size)
    guest.open(f"{server.url}/?t={code}")
    guest.enter_name(THIRD_NAME)
    guest.click("#join-game")
    refused = guest.wait_for("a refusal naming the lock in #join-message",
                             lambda s: "locked" in (s.get("joinMessage") or ""))
    assert code in refused["joinMessage"] and "unlock" in refused["joinMessage"], (
        f"the refusal says which table and what to do: {refused['joinMessage']!r}")
    guest.screenshot(f"host-controls-join-refused-{size_name(size)}")

    host.click('#lobby-access [data-access="private"]')
    host.wait_for("the private toggle pressed", lambda _: pressed(host, "private") == "true")
    host.wait_for("the table gone from /api/tables", lambda _: code not in listed_codes(server.url))
    sent = [payload for kind, payload, _, _ in host.wire().sent if kind == SET_TABLE_ACCESS]
    assert sent == [bytes([1]), bytes([3])], f"the page sends SetTableAccess(locked), then (locked, private): {sent}"

    # Unlocked but still private: the code lets the guest in.
    host.click('#lobby-access [data-access="locked"]')
    host.wait_for("the lock toggle released", lambda _: pressed(host, "locked") == "false")
    guest.click("#join-by-code")
    guest.wait_screen("lobby")
    assert code not in listed_codes(server.url), "a private table stays out of the list with a guest in it"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_host_removes_a_player_mid_round(snap_server, browser, size):
    server = snap_server(speed=1, grace=5)
    host = browser("host", size)
    joiner = browser("joiner", DESKTOP if size == PHONE else PHONE)
    _, joiner_seat = start_two_player_table(server, host, joiner)
    assert not joiner.present("#players-button:not([hidden])"), "only the host has the Players panel"

    host.click("#players-button")
    remove = host.element(f'#host-players button.remove-player[data-seat="{joiner_seat}"]')
    assert remove.get_attribute("aria-label") == f"Remove {JOINER_NAME} from the table", remove.get_attribute("aria-label")
    host.screenshot(f"host-controls-panel-{size_name(size)}")
    remove.click()

    gone = joiner.wait_for("the removed player's page back on the menu, saying why",
                           lambda s: s.get("screen") == "menu" and "removed you" in (s.get("menuMessage") or ""))
    assert not joiner.kept_seats(), f"the removed player's page keeps no seat: {joiner.kept_seats()}"
    joiner.screenshot(f"host-controls-removed-{size_name(size)}")
    # With one player left the round is theirs, every card with them.
    won = host.wait_for("the host alone, holding all 52 cards",
                        lambda s: len(s.occupied) == 1 and s.round_over, timeout=20)
    host.click("#host-panel-done")
    host.settle_motion()
    host.screenshot(f"host-controls-after-removal-{size_name(size)}")
    assert [kind for kind, _, _, _ in host.wire().sent if kind == REMOVE_PLAYER], "the page sent RemovePlayer"
    assert gone and won
