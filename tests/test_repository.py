"""The repository reads without the tracker: no file, test or comment names an issue by its number.

A tracker's number ("item 3 of the tenth") means nothing to a reader of the code; a comment says why in words, and a test is
named by what it checks. The files are those git tracks (the lessons' JSON included), or every file under the course
when git is not there.
"""

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRACKER_NUMBER = re.compile(r"(?<![a-z])issues?[ _#-]*\d", re.IGNORECASE)
SKIPPED_PARTS = {".git", ".venv", ".venv-min", "node_modules", "_build", "test-artifacts", ".hypothesis"}


def _files():
    if shutil.which("git") and (ROOT / ".git").exists():
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        return [ROOT / name for name in listed.decode().split("\0") if name]
    return [path for path in ROOT.rglob("*") if path.is_file() and not SKIPPED_PARTS & set(path.parts)]


def test_no_file_names_an_issue_number():
    found = []
    for path in _files():
        relative = path.relative_to(ROOT).as_posix()
        if TRACKER_NUMBER.search(relative):
            found.append(relative)
        if path.is_symlink() or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue                                    # pictures and other binary files
        for number, line in enumerate(text.splitlines(), 1):
            if TRACKER_NUMBER.search(line):
                found.append(f"{relative}:{number}: {line.strip()[:100]}")
    assert not found, "say why in words instead of naming the tracker:\n" + "\n".join(found)


def test_the_pattern_finds_what_it_is_for():
    word = "iss" + "ue"            # spelled in two so that this file passes the test above
    assert TRACKER_NUMBER.search(f"# {word} 15, item 3") and TRACKER_NUMBER.search(f"test_{word}10_arguments.py")
    assert TRACKER_NUMBER.search(f"{word.title()} #12") and not TRACKER_NUMBER.search(f"no {word}s here, 3 tests")
