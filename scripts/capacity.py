#!/usr/bin/env python3
"""Capacity under a flood: one address floods a running Tapis server with each kind of request
the quotas guard (docs/limits.md), one kind after the other, while a second client plays a
match normally. Prints, per phase, what the flood got (accepted / refused) and the second
client's move latency (p50, p99).

    scripts/capacity.py BASE_URL [--seconds S]

The server must trust `X-Forwarded-For` (TAPIS_CLIENT_IP_HEADER=X-Forwarded-For): the flood
comes from 10.6.6.6, the player from 10.9.9.9. scripts/capacity.sh starts such a server.
Standard library only. Not a test: the figures depend on the machine.
"""

import argparse
import http.client
import json
import random
import socket
import threading
import time
import urllib.parse
import uuid

FLOOD = "10.6.6.6"
PLAYER = "10.9.9.9"


class Api:
    def __init__(self, base, address):
        self.url = urllib.parse.urlsplit(base)
        self.address = address

    def call(self, method, path, token=None, body=None):
        conn = http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=60)
        headers = {"X-Forwarded-For": self.address, "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            text = response.read()
            try:
                payload = json.loads(text) if text else None
            except ValueError:
                payload = None
            return response.status, payload
        finally:
            conn.close()

    def sign_up(self, name):
        status, body = self.call(
            "POST", "/api/v1/accounts", body={"username": name, "password": "a fine password"}
        )
        if status != 201:
            raise SystemExit(f"sign-up of {name} answered {status}: {body}")
        return body["token"]


def name(prefix):
    return f"{prefix}{uuid.uuid4().hex[:10]}"


class Player:
    """Plays both seats of one Can't Stop match, move after move, timing each move."""

    def __init__(self, base):
        self.api = Api(base, PLAYER)
        self.tokens = [self.api.sign_up(name("cap")), self.api.sign_up(name("cap"))]
        self.rng = random.Random(7)
        self.latencies = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.new_match()

    def new_match(self):
        _, me = self.api.call("GET", "/api/v1/me", self.tokens[1])
        status, created = self.api.call(
            "POST",
            "/api/v1/matches",
            self.tokens[0],
            {"game": "cant-stop", "seats": 2, "invite": [me["username"]]},
        )
        if status != 201:
            raise SystemExit(f"creating the player's match answered {status}: {created}")
        self.match = created["id"]
        self.api.call("POST", f"/api/v1/matches/{self.match}/join", self.tokens[1], {})

    def run(self):
        while not self.stop.is_set():
            played = False
            for token in self.tokens:
                status, view = self.api.call("GET", f"/api/v1/matches/{self.match}", token)
                if status != 200:
                    continue
                if view["status"] != "active":
                    self.new_match()
                    played = True
                    break
                actions = view.get("legal_actions") or []
                if not actions:
                    continue
                action = self.rng.choice(actions)
                started = time.monotonic()
                status, _ = self.api.call(
                    "POST",
                    f"/api/v1/matches/{self.match}/actions",
                    token,
                    {"version": view["version"], "action": action},
                )
                if status == 200:
                    with self.lock:
                        self.latencies.append(time.monotonic() - started)
                played = True
            if not played:
                time.sleep(0.01)

    def take(self):
        with self.lock:
            taken, self.latencies = self.latencies, []
        return taken


def open_stream(base, path):
    url = urllib.parse.urlsplit(base)
    sock = socket.create_connection((url.hostname, url.port), timeout=30)
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {url.hostname}\r\n"
            f"X-Forwarded-For: {FLOOD}\r\nAccept: text/event-stream\r\n\r\n"
        ).encode()
    )
    head = sock.recv(200).decode(errors="replace")
    status = int(head.split(" ", 2)[1]) if head.startswith("HTTP/") else 0
    return sock, status


def flood_streams(base, player, stop, counts):
    held = []
    path = f"/api/v1/matches/{player.match}/stream"
    while not stop.is_set() and len(held) < 1000:
        try:
            sock, status = open_stream(base, path)
        except OSError:
            counts["failed"] += 1
            continue
        counts[status] = counts.get(status, 0) + 1
        if status == 200:
            held.append(sock)
        else:
            sock.close()
    stop.wait()
    for sock in held:
        sock.close()


def flood_sign_ups(base, _player, stop, counts):
    api = Api(base, FLOOD)

    def one():
        status, _ = api.call(
            "POST", "/api/v1/accounts", body={"username": name("f"), "password": "a fine password"}
        )
        counts[status] = counts.get(status, 0) + 1

    while not stop.is_set():
        threads = [threading.Thread(target=one) for _ in range(30)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()


def flood_bots(base, _player, stop, counts):
    # An account from another address (the flood's sign-ups are throttled by now).
    api = Api(base, "10.6.6.7")
    token = api.sign_up(name("bots"))
    while not stop.is_set():
        status, created = api.call(
            "POST",
            "/api/v1/matches",
            token,
            {"game": "yams", "seats": 8, "invite": ["tapis-strong"] * 7, "rated": False},
        )
        counts[status] = counts.get(status, 0) + 1
        if status != 201:
            time.sleep(0.2)


def flood_mails(base, _player, stop, counts):
    api = Api(base, "10.6.6.8")
    token = api.sign_up(name("mail"))
    i = 0
    while not stop.is_set() and i < 40:
        status, _ = api.call("PUT", "/api/v1/me/email", token, {"email": f"victim{i}@example.com"})
        counts[status] = counts.get(status, 0) + 1
        i += 1
    stop.wait()


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    player = Player(args.base)
    playing = threading.Thread(target=player.run, daemon=True)
    playing.start()
    phases = [
        ("quiet", None),
        ("streams", flood_streams),
        ("sign-ups", flood_sign_ups),
        ("bot matches", flood_bots),
        ("mails", flood_mails),
    ]
    print(f"{'phase':<12} {'flood answers':<34} {'moves':>6} {'p50 ms':>8} {'p99 ms':>8}")
    for label, flood in phases:
        player.take()
        stop = threading.Event()
        counts = {}
        worker = None
        if flood:
            worker = threading.Thread(target=flood, args=(args.base, player, stop, counts))
            worker.start()
        time.sleep(args.seconds)
        moves = player.take()
        stop.set()
        if worker:
            worker.join()
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items(), key=str)) or "-"
        print(
            f"{label:<12} {answers:<34} {len(moves):>6} "
            f"{percentile(moves, 50) * 1000:>8.1f} {percentile(moves, 99) * 1000:>8.1f}",
            flush=True,
        )
    player.stop.set()


if __name__ == "__main__":
    main()
