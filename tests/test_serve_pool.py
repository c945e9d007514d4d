"""The kernel pools of the dashboard server (``widgets.serve._PreheatThrottle``), without a server.

A stand-in for Voila's preheating kernel manager (``_Voila``: pools of asyncio tasks, filled the
way Voila fills them, each a fake kernel: a real ``sleep`` process, or none) sits under the
throttle, as ``widgets.serve._preheat_throttled`` puts it under Voila's.  Checked: the slots
hold, a visitor gets a ready kernel before an older pending one, a kernel a visitor waits for
starts at once beyond the slots, once pages are read a kernel being prepared runs in Linux's
``SCHED_IDLE`` class (its autogroup at nice 19) from its first answer until a visitor takes it,
and the culler leaves a pool's kernels alone until a visitor takes them.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from widgets import serve


def _run(coro):
    """``asyncio.run`` in a thread of its own: a browser test earlier in the same xdist worker may
    leave Playwright's event loop running in this thread ("asyncio.run() cannot be called from a
    running event loop")."""
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


class _Voila:
    """Voila's pool mechanics as far as the throttle sees them: ``_pools[name]`` is a list of
    tasks running ``_initialize``; a hand-out pops the first and refills (``fill_delay`` 0)."""

    processes = False  # start a real (sleeping) process per kernel
    command = ("sleep", "60")  # that process
    state = None  # a kernel's jupyter_server execution_state at start ("starting"), or none

    def __init__(self, sizes: dict[str, int]):
        self.sizes = sizes
        self._pools: dict[str, list] = {}
        self._kernels: dict[str, object] = {}
        self.started: list[str] = []
        self.procs: list[subprocess.Popen] = []
        self.culled: list[str] = []
        for name in sizes:
            self.fill(name)

    def fill(self, name: str) -> None:
        pool = self._pools.setdefault(name, [])
        for _ in range(self.sizes[name] - len(pool)):
            pool.append(asyncio.get_event_loop().create_task(self._initialize(name)))

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
        kid = f"{notebook_path}-{len(self.started)}"
        self.started.append(kid)
        pid = None
        if self.processes:
            # a session of its own, as jupyter_client starts a kernel (start_new_session)
            proc = subprocess.Popen(list(self.command), start_new_session=True)
            self.procs.append(proc)
            pid = proc.pid
        self._kernels[kid] = SimpleNamespace(provisioner=SimpleNamespace(pid=pid))
        if self.state is not None:
            self._kernels[kid].execution_state = self.state
        return {"kernel_id": kid, "task": None}

    async def cull_kernel_if_idle(self, kernel_id):
        """Voila's: a kernel of a pool task that is done is spared; any other is culled (here:
        listed), as jupyter_server does with a kernel that sent nothing for the culling limit."""
        for pool in self._pools.values():
            if any(t.done() and t.result()["kernel_id"] == kernel_id for t in pool):
                return
        self.culled.append(kernel_id)

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        task = self._pools[notebook_name].pop(0)
        content = await task
        self.fill(notebook_name)
        return None, [], content["kernel_id"]


def _manager(slots: int, sizes: dict[str, int], ready=None, processes: bool = False, command=None,
             state=None):
    """A throttled stand-in; ``ready[kid]``: an asyncio.Event the kernel's preparation waits for
    (instead of its CPU going quiet), made on demand."""
    ready = {} if ready is None else ready

    class Throttled(serve._PreheatThrottle, _Voila):
        preheat_slots = slots

        async def _until_quiet(self, content, stop, wanted=None):
            if processes:
                return await super()._until_quiet(content, stop, wanted)
            await ready.setdefault(content["kernel_id"], asyncio.Event()).wait()

    Throttled.processes = processes
    if command is not None:
        Throttled.command = tuple(command)
    Throttled.state = state
    return Throttled(sizes), ready


def _kill_kernels(km) -> None:
    """End the kernel processes a test's manager started (``processes=True``)."""
    for proc in km.procs:
        proc.kill()
        proc.wait()


async def _settle():
    for _ in range(20):
        await asyncio.sleep(0)


def test_kernels_are_prepared_a_slot_at_a_time_once_pages_are_read():
    async def run():
        km, ready = _manager(1, {"a.ipynb": 2, "b.ipynb": 2})
        await _settle()
        cores = max(1, os.cpu_count() or 1)
        assert len(km.started) == min(cores, 4)  # at launch nobody reads: every core
        for kid in list(km.started):
            ready.setdefault(kid, asyncio.Event()).set()
        await _settle()
        while len(km.started) < 4 or not all(t.done() for p in km._pools.values() for t in p):
            for kid in km.started:  # the launch fill ends
                ready.setdefault(kid, asyncio.Event()).set()
            await _settle()
        first = await km.get_rendered_notebook("a.ipynb")  # a reader: refills one at a time now
        assert first[2] == "a.ipynb-0"
        await km.get_rendered_notebook("b.ipynb")
        await _settle()
        assert len(km.started) == 5 and km._preheat_running == 1  # two refills, one slot
        ready[km.started[-1]].set()
        await _settle()
        assert len(km.started) == 6 and km._preheat_running == 1
    _run(asyncio.wait_for(run(), 30))


def test_a_visitor_gets_a_ready_kernel_before_an_older_pending_one():
    async def run():
        km, ready = _manager(2, {"a.ipynb": 2})
        km._throttle()
        km._preheat_handed = True  # pages are being read
        await _settle()
        assert km.started == ["a.ipynb-0", "a.ipynb-1"]
        ready["a.ipynb-1"].set()  # the younger is ready, the older still being prepared
        await _settle()
        pool = km._pools["a.ipynb"]
        assert not pool[0].done() and pool[1].done()
        got = await asyncio.wait_for(km.get_rendered_notebook("a.ipynb"), 5)
        assert got[2] == "a.ipynb-1"  # Voila would have waited for a.ipynb-0
        ready["a.ipynb-0"].set()
        await _settle()
    _run(asyncio.wait_for(run(), 30))


def test_a_kernel_a_visitor_waits_for_starts_at_once_beyond_the_slots():
    async def run():
        km, ready = _manager(1, {"a.ipynb": 1, "b.ipynb": 1})
        km._throttle()
        km._preheat_handed = True
        await _settle()
        assert km.started == ["a.ipynb-0"]  # b waits behind a, which never goes quiet
        visit = asyncio.ensure_future(km.get_rendered_notebook("b.ipynb"))
        await _settle()
        assert km.started == ["a.ipynb-0", "b.ipynb-1"]  # started now, the slot still a's
        ready["b.ipynb-1"].set()
        got = await asyncio.wait_for(visit, 5)
        assert got[2] == "b.ipynb-1" and km._preheat_running == 1
        ready["a.ipynb-0"].set()
        await _settle()
    _run(asyncio.wait_for(run(), 30))


def _autogroup_nice(pid: int) -> int | None:
    """The nice value of ``pid``'s autogroup (``None`` without autogroups)."""
    try:
        with open(f"/proc/{pid}/autogroup", encoding="ascii") as f:
            return int(f.read().split("nice")[1])
    except (OSError, IndexError, ValueError):
        return None


AUTOGROUPS = _autogroup_nice(os.getpid()) is not None


@pytest.mark.skipif(not serve.IDLE_CLASS, reason="SCHED_IDLE is Linux's")
def test_a_kernel_prepared_while_pages_are_read_runs_in_the_idle_class_until_taken():
    async def run():
        km, _ready = _manager(1, {"a.ipynb": 1}, processes=True)
        km.QUIET_CPU = -1.0  # never quiet: the kernel stays "being prepared"
        try:
            km._throttle()
            km._preheat_handed = True
            for _ in range(40):
                await asyncio.sleep(0.05)
                if km.procs and os.sched_getscheduler(km.procs[0].pid) == os.SCHED_IDLE:
                    break
            pid = km.procs[0].pid
            assert os.sched_getscheduler(pid) == os.SCHED_IDLE
            # the kernel's session is scheduled as a group of its own: the group is niced too,
            # else it shares the CPU equally with the readers' browsers' groups
            if AUTOGROUPS:
                assert _autogroup_nice(pid) == serve.AUTOGROUP_NICE_LOW
            visit = asyncio.ensure_future(km.get_rendered_notebook("a.ipynb"))
            for _ in range(40):  # wanted: the normal class again, while it is still prepared
                await asyncio.sleep(0.05)
                if os.sched_getscheduler(pid) == os.SCHED_OTHER and _autogroup_nice(pid) in (0, None):
                    break
            assert os.sched_getscheduler(pid) == os.SCHED_OTHER
            assert _autogroup_nice(pid) in (0, None)
            km.QUIET_CPU = 1.0  # now it goes quiet: handed out, still in the normal class
            await asyncio.wait_for(visit, 10)
            assert os.sched_getscheduler(pid) == os.SCHED_OTHER
            assert _autogroup_nice(pid) in (0, None)
            await km.halt_preheating()
        finally:
            _kill_kernels(km)
    _run(asyncio.wait_for(run(), 30))


def test_a_pool_kernel_is_not_culled_until_a_visitor_takes_it():
    """A refill starved of CPU (idle class, nice 19, a busy machine) sends nothing for longer
    than the culling limit; Voila spared only a pool's ready kernels, and the culler shut such a
    refill down mid-start ("Kernel died before replying to kernel_info").  A pool's kernel is
    spared until a visitor takes it, unless it died."""
    async def run():
        km, ready = _manager(1, {"a.ipynb": 1})
        km._throttle()
        km._preheat_handed = True
        await _settle()
        first = km.started[0]
        await km.cull_kernel_if_idle(first)  # starting, or running its notebook
        assert km.culled == []
        ready[first].set()
        await _settle()
        await km.cull_kernel_if_idle(first)  # ready in its pool
        assert km.culled == []
        assert (await km.get_rendered_notebook("a.ipynb"))[2] == first
        await _settle()
        refill = km.started[1]
        await km.cull_kernel_if_idle(refill)
        assert km.culled == []
        await km.cull_kernel_if_idle(first)  # a visitor's now: the culler's to judge
        assert km.culled == [first]
        km._kernels[refill].execution_state = "dead"
        await km.cull_kernel_if_idle(refill)  # a dead kernel is shut down
        assert km.culled == [first, refill]
        ready[refill].set()
        await _settle()
    _run(asyncio.wait_for(run(), 30))


@pytest.mark.skipif(not serve.IDLE_CLASS, reason="SCHED_IDLE is Linux's")
def test_a_refill_starts_in_the_normal_class_and_goes_low_once_it_answered():
    """Starting a kernel takes about 0.3 CPU-s; starved of it at nice 19 before its first answer,
    a refill could run into the executor's startup timeout.  It goes to the idle class
    and its autogroup to nice 19 only once jupyter_server saw it answer (``execution_state`` no
    longer ``"starting"``)."""
    async def run():
        km, _ready = _manager(1, {"a.ipynb": 1}, processes=True, state="starting")
        km.QUIET_CPU = -1.0  # never quiet: the kernel stays "being prepared"
        try:
            km._throttle()
            km._preheat_handed = True
            await asyncio.sleep(1.5)  # three rounds of the preparation's watch
            pid = km.procs[0].pid
            assert os.sched_getscheduler(pid) == os.SCHED_OTHER
            assert _autogroup_nice(pid) in (0, None)
            km._kernels[km.started[0]].execution_state = "idle"  # it answered kernel_info
            for _ in range(60):
                await asyncio.sleep(0.05)
                if os.sched_getscheduler(pid) == os.SCHED_IDLE and (
                        not AUTOGROUPS or _autogroup_nice(pid) == serve.AUTOGROUP_NICE_LOW):
                    break
            assert os.sched_getscheduler(pid) == os.SCHED_IDLE
            if AUTOGROUPS:
                assert _autogroup_nice(pid) == serve.AUTOGROUP_NICE_LOW
            await km.halt_preheating()
        finally:
            _kill_kernels(km)
    _run(asyncio.wait_for(run(), 30))


def test_a_kernel_waiting_for_a_cpu_is_not_taken_for_ready():
    """A kernel in the idle class on a machine busy with pages gets no CPU: its CPU time stands
    still although its notebook has not run.  It keeps its slot while it is runnable (here a
    busy loop, its CPU never counted: ``QUIET_CPU`` huge); before, it looked quiet after a second
    and every refill of a burst started at once."""
    async def run():
        spin = [sys.executable, "-c", "import os\nos.nice(19)\nwhile True: pass"]
        km, _ready = _manager(1, {"a.ipynb": 1}, processes=True, command=spin)
        km.QUIET_CPU = 1e9  # whatever CPU it gets counts as none
        try:
            await asyncio.sleep(2.5)  # > the 1 s and two quiet half-seconds it took
            assert km._preheat_running == 1
            assert not km._pools["a.ipynb"][0].done()
        finally:
            await km.halt_preheating()
            _kill_kernels(km)
    _run(asyncio.wait_for(run(), 30))


def test_set_cpu_priority_reaches_the_children_of_a_process():
    if not serve.IDLE_CLASS:
        assert serve.set_cpu_priority(os.getpid(), True) is False
        return
    parent = subprocess.Popen(["sh", "-c", "sleep 60 & wait"])
    try:
        import psutil
        for _ in range(50):
            kids = psutil.Process(parent.pid).children()
            if kids:
                break
            _run(asyncio.sleep(0.05))
        assert kids
        assert serve.set_cpu_priority(parent.pid, True)
        assert {os.sched_getscheduler(p) for p in (parent.pid, kids[0].pid)} == {os.SCHED_IDLE}
        assert serve.set_cpu_priority(parent.pid, False)
        assert {os.sched_getscheduler(p) for p in (parent.pid, kids[0].pid)} == {os.SCHED_OTHER}
    finally:
        parent.kill()
        for p in psutil.Process().children(recursive=True):
            if p.name() == "sleep":
                p.kill()
        parent.wait()
    assert serve.set_cpu_priority(None, True) is False


@pytest.mark.skipif(not (serve.IDLE_CLASS and AUTOGROUPS), reason="Linux autogroups")
def test_set_cpu_priority_nices_a_session_of_its_own_but_never_its_callers():
    """A kernel leads a session of its own (jupyter_client's ``start_new_session``), scheduled as
    an autogroup: its group goes to nice 19 and back.  A process in the caller's session is not
    a group of its own: the caller's group (the server's) keeps its nice value."""
    mine = _autogroup_nice(os.getpid())
    leader = subprocess.Popen(["sleep", "60"], start_new_session=True)
    follower = subprocess.Popen(["sleep", "60"])
    try:
        assert serve.set_cpu_priority(leader.pid, True)
        assert _autogroup_nice(leader.pid) == serve.AUTOGROUP_NICE_LOW
        assert _run(serve.normal_cpu_priority(leader.pid))
        assert _autogroup_nice(leader.pid) == 0
        assert os.sched_getscheduler(leader.pid) == os.SCHED_OTHER
        _run(asyncio.sleep(0.15))  # the kernel takes one autogroup change per 100 ms
        assert serve.set_cpu_priority(follower.pid, True)
        assert os.sched_getscheduler(follower.pid) == os.SCHED_IDLE
        assert _autogroup_nice(os.getpid()) == mine
    finally:
        for p in (leader, follower):
            p.kill()
            p.wait()


def test_one_notebook_gets_its_own_pool_size():
    class Voila:  # what Voila's fill reads: the notebook's entry, else the default
        def __init__(self):
            self.kernel_pools_config = {"default": {"pool_size": 8}}

        def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
            return self.kernel_pools_config.get(notebook_name, self.kernel_pools_config["default"])

    class Sized(serve._PreheatThrottle, Voila):
        pool_sizes = {"analyzer.ipynb": 2}

    km = Sized()
    assert km.fill_if_needed(notebook_name="analyzer.ipynb")["pool_size"] == 2
    assert km.fill_if_needed(notebook_name="coup.ipynb")["pool_size"] == 8
    assert serve.parse_pools(["analyzer.ipynb=2", "coup=4"]) == {"analyzer.ipynb": 2, "coup.ipynb": 4}
    for bad in ("analyzer.ipynb", "coup=0", "=3", "coup=x"):
        with pytest.raises(SystemExit, match="NOTEBOOK=N"):
            serve.parse_pools([bad])


def test_a_kernel_shut_down_is_killed_a_restart_left_as_asked():
    """``_kill_on_shutdown``: whoever shuts a kernel down while the server runs (a tab's beacon, the
    culler), it is killed (``now=True``): asked politely, a kernel inside a cell logged a ZMQError
    traceback (CI, the coup notebook's last cell), one with a queued control message "Event loop is
    closed".  A restart keeps the polite path."""
    asked = []

    class Provisioner:
        def __init__(self, kernel_id):
            self.kernel_id = kernel_id

        async def kill(self):  # SIGKILL, before jupyter_client's shutdown interrupts the kernel
            asked.append((self.kernel_id, "killed"))

    class Kernel:
        def __init__(self, kernel_id):
            self.provisioner, self.shutting_down, self.id = Provisioner(kernel_id), False, kernel_id

        def stop_restarter(self):  # before the kill: the restarter must not start it again
            asked.append((self.id, "restarter stopped", self.shutting_down))

    class Km:
        def __init__(self):
            self._kernels = {k: Kernel(k) for k in "abc"}

        async def shutdown_kernel(self, kernel_id, now=False, restart=False):
            asked.append((kernel_id, now, restart))

    km = Km()
    serve._kill_on_shutdown(km)

    async def run():
        await km.shutdown_kernel("a")
        await km.shutdown_kernel("b", now=True)
        await km.shutdown_kernel("c", restart=True)
        await km.shutdown_kernel("gone")
    _run(run())
    assert asked == [("a", "restarter stopped", True), ("a", "killed"), ("a", True, False),
                     ("b", "restarter stopped", True), ("b", "killed"), ("b", True, False),
                     ("c", False, True), ("gone", True, False)]


def test_the_servers_stop_kills_every_kernel_idle_ones_too():
    """``_quiet_stop``: the server's stop sends every kernel, idle ones included, through
    ``_kill_on_shutdown``'s kill before Voila's ``shutdown_all`` runs.  An idle kernel asked politely
    printed ``ZMQError: Socket operation on non-socket`` (ipykernel 7.4 flushes stderr after its
    shutdown handler closed its iostream; CI, ``test_stop_is_clean[SIGTERM]``)."""
    asked = []

    class Provisioner:
        def __init__(self, kernel_id):
            self.kernel_id = kernel_id

        async def kill(self):
            asked.append((self.kernel_id, "killed"))

    class Kernel:
        def __init__(self, kernel_id, state):
            self.provisioner, self.shutting_down, self.id = Provisioner(kernel_id), False, kernel_id
            self.execution_state = state

        def stop_restarter(self):
            pass

    class Km:
        _pools: dict = {}

        def __init__(self):
            self._kernels = {"idle": Kernel("idle", "idle"), "busy": Kernel("busy", "busy")}

        def __contains__(self, kernel_id):
            return kernel_id in self._kernels

        async def shutdown_kernel(self, kernel_id, now=False, restart=False):
            asked.append((kernel_id, "shutdown", now))
            self._kernels.pop(kernel_id, None)

        async def shutdown_all(self, now=False):
            asked.append(("the rest", sorted(self._kernels), now))

    km = Km()
    serve._quiet_stop(km)
    serve._kill_on_shutdown(km)
    _run(km.shutdown_all())
    assert sorted(asked[:-1]) == [("busy", "killed"), ("busy", "shutdown", True),
                                  ("idle", "killed"), ("idle", "shutdown", True)]
    assert asked[-1] == ("the rest", [], False)


def test_tornados_ping_clamp_line_is_dropped_and_nothing_else():
    """The log line tornado 6.5+ writes at the first kernel websocket ("The websocket_ping_timeout
    (90000) cannot be longer than the websocket_ping_interval (30000)") says nothing a reader of the
    log can act on (see ``_PingWarningFilter``); any other tornado line stays."""
    import logging
    f = serve._PingWarningFilter()

    def rec(msg):
        return logging.LogRecord("tornado.general", logging.WARNING, __file__, 1, msg, None, None)
    assert not f.filter(rec("The websocket_ping_timeout (90000) cannot be longer than the "
                            "websocket_ping_interval (30000).\nSetting websocket_ping_timeout=30000"))
    assert f.filter(rec("Uncaught exception in write_error"))


def test_the_servers_stop_kills_the_kernels_before_it_removes_their_socket_folder(tmp_path):
    """Voila's ``stop`` removes the folder of the kernels' ipc sockets, then shuts them down; a
    kernel still starting then failed to bind ("ZMQError: No such file or directory for ipc path",
    a traceback in the log; CI, a Ctrl-C while a page rendered on a busy machine).  The launcher's
    ``stop`` kills them first: the folder is still there when the first ``shutdown_all`` runs."""
    seen = []

    class Km:
        async def shutdown_all(self, now=False):
            seen.append(folder.exists())

    folder = tmp_path / "voila_conn"
    folder.mkdir()
    app = serve._voila_class()()
    app.kernel_manager, app.connection_dir = Km(), str(folder)
    try:  # in a thread of its own, as _run: a browser test may leave an event loop in this one
        with concurrent.futures.ThreadPoolExecutor(1) as ex:
            ex.submit(app.stop).result()
    finally:
        serve._STOP.stopping = False
    assert seen[0] is True and not folder.exists()
