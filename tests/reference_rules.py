"""An independent, deliberately plain implementation of the drawing rules, for tests only.

Written from the prose of the reference (casino-style if-chains), not from baccarat_lib's tableau.
Cards are point values 0..9; ``reference_coup(values)`` returns (player_values, banker_values, winner).
"""


def reference_banker_draws(banker, player_third):
    """The Banker rule as the casino rule card states it."""
    if player_third is None:
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return player_third != 8
    if banker == 4:
        return 2 <= player_third <= 7
    if banker == 5:
        return 4 <= player_third <= 7
    if banker == 6:
        return player_third in (6, 7)
    return False


def reference_coup(values):
    """Play values in dealt order; returns (player_values, banker_values, winner) with winner in player/banker/tie."""
    player, banker = [values[0], values[2]], [values[1], values[3]]
    rest = list(values[4:])
    p, b = sum(player) % 10, sum(banker) % 10
    if p < 8 and b < 8:
        third = None
        if p <= 5:
            third = rest.pop(0)
            player.append(third)
        if reference_banker_draws(b, third):
            banker.append(rest.pop(0))
    p, b = sum(player) % 10, sum(banker) % 10
    winner = "player" if p > b else "banker" if b > p else "tie"
    return player, banker, winner


# The correct Banker table written out by hand, row by row, as a "published" table with no wrong row:
# {banker_total: (draw values, stand values)}.
CORRECT_TABLEAU = {0: (range(10), ()), 1: (range(10), ()), 2: (range(10), ()),
                   3: ((0, 1, 2, 3, 4, 5, 6, 7, 9), (8,)),
                   4: ((2, 3, 4, 5, 6, 7), (0, 1, 8, 9)),
                   5: ((4, 5, 6, 7), (0, 1, 2, 3, 8, 9)),
                   6: ((6, 7), (0, 1, 2, 3, 4, 5, 8, 9)),
                   7: ((), range(10))}
