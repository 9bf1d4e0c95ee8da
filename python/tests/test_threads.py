"""Long calls release the GIL (`py.detach`), so a threaded server runs them in parallel; and
calls from many threads give the bytes one thread gives."""

from __future__ import annotations

import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import ctxpack

DOCS = [
    {"id": f"d{i}", "schema_type": f"t{i % 7}", "origin_type": "user_input",
     "created_at": 1_772_000_000_000 + i * 1000, "data": {"text": "lorem ipsum dolor " * 50, "n": i}}
    for i in range(500)
]
TEXT = ctxpack.to_json({"documents": DOCS, "request": "notes", "maxChars": 8_000})


def runs_while(call: Callable[[], Any]) -> bool:
    """Whether another Python thread runs while `call` is in the core. With the switch interval
    at 1,000 s the interpreter never takes the GIL from this thread: the other thread gets it
    only when a call releases it. Repeated until it has or 200 calls have not (no clock)."""
    ticks = 0
    stop = threading.Event()
    started = threading.Event()

    def spin() -> None:
        nonlocal ticks
        started.set()
        while not stop.is_set():
            ticks += 1
            # Hands the GIL back, so the caller can take it again when its call returns.
            time.sleep(0)

    old = sys.getswitchinterval()
    spinner = threading.Thread(target=spin)
    try:
        spinner.start()
        started.wait()
        sys.setswitchinterval(1000)
        before = ticks
        for _ in range(200):
            call()
            if ticks != before:
                return True
        return False
    finally:
        sys.setswitchinterval(old)
        stop.set()
        spinner.join()


def test_assemble_releases_the_gil() -> None:
    assert runs_while(lambda: ctxpack.assemble_context(TEXT))


def test_extract_classes_releases_the_gil() -> None:
    source = "class A:\n    x: int = 1\n" * 20_000
    assert runs_while(lambda: ctxpack.extract_classes("a.py", source))


def test_threads_give_the_bytes_one_thread_gives() -> None:
    assembler = ctxpack.ContextAssembler()
    calls: list[Callable[[], Any]] = [
        lambda: ctxpack.assemble_context(TEXT),
        lambda: ctxpack.assemble_context({"documents": DOCS, "request": "notes", "maxChars": 8_000}),
        lambda: assembler.assemble({"documents": DOCS, "request": "notes", "maxChars": 8_000}),
    ]
    want = ctxpack.to_json(calls[0]())
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda i: ctxpack.to_json(calls[i % 3]()), range(24)))
    assert results == [want] * 24


def test_a_call_that_holds_the_gil_is_told_apart() -> None:
    """The check above can fail: pure Python never lets the other thread run."""
    assert not runs_while(lambda: sum(range(20_000)))
