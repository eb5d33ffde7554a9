"""The load test runs a small class and leaves nothing behind."""

import os
import pwd
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the hub helper and load test beside these tests
from hub import descendants, processes  # noqa: E402
from load_test import lessons_in_turn  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
LOAD_TEST = Path(__file__).resolve().parent / "load_test.py"
LAST_LINE = re.compile(r"students: (\d+), lessons run: (\d+), errors: (\d+), peak MiB per student: (\d+), "
                       r"wall s: (\d+), poll answers: (\d+)/(\d+), class view students: (\d+), "
                       r"class view lag s: ([0-9.]+)")


def test_lessons_are_given_in_turn_from_the_heaviest():
    # the committed lessons are 00..11; starting at 08 and wrapping after 11 (worked by hand)
    assert [name[:2] for name in lessons_in_turn(str(REPO), 3)] == ["07", "08", "09"]
    assert [name[:2] for name in lessons_in_turn(str(REPO), 6)] == ["07", "08", "09", "10", "11", "00"]


@pytest.mark.skipif(os.geteuid() != 0, reason="the hub creates a Unix user per student: needs root")
def test_three_students_run_a_lesson_and_answer_the_class_view_and_nothing_is_left():
    # `load_test.py --students 3 --poll`, watched from outside: every process below it is recorded
    # while it runs, and must be gone when it has finished; so must its folder and its Unix users.
    # Each student's kernel sends ten answers and the poll's answer to the class view, which the teacher's view shows.
    process = subprocess.Popen([sys.executable, str(LOAD_TEST), "--students", "3", "--poll", "--timeout", "240"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    seen = set()
    deadline = time.monotonic() + 280
    while time.monotonic() < deadline:   # each server and kernel lives for seconds at least: once a second sees it
        seen |= descendants(process.pid)
        try:
            process.wait(timeout=1)
            break
        except subprocess.TimeoutExpired:
            pass
    if process.poll() is None:
        os.killpg(process.pid, 9)
    stdout, stderr = process.communicate(timeout=60)
    lines = stdout.strip().splitlines()
    match = LAST_LINE.fullmatch(lines[-1])
    assert match, stdout + stderr
    students, lessons_run, errors, peak_mib, _, polled, asked, shown = map(int, match.groups()[:-1])
    assert (students, lessons_run, errors) == (3, 3, 0), stderr
    assert (polled, asked, shown) == (3, 3, 3)
    assert float(match[9]) <= 2.0        # the teacher's view showed the last answer within 2 s
    assert process.returncode == 0
    # an idle server alone takes about 100 MiB; a student running a lesson, more; a runaway would show too
    assert 100 <= peak_mib <= 1024
    assert len(seen) >= 8  # hub, proxy, culler, 3 servers, 3 kernels at least: the watch did see them
    table = processes()
    assert [pid for pid, start in seen if pid in table and table[pid][1] == start] == []
    folder, prefix = re.fullmatch(r"hub folder: (\S+), Unix users: (\S+)\*", lines[0]).groups()
    assert not Path(folder).exists()
    assert [entry.pw_name for entry in pwd.getpwall() if entry.pw_name.startswith(prefix)] == []


def test_lessons_can_be_chosen_by_number_and_are_given_in_turn():
    # --lessons 07,10 for five students: 07, 10, 07, 10, 07 (worked by hand); file names as committed
    names = lessons_in_turn(str(REPO), 5, ["07", "10"])
    assert [name[:3] for name in names] == ["07_", "10_", "07_", "10_", "07_"]
    assert all((REPO / "lessons" / name).is_file() for name in names)


def test_an_unknown_lesson_number_is_refused_before_the_hub_starts(capsys):
    from load_test import main
    with pytest.raises(SystemExit) as stopped:
        main(["--students", "2", "--lessons", "07,7,99"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "--lessons: no committed lesson numbered 7, 99" in error and "07" in error
