"""The class view on a real hub: who may see what, answers kept once, polls from start to reveal, and every bad request
refused in one line without changing anything.

The hub is the folder's shared one (conftest.py); these tests use students of their own names (view-ann, view-bob)
and the teacher (the hub's admin). A student reaches the service by a token of their own and by the hub's cookie
(signed in with the class password, then the service's OAuth); so does the teacher.
"""

import json
import re
import time
import uuid
from types import SimpleNamespace

import pytest
import requests

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, missing_prerequisites

SERVICE = "services/class-view/"
LESSON = "05_a_whole_coup"
# Lesson 05's first exercise, worked by hand: cards P B P B = 7 6 Q J: Player 7 + Q(0) = 7, Banker 6 + J(0) = 6; both
# stand on 6-7, so Player wins 7 to 6 (5 and 2 are not dealt).
POLL_EXERCISE, POLL_RIGHT, POLL_WRONG = 0, "Player", "Banker"


def _answer(skill="total", right=True, seconds=3.0) -> dict:
    return {"id": uuid.uuid4().hex, "lesson": LESSON, "source": "lesson", "skill": skill, "key": "7 8", "answer": "5",
            "right": right, "seconds": seconds, "at": "2026-12-01T21:00:00Z"}


def _signed_in(hub, name: str, password: str, url: str) -> tuple[requests.Session, requests.Response]:
    """A browser-like session signed in to the hub, then through the service's OAuth to `url`."""
    session = hub.login(name, password)
    return session, session.get(url, timeout=60)


def _xsrf(session: requests.Session) -> str:
    """The service's xsrf cookie (set at its OAuth callback), which a page's script sends back as X-XSRFToken."""
    return next(cookie.value for cookie in session.cookies if cookie.name == "_xsrf" and "class-view" in cookie.path)


@pytest.fixture(scope="module")
def view(hub):
    base = f"{hub.url}/{SERVICE}"
    teacher = {"Authorization": f"token {hub.admin_token()}"}
    requests.post(f"{hub.url}/hub/api/users", json={"usernames": ["view-ann", "view-bob"]}, headers=teacher,
                  timeout=30).raise_for_status()
    tokens = {}
    for name in ("view-ann", "view-bob"):
        token = requests.post(f"{hub.url}/hub/api/users/{name}/tokens", json={"note": "class view test"},
                              headers=teacher, timeout=30).json()["token"]
        tokens[name] = {"Authorization": f"token {token}"}
    deadline = time.monotonic() + 60   # the hub starts the service; the proxy answers 503 until it listens
    while requests.get(base + "api/polls/current", headers=tokens["view-ann"], timeout=30).status_code != 200:
        assert time.monotonic() < deadline, hub.log_tail()
        time.sleep(0.5)
    return SimpleNamespace(base=base, teacher=teacher, ann=tokens["view-ann"], bob=tokens["view-bob"])


def _one_line_refusal(response: requests.Response, status: int) -> str:
    assert response.status_code == status, (response.status_code, response.text)
    reason = response.json()["error"]
    assert reason and "\n" not in reason and len(reason) < 300, reason
    return reason


def _class(view) -> dict:
    response = requests.get(view.base + "api/class", headers=view.teacher, timeout=30)
    response.raise_for_status()
    return response.json()


def test_answers_are_kept_once_and_are_the_tokens_users(view):
    sent = [_answer("total", True, 2.0), _answer("banker-draw:5/4", False, 6.0)]
    response = requests.post(view.base + "api/answers", json={"answers": sent}, headers=view.ann, timeout=30)
    assert response.json() == {"stored": 2, "duplicates": 0}
    response = requests.post(view.base + "api/answers", json={"answers": sent[::-1]}, headers=view.ann, timeout=30)
    assert response.json() == {"stored": 0, "duplicates": 2}
    figures = _class(view)
    assert "view-ann" in figures["students"] and "view-bob" in figures["not_started"]
    (lesson,) = [row for row in figures["lessons"] if row["lesson"] == LESSON]
    # 2 answers, 1 right; times 2 s and 6 s: median 4 s
    assert (lesson["answers"], lesson["right"], lesson["median_seconds"]) == (2, 1, 4.0)
    assert {"cell": "5/4", "answers": 1, "wrong": 1} in figures["missed_cells"]
    assert "teacher" not in figures["not_started"] + figures["students"]   # the teacher is not a student


def test_another_students_name_in_the_body_is_refused_and_changes_nothing(view):
    before = _class(view)
    for body in ({"answers": [{**_answer(), "student": "view-bob"}]},
                 {"answers": [_answer()], "user": "view-bob"}):
        reason = _one_line_refusal(requests.post(view.base + "api/answers", json=body, headers=view.ann, timeout=30),
                                   400)
        assert "not accepted" in reason or "nothing else" in reason
    assert _class(view) == before


def test_bad_requests_get_a_one_line_4xx_and_change_nothing(view):
    poll = requests.post(view.base + "api/polls", json={"lesson": LESSON, "exercise": POLL_EXERCISE},
                         headers=view.teacher, timeout=30).json()["poll"]
    answers = view.base + f"api/polls/{poll['id']}/answers"
    assert requests.post(answers, json={"answer": POLL_RIGHT}, headers=view.ann, timeout=30).json() \
        == {"accepted": True}
    before = (_class(view), requests.get(view.base + "api/polls/current", headers=view.ann, timeout=30).json())
    def post(path, headers=view.ann, **body):
        return requests.post(view.base + path, headers=headers, timeout=30, **body)

    _one_line_refusal(post("api/answers", data=b'{"answers": [',
                           headers={**view.ann, "Content-Type": "application/json"}), 400)
    _one_line_refusal(post("api/answers", data=b"\xff\xfe", headers=view.ann), 400)
    big = {"answers": [{**_answer(), "key": "k" * 400, "answer": "a" * 400}] * 100}   # about 90 KiB > 64 KiB
    assert "at most 65536" in _one_line_refusal(post("api/answers", json=big), 413)
    _one_line_refusal(post("api/answers", json={"answers": [_answer()] * 201}), 400)
    _one_line_refusal(post("api/answers", json={"answers": [{**_answer(), "id": "not hex"}]}), 400)
    assert "no poll" in _one_line_refusal(post(f"api/polls/{poll['id'] + 1000}/answers", json={"answer": "x"}), 404)
    assert "already answered" in _one_line_refusal(post(f"api/polls/{poll['id']}/answers",
                                                        json={"answer": POLL_WRONG}), 409)
    _one_line_refusal(post(f"api/polls/{poll['id']}/answers", json={"answer": "   "}, headers=view.bob), 400)
    _one_line_refusal(post(f"api/polls/{poll['id']}/answers", json={"answer": "x", "student": "view-ann"},
                           headers=view.bob), 400)
    _one_line_refusal(post("api/polls", json={"lesson": "99_nothing", "exercise": 0}, headers=view.teacher), 400)
    _one_line_refusal(post("api/polls", json={"lesson": LESSON, "exercise": 999}, headers=view.teacher), 400)
    _one_line_refusal(requests.get(view.base + "api/nothing", headers=view.ann, timeout=30), 404)
    _one_line_refusal(requests.get(view.base + "api/polls/current", timeout=30), 403)     # no token at all
    after = (_class(view), requests.get(view.base + "api/polls/current", headers=view.ann, timeout=30).json())
    assert after == before
    # a closed poll takes no answer: starting the next poll closes this one
    requests.post(view.base + "api/polls", json={"lesson": LESSON, "exercise": 1}, headers=view.teacher,
                  timeout=30).raise_for_status()
    assert "closed" in _one_line_refusal(post(f"api/polls/{poll['id']}/answers", json={"answer": POLL_RIGHT},
                                              headers=view.bob), 409)


def _teacher_pages(view, poll_id: int) -> list[tuple[str, str]]:
    return [("GET", ""), ("GET", "api/class"), ("POST", "api/polls"), ("POST", f"api/polls/{poll_id}/close"),
            ("POST", f"api/polls/{poll_id}/reveal"), ("GET", f"polls/{poll_id}"), ("GET", "?lang=vi")]


def test_a_student_gets_403_from_every_teacher_page_and_api_by_token_and_by_cookie(hub, view):
    poll = requests.post(view.base + "api/polls", json={"lesson": LESSON, "exercise": POLL_EXERCISE},
                         headers=view.teacher, timeout=30).json()["poll"]
    session, landing = _signed_in(hub, "view-bob", hub.class_password, view.base)
    assert landing.status_code == 403 and "not a teacher" in landing.text   # through the hub's OAuth, then refused
    cookie_headers = {"X-XSRFToken": _xsrf(session)}                        # refused for the role, not the xsrf
    for method, path in _teacher_pages(view, poll["id"]):
        body = {"lesson": LESSON, "exercise": 1} if path == "api/polls" else {}
        by_token = requests.request(method, view.base + path, json=body, headers=view.bob, timeout=30,
                                    allow_redirects=False)
        by_cookie = session.request(method, view.base + path, json=body, headers=cookie_headers, timeout=30,
                                    allow_redirects=False)
        for response in (by_token, by_cookie):
            assert response.status_code == 403, (method, path, response.status_code, response.text)
            assert len(response.text.strip().splitlines()) == 1, response.text
    current = requests.get(view.base + "api/polls/current", headers=view.bob, timeout=30).json()["poll"]
    assert current == poll          # no poll started, closed or revealed


def test_a_poll_from_start_to_reveal_on_the_projector(hub, view):
    session, landing = _signed_in(hub, hub.teacher, hub.teacher_password, view.base)
    assert landing.status_code == 200 and "The class, live" in landing.text
    xsrf = re.search(r'const xsrf = "([^"]+)"', landing.text)[1]
    started = session.post(view.base + "api/polls", json={"lesson": LESSON, "exercise": POLL_EXERCISE},
                           headers={"X-XSRFToken": xsrf}, timeout=30)
    poll = started.json()["poll"]
    assert poll["state"] == "open" and poll["lesson"] == LESSON
    assert requests.get(view.base + "api/polls/current", headers=view.ann, timeout=30).json() == {"poll": poll}
    for headers, answer in ((view.ann, POLL_RIGHT), (view.bob, POLL_WRONG)):
        assert requests.post(view.base + f"api/polls/{poll['id']}/answers", json={"answer": answer}, headers=headers,
                             timeout=30).json() == {"accepted": True}
    projector = session.get(view.base + f"polls/{poll['id']}?part=live", timeout=30).text
    assert "Who wins?" in projector and "7 6 Q J 5 2" in projector
    tallies = re.findall(r'class="label">([^<]+)</span><span class="fill"[^>]*></span><span>(\d+)</span>', projector)
    assert tallies == [("Player", "1"), ("Banker", "1"), ("Tie", "0")]
    assert "Right answer" not in projector
    session.post(view.base + f"api/polls/{poll['id']}/reveal", headers={"X-XSRFToken": xsrf},
                 timeout=30).raise_for_status()
    projector = session.get(view.base + f"polls/{poll['id']}?part=live", timeout=30).text
    assert "Right answer: Player" in projector and 'class="bar right"><span class="label">Player' in projector
    assert "Player wins 7–6" in projector            # the library's explanation
    vietnamese = session.get(view.base + f"polls/{poll['id']}?lang=vi", timeout=30).text
    assert "Đáp án đúng: Player" in vietnamese and "Ai thắng?" in vietnamese and "Hòa" in vietnamese
    remembered = session.get(view.base, timeout=30).text       # the teacher's choice of language stays
    assert "Lớp học theo thời gian thực" in remembered and 'lang="vi"' in remembered
    assert requests.get(view.base + "api/polls/current", headers=view.bob, timeout=30).json()["poll"]["state"] \
        == "revealed"


def test_the_teachers_token_reads_the_class_as_json(view):
    figures = _class(view)
    assert set(figures) == {"students", "lessons", "missed_cells", "not_started", "students_on_hub", "poll"}
    # view-ann and view-bob at least (other tests of this process may add students of their own)
    assert figures["students_on_hub"] >= 2
    json.dumps(figures)


@pytest.mark.skipif(bool(missing_prerequisites()), reason="needs Chromium and Playwright: "
                    + "; ".join(missing_prerequisites()))
def test_the_teachers_pages_read_at_1280x720_and_refresh_themselves_in_chromium(hub, view, playwright_api):
    poll = requests.post(view.base + "api/polls", json={"lesson": LESSON, "exercise": POLL_EXERCISE},
                         headers=view.teacher, timeout=30).json()["poll"]
    requests.post(view.base + f"api/polls/{poll['id']}/answers", json={"answer": POLL_RIGHT}, headers=view.ann,
                  timeout=30).raise_for_status()
    requests.post(view.base + f"api/polls/{poll['id']}/reveal", headers=view.teacher, timeout=30).raise_for_status()
    browser = playwright_api.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{hub.url}/hub/login", wait_until="load")
        page.fill("#username_input", hub.teacher)
        page.fill("#password_input", hub.teacher_password)
        page.click("#login_submit")
        page.wait_for_url(lambda url: "/hub/login" not in url)
        smallest_text = """() => Math.min(...[...document.querySelectorAll('body *')]
            .filter(element => [...element.childNodes].some(node => node.nodeType === 3 && node.textContent.trim()))
            .map(element => parseFloat(getComputedStyle(element).fontSize)))"""
        size = "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        for language in ("en", "vi"):   # the projector's page, revealed: all of it on one 1280x720 screen
            page.goto(view.base + f"polls/{poll['id']}?lang={language}", wait_until="load")
            width, height = page.evaluate(size)
            assert (width, height) == (1280, 720), (language, width, height)
            assert page.evaluate(smallest_text) >= 22
        page.goto(view.base + "?lang=en", wait_until="load")
        assert page.evaluate(size)[0] == 1280            # the class view scrolls down, never sideways
        assert page.evaluate(smallest_text) >= 18
        answered = page.locator("#live p").first
        before = int(re.search(r"Students who answered: (\d+)", answered.inner_text())[1])
        requests.post(view.base + "api/answers", json={"answers": [_answer()]}, headers=view.bob,
                      timeout=30).raise_for_status()
        # the page fetches its figures every 1.5 s by itself: view-bob's first answer shows without a reload
        page.wait_for_function(f"() => /Students who answered: {before + 1} /.test(document.body.innerText)",
                               timeout=5_000)
    finally:
        browser.close()
