"""A Tapis bot that plays from its event stream instead of polling.

It signs in (or uses an API token with the `play` and `read` scopes, the default), looks once
at the matches already waiting for it, then follows GET /api/v1/stream: on `your_turn` or `match_started` it reads the match and plays
until the turn passes to someone else. Its moves are uniformly random among the legal ones —
put your own strategy in `choose`. When the stream breaks it connects again with the last
event id it saw (`Last-Event-ID`), so nothing that happened meanwhile is missed.

    pip install httpx==0.28.1 httpx-sse==0.4.3
    TAPIS_BASE_URL=http://localhost:8080 TAPIS_TOKEN=... python3 examples/stream_bot.py

Environment: TAPIS_BASE_URL (default http://localhost:8080); TAPIS_TOKEN, or TAPIS_USERNAME
and TAPIS_PASSWORD to sign in. Options: --matches N stops after N matches have finished (the
tests use it); --seed S seeds the random choices.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

import httpx
from httpx_sse import connect_sse

# The events after which the bot may have something to play.
PLAYABLE = {"your_turn", "match_started"}


def log(message: str) -> None:
    print(f"[stream-bot] {message}", file=sys.stderr, flush=True)


class Bot:
    def __init__(self, base_url: str, token: str, seed: int | None) -> None:
        self.http = httpx.Client(
            base_url=base_url,
            headers={"Authorization": f"Bearer {token}"},
            timeout=httpx.Timeout(10.0, read=None),
        )
        self.random = random.Random(seed)
        self.last_event_id: str | None = None
        self.finished: set[str] = set()
        self.moves = 0

    def choose(self, match: dict) -> object:
        """The action to play: here, any legal one."""
        return self.random.choice(match["legal_actions"])

    def play(self, match_id: str) -> None:
        """Plays in `match_id` for as long as it is this bot's turn."""
        while True:
            reply = self.http.get(f"/api/v1/matches/{match_id}")
            reply.raise_for_status()
            match = reply.json()
            if match["status"] != "active" or match.get("your_seat") not in match["to_act"]:
                return
            if not match["legal_actions"]:
                return
            action = self.choose(match)
            reply = self.http.post(
                f"/api/v1/matches/{match_id}/actions",
                json={"version": match["version"], "action": action},
            )
            if reply.status_code == 409:
                # The match changed meanwhile (a timeout, a resignation): read it again.
                continue
            reply.raise_for_status()
            self.moves += 1

    def catch_up(self) -> None:
        """Plays every match already waiting for this bot (once, at start)."""
        waiting: list[str] = []
        params = {"my_turn": "true", "limit": "200"}
        while True:
            reply = self.http.get("/api/v1/matches", params=params)
            reply.raise_for_status()
            page = reply.json()
            waiting += [summary["id"] for summary in page["items"]]
            if not page.get("next_cursor"):
                break
            params["cursor"] = page["next_cursor"]
        for match_id in waiting:
            self.play(match_id)

    def follow(self, stop_after: int | None) -> None:
        """Follows the stream, playing when told, until `stop_after` matches have finished."""
        while stop_after is None or len(self.finished) < stop_after:
            headers = {"Last-Event-ID": self.last_event_id} if self.last_event_id else {}
            try:
                with connect_sse(self.http, "GET", "/api/v1/stream", headers=headers) as events:
                    events.response.raise_for_status()
                    for event in events.iter_sse():
                        if not event.data:
                            # `retry:` advice, which httpx-sse hands over as an empty event.
                            continue
                        self.last_event_id = event.id or self.last_event_id
                        data = json.loads(event.data)
                        log(f"{event.event} {data['match_id']} v{data['version']}")
                        if event.event in PLAYABLE:
                            self.play(data["match_id"])
                        elif event.event == "match_finished":
                            self.finished.add(data["match_id"])
                            if stop_after is not None and len(self.finished) >= stop_after:
                                return
            except httpx.TransportError as error:
                log(f"the stream broke ({error}); connecting again")
                time.sleep(1)


def token_from_env(base_url: str) -> str:
    token = os.environ.get("TAPIS_TOKEN")
    if token:
        return token
    username, password = os.environ.get("TAPIS_USERNAME"), os.environ.get("TAPIS_PASSWORD")
    if not username or not password:
        sys.exit("set TAPIS_TOKEN, or TAPIS_USERNAME and TAPIS_PASSWORD")
    reply = httpx.post(
        f"{base_url}/api/v1/sessions", json={"username": username, "password": password}
    )
    reply.raise_for_status()
    return reply.json()["token"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, help="stop after this many matches finished")
    parser.add_argument("--seed", type=int, help="seed of the random choices")
    args = parser.parse_args()
    base_url = os.environ.get("TAPIS_BASE_URL", "http://localhost:8080").rstrip("/")
    bot = Bot(base_url, token_from_env(base_url), args.seed)
    bot.catch_up()
    bot.follow(args.matches)
    log(f"done: {bot.moves} moves, {len(bot.finished)} matches finished")


if __name__ == "__main__":
    main()
