"""The teacher's journey, top to bottom: the README's commands, in the README's order, on a fresh clone.

The commands are read from README.md's ```bash blocks (each found by a piece of its command, and found in this
order), so a README change that breaks the journey fails here. Each runs with bash in a fresh `git clone` of this
checkout's HEAD, in a folder every user can enter (as the README asks), with a home of its own:

1. the learner's install, whose `punto-banco lab` answers with the lessons copied;
2. classroom mode answers a lesson drawn by the course's template;
3. slides answer a lesson as slides;
4. the book: the README's command builds both editions into site/;
5. the hub's install (`.venv-hub`), then the learner's `.venv` still imports the course and Voila;
6. the hub started in a terminal of its own, with the README's variables set to generated passwords; on free ports
   and with a Unix-user prefix and homes of its own, so it touches no other hub (the README's defaults are
   127.0.0.1:8000, jupyter- and /home);
7. links for the course on this machine (the README's command, with the hub's address);
8. a student follows a lesson's link: signs in, their server starts, nbgitpuller clones the course, and every code
   cell of the lesson runs on a kernel of theirs; the classroom view of the lesson answers under the hub;
9. Ctrl-C in the hub's terminal stops everything in under 10 s;
10. the end of class removes the student's Unix user and archives their home.

What is shared with other tests, where the README's commands give the same result: npm's cache (the teacher's machine
would have it after its first install) and the run's wheelhouse (tests/conftest.py's `wheelhouse`: the course's
dependencies as wheels, resolved once from the package index for this clone). Each README `pip install` runs as written,
building the course from the fresh clone, but with pip set (through its environment variables) to take every package
from that wheelhouse alone and not to byte-compile them: the same packages the index would give, unpacked without
asking it again (the hub's venv, made by /usr/bin/python3, from `hub_wheelhouse`: the same wheels, with an older
release where that Python is too old for the newest). Each step's and each command's time is printed, with the CPU
time of the processes it ran. Needs root (the hub makes a Unix user per student), npm and the package index; without
the index or npm the test is skipped, saying why (set BACCARAT_REQUIRE_INSTALL=1 to fail instead, as CI does).
"""

from __future__ import annotations

import json
import os
import re
import resource
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the hub helper and load test beside these tests
from hub import descendants, free_ports, processes, start_in_terminal, wait_for_hub  # noqa: E402
from load_test import StudentRun, run_lesson  # noqa: E402
from baccarat_spawner import unix_users_with_prefix  # noqa: E402
from run_once import pip_from_wheelhouse  # noqa: E402  (tests/run_once.py)

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
REQUIRE_ENV = "BACCARAT_REQUIRE_INSTALL"
TOKEN = "teacher-journey-token"
LESSON = "01"   # the lesson the student opens and runs

# Each step of the journey and a piece of its README command, in the order the README must give them.
JOURNEY = (
    ("learner's install", ".venv/bin/pip install . && .venv/bin/punto-banco lab"),
    ("classroom mode", ".venv/bin/punto-banco classroom"),
    ("slides", ".venv/bin/punto-banco slides"),
    ("book", ".venv/bin/punto-banco book"),
    ("hub install", "-m venv .venv-hub"),
    ("hub start", "-m jupyterhub -f serve/hub/jupyterhub_config.py"),
    ("links", "serve/hub/links.py"),
    ("end of class", "serve/hub/end_class.py"),
)
SERVERS = ("punto-banco lab", "punto-banco classroom", "punto-banco slides")   # commands that serve until stopped

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the hub creates a Unix user per student: needs root")


def readme_commands(text: str) -> dict[str, str]:
    """The README's command of each journey step (the whole ```bash block holding its piece), checked in order."""
    blocks = [(match.start(), match.group(1)) for match in re.finditer(r"```bash\n(.*?)```", text, re.S)]
    commands, last = {}, -1
    for step, piece in JOURNEY:
        found = [(start, block) for start, block in blocks if piece in block]
        assert len(found) == 1, f"README.md: one ```bash block must hold {piece!r} ({step}); found {len(found)}"
        start, block = found[0]
        assert start > last, f"README.md gives {step!r} before the step that comes before it in the journey"
        commands[step], last = block.strip(), start
    return commands


def test_the_journey_is_read_from_the_readme_in_its_order():
    # the parser finds each step once, in order; a README that moved the hub's install before the book fails
    commands = readme_commands(README.read_text(encoding="utf-8"))
    assert list(commands) == [step for step, _ in JOURNEY]
    assert commands["hub install"].startswith("/usr/bin/python3 -m venv .venv-hub")
    text = README.read_text(encoding="utf-8")
    book, hub = text.index(commands["book"]), text.index(commands["hub install"])
    swapped = text[:book] + commands["hub install"] + text[book + len(commands["book"]):hub] + commands["book"] \
        + text[hub + len(commands["hub install"]):]
    with pytest.raises(AssertionError, match="before the step that comes before it"):
        readme_commands(swapped)


# --- running the README's commands ----------------------------------------------------------------------------

class Journey:
    """A fresh clone in a folder every user can enter, a home of its own, and what it started."""

    def __init__(self, wheelhouse: Path):
        self.root = Path(tempfile.mkdtemp(prefix="baccarat-journey-"))
        os.chmod(self.root, 0o711)
        self.course = self.root / "punto-banco-course"
        self.home = self.root / "home"
        self.homes = self.root / "homes"
        self.home.mkdir(mode=0o700)
        self.homes.mkdir(mode=0o711)
        self.prefix = f"tj{secrets.token_hex(2)}-"
        caches = {"PIP_CACHE_DIR": _pip_cache(), "npm_config_cache": str(Path.home() / ".npm")}
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith(("JUPYTER", "BACCARAT_", "PYTHON", "VIRTUAL_ENV", "MPL", "IPYTHON", "XDG_",
                                           "PIP_", "npm_"))}
        self.env.update(caches, HOME=str(self.home), JUPYTER_TOKEN=TOKEN)
        self.env.update(pip_from_wheelhouse(wheelhouse))
        self.servers: list[subprocess.Popen] = []
        self.hub: subprocess.Popen | None = None
        self.terminal: int | None = None
        self.recorded: set = set()
        self.times: list[tuple[str, float]] = []

    @contextmanager
    def step(self, name: str):
        started, cpu = time.monotonic(), _children_cpu()
        yield
        self.times.append((name, time.monotonic() - started))
        print(f"journey: {name}: {self.times[-1][1]:.0f} s (CPU {_children_cpu() - cpu:.0f} s)", flush=True)

    def run(self, command: str, env: dict | None = None, timeout: float = 900) -> str:
        """Run one README command with bash in the clone; its output (it must succeed). Its time is printed."""
        started, cpu = time.monotonic(), _children_cpu()
        result = subprocess.run(["bash", "-c", f"set -eo pipefail; {command}"], cwd=self.course,
                                env=env or self.env, capture_output=True, text=True, timeout=timeout,
                                stdin=subprocess.DEVNULL)
        if result.returncode and ("No matching distribution" in result.stderr or "npm ERR! network" in result.stderr):
            _give_up(f"the package index or npm registry did not answer: {result.stderr[-500:]}")
        assert result.returncode == 0, f"{command}\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
        print(f"journey:   {command}: {time.monotonic() - started:.0f} s (CPU {_children_cpu() - cpu:.0f} s)",
              flush=True)
        return result.stdout

    def serve(self, command: str, *extra: str) -> tuple[subprocess.Popen, int]:
        """Start a README command that serves until stopped, on a free port without a browser."""
        port = free_ports(1)
        log = open(self.root / f"server-{len(self.servers)}.log", "wb")
        process = subprocess.Popen(["bash", "-c", f"exec {command} {' '.join(extra)} --no-browser --port={port}"],
                                   cwd=self.course, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        self.servers.append(process)
        return process, port

    def stop_servers(self) -> None:
        for process in self.servers:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
        self.servers.clear()

    def cleanup(self) -> None:
        self.stop_servers()
        if self.hub is not None:
            self.recorded |= descendants(self.hub.pid) if self.hub.poll() is None else set()
            if self.hub.poll() is None:
                os.killpg(self.hub.pid, signal.SIGKILL)
                self.hub.wait(30)
        table = processes()
        uids = {entry.pw_uid for entry in unix_users_with_prefix(self.prefix)}
        for pid, (_, start, uid) in table.items():
            if uid in uids or (pid, start) in self.recorded:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for entry in unix_users_with_prefix(self.prefix):
            subprocess.run(["userdel", "--remove", entry.pw_name], capture_output=True, timeout=60)
        if self.terminal is not None:
            os.close(self.terminal)
        shutil.rmtree(self.root, ignore_errors=True)


def _children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children and theirs: a step's work, which a machine
    busy with other jobs stretches less than its wall time."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _pip_cache() -> str:
    found = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True, timeout=60)
    return found.stdout.strip() if found.returncode == 0 else str(Path.home() / ".cache" / "pip")


def _give_up(message: str):
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{message} ({REQUIRE_ENV}=1 forbids skipping)", pytrace=False)
    pytest.skip(message)


def _answers(url: str, timeout: float = 240, **kwargs) -> requests.Response:
    """The first answer of `url` that is not a refused connection, within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return requests.get(url, timeout=60, **kwargs)
        except requests.ConnectionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def _split_server(command: str) -> tuple[list[str], str]:
    """A block's commands: those run to completion, and the last one if it serves (else '')."""
    parts = [part.strip() for line in command.splitlines() if line.strip() and not line.lstrip().startswith("#")
             for part in line.split("&&")]
    if any(server in parts[-1] for server in SERVERS):
        return parts[:-1], parts[-1]
    return parts, ""


# --- the journey ------------------------------------------------------------------------------------------------

def test_a_teacher_follows_the_readme_from_install_to_the_end_of_class(request):
    if shutil.which("npm") is None:
        _give_up("the journey builds the course, which needs npm: apt-get install npm")
    commands = readme_commands(README.read_text(encoding="utf-8"))
    journey = Journey(request.getfixturevalue("wheelhouse"))
    try:
        _walk(journey, commands, request.getfixturevalue("hub_wheelhouse"))
    finally:
        journey.cleanup()
        print("journey times: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in journey.times)
              + f"; total {sum(seconds for _, seconds in journey.times):.0f} s")


def _walk(journey: Journey, commands: dict[str, str], hub_wheelhouse: Path) -> None:
    with journey.step("fresh clone"):
        subprocess.run(["git", "clone", "-q", str(ROOT), str(journey.course)], check=True, timeout=300)
        os.chmod(journey.course, 0o755)

    with journey.step("learner's install and lab"):
        installs, lab = _split_server(commands["learner's install"])
        assert lab.endswith("punto-banco lab"), lab
        for command in installs:
            journey.run(command)
        process, port = journey.serve(lab)
        status = _answers(f"http://127.0.0.1:{port}/api/status?token={TOKEN}")
        assert status.status_code == 200, status.text
        assert (journey.home / "punto-banco-course" / "00_welcome.ipynb").is_file()
        assert (journey.home / "punto-banco-course" / "vi" / "00_welcome.ipynb").is_file()
        journey.stop_servers()

    with journey.step("classroom mode"):
        classroom = _split_server(commands["classroom mode"])[1]
        process, port = journey.serve(classroom)
        page = _answers(f"http://127.0.0.1:{port}/voila/render/05_a_whole_coup.ipynb?token={TOKEN}")
        assert page.status_code == 200, page.text[-2000:]
        assert 'class="bcl-voila-header"' in page.text   # the course's classroom template
        journey.stop_servers()

    with journey.step("slides"):
        slides = _split_server(commands["slides"])[1]
        process, port = journey.serve(slides)
        page = _answers(f"http://127.0.0.1:{port}/?token={TOKEN}")
        assert page.status_code == 200, page.text[-2000:]
        assert 'class="reveal"' in page.text
        journey.stop_servers()

    with journey.step("book"):
        for command in _split_server(commands["book"])[0]:
            journey.run(command, timeout=1200)
        site = journey.course / "site"
        pages = {path.relative_to(site).as_posix() for path in site.rglob("*.html")}
        assert {"index.html", "lessons/05_a_whole_coup.html", "lessons/vi/05_a_whole_coup.html"} <= pages, pages

    with journey.step("hub install"):
        # /usr/bin/python3 may be an older patch release than the tests' Python, for which the wheelhouse's newest
        # releases can be too new (soupsieve wants 3.11.5, Debian 12 has 3.11.2): this install has a wheelhouse of
        # its own, resolved for that version (tests/conftest.py's `hub_wheelhouse`), and asks no index either
        for_hub_python = dict(journey.env, **pip_from_wheelhouse(hub_wheelhouse))
        for command in _split_server(commands["hub install"])[0]:
            journey.run(command, env=for_hub_python)
        # the learner's venv is untouched: classroom mode and slides still import
        journey.run(".venv/bin/python -c 'import voila, baccarat_lib, jupyterlab'")
        assert Path(os.path.realpath(journey.course / ".venv-hub" / "bin" / "python")).parts[:3] == ("/", "usr", "bin")

    with journey.step("hub start"):
        hub = _start_hub(journey, commands["hub start"])

    with journey.step("links"):
        links_command = _split_server(commands["links"])[0]
        assert len(links_command) == 1 and "--hub http://127.0.0.1:8000" in links_command[0], links_command
        table = journey.run(links_command[0].replace("--hub http://127.0.0.1:8000", f"--hub {hub.url}"))
        rows = {line.split()[1]: re.findall(r"\[open\]\(([^)]+)\)", line) for line in table.splitlines()
                if re.match(r"\| \d\d ", line)}
        assert len(rows) == 12, table
        lab_link, classroom_link = rows[LESSON]
        query = parse_qs(urlsplit(lab_link).query)
        assert query["repo"] == [str(journey.course)]   # the course on this machine: no internet needed
        branch = subprocess.run(["git", "-C", str(journey.course), "branch", "--show-current"], capture_output=True,
                                text=True, check=True).stdout.strip()
        assert query["branch"] == [branch]

    with journey.step("a student follows the link and runs a lesson"):
        lesson_path = _student_follows(journey, hub, lab_link, query)

    with journey.step("the classroom view under the hub"):
        urlpath = parse_qs(urlsplit(classroom_link).query)["urlpath"][0]
        assert urlpath == "voila/render/" + lesson_path, urlpath
        page = hub.student.get(f"{hub.url}/user/anna/{urlpath}", timeout=240)
        assert page.status_code == 200, page.text[-2000:]
        assert "baccarat.css" in page.text   # the course's classroom template under the hub

    with journey.step("Ctrl-C stops the hub"):
        journey.recorded |= descendants(journey.hub.pid)
        started = time.monotonic()
        os.write(journey.terminal, b"\x03")
        journey.hub.wait(60)
        seconds = time.monotonic() - started
        print(f"journey: Ctrl-C stopped the hub in {seconds:.1f} s")
        assert seconds < 10
        uid = hub.student_uid
        deadline = time.monotonic() + 10
        while uid in {owner for _, _, owner in processes().values()} and time.monotonic() < deadline:
            time.sleep(0.2)
        assert uid not in {owner for _, _, owner in processes().values()}

    with journey.step("end of class"):
        (end,) = _split_server(commands["end of class"])[0]
        archive = re.search(r"--archive (\S+)", end).group(1)
        output = journey.run(end)
        student = journey.prefix + "anna"
        assert f"removed {student} and its home {journey.homes / student}" in output, output
        assert output.splitlines()[-1].startswith("end of class: removed 1 student user(s)"), output
        assert not unix_users_with_prefix(journey.prefix)
        assert (journey.course / archive / f"{student}.tar.gz").is_file()


def _start_hub(journey: Journey, block: str) -> SimpleNamespace:
    """The README's start block: its variables set to generated passwords, its command in a terminal of its own."""
    variables = re.findall(r"^export (\w+)=", block, re.M)
    assert variables == ["BACCARAT_CLASS_PASSWORD", "BACCARAT_TEACHER_PASSWORD"], block
    (command,) = [line for line in block.splitlines() if line.strip() and not line.startswith("export ")]
    port = free_ports(3)
    hub = SimpleNamespace(url=f"http://127.0.0.1:{port}", port=port, class_password=secrets.token_urlsafe(12))
    env = dict(journey.env, BACCARAT_CLASS_PASSWORD=hub.class_password,
               BACCARAT_TEACHER_PASSWORD=secrets.token_urlsafe(32), BACCARAT_HUB_PORT=str(port),
               BACCARAT_UNIX_PREFIX=journey.prefix, BACCARAT_STUDENT_HOMES=str(journey.homes))
    log = open(journey.root / "hub.log", "wb")
    journey.hub, journey.terminal = start_in_terminal(["bash", "-c", f"exec {command}"], journey.course, env, log)
    wait_for_hub(hub.url, journey.hub,
                 lambda: "\n" + (journey.root / "hub.log").read_text(errors="replace")[-3000:], timeout=120)
    return hub


def _student_follows(journey: Journey, hub: SimpleNamespace, link: str, query: dict) -> str:
    """anna opens the lesson's link: signs in, waits for her server, pulls the course, runs the lesson.
    Returns the lesson's path in her home (the link's urlpath after lab/tree/)."""
    session = requests.Session()
    login = session.get(link, timeout=60)   # not signed in: the hub's login page, remembering where to go next
    assert urlsplit(login.url).path == "/hub/login", login.url
    answer = session.post(login.url, data={"username": "anna", "password": hub.class_password,
                                           "_xsrf": session.cookies.get("_xsrf", "")}, timeout=240)
    assert answer.status_code == 200, answer.text[-2000:]
    pull_page = f"{hub.url}/user/anna/git-pull"
    deadline = time.monotonic() + 240
    while not answer.url.startswith(pull_page):   # the spawn-pending page, until her server is up
        assert time.monotonic() < deadline, f"anna's server did not start: {answer.url}"
        time.sleep(0.5)
        answer = session.get(link, timeout=240)
    assert "nbgitpuller" in answer.text.lower()
    # what nbgitpuller's page then asks of its API (targetpath: the repository's last part)
    events = session.get(f"{pull_page}/api", stream=True, timeout=600, params={
        "repo": query["repo"][0], "branch": query["branch"][0],
        "targetpath": query["repo"][0].rstrip("/").split("/")[-1]})
    assert events.status_code == 200
    phases = []
    for line in events.iter_lines(decode_unicode=True):
        if line and line.startswith("data:"):
            event = json.loads(line[5:])
            phases.append(event.get("phase"))
            assert event.get("phase") != "error", event.get("message")
            if event.get("phase") == "finished":
                break
    assert phases[-1] == "finished", phases
    hub.student = session
    hub.student_uid = next(entry.pw_uid for entry in unix_users_with_prefix(journey.prefix))
    # run every code cell of the lesson on a kernel of hers, with a token she makes with her session
    # (the hub's _xsrf cookie, not the one her server set for /user/anna/)
    xsrf = next(cookie.value for cookie in session.cookies if cookie.name == "_xsrf" and cookie.path == "/hub/")
    token = session.post(f"{hub.url}/hub/api/users/anna/tokens", json={"note": "journey"}, timeout=60,
                         headers={"X-XSRFToken": xsrf}).json()["token"]
    lesson_path = query["urlpath"][0].removeprefix("lab/tree/")
    clone, _, lesson_file = lesson_path.partition("/lessons/")
    run = StudentRun("anna", lesson_file)
    run_lesson(hub, {"Authorization": f"token {token}"}, token, run, clone=clone)
    assert run.cells > 0 and run.errors == [], run.errors
    return lesson_path
