"""The library works in child processes of every multiprocessing start method (fork, spawn,
forkserver), through multiprocessing.Pool and concurrent.futures.ProcessPoolExecutor, after the
parent has used the library's thread pool: the children's answers equal the parent's bit for
bit. A hang (a forked child waiting for pool threads that were not forked with it) fails by
timeout instead of hanging pytest."""

import concurrent.futures
import multiprocessing
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # children import it by name
import process_workers  # noqa: E402

TIMEOUT = 60  # seconds for every child's answer; each takes well under one
METHODS = [m for m in ("fork", "spawn", "forkserver") if m in multiprocessing.get_all_start_methods()]


@pytest.fixture(scope="module")
def work():
    """The inputs and the parent's own answers, computed first, so that the library's thread
    pool is running in the parent before any child is made."""
    inputs = process_workers.inputs()
    expected = process_workers.answers(**inputs)
    assert (expected["status"] == 0).all()
    assert 0 < expected["distance"].size and 10 < expected["i"].size
    return inputs, expected


def check_equal(got: dict, expected: dict) -> None:
    assert got["pid"] != os.getpid()  # really computed in a child
    for key in expected:
        if key != "pid":
            assert np.array_equal(got[key], expected[key]), key


def run_pool(method: str, inputs: dict) -> list:
    pool = multiprocessing.get_context(method).Pool(2)
    try:
        return pool.map_async(process_workers.answers_of, [inputs, inputs]).get(timeout=TIMEOUT)
    finally:
        pool.terminate()
        pool.join()


def run_executor(method: str, inputs: dict) -> list:
    executor = concurrent.futures.ProcessPoolExecutor(
        2, mp_context=multiprocessing.get_context(method))
    try:
        futures = [executor.submit(process_workers.answers, **inputs) for _ in range(2)]
        return [f.result(timeout=TIMEOUT) for f in futures]
    finally:
        # A hung worker would make shutdown wait forever: end the workers first.
        for process in list((executor._processes or {}).values()):
            process.terminate()
        executor.shutdown(wait=True, cancel_futures=True)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("run", [run_pool, run_executor], ids=["Pool", "ProcessPoolExecutor"])
def test_children_answer_like_the_parent(work, run, method):
    inputs, expected = work
    results = run(method, inputs)
    assert len(results) == 2
    for got in results:
        check_equal(got, expected)
