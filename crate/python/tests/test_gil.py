"""The engine works with the GIL released: a Python thread keeps running while estimate and classify
compute."""

import sys
import threading

import shogi_reach as sr


def steps_of_a_python_thread_during(work) -> int:
    """How many loop iterations a Python thread makes while `work()` runs in this one."""
    steps = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            steps[0] += 1

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    counter = threading.Thread(target=count)
    counter.start()
    try:
        before = steps[0]
        work()
        during = steps[0] - before
    finally:
        stop.set()
        counter.join()
        sys.setswitchinterval(interval)
    return during


def holding_the_gil():
    """About as long as the works below, in C with the GIL held all along (`sum` of a range runs no
    bytecode): the steps the other thread makes around such a call, in the switches into and out of it."""
    sum(range(10_000_000))


def check_released(work):
    held = steps_of_a_python_thread_during(holding_the_gil)
    during = steps_of_a_python_thread_during(work)
    assert during > 10 * held + 100_000, (during, held)


def test_a_python_thread_runs_while_estimate_works():
    # 30 000 Mini Shogi samples on one thread: about a second, millions of steps of the other thread.
    check_released(lambda: sr.estimate("minishogi", 30_000, 1, threads=1))


def test_a_python_thread_runs_while_classify_works():
    ranks = list(range(0, sr.count("minishogi"), sr.count("minishogi") // 3_000))
    check_released(lambda: sr.classify("minishogi", ranks))
