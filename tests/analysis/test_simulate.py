"""The vectorised shoe simulator against play_coup, the exact enumerator of tests/brute_force.py, and its own promises.

The rule arrays of the play kernel are tested in test_kernel.py.
"""

import hashlib
import math
from collections import Counter
from dataclasses import fields

import numpy as np
import pytest

import baccarat_lib.analysis.simulate as simulate
from baccarat_lib.analysis.kernel import CODE_OUTCOMES, OUTCOME_CODES
from baccarat_lib.analysis.simulate import (DEFAULT_CUT_CARD, deal_shoe, outcome_counts, play_shoe, simulate_coups,
                                            simulate_outcomes)
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import RANKS, Card, Outcome, play_coup
from brute_force import brute_force_chances
from reference_rules import reference_coup
from baccarat_lib.analysis.kernel import CODE_OUTCOMES
from baccarat_lib.analysis.simulate import deal_shoe, outcome_counts, simulate_coups
from baccarat_lib.game import Outcome, Shoe

# Published 8-deck figures (Wizard of Odds), a check on the enumerator below.
PUBLISHED_8_DECKS = {Outcome.BANKER: 0.458597423, Outcome.PLAYER: 0.446246609, Outcome.TIE: 0.095155968}


def exact_outcome_probabilities(decks):
    """Exact P(outcome) and P(natural) for the first coup of a full shoe, by the one independent enumerator
    of the tests (tests/brute_force.py: plain if-chain rules of tests/reference_rules.py, integer weights)."""
    return brute_force_chances((4 * decks,) * 13, {
        Outcome.PLAYER: lambda facts: facts["winner"] == "player",
        Outcome.BANKER: lambda facts: facts["winner"] == "banker",
        Outcome.TIE: lambda facts: facts["winner"] == "tie",
        "natural": lambda facts: facts["natural"],
    })


@pytest.fixture(scope="module")
def exact_8_decks():
    return exact_outcome_probabilities(8)


@pytest.fixture(scope="module")
def two_million():
    return simulate_coups(2_000_000, decks=8, seed=2024)


def within_4_se(count, n, p):
    standard_error = math.sqrt(p * (1 - p) / n)
    return abs(count / n - p) < 4 * standard_error, (count / n, p, standard_error)


# --- the enumerator used as the reference ----------------------------------------------------

def test_exact_enumerator_matches_published_8_deck_figures(exact_8_decks):
    assert sum(exact_8_decks[outcome] for outcome in Outcome) == 1
    for outcome, published in PUBLISHED_8_DECKS.items():
        assert float(exact_8_decks[outcome]) == pytest.approx(published, abs=1e-9)


# --- the rules as arrays ---------------------------------------------------------------------

def test_lookup_tables_match_reference_rules_in_every_cell():
    """The fast dealer's tables, for every coup key: the pairs, Player's and Banker's two-card totals, 5th, 6th card."""
    tables = {name: table.tolist() for name, table in simulate._RECORD_TABLES.items()}
    for pairs in range(4):
        for player_two in range(10):
            for banker_two in range(10):
                for fifth in range(10):
                    for sixth in range(10):
                        values = [player_two, banker_two, 0, 0, fifth, sixth]
                        player, banker, winner = reference_coup(values)
                        key = pairs * 10_000 + player_two * 1000 + banker_two * 100 + fifth * 10 + sixth
                        row = {name: table[key] for name, table in tables.items()}
                        assert row == {"outcomes": OUTCOME_CODES[Outcome(winner)], "player_totals": sum(player) % 10,
                                       "banker_totals": sum(banker) % 10,
                                       "naturals": player_two >= 8 or banker_two >= 8,
                                       "player_pairs": pairs in (1, 3), "banker_pairs": pairs in (2, 3),
                                       "n_cards": len(player) + len(banker)}, (pairs, values)
    assert simulate._N_CARDS_TABLE[simulate._IDLE] == 0 and simulate._OUTCOME_TABLE[simulate._IDLE] == simulate._NO_COUP


# --- real shoes against play_coup --------------------------------------------------------------

def coup_cards(records, i, n=6):
    start = records.positions[i]
    return [Card(RANKS[rank]) for rank in records.shoe_cards[records.shoes[i], start:start + n]]


@pytest.mark.parametrize("decks, cut_card", [(8, DEFAULT_CUT_CARD), (6, 16), (1, 0), (2, 30)])
def test_every_simulated_coup_agrees_with_play_coup(decks, cut_card):
    records = simulate_coups(1000, decks=decks, seed=decks * 100 + cut_card, cut_card=cut_card, keep_shoes=True)
    assert len(records) == 1000
    for i in range(len(records)):
        coup = play_coup(coup_cards(records, i))
        row = records.row(i)
        assert row["outcome"] == coup.outcome
        assert (row["player_total"], row["banker_total"]) == (coup.player.total, coup.banker.total)
        assert row["n_cards"] == len(coup.cards)
        assert row["natural"] == coup.is_natural
        assert row["player_pair"] == (coup.player.cards[0].rank == coup.player.cards[1].rank)
        assert row["banker_pair"] == (coup.banker.cards[0].rank == coup.banker.cards[1].rank)
        assert records.cards(i) == list(coup.cards)


@pytest.mark.parametrize("decks, cut_card", [(8, DEFAULT_CUT_CARD), (1, 0), (1, 20)])
def test_coups_follow_each_other_through_the_shoe_until_the_cut_card(decks, cut_card):
    records = simulate_coups(3000, decks=decks, seed=5, cut_card=cut_card, keep_shoes=True)
    n_cards = 52 * decks
    full_shoes = records.shoes.max()  # the last shoe may be cut short by n_coups
    assert records.shoe_cards.shape == (full_shoes + 1, n_cards)
    for shoe in range(full_shoes + 1):
        assert Counter(records.shoe_cards[shoe].tolist()) == {rank: 4 * decks for rank in range(13)}
        mine = np.flatnonzero(records.shoes == shoe)
        starts, used = records.positions[mine].astype(int), records.n_cards[mine].astype(int)
        assert starts[0] == 0
        assert (starts[1:] == starts[:-1] + used[:-1]).all()
        assert (n_cards - starts > cut_card).all() and (n_cards - starts >= 6).all()
        if shoe < full_shoes:  # a finished shoe stopped at the cut card
            next_start = starts[-1] + used[-1]
            assert n_cards - next_start <= cut_card or n_cards - next_start < 6


def test_deal_shoe_is_one_whole_shoe():
    shoe = deal_shoe(decks=8, seed=9)
    assert set(shoe.shoes.tolist()) == {0} and shoe.shoe_cards.shape == (1, 416)
    next_start = int(shoe.positions[-1]) + int(shoe.n_cards[-1])
    assert 416 - next_start <= DEFAULT_CUT_CARD < 416 - int(shoe.positions[-1])
    assert shoe.row(0)["position"] == 0
    assert deal_shoe(decks=8, seed=9).outcomes.tolist() == shoe.outcomes.tolist()


def test_play_shoe_plays_the_worked_examples_in_order():
    # Worked examples 2, 1 and 4 of the rules reference, dealt one after the other.
    shoe = play_shoe("2♣ 3♥ 3♠ A♦ 7♦ 4♠  2 A 3 2 8  K 5 9 3  4 4 4 4 4 4", cut_card=6)
    assert [shoe.outcome(i) for i in range(len(shoe))] == [Outcome.BANKER, Outcome.TIE, Outcome.PLAYER]
    assert shoe.n_cards.tolist() == [6, 5, 4]
    assert shoe.player_totals.tolist() == [2, 3, 9] and shoe.banker_totals.tolist() == [8, 3, 8]
    assert shoe.naturals.tolist() == [False, False, True]
    pairs = play_shoe("J J J Q 2 2 2 2 2 2", cut_card=0)
    assert pairs.player_pairs.tolist() == [True] and pairs.banker_pairs.tolist() == [False]


# --- frequencies against exact values ------------------------------------------------------

def test_outcome_frequencies_within_4_standard_errors_of_exact(two_million, exact_8_decks):
    counts = two_million.counts()
    assert sum(counts.values()) == 2_000_000
    for outcome in Outcome:
        ok, detail = within_4_se(counts[outcome], 2_000_000, float(exact_8_decks[outcome]))
        assert ok, (outcome, detail)


def test_pair_frequencies_within_4_standard_errors_of_exact(two_million):
    cards, per_rank = 416, 32
    p_pair = 13 * per_rank * (per_rank - 1) / (cards * (cards - 1))
    for pairs in (two_million.player_pairs, two_million.banker_pairs):
        ok, detail = within_4_se(int(pairs.sum()), 2_000_000, p_pair)
        assert ok, detail


def test_natural_frequency_within_4_standard_errors_of_exact(two_million, exact_8_decks):
    """P(natural) by the independent enumerator (tests/brute_force.py), not by the simulator."""
    p_natural = float(exact_8_decks["natural"])
    ok, detail = within_4_se(int(two_million.naturals.sum()), 2_000_000, p_natural)
    assert ok, detail


# --- seeds, counts, chunks -------------------------------------------------------------------

def test_reproducible_by_seed_and_different_seeds_differ():
    assert outcome_counts(50_000, seed=3) == outcome_counts(50_000, seed=3)
    assert outcome_counts(50_000, seed=3) != outcome_counts(50_000, seed=4)
    first, again = simulate_coups(5000, seed=8), simulate_coups(5000, seed=8)
    assert (first.outcomes == again.outcomes).all() and (first.positions == again.positions).all()
    assert (first.outcomes != simulate_coups(5000, seed=9).outcomes).any()


def test_seeds_never_touch_global_state():
    np.random.seed(0)
    state = np.random.get_state()[1].copy()
    outcome_counts(1000, seed=1)
    simulate_coups(1000, seed=1)
    deal_shoe(seed=1)
    assert (np.random.get_state()[1] == state).all()


@pytest.mark.parametrize("n_coups", [0, 1, 2, 81, 1000, 123_457])
def test_counts_sum_to_n_and_match_the_records(n_coups):
    counts = outcome_counts(n_coups, decks=6, seed=n_coups)
    assert set(counts) == set(Outcome) and sum(counts.values()) == n_coups
    records = simulate_coups(n_coups, decks=6, seed=n_coups)
    assert len(records) == n_coups and records.counts() == counts
    assert set(np.unique(records.outcomes).tolist()) <= set(OUTCOME_CODES.values())


# simulate_outcomes deals simulate_coups' coups and keeps who won and where each shoe starts: the same seed gives the
# same outcomes and shoes, coup for coup (runs of several chunks of shoes, one deck and no cut card, a seed above
# 2**64, none). A shoe starts where simulate_coups' shoe number changes, or where its position is 0.
@pytest.mark.parametrize("n_coups, decks, seed, cut_card", [(400_000, 8, 2024, DEFAULT_CUT_CARD), (20_000, 1, 5, 0),
                                                            (123_457, 6, 2 ** 70, 30), (0, 8, 1, DEFAULT_CUT_CARD)])
def test_simulate_outcomes_keeps_simulate_coups_outcomes_and_shoes(n_coups, decks, seed, cut_card):
    simulated = simulate_outcomes(n_coups, decks, seed, cut_card)
    records = simulate_coups(n_coups, decks, seed, cut_card)
    assert len(simulated) == n_coups and simulated.counts() == records.counts()
    assert (simulated.outcomes.dtype, simulated.shoes.dtype) == (records.outcomes.dtype, records.shoes.dtype)
    assert np.array_equal(simulated.outcomes, records.outcomes) and np.array_equal(simulated.shoes, records.shoes)
    starts = np.flatnonzero(np.diff(records.shoes, prepend=-1))
    assert np.array_equal(simulated.shoe_starts, starts)
    assert np.array_equal(simulated.shoe_starts, np.flatnonzero(records.positions == 0))
    assert simulated.outcomes.nbytes == n_coups and len(simulated.shoe_starts) == len(set(records.shoes.tolist()))
    if n_coups:
        assert simulated.outcome(-1) == records.outcome(-1)


def test_simulate_outcomes_refuses_what_simulate_coups_refuses():
    for arguments, named in (({"n_coups": -1}, "n_coups"), ({"n_coups": 20_000_001}, "n_coups"),
                             ({"n_coups": 10, "decks": 9}, "1 to 8 decks"),
                             ({"n_coups": 10, "cut_card": 416}, "cut_card"), ({"n_coups": 10, "seed": "x"}, "seed")):
        for call in (simulate_outcomes, simulate_coups):
            with pytest.raises(BaccaratError, match=named):
                call(**arguments)
    with pytest.raises(BaccaratError, match="no coups"):
        simulate_outcomes(0, seed=1).outcome(0)


def test_small_chunks_give_the_same_kind_of_result(monkeypatch):
    monkeypatch.setattr(simulate, "_CHUNK_SHOES", 3)
    records = simulate_coups(2000, decks=1, seed=1, keep_shoes=True, cut_card=0)
    assert len(records) == 2000 and records.counts() == outcome_counts(2000, decks=1, seed=1, cut_card=0)
    assert (np.diff(records.shoes) >= 0).all() and records.shoe_cards.shape[0] == records.shoes[-1] + 1
    for i in range(0, 2000, 97):
        assert records.row(i)["outcome"] == play_coup(coup_cards(records, i)).outcome


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("n_coups", [-1, 2.5, "100", True, None])
def test_bad_n_coups_raises(n_coups):
    with pytest.raises(BaccaratError, match="n_coups"):
        outcome_counts(n_coups)
    with pytest.raises(BaccaratError, match="n_coups"):
        simulate_coups(n_coups)


@pytest.mark.parametrize("decks", [0, 9, -8, 2.0, "8"])
def test_bad_decks_raises(decks):
    for call in (lambda: outcome_counts(10, decks=decks), lambda: simulate_coups(10, decks=decks),
                 lambda: deal_shoe(decks=decks)):
        with pytest.raises(BaccaratError, match="1 to 8 decks"):
            call()


@pytest.mark.parametrize("cut_card", [-1, 416, 1000, 1.5])
def test_bad_cut_card_raises(cut_card):
    with pytest.raises(BaccaratError, match="cut_card"):
        outcome_counts(10, cut_card=cut_card)


def test_play_shoe_needs_six_cards_and_cards_need_a_kept_shoe():
    with pytest.raises(BaccaratError, match="at least 6 cards"):
        play_shoe("K 5 9 3")
    with pytest.raises(BaccaratError, match="keep_shoes=True"):
        simulate_coups(10, seed=1).cards(0)


def test_shoes_whose_random_keys_tie_are_reshuffled_exactly():
    """Equal random keys are rare (about 0.1% of shoes); force them to check the exact reshuffle."""
    class AllEqualKeys:
        def __init__(self):
            self.bit_generator, self.real = self, np.random.default_rng(0)

        def random_raw(self, size):
            return np.zeros(size, dtype=np.uint64)

        def permuted(self, cards):
            return self.real.permuted(cards)

    deck_codes = np.tile(simulate._DECK_CODES, 4)
    keys = simulate._shuffle(AllEqualKeys(), 3, deck_codes)
    assert all(sorted(row) == sorted(deck_codes) for row in keys.tolist())
    assert not all((row == np.sort(deck_codes)).all() for row in keys)  # reshuffled, not left in code order


def test_shoes_drawn_piece_by_piece_are_the_shoes_of_one_draw(monkeypatch):
    """Keys are drawn and sorted a few shoes at a time; the tied shoes of every piece are reshuffled after the last
    piece, in row order, as one draw of the whole chunk does: the same shoes, hence the same coups."""
    class TiesEveryFifthShoe:  # one seeded stream, as a Generator's: every fifth shoe's raw keys all equal
        def __init__(self):
            self.bit_generator, self.real, self.shoe = self, np.random.default_rng(0), 0

        def random_raw(self, size):
            raw = self.real.integers(0, 2 ** 63, size, dtype=np.uint64).reshape(-1, 208)
            for row in range(len(raw)):
                if (self.shoe + row) % 5 == 0:
                    raw[row] = 0
            self.shoe += len(raw)
            return raw.ravel()

        def permuted(self, cards):
            return self.real.permuted(cards)

    monkeypatch.setattr(simulate, "_PIECE_SHOES", 7)
    deck_codes, n_cards, limit = simulate._shoe_plan(8, DEFAULT_CUT_CARD)
    pieces = simulate._shuffled_chunk(TiesEveryFifthShoe(), 30, deck_codes, None, limit)
    whole = simulate._shuffle(TiesEveryFifthShoe(), 30, deck_codes)
    expected = simulate._Chunk(30, n_cards, limit, want_pairs=False, want_ranks=False)
    expected.fill(0, (whole & 63).astype(np.uint8))
    assert (pieces.coup_keys == expected.coup_keys).all()


def records_digest(records) -> str:
    """sha256 of every column of ``records`` (values as int64, in field order; shoe_cards too if kept)."""
    digest = hashlib.sha256()
    for field in fields(records):
        column = getattr(records, field.name)
        if column is not None:
            digest.update(field.name.encode())
            digest.update(np.ascontiguousarray(column, dtype=np.int64).tobytes())
    return digest.hexdigest()


# Computed with the simulator as it was before its records came from lookup tables (each coup replayed by
# kernel.play_values): seeded simulations must stay the same coup for coup, every column.
PINNED_RECORDS = [
    ((300_000, 8, 2024, DEFAULT_CUT_CARD, False), "b346fceb13e13017560803ff0f994860cabaacb0fbcf1a34a8a44720f920c6bb"),
    ((20_000, 1, 5, 0, True), "1df571fcacc4d44d770b53ffb3f6a2116a2e2322bf91b38b5c6d3633af61322d"),
    ((123_457, 6, 2 ** 70, 30, True), "e715903821030e1bf6c7dfffcb5671a91bd548792972b57417da2262bf28ddb3"),
]


@pytest.mark.parametrize("arguments, digest", PINNED_RECORDS, ids=lambda value: str(value)[:30])
def test_seeded_simulations_are_the_same_coup_for_coup(arguments, digest):
    n_coups, decks, seed, cut_card, keep_shoes = arguments
    records = simulate_coups(n_coups, decks, seed, cut_card, keep_shoes)
    assert [str(getattr(records, field.name).dtype) for field in fields(records) if field.name != "shoe_cards"] == \
        ["uint8", "uint8", "uint8", "bool", "bool", "bool", "uint8", "int32", "int16"]
    assert records_digest(records) == digest


def test_seeded_counts_and_the_2024_shoe_are_the_same_as_before():
    assert outcome_counts(1_000_000, seed=2024) == {Outcome.PLAYER: 445800, Outcome.BANKER: 459131, Outcome.TIE: 95069}
    assert outcome_counts(777_777, decks=2, seed=9, cut_card=40) == {
        Outcome.PLAYER: 347210, Outcome.BANKER: 357189, Outcome.TIE: 73378}
    assert records_digest(deal_shoe(8, 2024)) == "0f3d79b75fe73394e16eddc8568566242367be35f6d73f2d1d2f920986fca549"


# -------------------- One seed, one shoe
# One seed, one shoe: deal_shoe, simulate_coups, outcome_counts and the widgets deal the
# shoe that game.shoe.Shoe shuffles for the same decks and seed.
# 
# The reference is the plain Python dealer: ``Shoe(decks, seed).coups()``, each coup played by ``play_coup`` and
# checked here against the if-chain rules of tests/reference_rules.py, independent of the numpy kernel.

CASES = [(8, 2024), (8, 0), (8, 9), (6, 42), (1, 3), (1, 2024), (2, 7), (4, 123456789), (8, 2**70)]


def shoe_coups(decks, seed, cut_card=None):
    """(outcome, player total, banker total, ranks of the cards used) of every coup of Shoe(decks, seed)."""
    shoe = Shoe(decks=decks, seed=seed, cut_card=cut_card)
    return [(coup.outcome, coup.player.total, coup.banker.total, [card.rank for card in coup.cards])
            for coup in shoe.coups()]


@pytest.mark.parametrize("decks, seed", CASES)
def test_deal_shoe_deals_the_shoe_of_shoe_coup_by_coup(decks, seed):
    # "seed 2024, 8 decks" gave 81 coups (first Banker 9-0) in deal_shoe and 82 (first Banker
    # 4-2) in Shoe; now they are one shoe: same count, and coup by coup the same winner, totals and cards.
    expected = shoe_coups(decks, seed)
    records = deal_shoe(decks=decks, seed=seed)
    assert len(records) == len(expected)
    for i, (outcome, player, banker, ranks) in enumerate(expected):
        row = records.row(i)
        assert (row["outcome"], row["player_total"], row["banker_total"]) == (outcome, player, banker)
        assert [card.rank for card in records.cards(i)] == ranks
        assert reference_coup([card.value for card in records.cards(i)])[2] == outcome.value


def test_the_2024_shoe_is_the_one_of_lessons_05_06_10():
    # The shoe the lessons' Shoe widgets deal starts "Player 8♠ 4♦ Q♠ (2) – Banker 8♥ 6♦ (4)":
    # Player 8+4+0 = 12 -> 2, Banker 8+6 = 14 -> 4, Banker stands on 4 after Player's third card Q (value 0).
    first = deal_shoe(decks=8, seed=2024).row(0)
    assert (first["outcome"], first["player_total"], first["banker_total"], first["n_cards"]) == \
        (Outcome.BANKER, 2, 4, 5)
    assert len(deal_shoe(decks=8, seed=2024)) == len(list(Shoe(decks=8, seed=2024).coups()))


@pytest.mark.parametrize("cut_card", [0, 6, 14, 40])
def test_same_cut_card_same_coups(cut_card):
    # The cut card means the same in both dealers.
    expected = shoe_coups(1, 11, cut_card)
    records = deal_shoe(decks=1, seed=11, cut_card=cut_card)
    assert [CODE_OUTCOMES[code] for code in records.outcomes] == [coup[0] for coup in expected]


@pytest.mark.parametrize("decks, seed", [(8, 2024), (1, 3), (6, 5)])
def test_the_simulators_first_shoe_is_that_shoe_too(decks, seed):
    # Simulate_coups and outcome_counts start with the same shoe (later shoes: numpy's stream).
    expected = shoe_coups(decks, seed)
    n = len(expected)
    records = simulate_coups(n + 50, decks=decks, seed=seed, keep_shoes=True)
    assert [CODE_OUTCOMES[code] for code in records.outcomes[:n]] == [coup[0] for coup in expected]
    assert records.shoes[:n].tolist() == [0] * n and records.shoes[n] == 1
    assert (records.shoe_cards[0] == deal_shoe(decks=decks, seed=seed).shoe_cards[0]).all()
    counts = outcome_counts(n, decks=decks, seed=seed)
    assert counts == {outcome: sum(coup[0] is outcome for coup in expected) for outcome in Outcome}
    assert records.counts() == outcome_counts(n + 50, decks=decks, seed=seed)


def test_the_widgets_deal_that_shoe():
    # The road dealer (deal_shoe) and the shoe dealer / settle widget (Shoe, ShoeRun) agree.
    from baccarat_lib.game import ShoeRun
    from baccarat_lib.views.widgets import show_road_dealer
    dealer = show_road_dealer(seed=2024, decks=8).controller
    expected = shoe_coups(8, 2024)
    assert [CODE_OUTCOMES[code] for code in dealer.roads.records.outcomes] == [coup[0] for coup in expected]
    from baccarat_lib.views.widgets import show_shoe_dealer
    shoe_dealer = show_shoe_dealer(seed=2024, decks=8).controller
    dealt_and_left = shoe_dealer.run.shoe.dealt + shoe_dealer.run.shoe.peek(416)
    assert [card.rank for card in dealt_and_left] == [
        card.rank for card in Shoe(decks=8, seed=2024).peek(416)] == [
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][i] for i in dealer.roads.records.shoe_cards[0]]
    run = ShoeRun(decks=8, seed=2024)
    assert [run.deal_coup()[0].outcome for _ in expected] == [coup[0] for coup in expected]
