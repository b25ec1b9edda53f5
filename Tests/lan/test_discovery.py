"""LAN discovery with an independent peer: python-zeroconf on 127.0.0.1 and a real `snap`.

Times are measured and printed (and written to test-output/lan-metrics.json), never asserted.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request

import pytest
from zeroconf import ServiceBrowser, ServiceInfo, ServiceListener

from snap_lan import (
    PROTOCOL_VERSION, ROOT, SERVICE, Pane, Player, Serve, service_info, snap_binary, txt, unique, zeroconf,
)

METRICS: dict[str, float] = {}
OFF_LINE = "LAN discovery is off"


@pytest.fixture(scope="module", autouse=True)
def _report_metrics():
    yield
    if METRICS:
        out = ROOT / "test-output"
        out.mkdir(exist_ok=True)
        (out / "lan-metrics.json").write_text(json.dumps(METRICS, indent=2, sort_keys=True) + "\n")
        print("\nLAN discovery, measured:")
        for key, value in sorted(METRICS.items()):
            print(f"  {key}: {value * 1000:.0f} ms")


@pytest.fixture
def zc():
    instance = zeroconf()
    yield instance
    instance.close()


def wait_txt(zc, name: str, condition, timeout: float = 10) -> dict[str, str]:
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        info = service_info(zc, name, 500)
        if info is not None:
            seen = txt(info)
            if condition(seen):
                return seen
        time.sleep(0.1)
    raise AssertionError(f"the TXT record of {name!r} never matched; last seen: {seen}")


def test_zeroconf_sees_the_server_with_its_port_and_txt_and_the_txt_follows_the_tables(zc):
    name = unique("Kitchen")
    seen_at: dict[str, float] = {}

    class Listener(ServiceListener):
        def add_service(self, zc_, type_, service):
            if service == f"{name}.{SERVICE}":
                seen_at.setdefault("added", time.monotonic())

        def update_service(self, zc_, type_, service):
            pass

        def remove_service(self, zc_, type_, service):
            if service == f"{name}.{SERVICE}":
                seen_at.setdefault("removed", time.monotonic())

    browser = ServiceBrowser(zc, SERVICE, Listener())
    server = Serve("--name", name)
    try:
        server.wait_for(lambda: "announced on the LAN" in server.out, "the announced line")
        deadline = time.monotonic() + 10
        while "added" not in seen_at and time.monotonic() < deadline:
            time.sleep(0.005)
        assert "added" in seen_at, "python-zeroconf never saw the service"
        METRICS["serve start to seen by python-zeroconf"] = seen_at["added"] - server.started

        line = next(l for l in server.out.splitlines() if "announced on the LAN" in l)
        assert line.strip().startswith("http://") and f'.local:{server.port}/' in line, line
        assert line.endswith(f'(by name, announced on the LAN as "{name}")'), line

        info = service_info(zc, name)
        assert info is not None
        assert info.port == server.port
        assert "127.0.0.1" in info.parsed_addresses()
        assert txt(info) == {"v": str(PROTOCOL_VERSION), "name": name, "path": "/ws", "tables": "0", "seats": "0"}

        ann = Player(server.port, "Ann")
        ann.host_table()
        changed = time.monotonic()
        wait_txt(zc, name, lambda t: t.get("tables") == "1" and t.get("seats") == "3")
        METRICS["table opened to TXT seen changed"] = time.monotonic() - changed
        ann.quit_table()
        wait_txt(zc, name, lambda t: t.get("tables") == "0" and t.get("seats") == "0")
        ann.close()
    finally:
        stopped = time.monotonic()
        assert server.stop() == 0, server.err
    deadline = time.monotonic() + 5
    while "removed" not in seen_at and time.monotonic() < deadline:
        time.sleep(0.01)
    browser.cancel()
    assert "removed" in seen_at, "the service was not withdrawn when the server stopped"
    METRICS["serve stopped to removal seen"] = seen_at["removed"] - stopped
    assert server.err.count(OFF_LINE) == 0, server.err


def test_snap_servers_finds_a_service_python_zeroconf_publishes(zc):
    name = unique("Peer")
    host = f"peer-{name.split()[-1]}.local."
    info = ServiceInfo(
        SERVICE, f"{name}.{SERVICE}", port=5555, addresses=[socket.inet_aton("127.0.0.1")], server=host,
        properties={"v": "3", "name": "Peer", "path": "/ws", "tables": "1", "seats": "2"})
    zc.register_service(info)
    try:
        started = time.monotonic()
        result = subprocess.run([snap_binary(), "servers", "--json"], capture_output=True, text=True, timeout=30)
        METRICS["snap servers start to list printed"] = time.monotonic() - started
        assert result.returncode == 0, result.stderr
        servers = json.loads(result.stdout)
        found = [s for s in servers if s["name"] == name]
        assert len(found) == 1, servers
        peer = found[0]
        assert peer["port"] == 5555
        assert peer["host"] == host.rstrip(".")
        assert peer["addresses"][0] == "127.0.0.1"
        assert peer["url"] == "ws://127.0.0.1:5555/ws"
        assert (peer["version"], peer["server_name"], peer["tables"], peer["seats"]) == (3, "Peer", 1, 2)

        text = subprocess.run([snap_binary(), "servers"], capture_output=True, text=True, timeout=30)
        assert text.returncode == 0, text.stderr
        assert any(name in l and "127.0.0.1:5555" in l and "1 open table, 2 seats free" in l
                   for l in text.stdout.splitlines()), text.stdout
    finally:
        zc.unregister_service(info)


def test_a_peer_with_a_malformed_txt_record_is_listed_without_crashing(zc):
    name = unique("Garbled")
    info = ServiceInfo(
        SERVICE, f"{name}.{SERVICE}", port=5556, addresses=[socket.inet_aton("127.0.0.1")],
        server=f"garbled-{name.split()[-1]}.local.",
        properties={"v": "three", "tables": "-4", "seats": "9" * 40, "path": "no slash", "\x1b[2J": "x"})
    zc.register_service(info)
    try:
        result = subprocess.run([snap_binary(), "servers", "--json"], capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, result.stderr
        found = [s for s in json.loads(result.stdout) if s["name"] == name]
        assert len(found) == 1
        assert (found[0]["version"], found[0]["tables"], found[0]["seats"]) == (None, None, None)
        assert found[0]["url"] == "ws://127.0.0.1:5556/ws"
    finally:
        zc.unregister_service(info)


@pytest.mark.parametrize("env, says", [
    ({"SNAP_DNS_SD_LIBRARY": "/nonexistent/libdns_sd.so.1"},
     "LAN discovery is off: the DNS-SD library /nonexistent/libdns_sd.so.1 is not installed (on Debian or Ubuntu: "
     "sudo apt-get install libavahi-compat-libdnssd1 avahi-daemon); players can still use the addresses shown."),
    ({"DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/dbus-socket"},
     "LAN discovery is off: the avahi-daemon is not running; players can still use the addresses shown."),
], ids=["library missing", "daemon not running"])
def test_without_discovery_the_server_starts_and_says_so_once(env, says):
    server = Serve("--name", unique("Off"), env=env)
    try:
        server.wait_for(lambda: OFF_LINE in server.err, "the line saying discovery is off")
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/healthz", timeout=5) as response:
            assert response.read() == b"ok\n"
        time.sleep(0.5)
        server.read()
    finally:
        assert server.stop() == 0
    assert server.err.count(OFF_LINE) == 1, server.err
    assert says in server.err, server.err
    assert "announced on the LAN" not in server.out
    assert "WARNING" not in server.err, "Avahi's own warnings are kept quiet"


@pytest.mark.parametrize("env, says", [
    ({"SNAP_DNS_SD_LIBRARY": "/nonexistent/libdns_sd.so.1"}, "the DNS-SD library /nonexistent/libdns_sd.so.1 is not installed"),
    ({"DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/dbus-socket"}, "the avahi-daemon is not running"),
], ids=["library missing", "daemon not running"])
def test_snap_servers_and_join_without_discovery_say_to_pass_an_address(env, says):
    result = subprocess.run([snap_binary(), "servers"], capture_output=True, text=True, timeout=30,
                            env={**os.environ, **env})
    assert result.returncode == 2
    assert says in result.stderr
    assert "Pass the server's address instead, e.g. snap join ws://192.168.1.20:8080 --name Ann" in result.stderr

    pane = Pane("join", "--name", "Ann", env=env)
    try:
        assert pane.wait_exit() == 2
        assert says in pane.text and "snap join ws://192.168.1.20:8080 --name Ann" in pane.text, pane.text
    finally:
        pane.close()


def test_snap_servers_and_join_list_with_nothing_found():
    env = {**os.environ, "SNAP_SERVICE_TYPE": "_snapnone._tcp"}
    for arguments in (["servers"], ["join", "--list"]):
        result = subprocess.run([snap_binary(), *arguments], capture_output=True, text=True, timeout=30, env=env)
        assert result.returncode == 1, (arguments, result.stderr)
        assert result.stdout.startswith("No Snap! server answered on this network (looked for 1.5 s)."), result.stdout
    result = subprocess.run([snap_binary(), "servers", "--json"], capture_output=True, text=True, timeout=30, env=env)
    assert (result.returncode, json.loads(result.stdout)) == (0, [])


def test_snap_join_with_nothing_found_says_to_pass_an_address():
    # A service type of its own: no other server on this machine answers it.
    env = {"SNAP_SERVICE_TYPE": "_snapnone._tcp"}
    pane = Pane("join", "--name", "Ann", env=env)
    try:
        assert pane.wait_exit() == 1
        assert "No Snap! server answered on this network (looked for 1.5 s)." in pane.text, pane.text
        assert "snap join ws://192.168.1.20:8080 --name Ann" in pane.text
    finally:
        pane.close()


def test_snap_join_without_an_address_picks_a_server_with_the_arrow_keys():
    env = {"SNAP_SERVICE_TYPE": "_snappick._tcp"}
    first = Serve("--name", "Alpha table", env=env)
    second = Serve("--name", "Beta table", env=env)
    pane = None
    try:
        for server in (first, second):
            server.wait_for(lambda s=server: "announced on the LAN" in s.out, "the announced line")
        pane = Pane("join", "--name", "Ann", env=env)
        pane.wait_for("Looking for Snap! servers")
        METRICS["snap join start to server list shown"] = pane.wait_for("which one?")
        pane.wait_for("Beta table")
        assert "Alpha table" in pane.text and f"127.0.0.1:{first.port}" in pane.text
        pane.send("\x1b[B")  # down
        pane.send("\r")
        pane.wait_for(f"Joining Beta table at 127.0.0.1:{second.port}")
        pane.wait_for("No open tables on this server yet")
        pane.send("q\r")
        assert pane.wait_exit() == 0
    finally:
        if pane:
            pane.close()
        first.stop()
        second.stop()


def test_two_servers_with_one_name_are_told_apart():
    env = {"SNAP_SERVICE_TYPE": "_snaptwins._tcp"}
    name = unique("Twin")
    first = Serve("--name", name, env=env)
    try:
        first.wait_for(lambda: "announced on the LAN" in first.out, "the first announcement")
        second = Serve("--name", name, env=env)
        try:
            second.wait_for(lambda: "announced on the LAN" in second.out, "the second announcement")
            assert f'announced on the LAN as "{name} (2)"' in second.out, second.out
        finally:
            second.stop()
    finally:
        first.stop()


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare"), reason="needs root and unshare")
def test_lan_daemons_start_on_a_fresh_machine_and_stop_only_what_they_started(tmp_path):
    # A machine of its own: private network, process and mount namespaces with an empty /run (and a stale D-Bus
    # pid file in it), so that the shared daemons are neither seen nor disturbed.
    script = f"""
        set -e
        ip link set lo up; mount -t tmpfs tmpfs /run
        mkdir -p /run/dbus; echo 99999 > /run/dbus/pid
        state={tmp_path}/state
        scripts/lan-daemons start "$state"
        pgrep -x avahi-daemon >/dev/null && pgrep -x dbus-daemon >/dev/null && echo BOTH-RUNNING
        scripts/lan-daemons start "$state.again"
        [ ! -e "$state.again/avahi-daemon" ] && echo SECOND-START-NOTED-NOTHING
        scripts/lan-daemons stop "$state.again"
        pgrep -x avahi-daemon >/dev/null && echo STILL-RUNNING-AFTER-SECOND-STOP
        '{snap_binary()}' serve --host 127.0.0.1 --port 0 --name Fresh >{tmp_path}/serve.out 2>&1 & server=$!
        '{snap_binary()}' servers >/dev/null 2>&1 || true
        for i in $(seq 50); do grep -q "announced on the LAN" {tmp_path}/serve.out && break; sleep 0.1; done
        '{snap_binary()}' servers
        kill $server; wait $server || true
        scripts/lan-daemons stop "$state"
        sleep 0.3
        pgrep -x avahi-daemon >/dev/null || echo AVAHI-STOPPED
        pgrep -x dbus-daemon >/dev/null || echo DBUS-STOPPED
    """
    result = subprocess.run(["unshare", "-m", "-n", "-p", "-f", "--mount-proc", "bash", "-c", script],
                            capture_output=True, text=True, timeout=90, cwd=ROOT)
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    for word in ("BOTH-RUNNING", "SECOND-START-NOTED-NOTHING", "STILL-RUNNING-AFTER-SECOND-STOP",
                 "AVAHI-STOPPED", "DBUS-STOPPED"):
        assert word in out, out + result.stderr
    assert "Fresh  ·  127.0.0.1:" in out, out
