"""Helpers for the web client's tests in a real browser (the fixtures are in conftest.py).

The tests drive headless Chromium through Selenium, against a real `snap serve` on loopback.
They use only the names of the DOM contract in docs/WEB_CLIENT.md. Every wait is bounded; a
wait that runs out fails with what it was waiting for, a screenshot and the page's state.

Run them with scripts/browser-test (which installs what is missing and builds `snap` first).
Environment overrides: SNAP_BIN (the snap executable), CHROMIUM_BIN, CHROMEDRIVER_BIN.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import (
    ElementNotInteractableException,
    JavascriptException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
SCREENSHOTS = OUTPUT / "screenshots"
LOGS = OUTPUT / "browser-logs"

CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")

DESKTOP = (1280, 800)
PHONE = (390, 844)
PHONE_LANDSCAPE = (844, 390)  # the phone on its side
PHONES = (PHONE, PHONE_LANDSCAPE)  # opened as a touch screen (mobile emulation)

# The status line on your turn starts so: "Your turn. Tap the stack." on a touch screen, "Your turn. Click the
# stack or press Enter." where there is a mouse (Snapshot.your_turn).
YOUR_TURN = "Your turn."


# --------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------

def snap_binary() -> Path:
    """The built `snap`: $SNAP_BIN, else the newest of .build/debug/snap and .build/*/debug/snap."""
    override = os.environ.get("SNAP_BIN")
    if override:
        path = Path(override)
        if not (path.is_file() and os.access(path, os.X_OK)):
            pytest.fail(f"SNAP_BIN={override} is not an executable file")
        return path
    candidates = [ROOT / ".build" / "debug" / "snap", *sorted((ROOT / ".build").glob("*/debug/snap"))]
    found = [c for c in candidates if c.is_file() and os.access(c, os.X_OK)]
    if not found:
        pytest.fail("No built snap binary in .build/debug or .build/*/debug: run "
                    "`swift build --product snap` (scripts/browser-test does it for you)")
    return max(found, key=lambda p: p.stat().st_mtime)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SnapServer:
    """`snap serve` on 127.0.0.1 at a free port, stopped with SIGTERM (which must exit 0)."""

    def __init__(self, name: str, speed: float, grace: float, round: str = "classic", turn_time: str = "off",
                 db: str | None = None, seed: int | None = None, extra: tuple[str, ...] = ()):
        self.name = name
        self.speed = speed
        self.grace = grace
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        LOGS.mkdir(parents=True, exist_ok=True)
        self.log_path = LOGS / f"server-{name}.log"
        self._log = open(self.log_path, "wb")
        command = [str(snap_binary()), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--speed", str(speed), "--grace", str(grace), "--round", round, "--turn-time", turn_time]
        if db is not None:
            command += ["--db", db]
        if seed is not None:
            command += ["--seed", str(seed)]
        # The tests' players press Space the moment a pair shows, faster than a person: no false starts (RULES.md)
        # unless a test asks for them, as the Swift tests' servers do.
        if "--false-start-ms" not in extra:
            command += ["--false-start-ms", "0"]
        command += list(extra)
        self.process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL,
                                        stdout=self._log, stderr=subprocess.STDOUT)
        self._wait_healthy(timeout=30)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def _wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self._log.close()
                pytest.fail(f"snap serve exited with status {self.process.returncode} before "
                            f"GET /healthz answered; log {self.log_path}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
                    last = f"HTTP {response.status}"
            except OSError as error:
                last = str(error)
            time.sleep(0.1)
        self.process.kill()
        self.process.wait(timeout=10)
        self._log.close()
        pytest.fail(f"GET {self.url}/healthz did not answer 200 within {timeout}s (last: {last}); "
                    f"log {self.log_path}:\n{self.log_tail()}")

    def stop(self) -> int:
        """SIGTERM, then wait (bounded); returns the exit status (killed: -9 and a failure)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
                self._log.close()
                pytest.fail(f"snap serve did not stop within 15 s of SIGTERM (killed it); "
                            f"log {self.log_path}:\n{self.log_tail()}")
        self._log.close()
        return self.process.returncode


# --------------------------------------------------------------------------------------------
# The page
# --------------------------------------------------------------------------------------------

# One read of everything the tests look at, in one round trip. It also installs (once per page
# load) an observer that records every verdict bubble, every connection state and every margin
# (#call-margin) the page shows, so that short-lived states are not missed between polls.
SNAPSHOT_JS = r"""
const body = document.body;
if (body && !window.__snapTest) {
  const t = window.__snapTest = { verdicts: [], connection: [], margins: [], margin: '', bubbles: new WeakMap(),
                                  rings: [], statuses: [], notices: [], noticed: new WeakSet(), glows: [] };
  const record = () => {
    document.querySelectorAll('.seat .countdown').forEach(r => {
      const seat = r.closest('.seat').getAttribute('data-seat');
      const last = t.rings[t.rings.length - 1];
      if (!last || last.seat !== seat || last.left !== r.getAttribute('data-left'))
        t.rings.push({ seat, left: r.getAttribute('data-left'), at: performance.now() });
    });
    const st = document.getElementById('status');
    const s = st ? st.textContent.trim() : '';
    if (s && t.statuses[t.statuses.length - 1] !== s) t.statuses.push(s);
    document.querySelectorAll('#messages .notice > span').forEach(n => {
      if (!t.noticed.has(n) && n.textContent) { t.noticed.add(n); t.notices.push(n.textContent); }
    });
    const glowing = [...document.querySelectorAll('.open-pile[data-glow]')]
      .map(p => p.closest('.seat').getAttribute('data-seat')).join(',');
    if (glowing && t.glows[t.glows.length - 1]?.seats !== glowing)
      t.glows.push({ seats: glowing, status: s, statuses: t.statuses.length });
    const c = document.body.getAttribute('data-connection');
    if (t.connection[t.connection.length - 1] !== c) t.connection.push(c);
    const marginBox = document.getElementById('call-margin');
    const m = marginBox ? marginBox.textContent.trim() : '';
    if (m !== t.margin) { t.margin = m; if (m) t.margins.push(m); }
    document.querySelectorAll('.bubble').forEach(b => {
      const v = b.getAttribute('data-verdict');
      if (v === null) { t.bubbles.delete(b); return; }
      if (t.bubbles.get(b) === v) return;
      t.bubbles.set(b, v);
      const seat = b.closest('.seat');
      t.verdicts.push({ verdict: v, seat: seat ? seat.getAttribute('data-seat') : null,
                        shown: seat ? seat.getAttribute('data-shown') : null });
    });
  };
  record();
  new MutationObserver(record).observe(document.documentElement, {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['data-verdict', 'data-connection', 'class', 'hidden', 'data-left', 'data-glow'] });
}
const flag = (el, name) => el.hasAttribute(name) && el.getAttribute(name) !== 'false';
const text = sel => { const e = document.querySelector(sel); return e ? e.innerText.trim() : null; };
const visible = el => !!(el && el.getClientRects().length) && getComputedStyle(el).visibility !== 'hidden';
const seats = [...document.querySelectorAll('.seat[data-shown]')].map(s => {
  const closed = s.querySelector('.closed-pile');
  const card = s.querySelector('.open-pile .card');
  const bubble = s.querySelector('.bubble[data-verdict]');
  const name = s.querySelector('.name');
  const count = closed ? closed.getAttribute('data-count') : null;
  return {
    shown: s.getAttribute('data-shown'),
    seat: s.getAttribute('data-seat'),
    visible: visible(s),
    active: flag(s, 'data-active'),
    out: flag(s, 'data-out'),
    offline: flag(s, 'data-offline'),
    name: name ? name.textContent.trim() : '',
    closed: count === null || count === '' ? null : Number(count),
    top: card ? { value: card.getAttribute('data-value'), suit: card.getAttribute('data-suit') } : null,
    verdict: bubble ? bubble.getAttribute('data-verdict') : null,
  };
});
return {
  title: document.title,
  url: location.href,
  screen: body ? body.getAttribute('data-screen') : null,
  started: !!window.snapDebug,
  connection: body ? body.getAttribute('data-connection') : null,
  status: text('#status'),
  statusKind: document.getElementById('status')?.dataset.kind ?? null,
  messages: text('#messages'),
  joinMessage: text('#join-message'),
  menuMessage: text('#menu-message'),
  tableCode: text('#table-code'),
  lobby: [...document.querySelectorAll('#lobby-seats > li[data-seat]')].map(li => li.innerText.trim()),
  seats,
  verdicts: window.__snapTest ? window.__snapTest.verdicts : [],
  margin: text('#call-margin'),
  roundClock: visible(document.getElementById('round-clock')) ? text('#round-clock') : null,
  lastMinute: !!document.querySelector('#round-clock[data-last-minute]'),
  result: visible(document.getElementById('round-result')) ? text('#result-text') : null,
  standings: [...document.querySelectorAll('#standings li')].filter(visible).map(li => li.innerText.replace(/\s+/g, ' ').trim()),
  outNote: visible(document.getElementById('out-note')) ? text('#out-note p') : null,
  rings: window.__snapTest ? window.__snapTest.rings : [],
  statuses: window.__snapTest ? window.__snapTest.statuses : [],
  notices: window.__snapTest ? window.__snapTest.notices : [],
  glows: window.__snapTest ? window.__snapTest.glows : [],
  margins: window.__snapTest ? window.__snapTest.margins : [],
  connectionLog: window.__snapTest ? window.__snapTest.connection : [],
};
"""


# Installed before any of the page's own scripts run (Chrome DevTools protocol): watches the Web Audio
# API the page uses, so that the tests know sounds were really scheduled, not just asked for.
AUDIO_OBSERVER_JS = r"""
(() => {
  const Base = window.AudioContext || window.webkitAudioContext;
  if (!Base || window.__snapAudio) return;
  const audio = window.__snapAudio = { contexts: 0, started: 0, context: null };
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    audio.started += 1;
    return start.apply(this, args);
  };
  window.AudioContext = window.webkitAudioContext = class extends Base {
    constructor(...args) {
      super(...args);
      audio.contexts += 1;
      audio.context = this;
    }
  };
})();
"""

# Installed like AUDIO_OBSERVER_JS: every packet the page sends over its WebSocket (hex, with the
# performance.now() time), and the received packets the tests look at (CardTurned, DealFinished,
# PlayerCalledSnap, CallTiming, SnapJudged), so that the tests see what went over the wire; `all` holds the hex of
# every packet received, for the tests that check each byte (test_watch.py). From protocol version 10 a message
# holds the packets of one moment: they are split with the page's own codec (decodeMessage, and encodeFrame for
# each packet's bytes), loaded as the page loads it; each keeps its message's arrival time.
WIRE_OBSERVER_JS = r"""
(() => {
  const Base = window.WebSocket;
  if (!Base || window.__snapWire) return;
  const wire = window.__snapWire = { sent: [], received: [], all: [] };
  const hex = data => Array.from(new Uint8Array(ArrayBuffer.isView(data) ? data.buffer.slice(data.byteOffset,
    data.byteOffset + data.byteLength) : data), b => b.toString(16).toUpperCase().padStart(2, '0')).join('');
  const send = Base.prototype.send;
  Base.prototype.send = function (data) {
    if (typeof data !== 'string') wire.sent.push({ hex: hex(data), at: performance.now() });
    return send.call(this, data);
  };
  const watched = new Set(['007F', '0083', '006D', '008F', '00A1', '00A6']);
  let codec = null;
  import('/js/codec.js').then(module => { codec = module; }, () => {});
  const packets = data => {
    if (!codec) return [hex(data)];
    try {
      return codec.decodeMessage(data).map(frame => hex(codec.encodeFrame(frame)));
    } catch (error) {
      return [hex(data)];
    }
  };
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', message => {
        if (!(message.data instanceof ArrayBuffer)) return;
        const at = performance.now();
        for (const h of packets(message.data)) {
          wire.all.push(h);
          if (watched.has(h.slice(16, 20))) wire.received.push({ hex: h, at });
        }
      });
    }
  };
})();
"""

WIRE_JS = "return window.__snapWire ? window.__snapWire : null"

# The boxes docs/WEB_CLIENT.md names that must never overlap: a call's bubble and any seat's name plate, count, piles
# and cards (and the centre's lines, and other bubbles); the round's result, the centre's lines, the controls
# below the table (the out-of-cards note) and the notices and any seat's name plate and piles. Only what shows
# counts. Returns "a overlaps b"; and "a leaves the screen" for a bubble, a plate, a note or a notice not wholly
# on the screen, and "a is cut off" for a notice whose words do not all show.
OVERLAPS_JS = r"""
const shows = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
const all = selector => [...document.querySelectorAll(selector)].filter(shows);
const label = el => {
  const seat = el.closest('.seat');
  const what = el.id ? '#' + el.id : '.' + String(el.getAttribute('class') || el.tagName).split(' ')[0];
  return (seat ? `seat ${seat.getAttribute('data-shown')} ` : '') + what;
};
const overlap = (a, b) => {
  const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
  return Math.min(r.right, s.right) - Math.max(r.left, s.left) > 1 && Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 1;
};
const rules = [
  ['.seat .bubble', '.seat .plate, .seat .name, .closed-pile .count, .closed-pile, .open-pile .card, .seat .bubble, #status, #round-clock, #call-margin'],
  ['#round-result, #status, #round-clock, #call-margin, .controls > *, #messages .notice', '.seat .plate, .seat .piles'],
];
const found = new Set();
for (const [these, those] of rules)
  for (const a of all(these)) for (const b of all(those))
    if (a !== b && !a.contains(b) && !b.contains(a) && overlap(a, b)) found.add([label(a), label(b)].sort().join(' overlaps '));
for (const el of all('.seat .bubble, .seat .plate, .controls > *, #messages .notice, #table-label')) {
  const r = el.getBoundingClientRect();
  if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
    found.add(`${label(el)} leaves the screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
}
for (const words of all('#messages .notice > span'))
  if (words.scrollHeight > words.clientHeight + 1 || words.scrollWidth > words.clientWidth + 1)
    found.add(`${label(words.parentElement)} is cut off`);
return [...found];
"""

SOUNDS_JS = r"""
const audio = window.__snapAudio || {};
return {
  played: window.snapDebug ? window.snapDebug.soundsPlayed : null,
  contexts: audio.contexts || 0,
  started: audio.started || 0,
  state: audio.context ? audio.context.state : null,
  muteButton: document.querySelector('#mute') ? document.querySelector('#mute').getAttribute('aria-pressed') : null,
  stored: localStorage.getItem('snap.muted'),
};
"""


# The protocol version the page speaks is the server's own (Wire.version, which connection.js follows).
PROTOCOL_VERSION = int(re.search(r"static let version: UInt8 = (\d+)",
                                 (ROOT / "Sources/SnapProtocol/Bytes/Wire.swift").read_text()).group(1))
HELLO = f"534E4150FFFFFFFF008D{PROTOCOL_VERSION:02X}"  # Hello(version)
SIGN_IN_RESPONSE, PLAYER_SHOULD_SNAP, CARD_TURNED, DEAL_FINISHED = 0x65, 0x6C, 0x7F, 0x83
CALL_SNAP, CALL_TIMING, SNAP_JUDGED, NO_MARGIN = 0x8E, 0x8F, 0xA6, 0xFFFFFFFF


class Wire:
    """The packets a page sent, and the ones WIRE_OBSERVER_JS keeps of those it received: each a
    (type, payload bytes, performance.now() time in ms) with the hex as the page saw it."""

    def __init__(self, raw: dict):
        def packets(items):
            return [(int(item["hex"][16:20], 16), bytes.fromhex(item["hex"][20:]), item["at"], item["hex"])
                    for item in items or []]
        self.sent = packets(raw.get("sent"))
        self.received = packets(raw.get("received"))

    def sent_types(self) -> list[int]:
        return [packet[0] for packet in self.sent]

    def call_snaps(self) -> list[tuple[int, float]]:
        """Every CallSnap sent: (reaction in microseconds, when it was sent)."""
        return [(int.from_bytes(payload, "big"), at) for kind, payload, at, _ in self.sent if kind == CALL_SNAP]

    def call_timings(self) -> list[dict]:
        """Every call's timing received — a CallTiming, or the timing half of a version 10 SnapJudged (seat,
        verdict, matching seats, then reaction and margin): seat, reaction, margin (None for FFFFFFFF), at."""
        timings = []
        for kind, payload, at, _ in self.received:
            if kind == CALL_TIMING and len(payload) == 9:
                seat, times = payload[0], payload[1:9]
            elif kind == SNAP_JUDGED and len(payload) >= 10:
                seat, times = payload[0], payload[-8:]
            else:
                continue
            margin = int.from_bytes(times[4:8], "big")
            timings.append({"seat": seat, "reaction": int.from_bytes(times[0:4], "big"),
                            "margin": None if margin == NO_MARGIN else margin, "at": at})
        return timings

    def received_at(self, kind: int) -> list[float]:
        return [at for packet_kind, _, at, _ in self.received if packet_kind == kind]


class Snapshot(dict):
    """What the page showed at one moment (see SNAPSHOT_JS)."""

    @property
    def seats(self) -> list[dict]:
        return self.get("seats") or []

    @property
    def occupied(self) -> list[dict]:
        """Seats with a player in the round: visible, with an absolute seat, and cards or data-out.

        The contract names no mark for an empty seat, so a seat counts once it holds cards (after
        the deal every player has cards or is out).
        """
        return [s for s in self.seats if s["visible"] and s["seat"] not in (None, "")
                and (s["out"] or (s["closed"] or 0) > 0 or s["top"] is not None)]

    def seat_shown(self, shown: int) -> dict | None:
        return next((s for s in self.seats if s["shown"] == str(shown)), None)

    @property
    def me(self) -> dict | None:
        return self.seat_shown(0)

    @property
    def status(self) -> str:
        return self.get("status") or ""

    @property
    def your_turn(self) -> bool:
        """The status line says it is our turn (in the words for a touch screen or for a mouse, in English; its
        kind, #status[data-kind="yourTurn"], in any language)."""
        return self.status.startswith(YOUR_TURN) or (self.get("statusKind") == "yourTurn" and bool(self.status))

    @property
    def round_over(self) -> bool:
        """The round's result shows (#round-result, with #result-text saying who won)."""
        return bool(self.get("result"))

    @property
    def tops(self) -> list[tuple[str, str, str]]:
        return [(s["seat"], s["top"]["value"], s["top"]["suit"]) for s in self.occupied if s["top"]]

    @property
    def has_match(self) -> bool:
        values = Counter(value for _, value, _ in self.tops)
        return any(n >= 2 for n in values.values())

    @property
    def cards(self) -> dict:
        """Absolute seat → (closed count, top card) for every occupied seat."""
        return {s["seat"]: (s["closed"], (s["top"] or {}).get("value"), (s["top"] or {}).get("suit"))
                for s in self.occupied}

    def verdicts_seen(self) -> set[str]:
        return {v["verdict"] for v in self.get("verdicts") or []}

    def summary(self) -> str:
        seats = "; ".join(
            f"shown {s['shown']} seat {s['seat']} '{s['name']}' closed={s['closed']} "
            f"top={s['top']['value'] + '/' + s['top']['suit'] if s['top'] else '-'}"
            f"{' active' if s['active'] else ''}{' out' if s['out'] else ''}"
            f"{' bubble=' + s['verdict'] if s['verdict'] else ''}{'' if s['visible'] else ' (hidden)'}"
            for s in self.seats) or "(no .seat[data-shown])"
        return (f"title={self.get('title')!r} url={self.get('url')} "
                f"body[data-screen]={self.get('screen')!r} body[data-connection]={self.get('connection')!r}\n"
                f"    #status={self.get('status')!r}\n    #messages={self.get('messages')!r}\n"
                f"    #join-message={self.get('joinMessage')!r} #table-code={self.get('tableCode')!r} "
                f"#lobby-seats={self.get('lobby')!r}\n"
                f"    seats: {seats}\n    verdicts seen: {[v['verdict'] for v in self.get('verdicts') or []]}\n"
                f"    connection states seen: {self.get('connectionLog')}")


class Page:
    """One browser window on the Snap! page, driven the way a person would."""

    def __init__(self, driver, label: str, test_name: str, size: tuple[int, int], servers):
        self.driver = driver
        self.label = label
        self.test_name = test_name
        self.size = size
        self._servers = servers
        self.closed = False
        self._failures = 0

    # -- looking ------------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        try:
            return Snapshot(self.driver.execute_script(SNAPSHOT_JS) or {})
        except WebDriverException as error:
            return Snapshot({"error": str(error).splitlines()[0] if str(error) else repr(error)})

    def sounds(self) -> dict:
        """What the page played: `played` (name → count, from window.snapDebug.soundsPlayed), the audio
        nodes it started (`started`), its AudioContext's `state`, #mute's aria-pressed and the stored mute."""
        return self.js(SOUNDS_JS, "reading the sounds played") or {}

    def wire(self) -> "Wire":
        """What went over the page's WebSocket (see WIRE_OBSERVER_JS)."""
        return Wire(self.js(WIRE_JS, "reading window.__snapWire") or {})

    def screenshot(self, name: str) -> Path:
        """Saves test-output/screenshots/<name>.png and returns its path."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        try:
            self.driver.save_screenshot(str(path))
        except WebDriverException as error:
            return Path(f"(no screenshot: {error})")
        return path

    def overlaps(self) -> list[str]:
        """The named boxes that overlap one another (OVERLAPS_JS); empty when none do."""
        return self.js(OVERLAPS_JS, "measuring the boxes that must not overlap") or []

    def settle_motion(self, timeout: float = 3) -> None:
        """Waits (bounded, without failing) until no card is flying (#flyers is empty)."""
        self.poll(lambda _: self.driver.execute_script(
            "return document.getElementById('flyers').childElementCount === 0"), timeout, poll=0.05)

    def screenshot_showing(self, name: str, predicate) -> bool:
        """A screenshot that shows something short-lived (a verdict bubble): kept only when
        predicate(snapshot) holds both before and after it was taken."""
        if not predicate(self.snapshot()):
            return False
        path = self.screenshot(name)
        if predicate(self.snapshot()):
            return True
        if path.exists():
            path.unlink()
        return False

    def log_entries(self) -> list[dict]:
        """The browser console's entries since the last read (reading takes them)."""
        try:
            return self.driver.get_log("browser")
        except WebDriverException:
            return []

    @staticmethod
    def describe_console(entries: list[dict]) -> str:
        lines = [f"{e.get('level')}: {e.get('message')}" for e in entries]
        return "\n      ".join(lines[-15:]) or "(empty)"

    def console(self) -> str:
        return self.describe_console(self.log_entries())

    def failure(self, what: str, timeout: float | None = None) -> str:
        """A message for a failed wait: what was awaited, a screenshot, the page state, the console."""
        self._failures += 1
        shot = self.screenshot(f"FAILED-{self.test_name}-{self.label}-{self._failures}")
        waited = f" within {timeout:g} s" if timeout is not None else ""
        servers = ", ".join(str(s.log_path) for s in self._servers) or "-"
        return (f"[{self.label} {self.size[0]}×{self.size[1]}] did not see {what}{waited}.\n"
                f"  screenshot: {shot}\n  page: {self.snapshot().summary()}\n"
                f"  browser console: {self.console()}\n  server log: {servers}")

    def fail(self, what: str, timeout: float | None = None):
        pytest.fail(self.failure(what, timeout), pytrace=False)

    def wait_for(self, what: str, predicate, timeout: float = 15, poll: float = 0.05):
        """Waits (bounded) until predicate(snapshot) is truthy; returns the snapshot."""
        result = {}

        def check(_driver):
            snap = self.snapshot()
            if predicate(snap):
                result["snap"] = snap
                return True
            return False

        try:
            WebDriverWait(self.driver, timeout, poll_frequency=poll).until(check)
        except TimeoutException:
            pass  # failed below, outside the except block, so the report is only our message
        if "snap" not in result:
            self.fail(what, timeout)
        return result["snap"]

    def poll(self, predicate, timeout: float, poll: float = 0.02) -> Snapshot | None:
        """Like wait_for, but gives None instead of failing when the time runs out."""
        deadline = time.monotonic() + timeout
        while True:
            snap = self.snapshot()
            if predicate(snap):
                return snap
            if time.monotonic() >= deadline:
                return None
            time.sleep(poll)

    def wait_settled(self, what: str, settle: float = 1.0, timeout: float = 15) -> Snapshot:
        """Waits until the status and every seat's cards stay the same for `settle` seconds."""
        state = {"key": None, "since": 0.0}

        def settled(snap: Snapshot) -> bool:
            key = (snap.status, sorted(snap.cards.items()))
            now = time.monotonic()
            if key != state["key"]:
                state["key"], state["since"] = key, now
                return False
            return now - state["since"] >= settle

        return self.wait_for(f"{what} (#status and every .closed-pile[data-count] and top card "
                             f"unchanged for {settle:g} s)", settled, timeout, poll=0.1)

    def wait_screen(self, *screens: str, timeout: float = 15) -> Snapshot:
        # The page's own data-screen="menu" is there before its script has run (and drawn, bound and filled in
        # the words): a screen counts once the script has started (window.snapDebug).
        wanted = " or ".join(repr(s) for s in screens)
        return self.wait_for(f"the page's script started and body[data-screen]={wanted}",
                             lambda s: s.get("started") and s.get("screen") in screens, timeout)

    def present(self, selector: str) -> bool:
        """Whether an element for a CSS selector is visible and enabled right now (no waiting)."""
        return self._usable(selector) is not None

    def _usable(self, selector: str):
        """The first element for a CSS selector that is visible and enabled right now, or None."""
        for element in self.driver.find_elements(By.CSS_SELECTOR, selector):
            try:
                if element.is_displayed() and element.is_enabled():
                    return element
            except WebDriverException:
                pass
        return None

    def element(self, selector: str, timeout: float = 10, clickable: bool = True):
        """The element for a CSS selector once it is visible (and enabled, when clickable)."""
        def find(driver):
            for element in driver.find_elements(By.CSS_SELECTOR, selector):
                try:
                    if element.is_displayed() and (not clickable or element.is_enabled()):
                        return element
                except WebDriverException:
                    pass
            return False

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(find)
        except TimeoutException:
            pass
        state = "visible and enabled" if clickable else "visible"
        self.fail(f"a {state} {selector}", timeout)

    # -- doing ----------------------------------------------------------------------------------

    def open(self, url: str) -> Snapshot:
        self.driver.get(url)
        return self.wait_screen("menu")

    def click(self, selector: str, timeout: float = 10) -> None:
        element = self.element(selector, timeout)
        try:
            element.click()
            return
        except WebDriverException as error:
            problem = str(error).splitlines()[0] if str(error) else repr(error)
        self.fail(f"{selector} accept a click ({problem})")

    def tap(self, selector: str, timeout: float = 10) -> None:
        """A finger tapping the element (touch pointer events), as on a phone."""
        problem = self._tap(self.element(selector, timeout))
        if problem:
            self.fail(f"{selector} accept a tap ({problem})")

    def tap_if_present(self, selector: str) -> bool:
        """Taps the element if it is visible and enabled right now; False if it is not (or went away
        during the tap), as when the round ends between reading the table and the finger landing."""
        element = self._usable(selector)
        return element is not None and self._tap(element) is None

    def _tap(self, element) -> str | None:
        """Taps an element; what went wrong, or None."""
        actions = ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
        actions.pointer_action.move_to(element).pointer_down().pointer_up()
        try:
            actions.perform()
            return None
        except WebDriverException as error:
            return str(error).splitlines()[0] if str(error) else repr(error)

    def type_into(self, selector: str, text: str) -> None:
        element = self.element(selector)
        element.clear()
        element.send_keys(text)

    def press(self, key: str) -> None:
        """A key press on the page (Enter turns the card, Space calls Snap!)."""
        try:
            self.driver.find_element(By.TAG_NAME, "body").send_keys(key)
        except ElementNotInteractableException:
            ActionChains(self.driver).send_keys(key).perform()

    def press_focused(self, key: str) -> None:
        """A key press on whatever has the focus, as a keyboard-only person presses it."""
        ActionChains(self.driver).send_keys(key).perform()

    def tab_to(self, selector: str, limit: int = 40) -> None:
        """Presses Tab (bounded) until the element for `selector` has the focus, as a keyboard-only person does."""
        focused = "document.activeElement && document.activeElement.matches(arguments[0])"
        for _ in range(limit):
            if self.driver.execute_script(f"return !!({focused})", selector):
                return
            self.press_focused(Keys.TAB)
        now = self.driver.execute_script("const a = document.activeElement; return a ? a.outerHTML.slice(0, 120) : null")
        self.fail(f"{selector} focused after {limit} presses of Tab (the focus is on {now})")

    def kept_seats(self) -> dict:
        """The seats this browser keeps in localStorage (`snap.seat ORIGIN CODE` → the stored JSON)."""
        return self.js("return Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('snap.seat '))"
                       ".map(k => [k, JSON.parse(localStorage.getItem(k))]))", "reading the kept seats") or {}

    def enter_name(self, name: str) -> None:
        self.type_into("input#name", name)

    # -- the screens before the table ----------------------------------------------------------

    def choose_solo_round(self, seconds: int) -> None:
        """Picks the single player's round on the menu (#solo-round): 180, 300 or 600 seconds, 0 classic."""
        self.click(f'#solo-round label:has(input[value="{seconds}"])')

    def single_player(self, url: str, name: str, round_seconds: int = 0) -> Snapshot:
        """Menu → name → the round (classic unless asked) → Single Player (→ Start in the lobby, if there
        is one) → the table."""
        self.open(url + "/")
        self.enter_name(name)
        self.choose_solo_round(round_seconds)
        self.click("#single-player")
        snap = self.wait_screen("lobby", "table")
        if snap.get("screen") == "lobby":
            self.click("#start-round")
        return self.wait_screen("table")

    def host_table(self, url: str, name: str) -> str:
        """Menu → name → Host Game → the lobby; returns the table code shown in #table-code."""
        self.open(url + "/")
        self.enter_name(name)
        self.click("#host-game")
        self.wait_screen("lobby")
        self.element("#table-code", clickable=False)
        snap = self.wait_for("a table code in #table-code", lambda s: (s.get("tableCode") or "").strip())
        return "".join(snap["tableCode"].split())

    def join_by_code(self, url: str, name: str, code: str) -> Snapshot:
        """Menu → name → Join Game → type the code into #join-code → #join-by-code → the lobby."""
        self.open(url + "/")
        self.enter_name(name)
        self.click("#join-game")
        self.wait_screen("join")
        self.type_into("input#join-code", code)
        self.click("#join-by-code")
        return self.wait_screen("lobby", "table")

    def js(self, script: str, what: str):
        try:
            return self.driver.execute_script(script)
        except JavascriptException as error:
            problem = str(error).splitlines()[0] if str(error) else repr(error)
        self.fail(f"{what} run without error ({problem})")

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self.driver.quit()
            except WebDriverException:
                pass


def chrome(size: tuple[int, int], phone: bool, log_name: str = "chromedriver", lang: str | None = None,
           text_size: int | None = None):
    """Headless Chromium (Debian's, through its chromedriver) with a page of exactly `size`; `lang` ("de",
    "ja") is the browser's language (navigator.languages), English by default; `text_size` the browser's text size
    setting in pixels (16 by default; 32 is text at 200 %)."""
    options = webdriver.ChromeOptions()
    prefs = {}
    if lang:
        options.add_argument(f"--lang={lang}")
        prefs["intl.accept_languages"] = lang
    if text_size:
        prefs["webkit.webprefs.default_font_size"] = text_size
    if prefs:
        options.add_experimental_option("prefs", prefs)
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--no-first-run", "--no-default-browser-check", "--mute-audio",
                 "--autoplay-policy=no-user-gesture-required", f"--window-size={size[0]},{size[1]}"):
        options.add_argument(flag)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": 3, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                         "Chrome/126.0 Mobile Safari/537.36",
        })
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for path, what in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromedriver")):
        if not os.access(path, os.X_OK):
            pytest.fail(f"{what} not found at {path}: run scripts/browser-test, which installs "
                        "Debian's chromium and chromium-driver")
    service = Service(executable_path=CHROMEDRIVER, log_output=str(LOGS / f"{log_name}.log"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": AUDIO_OBSERVER_JS})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WIRE_OBSERVER_JS})
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(10)
    if not phone:
        # --window-size sizes the window; make the page itself exactly the wanted size.
        width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(size[0] + (size[0] - width), size[1] + (size[1] - height))
    return driver


# --------------------------------------------------------------------------------------------
# Playing like a person
# --------------------------------------------------------------------------------------------

OWN_CLOSED_PILE = '.seat[data-shown="0"] .closed-pile'


class Player:
    """Plays from what the page shows: Enter on "Your turn. …", Space on a match; with
    taps=True it taps its own face-down pile and the Snap! button instead, as on a phone.

    Call step() often (every few tens of milliseconds); each step reads the page once and does
    at most one thing.
    """

    def __init__(self, page: Page, snap_on_match: bool = True, turn: bool = True, taps: bool = False):
        self.page = page
        self.snap_on_match = snap_on_match
        self.turn = turn
        self.taps = taps
        self.on_your_turn = None  # called with the snapshot just before Enter is pressed
        self.last: Snapshot = Snapshot()
        self._turned_at: dict = {}
        self._snapped: set = set()
        self.turns = 0
        self.snaps = 0
        self.wrong_attempts = 0
        self._last_wrong_attempt = 0.0

    @property
    def won(self) -> bool:
        return self.last.round_over

    def step(self) -> Snapshot:
        snap = self.page.snapshot()
        self.last = snap
        if snap.get("screen") != "table" or snap.round_over:
            return snap
        me = snap.me
        now = time.monotonic()
        if self.turn and snap.your_turn:
            # Once per state of our piles; again only if nothing happened for a second.
            key = (me or {}).get("closed"), str((me or {}).get("top"))
            if now - self._turned_at.get(key, float("-inf")) > 1.0:
                self._turned_at = {key: now}
                if self.on_your_turn:
                    self.on_your_turn(snap)
                if self.taps:
                    self.page.tap(OWN_CLOSED_PILE)
                else:
                    self.page.press(Keys.ENTER)
                self.turns += 1
                return snap
        if self.snap_on_match and snap.has_match and me and not me["out"]:
            key = (tuple(sorted(snap.tops)), tuple(sorted((s["seat"], s["closed"]) for s in snap.occupied)))
            if key not in self._snapped:
                self._snapped.add(key)
                self.call()
                self.snaps += 1
        return snap

    def call(self) -> None:
        """Calls Snap!: Space, or a tap on the Snap! button."""
        if self.taps:
            # The round may have ended since the table was read, and the button with it: then there is no call.
            self.page.tap_if_present("#snap")
        else:
            self.page.press(Keys.SPACE)

    def quiet_table(self, snap: Snapshot) -> bool:
        """No match, no bubble, not dealing: a call now should be judged wrong."""
        return (snap.get("screen") == "table" and not snap.has_match
                and not any(s["verdict"] for s in snap.seats)
                and len(snap.tops) >= 1 and "Dealing" not in snap.status
                and not snap.round_over and "Match" not in snap.status
                and snap.me is not None and not snap.me["out"] and (snap.me["closed"] or 0) > 0)

    def try_wrong_call(self, every: float = 1.5) -> bool:
        """Calls Snap! once while there is no match (at most once every `every` seconds)."""
        now = time.monotonic()
        if now - self._last_wrong_attempt < every:
            return False
        snap = self.page.snapshot()
        if not self.quiet_table(snap):
            return False
        self._last_wrong_attempt = now
        self.wrong_attempts += 1
        self.call()
        return True


def play_until(players: list[Player], done, timeout: float, what: str, extra=None,
               poll: float = 0.02, describe=None) -> None:
    """Steps every player until done() is true; fails (with a screenshot of each) after timeout, saying what
    describe() returns, if given, beside the pages."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for player in players:
            player.step()
        if extra:
            extra()
        if done():
            return
        time.sleep(poll)
    messages = [p.page.failure(what, timeout) for p in players if not p.page.closed]
    counts = ", ".join(f"{p.page.label}: {p.turns} turns, {p.snaps} snaps on a match, "
                       f"{p.wrong_attempts} calls without a match" for p in players)
    more = f"\n  {describe()}" if describe else ""
    pytest.fail("\n".join(messages) + f"\n  played: {counts}" + more, pytrace=False)


