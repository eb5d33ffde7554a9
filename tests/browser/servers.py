"""Start and stop throw-away JupyterLab and Voila servers for the browser tests.

Public functions
    start_lab(root, home, log_path) -> Server
        JupyterLab on 127.0.0.1 and a free port, without a token (tests only), serving `root`.
        Its config, settings, workspaces, checkpoints and runtime files live under `home` (a
        temp dir), so nothing is written into `root`; the data dir stays the default one so
        installed lab extensions (jupyterlab_widgets) load. Autosave is off.
    start_voila(root, home, log_path, config_dir=None, extra_args=()) -> Server
        Voila serving every notebook under `root` at /voila/render/<path>. With `config_dir` (e.g. the
        course's serve/voila/classroom) Voila reads its voila.py from there, as the README's classroom
        command does, and keeps that file's culling; without it, test culling values are used.
        `extra_args` go last on the command line (they win over the config file).
    notary_dir(home) -> Path
        The private notebook-signature dir of a lab server (trust a notebook by signing it there).
    shutdown_kernels(url) -> None
        Shut down every session and kernel of a JupyterLab test server (REST API).

`Server` has `url`, `process`, `log_path` and `stop()`, which stops the process by its handle.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

START_TIMEOUT_S = 90.0

# User settings written into the temporary JupyterLab settings dir.
LAB_USER_SETTINGS = {
    # No news/update toast covering screenshots.
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    # Never write executed outputs back into the course's notebooks.
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    # Every cell stays in the DOM, so selectors and error checks see the whole notebook.
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}


@dataclass
class Server:
    """A server process started by this module."""

    url: str
    process: subprocess.Popen
    log_path: Path

    def stop(self, timeout_s: float = 20.0) -> None:
        """Terminate the process (it shuts its kernels down), then kill it if it hangs."""
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=timeout_s)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment for a test server: private config/runtime/settings dirs, default data dir."""
    env = dict(os.environ)
    # A global MPLBACKEND (e.g. Agg in CI) would stop inline plots from showing in the kernel.
    env.pop("MPLBACKEND", None)
    env.pop("JUPYTER_TOKEN", None)
    config = home / "config"
    env.update(
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(config / "lab" / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(config / "lab" / "workspaces"),
        PYTHONUNBUFFERED="1",
    )
    return env


def write_lab_settings(home: Path) -> None:
    """Write LAB_USER_SETTINGS as JupyterLab user-settings files under `home`."""
    settings_dir = home / "config" / "lab" / "user-settings"
    for plugin, values in LAB_USER_SETTINGS.items():
        path = settings_dir / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=2))


def notary_dir(home: Path) -> Path:
    """Where a lab test server started with `home` keeps its notebook signatures (which notebooks are trusted):
    sign with nbformat.sign.NotebookNotary(data_dir=str(notary_dir(home)))."""
    return home / "notary"


def start_lab(root: Path, home: Path, log_path: Path) -> Server:
    """Start JupyterLab serving `root`; return once /api/status answers."""
    write_lab_settings(home)
    port = free_port()
    command = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        "--ServerApp.allow_root=True",
        f"--ServerApp.root_dir={root}",
        # Keep the repo clean. JupyterLab makes a checkpoint when it opens a notebook: an
        # absolute checkpoint_dir puts them all (flat) in the temp dir, not in
        # <notebook dir>/.ipynb_checkpoints. No jupyter_lsp, so no .virtual_documents either.
        f"--FileCheckpoints.checkpoint_dir={home / 'checkpoints'}",
        "--ServerApp.jpserver_extensions", "jupyter_lsp=False",
        # Notebook trust lives in a private signature database (notary_dir(home)), not the user's.
        f"--NotebookNotary.data_dir={notary_dir(home)}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
    ]
    url = f"http://127.0.0.1:{port}"
    return _start(command, root, home, log_path, url, f"{url}/api/status")


def start_voila(root: Path, home: Path, log_path: Path, config_dir: Path | None = None,
                extra_args: Sequence[str] = ()) -> Server:
    """Start Voila serving the notebooks under `root`; return once it answers."""
    port = free_port()
    command = [
        sys.executable, "-m", "voila",
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--Voila.ip=127.0.0.1",
        f"--Voila.root_dir={root}",
        # Show real tracebacks in the page so a failing test says what broke.
        "--show_tracebacks=True",
    ]
    if config_dir is None:
        # Without the course's config a closed page's kernel keeps running; cull them so a long run stays small.
        command += [
            "--MappingKernelManager.cull_interval=10",
            "--MappingKernelManager.cull_idle_timeout=30",
        ]
    else:
        command.append(f"--Voila.config_file_paths={config_dir}")
    command += list(extra_args)
    url = f"http://127.0.0.1:{port}"
    return _start(command, root, home, log_path, url, f"{url}/")


def shutdown_kernels(url: str) -> None:
    """Delete every session and kernel of the JupyterLab server at `url`."""
    for kind in ("sessions", "kernels"):
        for item in _get_json(f"{url}/api/{kind}"):
            try:
                _request("DELETE", f"{url}/api/{kind}/{item['id']}")
            except urllib.error.HTTPError as error:
                if error.code != 404:  # 404: already gone with its session
                    raise


def _start(command: list[str], root: Path, home: Path, log_path: Path, url: str,
           ready_url: str) -> Server:
    for sub in ("runtime", "checkpoints", "notary"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command, cwd=root, env=jupyter_env(home), stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    server = Server(url=url, process=process, log_path=log_path)
    try:
        _wait_until_answers(server, ready_url)
    except BaseException:
        server.stop()
        raise
    return server


def _wait_until_answers(server: Server, ready_url: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"server exited with code {server.process.returncode} before answering "
                f"{ready_url}; log {server.log_path}:\n{_tail(server.log_path)}"
            )
        try:
            with urllib.request.urlopen(ready_url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(
        f"server did not answer {ready_url} within {START_TIMEOUT_S:.0f} s; "
        f"log {server.log_path}:\n{_tail(server.log_path)}"
    )


def _request(method: str, url: str) -> bytes:
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read()


def _get_json(url: str):
    return json.loads(_request("GET", url) or b"[]")


def _tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"
