"""Ctrl-C during long calls: SIGINT raises KeyboardInterrupt soon, the call's threads end,
and the next call works. Each call here would run for minutes or hours without the signal."""

import os
import signal
import threading
import time

import pytest

import turkish_draughts as td

#: Seconds between the signal and the end of the call that the tests accept: far more than
#: the 0.1 s or so it takes, so that a loaded machine does not fail them, and far less than
#: the calls' own length.
BOUND = 5.0


def _interrupt_after(delay, call):
    """Runs ``call()``, sends this process SIGINT after ``delay`` seconds, and returns how
    long after the signal the call raised KeyboardInterrupt."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sent = []

    def send():
        time.sleep(delay)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    sender = threading.Thread(target=send)
    try:
        sender.start()
        with pytest.raises(KeyboardInterrupt):
            call()
        ended = time.monotonic()
    finally:
        sender.join()
        signal.signal(signal.SIGINT, previous)
    return ended - sent[0]


@pytest.mark.parametrize("threads", [1, 2, 0])
def test_perft(threads):
    late = _interrupt_after(0.3, lambda: td.perft(td.Board(), 14, threads=threads))
    assert late < BOUND
    assert td.perft(td.Board(), 4, threads=threads) == 7_538  # the published count (tests/rules/perft.rs)


def test_playouts_and_selfplay():
    assert _interrupt_after(0.3, lambda: td.playouts(10**6, threads=2)) < BOUND
    assert _interrupt_after(0.3, lambda: td.selfplay(10**6)) < BOUND
    assert len(td.playouts(20, seed=1).winner) == 20


def test_positions_at():
    assert _interrupt_after(0.3, lambda: td.positions_at(td.Board(), 14)) < BOUND
    assert len(td.positions_at(td.Board(), 2)) == 64
