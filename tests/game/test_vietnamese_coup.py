"""The game layer in Vietnamese: a coup's explained steps, a settle explanation with Vietnamese money,
bet and pay-table names, and errors, all from the game and base catalogs.

Every expected sentence below is written by hand from docs/glossary.vi.md (Player/Banker kept, rút, đứng,
Natural, lá thứ ba, Hòa, hoa hồng, hoàn cược; numbers 24.000 and 0,95), not printed by the code.
"""

import itertools
import re

import pytest

from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import (Outcome, Shoe, ShoeRun, banker_decision, bet_label, parse_cards, pay_table, play_coup,
                               settle, steps_text)
from baccarat_lib.i18n import _, language, set_language, using_language

# The two coups of the design, in Vietnamese.
# "2+3+8 vs A+2 is a tie": Player 2 3, Banker A 2 (dealt P B P B: 2 A 3 2); Player 5 draws the 8 (2+3+8 = 13 -> 3);
# Banker 3 stands because Player's third card is an 8 (the tableau's row 3 draws on everything but 8); 3–3.
TIE_COUP = "2 A 3 2 8"
TIE_STEPS = [
    "Không có Natural: Player có 5 (2+3), Banker có 3 (A+2).",
    "Player có 5 (2+3): 0–5 điểm thì rút.",
    "Player rút 8: 2+3+8 = 13, nên Player có 3.",
    "Banker có 3 và Player rút lá thứ ba là 8: với 3 điểm, Banker rút với mọi lá trừ 8, nên Banker đứng.",
    "Hòa 3–3.",
]
# "Player 5 vs Banker 4: both draw": Player 2♣ 3♠ (5), Banker 3♥ A♦ (4); Player draws 7♦ (2+3+7 = 12 -> 2);
# Banker 4 draws on a third card 2–7, takes 4♠ (3+1+4 = 8); Banker wins 8–2.
BOTH_DRAW_COUP = "2♣ 3♥ 3♠ A♦ 7♦ 4♠"
BOTH_DRAW_STEPS = [
    "Không có Natural: Player có 5 (2+3), Banker có 4 (3+A).",
    "Player có 5 (2+3): 0–5 điểm thì rút.",
    "Player rút 7♦: 2+3+7 = 12, nên Player có 2.",
    "Banker có 4 và Player rút lá thứ ba là 7: với 4 điểm, Banker rút khi lá đó là 2–7.",
    "Banker rút 4♠: 3+A+4 = 8, nên Banker có 8.",
    "Banker thắng 8–2.",
]


@pytest.mark.parametrize("cards, expected", [(TIE_COUP, TIE_STEPS), (BOTH_DRAW_COUP, BOTH_DRAW_STEPS)],
                         ids=["tie-3-3", "both-draw"])
def test_a_vietnamese_coup_explains_each_step_in_vietnamese(cards, expected):
    with using_language("vi"):
        steps = steps_text(play_coup(cards).steps)
    assert steps == expected


def test_a_natural_and_player_standing_in_vietnamese():
    # K+9 = 9 against 5+3 = 8: two naturals, nobody draws, Player wins 9–8.
    with using_language("vi"):
        natural = steps_text(play_coup("K 5 9 3").steps)
        # Player 3+3 = 6 stands; Banker 7+K = 7 follows Player's rule (6–7 stands); Banker wins 7–6.
        stood = steps_text(play_coup("3 7 3 K").steps)
    assert natural == ["Natural: Player có 9 (K+9), Banker có 8 (5+3); cả hai tay đều đứng.", "Player thắng 9–8."]
    assert stood == ["Không có Natural: Player có 6 (3+3), Banker có 7 (7+K).",
                     "Player có 6 (3+3): 6–7 điểm thì đứng.",
                     "Banker có 7 (7+K) và Player đã đứng, nên Banker theo quy tắc rút của Player: 6–7 điểm thì đứng.",
                     "Banker thắng 7–6."]


# Words that can only be English in these sentences (Vietnamese keeps only Player, Banker, Natural and the cards).
ENGLISH_WORDS = {"draws", "draw", "stands", "stand", "stood", "wins", "win", "has", "the", "and", "because", "so",
                 "third", "card", "cards", "total", "tie", "with", "on", "any", "but", "never", "only", "is", "a",
                 "an", "both", "hands", "hand", "follows", "rule", "no", "worth", "more", "player's"}
_CARD = re.compile(r"\b(?:10|[2-9AJQK])[♠♥♦♣]?(?!\w)")


def english_words(step: str) -> set[str]:
    """The English words left in a step once the hand names and the cards are taken out."""
    text = _CARD.sub(" ", step.replace("Player's", "player's").replace("Player", " ").replace("Banker", " "))
    return {word for word in re.findall(r"[^\W\d_]+(?:'s)?", text.lower())} & ENGLISH_WORDS


def _many_coups():
    """The first 200 coups of a seeded run of 8-deck shoes, every two-card start by value with third cards 8 and 4, and
    hand-picked naturals and ties: every kind of step (naturals, both rules, every tableau row, each result)."""
    run = ShoeRun(seed=16)
    coups = [run.deal_coup()[0] for _number in range(200)]
    values = "A 2 3 4 5 6 7 8 9 K".split()
    for start in itertools.product(values, repeat=4):
        coups.append(play_coup(list(start) + ["8", "4"]))
        coups.append(play_coup(list(start) + ["A", "6"]))
    coups += [play_coup(cards) for cards in ("9 9 K K", "4 4 4 4", "A 6 7 2", "Q 9 J K", "10 J Q K 5 5")]
    return coups


def test_a_vietnamese_coups_steps_contain_no_english_sentence():
    with using_language("vi"):
        steps = {str(step) for coup in _many_coups() for step in coup.steps}
    english = {step: english_words(step) for step in steps if english_words(step)}
    assert len(steps) > 500
    assert not english, list(english.items())[:3]


def test_the_english_word_check_finds_english():   # The check above can fail
    assert english_words("Banker has 3 and Player's third card is an 8: with 3, Banker draws on any card but 8, so "
                         "Banker stands.") >= {"has", "and", "player's", "third", "card", "is", "an", "draws", "stands"}
    assert english_words("Tie 3–3.") == {"tie"}
    assert english_words("Banker rút 4♠: 3+A+4 = 8, nên Banker có 8.") == set()


def test_a_settle_explanation_in_vietnamese_money():
    # 24,000 on Banker, Banker wins 8–2: paid 1:1 = 24,000, 5% commission = 1,200, net 22,800.
    with using_language("vi"):
        big = settle("banker", 24000, play_coup(BOTH_DRAW_COUP)).explanation
        # 1 on Banker: paid 1, commission 0.05, net 0.95.
        small = settle("banker", 1, play_coup(BOTH_DRAW_COUP)).explanation
        # A tie returns a Player stake: hoàn cược.
        push = settle("player", 100, play_coup(TIE_COUP)).explanation
    assert big == ("Cược Banker thắng: Banker thắng, trả 1:1 trừ hoa hồng 5%. "
                   "Dealer trả 24.000 và thu hoa hồng 1.200: tiền ròng 22.800.")
    assert small.endswith("Dealer trả 1 và thu hoa hồng 0,05: tiền ròng 0,95.")
    assert push == "Cược Player được hoàn cược (hòa): tiền cược 100 được trả lại."


def test_bet_and_table_names_in_vietnamese():
    with using_language("vi"):
        names = [bet_label(bet) for bet in ("player-pair", "either-pair", "tie", "super-six")]
        tie = Outcome.TIE.display_name
        title = _(pay_table("standard").title)
        code = Outcome.TIE.label
    assert names == ["Cặp Đôi Player", "Cặp Đôi Bất Kỳ", "Hòa", "Super 6"]
    assert (tie, title, code) == ("Hòa", "Tiêu chuẩn (hoa hồng 5%)", "Tie")     # the code stays English


def test_errors_in_vietnamese_are_still_baccarat_errors():
    with using_language("vi"):
        with pytest.raises(BaccaratError) as bad_card:
            parse_cards("2♣ X")
        with pytest.raises(ValueError) as bad_decks:
            Shoe(decks=9)
    assert str(bad_card.value).startswith("lá thứ 2 'X' không phải là lá bài: hợp lệ là các lá A 2 3")
    assert str(bad_decks.value) == "Đối số `decks` phải là số nguyên: một shoe chứa từ 1 đến 8 bộ bài, không phải 9"
    assert isinstance(bad_decks.value, BaccaratError)


def test_english_comes_back_after_the_block():   # English stays the default
    with using_language("vi"):
        pass
    assert language() == "en"
    assert str(play_coup(TIE_COUP).steps[-1]) == "Tie 3–3."


# The same two coups in English, written by hand from the reference's worked examples.
TIE_STEPS_EN = [
    "No natural: Player has 5 (2+3), Banker has 3 (A+2).",
    "Player has 5 (2+3): 0–5 draws.",
    "Player draws 8: 2+3+8 = 13, so Player has 3.",
    "Banker has 3 and Player's third card is an 8: with 3, Banker draws on any card but 8, so Banker stands.",
    "Tie 3–3.",
]
BOTH_DRAW_STEPS_EN = [
    "No natural: Player has 5 (2+3), Banker has 4 (3+A).",
    "Player has 5 (2+3): 0–5 draws.",
    "Player draws 7♦: 2+3+7 = 12, so Player has 2.",
    "Banker has 4 and Player's third card is a 7: with 4, Banker draws on 2–7.",
    "Banker draws 4♠: 3+A+4 = 8, so Banker has 8.",
    "Banker wins 8–2.",
]


@pytest.mark.parametrize("cards, english, vietnamese", [(TIE_COUP, TIE_STEPS_EN, TIE_STEPS),
                                                        (BOTH_DRAW_COUP, BOTH_DRAW_STEPS_EN, BOTH_DRAW_STEPS)],
                         ids=["tie-3-3", "both-draw"])
def test_a_coup_speaks_the_language_of_the_moment_it_is_shown(cards, english, vietnamese):
    # A coup keeps what happened, not sentences: made in one language, it explains itself in the other after
    # set_language, and back, with its steps, its explain() and its outcome's name all in the same language.
    assert language() == "en"
    made_in_english = play_coup(cards)
    outcome = made_in_english.outcome
    try:
        set_language("vi")
        made_in_vietnamese = play_coup(cards)
        for coup in (made_in_english, made_in_vietnamese):
            assert steps_text(coup.steps) == vietnamese
            assert [str(step) for step in coup.steps] == vietnamese
            assert coup.explain() == "\n".join(vietnamese)
        assert outcome.display_name == {"tie": "Hòa", "banker": "Banker"}[outcome.value]
        set_language("en")
        for coup in (made_in_english, made_in_vietnamese):
            assert steps_text(coup.steps) == english
            assert coup.explain() == "\n".join(english)
        assert outcome.display_name == {"tie": "Tie", "banker": "Banker"}[outcome.value]
    finally:
        set_language("en")


def test_a_decision_speaks_the_language_of_the_moment_it_is_read():
    # Banker 4, Player's third card an 8: row 4 draws only on 2–7, so Banker stands (the catalog's wording).
    decision = banker_decision(4, 8)
    with using_language("vi"):
        vietnamese = decision.reason
    assert vietnamese == "Player rút lá thứ ba là 8: với 4 điểm, Banker chỉ rút khi lá đó là 2–7, nên Banker đứng."
    assert decision.reason == ("Player's third card is an 8: with 4, Banker draws only on 2–7, so Banker "
                               "stands.")


# Objects made under English, shown after set_language("vi"), then in English again. The Vietnamese sentences
# are the game catalog's msgstr filled in by hand (docs/glossary.vi.md: Player/Banker kept, Hòa, hoa hồng).

def test_a_coup_prints_in_the_language_of_the_moment_it_is_shown():
    # Player 2 3 8 (2+3+8 = 13 -> 3), Banker A 2 (3): a tie 3–3.
    coup = play_coup(TIE_COUP)
    with using_language("vi"):
        vietnamese = str(coup)
    assert vietnamese == "Player 2 3 8 (3) – Banker A 2 (3): Hòa 3–3."
    assert str(coup) == "Player 2 3 8 (3) – Banker A 2 (3): Tie 3–3."


def test_a_settlement_speaks_the_language_of_the_moment_it_is_read():
    coup = play_coup(BOTH_DRAW_COUP)                       # Banker wins 8–2, by 6, no natural
    # 10.01 on Banker: paid 10.01 at 1:1; 5% of it is 0.5005, of which only 0.50 is charged: net 9.51.
    odd = settle("banker", "10.01", coup)
    # Dragon Bonus Player loses: it pays on a natural Player win or a Player win by 4..9 points.
    lost = settle("dragon-bonus-player", 10, coup)
    with using_language("vi"):
        odd_vi, lost_vi = odd.explanation, lost.explanation
    assert odd_vi == ("Cược Banker thắng: Banker thắng, trả 1:1 trừ hoa hồng 5%. Dealer trả 10,01 và thu hoa hồng "
                      "0,50: tiền ròng 9,51. 5% của 10,01 là 0,5005: phần lẻ dưới một xu không bị thu.")
    assert lost_vi == ("Cược Dragon Bonus Player thua (Banker thắng 8–2, cách 6 điểm, không có Natural): cửa này "
                       "chỉ trả khi Player thắng bằng Natural hoặc Player thắng cách 9, 8, 7, 6, 5 hoặc 4 điểm, "
                       "không có Natural; dealer thu tiền cược 10.")
    assert lost.explanation == ("The Dragon Bonus Player bet loses (Banker wins 8–2, by 6, no natural): it pays "
                                "only on player wins with a natural or player wins by 9, 8, 7, 6, 5 or 4 without a "
                                "natural; the dealer takes the 10 stake.")
    assert odd.explanation.endswith("5% of 10.01 is 0.5005: the fraction of a cent is not charged.")


def test_a_tableau_contradiction_speaks_the_language_of_the_moment_it_is_shown():
    from baccarat_lib.game.tableau import SOURCE_002_ROWS, published_table_contradictions, read_published_table
    # Source 002's row 5 lists 4 and 5 in both columns; row 6 in neither (the tableau: 5 draws on them, 6 stands).
    both, missing = published_table_contradictions(read_published_table(SOURCE_002_ROWS))
    with using_language("vi"):
        vietnamese = [str(both), str(missing)]
    assert vietnamese == ["Banker 5: 4, 5 có mặt ở cả hai cột (bảng rút bài: Banker rút với các lá đó).",
                          "Banker 6: 4, 5 không có ở cột nào (bảng rút bài: Banker đứng với các lá đó)."]
    assert str(both) == "Banker 5: 4, 5 listed in both columns (the tableau: Banker draws on them)."
