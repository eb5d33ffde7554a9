"""Print each lesson's nbgitpuller links, for JupyterLab and for the classroom (Voila) view, to hand to students.

    python serve/hub/links.py --hub http://127.0.0.1:8000            # the course on this machine, no internet needed
    python serve/hub/links.py --hub https://hub.example.org --repo https://github.com/your-org/punto-banco-course
    python serve/hub/links.py --hub ... --repo ... --lesson 05 --format markdown

A student who opens a link signs in to the hub; nbgitpuller then clones the course repository into their home
(or merges the new commits into the copy they already have, keeping their own changes) and opens the lesson.
The lessons and their titles come from the course list (``baccarat_lib/course.py``) of this checkout, so run it
from a checkout of the branch the links name.

The repository is, by default, the one the hub pulls from (``BACCARAT_COURSE_REPO``, else this checkout), as a path
on this machine: the hub's config lets git, running as each student, read it, so a class needs no internet. A local
path or ``file://`` address is given as an absolute path, and its branch defaults to the branch checked out there
(it must exist); an http(s) repository's branch defaults to ``main``.

Every value is checked, so no link is handed out broken: the hub's address (http or https, a host, a port from 1 to
65535, no user name or password, which would be copied into every student's link, no ?query or #fragment), the
repository (the same, or a git repository on this machine), the branch (git's rules for a branch name,
``git check-ref-format --branch``) and the target path (a relative folder of the home, without ``..``).

The link format is nbgitpuller's, as its link generator writes it (docs/_static/link_gen/link.js):
``<hub>/hub/user-redirect/git-pull?repo=<repo>&urlpath=<app path>&branch=<branch>[&targetPath=<dir>]``, each
value form-encoded. ``urlpath`` is relative to the student's server and must name the clone folder: nbgitpuller
clones into the last part of the repository URL (``repo.rstrip('/').split('/')[-1]``, nbgitpuller/handlers.py;
a trailing ``.git`` is kept), unless ``targetPath`` names another folder.

Public functions: ``clone_directory(repo, target_path=None)``, ``pull_link(hub, repo, urlpath, branch, ...)``,
``lesson_links(hub, repo, lesson, ...)``, ``course_lessons(language)``, ``pick_lessons(lessons, number)``,
``render(rows, fmt)``, ``main(argv)``. Bad input raises ``LinkError``; ``main`` turns it into exit code 2.
"""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from baccarat_lib import course  # noqa: E402  (the one list of lessons, their titles and the editions)
from baccarat_settings import OneLineParser, course_repository  # noqa: E402  (the repository the hub pulls from)

FORMATS = ("text", "markdown", "csv")


def _editions() -> dict[str, str]:
    """language -> its lessons' folder, relative to the repository (the course list's editions: en, vi)."""
    return {code: edition.folder.resolve().relative_to(ROOT).as_posix() for code, edition in course.EDITIONS.items()}


LANGUAGES = _editions()
LESSONS = LANGUAGES["en"]  # the English lessons' folder, relative to the repository's root


class LinkError(ValueError):
    """Input that cannot make a working link: the message says what to give instead."""


# Control characters and spaces: never part of an address, a branch or a folder handed out in a link.
_CONTROL_OR_SPACE = re.compile(r"[\x00-\x20\x7f]")


def _address(value: str, option: str, example: str):
    """`value` split as an http(s) address with a host, a valid port and no credentials, ?query or #fragment."""
    refuse = f"{option} must be an http(s) address such as {example}; got {value!r}"
    if _CONTROL_OR_SPACE.search(value):
        raise LinkError(f"{refuse} (it holds a space or control character)")
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError as error:   # an unclosed [IPv6 bracket, a port out of 0..65535 or not a number
        raise LinkError(f"{refuse} ({error})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LinkError(refuse)
    if port == 0 or (parts.netloc.endswith(":") and port is None):
        raise LinkError(f"{refuse} (a port is 1 to 65535)")
    if parts.username is not None or parts.password is not None:
        raise LinkError(f"{option} must not hold a user name or password: it would be copied into every student's "
                        f"link; got {parts.scheme}://…@{parts.hostname}")
    if parts.query or parts.fragment:
        raise LinkError(f"{option} must be an address without ?query or #fragment; got {value!r}")
    return parts


def _check_hub(hub: str) -> None:
    _address(hub, "--hub", "https://hub.example.org or http://127.0.0.1:8000")


def _git(repository: str, *args: str) -> subprocess.CompletedProcess:
    # safe.directory: the teacher may run this as root on a clone another user owns (git would refuse it)
    return subprocess.run(["git", "-c", f"safe.directory={repository}", "-C", repository, *args],
                          capture_output=True, text=True, timeout=60)


def course_repo(repo: str) -> str:
    """The repository as a link names it: an http(s) address as given, or a local clone's absolute path.

    A path (relative to the current folder) or a ``file://`` address must be a git repository on this machine.
    """
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", repo) and not repo.startswith("file://"):
        parts = _address(repo, "--repo", "https://github.com/your-org/punto-banco-course, or a local clone's path")
        if not parts.path.strip("/"):
            raise LinkError(f"--repo must name a repository, not only a host; got {repo!r}")
        return repo
    if _CONTROL_OR_SPACE.search(repo.replace(" ", "")):
        raise LinkError(f"--repo must be a repository's address or path without control characters; got {repo!r}")
    if repo.startswith("file://"):
        parts = urlsplit(repo)
        if parts.netloc not in ("", "localhost") or parts.query or parts.fragment:
            raise LinkError(f"--repo file:// must name a folder of this machine (file:///path); got {repo!r}")
        repo = unquote(parts.path)
    folder = Path(repo).expanduser().absolute()
    if not folder.is_dir():
        raise LinkError(f"--repo {repo!r} is neither an http(s) address nor a folder of this machine")
    toplevel = _git(str(folder), "rev-parse", "--show-toplevel")
    if toplevel.returncode != 0 or Path(toplevel.stdout.strip()) != folder.resolve():
        raise LinkError(f"--repo {str(folder)!r} is not the top folder of a git repository (a clone of the course)")
    return str(folder)


def is_local(repo: str) -> bool:
    """Whether `repo` (as `course_repo` returns it) is a path on this machine rather than an address."""
    return repo.startswith("/")


# git check-ref-format's rules for a branch name (git-check-ref-format(1)), checked on refs/heads/<name>: no control
# characters, space, ~ ^ : ? * [ or backslash; no "..", "@{", "//"; no part starting with "." or ending ".lock";
# not ending with "/" or "."; and a branch may not start with "-" or be "HEAD" ("@" alone is a valid branch name).
_BRANCH_FORBIDDEN = re.compile(r"[\x00-\x20\x7f~^:?*\[\\]|\.\.|@\{|//")


def check_branch(branch: str) -> str:
    """`branch` if git accepts it as a branch name, else LinkError saying what git's rules refuse."""
    parts = branch.split("/")
    if (not branch or _BRANCH_FORBIDDEN.search(branch) or branch.startswith(("-", "/")) or branch.endswith(("/", "."))
            or branch == "HEAD"
            or any(not part or part.startswith(".") or part.endswith(".lock") for part in parts)):
        raise LinkError(f"--branch must be a git branch name (no spaces, control characters, ~ ^ : ? * [ \\ .. @{{ "
                        f"or //, no part starting with '.' or ending in '.lock', not starting with '-'); got {branch!r}")
    return branch


def default_branch(repo: str) -> str:
    """The branch links name when none is given: a local clone's checked-out branch, else main."""
    if not is_local(repo):
        return "main"
    result = _git(repo, "symbolic-ref", "--quiet", "--short", "HEAD")
    if result.returncode != 0:
        raise LinkError(f"--repo {repo!r} has no branch checked out: give --branch")
    return result.stdout.strip()


def check_local_branch(repo: str, branch: str) -> None:
    """A local repository must hold `branch`, or every student's pull would fail."""
    if is_local(repo) and _git(repo, "rev-parse", "--verify", "--quiet", f"refs/heads/{branch}").returncode != 0:
        heads = _git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads").stdout.split()
        raise LinkError(f"--branch {branch!r} is not a branch of {repo}; its branches are {', '.join(heads)}")


def check_target_path(target_path: str) -> str:
    """A folder of the student's home, relative, without '..': where nbgitpuller clones the course."""
    path = PurePosixPath(target_path)
    if (_CONTROL_OR_SPACE.search(target_path.replace(" ", "")) or path.is_absolute() or ".." in path.parts
            or not path.parts or path.parts == (".",) or "\\" in target_path):
        raise LinkError(f"--target-path must be a folder inside the student's home, relative and without '..', "
                        f"e.g. punto-banco; got {target_path!r}")
    return path.as_posix()


def clone_directory(repo: str, target_path: str | None = None) -> str:
    """The folder nbgitpuller clones into, relative to the student's home: the repo's last path part.

    >>> clone_directory("https://github.com/your-org/punto-banco-course/")
    'punto-banco-course'
    """
    if target_path:
        return check_target_path(target_path)
    return repo.rstrip("/").split("/")[-1]


def pull_link(hub: str, repo: str, urlpath: str, branch: str, target_path: str | None = None) -> str:
    """One nbgitpuller link: sign in to ``hub``, pull ``repo`` at ``branch``, then open ``urlpath``."""
    _check_hub(hub)
    repo = course_repo(repo)
    query = {"repo": repo, "urlpath": urlpath, "branch": check_branch(branch)}
    if target_path:
        query["targetPath"] = check_target_path(target_path)
    parts = urlsplit(hub)
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme, parts.netloc, path + "hub/user-redirect/git-pull", urlencode(query), ""))


def lesson_links(hub: str, repo: str, lesson: str, branch: str = "main", folder: str = LESSONS,
                 target_path: str | None = None) -> dict[str, str]:
    """The JupyterLab and classroom (Voila) links of one lesson file (e.g. '05_a_whole_coup.ipynb')."""
    repo = course_repo(repo)
    path = f"{clone_directory(repo, target_path)}/{folder}/{lesson}"
    return {
        "jupyterlab": pull_link(hub, repo, f"lab/tree/{path}", branch, target_path),
        "classroom": pull_link(hub, repo, f"voila/render/{path}", branch, target_path),
    }


def course_lessons(language: str = "en") -> tuple[str, tuple]:
    """The edition's folder (relative to the repository) and its lessons (``course.Lesson``), in course order."""
    if language not in LANGUAGES:
        raise LinkError(f"--language must be one of {', '.join(LANGUAGES)}; got {language!r}")
    return LANGUAGES[language], course.lessons(language)


def _number(lesson) -> str:
    return f"{lesson.number:02d}"


def pick_lessons(lessons, number: str | None) -> list:
    """All lessons, or the one numbered ``number`` ('5' or '05'); an unknown number names those that exist."""
    if number is None:
        return list(lessons)
    wanted = number.zfill(2) if number.isdigit() else number
    chosen = [lesson for lesson in lessons if _number(lesson) == wanted]
    if not chosen:
        raise LinkError(f"no lesson {number!r}; the lessons are {', '.join(_number(lesson) for lesson in lessons)}")
    return chosen


def render(rows: list[dict[str, str]], fmt: str = "text") -> str:
    """Rows of {number, title, jupyterlab, classroom} as plain text, a markdown table or CSV."""
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, ["number", "title", "jupyterlab", "classroom"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return out.getvalue()
    if fmt == "markdown":
        lines = ["| Lesson | JupyterLab | Classroom view |", "|---|---|---|"]
        lines += [f"| {row['number']} {row['title'].replace('|', '&#124;')} | [open]({row['jupyterlab']}) "
                  f"| [open]({row['classroom']}) |" for row in rows]
        return "\n".join(lines) + "\n"
    return "".join(f"{row['number']}  {row['title']}\n    JupyterLab: {row['jupyterlab']}\n"
                   f"    Classroom:  {row['classroom']}\n" for row in rows)


def _parser() -> OneLineParser:
    parser = OneLineParser(prog="links.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hub", required=True, help="the hub's address, e.g. https://hub.example.org")
    parser.add_argument("--repo", default=course_repository(os.environ, Path(__file__).resolve().parent),
                        help="the course repository students' servers pull: an http(s) address, or a path or "
                             "file:// address on this machine (default: $BACCARAT_COURSE_REPO, else this checkout, "
                             "as the hub's config)")
    parser.add_argument("--branch", help="the branch to pull (default: a local repository's checked-out branch, "
                                         "else main)")
    parser.add_argument("--lesson", help="only this lesson's number, e.g. 05")
    parser.add_argument("--language", default="en", choices=sorted(LANGUAGES),
                        help="the edition: " + ", ".join(f"{code} = {folder}/" for code, folder in LANGUAGES.items()))
    parser.add_argument("--target-path", help="clone into this folder of the home instead of the repo's name")
    parser.add_argument("--format", default="text", choices=FORMATS)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Print the links; bad input gets one line on stderr and exit code 2, never a traceback."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        _check_hub(args.hub)
        repo = course_repo(args.repo)
        branch = check_branch(args.branch) if args.branch is not None else default_branch(repo)
        check_local_branch(repo, branch)
        folder, lessons = course_lessons(args.language)
        rows = []
        for lesson in pick_lessons(lessons, args.lesson):
            links = lesson_links(args.hub, repo, lesson.file, branch, folder, args.target_path)
            rows.append({"number": _number(lesson), "title": lesson.title(args.language), **links})
    except LinkError as error:
        parser.error(str(error))
    sys.stdout.write(render(rows, args.format))
    return 0


if __name__ == "__main__":
    sys.exit(main())
