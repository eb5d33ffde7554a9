"""The hub the tests of this folder share: `serve/hub/jupyterhub_config.py` as a teacher runs it, started once per
test process (`hub.LocalHub`) by the first test that asks for it, and checked at the end to have left nothing behind
(process, Unix user, folder). Each test file uses students of its own names on it."""

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the hub helper and load test beside these tests
from hub import LocalHub, stopped_cleanly  # noqa: E402

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
