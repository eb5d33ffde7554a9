"""The course as a learner installs it: a wheel built from this clone, in a fresh venv outside the repository.

One module-wide install (``pip install <the wheel>``; the wheel and its dependencies come from the run's wheelhouse,
built once from this clone and the package index by tests/conftest.py, which the teacher's journey shares; the time
it takes is printed), then every `punto-banco` command is run from a temporary folder with a temporary home, servers on
127.0.0.1 with a login token, each stopped by its process group afterwards:

- ``--help`` on the command and each subcommand; bad arguments exit 2 with one line;
- the library imports from the venv, not from this clone, and ``set_language("vi")`` speaks Vietnamese (the
  catalogs are in the wheel);
- ``lab`` copies both editions into ``~/punto-banco-course`` (said on screen), trusts them, answers /api/status and
  applies the course's JupyterLab settings; a second run keeps the learner's edit; ``--reset`` keeps a backup (on the
  two starts of the learner's journey in the browser, which answers, saves and reopens a lesson);
- ``classroom`` answers a lesson page drawn by the course's template; ``slides`` a lesson as slides with its
  stylesheets served locally; both refuse a request without the token;
- ``progress where|export|reset`` on the learner's own progress file; ``book`` without the [book] extra says so.

Building needs npm (the slides' assets) and the package index; without either the module is skipped, saying why
(set BACCARAT_REQUIRE_INSTALL=1 to fail instead).
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from run_once import pip_from_wheelhouse, wheels_for_python  # tests/run_once.py

ROOT = Path(__file__).resolve().parent.parent
REQUIRE_ENV = "BACCARAT_REQUIRE_INSTALL"
TOKEN = "wheel-smoke-test-token"
ENGLISH_LESSONS = sorted(path.name for path in (ROOT / "lessons").glob("[0-9][0-9]_*.ipynb"))
VIETNAMESE_LESSONS = sorted(path.name for path in (ROOT / "lessons" / "vi").glob("[0-9][0-9]_*.ipynb"))


def _give_up(message: str):
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"{message} ({REQUIRE_ENV}=1 forbids skipping)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def installed(tmp_path_factory, request):
    """(the venv's bin folder, a clean environment with a temporary home, the folder to run from)."""
    if shutil.which("npm") is None and not (ROOT / "serve/voila/templates/baccarat-slides/static/node_modules").is_dir():
        _give_up("building the course needs npm (the slides' assets): apt-get install npm")
    wheels = request.getfixturevalue("wheelhouse")   # the course's wheel and its dependencies, built once per run
    base = tmp_path_factory.mktemp("installed")
    venv, home, work = base / "venv", base / "home", base / "work"
    for folder in (home, work):
        folder.mkdir()
    (wheel,) = wheels.glob("punto_banco_course-*.whl")
    # Without a pip of its own where this Python's pip can install into it (`pip --python`, pip >= 22.3), as the
    # venv's own would: ensurepip installs and byte-compiles a pip (4.5 s of CPU; 42 s on 2 cores at load 14).
    outer_pip = tuple(int(part) for part in importlib.metadata.version("pip").split(".")[:2]) >= (22, 3)
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", *(["--without-pip"] if outer_pip else []), str(venv)], check=True,
                   timeout=120)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    pip = [sys.executable, "-m", "pip", "--python", str(venv)] if outer_pip \
        else [str(bin_dir / "python"), "-m", "pip"]
    install = subprocess.run([*pip, "install", "-q", str(wheel)], cwd=work,
                             env={**os.environ, **pip_from_wheelhouse(wheels)}, capture_output=True, text=True,
                             timeout=900)
    assert install.returncode == 0, install.stderr[-3000:]
    compiled = next(venv.rglob("*.pyc"), None)     # run_once.pip_from_wheelhouse's no-compile setting took effect
    assert compiled is None, f"pip byte-compiled the install ({compiled})"
    print(f"\na fresh venv and pip install {wheel.name} (from the wheelhouse): {time.monotonic() - start:.0f} s")
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("JUPYTER", "BACCARAT_", "PYTHON", "VIRTUAL_ENV", "MPL", "IPYTHON", "XDG_"))}
    env.update(HOME=str(home), JUPYTER_TOKEN=TOKEN, PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}")
    return bin_dir, env, work


def _run(installed, *args, timeout=120) -> subprocess.CompletedProcess:
    bin_dir, env, work = installed
    return subprocess.run([str(bin_dir / "punto-banco"), *args], cwd=work, env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer of its own (a request without the token is sent to the login page)."""

    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`punto-banco ARGS --no-browser --port P` in a session of its own, stopped with its whole process group."""

    def __init__(self, installed, log: Path, *args):
        bin_dir, env, work = installed
        self.port, self.log = _free_port(), log
        self.token = env.get("JUPYTER_TOKEN")   # else the one it makes and prints (_printed_link sets it)
        with open(log, "wb") as sink:
            self.process = subprocess.Popen(
                [str(bin_dir / "punto-banco"), *args, "--no-browser", f"--port={self.port}"], cwd=work, env=env,
                stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)

    def get(self, path: str, token: bool = True, timeout_s: float = 120.0) -> tuple[int, str]:
        url = f"http://127.0.0.1:{self.port}{path}"
        if token:
            url += ("&" if "?" in url else "?") + f"token={self.token}"
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.text()
            try:
                with _OPENER.open(url, timeout=60) as response:
                    return response.status, response.read().decode("utf-8", "replace")
            except urllib.error.HTTPError as error:
                return error.code, error.read().decode("utf-8", "replace")
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.3)
        pytest.fail(f"nothing answered {url} within {timeout_s:.0f} s:\n{self.text()}")

    def text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
        except ProcessLookupError:
            pass
        try:   # nothing of the group is left (kernels included)
            os.killpg(self.process.pid, 0)
            leftover = True
        except ProcessLookupError:
            leftover = False
        if leftover:
            os.killpg(self.process.pid, signal.SIGKILL)
        assert not leftover, f"processes of {self.process.args} outlived it"


@pytest.fixture
def serve(installed, tmp_path):
    servers = []

    def start(*args) -> Server:
        server = Server(installed, tmp_path / f"server-{len(servers)}.log", *args)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


# --- The wheelhouse of the hub's venv (tests/conftest.py's hub_wheelhouse) ---------------------------------------

def _wheel(folder: Path, name: str, requires_python: str | None, vendored: str | None = None) -> Path:
    """A wheel holding only its METADATA (and, with `vendored`, a vendored project's, saying that Requires-Python)."""
    import zipfile
    wheel = folder / f"{name}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        lines = ["Metadata-Version: 2.1", f"Name: {name}", "Version: 1.0"]
        archive.writestr(f"{name}-1.0.dist-info/METADATA",
                         "\n".join(lines + ([f"Requires-Python: {requires_python}"] if requires_python else [])))
        if vendored:
            archive.writestr(f"{name}/_vendor/inner-2.0.dist-info/METADATA",
                             f"Metadata-Version: 2.1\nName: inner\nVersion: 2.0\nRequires-Python: {vendored}")
    return wheel


def test_the_hub_python_gets_only_the_wheels_it_accepts(tmp_path):
    # Debian 12's /usr/bin/python3 is 3.11.2: a project wanting >=3.11.5 is asked again, the others are kept; a
    # vendored project's METADATA inside a wheel is not the wheel's
    newest = _wheel(tmp_path, "soupsieve", ">=3.11.5")
    kept = [_wheel(tmp_path, "babel", ">=3.8"), _wheel(tmp_path, "six", None),
            _wheel(tmp_path, "hatchling", ">=3.10", vendored=">=3.12")]
    assert wheels_for_python(tmp_path, "3.11.2") == (sorted(kept), ["soupsieve"])
    assert wheels_for_python(tmp_path, "3.11.5") == (sorted([*kept, newest]), [])     # the bound itself is accepted
    assert wheels_for_python(tmp_path, "3.9.18") == (kept[:2], ["hatchling", "soupsieve"])   # 3.9 < 3.10, >= 3.8


# --- Commands without a server ---------------------------------------------------------------------------

HELP_COMMANDS = [[], ["lab"], ["classroom"], ["slides"], ["book"], ["progress"], ["progress", "where"],
                 ["progress", "export"], ["progress", "reset"]]
BAD_ARGUMENTS = [(["lab", "--lang", "fr"], "--lang"), (["slides", "42"], "LESSON"),
                 (["progress", "export", "out.txt"], ".csv"), (["serve"], "'serve'")]
# The venv's Python runs `punto-banco ARGS` for each ARGS through the command's main(), as the installed script does
# (`sys.exit(main())`), all in one process: each one's exit status, stdout and stderr, as JSON. The script itself
# runs in test_the_installed_command_runs.
_COMMAND_LINES = """
import contextlib, io, json, sys
from baccarat_lib.cli import main
said = []
for args in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(args)
        except SystemExit as exit:
            status = exit.code if isinstance(exit.code, int) else 1
    said.append([status, out.getvalue(), err.getvalue()])
print(json.dumps(said))
"""


@pytest.fixture(scope="module")
def said(installed):
    """{ARGS: (exit status, stdout, stderr)} of `punto-banco ARGS` for every --help and bad argument below."""
    bin_dir, env, work = installed
    runs = [[*command, "--help"] for command in HELP_COMMANDS] + [args for args, _ in BAD_ARGUMENTS]
    done = subprocess.run([str(bin_dir / "python"), "-c", _COMMAND_LINES, json.dumps(runs)], cwd=work, env=env,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-3000:]
    return {tuple(args): tuple(answer) for args, answer in zip(runs, json.loads(done.stdout))}


def test_the_installed_command_runs(installed):
    result = _run(installed, "--help")
    assert result.returncode == 0 and result.stdout.startswith("usage: punto-banco") and result.stderr == "", result


@pytest.mark.parametrize("command", HELP_COMMANDS)
def test_every_command_has_help(said, command):
    status, stdout, _ = said[(*command, "--help")]
    assert status == 0 and stdout.startswith(f"usage: {' '.join(['punto-banco', *command])}")


@pytest.mark.parametrize("args, word", BAD_ARGUMENTS)
def test_bad_arguments_exit_2_with_one_line(said, args, word):
    status, stdout, stderr = said[tuple(args)]
    assert status == 2 and stdout == "", (status, stdout, stderr)
    assert len(stderr.splitlines()) == 1 and word in stderr, stderr


def test_the_library_comes_from_the_venv_and_speaks_vietnamese(installed):
    bin_dir, env, work = installed
    code = ("import baccarat_lib; from baccarat_lib import play_coup, set_language; "
            "from baccarat_lib.course import course_path; print(baccarat_lib.__file__); "
            "print(len(list(course_path('lessons', 'vi').glob('*.ipynb')))); "
            "set_language('vi'); print(play_coup('2 3 3 A 7 4').explain())")
    result = subprocess.run([str(bin_dir / "python"), "-c", code], cwd=work, env={**env, "PYTHONUTF8": "1"},
                            capture_output=True, text=True, timeout=120, check=True)
    where, count, *explanation = result.stdout.splitlines()
    assert Path(where).is_relative_to(bin_dir.parent) and int(count) == len(VIETNAMESE_LESSONS)
    # Player 2+3 = 5 draws the 7 (12 -> 2); Banker 3+A = 4 draws against a 7 (catalog: "Banker có {total} ...").
    text = "\n".join(explanation)
    assert "Banker có 4" in text and "Banker has" not in text, text


def test_progress_where_export_and_reset(installed):
    bin_dir, env, work = installed
    where = _run(installed, "progress", "where")
    path = Path(where.stdout.strip())
    assert where.returncode == 0 and path.is_relative_to(Path(env["HOME"])), where
    record = ("from baccarat_lib.progress import ProgressStore; "
              f"s = ProgressStore({str(path)!r}); s.record('total', '7 8', '5', True, 3.0); s.close()")
    subprocess.run([str(bin_dir / "python"), "-c", record], env=env, check=True, timeout=60)
    exported = _run(installed, "progress", "export", "answers.csv")
    assert exported.returncode == 0, exported
    rows = (work / "answers.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("skill,question,answer,right") and rows[1].startswith("total,7 8,5,1,3.0")
    refused = _run(installed, "progress", "reset")   # no terminal to ask, no --yes: nothing deleted
    assert refused.returncode == 2 and "--yes" in refused.stderr
    reset = _run(installed, "progress", "reset", "--yes")
    assert reset.stdout.startswith(f"Deleted 1 saved answer in {path}; the backup is "), reset
    backup = Path(reset.stdout.strip().rsplit(" ", 1)[1])
    assert backup.parent == path.parent and backup.is_file()
    _run(installed, "progress", "export", "after.csv")
    assert len((work / "after.csv").read_text(encoding="utf-8").splitlines()) == 1
    kept = subprocess.run([str(bin_dir / "python"), "-c", "import sys; from baccarat_lib.progress import "
                           "ProgressStore; print(len(ProgressStore(sys.argv[1]).answers()))", str(backup)],
                          env=env, capture_output=True, text=True, check=True, timeout=60)
    assert kept.stdout.strip() == "1"                       # the backup still holds the deleted answer


def test_book_without_its_extra_says_what_to_install(installed):
    result = _run(installed, "book", "--out", "site")
    assert result.returncode == 1 and "punto-banco-course[book]" in result.stderr and "Traceback" not in result.stderr


# --- Servers ---------------------------------------------------------------------------------------------

def _is_trusted(installed, notebook: Path) -> bool:
    bin_dir, env, work = installed
    code = ("import sys, nbformat; from nbformat.sign import NotebookNotary; "
            "print(NotebookNotary().check_signature(nbformat.read(sys.argv[1], 4)))")
    result = subprocess.run([str(bin_dir / "python"), "-c", code, str(notebook)], env=env, capture_output=True,
                            text=True, timeout=60, check=True)
    return result.stdout.strip() == "True"


def test_classroom_serves_a_lesson_with_the_course_template(installed, serve):
    voila = serve("classroom")
    status, page = voila.get("/voila/render/00_welcome.ipynb", timeout_s=180)
    assert status == 200, voila.text()
    assert 'class="bcl-voila-header"' in page and '"image/png"' in page   # the course's template; a plot drawn
    assert voila.get("/voila/render/00_welcome.ipynb", token=False)[0] == 302   # to the login page


def test_slides_serve_a_lesson_with_local_stylesheets(installed, serve):
    slides = serve("slides", "05")
    status, page = slides.get("/", timeout_s=180)
    assert status == 200, slides.text()
    assert "/voila/static/node_modules/reveal.js/dist/reveal.css" in page and 'class="reveal"' in page
    assert slides.get("/voila/static/node_modules/reveal.js/dist/reveal.css")[0] == 200
    assert slides.get("/voila/static/node_modules/jquery/dist/jquery.min.js")[0] == 200
    assert slides.get("/", token=False)[0] == 302   # to the login page


# --- A learner's journey ---------------------------------------------------------------------------------

def _sha(path: Path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


PATIENCE_S = 180.0     # a loaded 2-core CI machine takes a minute to start JupyterLab and its kernel


def _printed_link(server: Server, timeout_s: float = PATIENCE_S) -> str:
    """The link `punto-banco lab --no-browser` prints for the learner to open; its token becomes the server's."""
    import re
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = re.search(r"http://127\.0\.0\.1:\d+/\S+\?token=(\w+)", server.text())
        if found:
            server.token = found.group(1)
            return found.group(0)
        assert server.process.poll() is None, server.text()
        time.sleep(0.3)
    pytest.fail(f"punto-banco lab printed no link within {timeout_s:.0f} s:\n{server.text()}")


def _browser(request):
    """Chromium (Playwright's, on Debian's binary), or the reason there is none."""
    try:
        import playwright.sync_api  # noqa: F401  (the process's one Playwright: tests/conftest.py's playwright_api)
    except ImportError:
        return None, "the learner's journey needs Playwright (pip install playwright) and Debian's chromium"
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
    if not Path(CHROMIUM).exists():
        return None, f"the learner's journey needs a browser at {CHROMIUM}: apt-get install chromium"
    return request.getfixturevalue("playwright_api").chromium.launch(executable_path=CHROMIUM,
                                                                     args=CHROMIUM_ARGS), ""


def _first_start(lab: Server, learner, folder: Path) -> None:
    """`punto-banco lab` the first time: both editions copied (said on screen) and trusted, token auth, the course's
    JupyterLab settings, and a printed link that opens lesson 00."""
    link = _printed_link(lab)
    assert "/lab/tree/00_welcome.ipynb?token=" in link   # lesson 00 itself (a --no-browser learner pastes it)
    assert lab.get("/api/status")[0] == 200
    assert f"Your copy of the lessons: {folder}" in lab.text()
    assert sorted(path.name for path in folder.glob("[0-9][0-9]_*.ipynb")) == ENGLISH_LESSONS
    assert sorted(path.name for path in (folder / "vi").glob("[0-9][0-9]_*.ipynb")) == VIETNAMESE_LESSONS
    assert _is_trusted(learner, folder / "05_a_whole_coup.ipynb")
    assert _is_trusted(learner, folder / "vi" / "05_a_whole_coup.ipynb")
    assert lab.get("/api/status", token=False)[0] == 403                        # token auth
    status, settings = lab.get("/lab/api/settings/@jupyter-widgets/jupyterlab-manager:plugin")
    # The course's override (the widget manager's own default is false): saved lessons keep their widget state.
    assert status == 200 and json.loads(settings)["schema"]["properties"]["saveState"]["default"] is True
    status, settings = lab.get("/lab/api/settings/@jupyterlab/apputils-extension:notification")
    news = json.loads(settings)["schema"]["properties"]          # no "Jupyter news?" pop-up, no request out
    assert status == 200 and news["fetchNews"]["default"] == "false" and news["checkForUpdates"]["default"] is False
    status, settings = lab.get("/lab/api/settings/@jupyterlab/filebrowser-extension:browser")
    # Lesson names get the file browser's whole width at 1024 px (the Modified column cut them to "03_player_r…").
    assert status == 200 and json.loads(settings)["schema"]["properties"]["showLastModifiedColumn"]["default"] is False


def test_a_learner_answers_saves_and_finds_the_lesson_as_they_left_it_the_next_day(installed, tmp_path, request):
    """The learner's journey in JupyterLab at 1024×768 with the file browser open, on two starts of `punto-banco lab`.
    The first copies both editions into ~/punto-banco-course, trusts them and serves them with the course's settings
    (_first_start); its printed link opens lesson 00; Run All; an exercise answered wrong, then right; saved. The
    learner's copy of lesson 05 is then changed, and `punto-banco lab --reset 05` (the next day) keeps lesson 00 as
    they left it, restores 05 and keeps their copy in backups/; lesson 00 reopened draws every widget from its saved
    state before anything runs; the course's own copy of the lessons is unchanged; the saved answers have plausible
    times. Without a browser the lab's own checks still run, then the test is skipped, saying why."""
    bin_dir, env, work = installed
    home = tmp_path / "home"
    home.mkdir()
    folder = home / "punto-banco-course"
    # A learner of their own (no earlier test's files), whose server makes its own token and prints the whole link.
    learner_env = {key: value for key, value in env.items() if key != "JUPYTER_TOKEN"}
    # The one thing the test adds: JupyterLab exposes its app to the page (window.jupyterapp), which the browser
    # helpers read to know when a notebook is open and its kernel idle.
    config = tmp_path / "jupyter-config"
    config.mkdir()
    (config / "jupyter_lab_config.json").write_text('{"LabApp": {"expose_app_in_browser": true}}', encoding="utf-8")
    learner = (bin_dir, {**learner_env, "HOME": str(home), "JUPYTER_CONFIG_DIR": str(config)}, work)
    where = subprocess.run([str(bin_dir / "python"), "-c", "from baccarat_lib.course import lessons_folder; "
                            "print(lessons_folder())"], env=learner[1], capture_output=True, text=True, check=True)
    course = Path(where.stdout.strip())
    before = {path: _sha(path) for path in course.rglob("*.ipynb")}
    assert len(before) == len(ENGLISH_LESSONS) + len(VIETNAMESE_LESSONS)
    lesson = "00_welcome.ipynb"
    exercise = "winner_question(\"7 2 A 5\")"      # Player 7+2 = 9 against Banker A+5 = 6: Player's natural wins

    chromium, no_browser = _browser(request)
    from tests.browser import lab as ui
    first, coup = folder / lesson, folder / "05_a_whole_coup.ipynb"
    try:
        page = chromium.new_page(viewport={"width": 1024, "height": 768}) if chromium else None
        first_day = Server(learner, tmp_path / "lab-1.log", "lab")
        try:
            _first_start(first_day, learner, folder)
            if page is not None:
                base = f"http://127.0.0.1:{first_day.port}"
                page.goto(_printed_link(first_day))                    # the token becomes a cookie
                ui.open_notebook(page, base, lesson, show_sidebar=True, timeout_s=PATIENCE_S)
                assert ui.run_all(page, timeout_s=3 * PATIENCE_S), ui.errors(page)
                ui.assert_no_errors(page)
                cell = ui.cell_by_text(page, exercise)
                cell.scroll_into_view_if_needed()
                with ui.kernel_roundtrip(page, timeout_s=PATIENCE_S):
                    cell.get_by_role("button", name="Banker", exact=True).click()
                ui.expect(cell).to_contain_text("Not quite")
                with ui.kernel_roundtrip(page, timeout_s=PATIENCE_S):
                    cell.get_by_role("button", name="Player", exact=True).click()
                ui.expect(cell).to_contain_text("Right")
                ui.screenshot(page, "learner-journey-answered")
                page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
                page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
                                       timeout=30_000)
        finally:
            first_day.stop()

        if page is None:   # no answers saved: an edit of the learner's own stands for them
            first.write_text(first.read_text(encoding="utf-8").replace("Punto Banco", "My Punto Banco", 1),
                             encoding="utf-8")
        left = first.read_text(encoding="utf-8")
        original = coup.read_text(encoding="utf-8")
        coup.write_text(original.replace("Punto Banco", "My Punto Banco", 1), encoding="utf-8")
        next_day = Server(learner, tmp_path / "lab-2.log", "lab", "--reset", "05")
        try:
            link = _printed_link(next_day)
            assert next_day.get("/api/status")[0] == 200
            assert "kept as you left it" in next_day.text() and "Restored 05_a_whole_coup.ipynb" in next_day.text()
            assert first.read_text(encoding="utf-8") == left                          # never overwritten
            assert coup.read_text(encoding="utf-8") == original                       # restored
            (backup,) = (folder / "backups").glob("05_a_whole_coup-*.ipynb")
            assert "My Punto Banco" in backup.read_text(encoding="utf-8")
            if page is not None:
                base = f"http://127.0.0.1:{next_day.port}"
                page.goto(link)
                ui.open_notebook(page, base, lesson, show_sidebar=True, timeout_s=PATIENCE_S)
                ui.wait_for_widgets(page, timeout_s=PATIENCE_S)
                ui.screenshot(page, "learner-journey-next-day")
                problems = [problem for problem in ui.errors(page) if "render error" in problem]
                assert problems == [], problems                   # 0 "Error displaying widget"
                answered = ui.cell_by_text(page, exercise)
                ui.expect(answered).to_contain_text("Right")      # the feedback as the learner left it
                # The progress page (lesson 11) shows the two answers: 2 answered, 1 right, 50 %, and a median
                # time that is unknown ("—": the first click came with nothing before it) or the seconds of the
                # second try.
                ui.open_notebook(page, base, "11_my_progress.ipynb", show_sidebar=True, timeout_s=PATIENCE_S)
                assert ui.run_all(page, timeout_s=3 * PATIENCE_S), ui.errors(page)
                row = ui.cell_by_text(page, "show_progress()").locator(".bcl-progress-skills tr",
                                                                         has_text="Who wins?")
                ui.expect(row).to_have_count(1)
                cells = [text.strip() for text in row.locator("td").all_inner_texts()]
                assert cells[1:4] == ["2", "1", "50%"], cells
                assert cells[4] == "—" or (cells[4].endswith(" s") and 0 <= float(cells[4][:-2]) < 60), cells
                ui.screenshot(page, "learner-journey-progress")
        finally:
            next_day.stop()
    finally:
        if chromium is not None:
            chromium.close()

    assert {path: _sha(path) for path in course.rglob("*.ipynb")} == before     # the course's own copy untouched
    if chromium is None:
        _give_up(no_browser)
    exported = subprocess.run([str(bin_dir / "punto-banco"), "progress", "export", "answers.csv"], cwd=tmp_path,
                              env=learner[1], capture_output=True, text=True, timeout=120)
    assert exported.returncode == 0, exported.stderr
    import csv
    rows = list(csv.DictReader((tmp_path / "answers.csv").open(encoding="utf-8")))
    answers = [(row["answer"], row["right"]) for row in rows if row["question"] == "7 2 A 5"]
    assert answers == [("Banker", "0"), ("Player", "1")], rows
    for row in rows:      # plausible: unknown, or the few seconds a click takes here (never Run All's minutes)
        assert row["seconds"] == "" or 0 <= float(row["seconds"]) < 60, row
