"""Fixtures for the web client's tests in a real browser: a `snap serve` and headless Chromium.

See snap_browser.py for the page helpers. Run everything with scripts/browser-test.
"""

from __future__ import annotations

import re

import pytest

from snap_browser import DESKTOP, LOGS, PHONES, SCREENSHOTS, Page, SnapServer, chrome


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


@pytest.fixture(scope="session", autouse=True)
def _fresh_output_folders():
    """Screenshots and logs of this run only: old ones are removed when the run starts."""
    for folder, pattern in ((SCREENSHOTS, "*.png"), (LOGS, "*.log")):
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob(pattern):
            old.unlink()
    yield


@pytest.fixture
def snap_server(request):
    """A factory: snap_server(speed=20, grace=5) starts `snap serve` on 127.0.0.1 at a free port,
    waits for GET /healthz; after the test each is stopped with SIGTERM and must exit 0.

    New tables are classic with no turn timer unless a test asks (round="3", turn_time="8"), so that
    the tests that play by hand are never turned for, and their rounds end the classic way; db="…" passes
    --db (by default ":memory:", so that no test writes to the user's history); seed=N passes --seed, for
    the same shuffles every run; extra=[…] passes more options."""
    servers: list[SnapServer] = []
    request.node.snap_servers = servers  # failure messages name their logs

    def start(speed: float = 20, grace: float = 5, round: str = "classic", turn_time: str = "off",
              db: str | None = ":memory:", seed: int | None = None, extra: tuple[str, ...] = ()) -> SnapServer:
        server = SnapServer(_safe(f"{request.node.name}-{len(servers)}"), speed, grace, round, turn_time, db, seed,
                            extra)
        servers.append(server)
        return server

    yield start
    problems = []
    for server in servers:
        status = server.stop()
        if status != 0:
            problems.append(f"snap serve (port {server.port}) exited with status {status} after "
                            f"SIGTERM; log {server.log_path}:\n{server.log_tail()}")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def server(snap_server) -> SnapServer:
    """The usual server: --speed 20 --grace 5."""
    return snap_server(speed=20, grace=5)


@pytest.fixture
def browser(request, snap_server):
    """A factory: browser(label, size=DESKTOP, lang=None, text_size=None) opens a headless Chromium window as a Page,
    in the browser language `lang` ("de", "ja"; English unless said), with the browser's text size `text_size` in
    pixels (its setting, 16 unless said).

    It depends on snap_server so that every window is closed before the servers are stopped.
    """
    pages: list[Page] = []
    test_name = _safe(request.node.name)

    def open_browser(label: str, size: tuple[int, int] = DESKTOP, lang: str | None = None,
                     text_size: int | None = None) -> Page:
        driver = chrome(size, phone=size in PHONES, log_name=f"chromedriver-{test_name}-{label}", lang=lang,
                        text_size=text_size)
        page = Page(driver, label, test_name, size, request.node.snap_servers)
        pages.append(page)
        return page

    yield open_browser
    # The server's Content-Security-Policy (docs/SERVER.md) allows no inline script or style: a page that breaks it
    # is a failure, whatever else the test saw.
    violations = []
    for page in pages:
        if not page.closed:
            entries = page.log_entries()
            (LOGS / f"console-{test_name}-{page.label}.log").write_text(
                Page.describe_console(entries).replace("\n      ", "\n"))
            violations += [f"{page.label}: {e.get('message')}" for e in entries
                           if "Content Security Policy" in str(e.get("message"))]
        page.close()
    assert not violations, f"the page broke the Content-Security-Policy: {violations}"
