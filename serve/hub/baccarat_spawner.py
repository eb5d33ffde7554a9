"""A Unix user per student, created on first spawn, so each student has a server and a home of their own.

`StudentSpawner` is JupyterHub's `LocalProcessSpawner` (each server runs as a Unix user, started by a hub running
as root) plus what The Littlest JupyterHub's `UserCreatingSpawner` adds (tljh/user_creating_spawner.py,
tljh/user.py): the Unix user is created the first time its student starts a server, with a home of mode 0700.
The hub username "anna" becomes the Unix user `<prefix>anna` (prefix `jupyter-` by default, as in TLJH); hub
usernames are restricted to [a-z][a-z0-9_-]* (`baccarat_settings.USERNAME_PATTERN`), so the mapping is one to
one. The kernel of one student therefore cannot read another student's files: the operating system refuses.

Each Unix user it creates is recorded, with its uid, in `created_users_file` (the hub's state folder), so that
ending the class (`serve/hub/end_class.py`) removes exactly this hub's students: never a user that existed before,
another hub's, or one made since under a recorded name.

`useradd` takes a lock on /etc/passwd; students starting at the same time would make it fail ("cannot lock
/etc/passwd"), so user creation is serialised by one lock in the hub.
"""

from __future__ import annotations

import asyncio
import os
import pwd
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import List, Unicode

__all__ = ["StudentSpawner", "unix_users_with_prefix", "record_created_user", "created_users", "CREATED_USERS_FILE",
           "STUDENT_COMMENT"]

_USERADD_LOCK = asyncio.Lock()
STUDENT_COMMENT = "Punto Banco course student (JupyterHub)"
CREATED_USERS_FILE = "unix-users-created"   # in the hub's state folder: one "<name> <uid>" line per user it made


def record_created_user(record: Path, name: str) -> None:
    """Append the Unix user `name` (just created by this hub) and its uid to `record` (mode 0600, root's)."""
    uid = pwd.getpwnam(name).pw_uid
    descriptor = os.open(record, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(descriptor, "a") as file:
        file.write(f"{name} {uid}\n")


def created_users(record: Path) -> dict[str, int]:
    """The Unix users a hub recorded as made by it: name -> uid (none if it has made none)."""
    try:
        lines = record.read_text().splitlines()
    except FileNotFoundError:
        return {}
    return {name: int(uid) for name, uid in (line.split() for line in lines if line.strip())}


def unix_users_with_prefix(prefix: str) -> list[pwd.struct_passwd]:
    """The Unix users this spawner created for a prefix (those named `<prefix>...` with its comment)."""
    return [entry for entry in pwd.getpwall()
            if entry.pw_name.startswith(prefix) and entry.pw_gecos == STUDENT_COMMENT]


class StudentSpawner(LocalProcessSpawner):
    """Run each student's server as their own Unix user, created on first spawn with a private home."""

    unix_prefix = Unicode("jupyter-", config=True, help="Prefix of the Unix username made from a hub username.")
    homes_dir = Unicode("/home", config=True, help="Folder that holds the students' homes.")
    safe_directories = List(Unicode(), config=True,
                            help="git safe.directory entries written to a new student's ~/.gitconfig.")
    created_users_file = Unicode("", config=True,
                                 help="File in the hub's state folder listing the Unix users this hub created.")

    @property
    def unix_name(self) -> str:
        """The Unix user that runs this student's server and kernels."""
        return self.unix_prefix + self.user.name

    async def start(self):
        """Create the student's Unix user if needed, then start the server as that user."""
        await self._ensure_unix_user()
        return await super().start()

    async def _ensure_unix_user(self) -> None:
        async with _USERADD_LOCK:
            try:
                pwd.getpwnam(self.unix_name)
                return
            except KeyError:
                pass
            home = Path(self.homes_dir) / self.unix_name
            self.log.info("Creating Unix user %s with home %s", self.unix_name, home)
            command = ["useradd", "--create-home", "--home-dir", str(home), "--user-group",
                       "--shell", "/bin/bash", "--comment", STUDENT_COMMENT, self.unix_name]
            process = await asyncio.create_subprocess_exec(*command, stderr=asyncio.subprocess.PIPE)
            _, error = await process.communicate()
            if process.returncode != 0:
                raise RuntimeError(f"useradd {self.unix_name} failed ({process.returncode}): {error.decode().strip()}"
                                   " (the hub must run as root to create a Unix user per student)")
            if self.created_users_file:
                record_created_user(Path(self.created_users_file), self.unix_name)
            os.chmod(home, 0o700)
            self._write_gitconfig(home)

    def _write_gitconfig(self, home: Path) -> None:
        """Let git, running as the student, clone the course from a local repository another user owns.

        git refuses a repository owned by someone else ("dubious ownership") unless it is a safe.directory of
        the user's own (global) config: the -c option and GIT_CONFIG_* variables do not reach the process that
        reads a local repository, ~/.gitconfig does. Only the course's paths are listed, not "*".
        """
        if not self.safe_directories:
            return
        gitconfig = home / ".gitconfig"
        gitconfig.write_text("[safe]\n" + "".join(f"\tdirectory = {path}\n" for path in self.safe_directories))
        entry = pwd.getpwnam(self.unix_name)
        os.chown(gitconfig, entry.pw_uid, entry.pw_gid)

    def make_preexec_fn(self, name):
        """Switch to the student's Unix user (not the hub username) before the server starts."""
        return set_user_setuid(self.unix_name)

    def user_env(self, env):
        """USER, HOME and SHELL of the student's Unix user."""
        entry = pwd.getpwnam(self.unix_name)
        env["USER"] = entry.pw_name
        env["HOME"] = entry.pw_dir
        env["SHELL"] = entry.pw_shell
        return env
