"""The hub the tests of this folder share: `serve/hub/jupyterhub_config.py` as a teacher runs it, started once per
test process (`hub.LocalHub`) by the first test that asks for it, and checked at the end to have left nothing behind
(process, Unix user, folder). Each test file uses students of its own names on it, except `student_with_course`,
the one student with a running server and the course in their home, whom the files that only read share."""

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the hub helper and load test beside these tests
from hub import LocalHub, stopped_cleanly  # noqa: E402
from load_test import pull_course, start_servers  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def hub():
    if os.geteuid() != 0:
        pytest.skip("the hub creates a Unix user per student: needs root")
    hub = LocalHub(course_repo=str(REPO))
    try:
        hub.start()
        yield hub
    finally:
        stopped_cleanly(hub)


@pytest.fixture(scope="session")
def student_with_course(hub):
    """anna, a student of the shared hub whose server runs and whose home holds the course (this branch, as committed)
    in course/, pulled as the nbgitpuller link does; made once per test process. `.name`, `.headers` (a token of
    hers). The tests using her open pages, run kernels and read files, and change nothing of hers another test reads."""
    admin = {"Authorization": f"token {hub.admin_token()}"}
    requests.post(f"{hub.url}/hub/api/users/anna", headers=admin, timeout=30).raise_for_status()
    headers = start_servers(hub, admin, ["anna"])["anna"]
    branch = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--abbrev-ref", "HEAD"], capture_output=True,
                            text=True, check=True).stdout.strip()
    pull_course(hub, headers, "anna", str(REPO), branch)
    return SimpleNamespace(name="anna", headers=headers)
