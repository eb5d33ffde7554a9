"""The class view's data, on SQLite and on a real PostgreSQL: answers kept once per id, polls answered once per student,
the class's figures worked by hand; and every bad field of a request refused by name.

PostgreSQL comes from Debian's packages (`apt-get install -y postgresql`, which .ci/run does): the test runs its
`initdb` and `pg_ctl` as a user that is not root (PostgreSQL refuses root), in a temporary folder, listening on
127.0.0.1 and a free port only, and stops it at the end.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "serve" / "hub"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_store import (ClassStore, PollNotFound, PollRefused, check_answers, check_poll_start,  # noqa: E402
                         database_url)
from hub import free_ports  # noqa: E402

from baccarat_lib.errors import BaccaratError  # noqa: E402

LESSON = "05_a_whole_coup"


# --- a real PostgreSQL, started for this module -----------------------------------------------------------------

def _postgresql_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))   # Debian's packages keep them off PATH
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _unprivileged_user() -> pwd.struct_passwd | None:
    """The user PostgreSQL runs as when the tests run as root: Debian's `postgres`, else `nobody`."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    pytest.skip("no unprivileged user to run PostgreSQL as")


@pytest.fixture(scope="module")
def postgresql_url():
    binaries = _postgresql_bin()
    if binaries is None:
        if os.environ.get("BACCARAT_REQUIRE_POSTGRESQL"):
            pytest.fail("PostgreSQL is not installed: apt-get install -y postgresql")
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql)")
    pytest.importorskip("psycopg", reason='the PostgreSQL driver comes with the hub extra: pip install -e ".[hub]"')
    user = _unprivileged_user()
    folder = Path(tempfile.mkdtemp(prefix="baccarat-postgresql-"))
    data, log = folder / "data", folder / "postgresql.log"
    as_user = {}
    if user is not None:
        os.chown(folder, user.pw_uid, user.pw_gid)
        as_user = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
    port = free_ports(1)

    def run(*command):
        subprocess.run([str(binaries / command[0]), *command[1:]], check=True, timeout=120, cwd=folder,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **as_user)

    try:
        run("initdb", "-D", str(data), "-U", "classview", "--auth=trust", "--encoding=UTF8", "--no-sync")
        run("pg_ctl", "-D", str(data), "-l", str(log), "-w", "-t", "60", "start", "-o",
            f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off")
        yield f"postgresql+psycopg://classview@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            run("pg_ctl", "-D", str(data), "-w", "-t", "60", "-m", "fast", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        url = database_url({}, tmp_path)
    else:
        url = request.getfixturevalue("postgresql_url")
    store = ClassStore(url)
    if request.param == "postgresql":   # one server for the module: each test starts from empty tables
        from class_store import metadata
        metadata.drop_all(store.engine)
        metadata.create_all(store.engine)
    yield store
    store.close()


def answer(skill="total", right=True, seconds=2.0, lesson=LESSON, **changes) -> dict:
    item = {"id": uuid.uuid4().hex, "lesson": lesson, "source": "lesson", "skill": skill, "key": "7 8",
            "answer": "5", "right": right, "seconds": seconds, "at": "2026-12-01T21:00:00Z"}
    return {**item, **changes}


# --- answers ----------------------------------------------------------------------------------------------------

def test_the_default_database_is_a_sqlite_file_in_the_hub_state_folder(tmp_path):
    assert database_url({}, tmp_path) == f"sqlite:///{tmp_path}/class-view.sqlite"
    assert database_url({"BACCARAT_CLASS_DB_URL": "postgresql+psycopg://x@db/class"}, tmp_path) \
        == "postgresql+psycopg://x@db/class"


def test_an_id_already_stored_for_that_student_is_a_duplicate(store):
    first, second = answer(), answer()
    assert store.add_answers("anna", check_answers({"answers": [first, second]})) == (2, 0)
    # sent again (a lesson resending what it could not confirm): nothing new
    assert store.add_answers("anna", check_answers({"answers": [second, first]})) == (0, 2)
    # the same id twice in one request counts once
    third = answer()
    assert store.add_answers("anna", check_answers({"answers": [third, third]})) == (1, 1)
    # ids are the student's own: bob may use the same id
    assert store.add_answers("bob", check_answers({"answers": [first]})) == (1, 0)
    assert sorted(row.student for row in store.answer_rows()) == ["anna", "anna", "anna", "bob"]


def test_the_class_figures_worked_by_hand(store):
    # anna: total right in 2 s, banker-draw:5/4 wrong in 6 s; bob: total wrong in 4 s, banker-draw:5/4 wrong in 10 s,
    # banker-draw:6/- right (no time); carl answers outside a lesson (a drill) right in 3 s; dora has not started.
    store.add_answers("anna", check_answers({"answers": [answer("total", True, 2),
                                                          answer("banker-draw:5/4", False, 6)]}))
    store.add_answers("bob", check_answers({"answers": [answer("total", False, 4), answer("banker-draw:5/4", False, 10),
                                                         answer("banker-draw:6/-", True, None)]}))
    store.add_answers("carl", check_answers({"answers": [answer("total", True, 3, lesson=None, source="drill")]}))
    summary = store.class_summary(["anna", "bob", "carl", "dora"]).as_json()
    assert summary["students"] == ["anna", "bob", "carl"]
    assert summary["not_started"] == ["dora"]
    lesson, outside = summary["lessons"]       # the course's lessons first, then answers from no lesson
    # lesson 05: 5 answers by 2 students, 2 right; times 2, 6, 4, 10 (one unknown): median (4 + 6) / 2 = 5
    assert (lesson["lesson"], lesson["students"], lesson["answers"], lesson["right"], lesson["median_seconds"]) \
        == (LESSON, 2, 5, 2, 5.0)
    skills = {row["skill"]: (row["students"], row["answers"], row["right"], row["median_seconds"])
              for row in lesson["skills"]}
    # total: 2 s and 4 s -> 3; 5/4: 6 s and 10 s -> 8; 6/-: no time known
    assert skills == {"total": (2, 2, 1, 3.0), "banker-draw:5/4": (2, 2, 0, 8.0), "banker-draw:6/-": (1, 1, 1, None)}
    assert (outside["lesson"], outside["students"], outside["answers"], outside["right"]) == (None, 1, 1, 1)
    # the only tableau cell missed is 5/4 (2 wrong of 2); 6/- was never missed, so it is not listed
    assert summary["missed_cells"] == [{"cell": "5/4", "answers": 2, "wrong": 2}]


def test_cells_missed_most_come_first_by_share_then_by_count(store):
    # 3/0: 1 wrong of 1 (100 %); 5/4: 2 wrong of 3 (67 %); 6/7: 1 wrong of 3 (33 %); 4/2: 3 wrong of 3 (100 %, more)
    plan = {"3/0": [False], "5/4": [False, False, True], "6/7": [False, True, True], "4/2": [False, False, False]}
    for cell, marks in plan.items():
        store.add_answers("anna", check_answers({"answers": [answer(f"banker-draw:{cell}", mark) for mark in marks]}))
    cells = [row["cell"] for row in store.class_summary(["anna"]).as_json()["missed_cells"]]
    assert cells == ["4/2", "3/0", "5/4", "6/7"]


# --- polls ------------------------------------------------------------------------------------------------------

def test_one_answer_per_student_per_poll_and_none_once_closed(store):
    first = store.start_poll(LESSON, 0)
    assert first == {"id": first["id"], "lesson": LESSON, "exercise": 0, "state": "open"}
    store.answer_poll(first["id"], "anna", "Player", True)
    with pytest.raises(PollRefused, match="already answered"):
        store.answer_poll(first["id"], "anna", "Banker", False)
    second = store.start_poll(LESSON, 1)                 # starting a poll closes the open one
    assert store.poll(first["id"])["state"] == "closed"
    assert store.current_poll() == second
    with pytest.raises(PollRefused, match="closed"):
        store.answer_poll(first["id"], "bob", "Player", True)
    assert store.poll_answers(first["id"]) == [("anna", "Player", True)]
    assert store.set_poll_state(second["id"], "revealed")["state"] == "revealed"
    assert store.set_poll_state(second["id"], "closed")["state"] == "revealed"   # a revealed poll stays revealed
    with pytest.raises(PollRefused):
        store.answer_poll(second["id"], "anna", "x", False)
    with pytest.raises(PollNotFound):
        store.poll(second["id"] + 1)
    with pytest.raises(PollNotFound):
        store.answer_poll(second["id"] + 1, "anna", "x", False)


def test_no_poll_before_the_first():
    store = ClassStore("sqlite://")
    assert store.current_poll() is None


# --- checks at the door (no database needed) --------------------------------------------------------------------

@pytest.mark.parametrize("body, named", [
    ([], "the body"),
    ({"answers": [], "student": "bob"}, "the body"),
    ({"answers": []}, "answers"),
    ({"answers": [answer()] * 201}, "answers"),
    ({"answers": ["5"]}, "answers[0]"),
    ({"answers": [{**answer(), "student": "bob"}]}, "answers[0].student is not accepted"),
    ({"answers": [{**answer(), "user": "bob"}]}, "answers[0].user is not accepted"),
    ({"answers": [answer(), {key: value for key, value in answer().items() if key != "right"}]},
     "answers[1].right is missing"),
    ({"answers": [answer(id="ABC")]}, "answers[0].id"),
    ({"answers": [answer(id="g" * 32)]}, "answers[0].id"),
    ({"answers": [answer(lesson="05_a_whole_coup-Copy1")]}, "answers[0].lesson"),
    ({"answers": [answer(source="quiz")]}, "answers[0].source"),
    ({"answers": [answer(skill="Total!")]}, "answers[0].skill"),
    ({"answers": [answer(key="")]}, "answers[0].key"),
    ({"answers": [answer(answer="x" * 501)]}, "answers[0].answer"),
    ({"answers": [answer(right="yes")]}, "answers[0].right"),
    ({"answers": [answer(seconds=-1)]}, "answers[0].seconds"),
    ({"answers": [answer(seconds=True)]}, "answers[0].seconds"),
    ({"answers": [answer(at="yesterday")]}, "answers[0].at"),
    ({"answers": [answer(at="2026-12-01T21:00:00")]}, "answers[0].at"),          # no time zone
    ({"answers": [answer(at="2026-12-01T21:00:00+07:00")]}, "answers[0].at"),    # not UTC
])
def test_each_bad_field_is_refused_by_name(body, named):
    with pytest.raises(BaccaratError) as refused:
        check_answers(body)
    message = str(refused.value)
    assert message.startswith(named), message
    assert "\n" not in message and len(message) < 300


def test_a_good_answer_passes_as_it_was_sent():
    sent = answer("banker-draw:5/4", False, 2.5, at="2026-12-01T21:00:00+00:00")
    (row,) = check_answers({"answers": [sent]})
    assert (row["answer_id"], row["lesson"], row["skill"], row["right"], row["seconds"]) \
        == (sent["id"], LESSON, "banker-draw:5/4", False, 2.5)
    assert row["at"].isoformat() == "2026-12-01T21:00:00+00:00"


@pytest.mark.parametrize("body, named", [
    ({"lesson": LESSON}, "the body"),
    ({"lesson": "99_nothing", "exercise": 0}, "lesson"),
    ({"lesson": LESSON, "exercise": -1}, "exercise"),
    ({"lesson": LESSON, "exercise": True}, "exercise"),
    ({"lesson": "00_welcome", "exercise": 99}, "exercise"),
])
def test_a_poll_is_started_only_on_an_exercise_of_the_course(body, named):
    with pytest.raises(BaccaratError) as refused:
        check_poll_start(body)
    assert str(refused.value).startswith(named)


def test_a_poll_on_the_last_exercise_of_a_lesson_is_accepted():
    from baccarat_lib.course import lesson
    count = len(lesson(LESSON).exercises)
    assert check_poll_start({"lesson": LESSON, "exercise": count - 1}) == (LESSON, count - 1)
    with pytest.raises(BaccaratError):
        check_poll_start({"lesson": LESSON, "exercise": count})
