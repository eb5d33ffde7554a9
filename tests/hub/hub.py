"""Start the class's hub on 127.0.0.1 with throw-away state, and stop everything it started.

Used by the load test (`tests/hub/load_test.py`) and the tests beside it (`tests/hub/`), never by a teacher. `LocalHub`
runs `serve/hub/jupyterhub_config.py` as it is, with:

- a temporary folder (mode 0711, so the students' Unix users reach their homes in it) holding the hub's state
  (0700) and the students' homes;
- a Unix-user prefix unique to the run (`bh` + 4 hex digits + `-`), so the users it creates are told apart from
  every other user of the machine, and deleted at the end (`userdel --remove`);
- random passwords and three free loopback ports.

`LocalHub(terminal=True)` starts the hub in a pseudo-terminal of its own, as a teacher's shell does, so that
`interrupt()` types Ctrl-C there: the terminal sends SIGINT to the hub and the proxy (its foreground process group),
and the students' servers would see the terminal as their standard input. `sigint_ignored=True` starts it with SIGINT
ignored, as a non-interactive shell starts a job with `&` (CI run in the background): what the hub starts inherits that
unless the hub's config undoes it.

Stopping: the hub is sent SIGTERM, and JupyterHub stops the students' servers (which stop their kernels) and the
proxy. Single-user servers and kernels run in sessions of their own (not the hub's process group), so before
stopping, `stop()` records every process descending from the hub (from /proc); whatever of those is still alive
afterwards, and any process of the run's Unix users, is killed by its pid. Then the users and the folder go.
`leftovers()` says what is still alive of the recorded processes (the tests assert it is empty).
"""

from __future__ import annotations

import fcntl
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tempfile
import termios
import threading
import time
from pathlib import Path

import requests

CLASSROOM = Path(__file__).resolve().parents[2] / "serve" / "hub"   # the class's config, as a teacher runs it
CONFIG = CLASSROOM / "jupyterhub_config.py"
sys.path.insert(0, str(CLASSROOM))

from baccarat_settings import unreachable_folder  # noqa: E402
from baccarat_spawner import unix_users_with_prefix  # noqa: E402

__all__ = ["LocalHub", "HubError", "processes", "descendants", "start_in_terminal", "free_ports", "stopped_cleanly"]


class HubError(RuntimeError):
    """The hub did not start or answer as expected; the message ends with the tail of its log."""


# --- processes, read from /proc --------------------------------------------------------------------------------

def processes() -> dict[int, tuple[int, int, int]]:
    """Every process as pid -> (parent pid, start time in clock ticks, real uid)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            uid = os.stat(f"/proc/{entry}").st_uid
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "; comm may hold spaces
        table[int(entry)] = (int(fields[1]), int(fields[19]), uid)
    return table


def descendants(root: int, table: dict | None = None) -> set[tuple[int, int]]:
    """(pid, start time) of every process below `root`; the start time tells a reused pid apart."""
    table = processes() if table is None else table
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in table.items():
        children.setdefault(parent, []).append(pid)
    found, stack = set(), [root]
    while stack:
        for child in children.get(stack.pop(), []):
            found.add((child, table[child][1]))
            stack.append(child)
    return found


def _alive(recorded: set[tuple[int, int]]) -> set[tuple[int, int]]:
    table = processes()
    return {(pid, start) for pid, start in recorded if pid in table and table[pid][1] == start}


def _below_ephemeral() -> int:
    """The first port the kernel hands out to outgoing connections (Linux: 32768); a port chosen below it cannot be
    taken between the check and the bind by some test's HTTP client picking its source port."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_ports(count: int) -> int:
    """A port p such that p .. p + count - 1 are all free on 127.0.0.1, below the ephemeral range."""
    low = 20000
    span = max(_below_ephemeral() - count - low, 1000)
    for _ in range(200):
        first = low + secrets.randbelow(span)
        sockets = []
        try:
            for port in range(first, first + count):
                sock = socket.socket()
                sockets.append(sock)
                sock.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for sock in sockets:
                sock.close()
    raise HubError("no free ports on 127.0.0.1")


def student_python(folder: Path) -> str | None:
    """A Python the students' Unix users can run with this environment's packages, or None if sys.executable is.

    On a machine whose Python lives under /root (mode 0700; pyenv), the students cannot run this environment's
    interpreter, though its packages (here, /work/main/.venv) are readable. Then a small venv is made in `folder`
    from a system Python of the same version (/usr/bin/python3.X, same ABI), whose one .pth file adds this
    environment's site-packages, and whose share/ and etc/ are links to this environment's (JupyterLab's assets,
    Voila's templates, the server extensions' enabling files).
    """
    if unreachable_folder(sys.executable) is None:
        return None
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    system_python = Path(f"/usr/bin/python{version}")
    if not system_python.exists() or unreachable_folder(str(system_python)) is not None:
        raise HubError(f"{sys.executable} is not reachable by other users and there is no {system_python}")
    venv = folder / "student-python"
    subprocess.run([str(system_python), "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    site_packages = venv / "lib" / f"python{version}" / "site-packages"
    environment_packages = sysconfig.get_paths()["purelib"]
    (site_packages / "baccarat_environment.pth").write_text(
        f"import site; site.addsitedir({environment_packages!r})\n")
    for name in ("share", "etc"):
        (venv / name).unlink(missing_ok=True) if (venv / name).is_symlink() else shutil.rmtree(venv / name, True)
        (venv / name).symlink_to(Path(sys.prefix) / name)
    return str(venv / "bin" / "python")


def start_in_terminal(command: list[str], cwd: Path, env: dict, log,
                      sigint_ignored: bool = False) -> tuple[subprocess.Popen, int]:
    """Start `command` as the leader of a new session whose controlling terminal is a new pseudo-terminal, as in a
    teacher's shell; what it writes there is copied to the open binary file `log`. Returns the process and the
    terminal's controlling side: writing b"\\x03" to it is Ctrl-C. With `sigint_ignored`, the command starts with
    SIGINT ignored (kept across exec), as a job a non-interactive shell starts with `&`."""
    terminal, secondary = os.openpty()

    def in_the_child() -> None:
        # setsid (start_new_session) runs before preexec_fn, which then takes the terminal as the controlling one
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        if sigint_ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)

    try:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdin=secondary, stdout=secondary, stderr=secondary,
                                   start_new_session=True, preexec_fn=in_the_child)
    finally:
        os.close(secondary)

    def copy() -> None:
        try:
            while data := os.read(terminal, 65536):
                log.write(data)
                log.flush()
        except (OSError, ValueError):   # EIO: every process holding the terminal has exited; or the log was closed
            return

    threading.Thread(target=copy, daemon=True).start()
    return process, terminal


# --- the hub ----------------------------------------------------------------------------------------------------

def wait_for_hub(url: str, process: subprocess.Popen, log_tail, timeout: float) -> None:
    """Wait until the hub at ``url`` answers its API; a ``HubError`` with ``log_tail()`` if ``process`` exits first
    or nothing answers within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise HubError(f"the hub exited with status {process.returncode}{log_tail()}")
        try:
            if requests.get(f"{url}/hub/api/", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.3)
    raise HubError(f"the hub did not answer within {timeout} s{log_tail()}")


class LocalHub:
    """The class's hub on 127.0.0.1 for one run; use as a context manager."""

    def __init__(self, cull_idle_seconds: int = 3600, cull_every_seconds: int = 60, course_repo: str | None = None,
                 terminal: bool = False, sigint_ignored: bool = False):
        self.root = Path(tempfile.mkdtemp(prefix="baccarat-hub-"))
        os.chmod(self.root, 0o711)
        self.state = self.root / "state"
        self.homes = self.root / "homes"
        self.homes.mkdir(mode=0o711)
        os.chmod(self.homes, 0o711)
        self.prefix = f"bh{secrets.token_hex(2)}-"
        self.class_password = secrets.token_urlsafe(12)
        self.teacher_password = secrets.token_urlsafe(32)
        self.teacher = "teacher"
        self.port = free_ports(4)   # proxy, its API, the hub's API, the class view
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.root / "hub.log"
        self.env = dict(os.environ,
                        BACCARAT_CLASS_PASSWORD=self.class_password,
                        BACCARAT_TEACHER_PASSWORD=self.teacher_password,
                        BACCARAT_TEACHER=self.teacher,
                        BACCARAT_HUB_IP="127.0.0.1",
                        BACCARAT_HUB_PORT=str(self.port),
                        BACCARAT_HUB_STATE=str(self.state),
                        BACCARAT_STUDENT_HOMES=str(self.homes),
                        BACCARAT_UNIX_PREFIX=self.prefix,
                        BACCARAT_CULL_IDLE_SECONDS=str(cull_idle_seconds),
                        BACCARAT_CULL_EVERY_SECONDS=str(cull_every_seconds))
        if course_repo:
            self.env["BACCARAT_COURSE_REPO"] = course_repo
        python = student_python(self.root)
        if python:
            self.env["BACCARAT_STUDENT_PYTHON"] = python
        self.process: subprocess.Popen | None = None
        self.recorded: set[tuple[int, int]] = set()
        self._log = None
        self.terminal = terminal
        self.sigint_ignored = sigint_ignored
        self._terminal_fd: int | None = None

    # -- start ---------------------------------------------------------------------------------------------------
    def start(self, timeout: float = 60) -> "LocalHub":
        """Start the hub and wait until its API answers."""
        self._log = open(self.log_path, "wb")
        command = [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)]
        if self.terminal:
            self.process = self._start_in_terminal(command)
        else:
            self.process = subprocess.Popen(command, cwd=self.root, env=self.env, stdout=self._log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_hub(self.url, self.process, self.log_tail, timeout)
        return self

    def _start_in_terminal(self, command: list[str]) -> subprocess.Popen:
        process, self._terminal_fd = start_in_terminal(command, self.root, self.env, self._log, self.sigint_ignored)
        return process

    def interrupt(self, timeout: float = 60) -> float:
        """Type Ctrl-C in the hub's terminal (LocalHub(terminal=True)); return the seconds until the hub exited."""
        self.recorded |= descendants(self.process.pid)
        started = time.monotonic()
        os.write(self._terminal_fd, b"\x03")
        self.process.wait(timeout)
        return time.monotonic() - started

    def log_tail(self, lines: int = 30) -> str:
        """The end of the hub's log, for error messages."""
        try:
            text = self.log_path.read_text(errors="replace").splitlines()[-lines:]
        except OSError:
            return ""
        return "\n--- hub log (end) ---\n" + "\n".join(text)

    # -- sign in and tokens --------------------------------------------------------------------------------------
    def login(self, name: str, password: str) -> requests.Session:
        """A browser-like session signed in through the login form; raises HubError if the hub refuses."""
        session = requests.Session()
        session.get(f"{self.url}/hub/login", timeout=30)
        response = session.post(f"{self.url}/hub/login?next=", timeout=60, allow_redirects=False,
                                data={"username": name, "password": password,
                                      "_xsrf": session.cookies.get("_xsrf", "")})
        if response.status_code != 302:
            raise HubError(f"login as {name!r} refused: HTTP {response.status_code}")
        return session

    def new_token(self, session: requests.Session, name: str) -> str:
        """An API token for the signed-in user `name`, made with their session (as the token page does)."""
        response = session.post(f"{self.url}/hub/api/users/{name}/tokens", json={"note": "baccarat test"},
                                headers={"X-XSRFToken": session.cookies.get("_xsrf", "")}, timeout=30)
        if response.status_code != 201:
            raise HubError(f"token for {name!r}: HTTP {response.status_code} {response.text[:200]}")
        return response.json()["token"]

    def admin_token(self) -> str:
        """The teacher's API token (the teacher is the hub's admin)."""
        return self.new_token(self.login(self.teacher, self.teacher_password), self.teacher)

    def spawner_pid(self, student: str) -> int:
        """The pid of `student`'s running server (the hub's child running as their Unix user)."""
        uid = pwd.getpwnam(self.unix_name(student)).pw_uid
        table = processes()
        return next(pid for pid, (parent, _, owner) in table.items() if parent == self.process.pid and owner == uid)

    def unix_name(self, student: str) -> str:
        """The Unix user that runs `student`'s server."""
        return self.prefix + student

    # -- stop ----------------------------------------------------------------------------------------------------
    def stop(self, timeout: float = 60) -> None:
        """Stop the hub, its proxy, every server and kernel; delete the run's Unix users and the folder."""
        try:
            if self.process is not None:
                self.recorded |= descendants(self.process.pid) | self._own_strays()
                self._stop_hub(timeout)
            self._kill(_alive(self.recorded))
            self._kill_users_processes()
        finally:
            self._delete_users()
            if self._terminal_fd is not None:
                os.close(self._terminal_fd)
                self._terminal_fd = None
            if self._log is not None:
                self._log.close()
            shutil.rmtree(self.root, ignore_errors=True)

    def _own_strays(self) -> set[tuple[int, int]]:
        """This hub's proxy (found by its API port) and services (by the hub's API address in their environment):
        the hub starts each in a session of its own, so a hub that died at start (a port taken) leaves them outside
        both its tree and its process group."""
        proxy = f"--api-port\0{self.port + 1}\0".encode()
        service = f"JUPYTERHUB_API_URL=http://127.0.0.1:{self.port + 2}/".encode()
        found = set()
        for pid, (_, started, _) in processes().items():
            try:
                if proxy in Path(f"/proc/{pid}/cmdline").read_bytes() or \
                        service in Path(f"/proc/{pid}/environ").read_bytes():
                    found.add((pid, started))
            except OSError:
                continue
        return found

    def _stop_hub(self, timeout: float) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        try:  # the hub's own process group (its proxy and services, if the hub died without stopping them)
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    @staticmethod
    def _kill(targets: set[tuple[int, int]]) -> None:
        for pid, _ in targets:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 10
        while _alive(targets) and time.monotonic() < deadline:
            time.sleep(0.1)

    def _kill_users_processes(self) -> None:
        uids = {entry.pw_uid for entry in unix_users_with_prefix(self.prefix)}
        table = processes()
        self._kill({(pid, start) for pid, (_, start, uid) in table.items() if uid in uids})

    def _delete_users(self) -> None:
        for entry in unix_users_with_prefix(self.prefix):
            subprocess.run(["userdel", "--remove", entry.pw_name], check=False, timeout=30,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def leftovers(self) -> set[tuple[int, int]]:
        """Processes recorded at stop (the hub's tree) that are still alive; empty after a clean stop."""
        return _alive(self.recorded)

    def __enter__(self) -> "LocalHub":
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc_info) -> None:
        self.stop()


def stopped_cleanly(hub: LocalHub) -> None:
    """Stop `hub` and check that nothing it started is left: process, folder, Unix user (for tests' teardowns)."""
    hub.stop()
    assert hub.leftovers() == set()
    assert hub.process is None or hub.process.returncode is not None
    assert not hub.root.exists()
    assert not [entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(hub.prefix)]
