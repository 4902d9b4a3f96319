"""A long estimate tells its progress and stops on Ctrl-C within a block of samples."""

import json
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
    assert report["tally"] == cli_json("estimate", "--game", "minishogi", "--samples", "150000", "--seed", "4",
                                       "--shard", "1/2")["tally"]


def test_an_exception_in_progress_stops_the_run():
    def refuse(done, total):
        raise RuntimeError(f"stop at {done}")

    with pytest.raises(RuntimeError, match="stop at 65536"):
        sr.estimate("minishogi", 1_000_000, 1, threads=1, progress=refuse)


def test_ctrl_c_stops_a_long_estimate_between_two_blocks():
    # Ctrl-C as in a terminal: a shell starting the tests in the background ignores SIGINT for its
    # children, and Python then keeps it ignored.
    script = ("import shogi_reach as sr, signal\n"
              "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
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


def test_a_checkpoint_keeps_a_stopped_run_and_the_same_call_continues_it(tmp_path):
    checkpoint = tmp_path / "run.json"
    stops = []

    def stop_after_two_blocks(done, total):
        if done >= 2 * 65536 and not stops:
            stops.append(done)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sr.estimate("minishogi", 300_000, 9, threads=1, progress=stop_after_two_blocks, checkpoint=checkpoint)
    saved = json.loads(checkpoint.read_text())
    assert saved["ranges"] == [[0, 2 * 65536]] and saved["tally"]["samples"] == 2 * 65536
    told = []
    resumed = sr.estimate("minishogi", 300_000, 9, threads=2, checkpoint=str(checkpoint),
                          progress=lambda done, total: told.append(done))
    assert told[0] == 3 * 65536, "it goes on from the checkpoint's end"
    whole = sr.estimate("minishogi", 300_000, 9)
    assert resumed["tally"] == whole["tally"] and resumed["blocks"] == whole["blocks"]
    assert json.loads(checkpoint.read_text())["tally"] == whole["tally"], "the file holds the whole run"
    # Its finished report, asked again, is verified and given back without running anything.
    assert sr.estimate("minishogi", 300_000, 9, checkpoint=checkpoint)["tally"] == whole["tally"]


def test_a_checkpoint_of_another_run_or_with_a_forged_block_is_refused_and_kept(tmp_path):
    checkpoint = tmp_path / "run.json"
    sr.estimate("minishogi", 100_000, 9, checkpoint=checkpoint)
    text = checkpoint.read_text()
    with pytest.raises(sr.BadReportError, match="another run's checkpoint"):
        sr.estimate("minishogi", 100_000, 10, checkpoint=checkpoint)
    forged = json.loads(text)
    forged["blocks"][0]["tally"]["stages"]["OK"] += 1
    forged["blocks"][0]["tally"]["stages"]["king"] -= 1
    forged["tally"]["stages"]["OK"] += 1
    forged["tally"]["stages"]["king"] -= 1
    checkpoint.write_text(json.dumps(forged))
    with pytest.raises(sr.BadReportError, match="the checkpoint is wrong"):
        sr.estimate("minishogi", 100_000, 9, checkpoint=checkpoint)
    assert json.loads(checkpoint.read_text()) == forged, "never written over"
