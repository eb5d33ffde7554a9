"""On the class hub, each saved answer also goes to the class's service (the teacher's class view), in the background.

Each saved answer is put in the progress file's outbox in the same transaction, so a restart loses none, and a
daemon thread sends the outbox in batches. Saving never waits for the network: a lost connection is retried with a
pause doubling from ``FIRST_PAUSE`` to ``LONGEST_PAUSE`` and logged, never shown. A refused batch (400) is sent one
answer at a time, and an answer refused alone is dropped; a refused token (401, 403) waits until it changes.

Public names:

- ``CLASS_URL_VARIABLE``, ``TOKEN_VARIABLE``: the environment variables of the hub.
- ``class_url()``: the service's address (None off the hub).
- ``class_request(method, path, body=None, url=None)``: one call to the service.
- ``answer_body(answer)``: an answer as the service takes it.
- ``ClassLink(store, url=None)``: the thread that sends a store's outbox.
- ``link_for(store)``: the one link of a store in this kernel.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import urllib.error
import urllib.request
import uuid
from datetime import timezone

from ..course import LESSONS
from .store import MAX_TEXT, Answer, ProgressStore

__all__ = ["CLASS_URL_VARIABLE", "TOKEN_VARIABLE", "class_url", "class_request", "answer_body", "ClassLink",
           "link_for"]

CLASS_URL_VARIABLE = "BACCARAT_CLASS_URL"
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
TIMEOUT = 3.0                 # seconds a call waits for the service
FIRST_PAUSE, LONGEST_PAUSE = 1.0, 60.0   # seconds before retrying after a failure: doubling, up to the longest
BATCH_ANSWERS, BATCH_BYTES = 200, 60_000  # the service takes at most 200 answers and 64 KiB in one call
MAX_REPLY = 65_536            # bytes of a reply read
MAX_SECONDS = 86_400          # the service takes a time below a day; a longer one is sent as unknown
REFUSED = frozenset({400, 413, 422})     # the service will never take this batch as it is
UNAUTHORISED = frozenset({401, 403})     # the hub does not take this token: tried again once the token changes
_LESSON_STEMS = frozenset(lesson.stem for lesson in LESSONS)
_LOGGER = logging.getLogger("baccarat_lib.progress")
_LOGGER.addHandler(logging.NullHandler())
# The service is the hub's own (127.0.0.1, or the cluster's address): never through a proxy of the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def class_url() -> str | None:
    """``BACCARAT_CLASS_URL`` ending in "/", or None when it is not set (off the hub) or no http(s) address."""
    url = os.environ.get(CLASS_URL_VARIABLE, "").strip()
    if not url:
        return None
    if not url.startswith(("http://", "https://")):
        _LOGGER.warning("%s is no http(s) address: %r; answers are not sent", CLASS_URL_VARIABLE, url[:200])
        return None
    return url if url.endswith("/") else url + "/"


def _json(data: bytes):
    try:
        return json.loads(data.decode("utf-8")) if data else None
    except (UnicodeDecodeError, ValueError):
        return None


def class_request(method: str, path: str, body=None, url: str | None = None):
    """``(status, reply JSON or None)`` of the service at ``path``; ``OSError``: no reply, ``RuntimeError``: no hub."""
    url = class_url() if url is None else url
    if url is None:
        raise RuntimeError(f"{CLASS_URL_VARIABLE} is not set: not on the class hub")
    headers = {"Authorization": f"token {os.environ.get(TOKEN_VARIABLE, '')}", "Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url + path, data=data, method=method, headers=headers)
    try:
        with _OPENER.open(request, timeout=TIMEOUT) as response:
            return response.status, _json(response.read(MAX_REPLY))
    except urllib.error.HTTPError as error:
        with error:
            return error.code, _json(error.read(MAX_REPLY))


def answer_body(answer: Answer) -> dict:
    """The answer as ``POST api/answers`` takes it, with a fresh id; a lesson not of the course is sent as null."""
    seconds = answer.seconds
    return {"id": uuid.uuid4().hex,
            "lesson": answer.lesson if answer.lesson in _LESSON_STEMS else None,
            "source": answer.source, "skill": answer.skill, "key": answer.key[:MAX_TEXT],
            "answer": answer.answer[:MAX_TEXT], "right": bool(answer.right),
            "seconds": None if seconds is None or not 0 <= seconds < MAX_SECONDS else float(seconds),
            "at": answer.when.astimezone(timezone.utc).isoformat()}


class ClassLink:
    """The daemon thread that sends ``store``'s outbox to the service; ``wake()`` after saving an answer."""

    def __init__(self, store: ProgressStore, url: str | None = None):
        self.store, self.url = store, class_url() if url is None else url
        self.pause = 0.0                         # seconds the thread waits before its next try (0: not failing)
        self.refused_token: str | None = None    # the token the hub refused last (None: none refused)
        self._wake, self._stop = threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._send_forever, name="baccarat-class-link", daemon=True)
        self._thread.start()
        self._wake.set()                         # what an earlier kernel left unsent goes now

    def __repr__(self):
        return f"ClassLink({self.url!r})"

    def outbox_row(self, answer: Answer) -> tuple[str, str] | None:
        """The outbox's (id, JSON body) row for a saved answer; None for a blank one (the service refuses it)."""
        if not answer.answer.strip() or not answer.key.strip():
            return None
        body = answer_body(answer)
        return body["id"], json.dumps(body, ensure_ascii=False)

    def pending(self) -> list[tuple[str, str]]:
        """The oldest answers not received yet, as (id, JSON body), at most ``BATCH_ANSWERS`` and ``BATCH_BYTES``."""
        rows = self.store._run(lambda connection: connection.execute(
            "SELECT id, body FROM class_outbox ORDER BY n LIMIT ?", (BATCH_ANSWERS,)).fetchall())
        batch, size = [], 16
        for answer_id, body in rows:
            size += len(body.encode("utf-8")) + 1
            if batch and size > BATCH_BYTES:
                break
            batch.append((answer_id, body))
        return batch

    def wake(self) -> None:
        """Send what the outbox holds (an answer was just saved): at once, or after the pause a failure began."""
        self._wake.set()

    @property
    def state(self) -> str:
        """"token refused" (nothing is sent until it changes), "retrying" (after ``pause``) or "ok"."""
        if self.refused_token is not None and self.refused_token == os.environ.get(TOKEN_VARIABLE, ""):
            return "token refused"
        return "retrying" if self.pause else "ok"

    def close(self) -> None:
        """Stop the thread (after the call it is making, if any)."""
        self._stop.set()
        self._wake.set()
        self._thread.join(TIMEOUT + 1)

    # ----- the thread

    def _delete(self, ids) -> None:
        ids = list(ids)
        self.store._run(lambda connection: connection.execute(
            f"DELETE FROM class_outbox WHERE id IN ({', '.join('?' * len(ids))})", ids))

    def _post(self, batch) -> str:
        """"sent", "refused", "unauthorised" (the token) or "failed" (no connection, a timeout)."""
        token = os.environ.get(TOKEN_VARIABLE, "")
        try:
            status, reply = class_request("POST", "api/answers", {"answers": [json.loads(body) for _, body in batch]},
                                          url=self.url)
        except OSError as error:
            return self._failed(f"no reply ({error})")
        if status == 200:
            if self.pause:
                _LOGGER.info("the class view answers again; sending the answers kept meanwhile")
            self.pause, self.refused_token = 0.0, None
            return "sent"
        if status in UNAUTHORISED:
            _LOGGER.warning("the class view refused this server's token (HTTP %d): answers are kept, and sent once "
                            "%s changes", status, TOKEN_VARIABLE)
            self.pause, self.refused_token = 0.0, token
            return "unauthorised"
        if status in REFUSED:
            _LOGGER.warning("the class view refused %d answer(s): %s", len(batch), reply)
            return "refused"
        return self._failed(f"HTTP {status}: {reply}")

    def _failed(self, reason: str) -> str:
        if not self.pause:
            _LOGGER.warning("the class view cannot be reached (%s): answers are kept and sent later", reason)
        self.pause = min(max(2 * self.pause, FIRST_PAUSE), LONGEST_PAUSE)
        return "failed"

    def _send_pending(self) -> None:
        """Send the outbox until it is empty, or until a call fails (then the pause has grown)."""
        while not self._stop.is_set():
            batch = self.pending()
            if not batch:
                self.pause = 0.0                 # nothing to send (another kernel sent it): wait for an answer
                return
            outcome = self._post(batch)
            if outcome == "sent":
                self._delete(answer_id for answer_id, _ in batch)
            elif outcome != "refused":
                return
            else:
                for one in batch:                # one answer the service does not take: find it, keep the rest
                    alone = self._post([one]) if len(batch) > 1 else "refused"
                    if alone in ("failed", "unauthorised"):
                        return
                    self._delete([one[0]])

    def _send_forever(self) -> None:
        while not self._stop.is_set():
            if self.pause:
                self._stop.wait(self.pause)      # a new answer does not cut a pause short: no hammering
            else:
                self._wake.wait()
            self._wake.clear()
            if self._stop.is_set():
                return
            if self.state == "token refused":
                continue                         # a new answer wakes the thread to look at the token again
            try:
                self._send_pending()
            except Exception:                    # noqa: BLE001 - a damaged file: log, and try again later
                if self.store._connection is None:
                    return                       # the store was closed: nothing more to send from it
                _LOGGER.exception("could not send answers to the class view")
                self.pause = LONGEST_PAUSE


_LINKS: dict[int, ClassLink] = {}       # by the store's id(): a kernel has one store (progress_store()), tests a few
_LINKS_LOCK = threading.Lock()


def link_for(store: ProgressStore) -> ClassLink | None:
    """The link of ``store`` in this kernel, started on first use; None off the hub (no ``BACCARAT_CLASS_URL``)."""
    url = class_url()
    if url is None:
        return None
    with _LINKS_LOCK:
        link = _LINKS.get(id(store))
        if link is None or link.store is not store or link.url != url or link._stop.is_set():
            link = _LINKS[id(store)] = ClassLink(store, url)
        return link
