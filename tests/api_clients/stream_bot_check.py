"""The example bot of examples/stream_bot.py plays whole matches against the computer.

Run by scripts/lib/python.sh with TAPIS_BASE_URL naming a server on a fresh database (its bot
worker running). A player signs up and invites `tapis-easy` to a match of Yams; the example bot
is started with the player's token and must find the match waiting (its catch-up at start) and
play it to the end. Then the bot is started first and a second match is made while it listens:
it must hear of it from the stream alone and play it to the end too. A bot that polled or missed
an event would leave a match unfinished and time out here.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "stream_bot.py"
# Generous: a match of Yams is about forty moves of the example bot and of the computer.
TIMEOUT_S = 180


def check(reply: httpx.Response, status: int, what: str) -> dict:
    if reply.status_code != status:
        raise AssertionError(f"{what}: {reply.status_code} instead of {status}: {reply.text[:500]}")
    return reply.json()


def new_match(api: httpx.Client) -> str:
    created = check(
        api.post(
            "/api/v1/matches",
            json={"game": "yams", "seats": 2, "rated": False, "invite": ["tapis-easy"]},
        ),
        201,
        "a match against tapis-easy",
    )
    return created["id"]


def run_bot(base: str, token: str, matches: int) -> subprocess.Popen:
    env = dict(os.environ, TAPIS_BASE_URL=base, TAPIS_TOKEN=token)
    return subprocess.Popen(
        [sys.executable, str(BOT), "--matches", str(matches), "--seed", "7"], env=env
    )


def wait_finished(api: httpx.Client, bot: subprocess.Popen, match_id: str) -> None:
    try:
        code = bot.wait(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        bot.kill()
        raise AssertionError(f"the example bot did not finish {match_id} in {TIMEOUT_S} s")
    assert code == 0, f"the example bot exited with {code}"
    match = check(api.get(f"/api/v1/matches/{match_id}"), 200, "the match")
    assert match["status"] == "finished", match["status"]
    turns = check(api.get(f"/api/v1/matches/{match_id}/turns"), 200, "the turn log")
    seats = {t["seat"] for t in turns if t["seat"] is not None}
    assert seats == {0, 1}, f"both seats must have played: {seats}"


def main() -> None:
    base = os.environ["TAPIS_BASE_URL"].rstrip("/")
    session = check(
        httpx.post(
            f"{base}/api/v1/accounts",
            json={"username": "stream_bot", "password": "correct horse battery"},
            # Hashing the password (argon2id, production's cost) takes a while in a debug build.
            timeout=60,
        ),
        201,
        "sign up",
    )
    token = session["token"]
    api = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=10)

    waiting = new_match(api)
    started = time.monotonic()
    wait_finished(api, run_bot(base, token, 1), waiting)
    print(f"[stream-bot-check] a match waiting at start: played to the end in "
          f"{time.monotonic() - started:.1f} s", file=sys.stderr)

    bot = run_bot(base, token, 1)
    # Let it look at what is waiting (nothing) and open its stream.
    time.sleep(2)
    heard = new_match(api)
    started = time.monotonic()
    wait_finished(api, bot, heard)
    print(f"[stream-bot-check] a match heard of on the stream: played to the end in "
          f"{time.monotonic() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
