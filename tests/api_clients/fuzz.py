"""Schemathesis over the whole committed OpenAPI document, against a running server.

Run by scripts/lib/python.sh with TAPIS_BASE_URL naming a server on a fresh database. It signs
up a user (with the client generated from the document, on PYTHONPATH), opens a match so that
the match routes have something to find, then runs `st run` on every operation with the four
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
from tapis_client.api.matches import create_match
from tapis_client.models import CreateMatch, Credentials

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

    report = Path(os.environ.get("CARGO_TARGET_DIR", Path(__file__).resolve().parents[2] / "target"))
    command = [
        str(venv / "bin" / "st"),
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
        "--workers",
        "2",
        "--generation-database",
        "none",
        "--no-color",
        "--report",
        "junit",
        "--report-dir",
        str(report / "schemathesis"),
    ]
    print("$ " + " ".join(c if "Bearer" not in c else "Authorization: Bearer <token>" for c in command), flush=True)
    return subprocess.run(command, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
