"""A long estimate tells its progress and stops on Ctrl-C within a block of samples."""

import signal
import subprocess
import sys
import time

import pytest

import shogi_reach as sr
from conftest import cli_json


def test_progress_is_told_after_each_block_and_the_report_is_the_same():
    calls = []
    report = sr.estimate("minishogi", 150_000, 4, threads=1, shard=(1, 2),
                         progress=lambda done, total: calls.append((done, total)))
    # Shard 1 of 2 is samples 75 000 .. 150 000: the blocks of 65 536 cut it at 131 072.
    assert calls == [(131_072 - 75_000, 75_000), (75_000, 75_000)]
    assert report["tally"] == cli_json("estimate", "--variant", "minishogi", "--samples", "150000", "--seed", "4",
                                       "--shard", "1/2")["tally"]


def test_an_exception_in_progress_stops_the_run():
    def refuse(done, total):
        raise RuntimeError(f"stop at {done}")

    with pytest.raises(RuntimeError, match="stop at 65536"):
        sr.estimate("minishogi", 1_000_000, 1, threads=1, progress=refuse)


def test_ctrl_c_stops_a_long_estimate_between_two_blocks():
    script = ("import shogi_reach as sr, sys\n"
              "print('started', flush=True)\n"
              "sr.estimate('minishogi', 10**9, 1, threads=1)\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        # Heard between two blocks (about half a second each here); the whole run would take hours. The
        # bound is loose so that a loaded machine does not fail it: the time is a benchmark's matter.
        _, err = child.communicate(timeout=30)
    finally:
        child.kill()
    assert "KeyboardInterrupt" in err, err
