"""The ``punto-banco`` command: the course from any folder, once ``pip install`` has installed it.

    punto-banco lab [--lang en|vi] [--dir PATH] [--reset LESSON]   the lessons in JupyterLab, in your own copy
    punto-banco classroom [--lang en|vi]                            Voila, code hidden, for projecting
    punto-banco slides LESSON [--lang en|vi]                        one lesson as slides
    punto-banco book [--out PATH]                                   the book site (needs the [book] extra)
    punto-banco progress where|export PATH|reset [--yes]            your saved answers

Every server listens on 127.0.0.1 and asks for the login token it prints. The course's files (lessons, Voila
settings and templates, the book's configuration) are found by ``baccarat_lib.course.course_path``, so the working
folder does not matter. Lessons and editions are the course list's (``baccarat_lib.course``): a lesson is named as
``course.lesson`` accepts it, ``--lang`` is one of ``course.EDITIONS``. Saved answers are exported and reset by
``baccarat_lib.progress`` (``export_progress``, ``reset_progress``, which keeps a backup). Bad arguments exit with
status 2 and one line saying which argument and what is accepted.

Public names:

- ``main(argv=None)``: run the command; returns the exit status.
- ``build_parser()``: its argparse parser.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

from ..course import EDITIONS, LESSONS, course_path, lesson, lesson_path, lessons_folder
from ..errors import BaccaratError
from .environment import writable_environment
from .learner import DEFAULT_FOLDER, copy_lessons, lesson_in, reset_lesson

__all__ = ["main", "build_parser"]

PROG = "punto-banco"
HOST = "127.0.0.1"
FIRST_LESSON = LESSONS[0]


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (``punto-banco lab: error: ...``) and exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def _lesson(text: str):
    """A LESSON argument: the course's lesson it names, or argparse's one-line refusal saying what is accepted."""
    try:
        return lesson(text)
    except BaccaratError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


# --- Commands -------------------------------------------------------------------------------------------

def _server_options(args) -> list[str]:
    options = [f"--port={args.port}"] if args.port else []
    return options + (["--no-browser"] if args.no_browser else [])


def _run(command: list[str]) -> int:
    """Run a server in the foreground: it takes this process's place (its Ctrl-C, its signals, its exit status)."""
    sys.stdout.flush()
    if os.name == "posix":
        os.execv(command[0], command)
    process = subprocess.Popen(command)
    while True:
        try:
            return process.wait()
        except KeyboardInterrupt:
            continue


def command_lab(args) -> int:
    folder = Path(os.path.expanduser(args.dir or DEFAULT_FOLDER)).resolve()
    source = lessons_folder()
    copied = copy_lessons(source, folder)
    if copied:
        print(f"Your copy of the lessons: {folder} ({len(copied)} files copied; your edits there are kept, "
              f"later runs never overwrite them)")
    else:
        print(f"Your copy of the lessons: {folder} (kept as you left it)")
    first = lesson_in(folder, FIRST_LESSON, args.lang)
    if args.reset is not None:
        restored, backup = reset_lesson(source, folder, args.reset, args.lang)
        copied.append(restored)
        saved = f"; your copy was moved to {backup}" if backup else ""
        print(f"Restored {restored.relative_to(folder).as_posix()} from the course{saved}")
    notebooks = [path for path in copied if path.suffix == ".ipynb"]
    if notebooks:   # trusted, so JupyterLab draws their saved widgets before anything runs
        subprocess.run([sys.executable, "-m", "jupyter", "trust", *map(str, notebooks)], check=True,
                       stdout=subprocess.DEVNULL)
    # The printed link (and `/`) opens lesson 00, not the Launcher: a --no-browser learner pastes that link.
    opening = "/lab/tree/" + urllib.parse.quote(first.relative_to(folder).as_posix())
    command = [sys.executable, "-m", "jupyterlab", f"--ip={HOST}", f"--ServerApp.root_dir={folder}",
               f"--LabApp.default_url={opening}", *_server_options(args)]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")   # a container's root user: JupyterLab refuses otherwise
    return _run([*command, str(first)])


def _voila(config: str, target: Path, args) -> int:
    command = [sys.executable, "-m", "voila", f"--Voila.config_file_paths={course_path('serve', 'voila', config)}",
               f"--Voila.ip={HOST}", "--Voila.auto_token=True", *_server_options(args), str(target)]
    return _run(command)


def command_classroom(args) -> int:
    lessons = lessons_folder()
    edition = EDITIONS[args.lang].folder
    if edition != lessons:
        print(f"The {args.lang} edition is the folder {edition.relative_to(lessons).as_posix()}/ "
              "of the list Voila shows")
    return _voila("classroom", lessons, args)


def command_slides(args) -> int:
    return _voila("slides", lesson_path(args.lesson, args.lang), args)


def command_book(args) -> int:
    if shutil.which("jupyter-book", path=str(Path(sys.executable).parent)) is None:
        print(f"{PROG} book: the book needs Jupyter Book: pip install 'punto-banco-course[book]'", file=sys.stderr)
        return 1
    npm = shutil.which("npm")
    book = course_path("serve", "book")
    out = Path(args.out).expanduser().resolve()
    with tempfile.TemporaryDirectory(prefix="punto-banco-book-") as work:
        work = Path(work)
        shutil.copytree(book, work, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("_build", "node_modules", "lessons", ".gitignore"))
        shutil.copytree(lessons_folder(), work / "lessons",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        if (book / "node_modules").is_dir():   # a clone that already ran npm
            (work / "node_modules").symlink_to(book / "node_modules")
        elif npm is None:
            print(f"{PROG} book: the book's widget scripts come from npm: install Node.js's npm", file=sys.stderr)
            return 1
        else:
            # --omit=dev: the site needs only the widget scripts, not the tests' accessibility checker (axe-core)
            subprocess.run([npm, "ci", "--omit=dev", "--no-audit", "--no-fund", "--prefix", str(work)], check=True,
                           stdout=subprocess.DEVNULL)
        built = subprocess.run([str(Path(sys.executable).parent / "jupyter-book"), "build", str(work), "-W"])
        if built.returncode:
            return built.returncode
        shutil.copytree(work / "_build" / "html", out, dirs_exist_ok=True)
    print(f"The book site: {out} (open {out / 'index.html'}, or put the folder on any static web host)")
    return 0


def command_progress(args) -> int:
    from ..progress.store import RESET_WORD, export_progress, progress_path, reset_progress
    path = progress_path()
    if args.action == "where":
        print(path)
        return 0
    if args.action == "export":
        written = export_progress(args.path)   # as typed: an error message quotes it so
        print(f"Your saved answers were written to {written.resolve()}")
        return 0
    if not path.exists():
        print(f"Nothing to delete: there are no saved answers yet ({path} does not exist)")
        return 0
    if not args.yes:
        if sys.stdin is None or not sys.stdin.isatty():   # None: started with no standard input at all
            raise BaccaratError(f"progress reset deletes every saved answer in {path} (keeping a backup next to it): "
                                "add --yes to confirm")
        try:
            typed = input(f"Delete every saved answer in {path}? A backup is kept next to it. "
                          f"Type {RESET_WORD} to confirm: ")
        except (EOFError, KeyboardInterrupt):
            typed = ""
            print()
        if typed.strip() != RESET_WORD:
            print("Nothing deleted")
            return 1
    deleted, backup = reset_progress(confirm=RESET_WORD)
    print(f"Deleted {deleted} saved answer{'' if deleted == 1 else 's'} in {path}; the backup is {backup}")
    return 0


# --- The parser ------------------------------------------------------------------------------------------

def _add_server_options(parser) -> None:
    parser.add_argument("--port", type=int, metavar="N", help="the port to listen on (default: the server's own)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser; open the printed link")


def _add_lang(parser) -> None:
    default = next(iter(EDITIONS))   # the course's first edition, English
    parser.add_argument("--lang", choices=list(EDITIONS), default=default,
                        help=f"the edition (default: {default})")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Punto Banco, step by step: the course's lessons, served from any folder.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    lab = commands.add_parser("lab", help="the lessons in JupyterLab, in your own copy",
                              description="Copy the lessons into your own folder on first use (never overwriting "
                                          "your edits later), trust them, and open JupyterLab there.")
    _add_lang(lab)
    lab.add_argument("--dir", metavar="PATH",
                     help=f"your folder for the lessons (default: {DEFAULT_FOLDER.as_posix()})")
    lab.add_argument("--reset", metavar="LESSON", type=_lesson,
                     help="put the course's copy of one lesson (e.g. 05) back; yours goes to backups/ first")
    _add_server_options(lab)
    lab.set_defaults(run=command_lab)

    classroom = commands.add_parser("classroom", help="Voila, code hidden, for projecting in class",
                                    description="Serve the lessons with Voila and the course's classroom template: "
                                                "code hidden, large text, idle kernels shut down.")
    _add_lang(classroom)
    _add_server_options(classroom)
    classroom.set_defaults(run=command_classroom)

    slides = commands.add_parser("slides", help="one lesson as slides",
                                 description="Show one lesson as slides, one section per slide (arrow keys).")
    slides.add_argument("lesson", metavar="LESSON", type=_lesson,
                        help="the lesson's number or file name, e.g. 05, 5 or 05_a_whole_coup")
    _add_lang(slides)
    _add_server_options(slides)
    slides.set_defaults(run=command_slides)

    book = commands.add_parser("book", help="build the book site (needs the [book] extra and npm)",
                               description="Build the course as a static website from the saved lessons.")
    book.add_argument("--out", metavar="PATH", default="punto-banco-book",
                      help="the folder to write the site to (default: ./punto-banco-book)")
    book.set_defaults(run=command_book)

    progress = commands.add_parser("progress", help="your saved answers: where|export PATH|reset",
                                   description="Where your saved answers are, export them to a file, or delete them "
                                               "(keeping a backup).")
    actions = progress.add_subparsers(dest="action", required=True, parser_class=_Parser)
    actions.add_parser("where", help="print the progress file's path",
                       description="Print the path of the file that keeps your answers.")
    export = actions.add_parser("export", help="write your saved answers to a new file",
                                description="Write your saved answers to a new file (an existing one is never "
                                            "overwritten): a .csv file gets every answer, one per row; a .sqlite3, "
                                            ".sqlite or .db file a copy of the progress file.")
    export.add_argument("path", metavar="PATH", help="the file to write, ending in .csv, .sqlite3, .sqlite or .db")
    reset = actions.add_parser("reset", help="delete every saved answer, keeping a backup",
                               description="Delete every saved answer, after copying the progress file to a backup "
                                           "next to it (the command says where). It asks first; without a terminal "
                                           "to ask, it needs --yes.")
    reset.add_argument("--yes", action="store_true", help="do not ask (needed without a terminal)")
    progress.set_defaults(run=command_progress)
    for choices in (commands, actions):   # a missing one is then named by what is accepted
        choices.metavar = "{" + ",".join(choices.choices) + "}"
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "port", None) is not None and not 0 < args.port < 65536:
        parser.error(f"argument --port: must be a port number from 1 to 65535, not {args.port}")
    os.environ.update(writable_environment())   # a read-only home: the servers and the store write elsewhere
    try:
        return args.run(args)
    except BaccaratError as error:
        print(f"{PROG} {args.command}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
