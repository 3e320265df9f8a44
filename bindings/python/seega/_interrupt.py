"""Ctrl-C during a long C call (a search, a tablebase generation): stop
it, then raise KeyboardInterrupt.

While ``seega_search`` runs, the main thread is inside C: Python runs a
signal's handler only when that thread next runs Python code, which is the
progress callback, after a whole iteration. The default handler would raise
KeyboardInterrupt there, inside a ctypes callback, where ctypes can only
print and ignore it, and the search would go on.

So, in the main thread and while SIGINT has Python's default handler, a
search runs under :class:`StopOnInterrupt`: SIGINT's handler only notes the
interrupt, and the signal's wake-up file descriptor, which the interpreter
writes to the moment the signal arrives, whatever the main thread is doing,
wakes a watcher thread that calls ``seega_search_stop`` (again every 10 ms
until the search has returned: a stop before the search has begun does
nothing). When the search returns, the previous handler and wake-up
descriptor come back and KeyboardInterrupt is raised. Bytes of other
signals are passed on to the previous wake-up descriptor, if any.

A tablebase generation asks a stop callback of its own, on the main
thread, every 20 ms or so: that callback is Python code, so the handler
runs there, and the callback only has to return :attr:`interrupted`. For
it, :class:`StopOnInterrupt` is made without a ``stop`` function: the
handler only notes the interrupt, with no wake-up descriptor and no
watcher thread.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from typing import Any, Callable, Optional

_DONE = b"\0"  # no signal has number 0: the watcher's cue to finish


class StopOnInterrupt:
    """Context manager around one ``seega_search`` call of a game handle
    (``stop`` stops it), or one ``seega_tb_generate`` call (no ``stop``:
    its stop callback reads :attr:`interrupted`)."""

    def __init__(self, stop: Optional[Callable[[], None]] = None) -> None:
        self._stop = stop
        self.interrupted = False
        self._active = False
        self._old_handler: Any = None
        self._old_fd = -1
        self._r = self._w = -1
        self._watcher: Optional[threading.Thread] = None

    def __enter__(self) -> "StopOnInterrupt":
        if (threading.current_thread() is not threading.main_thread()
                or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
            return self  # a host with its own SIGINT handling keeps it
        if self._stop is None:
            self._old_handler = signal.signal(signal.SIGINT, self._on_sigint)
            self._active = True
            return self
        self._r, self._w = os.pipe()
        os.set_blocking(self._w, False)
        try:
            self._old_fd = signal.set_wakeup_fd(self._w, warn_on_full_buffer=False)
        except (ValueError, OSError):  # an interpreter that refuses it: no guard
            self._close_fds()
            return self
        try:
            self._old_handler = signal.signal(signal.SIGINT, self._on_sigint)
        except BaseException:
            signal.set_wakeup_fd(self._old_fd)
            self._close_fds()
            raise
        self._active = True
        self._watcher = threading.Thread(target=self._watch, name="seega-sigint",
                                         daemon=True)
        self._watcher.start()
        return self

    def _on_sigint(self, signum: int, frame: Any) -> None:
        self.interrupted = True
        if self._stop is not None:
            self._stop()

    def _watch(self) -> None:
        stop = self._stop
        assert stop is not None  # a watcher only runs with a stop function
        while True:
            timeout = 0.01 if self.interrupted else None
            ready, _, _ = select.select([self._r], [], [], timeout)
            if self.interrupted:
                stop()
            if not ready:
                continue
            data = os.read(self._r, 512)
            if not data or _DONE in data:
                return
            for signum in data:
                if signum == signal.SIGINT:
                    self.interrupted = True
                    stop()
                elif self._old_fd >= 0:
                    try:
                        os.write(self._old_fd, bytes([signum]))
                    except OSError:
                        pass

    def _close_fds(self) -> None:
        for fd in (self._r, self._w):
            if fd >= 0:
                os.close(fd)
        self._r = self._w = -1

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if not self._active:
            return
        self._active = False
        if self._watcher is None:
            signal.signal(signal.SIGINT, self._old_handler)
            if self.interrupted and kind is None:
                raise KeyboardInterrupt
            return
        try:
            signal.signal(signal.SIGINT, self._old_handler)
            signal.set_wakeup_fd(self._old_fd)
        finally:
            os.write(self._w, _DONE)
            assert self._watcher is not None
            self._watcher.join()
            self._close_fds()
        if self.interrupted and kind is None:
            raise KeyboardInterrupt
