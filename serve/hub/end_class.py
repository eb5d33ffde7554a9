"""End the class: remove exactly the Unix users this hub created for its students, archiving their homes first if asked.

    .venv-hub/bin/python serve/hub/end_class.py --archive class-2027-spring    # after Ctrl-C has stopped the hub
    .venv-hub/bin/python serve/hub/end_class.py --dry-run                      # only say what it would do

The hub's spawner records each Unix user it creates, with its uid, in the hub's state folder
(``BACCARAT_HUB_STATE``, default ``serve/hub/state/``; ``baccarat_spawner.CREATED_USERS_FILE``). This command removes
those users and their homes (``userdel --remove``), and nothing else: a user this hub did not create (one that
existed before its first sign-in, another hub's, or one made since under a recorded name, whose uid differs) is
refused. ``--archive DIR`` first writes each home, with the student's saved answers in it, to
``DIR/<user>.tar.gz`` (DIR is made mode 0700: the archives hold students' files). Names given after the options
remove only those users. Run as root, after the hub has stopped (it refuses while the hub's pid file names a live
process). It prints one line per user and a last line saying what it did; the exit status is 1 when anything was
refused or failed, 2 on bad usage.
"""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
import tarfile
from pathlib import Path

CLASSROOM = Path(__file__).resolve().parent
sys.path.insert(0, str(CLASSROOM))

from baccarat_settings import OneLineParser, state_folder  # noqa: E402
from baccarat_spawner import CREATED_USERS_FILE, STUDENT_COMMENT, created_users  # noqa: E402


class EndClassError(RuntimeError):
    """Nothing was done: the message says why."""


def hub_running(state: Path) -> int | None:
    """The pid of this hub if it is running (its pid file names a live process), else None."""
    try:
        pid = int((state / "jupyterhub.pid").read_text().strip())
    except (OSError, ValueError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    return pid


def created_here(name: str, uid: int) -> str | None:
    """Why the Unix user `name` is not the one this hub created with `uid` (None if it is)."""
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        return "no such user any more"
    if entry.pw_uid != uid:
        return f"its uid is {entry.pw_uid}, the hub created uid {uid}: another user now has the name"
    if entry.pw_gecos != STUDENT_COMMENT:
        return f"its comment is {entry.pw_gecos!r}, not the course's {STUDENT_COMMENT!r}"
    return None


def archive_home(home: Path, archive_dir: Path, name: str) -> Path:
    """Write `home` to archive_dir/<name>.tar.gz (never over an existing file) and return its path."""
    target = archive_dir / f"{name}.tar.gz"
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file, tarfile.open(fileobj=file, mode="w:gz") as archive:
        archive.add(home, arcname=name)
    return target


def end_class(state: Path, names: list[str] | None = None, archive_dir: Path | None = None,
              dry_run: bool = False, out=sys.stdout) -> int:
    """Remove this hub's student users (or the named ones among them); print what was done; 0, or 1 if anything
    was refused or failed."""
    if os.geteuid() != 0 and not dry_run:
        raise EndClassError("run it as root (it removes Unix users), as the hub runs")
    pid = hub_running(state)
    if pid is not None:
        raise EndClassError(f"the hub is still running (pid {pid}, {state / 'jupyterhub.pid'}): stop it first "
                            "(Ctrl-C), so that no student's server is running")
    record = state / CREATED_USERS_FILE
    recorded = created_users(record)
    chosen = list(recorded) if not names else names
    refused = [name for name in chosen if name not in recorded]
    for name in refused:
        print(f"refused {name}: this hub (state {state}) did not create it", file=out)
    if archive_dir is not None and not dry_run:
        archive_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        clashing = [name for name in chosen if (archive_dir / f"{name}.tar.gz").exists()]
        if clashing:
            raise EndClassError(f"{archive_dir} already holds {clashing[0]}.tar.gz: choose another --archive folder")
    removed, failed = [], len(refused)
    for name in (name for name in chosen if name in recorded):
        reason = created_here(name, recorded[name])
        if reason == "no such user any more":
            print(f"{name}: already removed", file=out)
            removed.append(name)
            continue
        if reason is not None:
            print(f"refused {name}: {reason}", file=out)
            failed += 1
            continue
        home = Path(pwd.getpwnam(name).pw_dir)
        if dry_run:
            print(f"would remove {name} and its home {home}"
                  + (f", archived first to {archive_dir / (name + '.tar.gz')}" if archive_dir else ""), file=out)
            removed.append(name)
            continue
        if archive_dir is not None and home.is_dir():
            print(f"archived {home} to {archive_home(home, archive_dir, name)}", file=out)
        result = subprocess.run(["userdel", "--remove", name], capture_output=True, text=True, timeout=60)
        if result.returncode not in (0, 12):   # 12: the home could not be removed (said below)
            print(f"failed to remove {name}: {result.stderr.strip() or result.returncode}", file=out)
            failed += 1
            continue
        print(f"removed {name} and its home {home}", file=out)
        removed.append(name)
    if not dry_run:
        _forget(record, removed)
    verb = "would remove" if dry_run else "removed"
    print(f"end of class: {verb} {len(removed)} student user(s) of the hub whose state is {state}"
          + (f"; {failed} refused or failed" if failed else ""), file=out)
    return 1 if failed else 0


def _forget(record: Path, removed: list[str]) -> None:
    """Drop the removed users from the record (the others stay, to be removed later)."""
    if not removed or not record.exists():
        return
    kept = [line for line in record.read_text().splitlines() if line.split() and line.split()[0] not in removed]
    if kept:
        record.write_text("".join(f"{line}\n" for line in kept))
    else:
        record.unlink()


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="end_class.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="only these Unix users (each must be one this hub created)")
    parser.add_argument("--state", type=Path, default=state_folder(os.environ, CLASSROOM),
                        help="the hub's state folder (default: $BACCARAT_HUB_STATE, else serve/hub/state)")
    parser.add_argument("--archive", type=Path, metavar="DIR", help="first write each home to DIR/<user>.tar.gz")
    parser.add_argument("--dry-run", action="store_true", help="say what it would do, and do nothing")
    args = parser.parse_args(argv)
    try:
        return end_class(args.state.resolve(), args.names, args.archive, args.dry_run)
    except EndClassError as error:
        print(f"end_class.py: nothing done: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
