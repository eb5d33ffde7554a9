"""JupyterHub for one class on one machine: each student their own server and home. Run as root from the course folder:

    /usr/bin/python3 -m venv .venv-hub && .venv-hub/bin/pip install -e ".[hub]" && npm ci --prefix serve/hub  # once
    export BACCARAT_CLASS_PASSWORD=...            # 8+ characters, told to the students
    export BACCARAT_TEACHER_PASSWORD=...          # 32+ characters, the teacher's only
    .venv-hub/bin/python -m jupyterhub -f serve/hub/jupyterhub_config.py     # Ctrl-C stops the hub and every server
    .venv-hub/bin/python serve/hub/end_class.py --archive DIR                # then, at the end of the class

Every setting comes from an environment variable, checked by `baccarat_settings.read_settings`; the hub refuses to
start (one sentence naming the variable, exit status 1) on a missing, short or well-known password, or when both
passwords are the same.

Authentication: JupyterHub's own shared-password authenticator (JupyterHub >= 5). Students sign in with any name
(lower-case letters, digits, '-', '_') and the class password, so nobody creates accounts before class; the teacher
(BACCARAT_TEACHER, default "teacher") signs in with the teacher password and is the hub's admin. Sign-up with
teacher approval (jupyterhub-nativeauthenticator) was the alternative; it fails on JupyterHub 6 (every login
answers 500, 'LoginHandler' object has no attribute 'statsd'). The limit, said plainly: anyone who knows the class
password can sign in under any student name, including a classmate's. The checks below stop a signed-in student
from reaching another student's server or files, not from typing a classmate's name at the login page; a class
that needs that needs per-student passwords (another authenticator).

Spawner: a Unix user per student, created on first spawn (`baccarat_spawner.StudentSpawner`, after The Littlest
JupyterHub), home `BACCARAT_STUDENT_HOMES/<prefix><name>` (default /home/jupyter-<name>), mode 0700. Each student
has their own server, home and kernels, running as their own user, so one student's code cannot read another's
files in their home (what a student writes elsewhere, e.g. /tmp, is readable by others as usual; processes are
visible in `ps`). This needs the hub to run as root (the config refuses to start otherwise). The hub's access
control refuses /user/<other>/ to a signed-in student. The Unix users stay after the class; the spawner lists those
it creates in the state folder, and `serve/hub/end_class.py` removes exactly those (never another hub's users, nor
users it did not create), archiving their homes first if asked.

Python: the students' servers and kernels run the hub's own Python environment (sys.executable), or
BACCARAT_STUDENT_PYTHON. Before starting, `baccarat_settings.preflight` checks that a student's Unix user can reach
that Python, its packages, the course repository and the course's Voila settings (every folder on the way enterable
by others, the modules importable as user nobody), and the hub refuses in one line naming the folder and the fix
(e.g. a Python under /root, mode 0700, as pyenv installs it, or a clone inside a 0700 home): without it the hub
started and every spawn failed with HTTP 500.

Course: students open an nbgitpuller link (see `serve/hub/links.py`), which clones the course into their home.
When the course is a local repository (BACCARAT_COURSE_REPO, default the repository this file is in; no internet
needed), git runs as the student on a repository root owns, so a new student's ~/.gitconfig names that path (and
its .git) a safe.directory; nothing else is trusted. The course folder must be readable by every user.

Culling: jupyterhub-idle-culler runs as a hub-managed service and stops a server idle for
BACCARAT_CULL_IDLE_SECONDS (default 3600), checking every BACCARAT_CULL_EVERY_SECONDS (default 60).

Stopping: Ctrl-C stops the culler, the proxy and every student's server (each given 3 s to stop, then SIGTERM, then
SIGKILL 1 s later), in under 10 s. This holds also when the hub was started with SIGINT ignored (by a script, or a
non-interactive shell's `&`): the culler then inherited the ignoring, since JupyterHub starts it before installing its
own SIGINT handler, and at Ctrl-C the hub waited 30 s (the culler's fixed interrupt timeout, which c.Spawner does not
reach) before sending it SIGTERM. So this file gives SIGINT back its default handler before anything is started.

Memory: Spawner.mem_limit is set from BACCARAT_MEM_LIMIT (default 1G), but the local-process spawner does not
enforce it (it only passes MEM_LIMIT to the server, which the JupyterLab resource indicator shows); only the
Kubernetes path (serve/hub/z2jh/) enforces a limit. Nothing else is enforced here: an address-space rlimit was
not tried (numpy's threads reserve much more address space than they use). The load test measures how much a
student takes (tests/hub/load_test.py). To make that less, a student's server loads only the server extensions a
class uses: JupyterLab, nbgitpuller and Voila (the links open /lab/tree/... and /voila/render/...); the terminals,
the language servers (jupyter-lsp) and the classic-notebook shim stay off (ServerApp.jpserver_extensions, given on
the server's command line). And nbformat validates the notebooks it opens with jsonschema, which the server has
loaded already, instead of fastjsonschema, which compiles nbformat's schema into about 10 MiB of code in every
server (a lesson then opens in 50-100 ms instead of 20-40 ms). Together about 14 MiB less per student. And glibc gives
freed memory back to the system once 128 KiB are free at the top of the heap (MALLOC_TRIM_THRESHOLD_; its default
climbs to 32 MiB after a large array is freed, so a kernel kept what a lesson's biggest cell used): about 4 MiB less
per student. These settings are STUDENT_SERVER_ARGS and STUDENT_SERVER_ENVIRONMENT in baccarat_settings.py, which the Kubernetes values
(serve/hub/z2jh/values.yaml) repeat. jsonschema stays below 4.25 (pyproject.toml says why): from 4.25 every
server's jsonschema imported rfc3987-syntax, whose Lark parser cost 14 MiB in each student's server (139 -> 125
MiB in the load test) and 1.4 s of CPU at each start (a server with Lab, Voila and nbgitpuller: 88 -> 72 MiB, 2.5 ->
1.0 s). The rest of a server, about 125 MiB while a lesson runs, is jupyter_server (about 55), jupyterhub's
single-user code (about 45: it imports JupyterHub's handlers, so SQLAlchemy, alembic, aiohttp), JupyterLab and
Voila (about 14) and what serving a lesson leaves (about 10: listing the kernel specs imports IPython and ipykernel,
which jupyter_client does for the "python3" spec whatever its settings, about 3; reading the lesson, about 3; starting
its kernel, about 2); no setting takes these off. Nor in a kernel: ipykernel imports debugpy for JupyterLab's debugger,
about 8 MiB in each, with no setting to leave it out. Tried and left out:
MALLOC_ARENA_MAX=2 (glibc's per-thread arenas) saved about 1 MiB a server and nothing in a kernel,
OPENBLAS_NUM_THREADS=1 and PYTHONNODEBUGRANGES=1 under 1 MiB a process, and PYTHONOPTIMIZE=2 (no docstrings) stops
jupyter_server, which reads them.

Network: the proxy binds BACCARAT_HUB_IP:BACCARAT_HUB_PORT (default 127.0.0.1:8000); the proxy's API (port + 1),
the hub's API (port + 2), the class view (port + 3) and the students' servers bind 127.0.0.1 only.

The class view (`class_view.py`, a hub-managed service at /services/class-view/): the answers the students' lessons
send (each student's server gets BACCARAT_CLASS_URL, the service's address through the proxy, and a server token
allowed there), the class's figures and live polls for the role `teacher` (the admin, BACCARAT_TEACHER, and the hub
group BACCARAT_TEACHER_GROUP, default "teachers", through the custom scope custom:class-view:teach). Its data: a
SQLite file in the state folder, or the PostgreSQL database BACCARAT_CLASS_DB_URL names
(postgresql+psycopg://user:password@host/database).

Secrets: none in the repository. The cookie secret is generated by JupyterHub into the state folder
(BACCARAT_HUB_STATE, default serve/hub/state/, git-ignored, mode 0700) with the hub's database and pid files; the
proxy's token and the culler's API token are generated at each start and kept in memory.
"""

import os
import signal
import sys
from pathlib import Path

CLASSROOM = Path(__file__).resolve().parent
sys.path.insert(0, str(CLASSROOM))

from baccarat_settings import (CLASS_VIEW, STUDENT_SERVER_ARGS, STUDENT_SERVER_ENVIRONMENT, SettingsError,  # noqa: E402
                               USERNAME_PATTERN, preflight, read_settings)
from baccarat_spawner import CREATED_USERS_FILE  # noqa: E402

try:
    settings = read_settings(os.environ, CLASSROOM)
except SettingsError as error:
    raise SystemExit(f"Refusing to start the hub: {error}") from None
if os.geteuid() != 0:
    raise SystemExit("Refusing to start the hub: it must run as root, to create a Unix user per student "
                     "(each student's files are then private to them).")
PROXY = CLASSROOM / "node_modules" / ".bin" / "configurable-http-proxy"
if not os.access(PROXY, os.X_OK):
    raise SystemExit(f"Refusing to start the hub: {PROXY} is missing; run `npm ci --prefix serve/hub` in the course "
                     "folder first.")

try:  # everything a student's server needs must be reachable by their Unix user: say so now, not at each spawn
    preflight(settings, CLASSROOM)
except SettingsError as error:
    raise SystemExit(f"Refusing to start the hub: {error}") from None

c = get_config()  # noqa: F821 (provided by JupyterHub when it reads this file)

# The culler and the proxy are started before JupyterHub handles SIGINT itself, and keep an ignored SIGINT across exec:
# Ctrl-C must reach them even if whatever started the hub ignored it (see Stopping above).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Where the hub keeps its state: database, cookie secret (generated on first start), pid files.
settings.state_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
os.chmod(settings.state_dir, 0o700)
c.JupyterHub.db_url = f"sqlite:///{settings.state_dir / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(settings.state_dir / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(settings.state_dir / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(settings.state_dir / "jupyterhub-proxy.pid")

# Addresses: only the proxy's public port listens where the teacher says.
c.JupyterHub.bind_url = f"http://{settings.ip}:{settings.port}/"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings.proxy_api_port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = settings.hub_api_port
c.ConfigurableHTTPProxy.command = [str(PROXY)]
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server (the default, said here)
c.JupyterHub.cleanup_proxy = True

# Sign-in: a class password for students, a teacher password for the admin.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = settings.class_password
c.SharedPasswordAuthenticator.admin_password = settings.teacher_password
c.Authenticator.admin_users = {settings.teacher}
c.Authenticator.allow_all = True
c.Authenticator.username_pattern = USERNAME_PATTERN

# One server per student, as their own Unix user, opening JupyterLab in their home.
c.JupyterHub.spawner_class = "baccarat_spawner.StudentSpawner"
c.StudentSpawner.unix_prefix = settings.unix_prefix
c.StudentSpawner.homes_dir = str(settings.homes_dir)
c.Spawner.cmd = [settings.student_python, "-m", "jupyterhub.singleuser"]
c.Spawner.ip = "127.0.0.1"
c.Spawner.default_url = "/lab"
# The classroom view (/voila/render/..., the links' second column) uses the course's Voila settings and template,
# as `punto-banco classroom` does (serve/voila/classroom/voila.py finds the templates from its own place).
# BACCARAT_CLASS_URL tells the student's lessons where the class view takes their answers (see below).
# STUDENT_SERVER_ENVIRONMENT: nbformat validates with jsonschema, not fastjsonschema (see Memory above).
c.Spawner.environment = {"JUPYTER_CONFIG_PATH": str(CLASSROOM.parent / "voila" / "classroom"),
                         "BACCARAT_CLASS_URL": settings.class_view_url, **STUDENT_SERVER_ENVIRONMENT}
# A student's server loads only the server extensions the class uses (see Memory above): JupyterLab, nbgitpuller
# (the links) and Voila (the classroom links); not the terminals, the language servers or the classic-notebook shim.
c.Spawner.args = list(STUDENT_SERVER_ARGS)
c.Spawner.notebook_dir = "~"
c.Spawner.mem_limit = settings.mem_limit
c.Spawner.start_timeout = 120  # 30 students starting at once on 2 cores
c.Spawner.http_timeout = 120
c.StudentSpawner.safe_directories = settings.safe_directories
# The Unix users this hub creates are listed in its state folder, so that ending the class (serve/hub/end_class.py)
# removes exactly these, never another hub's or the machine's own.
c.StudentSpawner.created_users_file = str(settings.state_dir / CREATED_USERS_FILE)
# Ctrl-C stops the hub in under 10 s: a server still running 3 s after SIGINT (stopping it and its kernels takes 1-3 s
# on a busy machine) is sent SIGTERM, 1 s later SIGKILL. JupyterHub's defaults wait 30 s and 30 s, so one hung server
# held the hub a minute; the servers stop at the same time. The hub then takes 1-4 s to exit. A kernel whose server
# was killed exits by itself when it sees its parent gone.
c.Spawner.interrupt_timeout = 3
c.Spawner.term_timeout = 1
c.Spawner.kill_timeout = 1

# Idle servers are stopped by jupyterhub-idle-culler, with only the scopes it needs.
# The class view (serve/hub/class_view.py, /services/class-view/): what the class answers, and live polls. Every user
# may reach it (the `user` role gains its access scope), and a student's server token may too, so that their lessons
# send it what they answer; only the role `teacher` (the admin, and the group BACCARAT_TEACHER_GROUP) holds the custom
# scope its teacher pages and APIs ask for. Its own token lists the hub's users (who has not started yet).
TEACH_SCOPE = f"custom:{CLASS_VIEW}:teach"
ACCESS_CLASS_VIEW = f"access:services!service={CLASS_VIEW}"
c.JupyterHub.custom_scopes = {TEACH_SCOPE: {"description": "See the class's answers and run live polls in the "
                                                           "class view."}}
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={settings.cull_idle_seconds}",
                    f"--cull-every={settings.cull_every_seconds}"],
    },
    {
        "name": CLASS_VIEW,
        "url": f"http://127.0.0.1:{settings.class_view_port}",
        "command": [sys.executable, str(CLASSROOM / "class_view.py")],
        "environment": {"BACCARAT_HUB_STATE": str(settings.state_dir), "BACCARAT_TEACHER": settings.teacher,
                        "BACCARAT_TEACHER_GROUP": settings.teacher_group,
                        "BACCARAT_CLASS_DB_URL": settings.class_db_url},
        "oauth_no_confirm": True,
        "oauth_client_allowed_scopes": [TEACH_SCOPE],
    },
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
    {"name": "user", "scopes": ["self", ACCESS_CLASS_VIEW]},
    {"name": "teacher", "scopes": [TEACH_SCOPE, ACCESS_CLASS_VIEW], "users": [settings.teacher],
     "groups": [settings.teacher_group]},
    {"name": CLASS_VIEW, "scopes": ["list:users", "read:users:name", "read:users:groups"], "services": [CLASS_VIEW]},
]
# A student's server token: the default `server` role's scopes, and the class view's (each held by the user).
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", ACCESS_CLASS_VIEW]
