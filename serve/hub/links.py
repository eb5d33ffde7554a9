"""Print each lesson's nbgitpuller links, for JupyterLab and for the classroom (Voila) view (issue 15, item 2).

    python serve/hub/links.py --hub https://hub.example.org --repo https://github.com/your-org/punto-banco-course
    python serve/hub/links.py --hub ... --repo ... --lesson 05 --format markdown

A student who opens a link signs in to the hub; nbgitpuller then clones the course repository into their home
(or merges the new commits into the copy they already have, keeping their own changes) and opens the lesson.
The lessons are listed from this checkout (``tools/navigation.py`` finds them, by their ``NN_`` names), so run
it from a checkout of the branch the links name.

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
sys.path.insert(0, str(ROOT / "tools"))
import navigation  # noqa: E402  (tools/navigation.py: the one lesson listing and title reader)

LESSONS = "lessons"  # the lessons' folder, relative to the repository's root
FORMATS = ("text", "markdown", "csv")


def _editions() -> dict[str, str]:
    """language -> its lessons' folder, relative to the repository: tools/navigation.py's EDITIONS (en, vi)."""
    editions = getattr(navigation, "EDITIONS", None) or {"en": (navigation.LESSONS_DIR,)}
    return {code: Path(entry[0]).resolve().relative_to(ROOT).as_posix() for code, entry in editions.items()}


LANGUAGES = _editions()


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


def course_lessons(language: str = "en", root: Path = ROOT) -> tuple[str, list[Path]]:
    """The lessons' folder (relative to the repository) and its numbered lessons, in course order."""
    if language not in LANGUAGES:
        raise LinkError(f"--language must be one of {', '.join(LANGUAGES)}; got {language!r}")
    folder = LANGUAGES[language]
    paths = navigation.lessons(root / folder) if (root / folder).is_dir() else []
    if not paths:
        raise LinkError(f"no lessons (NN_*.ipynb) in {folder}/ of {root}: "
                        f"that edition does not exist in this checkout")
    return folder, paths


def _number(path: Path) -> str:
    return path.name[:2]


def pick_lessons(paths: list[Path], number: str | None) -> list[Path]:
    """All lessons, or the one numbered ``number`` ('5' or '05'); an unknown number names those that exist."""
    if number is None:
        return paths
    wanted = number.zfill(2) if number.isdigit() else number
    chosen = [path for path in paths if _number(path) == wanted]
    if not chosen:
        raise LinkError(f"no lesson {number!r}; the lessons are {', '.join(_number(path) for path in paths)}")
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
        folder, paths = course_lessons(args.language)
        rows = []
        for path in pick_lessons(paths, args.lesson):
            links = lesson_links(args.hub, args.repo, path.name, args.branch, folder, args.target_path)
            rows.append({"number": _number(path), "title": navigation.title(path), **links})
    except LinkError as error:
        parser.error(str(error))  # prints usage and the reason to stderr, exits with 2
    sys.stdout.write(render(rows, args.format))
    return 0


if __name__ == "__main__":
    sys.exit(main())
