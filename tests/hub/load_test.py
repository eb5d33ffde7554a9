"""A class on the hub, for real: N students run a lesson each at the same time.

    sudo .venv/bin/python tests/hub/load_test.py --students 30

What it does, all on 127.0.0.1 with a temporary folder (`tests/hub/hub.py`, `LocalHub`):
1. starts the hub from `serve/hub/jupyterhub_config.py` (random passwords, a Unix-user prefix of its own);
2. signs the teacher in through the login form and takes an admin API token;
3. creates N students through the REST API (`POST /hub/api/users`) and starts their servers, all at once;
4. pulls the course into each student's home with nbgitpuller (`/user/<name>/git-pull/api`, the request the
   nbgitpuller link makes), from the repository this script lives in (a local path: no internet), on its current
   branch; then reads the lesson from the clone through the student's contents API;
5. runs every code cell of one lesson per student at the same time, through the student's kernel API (a kernel
   started in the clone's lessons/ folder, cells sent over the kernel's websocket via the hub's proxy with the
   student's own API token). Lessons are given in turn starting with 07 (the heaviest: its exact odds build the
   coup table, and it draws a wide two-panel figure), so any N >= 1 runs it, or
   in turn from `--lessons 07,08,10` (lesson numbers);
   an error output or a failed execute_reply counts as an error;
6. with --poll, the class view (serve/hub/class_view.py) too: the teacher starts a poll on lesson 05's first
   exercise before the students start; after its lesson, each student's kernel answers ten exercises and the poll
   through the course's library, as a lesson on the hub does (an AnswerRecorder's answers go to the class view in the
   background; the poll's answer as the class poll box sends it), with the address the hub gives the server
   (BACCARAT_CLASS_URL) and the server's own token (JUPYTERHUB_API_TOKEN). From the moment the first student starts
   answering, the teacher's view (the class page's live part, and api/class) is read every 0.25 s; the run fails
   unless it shows every student, all their answers and every poll answer, within 2 s of the last answer;
7. stops everything (hub, proxy, servers, kernels), deletes the Unix users and the folder, and checks that no
   process it started is left.

Memory: every 0.5 s, for each student, the memory of all the processes of that student's Unix user (their
single-user server and kernels) is added up, two ways: resident (VmRSS from /proc/<pid>/status) and proportional
(Pss from /proc/<pid>/smaps_rollup). "peak MiB per student" is the largest RSS total over all students at one
moment, divided by N: what a class needs per student at its busiest. The largest single student is printed too,
with its lesson, how its RSS splits between server, kernels and the rest, and the largest single student's PSS;
then each student's RSS peak and lesson.

RSS overstates what a student costs a machine: it counts every page a process maps, so the pages of the Python
binary and of the shared libraries (numpy's, zmq's, matplotlib's...), which are in memory once for the whole
class, are counted again in every server and every kernel, about 20 MiB a process. PSS counts a shared page as a
share (1/n for n processes mapping it); the PSS of every process on a machine adds up to the memory they use. So the
largest student's PSS is the figure for "how many students a machine holds", and it only falls as the class grows
(more processes share the same pages); a run of 3 students is an upper bound for a larger class. Both are printed.

The last line is
    students: N, lessons run: M, errors: E, peak MiB per student: X, wall s: Y
(with --poll it goes on: `, poll answers: P/N, class view students: S, class view lag s: L`), and the exit status
is 1 when E > 0, a lesson did not run, anything failed, or something was left running.
The whole run is bounded (--timeout, default 300 s + 20 s per student).
"""

from __future__ import annotations

import argparse
import json
import pwd
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import requests
import websocket

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hub import LocalHub, processes  # noqa: E402

CELL_TIMEOUT = 180
REPO = Path(__file__).resolve().parents[2]
CLASS_VIEW = "services/class-view/"
POLL_LESSON, POLL_EXERCISE = "05_a_whole_coup", 0    # "7 6 Q J 5 2. Who wins?": Player (7 to 6)
POLL_CHOICES = ("Player", "Banker", "Tie")
EXERCISES = 10                                        # answers each student sends to the class view
VIEW_LAG_LIMIT = 2.0                                  # seconds from the last answer to the teacher's view showing it
# What a student's lesson does on the hub, from their kernel, through the course's library: ten judged exercises
# saved by an AnswerRecorder (its class link sends them to the class view in the background, with the address and
# the token the hub gave the server), then the poll answered as the class poll box does (the library's request waits
# 3 s: on a machine as loaded as a 30-student run with other jobs, a reply can take longer, and the student clicks
# again). Prints one JSON line.
CLASS_ANSWERS = """
import json as _json, time as _time
from baccarat_lib.progress import AnswerRecorder, progress_store
from baccarat_lib.progress.class_link import class_request, link_for
_recorder = AnswerRecorder("lesson", lesson={lesson!r})
for _index in range({exercises}):
    _recorder.ask()
    _recorder.record("banker-draw:%d/%d" % (3 + _index % 4, _index), "load test %d" % _index, "draw",
                     (_index + {number}) % 3 != 0)
_link, _deadline = link_for(progress_store()), _time.monotonic() + 120
while _link.pending() and _time.monotonic() < _deadline:
    _time.sleep(0.1)
_sent = {exercises} - len(_link.pending())
_status, _reply = class_request("GET", "api/polls/current")
_poll, _accepted = _reply["poll"]["id"], False
for _try in range(3):   # as a student clicks again when no reply came; "already answered" then means it arrived
    try:
        _status, _reply = class_request("POST", "api/polls/%d/answers" % _poll, {{"answer": {choice!r}}})
    except OSError:
        continue
    _accepted = _reply == {{"accepted": True}} or (_try > 0 and _status == 409 and "already" in _reply["error"])
    break
print(_json.dumps({{"stored": _sent, "accepted": _accepted, "tries": _try + 1}}))
"""


@dataclass
class StudentRun:
    """What happened for one student."""

    name: str
    lesson: str
    cells: int = 0
    errors: list[str] = field(default_factory=list)
    done: bool = False
    number: int = 0
    answers_stored: int = 0
    poll_answered: bool = False
    last_answer: float = 0.0      # time.monotonic() when the class view had taken the student's last answer
    answering: bool = False       # the lesson has run; the student's answers are being sent to the class view


# --- the course ---------------------------------------------------------------------------------------------------

def git_toplevel_and_branch(folder: Path) -> tuple[str, str]:
    """The repository this script is in, and its current branch (what nbgitpuller will clone)."""
    def git(*args):
        return subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, text=True,
                              timeout=30).stdout.strip()
    return git("rev-parse", "--show-toplevel"), git("rev-parse", "--abbrev-ref", "HEAD")


def lessons_in_turn(repo: str, count: int, numbers: list[str] | None = None) -> list[str]:
    """`count` lesson file names, taken in turn from the committed lessons, starting with 07 (the heaviest); or, given
    `numbers` (such as ["07", "08"]), taken in turn from the lessons with those numbers, in that order."""
    listing = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", "HEAD", "lessons/"], check=True,
                             capture_output=True, text=True, timeout=30).stdout.split()
    names = sorted(Path(path).name for path in listing if path.endswith(".ipynb"))
    if numbers:
        by_number = {name.split("_", 1)[0]: name for name in names}
        unknown = [number for number in numbers if number not in by_number]
        if unknown:
            raise ValueError(f"--lessons: no committed lesson numbered {', '.join(unknown)}; "
                             f"the lessons are {', '.join(by_number)}")
        order = [by_number[number] for number in numbers]
    else:
        start = next(index for index, name in enumerate(names) if name.startswith("07_"))
        order = names[start:] + names[:start]
    return [order[index % len(order)] for index in range(count)]


# --- one student ----------------------------------------------------------------------------------------------------

def wait_until_ready(hub: LocalHub, admin: dict, name: str, deadline: float) -> None:
    """Wait until the student's server is ready (the hub says so)."""
    while time.monotonic() < deadline:
        model = requests.get(f"{hub.url}/hub/api/users/{name}", headers=admin, timeout=30).json()
        server = model.get("servers", {}).get("")
        if server and server.get("ready"):
            return
        if not model.get("pending") and not server:
            raise RuntimeError(f"{name}'s server stopped while starting")
        time.sleep(1)
    raise TimeoutError(f"{name}'s server was not ready in time")


def start_servers(hub: LocalHub, admin: dict, names: list[str], timeout: float = 120) -> dict[str, dict]:
    """Start the servers of the (existing) students `names` all at once and wait until each is ready; for each, headers
    with an API token of the student's own."""
    for name in names:
        response = requests.post(f"{hub.url}/hub/api/users/{name}/server", headers=admin, timeout=timeout)
        if response.status_code not in (201, 202):
            raise RuntimeError(f"{name}'s server: HTTP {response.status_code} {response.text[:200]}")
    deadline, headers = time.monotonic() + timeout, {}
    for name in names:
        wait_until_ready(hub, admin, name, deadline)
        token = requests.post(f"{hub.url}/hub/api/users/{name}/tokens", json={"note": "test"}, headers=admin,
                              timeout=30).json()["token"]
        headers[name] = {"Authorization": f"token {token}"}
    return headers


def pull_course(hub: LocalHub, student: dict, name: str, repo: str, branch: str) -> None:
    """Clone the course into the student's home, as the nbgitpuller link does; raise on its error event."""
    response = requests.get(f"{hub.url}/user/{name}/git-pull/api", headers=student, stream=True, timeout=300,
                            params={"repo": repo, "branch": branch, "targetpath": "course"})
    response.raise_for_status()
    for line in response.iter_lines(decode_unicode=True):
        if line and line.startswith("data:"):
            event = json.loads(line[5:])
            if event.get("phase") == "error":
                raise RuntimeError(f"nbgitpuller: {event.get('message')}")
            if event.get("phase") == "finished":
                return
    raise RuntimeError("nbgitpuller stopped without finishing")


def _message(msg_type: str, content: dict) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "load-test",
                       "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}


def execute(connection, code: str, printed: list[str] | None = None) -> list[str]:
    """Run one cell on the kernel; the errors it produced (error outputs, or a reply that is not ok). What the cell
    prints goes into `printed`, if given."""
    request = _message("execute_request", {"code": code, "silent": False, "store_history": True,
                                           "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
    msg_id = request["header"]["msg_id"]
    connection.send(json.dumps(request))
    errors, replied, idle = [], False, False
    deadline = time.monotonic() + CELL_TIMEOUT
    while not (replied and idle):
        if time.monotonic() > deadline:
            return errors + [f"no answer in {CELL_TIMEOUT} s"]
        message = json.loads(connection.recv())
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind, content = message["header"]["msg_type"], message["content"]
        if kind == "error":
            errors.append(f"{content.get('ename')}: {content.get('evalue')}")
        elif kind == "stream" and printed is not None:
            printed.append(content.get("text", ""))
        elif kind == "execute_reply":
            replied = True
            if content.get("status") != "ok" and not errors:
                errors.append(f"execute_reply {content.get('status')}")
        elif kind == "status" and content.get("execution_state") == "idle":
            idle = True
    return errors


def run_lesson(hub: LocalHub, student: dict, token: str, run: StudentRun, clone: str = "course",
               class_view: bool = False) -> None:
    """Read the lesson from the student's clone (the folder `clone` of their home) and run every code cell on a
    kernel of theirs; with `class_view`, then answer ten exercises and the poll from that kernel."""
    base = f"{hub.url}/user/{run.name}/api"
    notebook = requests.get(f"{base}/contents/{clone}/lessons/{run.lesson}", headers=student, timeout=60)
    notebook.raise_for_status()
    cells = [cell for cell in notebook.json()["content"]["cells"] if cell["cell_type"] == "code"]
    kernel = requests.post(f"{base}/kernels", json={"name": "python3", "path": f"{clone}/lessons"}, headers=student,
                           timeout=120)
    kernel.raise_for_status()
    kernel_id = kernel.json()["id"]
    socket_url = f"ws://127.0.0.1:{hub.port}/user/{run.name}/api/kernels/{kernel_id}/channels"
    connection = websocket.create_connection(socket_url, header=[f"Authorization: token {token}"],
                                             timeout=CELL_TIMEOUT)
    try:
        for index, cell in enumerate(cells):
            for error in execute(connection, cell["source"]):
                run.errors.append(f"{run.name} {run.lesson} cell {index}: {error}")
            run.cells += 1
        if class_view:
            run.answering = True
            answer_the_class_view(connection, run)
    finally:
        connection.close()
        requests.delete(f"{base}/kernels/{kernel_id}", headers=student, timeout=60)


def answer_the_class_view(connection, run: StudentRun) -> None:
    """From the student's kernel: ten exercises and the poll, sent to the class view (`CLASS_ANSWERS`)."""
    printed: list[str] = []
    code = CLASS_ANSWERS.format(exercises=EXERCISES, lesson=POLL_LESSON, number=run.number,
                                choice=POLL_CHOICES[run.number % len(POLL_CHOICES)])
    for error in execute(connection, code, printed):
        run.errors.append(f"{run.name} class view: {error}")
    run.last_answer = time.monotonic()
    try:
        said = json.loads("".join(printed).strip().splitlines()[-1])
    except (ValueError, IndexError):
        run.errors.append(f"{run.name} class view: no answer printed ({''.join(printed)[:200]!r})")
        return
    run.answers_stored, run.poll_answered = said["stored"], said["accepted"] is True
    if run.answers_stored != EXERCISES:
        run.errors.append(f"{run.name} class view: {run.answers_stored} of {EXERCISES} answers sent")


def student_session(hub: LocalHub, admin: dict, run: StudentRun, repo: str, branch: str, deadline: float,
                    class_view: bool = False) -> None:
    """One student's whole session: server, course, lesson. Any failure is recorded as an error."""
    try:
        started = requests.post(f"{hub.url}/hub/api/users/{run.name}/server", headers=admin, timeout=180)
        if started.status_code not in (201, 202):
            raise RuntimeError(f"start: HTTP {started.status_code} {started.text[:200]}")
        wait_until_ready(hub, admin, run.name, deadline)
        token = requests.post(f"{hub.url}/hub/api/users/{run.name}/tokens", json={"note": "load test"},
                              headers=admin, timeout=60).json()["token"]
        student = {"Authorization": f"token {token}"}
        pull_course(hub, student, run.name, repo, branch)
        run_lesson(hub, student, token, run, class_view=class_view)
        run.done = True
    except Exception as error:  # recorded, counted, printed: the run goes on for the other students
        run.errors.append(f"{run.name}: {type(error).__name__}: {error}")


# --- memory -------------------------------------------------------------------------------------------------------

class MemorySampler(threading.Thread):
    """Every 0.5 s, the memory of each student's Unix user (all their processes), from /proc: resident (VmRSS) and
    proportional (Pss, shared pages divided among the processes that map them), and at each student's RSS peak how
    it splits between their server, their kernels and the rest (git, while the course is pulled)."""

    def __init__(self, uids: dict[int, str]):
        super().__init__(daemon=True)
        self.uids = uids
        self.peak_total = 0
        self.peak_by_student: dict[str, int] = {}
        self.peak_pss_by_student: dict[str, int] = {}
        self.split_at_peak: dict[str, dict[str, int]] = {}
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(0.5):
            self.sample()

    def sample(self) -> None:
        uids = dict(self.uids)  # the main thread adds students as their Unix users appear
        splits: dict[int, dict[str, int]] = {uid: {} for uid in uids}
        pss = dict.fromkeys(uids, 0)
        for pid, (_, _, uid) in processes().items():
            if uid in splits:
                kind = _process_kind(pid)
                splits[uid][kind] = splits[uid].get(kind, 0) + _memory_kib(pid, "status", "VmRSS:")
                pss[uid] += _memory_kib(pid, "smaps_rollup", "Pss:")
        self.peak_total = max(self.peak_total, sum(sum(split.values()) for split in splits.values()))
        for uid, split in splits.items():
            name, kib = uids[uid], sum(split.values())
            if kib > self.peak_by_student.get(name, 0):
                self.peak_by_student[name], self.split_at_peak[name] = kib, split
            self.peak_pss_by_student[name] = max(self.peak_pss_by_student.get(name, 0), pss[uid])

    def largest_student(self, lessons: dict[str, str] | None = None) -> str:
        """The student whose processes took the most resident memory at one moment, with its split and PSS; with
        ``lessons`` (student -> lesson), the lesson it ran, and every student's peak after it."""
        lessons = lessons or {}
        name, kib = max(self.peak_by_student.items(), key=lambda item: item[1])
        split = ", ".join(f"{kind} {part / 1024:.0f}" for kind, part in sorted(self.split_at_peak[name].items()))
        lesson = f" ({lessons[name]})" if name in lessons else ""
        everyone = "; ".join(f"{other} {lessons.get(other, '?')[:2]}: {peak / 1024:.0f}"
                             for other, peak in sorted(self.peak_by_student.items()))
        return (f"largest student: {name}{lesson}, {kib / 1024:.0f} MiB ({split}); "
                f"largest PSS: {max(self.peak_pss_by_student.values()) / 1024:.0f} MiB\n"
                f"each student's peak MiB (lesson): {everyone}")


def _process_kind(pid: int) -> str:
    """"server" (a student's single-user server), "kernel" (an IPython kernel) or "other"."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "other"
    if b"jupyterhub.singleuser" in command or b"jupyterhub-singleuser" in command:
        return "server"
    return "kernel" if b"ipykernel" in command else "other"


def _memory_kib(pid: int, table: str, label: str) -> int:
    """One "<label> <n> kB" line of /proc/<pid>/<table> (status or smaps_rollup), in KiB; 0 if the process is gone."""
    try:
        for line in Path(f"/proc/{pid}/{table}").read_text().splitlines():
            if line.startswith(label):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class ClassViewWatcher(threading.Thread):
    """Every 0.25 s once a student is answering (nothing reaches the view before: reading it while the lessons run
    only loaded the machine), what the teacher's class view shows: the students who answered (the page's live part, as
    the teacher's browser fetches it) and the current poll's answers (api/class); the first moment it shows them all."""

    ANSWERED = re.compile(r"Students who answered: (\d+) of (\d+)")

    def __init__(self, hub: LocalHub, teacher: dict, runs: list[StudentRun]):
        super().__init__(daemon=True)
        self.base, self.teacher, self.runs, self.students = f"{hub.url}/{CLASS_VIEW}", teacher, runs, len(runs)
        self.shown_students = self.shown_poll_answers = self.shown_answers = 0
        self.all_shown_at: float | None = None
        self.errors: list[str] = []
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.wait(0.25):
            if not any(run.answering for run in self.runs):
                continue
            try:
                self.look()
            except (requests.RequestException, ValueError, KeyError) as error:
                self.errors.append(f"class view: {type(error).__name__}: {error}")
                if len(self.errors) > 5:
                    return
            if self.all_shown_at is not None:
                return

    def look(self) -> None:
        page = requests.get(self.base + "?part=live&lang=en", headers=self.teacher, timeout=30)
        page.raise_for_status()
        shown = self.ANSWERED.search(page.text)
        figures = requests.get(self.base + "api/class", headers=self.teacher, timeout=30)
        figures.raise_for_status()
        poll = figures.json()["poll"] or {}
        self.shown_students = int(shown[1]) if shown else 0
        self.shown_poll_answers = poll.get("answers", 0)
        self.shown_answers = sum(lesson["answers"] for lesson in figures.json()["lessons"])
        if (self.shown_students, self.shown_poll_answers, self.shown_answers) \
                == (self.students, self.students, self.students * EXERCISES):
            self.all_shown_at = time.monotonic()


def start_poll(hub: LocalHub, teacher: dict) -> dict:
    """The teacher starts the poll every student answers (the service may still be starting: 503 until it listens)."""
    deadline = time.monotonic() + 60
    while True:
        response = requests.post(f"{hub.url}/{CLASS_VIEW}api/polls", headers=teacher, timeout=30,
                                 json={"lesson": POLL_LESSON, "exercise": POLL_EXERCISE})
        if response.status_code == 200 or time.monotonic() > deadline:
            response.raise_for_status()
            return response.json()["poll"]
        time.sleep(0.5)


# --- the run ------------------------------------------------------------------------------------------------------

def run_class(hub: LocalHub, students: int, repo: str, branch: str, deadline: float,
              poll: bool = False,
              lessons: list[str] | None = None) -> tuple[list, MemorySampler, ClassViewWatcher | None]:
    """Create the students, run their sessions at the same time on `lessons` (numbers; None: from 08 on), sample memory
    (and with `poll`, watch the teacher's class view) meanwhile."""
    admin = {"Authorization": f"token {hub.admin_token()}"}
    names = [f"student{index:02d}" for index in range(1, students + 1)]
    created = requests.post(f"{hub.url}/hub/api/users", json={"usernames": names}, headers=admin, timeout=60)
    created.raise_for_status()
    runs = [StudentRun(name, lesson, number=number)
            for number, (name, lesson) in enumerate(zip(names, lessons_in_turn(repo, students, lessons)))]
    watcher = None
    if poll:   # the teacher (the hub's admin) holds the class view's teacher role
        start_poll(hub, admin)
        watcher = ClassViewWatcher(hub, admin, runs)
        watcher.start()
    sampler = MemorySampler({})
    sampler.start()
    threads = [threading.Thread(target=student_session, args=(hub, admin, run, repo, branch, deadline, poll),
                                daemon=True) for run in runs]
    for thread in threads:
        thread.start()
    known = set()
    while any(thread.is_alive() for thread in threads) and time.monotonic() < deadline:
        for name in names:  # the Unix users appear as their servers start
            if name not in known:
                try:
                    sampler.uids[pwd.getpwnam(hub.unix_name(name)).pw_uid] = name
                    known.add(name)
                except KeyError:
                    pass
        time.sleep(0.5)
    sampler.stopping.set()
    sampler.join(5)
    for run, thread in zip(runs, threads):
        if thread.is_alive():
            run.errors.append(f"{run.name}: not finished before the overall timeout")
    if watcher is not None:
        watcher.join(VIEW_LAG_LIMIT + 1)
        watcher.stopping.set()
        watcher.join(5)
    return runs, sampler, watcher


def view_lag(runs: list, watcher: ClassViewWatcher) -> float | None:
    """Seconds from the last answer taken to the teacher's view showing every student and poll answer (None: never);
    a negative lag (the view read between the service storing the answer and the kernel saying so) counts as 0."""
    if watcher.all_shown_at is None or not runs:
        return None
    return max(0.0, watcher.all_shown_at - max(run.last_answer for run in runs))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=3, help="how many students (default 3)")
    parser.add_argument("--timeout", type=float, help="overall limit in seconds (default 300 + 20 per student)")
    parser.add_argument("--poll", action="store_true",
                        help="every student also answers ten exercises and a poll through the class view")
    parser.add_argument("--lessons", type=lambda text: [part.strip() for part in text.split(",") if part.strip()],
                        help="lesson numbers given to the students in turn, such as 07,08,10 (default: every lesson "
                             "in turn, starting with 07)")
    args = parser.parse_args(argv)
    if args.students < 1:
        parser.error("--students must be at least 1")
    repo, branch = git_toplevel_and_branch(REPO)
    try:
        lessons_in_turn(repo, 1, args.lessons)    # an unknown lesson number stops the run before the hub starts
    except ValueError as error:
        parser.error(str(error))
    timeout = args.timeout or 300 + 20 * args.students
    started = time.monotonic()
    deadline = started + timeout
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop everything (finally) on SIGTERM too
    runs, failures, peak_mib, watcher = [], [], 0.0, None
    hub = LocalHub(course_repo=repo)
    print(f"hub folder: {hub.root}, Unix users: {hub.prefix}*", flush=True)
    try:
        hub.start()
        runs, sampler, watcher = run_class(hub, args.students, repo, branch, deadline, args.poll, args.lessons)
        peak_mib = sampler.peak_total / 1024 / args.students
        if sampler.peak_by_student:
            print(sampler.largest_student({run.name: run.lesson for run in runs}), flush=True)
    except Exception as error:
        failures.append(f"{type(error).__name__}: {error}{hub.log_tail(15) if isinstance(error, OSError) else ''}")
    finally:
        hub.stop()
    if hub.leftovers():
        failures.append(f"processes left running: {sorted(pid for pid, _ in hub.leftovers())}")
    if hub.root.exists():
        failures.append(f"temporary folder left: {hub.root}")
    poll_line = ""
    if args.poll:
        lag = view_lag(runs, watcher) if watcher is not None else None
        if watcher is not None:
            failures += watcher.errors
        if lag is None or lag > VIEW_LAG_LIMIT:
            failures.append(f"the teacher's view did not show every student, answer and poll answer within "
                            f"{VIEW_LAG_LIMIT} s of the last answer (lag: {lag}; it showed {watcher.shown_answers} "
                            f"answers)" if watcher is not None else "no class view watcher")
        answered = sum(run.poll_answered for run in runs)
        shown = watcher.shown_students if watcher is not None else 0
        poll_line = (f", poll answers: {answered}/{args.students}, class view students: {shown}, "
                     f"class view lag s: {lag if lag is not None else -1:.1f}")
    errors = [error for run in runs for error in run.errors] + failures
    for line in errors[:50]:
        print(line, file=sys.stderr)
    lessons_run = sum(run.done for run in runs)
    print(f"students: {args.students}, lessons run: {lessons_run}, errors: {len(errors)}, "
          f"peak MiB per student: {peak_mib:.0f}, wall s: {time.monotonic() - started:.0f}{poll_line}", flush=True)
    return 1 if errors or lessons_run != args.students else 0


if __name__ == "__main__":
    sys.exit(main())
