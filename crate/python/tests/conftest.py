"""What the tests share: the command line to compare with, and the record files of the engine's tests."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RECORDS = ROOT / "crate" / "engine" / "tests" / "data" / "records"


def cli_path() -> str:
    """$SHOGI_REACH_CLI, else the CLI the ci profile built (what `npm test` exports)."""
    path = os.environ.get("SHOGI_REACH_CLI") or str(ROOT / "target" / "ci" / "shogi-reach")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no shogi-reach CLI at {path}: build it (cargo build --profile ci -p shogi-reach) "
                    "or set SHOGI_REACH_CLI")
    return path


def cli(*args: str, stdin: str = "") -> str:
    """The CLI's standard output; a failure fails the test with its standard error."""
    done = subprocess.run([cli_path(), *args], input=stdin, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"shogi-reach {' '.join(args)}: {done.stderr}"
    return done.stdout


def cli_json(*args: str):
    """The CLI's `--json` output (the flag after the command's name), read by Python's json module."""
    return json.loads(cli(args[0], "--json", *args[1:]))
