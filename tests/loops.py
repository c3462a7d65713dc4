"""Running a coroutine from a synchronous test."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own: the session's Playwright browser may keep an event
    loop running on the main thread, where ``asyncio.run`` refuses to start another."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
