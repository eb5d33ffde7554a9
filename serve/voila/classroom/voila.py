# Voila settings for classroom mode: the course's template, and no leaked kernels (a shared classroom server would
# otherwise fill up with the kernels of closed tabs).
#
# `punto-banco classroom` loads this file by its absolute path, with --Voila.config_file_paths=<this folder>
# (Voila reads a file named voila.py or voila.json from each folder in that list). Settings given on the
# command line win over the ones here.
#
# 1. A closed page shuts its kernel down, with XSRF protection left on.
#    On `beforeunload` a Voila page POSTs /voila/api/shutdown/<kernel id> (navigator.sendBeacon), putting the
#    value of its `_xsrf` cookie in the form. Stand-alone Voila never sets that cookie, so the POST is refused
#    ("403 ... '_xsrf' argument missing from POST", voila-dashboards/voila#1458) and the kernel runs on.
#    Voila calls a prelaunch hook with the page's request handler before it sends anything; reading
#    `handler.xsrf_token` there makes tornado set the `_xsrf` cookie on the page, and the shutdown POST then
#    passes the normal XSRF check. (Turning the check off, `disable_check_xsrf`, would also work, but would
#    let any web page POST to this server.)
#
# 2. MathJax comes from the page's own server. Voila's front end loads MathJax 2 from a CDN (cdnjs) unless both
#    `fullMathjaxUrl` and `mathjaxConfig` in the page config are null, and then uses the MathJax 3 bundled in its own
#    scripts. Stand-alone Voila passes its `Voila.mathjax_url` / `mathjax_config` (None by default) into the page
#    config, so its pages load nothing; as a Jupyter server extension (the classroom view under JupyterHub, /voila/
#    on a student's server) it reads those two names from the server's tornado settings, which Jupyter Server does
#    not set, and falls back to the CDN address (voila/utils.py, get_page_config). The page-config hook below
#    clears them in both cases; Voila's notebook pages and its list of lessons both call it.
#
# 3. Culling is the backstop, for a page whose shutdown request never arrives (a browser that crashes, a
#    laptop closed) and for tabs left open all day on a shared server: a kernel that has done nothing for an
#    hour is shut down, even while its page is still open (`cull_connected`). A student who comes back to
#    such a page reloads it and gets a fresh kernel. Every click on a widget counts as activity.
#
# 4. The page's language. A screen reader reads a page in the language of its `<html lang>`, which nbconvert's
#    templates take from `resources.language_code` ("en" for every notebook). The prelaunch hook, which knows the
#    lesson's folder, writes the lesson's language into the notebook's metadata (baccarat.language: "vi" for the
#    Vietnamese edition, the folder `vi` beside the English lessons, as baccarat_lib.course.EDITIONS has it, else
#    "en"), and the course's templates (classroom and slides) put it into `<html lang>`.

import os
from pathlib import Path

c = get_config()  # noqa: F821 (traitlets provides get_config when it runs this file)

# 0. The course's template (serve/voila/templates/baccarat: large prose, a header with the lesson's links,
#    notebook-only cells hidden, nothing loaded from the internet). Voila looks for templates on the Jupyter data
#    path (<folder>/voila/templates/<name>). pip installs them into {sys.prefix}/share/jupyter, but a copy there
#    can be older than this file (an editable install copies them once), so the templates beside this file go first
#    on that path: serve/, found from this file's place (two folders up), in a clone as in an installed wheel.
_SHARE = Path(__file__).resolve().parents[2]
os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(_SHARE), os.environ.get("JUPYTER_PATH")]))
c.VoilaConfiguration.template = "baccarat"


VIETNAMESE_FOLDER = "vi"


def prepare_lesson_page(handler, notebook, cwd):
    """Voila prelaunch hook: give the page its `_xsrf` cookie (tornado sets it on first read of the token, 1.) and
    its language (4.)."""
    handler.xsrf_token  # noqa: B018 (the read is the point)
    language = "vi" if Path(cwd or ".").name == VIETNAMESE_FOLDER else "en"
    notebook.metadata.setdefault("baccarat", {})["language"] = language
    return notebook


c.VoilaConfiguration.prelaunch_hook = prepare_lesson_page

LOCAL_MATHJAX = {"fullMathjaxUrl": None, "mathjaxConfig": None}   # null both: Voila's bundled MathJax 3, no CDN


def local_mathjax(page_config, **_context):
    """Voila page-config hook: MathJax from Voila's own scripts, never from a CDN (standalone and under the hub)."""
    page_config.update(LOCAL_MATHJAX)   # in place too: Voila's list page ignores what the hook returns
    return page_config


c.VoilaConfiguration.page_config_hook = local_mathjax

c.MappingKernelManager.cull_idle_timeout = 3600  # seconds without activity before an idle kernel is culled
c.MappingKernelManager.cull_interval = 300       # how often (seconds) Voila looks for such kernels
c.MappingKernelManager.cull_connected = True     # also cull kernels whose page is still open
