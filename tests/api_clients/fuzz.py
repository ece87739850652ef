"""Schemathesis over the whole committed OpenAPI document, against a running server.

Run by scripts/lib/python.sh with TAPIS_BASE_URL naming a server on a fresh database. It signs
up two users (with the client generated from the document, on PYTHONPATH) who start a match,
which the match routes then fuzz (tests/api_clients/schemathesis.toml), then runs `st run` on every operation with the four
conformance checks and a bounded number of examples per operation
(TAPIS_SCHEMATHESIS_EXAMPLES). Any failure fails the step.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from http import HTTPStatus
from pathlib import Path

from tapis_client import Client
from tapis_client.api.accounts import sign_up
from tapis_client.api.matches import create_match, join_match
from tapis_client.api.tokens import create_token
from tapis_client.models import CreateMatch, Credentials, Scope, TokenRequest

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"


def main() -> int:
    base = os.environ["TAPIS_BASE_URL"]
    venv = Path(os.environ["TAPIS_VENV"])
    document = os.environ["TAPIS_DOCUMENT"]
    examples = os.environ.get("TAPIS_SCHEMATHESIS_EXAMPLES", "30")
    client = Client(base_url=base, timeout=None)
    username = f"fuzz{str(time.time_ns())[-8:]}"
    signed_up = sign_up.sync_detailed(
        client=client, body=Credentials(username=username, password="correct horse battery")
    )
    assert signed_up.status_code == HTTPStatus.CREATED, signed_up.content
    token = signed_up.parsed.token
    opened = create_match.sync_detailed(
        client=client.with_headers({"Authorization": f"Bearer {token}"}),
        body=CreateMatch(game="yams", seats=2),
    )
    assert opened.status_code == HTTPStatus.CREATED, opened.content
    other = sign_up.sync_detailed(
        client=client, body=Credentials(username=f"{username}b", password="correct horse battery")
    )
    assert other.status_code == HTTPStatus.CREATED, other.content
    joined = join_match.sync_detailed(
        opened.parsed.id, client=client.with_headers({"Authorization": f"Bearer {other.parsed.token}"})
    )
    assert joined.status_code == HTTPStatus.OK, joined.content
    # Schemathesis calls every route, "sign out everywhere" (DELETE /sessions) included: it
    # works with a personal API token, which that route leaves alone. The token has every
    # scope, so that every route does its work rather than answer 403 `missing_scope`.
    api_token = create_token.sync_detailed(
        client=client.with_headers({"Authorization": f"Bearer {token}"}),
        body=TokenRequest(name="schemathesis", scopes=list(Scope)),
    )
    assert api_token.status_code == HTTPStatus.CREATED, api_token.content
    token = api_token.parsed.token

    report = Path(os.environ.get("CARGO_TARGET_DIR", Path(__file__).resolve().parents[2] / "target"))
    command = [
        str(venv / "bin" / "st"),
        "--config-file",
        str(Path(__file__).with_name("schemathesis.toml")),
        "run",
        document,
        "--url",
        base,
        "--header",
        f"Authorization: Bearer {token}",
        "--checks",
        CHECKS,
        "--max-examples",
        examples,
        "--seed",
        os.environ.get("TAPIS_SCHEMATHESIS_SEED", "421"),
        # One worker: with two, Hypothesis's parsing of its own lambdas trips over a CPython 3.11
        # bug (an AST recursion-depth SystemError) now and then.
        "--workers",
        "1",
        "--generation-database",
        "none",
        "--no-color",
        "--report",
        "junit",
        "--report-dir",
        str(report / "schemathesis"),
    ]
    print(
        "$ " + " ".join(c if "Bearer" not in c else "Authorization: Bearer <token>" for c in command),
        flush=True,
    )
    env = dict(os.environ, TAPIS_FUZZ_MATCH_ID=str(opened.parsed.id))
    # Schemathesis keeps a cache in `.schemathesis/` of its working directory: under target/.
    return subprocess.run(command, check=False, env=env, cwd=report).returncode


if __name__ == "__main__":
    sys.exit(main())
