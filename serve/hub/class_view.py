"""The live class view: a JupyterHub service that shows the teacher what the class answers, and runs live polls.

The hub starts it (`jupyterhub_config.py`, service `class-view`, at /services/class-view/) with:

    python serve/hub/class_view.py

It is a tornado application authenticated by the hub, as JupyterHub's own examples/service-whoami-tornado:
`HubOAuthenticated` handlers take the hub's OAuth cookie (a browser) or a hub API token (`Authorization: token ...`).
Everyone the hub lets in holds `access:services!service=class-view` (the hub's `user` role); the teacher (the role
`teacher`: the hub's admin and the members of the group `BACCARAT_TEACHER_GROUP`) also holds
`custom:class-view:teach`. Each student's server gets `BACCARAT_CLASS_URL` (this service's address as the server
reaches it) and a server token allowed here, with which their lessons send what they answer.

For every student (their token; the student is always the token's user, never a name in the body):
    POST api/answers              {"answers": [...]} -> {"stored": n, "duplicates": m}   (class_store.check_answers)
    GET  api/polls/current        -> {"poll": null | {"id", "lesson", "exercise", "state"}}
    POST api/polls/<id>/answers   {"answer": "..."} -> {"accepted": true}; 404 unknown poll; 409 closed or answered
For the teacher only (403 for a student, by cookie and by token):
    GET  /                        the class view (HTML; refreshes itself; ?lang=vi chooses Vietnamese, remembered)
    GET  api/class                the same figures as JSON, and the current poll with its number of answers
    POST api/polls                {"lesson": stem, "exercise": index} starts a poll (closing an open one)
    POST api/polls/<id>/close     ... /reveal
    GET  polls/<id>               the projector's page: the question, the tally as answers come in, then the right
                                  answer and its explanation (from the library's question for that exercise)
Every 4xx answers one line saying why ({"error": "..."} for the API) and changes nothing.

Settings (environment): BACCARAT_CLASS_DB_URL (a SQLAlchemy URL; default SQLite in BACCARAT_HUB_STATE),
BACCARAT_TEACHER (the hub's admin, not counted as a student), BACCARAT_TEACHER_GROUP (default "teachers"), and
JupyterHub's own JUPYTERHUB_* variables for a service.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.web import Application, HTTPError, RequestHandler, authenticated

sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_store import (BANKER_CELL_PREFIX, ClassStore, PollNotFound, PollRefused,  # noqa: E402
                         check_answers, check_poll_start, database_url)
from baccarat_lib.course import LESSONS, lesson as course_lesson  # noqa: E402
from baccarat_lib.errors import BaccaratError  # noqa: E402
from baccarat_lib.game.formatting import duration, number, percent  # noqa: E402
from baccarat_lib.i18n import LANGUAGES, _, fold, using_language  # noqa: E402
from baccarat_lib.progress import report  # noqa: E402
from baccarat_lib.teaching.progress_report import COURSE_SKILLS  # noqa: E402
from baccarat_lib.views.palette import HEADER_FILL, INK, LINE_GREY, MUTED_GREY, TONES  # noqa: E402

__all__ = ["make_app", "main", "TEACH_SCOPE", "MAX_BODY", "REFRESH_SECONDS"]

TEACH_SCOPE = "custom:class-view:teach"
MAX_BODY = 64 * 1024                  # bytes in one request's body
REFRESH_SECONDS = 1.5                 # how often the teacher's pages fetch their figures again
STUDENTS_CACHE_SECONDS = 3.0          # how long the hub's list of users is reused
LANGUAGE_COOKIE = "class-view-language"

# The database and the library run in threads, so a slow query or a slow question (lesson 08's is simulated) never
# holds the other requests. The library speaks one language at a time (i18n), so its calls run one at a time.
DATABASE = ThreadPoolExecutor(4, thread_name_prefix="class-view-db")
LIBRARY = ThreadPoolExecutor(1, thread_name_prefix="class-view-library")


def _in(executor, function, *args):
    return asyncio.get_running_loop().run_in_executor(executor, function, *args)


# --- the library's questions, in a language ------------------------------------------------------------------------

@lru_cache(maxsize=256)
def _question(lesson: str, exercise: int):
    """The lesson's exercise, rebuilt from the course list; its words are made when read, in the language then."""
    from baccarat_lib.teaching.polls import poll_question
    return poll_question(lesson, exercise)


def judge(lesson: str, exercise: int, answer: str) -> tuple[bool, bool]:
    """(judged, right) for a poll's answer, by the library's `check_answer` (words read in either language)."""
    from baccarat_lib.teaching.questions import check_answer
    feedback = check_answer(_question(lesson, exercise), answer)
    return feedback.judged, feedback.correct


def tally(lesson: str, exercise: int, answers) -> list[tuple[str, int, bool]]:
    """(label, count, right) per answer given to a poll: each choice of the question (in the order shown, even
    when no one chose it) with the answers meaning it; for a typed answer, each different answer, most given first."""
    from baccarat_lib.teaching.questions import same_word
    question = _question(lesson, exercise)
    with using_language("en"):                     # the labels are the English choices
        choices, right_choice = question.choices, question.answer
    counts: dict[str, list] = {}
    for choice in choices:
        counts[choice] = [0, choice == right_choice]
    for _student, answer, right in answers:
        label = next((choice for choice in choices
                      if fold(answer) == fold(choice) or same_word(answer, choice, choices)), None)
        label = label or " ".join(answer.split())
        counts.setdefault(label, [0, right])[0] += 1
    rows = [(label, count, right) for label, (count, right) in counts.items()]
    return rows if choices else sorted(rows, key=lambda row: (-row[1], row[0]))


# --- HTML -------------------------------------------------------------------------------------------------------

def _e(text) -> str:
    return html.escape(str(text))


STYLE = f"""
body {{ font-family: system-ui, sans-serif; font-size: 22px; color: {INK}; margin: 0 24px 24px; line-height: 1.3 }}
header {{ display: flex; align-items: baseline; gap: 24px; flex-wrap: wrap; border-bottom: 2px solid {LINE_GREY} }}
h1 {{ font-size: 30px; margin: 12px 0 }} h2 {{ font-size: 24px; margin: 18px 0 8px }}
.languages a {{ margin-right: 12px }} .small {{ color: {MUTED_GREY}; font-size: 18px }}
table {{ border-collapse: collapse; margin-bottom: 8px }}
th, td {{ border: 1px solid {LINE_GREY}; padding: 4px 10px; text-align: right }}
th {{ background: {HEADER_FILL} }} td:first-child, th:first-child {{ text-align: left }}
tr.skill td {{ font-size: 18px; color: {MUTED_GREY} }} tr.skill td:first-child {{ padding-left: 32px }}
.columns {{ display: flex; gap: 32px; flex-wrap: wrap; align-items: flex-start }} .waiting {{ max-width: 560px }}
.status {{ font-size: 26px }}
.poll {{ background: {TONES["blue"][0]}; padding: 8px 12px; margin: 12px 0 }}
button, select {{ font-size: 20px; padding: 4px 10px }}
.bar {{ display: flex; align-items: center; gap: 12px; margin: 6px 0; font-size: 28px }}
.bar .label {{ width: 260px; text-align: right }} .bar .fill {{ height: 36px; background: {TONES["blue"][1]} }}
.bar.right .fill {{ background: {TONES["green"][1]} }} .bar.right .label {{ font-weight: bold }}
.prompt {{ font-size: 32px; margin: 16px 0 }} .reveal {{ background: {TONES["green"][0]}; padding: 12px;
  font-size: 26px }}
"""

SCRIPT = """
<script>
const xsrf = %(xsrf)s;
async function refresh() {
  try {
    // a script's GET carries the xsrf token too: the hub's cookie only counts for it with the token
    const page = await fetch(location.pathname + '?part=live', {credentials: 'same-origin',
                                                                headers: {'X-XSRFToken': xsrf}});
    if (page.ok) { document.getElementById('live').innerHTML = await page.text(); }
  } catch (error) { /* the next refresh tries again */ }
}
setInterval(refresh, %(milliseconds)d);
async function send(path, body) {
  const answer = await fetch(path, {method: 'POST', credentials: 'same-origin', body: JSON.stringify(body || {}),
                                    headers: {'X-XSRFToken': xsrf, 'Content-Type': 'application/json'}});
  if (!answer.ok) { alert((await answer.json()).error); }
  refresh();
  return answer;
}
</script>
"""


def page(title: str, language: str, body: str, xsrf: str) -> str:
    switch = " ".join(f'<a href="?lang={code}">{_e(name)}</a>' for code, name in LANGUAGES.items() if code != language)
    script = SCRIPT % {"xsrf": json.dumps(xsrf), "milliseconds": int(REFRESH_SECONDS * 1000)}
    return (f'<!DOCTYPE html><html lang="{language}"><head><meta charset="utf-8"><title>{_e(title)}</title>'
            f'<meta name="viewport" content="width=device-width"><style>{STYLE}</style>{script}</head><body>'
            f'<header><h1>{_e(title)}</h1><span class="languages">{switch}</span></header>'
            f'<div id="live">{body}</div></body></html>')


def _share(right: int, answers: int) -> str:
    return percent(Fraction(right, answers), places=0) if answers else "—"


def _median(seconds) -> str:
    return duration(seconds) if seconds is not None else duration(None)


def cell_name(cell: str) -> str:
    """A tableau cell "5/4" as the progress page says it ("Banker 5, Player's third card 4")."""
    return skill_name(BANKER_CELL_PREFIX + cell)


def lesson_name(stem: str) -> str:
    if not stem:
        return _("Outside a lesson")
    try:
        found = course_lesson(stem)
        return f"{found.number:02d} · {found.title(_language())}"
    except BaccaratError:
        return stem


def skill_name(skill: str) -> str:
    """A skill in words, as the learner's progress page names it."""
    return report.skill_name(skill, COURSE_SKILLS)


def _table(heads, rows) -> str:
    return ("<table><tr>" + "".join(f"<th>{_e(head)}</th>" for head in heads) + "</tr>" + "".join(rows)
            + "</table>")


def _figures(row, css: str, name: str) -> str:
    return (f'<tr class="{css}"><td>{_e(name)}</td><td>{number(row.students)}</td><td>{number(row.answers)}</td>'
            f"<td>{_share(row.right, row.answers)}</td><td>{_e(_median(row.median_seconds))}</td></tr>")


def class_html(summary, poll: dict | None, students_on_hub: int) -> str:
    """The class view's live part: the poll's controls, per lesson and skill, the missed cells, who has not started."""
    answered = _("Students who answered: {answered} of {students}").format(
        answered=number(len(summary.students)), students=number(students_on_hub))
    rows = []
    for row in summary.lessons:
        rows.append(_figures(row, "lesson", lesson_name(row.lesson)))
        rows.extend(_figures(skill, "skill", skill_name(skill.skill)) for skill in row.skills)
    heads = (_("Lesson and skill"), _("Students"), _("Answers"), _("Right"), _("Median time"))
    nothing = _("No answers yet.")
    figures = _table(heads, rows) if rows else f"<p>{_e(nothing)}</p>"
    cells = [f"<tr><td>{_e(cell_name(row.cell))}</td><td>{number(row.wrong)}</td><td>{number(row.answers)}</td></tr>"
             for row in summary.missed_cells]
    none_missed = _("No cell missed yet.")
    missed = _table((_("Cell"), _("Wrong"), _("Answers")), cells) if cells else f"<p>{_e(none_missed)}</p>"
    waiting = ", ".join(summary.not_started) or _("Everyone has started.")
    titles = [_e(title) for title in (_("Per lesson and skill"), _("Tableau cells the class misses most"),
                                      _("Not started yet"))]
    # what calls for the teacher first (the cells missed most, who is stuck at the start) above the long table
    return (f"<p>{_e(answered)}</p>{poll_controls(poll)}"
            f'<div class="columns"><div><h2>{titles[1]}</h2>{missed}</div>'
            f'<div class="waiting"><h2>{titles[2]}</h2><p>{_e(waiting)}</p></div></div>'
            f"<h2>{titles[0]}</h2>{figures}")


def poll_controls(poll: dict | None) -> str:
    """The teacher's controls: start a poll on any exercise of the course; close, reveal or project the current one."""
    options = "".join(
        f'<option value="{_e(lesson.stem)}|{index}">{lesson.number:02d} · {index + 1}. {_e(exercise.key)}</option>'
        for lesson in LESSONS for index, exercise in enumerate(lesson.exercises))
    words = {"ask": _("Exercise to ask"), "start": _("Start a poll"), "project": _("Show on the projector"),
             "close": _("Close"), "reveal": _("Reveal the answer"), "title": _("Live poll")}
    words = {key: _e(text) for key, text in words.items()}
    start = (f'<select id="exercise" aria-label="{words["ask"]}">{options}</select> '
             "<button onclick=\"const [lesson, exercise] = document.getElementById('exercise').value.split('|');"
             f" send('api/polls', {{lesson: lesson, exercise: Number(exercise)}})\">{words['start']}</button>")
    current = ""
    if poll is not None:
        state = {"open": _("open"), "closed": _("closed"), "revealed": _("revealed")}[poll["state"]]
        said = _("Poll {number}: lesson {lesson}, exercise {exercise}, {state}.").format(
            number=poll["id"], lesson=lesson_name(poll["lesson"]), exercise=poll["exercise"] + 1, state=state)
        number_ = poll["id"]
        current = (f'<p>{_e(said)} <a href="polls/{number_}" target="_blank">{words["project"]}</a> '
                   f"<button onclick=\"send('api/polls/{number_}/close')\">{words['close']}</button> "
                   f"<button onclick=\"send('api/polls/{number_}/reveal')\">{words['reveal']}</button></p>")
    return f'<div class="poll"><h2>{words["title"]}</h2>{current}{start}</div>'


def poll_html(poll: dict, answers, students_on_hub: int) -> str:
    """The projector's live part: the question, the tally, then (revealed) the right answer and its explanation."""
    question = _question(poll["lesson"], poll["exercise"])          # read in the page's language
    with using_language("en"):
        english = question.choices
    shown = dict(zip(english, question.choices))     # the tally's labels are the English choices
    rows = tally(poll["lesson"], poll["exercise"], answers)
    most = max([count for _label, count, _right in rows] + [1])
    revealed = poll["state"] == "revealed"
    bars = "".join(
        f'<div class="bar{" right" if revealed and right else ""}"><span class="label">{_e(shown.get(label, label))}'
        f'</span><span class="fill" style="width: {round(600 * count / most)}px"></span><span>{number(count)}</span>'
        "</div>" for label, count, right in rows)
    state = _("Answers are open.") if poll["state"] == "open" else _("Answers are closed.")
    answered = _("{answered} of {students} students have answered.").format(
        answered=number(len(answers)), students=number(students_on_hub))
    parts = [f'<div class="prompt">{_e(question.prompt)}</div>',
             f'<p class="status">{_e(answered)} {_e(state)}</p>', bars]
    if revealed:
        right = _("Right answer: {answer}").format(answer=question.answer)
        parts.append(f'<div class="reveal"><b>{_e(right)}</b><br>{_e(question.explanation)}</div>')
    return "".join(parts)


def _language() -> str:
    from baccarat_lib.i18n import language
    return language()


# --- handlers ---------------------------------------------------------------------------------------------------

class ServiceHandler(HubOAuthenticated, RequestHandler):
    """What every page and API of the service shares: the store, the user, refusals in one line."""

    @property
    def store(self) -> ClassStore:
        return self.settings["store"]

    def user(self) -> dict:
        """The signed-in hub user (by cookie or token); 403 when there is none or the hub refuses them here."""
        model = self.get_current_user()
        if not model:
            raise HTTPError(403, reason="sign in to the hub first: no hub user, or not allowed to use the class view")
        if model.get("kind", "user") != "user":
            raise HTTPError(403, reason="only hub users use the class view")
        return model

    def teacher(self) -> dict:
        model = self.user()
        if not self.hub_auth.check_scopes({TEACH_SCOPE}, model):
            raise HTTPError(403, reason=f"{model['name']} is not a teacher: the class view's teacher pages need "
                                        f"the role teacher ({TEACH_SCOPE})")
        return model

    def body_json(self):
        body = self.request.body
        if len(body) > MAX_BODY:
            raise HTTPError(413, reason=f"the body is {len(body)} bytes: at most {MAX_BODY} are accepted")
        try:
            return json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            raise HTTPError(400, reason=f"the body is not JSON: {str(error)[:80]}") from None

    def write_error(self, status_code: int, **kwargs) -> None:
        reason = " ".join(str(self._reason).split())
        if self.request.path.startswith(url_path_join(self.settings["prefix"], "api")):
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"error": reason}))
        else:
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"{status_code}: {reason}\n")

    def language(self) -> str:
        """?lang=vi (remembered in a cookie), else the remembered choice, else English."""
        asked = self.get_argument("lang", None)
        if asked in LANGUAGES:
            self.set_cookie(LANGUAGE_COOKIE, asked, path=self.settings["prefix"], httponly=True)
            return asked
        remembered = self.get_cookie(LANGUAGE_COOKIE)
        return remembered if remembered in LANGUAGES else "en"

    async def hub_students(self) -> list[str]:
        return await self.settings["students"]()

    async def poll_of(self, poll_id: str) -> dict:
        try:
            return await _in(DATABASE, self.store.poll, int(poll_id))
        except PollNotFound as error:
            raise HTTPError(404, reason=str(error)) from None


class AnswersHandler(ServiceHandler):
    async def post(self):
        student = self.user()["name"]
        try:
            answers = check_answers(self.body_json())
        except BaccaratError as error:
            raise HTTPError(400, reason=str(error)) from None
        stored, duplicates = await _in(DATABASE, self.store.add_answers, student, answers)
        self.finish({"stored": stored, "duplicates": duplicates})


class CurrentPollHandler(ServiceHandler):
    async def get(self):
        self.user()
        self.finish({"poll": await _in(DATABASE, self.store.current_poll)})


class PollAnswerHandler(ServiceHandler):
    async def post(self, poll_id: str):
        student = self.user()["name"]
        body = self.body_json()
        if not isinstance(body, dict) or set(body) != {"answer"}:
            raise HTTPError(400, reason='the body must be {"answer": "<text>"} and nothing else (the student is the '
                                       "one whose token sent it)")
        answer = body["answer"]
        if not isinstance(answer, str) or not answer.strip() or len(answer) > 500:
            raise HTTPError(400, reason=f"answer must be a text of 1 to 500 characters, not {answer!r:.60}")
        poll = await self.poll_of(poll_id)
        judged, right = await _in(LIBRARY, judge, poll["lesson"], poll["exercise"], answer)
        if not judged:
            raise HTTPError(400, reason=f"answer {answer!r:.60} is not an answer this question takes")
        try:
            await _in(DATABASE, self.store.answer_poll, poll["id"], student, answer, right)
        except PollRefused as error:
            raise HTTPError(409, reason=str(error)) from None
        self.finish({"accepted": True})


class PollsHandler(ServiceHandler):
    async def post(self):
        self.teacher()
        try:
            lesson, exercise = check_poll_start(self.body_json())
        except BaccaratError as error:
            raise HTTPError(400, reason=str(error)) from None
        await _in(LIBRARY, _question, lesson, exercise)   # built now, so no student's answer waits for it
        self.finish({"poll": await _in(DATABASE, self.store.start_poll, lesson, exercise)})


class PollStateHandler(ServiceHandler):
    async def post(self, poll_id: str, action: str):
        self.teacher()
        poll = await self.poll_of(poll_id)
        state = {"close": "closed", "reveal": "revealed"}[action]
        self.finish({"poll": await _in(DATABASE, self.store.set_poll_state, poll["id"], state)})


class ClassApiHandler(ServiceHandler):
    async def get(self):
        self.teacher()
        students = await self.hub_students()
        summary = await _in(DATABASE, self.store.class_summary, students)
        poll = await _in(DATABASE, self.store.current_poll)
        if poll is not None:
            poll["answers"] = len(await _in(DATABASE, self.store.poll_answers, poll["id"]))
        self.finish({**summary.as_json(), "students_on_hub": len(students), "poll": poll})


def _rendered(language: str, render, *args) -> str:
    with using_language(language):
        return render(*args)


class ClassPageHandler(ServiceHandler):
    @authenticated
    async def get(self):
        self.teacher()
        language = self.language()
        students = await self.hub_students()
        summary = await _in(DATABASE, self.store.class_summary, students)
        poll = await _in(DATABASE, self.store.current_poll)
        live = await _in(LIBRARY, _rendered, language, class_html, summary, poll, len(students))
        self.set_header("Cache-Control", "no-store")
        if self.get_argument("part", None) == "live":
            return self.finish(live)
        title = await _in(LIBRARY, _rendered, language, lambda: _("The class, live"))
        self.finish(page(title, language, live, self.xsrf_token.decode()))


class PollPageHandler(ServiceHandler):
    @authenticated
    async def get(self, poll_id: str):
        self.teacher()
        language = self.language()
        poll = await self.poll_of(poll_id)
        answers = await _in(DATABASE, self.store.poll_answers, poll["id"])
        students = await self.hub_students()
        live = await _in(LIBRARY, _rendered, language, poll_html, poll, answers, len(students))
        self.set_header("Cache-Control", "no-store")
        if self.get_argument("part", None) == "live":
            return self.finish(live)
        title = await _in(LIBRARY, _rendered, language, lambda: _("Poll {number}").format(number=poll["id"]))
        self.finish(page(title, language, live, self.xsrf_token.decode()))


# --- the hub's students -----------------------------------------------------------------------------------------

def students_from_hub(api_url: str, token: str, teachers: set[str], group: str):
    """A coroutine function: the hub's users who are not teachers (by name or group), asked of the hub's API with
    the service's own token (scopes list:users, read:users:name, read:users:groups), reused for a few seconds."""
    cached = {"at": 0.0, "names": []}

    async def students() -> list[str]:
        if time.monotonic() - cached["at"] < STUDENTS_CACHE_SECONDS:
            return cached["names"]
        users, offset = [], 0
        while offset is not None:   # the hub answers at most 200 users a page (JupyterHub.api_page_max_limit)
            response = await AsyncHTTPClient().fetch(HTTPRequest(
                url_path_join(api_url, "users") + f"?offset={offset}&limit=200", request_timeout=30,
                headers={"Authorization": f"token {token}", "Accept": "application/jupyterhub-pagination+json"}))
            page = json.loads(response.body)
            users += page["items"]
            offset = (page["_pagination"].get("next") or {}).get("offset")
        cached["names"] = sorted(user["name"] for user in users
                                 if user["name"] not in teachers and group not in user.get("groups", []))
        cached["at"] = time.monotonic()
        return cached["names"]

    return students


# --- the application ------------------------------------------------------------------------------------------

def make_app(store: ClassStore, prefix: str, students) -> Application:
    """The service's tornado application under `prefix` (ends with "/"); `students()` gives the hub's students."""
    routes = [
        ("", ClassPageHandler),
        ("oauth_callback", HubOAuthCallbackHandler),
        ("api/answers", AnswersHandler),
        ("api/class", ClassApiHandler),
        ("api/polls", PollsHandler),
        ("api/polls/current", CurrentPollHandler),
        (r"api/polls/([0-9]{1,9})/answers", PollAnswerHandler),
        (r"api/polls/([0-9]{1,9})/(close|reveal)", PollStateHandler),
        (r"polls/([0-9]{1,9})", PollPageHandler),
    ]
    return Application([(url_path_join(prefix, path) if path else prefix, handler) for path, handler in routes],
                       store=store, prefix=prefix, students=students, cookie_secret=os.urandom(32),
                       xsrf_cookies=False, default_handler_class=NotFound)


class NotFound(ServiceHandler):
    def prepare(self):
        raise HTTPError(404, reason=f"no such page or API: {self.request.path}")


def main() -> None:
    environ = os.environ
    state = environ.get("BACCARAT_HUB_STATE") or str(Path(__file__).resolve().parent / "state")
    store = ClassStore(database_url(environ, state))
    teachers = {environ.get("BACCARAT_TEACHER", "teacher")}
    group = environ.get("BACCARAT_TEACHER_GROUP", "teachers")
    students = students_from_hub(environ["JUPYTERHUB_API_URL"], environ["JUPYTERHUB_API_TOKEN"], teachers, group)
    app = make_app(store, environ["JUPYTERHUB_SERVICE_PREFIX"], students)
    url = urlparse(environ["JUPYTERHUB_SERVICE_URL"])
    HTTPServer(app, max_body_size=4 * MAX_BODY).listen(url.port, url.hostname)
    IOLoop.current().start()


if __name__ == "__main__":
    main()
