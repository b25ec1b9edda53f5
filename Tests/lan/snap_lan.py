"""Helpers for the LAN discovery tests: a `snap serve` in the background, a tiny WebSocket client that opens a
table, `snap` in a pseudo-terminal, and python-zeroconf bound to 127.0.0.1 (the avahi-daemon that
scripts/lan-daemons starts listens on the loopback interface only)."""

from __future__ import annotations

import base64
import os
import pty
import re
import select
import socket
import struct
import subprocess
import time
import uuid
from pathlib import Path

from zeroconf import IPVersion, ServiceInfo, Zeroconf

ROOT = Path(__file__).resolve().parents[2]
SERVICE = "_snap._tcp.local."
# The protocol version the server announces in its TXT record: SnapProtocol's Wire.version.
PROTOCOL_VERSION = int(re.search(r"static let version: UInt8 = (\d+)",
                                 (ROOT / "Sources/SnapProtocol/Bytes/Wire.swift").read_text()).group(1))


def snap_binary() -> str:
    path = os.environ.get("SNAP_BIN") or str(ROOT / ".build" / "debug" / "snap")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"no snap binary at {path}: run scripts/lan-test, or swift build first")
    return path


def unique(label: str) -> str:
    return f"{label} {uuid.uuid4().hex[:8]}"


def zeroconf() -> Zeroconf:
    return Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)


def txt(info: ServiceInfo) -> dict[str, str]:
    return {k.decode(): (v or b"").decode() for k, v in info.properties.items()}


class Serve:
    """`snap serve --host 127.0.0.1 --port 0` with extra arguments and environment; stdout and stderr kept."""

    def __init__(self, *arguments: str, env: dict[str, str] | None = None):
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [snap_binary(), "serve", "--host", "127.0.0.1", "--port", "0", *arguments],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **(env or {})}, cwd=ROOT)
        os.set_blocking(self.process.stdout.fileno(), False)
        os.set_blocking(self.process.stderr.fileno(), False)
        self.out = ""
        self.err = ""
        self.wait_for(lambda: "Ctrl-C" in self.out, "the banner")
        self.port = int(re.search(r"127\.0\.0\.1:(\d+)", self.out).group(1))

    def read(self) -> None:
        for stream, name in ((self.process.stdout, "out"), (self.process.stderr, "err")):
            chunk = stream.read()
            if chunk:
                setattr(self, name, getattr(self, name) + chunk.decode(errors="replace"))

    def wait_for(self, condition, what: str, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.read()
            if condition():
                return
            if self.process.poll() is not None:
                self.read()
                raise AssertionError(f"snap serve exited ({self.process.returncode}) before {what}:\n{self.out}\n{self.err}")
            time.sleep(0.02)
        raise AssertionError(f"no {what} within {timeout} s:\n{self.out}\n{self.err}")

    def stop(self) -> int:
        self.process.terminate()
        status = self.process.wait(timeout=15)
        self.read()
        return status


class Player:
    """A WebSocket client that speaks just enough of the protocol (docs/PROTOCOL.md) to sign in and host a table."""

    def __init__(self, port: int, name: str):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            response += self.sock.recv(4096)
        assert b" 101 " in response.split(b"\r\n")[0], response
        self.send(0x65, name.encode() + b"\0")  # SignInResponse

    def send(self, kind: int, payload: bytes = b"") -> None:
        packet = b"SNAP" + b"\xff\xff\xff\xff" + struct.pack(">H", kind) + payload
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(packet))
        self.sock.sendall(bytes([0x82, 0x80 | len(packet)]) + mask + masked)

    def host_table(self) -> None:
        self.send(0x74, b"\0")  # HostTable, not solo

    def quit_table(self) -> None:
        self.send(0x70)  # ClientQuit

    def close(self) -> None:
        self.sock.close()


class Pane:
    """`snap` in a pseudo-terminal of 80×24, read as it writes."""

    def __init__(self, *arguments: str, env: dict[str, str] | None = None):
        self.started = time.monotonic()
        self.master, slave = pty.openpty()
        import fcntl
        import termios
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            [snap_binary(), *arguments], stdin=slave, stdout=slave, stderr=slave,
            env={**os.environ, "TERM": "xterm-256color", **(env or {})}, cwd=ROOT, start_new_session=True)
        os.close(slave)
        self.text = ""

    def read(self, timeout: float = 0.05) -> None:
        while select.select([self.master], [], [], timeout)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.text += chunk.decode(errors="replace")
            timeout = 0

    def wait_for(self, needle: str, timeout: float = 15) -> float:
        """Seconds from the start until `needle` showed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.read()
            if needle in self.text:
                return time.monotonic() - self.started
        raise AssertionError(f"no {needle!r} within {timeout} s; the terminal shows:\n{self.text[-3000:]}")

    def send(self, data: str) -> None:
        os.write(self.master, data.encode())

    def wait_exit(self, timeout: float = 15) -> int:
        deadline = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < deadline:
            self.read()
        self.read()
        return self.process.wait(timeout=1)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def service_info(zc: Zeroconf, name: str, timeout_ms: int = 3000) -> ServiceInfo | None:
    return zc.get_service_info(SERVICE, f"{name}.{SERVICE}", timeout=timeout_ms)
