"""The class's hub refuses what it must, tested on a real hub.

Each hub is `serve/hub/jupyterhub_config.py` as a teacher runs it, started by `hub.LocalHub` on 127.0.0.1 with a
temporary folder and a Unix-user prefix of its own; its teardown checks that nothing it started is left (process,
Unix user, folder). Needs root (a Unix user per student), as the hub does.
"""

import os
import pwd
import runpy
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
import websocket

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the hub helper and load test beside these tests
from hub import CONFIG, HubError, LocalHub, descendants, processes, stopped_cleanly  # noqa: E402
from load_test import execute, start_servers  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the hub creates a Unix user per student: needs root")


@pytest.fixture(scope="module")
def culling_hub():
    """A hub that culls servers idle for 20 s, checking every 5 s, with one student's server started and left idle.

    It runs as a teacher's terminal runs it, with SIGINT ignored as from a script (`LocalHub(terminal=True,
    sigint_ignored=True)`), so that the last test of this file, once the idle server is culled, types Ctrl-C there:
    one hub started for both, not one each."""
    hub = LocalHub(cull_idle_seconds=20, cull_every_seconds=5, course_repo=str(REPO), terminal=True,
                   sigint_ignored=True)
    try:
        hub.start()
        admin = {"Authorization": f"token {hub.admin_token()}"}
        requests.post(f"{hub.url}/hub/api/users/idle", headers=admin, timeout=30).raise_for_status()
        hub.idle_started = time.monotonic()  # its last activity is no earlier than this
        start_servers(hub, admin, ["idle"])
        hub.admin = admin
        yield hub
    finally:
        stopped_cleanly(hub)


@pytest.fixture(scope="module")
def two_students(hub, student_with_course):
    """anna (conftest.py's student with the course in her home) and bob, each with a running server."""
    admin = {"Authorization": f"token {hub.admin_token()}"}
    requests.post(f"{hub.url}/hub/api/users/bob", headers=admin, timeout=30).raise_for_status()
    return {"anna": student_with_course.headers, **start_servers(hub, admin, ["bob"])}


# --- item 5: secrets (first: starts the culling hub, whose idle server is culled while the other tests run) ---

def _secrets(hub: LocalHub) -> dict:
    """The cookie secret (from the state folder), the proxy's token and the culler's API token (from /proc)."""
    found = {"cookie secret": (hub.state / "jupyterhub_cookie_secret").read_text().strip()}
    for pid, _ in descendants(hub.process.pid):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            environ = dict(item.split(b"=", 1) for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                           if b"=" in item)
        except OSError:
            continue
        if b"configurable-http-proxy" in cmdline:
            found["proxy token"] = environ[b"CONFIGPROXY_AUTH_TOKEN"].decode()
        elif b"jupyterhub_idle_culler" in cmdline:
            found["culler token"] = environ[b"JUPYTERHUB_API_TOKEN"].decode()
    return found


def test_secrets_are_generated_per_hub_and_never_committed(hub, culling_hub):
    # two hubs started from the same repository have different secrets, none of them in git
    first, second = _secrets(hub), _secrets(culling_hub)
    assert set(first) == set(second) == {"cookie secret", "proxy token", "culler token"}
    assert oct((hub.state / "jupyterhub_cookie_secret").stat().st_mode & 0o777) == "0o600"
    for name in first:
        assert len(first[name]) >= 32 and first[name] != second[name], name
    for secret in [*first.values(), *second.values()]:
        found = subprocess.run(["git", "-C", str(REPO), "grep", "-F", "-l", "-e", secret, "HEAD"],
                               capture_output=True, text=True, timeout=60)
        assert found.returncode == 1, found.stdout  # 1: no committed file holds it


# --- item 1: the hub refuses to start ------------------------------------------------------------------------

STRONG_CLASS = "river-lamp-42"               # 13 characters
STRONG_TEACHER = "t" * 20 + "-teacher-2026"  # 20 + 13 = 33 characters
REFUSALS = [  # (environment, the variable the message must name); lengths counted by hand
    ({"BACCARAT_TEACHER_PASSWORD": STRONG_TEACHER}, "BACCARAT_CLASS_PASSWORD is not set"),
    ({"BACCARAT_CLASS_PASSWORD": "sevench", "BACCARAT_TEACHER_PASSWORD": STRONG_TEACHER},
     "BACCARAT_CLASS_PASSWORD is 7 characters long"),
    ({"BACCARAT_CLASS_PASSWORD": "changeme", "BACCARAT_TEACHER_PASSWORD": STRONG_TEACHER},
     "BACCARAT_CLASS_PASSWORD is a well-known default"),
    ({"BACCARAT_CLASS_PASSWORD": "Password", "BACCARAT_TEACHER_PASSWORD": STRONG_TEACHER},
     "BACCARAT_CLASS_PASSWORD is a well-known default"),
    ({"BACCARAT_CLASS_PASSWORD": STRONG_CLASS}, "BACCARAT_TEACHER_PASSWORD is not set"),
    # 10 + 21 = 31 characters ("-teacher-2026-abcdefg" is 1 + 7 + 1 + 4 + 1 + 7)
    ({"BACCARAT_CLASS_PASSWORD": STRONG_CLASS, "BACCARAT_TEACHER_PASSWORD": "x" * 10 + "-teacher-2026-abcdefg"},
     "BACCARAT_TEACHER_PASSWORD is 31 characters long"),
    ({"BACCARAT_CLASS_PASSWORD": STRONG_TEACHER, "BACCARAT_TEACHER_PASSWORD": STRONG_TEACHER},
     "BACCARAT_TEACHER_PASSWORD equals BACCARAT_CLASS_PASSWORD"),
]


@pytest.mark.parametrize("environment, message", REFUSALS)
def test_each_bad_password_is_refused_with_its_variable_named(tmp_path, environment, message):
    # no password, a short one, a well-known one, or the same for both
    from baccarat_settings import SettingsError, read_settings

    with pytest.raises(SettingsError, match=message):
        read_settings(environment, tmp_path)


@pytest.mark.parametrize("environment, message", [REFUSALS[0], REFUSALS[-1]])
def test_the_hubs_config_refuses_to_start_saying_why(tmp_path, monkeypatch, environment, message):
    # serve/hub/jupyterhub_config.py, run as JupyterHub runs it (before it asks for the config object), stops with the
    # sentence JupyterHub prints; that the real `jupyterhub -f` then exits with status 1 and that one line is
    # test_preflight.py's test_the_real_hub_refuses_to_start_in_one_line_instead_of_failing_each_spawn
    for key in [key for key in os.environ if key.startswith("BACCARAT_")]:
        monkeypatch.delenv(key)
    for key, value in {**environment, "BACCARAT_HUB_STATE": str(tmp_path / "state")}.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SystemExit) as refused:
        runpy.run_path(str(CONFIG))
    assert str(refused.value).startswith(f"Refusing to start the hub: {message}")
    assert not (tmp_path / "state").exists()


def test_the_limits_are_the_documented_ones(tmp_path):
    # 8 characters are enough for the class, 32 for the teacher (JupyterHub's own minimum for an
    # admin password); the defaults bind loopback, port 8000, the two APIs and the class view on the next ports
    from baccarat_settings import SettingsError, read_settings

    ok = read_settings({"BACCARAT_CLASS_PASSWORD": "abcdefgh", "BACCARAT_TEACHER_PASSWORD": "k" * 31 + "j"},
                       tmp_path)
    assert (ok.class_password, ok.ip, ok.port, ok.proxy_api_port, ok.hub_api_port, ok.class_view_port) == (
        "abcdefgh", "127.0.0.1", 8000, 8001, 8002, 8003)
    # the students' servers reach the class view through the proxy: on this machine when it listens everywhere
    assert ok.class_view_url == "http://127.0.0.1:8000/services/class-view/"
    everywhere = read_settings({"BACCARAT_CLASS_PASSWORD": "abcdefgh", "BACCARAT_TEACHER_PASSWORD": "k" * 31 + "j",
                                "BACCARAT_HUB_IP": "0.0.0.0", "BACCARAT_HUB_PORT": "9000"}, tmp_path)
    assert everywhere.class_view_url == "http://127.0.0.1:9000/services/class-view/"
    assert everywhere.teacher_group == "teachers"
    with pytest.raises(SettingsError, match="BACCARAT_TEACHER_GROUP"):
        read_settings({"BACCARAT_CLASS_PASSWORD": "abcdefgh", "BACCARAT_TEACHER_PASSWORD": "k" * 31 + "j",
                       "BACCARAT_TEACHER_GROUP": "Teachers!"}, tmp_path)


# --- item 5: sign-in ---------------------------------------------------------------------------------------------

def test_a_wrong_password_is_refused(hub):
    with pytest.raises(HubError, match="HTTP 403"):
        hub.login("carol", hub.class_password + "x")
    with pytest.raises(HubError, match="HTTP 403"):
        hub.login(hub.teacher, hub.class_password)  # the teacher needs the teacher's password
    with pytest.raises(HubError, match="HTTP 403"):
        hub.login("carol", hub.teacher_password)  # the teacher's password makes nobody else an admin
    hub.login("carol", hub.class_password)  # and the right one is accepted


# --- item 5: a student's server and files are theirs --------------------------------------------------------------

def test_a_student_cannot_open_another_students_server(hub, two_students):
    # through the browser (cookie) and through the API (token)
    anna = hub.login("anna", hub.class_password)
    assert anna.get(f"{hub.url}/user/anna/lab", timeout=60).status_code == 200
    assert anna.get(f"{hub.url}/user/bob/lab", timeout=60).status_code == 403
    assert requests.get(f"{hub.url}/user/anna/api/contents", headers=two_students["anna"],
                        timeout=30).status_code == 200
    assert requests.get(f"{hub.url}/user/bob/api/contents", headers=two_students["anna"],
                        timeout=30).status_code == 403


def _run_as(hub: LocalHub, name: str, headers: dict, code: str) -> list[str]:
    """Run `code` in a new kernel of `name`'s; the errors it raised."""
    base = f"{hub.url}/user/{name}/api/kernels"
    kernel_id = requests.post(base, json={"name": "python3"}, headers=headers, timeout=120).json()["id"]
    connection = websocket.create_connection(f"ws://127.0.0.1:{hub.port}/user/{name}/api/kernels/{kernel_id}/channels",
                                             header=[f"Authorization: {headers['Authorization']}"], timeout=120)
    try:
        return execute(connection, code)
    finally:
        connection.close()
        requests.delete(f"{base}/{kernel_id}", headers=headers, timeout=60)


def test_a_students_code_cannot_read_another_students_files(hub, two_students):
    # each student's kernel runs as their own Unix user; homes are 0700
    put = requests.put(f"{hub.url}/user/bob/api/contents/secret.txt", headers=two_students["bob"], timeout=30,
                       json={"type": "file", "format": "text", "content": "bob's answers"})
    assert put.status_code in (200, 201)
    bob_home = hub.homes / hub.unix_name("bob")
    anna_home = hub.homes / hub.unix_name("anna")
    assert oct(bob_home.stat().st_mode & 0o777) == "0o700"
    errors = _run_as(hub, "anna", two_students["anna"], f"print(open({str(bob_home / 'secret.txt')!r}).read())")
    assert len(errors) == 1 and errors[0].startswith("PermissionError")
    errors = _run_as(hub, "anna", two_students["anna"], f"import os; print(os.listdir({str(bob_home)!r}))")
    assert len(errors) == 1 and errors[0].startswith("PermissionError")
    # the same kernel reads its own student's home, and runs as that student's Unix user
    own = f"import os, pwd; assert pwd.getpwuid(os.getuid()).pw_name == {hub.unix_name('anna')!r}; " \
          f"assert os.path.isdir({str(anna_home / 'course' / 'lessons')!r})"
    assert _run_as(hub, "anna", two_students["anna"], own) == []


def test_the_classroom_view_renders_a_pulled_lesson_for_its_student_only(hub, two_students):
    # Voila in the student's server, on the lesson nbgitpuller put in their home
    path = "voila/render/course/lessons/00_welcome.ipynb"
    anna = hub.login("anna", hub.class_password)
    page = anna.get(f"{hub.url}/user/anna/{path}", timeout=120)
    assert page.status_code == 200
    assert "Welcome to Punto Banco" in page.text  # the lesson's title, from its markdown
    assert "baccarat.css" in page.text             # the course's classroom template, as the README's command has it
    bob = hub.login("bob", hub.class_password)
    assert bob.get(f"{hub.url}/user/anna/{path}", timeout=60).status_code == 403


# --- item 5: culling ---------------------------------------------------------------------------------------------

def test_an_idle_server_is_culled(culling_hub):
    # idle 20 s, checked every 5 s -> stopped within about 25 s of starting
    hub, uid = culling_hub, pwd.getpwnam(culling_hub.unix_name("idle")).pw_uid
    deadline = hub.idle_started + 90
    while True:   # asked at least once, even when the tests before this one took the 90 s (a loaded machine)
        model = requests.get(f"{hub.url}/hub/api/users/idle", headers=hub.admin, timeout=30).json()
        if not model["servers"] or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert model["servers"] == {}, "the idle server was not culled in 90 s"
    assert time.monotonic() - hub.idle_started >= 20  # not before its idle time
    # its processes are gone too (the culler asked the hub to stop it; its kernel follows it out)
    deadline = time.monotonic() + 10
    while uid in {owner for _, _, owner in processes().values()} and time.monotonic() < deadline:
        time.sleep(0.2)
    assert uid not in {owner for _, _, owner in processes().values()}


# --- stopping: Ctrl-C ------------------------------------------------------------------------------------------

def _culler_pid(hub: LocalHub) -> int:
    """The pid of the hub's idle-culler service (a child of the hub running jupyterhub_idle_culler)."""
    for _ in range(100):   # JupyterHub starts its services before its API answers; read /proc until it shows
        for pid, _start in descendants(hub.process.pid):
            try:
                if b"jupyterhub_idle_culler" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return pid
            except OSError:
                continue
        time.sleep(0.1)
    raise AssertionError(f"no idle-culler below the hub{hub.log_tail()}")


def _ignores_sigint(pid: int) -> bool:
    """Whether process `pid` ignores SIGINT: bit SIGINT - 1 of the SigIgn mask in /proc/<pid>/status."""
    status = Path(f"/proc/{pid}/status").read_text()
    mask = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), 16)
    return bool(mask & (1 << (signal.SIGINT - 1)))


def test_ctrl_c_in_the_teachers_terminal_stops_the_hub_within_10_s_even_with_a_hung_server(culling_hub):
    # The hub in a terminal of its own, as a teacher starts it, with a student's server running a kernel. The server
    # is then hung (SIGSTOP: it answers no signal but SIGKILL), the worst a server can do at the end of class.
    # Ctrl-C typed in the terminal must stop the hub, the proxy, the culler and the server in under 10 s (JupyterHub's
    # defaults waited 30 s after SIGINT and 30 s after SIGTERM); the kernel follows its server out.
    # The hub started with SIGINT ignored, as from a script or a CI job in the background: the culler, started before
    # JupyterHub handles SIGINT, inherited that, and Ctrl-C then waited 30 s for it (the culler's timeout is fixed).
    # The culling hub's, whose idle server the test before saw culled; this file's last test: it stops that hub.
    hub = culling_hub   # its fixture's teardown checks that nothing is left
    culler = _culler_pid(hub)
    assert not _ignores_sigint(culler), f"the culler (pid {culler}) ignores SIGINT: Ctrl-C would wait 30 s for it"
    admin = {"Authorization": f"token {hub.admin_token()}"}
    requests.post(f"{hub.url}/hub/api/users/anna", headers=admin, timeout=30).raise_for_status()
    student = start_servers(hub, admin, ["anna"])["anna"]
    kernel = requests.post(f"{hub.url}/user/anna/api/kernels", json={"name": "python3"}, headers=student,
                           timeout=60)
    assert kernel.status_code == 201, kernel.text
    uid = pwd.getpwnam(hub.unix_name("anna")).pw_uid
    server = hub.spawner_pid("anna")
    assert {owner for _, _, owner in processes().values()} >= {uid}
    os.kill(server, signal.SIGSTOP)
    seconds = hub.interrupt()
    print(f"Ctrl-C stopped the hub in {seconds:.1f} s")
    assert seconds < 10, f"Ctrl-C took {seconds:.1f} s{hub.log_tail()}"
    deadline = time.monotonic() + 10   # the kernel sees its parent gone and exits
    while uid in {owner for _, _, owner in processes().values()} and time.monotonic() < deadline:
        time.sleep(0.2)
    assert uid not in {owner for _, _, owner in processes().values()}
    assert hub.leftovers() == set(), hub.log_tail()
