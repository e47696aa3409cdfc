"""A real terminal for the benchmarks: tmux, watched through a control-mode client.

Each `Terminal` is one tmux session of a given size on a tmux server of the benchmark's own
(its own socket, no configuration file), so nothing the user or anybody else runs in tmux is
touched, and `close()` ends exactly the session it made. A control-mode client (`tmux -C`) stays
attached: it sends the keys and asks for the screen over one pipe, without a process per poll,
and it is told about every piece of output the program in the pane writes (`%output`) the moment
tmux has read it and put it on the pane's screen. That is what the timings use:

* a key's latency runs from just before the key is handed to tmux until the last piece of the
  first burst of output (pieces less than QUIET_GAP apart) after which the pane's screen, with
  colours and attributes, differs from what it was before the key. Output that changes nothing
  on screen does not stop the clock. Nothing is subtracted;
* a start-up runs from just before tmux is told to start the command in the pane until the end of
  the first burst after which a given text is on screen ("first frame"), and until the last
  output before the screen has been still for a while ("settled").

What the terminal emulator in front of tmux would take to paint the screen is not included; it is
the same for every program measured.
"""

from __future__ import annotations

import os
import queue
import shlex
import subprocess
import threading
import time

# Output pieces closer together than this belong to one frame: a frame of a big screen reaches
# tmux in several reads, a few milliseconds apart at most.
QUIET_GAP = 0.025
COMMAND_TIMEOUT = 10.0


class TerminalError(RuntimeError):
    pass


class Terminal:
    def __init__(self, socket: str, name: str, width: int, height: int, env: dict[str, str], cwd: str):
        self.socket = socket
        self.name = name
        self.width = width
        self.height = height
        self.env = env
        self._chunks: list[float] = []
        self._bytes = 0  # bytes of output the pane has received
        self._changed = threading.Condition()
        self._responses: queue.Queue = queue.Queue()
        self._proc: subprocess.Popen | None = None
        self._tmux(
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            str(width),
            "-y",
            str(height),
            "exec sleep 1000000",
            cwd=cwd,
        )
        try:
            # Without this, the control client's own size (80×24) would become the window's size.
            self._tmux("set-option", "-t", name, "window-size", "manual")
            self._tmux("resize-window", "-t", name, "-x", str(width), "-y", str(height))
            self._proc = subprocess.Popen(
                self._argv("-C", "attach", "-t", name),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=env,
            )
            threading.Thread(target=self._read, daemon=True).start()
            self._response()  # the attach itself answers first
            self.socket_path = self.command("display-message -p '#{socket_path}'")[0].decode()
        except BaseException:
            self.close()
            raise

    # -- tmux ----------------------------------------------------------------------------------
    def _argv(self, *args: str) -> list[str]:
        return ["tmux", "-L", self.socket, "-f", "/dev/null", *args]

    def _tmux(self, *args: str, cwd: str | None = None) -> str:
        done = subprocess.run(
            self._argv(*args), capture_output=True, text=True, env=self.env, cwd=cwd, check=False
        )
        if done.returncode:
            raise TerminalError(f"tmux {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def _read(self) -> None:
        fd = self._proc.stdout.fileno()
        pending = b""
        block: list[bytes] | None = None
        while True:
            data = os.read(fd, 1 << 16)
            if not data:
                self._responses.put((True, [b"control client ended"]))
                return
            now = time.perf_counter()
            pending += data
            *lines, pending = pending.split(b"\n")
            outputs = 0
            for line in lines:
                if block is not None:
                    if line.startswith((b"%end ", b"%error ")):
                        self._responses.put((line.startswith(b"%error"), block))
                        block = None
                    else:
                        block.append(line)
                elif line.startswith(b"%begin "):
                    block = []
                elif line.startswith(b"%output "):
                    outputs += 1
                    # tmux writes each byte below a space, and the backslash, as \ooo
                    data = line.split(b" ", 2)[2] if line.count(b" ") >= 2 else b""
                    self._bytes += len(data) - 3 * data.count(b"\\")
            if outputs:
                with self._changed:
                    self._chunks.append(now)
                    self._changed.notify_all()

    def _response(self) -> list[bytes]:
        try:
            failed, lines = self._responses.get(timeout=COMMAND_TIMEOUT)
        except queue.Empty:
            raise TerminalError("tmux did not answer") from None
        if failed:
            raise TerminalError(b"\n".join(lines).decode(errors="replace"))
        return lines

    def command(self, line: str) -> list[bytes]:
        """Run one tmux command through the control client and return its output lines."""
        self._proc.stdin.write(line.encode() + b"\n")
        self._proc.stdin.flush()
        return self._response()

    # -- the pane ------------------------------------------------------------------------------
    def screen(self) -> bytes:
        """What the pane shows, with colours and attributes (a highlight that moves is a change)."""
        return b"\n".join(self.command(f"capture-pane -p -e -t {self.name}"))

    def text(self) -> str:
        """What the pane shows, as plain text."""
        return b"\n".join(self.command(f"capture-pane -p -t {self.name}")).decode(errors="replace")

    def bytes_received(self) -> int:
        with self._changed:
            return self._bytes

    def output_count(self) -> int:
        with self._changed:
            return len(self._chunks)

    def wait_burst(self, after: int, deadline: float) -> tuple[float, int] | None:
        """Wait for output beyond the first `after` pieces, then until it pauses for QUIET_GAP:
        (arrival time of the burst's last piece, pieces so far), or None at the deadline."""
        with self._changed:
            while len(self._chunks) <= after:
                left = deadline - time.perf_counter()
                if left <= 0:
                    return None
                self._changed.wait(left)
            while True:
                last = self._chunks[-1]
                gap = QUIET_GAP - (time.perf_counter() - last)
                if gap <= 0:
                    return last, len(self._chunks)
                self._changed.wait(gap)

    def wait_still(self, still: float, limit: float) -> float | None:
        """Wait until no output has come for `still` seconds (at most `limit` seconds); the
        arrival time of the last piece before that, None if there was none or it never stopped."""
        end = time.perf_counter() + limit
        with self._changed:
            while True:
                now = time.perf_counter()
                last = self._chunks[-1] if self._chunks else 0.0
                if now - last >= still:
                    return last or None
                if now >= end:
                    return None
                self._changed.wait(min(still - (now - last), end - now))

    def start(
        self, command: str, marker: str, still: float = 0.5, limit: float = 20.0
    ) -> tuple[float | None, float | None]:
        """Start `command` in the pane (ending whatever ran there): seconds to the first frame
        showing `marker`, and to the last output before the screen stayed still for `still`."""
        after = self.output_count()
        t0 = time.perf_counter()
        self.command(f"respawn-pane -k -t {self.name} {shlex.quote(command)}")
        deadline = t0 + limit
        first = None
        while first is None:
            burst = self.wait_burst(after, deadline)
            if burst is None:
                return None, None
            end, after = burst
            if marker in self.text():
                first = end - t0
        last = self.wait_still(still, max(0.0, deadline - time.perf_counter()))
        return first, (last - t0 if last is not None else None)

    def wait_for(self, *texts: str, limit: float = 20.0) -> bool:
        """Wait until every one of `texts` is on screen."""
        deadline = time.perf_counter() + limit
        while not all(t in self.text() for t in texts):
            if self.wait_burst(self.output_count(), deadline) is None:
                return all(t in self.text() for t in texts)
        return True

    def press(self, key: str) -> None:
        self.command(f"send-keys -t {self.name} {key}")

    def key_latency(self, key: str, limit: float = 5.0) -> float | None:
        """Seconds from handing `key` to tmux until the screen shows its effect (see the module
        docstring); None when the screen did not change within `limit` seconds."""
        self.wait_still(0.1, 2.0)  # the previous key's frames are all out
        before = self.screen()
        after = self.output_count()
        t0 = time.perf_counter()
        self.press(key)
        return self.changed_at(before, after, t0, limit)

    def changed_at(self, before: bytes, after: int, t0: float, limit: float) -> float | None:
        """Seconds from `t0` until the end of the first burst of output beyond the first `after`
        pieces after which the screen differs from `before`; None past `limit` seconds."""
        deadline = t0 + limit
        while True:
            burst = self.wait_burst(after, deadline)
            if burst is None:
                return None
            end, after = burst
            if self.screen() != before:
                return end - t0

    def pid(self) -> int:
        return int(self.command(f"display-message -p -t {self.name} '#{{pane_pid}}'")[0])

    def peak_rss_mb(self) -> float | None:
        """Peak resident memory of the program in the pane (it must have been started with exec,
        so that the pane's process is the program itself)."""
        try:
            with open(f"/proc/{self.pid()}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024
        except (OSError, ValueError, IndexError):
            return None
        return None

    def stop(self) -> None:
        """End the program in the pane; the pane stays, blank, for the next one."""
        self.command(f"respawn-pane -k -t {self.name} 'exec sleep 1000000'")

    def close(self) -> None:
        if self._proc is not None:
            try:
                self._proc.stdin.close()
                self._proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
        # Ends this session only; the server quits by itself with its last session.
        subprocess.run(
            self._argv("kill-session", "-t", self.name), capture_output=True, env=self.env, check=False
        )

    def server_gone(self) -> bool:
        done = subprocess.run(self._argv("list-sessions"), capture_output=True, env=self.env, check=False)
        return done.returncode != 0
