"""Print each lesson's nbgitpuller links, for JupyterLab and for the classroom (Voila) view (issue 15, item 2).

    python serve/hub/links.py --hub https://hub.example.org --repo https://github.com/your-org/punto-banco-course
    python serve/hub/links.py --hub ... --repo ... --lesson 05 --format markdown

A student who opens a link signs in to the hub; nbgitpuller then clones the course repository into their home
(or merges the new commits into the copy they already have, keeping their own changes) and opens the lesson.
The lessons and their titles come from the course list (``baccarat_lib/course.py``) of this checkout, so run it
from a checkout of the branch the links name.

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

import argparse
import csv
import io
import sys
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from baccarat_lib import course  # noqa: E402  (the one list of lessons, their titles and the editions)

FORMATS = ("text", "markdown", "csv")


def _editions() -> dict[str, str]:
    """language -> its lessons' folder, relative to the repository (the course list's editions: en, vi)."""
    return {code: edition.folder.resolve().relative_to(ROOT).as_posix() for code, edition in course.EDITIONS.items()}


LANGUAGES = _editions()
LESSONS = LANGUAGES["en"]  # the English lessons' folder, relative to the repository's root


class LinkError(ValueError):
    """Input that cannot make a working link: the message says what to give instead."""


def _check_hub(hub: str) -> None:
    parts = urlsplit(hub)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LinkError(f"--hub must be the hub's http(s) address with a host, e.g. https://hub.example.org; "
                        f"got {hub!r}")
    if parts.query or parts.fragment:
        raise LinkError(f"--hub must be the hub's address without ?query or #fragment; got {hub!r}")


def _check_repo(repo: str) -> None:
    parts = urlsplit(repo)
    if parts.scheme not in ("http", "https") or not parts.hostname or not parts.path.strip("/"):
        raise LinkError("--repo must be the course repository's http(s) address, which every student's server "
                        f"can clone, e.g. https://github.com/your-org/punto-banco-course; got {repo!r}")


def clone_directory(repo: str, target_path: str | None = None) -> str:
    """The folder nbgitpuller clones into, relative to the student's home: the repo's last path part.

    >>> clone_directory("https://github.com/your-org/punto-banco-course/")
    'punto-banco-course'
    """
    if target_path:
        return target_path.strip("/")
    return repo.rstrip("/").split("/")[-1]


def pull_link(hub: str, repo: str, urlpath: str, branch: str, target_path: str | None = None) -> str:
    """One nbgitpuller link: sign in to ``hub``, pull ``repo`` at ``branch``, then open ``urlpath``."""
    _check_hub(hub)
    _check_repo(repo)
    if not branch or branch != branch.strip() or any(char.isspace() for char in branch):
        raise LinkError(f"--branch must be a branch name without spaces; got {branch!r}")
    query = {"repo": repo, "urlpath": urlpath, "branch": branch}
    if target_path:
        query["targetPath"] = target_path
    parts = urlsplit(hub)
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme, parts.netloc, path + "hub/user-redirect/git-pull", urlencode(query), ""))


def lesson_links(hub: str, repo: str, lesson: str, branch: str = "main", folder: str = LESSONS,
                 target_path: str | None = None) -> dict[str, str]:
    """The JupyterLab and classroom (Voila) links of one lesson file (e.g. '05_a_whole_coup.ipynb')."""
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="links.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hub", required=True, help="the hub's address, e.g. https://hub.example.org")
    parser.add_argument("--repo", required=True, help="the course repository students' servers clone")
    parser.add_argument("--branch", default="main", help="the branch to pull (default: main)")
    parser.add_argument("--lesson", help="only this lesson's number, e.g. 05")
    parser.add_argument("--language", default="en", choices=sorted(LANGUAGES),
                        help="the edition: " + ", ".join(f"{code} = {folder}/" for code, folder in LANGUAGES.items()))
    parser.add_argument("--target-path", help="clone into this folder of the home instead of the repo's name")
    parser.add_argument("--format", default="text", choices=FORMATS)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Print the links; bad input gets a one-line reason on stderr and exit code 2, never a traceback."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        folder, lessons = course_lessons(args.language)
        rows = []
        for lesson in pick_lessons(lessons, args.lesson):
            links = lesson_links(args.hub, args.repo, lesson.file, args.branch, folder, args.target_path)
            rows.append({"number": _number(lesson), "title": lesson.title(args.language), **links})
    except LinkError as error:
        parser.error(str(error))  # prints usage and the reason to stderr, exits with 2
    sys.stdout.write(render(rows, args.format))
    return 0


if __name__ == "__main__":
    sys.exit(main())
