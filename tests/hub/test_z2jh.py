"""The Zero to JupyterHub values file, serve/hub/z2jh/values.yaml, and the image repo2docker builds.

What can be checked without Kubernetes or Docker: the file parses; every key it sets exists in the chart's
schema with the right type; its limits agree with each other and with the measured memory per student; no
password is in it, and the hub refuses to start without one; repo2docker (a dry run, ``--no-build``, which needs
no Docker daemon) builds the image with the conda buildpack from environment.yml, runs postBuild, and picks a
Python that pyproject.toml allows; the image has nbgitpuller, which the lesson links need.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from packaging.specifiers import SpecifierSet
from traitlets.config import Config

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: jupyterlab depends on tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
VALUES = ROOT / "serve" / "hub" / "z2jh" / "values.yaml"
TARGET_REPO_DIR = "/srv/punto-banco-course"  # where the build command in values.yaml puts the repository

# The part of the chart's schema this file uses, copied (descriptions left out) from
# github.com/jupyterhub/zero-to-jupyterhub-k8s, jupyterhub/values.schema.yaml at commit
# 48ea50e34daddde55d76e30df6ecd47e4abd4d8e (2026-07-24; chart appVersion 5.5.0). Only the keys used here are
# listed, and every level forbids unknown keys as the chart's does (additionalProperties: false), so a key that is
# misspelt or not in the chart fails. hub.config's sections are passed through to JupyterHub's traitlets.
NULLABLE_INT = {"type": ["integer", "null"]}
CHART_SCHEMA_PART = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "hub": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "config": {
                    "type": "object", "additionalProperties": False,
                    "patternProperties": {"^[A-Z].*$": {"type": "object", "additionalProperties": True}},
                },
                "extraConfig": {"type": "object", "additionalProperties": True},
            },
        },
        "singleuser": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "image": {
                    "type": "object", "additionalProperties": False, "required": ["name", "tag"],
                    "properties": {"name": {"type": "string"}, "tag": {"type": "string"},
                                   "pullPolicy": {"enum": [None, "", "IfNotPresent", "Always", "Never"]}},
                },
                "defaultUrl": {"type": ["string", "null"]},
                "extraEnv": {"type": ["object", "array"], "additionalProperties": True},
                "memory": {
                    "type": "object", "additionalProperties": False,
                    "properties": {"limit": {"type": ["number", "string", "null"]},
                                   "guarantee": {"type": ["number", "string", "null"]}},
                },
                "cpu": {
                    "type": "object", "additionalProperties": False,
                    "properties": {"limit": {"type": ["number", "null"]}, "guarantee": {"type": ["number", "null"]}},
                },
                "storage": {
                    "type": "object", "additionalProperties": False,
                    "properties": {"capacity": {"type": ["string", "null"]}},
                },
            },
        },
        "cull": {
            "type": "object", "additionalProperties": False, "required": ["enabled"],
            "properties": {
                "enabled": {"type": "boolean"}, "users": {"type": ["boolean", "null"]},
                "adminUsers": {"type": ["boolean", "null"]}, "removeNamedServers": {"type": ["boolean", "null"]},
                "timeout": NULLABLE_INT, "every": NULLABLE_INT, "concurrency": NULLABLE_INT, "maxAge": NULLABLE_INT,
            },
        },
    },
}

# KubeSpawner's byte sizes (jupyterhub.traitlets.ByteSpecification): K, M, G, T are powers of 1024.
UNITS = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
MEASURED_BUSY_BYTES = 250 * 10**6  # measured: about 250 MB per student running a lesson


@pytest.fixture(scope="module")
def values() -> dict:
    return yaml.safe_load(VALUES.read_text(encoding="utf-8"))


def _bytes(size: str) -> int:
    number, unit = re.fullmatch(r"([0-9.]+)([KMGT])", str(size)).groups()
    return int(float(number) * UNITS[unit])


def _keys(node, prefix=""):
    """Every key path of a nested mapping, e.g. 'singleuser.memory.limit'."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield f"{prefix}{key}"
            yield from _keys(value, f"{prefix}{key}.")


# --- The file ---------------------------------------------------------------------------------

def test_every_key_exists_in_the_charts_schema(values):
    jsonschema.validate(values, CHART_SCHEMA_PART)
    misspelt = {**values, "singleuser": {**values["singleuser"], "memory": {"limt": "1G"}}}
    with pytest.raises(jsonschema.ValidationError):  # the check does catch a key the chart does not have
        jsonschema.validate(misspelt, CHART_SCHEMA_PART)


def test_image_url_culling_and_authenticator(values):
    singleuser = values["singleuser"]
    assert set(singleuser["image"]) == {"name", "tag"}
    assert isinstance(singleuser["image"]["tag"], str)  # a numeric-looking tag must stay a string
    assert singleuser["defaultUrl"] == "/lab"
    assert values["cull"] == {"enabled": True, "timeout": 3600, "every": 300}
    config = values["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "shared-password"
    assert config["SharedPasswordAuthenticator"]["admin_users"]


def test_limits_are_consistent_and_fit_the_measured_memory(values):
    memory, cpu = values["singleuser"]["memory"], values["singleuser"]["cpu"]
    guarantee, limit = _bytes(memory["guarantee"]), _bytes(memory["limit"])
    assert guarantee == 512 * 2**20 and limit == 2**30  # 512M and 1G, as README-kubernetes works them out
    assert MEASURED_BUSY_BYTES < guarantee <= limit
    assert 0 < cpu["guarantee"] <= cpu["limit"]


def test_no_password_is_in_the_file(values):
    for path in _keys(values):
        assert not path.lower().endswith("password"), f"{path}: passwords go in a secret values file"
    assert not re.search(r"^\s*\w*password\s*:", VALUES.read_text(encoding="utf-8"), re.M | re.I)


def _hub_starts(values: dict, secrets: dict | None = None) -> bool:
    """Load hub.config into `c` and run hub.extraConfig, as the chart's jupyterhub_config.py does."""
    c = Config()
    for section, settings in values["hub"]["config"].items():
        c[section].update(settings)
    for section, settings in (secrets or {}).items():
        c[section].update(settings)
    try:
        for snippet in values["hub"]["extraConfig"].values():
            exec(snippet, {"c": c})
    except SystemExit as stop:
        assert "SharedPasswordAuthenticator.user_password" in str(stop)
        return False
    return True


def test_the_hub_refuses_to_start_without_both_passwords(values):
    assert not _hub_starts(values)
    student, teacher = "x" * 8, "y" * 32  # JupyterHub's own minimum lengths for the two passwords
    assert not _hub_starts(values, {"SharedPasswordAuthenticator": {"user_password": student}})
    assert not _hub_starts(values, {"SharedPasswordAuthenticator": {"user_password": "x" * 7,
                                                                    "admin_password": teacher}})
    assert _hub_starts(values, {"SharedPasswordAuthenticator": {"user_password": student,
                                                                "admin_password": teacher}})


def test_students_servers_get_the_one_machine_hubs_memory_cuts(values):
    # The same server extensions left out and the same nbformat validator as serve/hub/jupyterhub_config.py gives
    # (both read serve/hub/baccarat_settings.py), passed as KubeSpawner's arguments and the server's environment.
    sys.path.insert(0, str(ROOT / "serve" / "hub"))
    from baccarat_settings import STUDENT_SERVER_ARGS, STUDENT_SERVER_ENVIRONMENT

    assert values["hub"]["config"]["KubeSpawner"]["args"] == list(STUDENT_SERVER_ARGS)
    assert {name: values["singleuser"]["extraEnv"].get(name) for name in STUDENT_SERVER_ENVIRONMENT} == \
        STUDENT_SERVER_ENVIRONMENT
    assert {argument.rsplit(".", 1)[1] for argument in STUDENT_SERVER_ARGS} == \
        {"jpserver_extensions=jupyter_lsp=False", "jpserver_extensions=jupyter_server_terminals=False",
         "jpserver_extensions=notebook_shim=False"}
    # The one-machine config takes both from there too (it cannot be imported here: it needs root and passwords).
    config = (ROOT / "serve" / "hub" / "jupyterhub_config.py").read_text(encoding="utf-8")
    assert "c.Spawner.args = list(STUDENT_SERVER_ARGS)" in config and "**STUDENT_SERVER_ENVIRONMENT}" in config


def test_the_classroom_view_settings_are_where_the_image_keeps_them(values):
    path = values["singleuser"]["extraEnv"]["JUPYTER_CONFIG_PATH"]
    assert path.startswith(TARGET_REPO_DIR + "/")
    assert f"--target-repo-dir {TARGET_REPO_DIR}" in VALUES.read_text(encoding="utf-8")
    assert (ROOT / path[len(TARGET_REPO_DIR) + 1:] / "voila.py").is_file()


# --- The image ----------------------------------------------------------------------------------

def _requires_python() -> SpecifierSet:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return SpecifierSet(project["requires-python"])


def test_the_image_has_nbgitpuller():
    dependencies = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))["dependencies"]
    assert any(re.match(r"nbgitpuller\b", entry) for entry in dependencies if isinstance(entry, str)), \
        "environment.yml must list nbgitpuller: the lesson links (serve/hub/links.py) need it in the image"


@pytest.fixture(scope="module")
def fresh_copy(tmp_path_factory) -> Path:
    """The repository's tracked files as they are in the work tree (what a commit would hold), nothing else."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to list the tracked files")
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True, check=True,
                            timeout=60).stdout.decode().split("\0")
    copy = tmp_path_factory.mktemp("course")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    return copy


def test_repo2docker_builds_with_conda_runs_postbuild_and_a_supported_python(fresh_copy):
    pytest.importorskip("repo2docker", reason="jupyter-repo2docker is not installed")
    result = subprocess.run(
        [sys.executable, "-m", "repo2docker", "--no-build", "--debug", "--user-name", "jovyan",
         "--target-repo-dir", TARGET_REPO_DIR, "--image-name", "local/punto-banco-course:test", str(fresh_copy)],
        capture_output=True, text=True, timeout=120)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert 'env update -p ${NB_PYTHON_PREFIX} --file "environment.yml"' in output  # the conda buildpack's step
    assert "RUN ./postBuild" in output
    python = re.search(r"Building conda environment for python=([0-9.]+)", output).group(1)
    assert python in _requires_python(), f"the image's Python {python} is outside requires-python"


def test_repo2docker_gives_the_image_the_hubs_major_version():
    # The chart (commit above) runs JupyterHub 5.5.0 (images/hub/requirements.txt); a server's
    # jupyterhub-singleuser should have the hub's major version. repo2docker's conda base environment brings it:
    # 3.* up to 2024.7.0, 5.* from 2025.08.0 on.
    repo2docker = pytest.importorskip("repo2docker", reason="jupyter-repo2docker is not installed")
    base = Path(repo2docker.__file__).parent / "buildpacks" / "conda" / "environment.yml"
    assert re.search(r"^\s*- jupyterhub-singleuser==5\.\*", base.read_text(encoding="utf-8"), re.M), \
        "build the image with jupyter-repo2docker>=2025.8 (its base environment has jupyterhub-singleuser 5)"


def test_repo2docker_picks_the_conda_buildpack(fresh_copy, monkeypatch):
    pytest.importorskip("repo2docker", reason="jupyter-repo2docker is not installed")
    from repo2docker.app import Repo2Docker
    from repo2docker.buildpacks import CondaBuildPack

    monkeypatch.chdir(fresh_copy)  # buildpacks look at the working directory, as repo2docker does after cloning
    app = Repo2Docker()
    picked = next(buildpack for buildpack in (kind(app.base_image) for kind in app.buildpacks) if buildpack.detect())
    assert type(picked) is CondaBuildPack
    assert picked.get_post_build_scripts() == ["postBuild"]
    assert picked.python_version in _requires_python()


def test_the_class_view_is_declared_with_the_one_machine_roles_once_its_token_is_given(values, monkeypatch):
    # without its token the hub starts without the class view; with it, the service, its scope and the roles are
    # those of serve/hub/jupyterhub_config.py (the teacher role holds the scope class_view.py asks for)
    sys.path.insert(0, str(ROOT / "serve" / "hub"))
    from class_view import TEACH_SCOPE

    def declared() -> Config:
        c = Config()
        exec(values["hub"]["extraConfig"]["class-view"], {"c": c})
        return c

    monkeypatch.delenv("CLASS_VIEW_API_TOKEN", raising=False)
    assert "services" not in declared().JupyterHub
    monkeypatch.setenv("CLASS_VIEW_API_TOKEN", "t" * 64)
    c = declared()
    (service,) = c.JupyterHub.services
    assert (service["name"], service["url"], service["api_token"]) == ("class-view", "http://class-view:8000", "t" * 64)
    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    assert TEACH_SCOPE in roles["teacher"]["scopes"] and TEACH_SCOPE in c.JupyterHub.custom_scopes
    assert "access:services!service=class-view" in roles["user"]["scopes"]
    assert "access:services!service=class-view" in c.Spawner.server_token_scopes
    assert values["singleuser"]["extraEnv"]["BACCARAT_CLASS_URL"].endswith("/services/class-view/")
    manifest = list(yaml.safe_load_all((VALUES.parent / "class-view.yaml").read_text(encoding="utf-8")))
    container = manifest[0]["spec"]["template"]["spec"]["containers"][0]
    assert container["command"][-1] == f"{TARGET_REPO_DIR}/serve/hub/class_view.py"
    assert (ROOT / "serve" / "hub" / "class_view.py").is_file()
