"""The class's settings, read from environment variables and checked before the hub starts (issue 15, item 1).

`jupyterhub_config.py` calls `read_settings(os.environ)`; a setting the hub must not run with (no password, a short
or well-known one, the same password for students and teacher, a bad port) raises `SettingsError`, whose message
names the variable and says what is accepted. The config turns it into `SystemExit`, so the hub exits with a
non-zero status and that one sentence instead of a traceback.

Kept apart from the config file so the rules are tested without starting a hub.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Settings", "SettingsError", "read_settings", "unreachable_folder", "CLASS_PASSWORD_MIN",
           "TEACHER_PASSWORD_MIN"]

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
GENERATE_HINT = "generate one with: python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"


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

    @property
    def safe_directories(self) -> list[str]:
        """git safe.directory entries for a local course repository (its folder and its .git); none for a URL."""
        path = self.course_repo.removeprefix("file://")
        if "://" in path or ":" in path.split("/")[0]:
            return []
        return [path, str(Path(path) / ".git")]

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
    course_repo = environ.get("BACCARAT_COURSE_REPO") or str(classroom_dir.resolve().parent)
    return Settings(
        class_password=class_password,
        teacher_password=teacher_password,
        teacher=_matching(environ, "BACCARAT_TEACHER", "teacher", USERNAME_PATTERN,
                          "a hub username is a lower-case letter then up to 19 of a-z, 0-9, '-', '_'"),
        ip=environ.get("BACCARAT_HUB_IP", "127.0.0.1"),
        port=_whole(environ, "BACCARAT_HUB_PORT", 8000, 1, 65533),
        state_dir=Path(environ.get("BACCARAT_HUB_STATE") or classroom_dir / "state").resolve(),
        homes_dir=Path(environ.get("BACCARAT_STUDENT_HOMES", "/home")).resolve(),
        unix_prefix=_matching(environ, "BACCARAT_UNIX_PREFIX", "jupyter-", UNIX_PREFIX_PATTERN,
                              "a lower-case letter then up to 11 of a-z, 0-9, '-', '_'"),
        cull_idle_seconds=_whole(environ, "BACCARAT_CULL_IDLE_SECONDS", 3600, every, 7 * 86400),
        cull_every_seconds=every,
        mem_limit=_matching(environ, "BACCARAT_MEM_LIMIT", "1G", r"^[0-9]+[KMGT]?$",
                            "a size such as 1G or 512M"),
        course_repo=course_repo,
        student_python=environ.get("BACCARAT_STUDENT_PYTHON") or sys.executable,
    )


def unreachable_folder(path: str) -> Path | None:
    """The first folder on the way to `path` (symlinks resolved) that other users cannot enter, or None.

    The students' servers run as their own Unix users, so the Python they run, and its environment, must be
    reachable by every user; a Python installed under /root (mode 0700) is not.
    """
    for folder in reversed(Path(os.path.realpath(path)).parents):
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None
