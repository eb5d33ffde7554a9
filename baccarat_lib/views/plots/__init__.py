"""Matplotlib pictures, readable on a projector. Every function takes an optional ``ax`` and returns the axes;
none calls ``plt.show()``: end the notebook cell with ``plt.show()``.

Every public name of the modules below is importable from here; each loads its module on first use.
"""

from ..._lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    ".common": ("new_axes", "OUTCOME_COLOURS", "BET_COLOURS", "CARD_RED", "CARD_BLACK"),
    ".tableau": ("plot_tableau_grid", "plot_coup"),
    ".roads": ("plot_bead_plate", "plot_big_road", "plot_roads", "plot_streak_statistics"),
    ".counting": ("plot_effect_of_removal", "plot_edges_through_shoe"),
    ".convergence": ("plot_convergence",),
    ".progress": ("plot_accuracy_over_time",),
})
