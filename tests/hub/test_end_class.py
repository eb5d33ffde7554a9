"""serve/hub/end_class.py removes exactly the Unix users one hub created, and refuses every other user.

Two hubs' worth of users are made as the spawner makes them (`useradd` with the course's comment, then recorded in
that hub's state folder by `record_created_user`), beside a user made by hand with the same prefix and comment.
The checks call the command's `end_class` function, which prints what the command prints; the command itself (which
imports JupyterHub's spawner, over a second of CPU a run) runs once here, refusing while the hub runs, and once in the
teacher's journey (tests/hub/test_teacher_journey.py), archiving and removing a student as the README says.
Needs root, as the hub does.
"""

import os
import pwd
import secrets
import subprocess
import sys
import tarfile
from io import StringIO
from pathlib import Path
from types import SimpleNamespace

import pytest

HUB_FOLDER = Path(__file__).resolve().parents[2] / "serve" / "hub"
END_CLASS = HUB_FOLDER / "end_class.py"
sys.path.insert(0, str(HUB_FOLDER))
from baccarat_spawner import CREATED_USERS_FILE, STUDENT_COMMENT, record_created_user  # noqa: E402
from end_class import end_class  # noqa: E402

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="creates and removes Unix users: needs root")


def _useradd(name: str, homes: Path) -> None:
    subprocess.run(["useradd", "--create-home", "--home-dir", str(homes / name), "--user-group", "--shell",
                    "/bin/bash", "--comment", STUDENT_COMMENT, name], check=True, timeout=60)


def _exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


@pytest.fixture
def two_hubs(tmp_path):
    """Hub A made anna and bob, hub B made carl; dora was made by hand (same prefix and comment, no hub's)."""
    prefix = f"ec{secrets.token_hex(2)}-"
    homes = tmp_path / "homes"
    homes.mkdir()
    states = {"A": tmp_path / "state-a", "B": tmp_path / "state-b"}
    for state in states.values():
        state.mkdir(mode=0o700)
    made = {"A": [prefix + "anna", prefix + "bob"], "B": [prefix + "carl"], None: [prefix + "dora"]}
    try:
        for hub, names in made.items():
            for name in names:
                _useradd(name, homes)
                if hub is not None:
                    record_created_user(states[hub] / CREATED_USERS_FILE, name)
        (homes / (prefix + "anna") / "answers.txt").write_text("anna's saved answers\n")
        yield states, made
    finally:
        for name in sum(made.values(), []):
            subprocess.run(["userdel", "--remove", name], capture_output=True, timeout=60)


def _end_class(state: Path, *names: str, archive: Path | None = None, dry_run: bool = False) -> SimpleNamespace:
    """What `end_class.py --state STATE [--archive DIR] [--dry-run] [NAMES]` does and prints, run in this process."""
    printed = StringIO()
    code = end_class(state.resolve(), list(names), archive, dry_run, out=printed)
    return SimpleNamespace(returncode=code, stdout=printed.getvalue())


def _end_class_command(*args: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if not key.startswith("BACCARAT_")}
    return subprocess.run([sys.executable, str(END_CLASS), *args], capture_output=True, text=True, timeout=120,
                          env=env)


def test_only_this_hubs_users_are_removed_and_their_homes_archived(two_hubs, tmp_path):
    states, made = two_hubs
    anna, bob = made["A"]
    anna_home = pwd.getpwnam(anna).pw_dir
    archive = tmp_path / "archive"
    result = _end_class(states["A"], archive=archive)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not _exists(anna) and not _exists(bob)
    assert not Path(anna_home).exists()
    assert _exists(made["B"][0]) and _exists(made[None][0])   # hub B's student and the hand-made user stay
    assert f"removed {anna} and its home {anna_home}" in result.stdout
    assert result.stdout.splitlines()[-1] == (
        f"end of class: removed 2 student user(s) of the hub whose state is {states['A']}")
    # the archive holds anna's home with her file, and only root can read it
    with tarfile.open(archive / f"{anna}.tar.gz") as tar:
        member = tar.extractfile(f"{anna}/answers.txt")
        assert member.read() == b"anna's saved answers\n"
    assert oct(archive.stat().st_mode & 0o777) == "0o700"
    # the record is spent: a second run removes nothing and says so
    again = _end_class(states["A"])
    assert again.returncode == 0
    assert again.stdout.splitlines() == [
        f"end of class: removed 0 student user(s) of the hub whose state is {states['A']}"]


def test_a_user_the_hub_did_not_create_is_refused(two_hubs):
    states, made = two_hubs
    dora, carl = made[None][0], made["B"][0]
    result = _end_class(states["A"], dora, carl)
    assert result.returncode == 1
    assert f"refused {dora}: this hub (state {states['A']}) did not create it" in result.stdout
    assert f"refused {carl}: this hub (state {states['A']}) did not create it" in result.stdout
    assert _exists(dora) and _exists(carl) and all(_exists(name) for name in made["A"])


def test_a_recorded_name_now_held_by_another_user_is_refused(two_hubs):
    # hub A's record says it made "<prefix>dora" with a uid that is not dora's: the name was reused since
    states, made = two_hubs
    dora = made[None][0]
    with open(states["A"] / CREATED_USERS_FILE, "a") as record:
        record.write(f"{dora} {pwd.getpwnam(dora).pw_uid + 1}\n")
    result = _end_class(states["A"])
    assert result.returncode == 1
    assert f"refused {dora}: its uid is {pwd.getpwnam(dora).pw_uid}" in result.stdout
    assert _exists(dora)
    assert not any(_exists(name) for name in made["A"])   # the hub's own users still go


def test_a_dry_run_and_a_running_hub_change_nothing(two_hubs):
    states, made = two_hubs
    dry = _end_class(states["A"], dry_run=True)
    assert dry.returncode == 0
    assert dry.stdout.splitlines()[-1].startswith("end of class: would remove 2 student user(s)")
    (states["A"] / "jupyterhub.pid").write_text(f"{os.getpid()}\n")   # a live process: this test's own
    running = _end_class_command("--state", str(states["A"]))   # the command itself, as a teacher runs it
    assert running.returncode == 1
    assert running.stderr.startswith("end_class.py: nothing done: the hub is still running")
    assert len(running.stderr.splitlines()) == 1
    assert all(_exists(name) for name in made["A"])
