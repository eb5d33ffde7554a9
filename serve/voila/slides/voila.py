# Voila settings for slide mode: a lesson as reveal.js slides, nothing loaded from the internet.
#
#     punto-banco slides 05      # loads this file by its absolute path (--Voila.config_file_paths=<this folder>)
#
# The classroom config (../classroom/voila.py) runs first, so slides get the same kernel settings: the
# page's `_xsrf` cookie (a closed page shuts its kernel down) and the culling of idle kernels. Then:
#
# - the template is `baccarat-slides` (serve/voila/templates/baccarat-slides), which
#   extends Voila's `reveal` template: one slide per section (the cells' metadata.slideshow.slide_type, written by
#   tools/cell_tags.py), notebook-only cells and the lesson's navigation bars skipped, and none of the reveal
#   template's CDN links (Font Awesome: Voila's own bundle already carries the widget icons);
# - reveal.js's stylesheets (reveal.css, theme/white.css: their fonts are inlined) and jQuery (which the reveal
#   template loads, for its scrolling of a slide taller than the screen) are installed by `npm ci` from the
#   template's static/package.json and package-lock.json into static/node_modules/ (not committed; pip's build
#   runs it, tools/hatch_build.py), and Voila
#   serves a template's static folder at /voila/static/. (A link to a node_modules/ elsewhere is refused: the
#   static handler does not follow links out of its folder.) Voila's own bundle already holds reveal.js's script
#   (version 6.0.1 for voila 0.5.13, the version package.json pins for the stylesheets).
#   These settings only take effect from a config file: the same values on the command line do not reach the
#   template.

from pathlib import Path

c = get_config()  # noqa: F821 (traitlets provides get_config when it runs this file)

_HERE = Path(__file__).resolve().parent
_CLASSROOM = _HERE.parent / "classroom" / "voila.py"
# The classroom settings, read from their file (not copied): kernel settings, and the course's templates on
# the Jupyter data path. `get_config` and `__file__` are passed on so that file finds its own folder.
exec(compile(_CLASSROOM.read_text(encoding="utf-8"), str(_CLASSROOM), "exec"),
     {"get_config": lambda: c, "__file__": str(_CLASSROOM), "__name__": "classroom_voila_config"})

c.VoilaConfiguration.template = "baccarat-slides"

# Where the page loads the assets from: absolute paths on this server (Voila's default base_url, "/").
_STATIC = "/voila/static/node_modules"
c.VoilaConfiguration.resources = {
    "reveal": {
        "url_prefix": f"{_STATIC}/reveal.js",  # {url_prefix}/dist/reveal.css and /dist/theme/white.css
        "theme": "white",
        "transition": "none",                  # a projector shows a sliding transition badly
        # A 1280x720 screen less reveal.js's 4% margin: the slides are laid out 1:1 (a 20 px font is 20 px on
        # the screen); a 1280x720 slide would be shrunk to 96%.
        "width": 1228,
        "height": 691,
        # Reveal's own scrolling (jQuery, only when a slide is entered) is off: the template lets a slide that
        # grows after a click scroll, and gives a tall widget a scrolling box of its own.
        "scroll": False,
    }
}
c.HTMLExporter.jquery_url = f"{_STATIC}/jquery/dist/jquery.min.js"
