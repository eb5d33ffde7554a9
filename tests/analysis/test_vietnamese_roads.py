"""The analysis layer in Vietnamese: scoreboard reasons, cells, tables and errors.

Every expected sentence below is written by hand from the glossary (docs/glossary.vi.md: cầu, chuỗi, hòa; the
road names kept), not printed by the code; the numbers follow the Vietnamese marks (decimal comma).
"""

from __future__ import annotations

import pytest

from baccarat_lib.analysis.counting import removal_text
from baccarat_lib.analysis.roads import (BeadCell, RoadColour, RoadColourRow, _verdict, big_eye_boy, big_road,
                                         derived_road_table, road_number, streak_statistics, streak_table)
from baccarat_lib.errors import BaccaratError
from baccarat_lib.game import Outcome
from baccarat_lib.i18n import language, using_language


def test_a_derived_road_reason_in_vietnamese():
    # Cockroach Pig (k = 3): a new 5th column compares columns 4 and 1, both two long: red.
    with using_language("vi"):
        reason = _verdict([2, 1, 1, 2, 1], column=4, row=0, k=3).reason
    assert reason == "cột 5, hàng 1 (một cột mới): cột 4 và cột 1 dài bằng nhau (2): đỏ"


def test_every_kind_of_reason_in_vietnamese():
    with using_language("vi"):
        blue = _verdict([1, 2], column=1, row=1, k=1).reason
        differ = _verdict([2, 1, 1], column=2, row=0, k=1).reason
        waiting = _verdict([2], column=0, row=1, k=1).reason
    assert blue == "cột 2, hàng 2: cột 1 dừng ngay ở hàng phía trên (cột đó có 1 ô): xanh"
    assert differ == "cột 3, hàng 1 (một cột mới): cột 2 và cột 1 dài khác nhau (1 và 2): xanh"
    assert waiting == ("cột 1, hàng 2 chưa thêm ô nào: Big Eye Boy bắt đầu từ ô của Big Road ở cột 2, hàng 2 "
                       "(hoặc cột 3, hàng 1 khi cột 2 chỉ có một ô)")


def test_colours_stay_keys_only_their_names_are_translated():
    with using_language("vi"):
        cell = big_eye_boy("B B P P B")[0]
        text = str(cell)
    assert cell.colour is RoadColour.RED and cell.colour.value == "red"     # the key is untouched
    assert text == "cột 0, hàng 0: đỏ (cột 2, hàng 2: cột 1 cũng có một ô ở hàng 2: đỏ)"


def test_scoreboard_cells_in_vietnamese():
    with using_language("vi"):
        ring = str(big_road("B T T")[0])
        bead = str(BeadCell(0, 0, Outcome.TIE, 0, player_pair=True, natural=True))
    assert ring == "cột 0, hàng 0: Banker, 2 ván hòa"
    assert bead == "cột 0, hàng 0: Hòa, Cặp Đôi Player, Natural"


def test_streak_table_in_vietnamese_with_decimal_commas():
    rows = streak_statistics("B B P B B B T B P", max_k=1, all_coups=True)
    with using_language("vi"):
        table = streak_table(rows, 0.4586)
    # The English doctest's rows, with a decimal comma and "mọi" (every coup) for "any".
    assert table.splitlines()[1:] == ["mọi                              9           0,6667  0,1571  0,4586      +1,3",
                                      "  1                              7           0,5714  0,1870  0,4586      +0,6"]
    assert "số ván sau k ván Banker thắng" in table.splitlines()[0]


def test_derived_road_table_in_vietnamese():
    with using_language("vi"):
        table = derived_road_table([RoadColourRow("Big Eye Boy", RoadColour.BLUE, 1200, 600, 0.5, 0.05)], 0.45)
    line = table.splitlines()[1]
    assert line.startswith("Big Eye Boy    xanh")
    assert line.split()[4:] == ["1.200", "0,5000", "0,0500", "0,4500", "+1,0"]


def test_errors_in_vietnamese_then_english_again():
    with using_language("vi"):
        with pytest.raises(BaccaratError) as error:
            road_number("x")
    assert str(error.value) == ("Đối số `road` phải là 1, 2, 3 hoặc một tên: Big Eye Boy, Small Road, Cockroach Pig; "
                                "không phải 'x'")
    assert language() == "en"
    with pytest.raises(BaccaratError, match="^road must be 1, 2, 3 or a name"):
        road_number("x")
    assert _verdict([2, 2], column=1, row=1, k=1).reason == \
        "column 2, row 2: column 1 has an entry in row 2 too: red"


def test_removal_text_heading_and_numbers_in_vietnamese():
    from fractions import Fraction
    with using_language("vi"):
        text = removal_text({"tie": {0: Fraction(1, 10**4), 1: Fraction(-1, 2 * 10**4)}})
    lines = text.splitlines()
    assert lines[0].startswith("giá trị lá")
    assert lines[1].split()[-1] == "+1,00" and lines[2].split()[-1] == "−0,50"


def test_a_derived_cell_made_in_english_is_shown_in_vietnamese_and_back():
    # "B B P P B": the Big Eye Boy's first entry is column 2, row 2; column 1 has a row 2 too: red.
    cell = big_eye_boy("B B P P B")[0]
    with using_language("vi"):
        vietnamese = str(cell)
    assert vietnamese == "cột 0, hàng 0: đỏ (cột 2, hàng 2: cột 1 cũng có một ô ở hàng 2: đỏ)"
    assert str(cell) == "column 0, row 0: red (column 2, row 2: column 1 has an entry in row 2 too: red)"
