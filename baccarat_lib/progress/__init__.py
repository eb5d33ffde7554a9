"""The progress layer: a learner's saved answers, the schedule that brings missed items back, the report of what
they say, and the one recorder that times and saves each answer. Imports only the library's base (``errors``,
``i18n``, ``course``) and Python's standard library: ``teaching`` and ``views`` import it, never the other way round.

- ``store``: the SQLite file of answers (``ProgressStore``), where it is, export and reset.
- ``schedule``: Leitner boxes over the answers (``next_items``).
- ``report``: per skill, per cell of the tableau, per day, per lesson, and what to practise next.
- ``recorder``: ``AnswerRecorder``, the clock and the save-once rule of lessons, drills, the final test and
  dealer mode.
- ``class_link``: on the class hub, each saved answer also sent to the class's service, in the background.

Every public name of its modules (each module's ``__all__``) is importable from here; each loads its module
on first use.
"""

from .._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__)
