"""The hub checks, before it starts, that a student's Unix user can reach everything their server needs.

Each student's server runs as their own Unix user, so a clone of the course inside a folder of mode 0700 (a home on
Debian 12, /root) made every spawn fail with HTTP 500 and nothing said why. The hub now refuses to start, in one
line naming the folder and the fix. Needs root (the check runs the students' Python as user nobody), as the hub does.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the hub helper beside these tests
from hub import CLASSROOM, HubError, LocalHub, processes, student_python  # noqa: E402
from baccarat_settings import SettingsError, preflight, read_settings  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="runs the students' Python as another user: needs root")


@pytest.fixture(scope="module")
def open_folder():
    """A folder every user may enter (mode 0711), holding a Python the students can run with the course's packages."""
    root = Path(tempfile.mkdtemp(prefix="baccarat-preflight-"))
    os.chmod(root, 0o711)
    try:
        yield root, student_python(root) or sys.executable
    finally:
        shutil.rmtree(root)


def _clone(destination: Path) -> Path:
    subprocess.run(["git", "clone", "-q", "--no-checkout", "--shared", str(REPO), str(destination)], check=True,
                   timeout=120)
    return destination


def _settings(python: str, repo: Path, homes: Path):
    return read_settings({"BACCARAT_CLASS_PASSWORD": "river-lamp-42", "BACCARAT_TEACHER_PASSWORD": "t" * 20 + "-teacher-2026",
                          "BACCARAT_COURSE_REPO": str(repo), "BACCARAT_STUDENT_PYTHON": python,
                          "BACCARAT_STUDENT_HOMES": str(homes)}, CLASSROOM)


@pytest.fixture
def folders(open_folder):
    """(open folder, a 0700 folder inside it, the students' Python); both folders emptied afterwards."""
    root, python = open_folder
    private = root / "private"
    private.mkdir(mode=0o700)
    course = root / "course"
    try:
        yield root, private, python
    finally:
        shutil.rmtree(private)
        shutil.rmtree(course, ignore_errors=True)


def test_a_course_every_user_can_reach_passes(folders):
    root, _, python = folders
    assert preflight(_settings(python, _clone(root / "course"), root), CLASSROOM) is None


def test_a_clone_under_a_0700_folder_is_refused_naming_the_folder_and_the_fix(folders):
    root, private, python = folders
    course = _clone(private / "punto-banco-course")
    with pytest.raises(SettingsError) as refused:
        preflight(_settings(python, course, root), CLASSROOM)
    assert str(refused.value) == (
        f"student users cannot enter {private} (mode 0700), on the way to the course repository ({course}): run "
        f"`chmod o+x {private}` (others may then pass through it, not list it), or move the course and its venv "
        "(.venv-hub, made from /usr/bin/python3) to a folder every user can enter, such as /srv.")


def test_the_real_hub_refuses_to_start_in_one_line_instead_of_failing_each_spawn(folders):
    # `jupyterhub -f serve/hub/jupyterhub_config.py` as a teacher runs it, with the course under a 0700 folder
    _, private, _ = folders
    course = _clone(private / "punto-banco-course")
    hub = LocalHub(course_repo=str(course))
    try:
        with pytest.raises(HubError, match="the hub exited with status 1"):
            hub.start()
        lines = [line for line in hub.log_path.read_text().splitlines() if line.strip()]
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"Refusing to start the hub: student users cannot enter {private} (mode 0700), "
                                   "on the way to the course repository")
        assert not hub.state.exists()   # refused before anything was made
    finally:
        hub.stop()


def test_packages_under_a_0700_folder_are_refused(folders):
    # a venv's python is a link to /usr/bin/python3 (reachable); its site-packages, in the closed folder, are not
    root, private, _ = folders
    subprocess.run(["/usr/bin/python3", "-m", "venv", "--without-pip", str(private / "venv")], check=True,
                   timeout=120)
    with pytest.raises(SettingsError, match=f"student users cannot enter {private} \\(mode 0700\\), on the way to "
                                            "the students' Python packages"):
        preflight(_settings(str(private / "venv" / "bin" / "python"), _clone(root / "course"), root), CLASSROOM)


def test_a_file_other_users_cannot_read_is_refused(folders):
    # every folder is open, but the clone's .git/HEAD is the owner's only (as under umask 077): only running the
    # students' Python as another user shows it
    root, _, python = folders
    course = _clone(root / "course")
    os.chmod(course / ".git" / "HEAD", 0o600)
    with pytest.raises(SettingsError, match=f"a student user cannot use {python} and the course: PermissionError"):
        preflight(_settings(python, course, root), CLASSROOM)


def test_a_course_that_is_not_a_repository_is_refused(folders):
    root, _, python = folders
    with pytest.raises(SettingsError, match="is not a git repository"):
        preflight(_settings(python, root, root), CLASSROOM)


def test_the_default_course_is_this_checkout():
    # the repository's root (where .git is), as links.py and the spawner's safe.directory name it
    settings = read_settings({"BACCARAT_CLASS_PASSWORD": "river-lamp-42", "BACCARAT_TEACHER_PASSWORD": "t" * 20 + "-teacher-2026"},
                             CLASSROOM)
    assert settings.course_repo == str(REPO)
    assert settings.safe_directories == [str(REPO), str(REPO / ".git")]


def test_a_hub_that_dies_at_start_leaves_no_proxy_or_service_behind():
    # The hub starts its proxy and its services (the idle culler) in sessions of their own, then dies when the class
    # view's port is taken: stopping it must still find and stop them (CI runs once left each running).
    if os.geteuid() != 0:
        pytest.skip("the hub creates a Unix user per student: needs root")
    import socket
    hub = LocalHub(course_repo=str(Path(__file__).resolve().parents[2]))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", hub.port + 3))      # the class view's port
        taken.listen()
        try:
            with pytest.raises(HubError):
                hub.start()
        finally:
            hub.stop()
    proxies = subprocess.run(["pgrep", "-f", f"configurable-http-proxy.*--api-port {hub.port + 1}"],
                             capture_output=True, text=True).stdout.split()
    assert proxies == [], f"the dead hub's proxy still runs: {proxies}"
    api = f"JUPYTERHUB_API_URL=http://127.0.0.1:{hub.port + 2}/".encode()
    services = [pid for pid in processes() if _environ(pid).find(api) >= 0]
    assert services == [], f"the dead hub's services still run: {services}"


def _environ(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return b""
