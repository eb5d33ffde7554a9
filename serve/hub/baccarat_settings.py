"""The class's settings, read from environment variables and checked before the hub starts, so a hub never runs
with a missing or weak password.

`jupyterhub_config.py` calls `read_settings(os.environ)`; a setting the hub must not run with (no password, a short
or well-known one, the same password for students and teacher, a bad port) raises `SettingsError`, whose message
names the variable and says what is accepted. The config turns it into `SystemExit`, so the hub exits with a
non-zero status and that one sentence instead of a traceback.

Kept apart from the config file so the rules are tested without starting a hub.
"""

from __future__ import annotations

import argparse
import os
import re
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Settings", "SettingsError", "read_settings", "state_folder", "course_repository", "OneLineParser", "unreachable_folder", "preflight",
           "CLASS_PASSWORD_MIN", "CLASS_VIEW", "TEACHER_PASSWORD_MIN", "STUDENT_MODULES"]

CLASS_PASSWORD_MIN = 8
# JupyterHub's SharedPasswordAuthenticator itself refuses an admin password shorter than 32 characters.
TEACHER_PASSWORD_MIN = 32
# Passwords a class must never run with: defaults of tutorials and tools, and the course's own words.
WELL_KNOWN_PASSWORDS = frozenset({
    "password", "password1", "passw0rd", "changeme", "change-me", "changeit", "secret", "letmein", "welcome",
    "12345678", "123456789", "1234567890", "qwertyui", "qwerty123", "azertyui", "admin123", "administrator",
    "baccarat", "puntobanco", "punto-banco", "punto banco", "jupyter", "jupyterhub", "teacher", "student",
    "students", "classroom", "baccarat-class",
})
# A hub username becomes part of a Unix username (prefix + name): lower-case letters, digits, "-" and "_" only,
# so two different students can never map to the same Unix user.
USERNAME_PATTERN = r"^[a-z][a-z0-9_-]{0,19}$"
UNIX_PREFIX_PATTERN = r"^[a-z][a-z0-9_-]{0,11}$"
CLASS_VIEW = "class-view"           # the class view service's name: its address is /services/class-view/
GENERATE_HINT = "generate one with: python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"
# What every student's server is given, on one machine (jupyterhub_config.py) and on Kubernetes (z2jh/values.yaml,
# checked by tests/hub/test_z2jh.py): only the server extensions a class uses (JupyterLab, nbgitpuller for the links,
# Voila for the classroom links; not the terminals, the language servers or the classic-notebook shim), and nbformat
# validating with jsonschema, which the server has loaded already, not fastjsonschema (about 10 MiB of compiled
# schema per server); and glibc handing freed memory back once 128 KiB are free at the top of the heap (by default the
# threshold climbs to 32 MiB after a large array is freed, so a kernel keeps what a lesson's big cell used: about
# 4 MiB per student in the load test). See the Memory notes in jupyterhub_config.py.
STUDENT_SERVER_ARGS = tuple(f"--ServerApp.jpserver_extensions={name}=False"
                            for name in ("jupyter_lsp", "jupyter_server_terminals", "notebook_shim"))
STUDENT_SERVER_ENVIRONMENT = {"NBFORMAT_VALIDATOR": "jsonschema", "MALLOC_TRIM_THRESHOLD_": "131072"}
# What a student's server imports: the single-user server, JupyterLab, the classroom view, the lesson links' puller,
# the widgets and the course's library.
STUDENT_MODULES = ("jupyterhub.singleuser", "jupyterlab", "voila", "nbgitpuller", "ipywidgets", "baccarat_lib")
# The user the preflight runs the students' Python as: "nobody", in no group of the hub's, like a new student.
NOBODY = 65534


class SettingsError(ValueError):
    """A setting the hub refuses to start with; the message names the environment variable."""


@dataclass(frozen=True)
class Settings:
    """Everything the one-machine config takes from the environment."""

    class_password: str
    teacher_password: str
    teacher: str
    ip: str
    port: int
    state_dir: Path
    homes_dir: Path
    unix_prefix: str
    cull_idle_seconds: int
    cull_every_seconds: int
    mem_limit: str
    course_repo: str
    student_python: str
    teacher_group: str = "teachers"
    class_db_url: str = ""

    @property
    def class_view_port(self) -> int:
        """The class view service (loopback only): the public port + 3."""
        return self.port + 3

    @property
    def class_view_url(self) -> str:
        """The class view's address as a student's server on this machine reaches it: through the hub's proxy."""
        host = "127.0.0.1" if self.ip in ("", "0.0.0.0", "::") else self.ip
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}/services/{CLASS_VIEW}/"

    @property
    def local_course(self) -> Path | None:
        """The course repository's folder when it is on this machine (a path or file://), else None (a URL)."""
        path = self.course_repo.removeprefix("file://")
        if "://" in path or ":" in path.split("/")[0]:
            return None
        return Path(path)

    @property
    def safe_directories(self) -> list[str]:
        """git safe.directory entries for a local course repository (its folder and its .git); none for a URL."""
        if self.local_course is None:
            return []
        return [str(self.local_course), str(self.local_course / ".git")]

    @property
    def proxy_api_port(self) -> int:
        """The proxy's REST API (loopback only): the public port + 1."""
        return self.port + 1

    @property
    def hub_api_port(self) -> int:
        """The hub's own API, where single-user servers report (loopback only): the public port + 2."""
        return self.port + 2


def _password(environ, name: str, minimum: int) -> str:
    value = environ.get(name, "")
    if not value:
        raise SettingsError(f"{name} is not set: the hub does not start without it ({minimum}+ characters; "
                            f"{GENERATE_HINT}).")
    if len(value) < minimum:
        raise SettingsError(f"{name} is {len(value)} characters long: at least {minimum} are needed "
                            f"({GENERATE_HINT}).")
    if value.strip().lower() in WELL_KNOWN_PASSWORDS or len(set(value)) == 1:
        raise SettingsError(f"{name} is a well-known default password: choose your own ({minimum}+ characters; "
                            f"{GENERATE_HINT}).")
    return value


def _whole(environ, name: str, default: int, low: int, high: int) -> int:
    raw = environ.get(name, str(default))
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name}={raw!r} is not a whole number (accepted: {low}..{high}).") from None
    if not low <= value <= high:
        raise SettingsError(f"{name}={value} is out of range (accepted: {low}..{high}).")
    return value


def _matching(environ, name: str, default: str, pattern: str, what: str) -> str:
    value = environ.get(name, default)
    if not re.fullmatch(pattern, value):
        raise SettingsError(f"{name}={value!r} is not accepted: {what} (pattern {pattern}).")
    return value


def read_settings(environ, classroom_dir: Path) -> Settings:
    """Read and check the class's settings; `classroom_dir` is the folder of `jupyterhub_config.py`.

    """
    class_password = _password(environ, "BACCARAT_CLASS_PASSWORD", CLASS_PASSWORD_MIN)
    teacher_password = _password(environ, "BACCARAT_TEACHER_PASSWORD", TEACHER_PASSWORD_MIN)
    if class_password == teacher_password:
        raise SettingsError("BACCARAT_TEACHER_PASSWORD equals BACCARAT_CLASS_PASSWORD: the teacher's password must "
                            "differ from the one every student knows.")
    every = _whole(environ, "BACCARAT_CULL_EVERY_SECONDS", 60, 5, 86400)
    course_repo = course_repository(environ, classroom_dir)
    return Settings(
        class_password=class_password,
        teacher_password=teacher_password,
        teacher=_matching(environ, "BACCARAT_TEACHER", "teacher", USERNAME_PATTERN,
                          "a hub username is a lower-case letter then up to 19 of a-z, 0-9, '-', '_'"),
        ip=environ.get("BACCARAT_HUB_IP", "127.0.0.1"),
        port=_whole(environ, "BACCARAT_HUB_PORT", 8000, 1, 65532),
        state_dir=state_folder(environ, classroom_dir),
        homes_dir=Path(environ.get("BACCARAT_STUDENT_HOMES", "/home")).resolve(),
        unix_prefix=_matching(environ, "BACCARAT_UNIX_PREFIX", "jupyter-", UNIX_PREFIX_PATTERN,
                              "a lower-case letter then up to 11 of a-z, 0-9, '-', '_'"),
        cull_idle_seconds=_whole(environ, "BACCARAT_CULL_IDLE_SECONDS", 3600, every, 7 * 86400),
        cull_every_seconds=every,
        mem_limit=_matching(environ, "BACCARAT_MEM_LIMIT", "1G", r"^[0-9]+[KMGT]?$",
                            "a size such as 1G or 512M"),
        course_repo=course_repo,
        student_python=environ.get("BACCARAT_STUDENT_PYTHON") or sys.executable,
        teacher_group=_matching(environ, "BACCARAT_TEACHER_GROUP", "teachers", USERNAME_PATTERN,
                                "a group name is a lower-case letter then up to 19 of a-z, 0-9, '-', '_'"),
        class_db_url=environ.get("BACCARAT_CLASS_DB_URL", ""),
    )


def course_repository(environ, classroom_dir: Path) -> str:
    """The repository students pull the course from: BACCARAT_COURSE_REPO, else the checkout this folder is in."""
    return environ.get("BACCARAT_COURSE_REPO") or str(classroom_dir.resolve().parents[1])


class OneLineParser(argparse.ArgumentParser):
    """The serve/hub commands' parser: a usage error is one line on stderr and exit status 2, never the usage."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def state_folder(environ, classroom_dir: Path) -> Path:
    """The hub's state folder (database, cookie secret, the Unix users it made): BACCARAT_HUB_STATE or state/."""
    return Path(environ.get("BACCARAT_HUB_STATE") or classroom_dir / "state").resolve()


def unreachable_folder(path: str) -> Path | None:
    """The first folder on the way to `path`, or `path` itself if a folder, that other users cannot enter, or None.

    Symlinks are resolved. The students' servers run as their own Unix users, so the Python they run, its
    environment and the course must be reachable by every user; a Python installed under /root (mode 0700) is not.
    """
    real = Path(os.path.realpath(path))
    for folder in [*reversed(real.parents), *([real] if real.is_dir() else [])]:
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None


def _nearest_existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _python_paths(python: str) -> list[str]:
    """The folders `python` imports from (its sys.path: the standard library, site-packages, .pth additions)."""
    result = subprocess.run([python, "-c", "import sys; print('\\n'.join(sys.path))"], capture_output=True,
                            text=True, timeout=60)
    if result.returncode != 0:
        raise SettingsError(f"the students' Python {python} does not run: {_last_line(result.stderr)}")
    return [line for line in result.stdout.splitlines() if line and os.path.isdir(line)]


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no message)"


def _as_nobody(python: str, course: Path | None) -> str | None:
    """Import what a student's server imports, and read the course's git folder, as user nobody: the error, or None.

    Reading the folders' modes cannot show a file that others may not read (a venv made under umask 077);
    running the Python as a user of no group of the hub's does.
    """
    code = f"import {', '.join(STUDENT_MODULES)}"
    if course is not None:
        code += f"; import os; os.listdir({str(course / '.git')!r}); open({str(course / '.git' / 'HEAD')!r}).read()"
    environment = {key: os.environ[key] for key in ("PATH", "PYTHONPATH", "LANG") if key in os.environ}
    result = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=120, cwd="/",
                            env={**environment, "HOME": "/nonexistent"},
                            user=NOBODY, group=NOBODY, extra_groups=[])
    return None if result.returncode == 0 else _last_line(result.stderr)


def preflight(settings: Settings, classroom_dir: Path) -> None:
    """Refuse (SettingsError, one sentence naming the folder and the fix) what a student's server could not reach.

    Each student's server runs as their own Unix user, so every folder on the way to the Python, its packages, the
    course repository, the course's Voila settings and the students' homes must be enterable by other users (mode
    o+x); a clone under a home of mode 0700 is not. Without this check the hub starts and every spawn fails with
    HTTP 500. Needs root (it runs the Python as user nobody), as the hub does.
    """
    course = settings.local_course
    if course is not None and not (course / ".git").exists():
        raise SettingsError(f"BACCARAT_COURSE_REPO={settings.course_repo!r} is not a git repository (no .git): "
                            "give the path or URL of a clone of the course.")
    python = settings.student_python
    places = [("the students' Python", python)]
    places += [("the students' Python packages", folder) for folder in _python_paths(python)]
    if course is not None:
        places.append(("the course repository", str(course)))
    places.append(("the course's classroom settings", str(classroom_dir.parent / "voila" / "classroom")))
    places.append(("the students' homes", str(_nearest_existing(settings.homes_dir))))
    for what, path in places:
        closed = unreachable_folder(path)
        if closed is not None:
            mode = stat.S_IMODE(closed.stat().st_mode)
            raise SettingsError(
                f"student users cannot enter {closed} (mode {mode:04o}), on the way to {what} ({path}): run "
                f"`chmod o+x {closed}` (others may then pass through it, not list it), or move the course and its "
                "venv (.venv-hub, made from /usr/bin/python3) to a folder every user can enter, such as /srv.")
    error = _as_nobody(python, course)
    if error is not None:
        raise SettingsError(f"a student user cannot use {python} and the course: {error}; make the venv and the "
                            "course readable by every user (e.g. `chmod -R o+rX` on them), or reinstall them under "
                            "umask 022.")
