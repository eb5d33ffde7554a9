"""A tiny stand-in for the class hub's service (serve/hub's class-view), played by the standard library's http.server
in a thread on 127.0.0.1, as the contract between the lesson side and the service says it answers:

- ``POST api/answers`` ``{"answers": [...]}`` -> 200 ``{"stored": n, "duplicates": m}`` (an id already stored is
  a duplicate); 400 ``{"error": ...}`` for the whole batch when one answer's ``answer`` is in ``refuse``.
- ``GET api/polls/current`` -> ``{"poll": ...}``; ``POST api/polls/<id>/answers`` ``{"answer": str}`` -> 200
  ``{"accepted": true}``, 404 for an unknown poll, 409 when it is closed or the student answered already.

Every request's path, token and body is kept in ``requests``; ``delay`` slows every reply; ``down`` answers
nothing (the connection is closed without a reply). The state (``Service``) outlives a server: stop one and start
another on the same port, as a service restarting."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PREFIX = "/services/class-view/"


class Service:
    """What the service has received, and how it behaves."""

    def __init__(self, token: str = "student-token"):
        self.token = token
        self.answers: dict[str, dict] = {}       # id -> answer, each stored once
        self.duplicates = 0
        self.requests: list[tuple[str, str, str, object]] = []   # (method, path, Authorization header, body)
        self.delay = 0.0
        self.refuse: set[str] = set()
        self.poll: dict | None = None
        self.poll_answers: dict[int, str] = {}   # poll id -> the one answer
        self.lock = threading.Lock()


def _handler(service: Service):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):            # quiet
            pass

        def _reply(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass                             # the client gave up waiting (a timeout test): its reply is lost

        def _body(self):
            length = int(self.headers.get("Content-Length") or 0)
            return json.loads(self.rfile.read(length).decode("utf-8")) if length else None

        def _handle(self, method: str) -> None:
            body = self._body() if method == "POST" else None
            with service.lock:
                service.requests.append((method, self.path, self.headers.get("Authorization"), body))
            if service.delay:
                time.sleep(service.delay)
            if self.headers.get("Authorization") != f"token {service.token}":
                return self._reply(403, {"error": "not a student of this class"})
            path = self.path[len(PREFIX):] if self.path.startswith(PREFIX) else None
            if method == "POST" and path == "api/answers":
                answers = body["answers"]
                if any(answer["answer"] in service.refuse for answer in answers):
                    return self._reply(400, {"error": "an answer this service does not take"})
                with service.lock:
                    fresh = [answer for answer in answers if answer["id"] not in service.answers]
                    service.duplicates += len(answers) - len(fresh)
                    service.answers.update((answer["id"], answer) for answer in fresh)
                return self._reply(200, {"stored": len(fresh), "duplicates": len(answers) - len(fresh)})
            if method == "GET" and path == "api/polls/current":
                return self._reply(200, {"poll": service.poll})
            if method == "POST" and path and path.startswith("api/polls/") and path.endswith("/answers"):
                number = int(path.split("/")[2])
                if service.poll is None or service.poll["id"] != number:
                    return self._reply(404, {"error": f"no poll {number}"})
                if service.poll["state"] != "open":
                    return self._reply(409, {"error": "this poll is closed"})
                if number in service.poll_answers:
                    return self._reply(409, {"error": "you have answered this poll already"})
                service.poll_answers[number] = body["answer"]
                return self._reply(200, {"accepted": True})
            return self._reply(404, {"error": f"no such page {self.path}"})

        def do_GET(self):
            self._handle("GET")

        def do_POST(self):
            self._handle("POST")

    return Handler


class ServiceServer:
    """``Service`` answering on 127.0.0.1 (``port`` 0: a free one) until ``stop()``; ``url`` ends in the service's
    prefix, as ``BACCARAT_CLASS_URL`` does."""

    def __init__(self, service: Service, port: int = 0):
        self.service = service
        self.server = ThreadingHTTPServer(("127.0.0.1", port), _handler(service))
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}{PREFIX}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


def wait_for(condition, seconds: float = 10.0) -> bool:
    """Whether ``condition()`` became true within ``seconds`` (checked every 20 ms)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return condition()
