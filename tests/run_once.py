"""What several test files need and is slow to make, made once per test run and shared by the xdist workers.

`built_once(request, name, build)` gives the folder; `pip_from_wheelhouse(folder)` the pip settings that install
from a folder of wheels (tests/conftest.py's `wheelhouse` fixture) alone; `wheels_for_python(folder, version)` which
of its wheels another Python can install (tests/conftest.py's `hub_wheelhouse`)."""

from __future__ import annotations

import contextlib
import email.parser
import os
import shutil
import zipfile
from pathlib import Path


@contextlib.contextmanager
def _one_at_a_time(path: Path):
    """One process at a time past this point (the xdist workers of one run); where flock is missing, no lock."""
    try:
        import fcntl
    except ImportError:       # Windows: each worker may build its own copy; built_once's rename keeps one
        yield
        return
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def built_once(request, name: str, build) -> Path:
    """The folder `name` in the run's temp root, made by `build(folder)` by the first worker that asks for it.

    Under `pytest -n` every worker's temp dir lies in one root of the run; the first worker to ask builds (into a
    folder of its own, renamed whole when done, so no worker sees half of it) while the others wait on a lock, and
    all of them get the same folder. A failed build is built again by the next one to ask (and fails it too)."""
    factory = request.getfixturevalue("tmp_path_factory")
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent            # the run's temp root, shared by its workers
    done = root / name
    with _one_at_a_time(root / f"{name}.lock"):
        if not done.is_dir():
            work = root / f"{name}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
            shutil.rmtree(work, ignore_errors=True)    # what a failed build left
            work.mkdir()
            build(work)
            try:
                work.rename(done)
            except OSError:           # another worker's build got there first (no lock on this system)
                pass
    return done


def pip_from_wheelhouse(wheelhouse: Path) -> dict[str, str]:
    """pip's settings (environment variables) that install from `wheelhouse` alone: no index, and no byte-compiling
    of every installed module (a throw-away venv; Python compiles what it imports).

    pip reads a variable as the value of the option it names, so `PIP_NO_COMPILE=1` means `--compile` (the option
    `--no-compile` stores False, and "1" sets its destination to True): it compiled all ~4,000 modules of an install,
    12 of its 29 CPU-s. `PIP_COMPILE=0` is `--no-compile`."""
    return {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheelhouse), "PIP_COMPILE": "0",
            "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def wheels_for_python(wheelhouse: Path, version: str) -> tuple[list[Path], list[str]]:
    """The wheels of `wheelhouse` whose Requires-Python accepts Python `version` ("3.11.2"), and the names of the
    projects whose wheel refuses it."""
    from packaging.specifiers import SpecifierSet

    accepted, refused = [], []
    for wheel in sorted(wheelhouse.glob("*.whl")):
        name, requires = _requires_python(wheel)
        if requires and not SpecifierSet(requires).contains(version, prereleases=True):
            refused.append(name)
        else:
            accepted.append(wheel)
    return accepted, refused


def _requires_python(wheel: Path) -> tuple[str, str]:
    """A wheel's project name and its Requires-Python ('' when it has none), from its METADATA."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [name for name in archive.namelist()
                       if name.count("/") == 1 and name.endswith(".dist-info/METADATA")]
        fields = email.parser.HeaderParser().parsestr(archive.read(metadata).decode("utf-8"))
    return fields["Name"], fields.get("Requires-Python") or ""
