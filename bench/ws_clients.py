"""Socket clients of the load benchmark: one process drives whole tables (all their sockets).

A table's sockets live in the same process so that the time from sending an action to each
seat's new state is measured on one clock. Each socket reads every ``state`` frame; the socket
of the seat to act (the lowest seat in ``to_act`` with legal actions) answers with a random legal
action at once, or after an exponential pause of mean ``pace`` seconds. A ``seq`` that skips one
is a gap (answered with ``sync``); ``error`` frames are counted by code. Frames are read and
written with :mod:`apps.protocol`, as the server does.

:func:`client_main` is the entry of a client process (``multiprocessing``, spawn): it connects,
reports ``connected``, waits for ``go``, plays for warm-up + measured seconds, reports results.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections import Counter

from apps.protocol import decode_server, encode
from apps.protocol.client import Act, ClientFrame, Sync
from apps.protocol.server import Error, State

NEVER_BY_CHANCE = {"surrender", "leave", "concede"}
#: A round trip to every seat longer than this (seconds) is reported with its wall-clock time,
#: so that a tail can be lined up with the server's and PostgreSQL's logs.
SLOW = 0.15
#: Tasks started without awaiting (kept referenced until done).
_background: set[asyncio.Future] = set()


def _spawn(awaitable) -> None:
    task = asyncio.ensure_future(awaitable)
    _background.add(task)
    task.add_done_callback(_background.discard)


class Table:
    """The sockets of one table and the action in flight."""

    def __init__(self, spec: dict, run: Run) -> None:
        self.id = spec["id"]
        self.run = run
        self.seats = [Seat(self, s) for s in spec["sockets"]]
        #: seq an action was sent at -> [time sent, acting seat, {seat: arrival time}]
        self.flights: dict[int, list] = {}
        self.seen_seqs: set[int] = set()
        self.finished = False

    def state_arrived(self, seat: Seat, seq: int, now: float) -> None:
        run = self.run
        if seq not in self.seen_seqs:
            self.seen_seqs.add(seq)
            if run.measuring(now):
                run.applied += 1
        flight = self.flights.get(seq - 1)
        if flight is None:
            return
        sent_at, acting, arrivals = flight
        arrivals.setdefault(seat.number, now)
        if seat.number == acting and run.measuring(sent_at):
            run.self_rtt.append(now - sent_at)
        if len(arrivals) == len(self.seats):
            if run.measuring(sent_at):
                rtt = max(arrivals.values()) - sent_at
                run.all_rtt.append(rtt)
                if rtt > SLOW:
                    run.slow.append((round(time.time() - (now - sent_at), 3), round(rtt * 1000)))
            del self.flights[seq - 1]
        for old in [s for s in self.flights if s < seq - 8]:
            del self.flights[old]  # a lost state: never complete


class Seat:
    """One socket of a table."""

    def __init__(self, table: Table, spec: dict) -> None:
        self.table = table
        self.number = spec["seat"]
        self.url = spec["url"]
        self.headers = spec.get("headers") or {}
        self.ws = None
        self.last_seq = -1
        self.acted_seq = -1
        self.view: dict = {}
        self.connected = asyncio.Event()

    async def connect(self) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(
            self.url,
            additional_headers=self.headers,
            compression=None,
            open_timeout=60,
            ping_interval=None,
            max_size=2**20,
            proxy=None,
        )

    async def reader(self) -> None:
        run = self.table.run
        try:
            async for raw in self.ws:
                now = time.perf_counter()
                run.frames += 1
                frame = decode_server(raw)
                if isinstance(frame, State):
                    self.on_state(frame, now)
                elif isinstance(frame, Error):
                    code = frame.code
                    if run.measuring(now) or code != "stale":
                        run.errors[code] += 1
                    if code == "stale":
                        await self.send(Sync())
        except Exception as exc:  # a closed socket is an error unless the run is over
            if not run.stopping:
                run.errors[f"closed:{type(exc).__name__}"] += 1
        else:
            if not run.stopping:
                run.errors[f"closed:{self.ws.close_code}"] += 1

    def on_state(self, message: State, now: float) -> None:
        seq = message.seq
        run = self.table.run
        if self.last_seq >= 0 and seq > self.last_seq + 1:
            if run.measuring(now):
                run.gaps += 1
            _spawn(self.send(Sync()))
        if seq < self.last_seq:
            return
        self.last_seq = seq
        self.view = message.view
        self.connected.set()
        if self.view.get("result"):
            self.table.finished = True
        self.table.state_arrived(self, seq, now)
        if run.started:
            self.maybe_act()

    def my_turn(self) -> bool:
        view = self.view
        legal = view.get("legal") or []
        to_act = view.get("to_act") or []
        return bool(legal) and bool(to_act) and min(to_act) == self.number and not self.table.finished

    def maybe_act(self) -> None:
        run = self.table.run
        if run.stopping or self.acted_seq >= self.last_seq or not self.my_turn():
            return
        self.acted_seq = self.last_seq
        delay = random.expovariate(1 / run.pace) if run.pace else 0.0
        if delay:
            asyncio.get_running_loop().call_later(delay, self._act_now, self.last_seq)
        else:
            self._act_now(self.last_seq)

    def _act_now(self, seq: int) -> None:
        run = self.table.run
        if run.stopping or seq != self.last_seq:
            return
        legal = [a for a in self.view.get("legal") or [] if a.get("type") not in NEVER_BY_CHANCE]
        if not legal:
            return
        passes = [a for a in legal if a.get("type") == "pass"]
        action = passes[0] if passes and random.random() < 0.7 else random.choice(legal)
        self.table.flights[seq] = [time.perf_counter(), self.number, {}]
        _spawn(self.send(Act(seq=seq, action=action)))

    async def send(self, frame: ClientFrame) -> None:
        try:
            await self.ws.send(encode(frame))
        except Exception:
            if not self.table.run.stopping:
                self.table.run.errors["send_failed"] += 1


class Run:
    """Counters and samples of one client process."""

    def __init__(self, spec: dict) -> None:
        self.pace = spec.get("pace") or 0.0
        self.warmup = spec["warmup"]
        self.seconds = spec["seconds"]
        self.tables = [Table(t, self) for t in spec["tables"]]
        self.errors: Counter = Counter()
        self.gaps = 0
        self.applied = 0
        self.frames = 0
        self.self_rtt: list[float] = []
        self.all_rtt: list[float] = []
        self.slow: list[tuple[float, int]] = []
        self.started = False
        self.stopping = False
        self.t_measure = float("inf")
        self.t_end = float("inf")

    def measuring(self, t: float) -> bool:
        return self.t_measure <= t < self.t_end


async def _connect_all(run: Run, concurrency: int) -> None:
    gate = asyncio.Semaphore(concurrency)

    async def one(seat: Seat) -> None:
        async with gate:
            for attempt in range(3):  # a handshake refused under a connect storm is retried
                try:
                    await seat.connect()
                    break
                except Exception as exc:
                    run.errors[f"connect:{type(exc).__name__}"] += 1
                    await asyncio.sleep(1 + attempt)
            else:
                return
            _spawn(seat.reader())
            try:
                await asyncio.wait_for(seat.connected.wait(), 60)
            except TimeoutError:
                run.errors["no_first_state"] += 1

    await asyncio.gather(*(one(s) for t in run.tables for s in t.seats))


async def _play(spec: dict, report, go) -> None:
    run = Run(spec)
    await _connect_all(run, spec.get("connect_concurrency", 8))
    report.put(("connected", spec["index"], len([s for t in run.tables for s in t.seats if s.ws])))
    while not go.is_set():
        await asyncio.sleep(0.02)
    cpu0 = _cpu()
    start = time.perf_counter()
    run.t_measure = start + run.warmup
    run.t_end = run.t_measure + run.seconds
    run.started = True
    for table in run.tables:
        for seat in table.seats:
            seat.maybe_act()
    await asyncio.sleep(run.warmup)
    cpu1 = _cpu()
    await asyncio.sleep(run.seconds)
    cpu2 = _cpu()
    run.stopping = True
    await asyncio.sleep(0.5)
    for table in run.tables:
        for seat in table.seats:
            if seat.ws is not None:
                await seat.ws.close()
    report.put(
        (
            "result",
            spec["index"],
            {
                "applied": run.applied,
                "self_rtt": run.self_rtt,
                "all_rtt": run.all_rtt,
                "slow": run.slow,
                "errors": dict(run.errors),
                "gaps": run.gaps,
                "frames": run.frames,
                "finished_tables": sum(t.finished for t in run.tables),
                "client_cpu_seconds": round(cpu2 - cpu1, 2),
                "client_cpu_total": round(cpu2 - cpu0, 2),
            },
        )
    )


def _cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def client_main(spec: dict, report, go) -> None:
    """Entry of a client process: play ``spec``'s tables; put ``connected`` then ``result``."""
    if os.environ.get("BENCH_NICE"):
        os.setpriority(os.PRIO_PROCESS, 0, int(os.environ["BENCH_NICE"]))
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    asyncio.run(_play(spec, report, go))
