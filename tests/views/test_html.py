"""HTML building blocks (baccarat_lib.views.html): the one table style and its marked rows."""

import re

from baccarat_lib.game import Card
from baccarat_lib.i18n import using_language
from baccarat_lib.views.html import caption_html, card_html, hand_html, table_html


def test_marked_rows_carry_a_class_and_the_green_bold_style():
    html = table_html(["bet", "edge"], [["banker", "+1.06%"], ["dragon-7", "-0.5%"], ["tie", "+14.36%"]], "bcl-demo",
                      marked=(1,))
    assert html.startswith('<div class="bcl-table-box"') and '<table class="bcl-demo"' in html
    rows = re.findall(r"<tr([^>]*)>(.*?)</tr>", html)
    assert [attributes for attributes, _ in rows] == [
        "", "", ' class="bcl-marked" style="background:#e7f5ea;color:#111;font-weight:bold;"', ""]
    assert [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", cells) for _, cells in rows] == [
        ["bet", "edge"], ["banker", "+1.06%"], ["dragon-7", "-0.5%"], ["tie", "+14.36%"]]
    assert "bcl-marked" not in table_html(["bet"], [["banker"]], "bcl-demo")


def test_caption_wraps_its_html():
    html = caption_html("House edge in %")
    assert 'class="bcl-caption"' in html and "House edge in %" in html


def test_a_card_face_is_one_picture_named_in_words_for_a_screen_reader():
    # the glyphs "7♥" and the small value under them would be read one by one ("7, black heart suit, 7")
    html = card_html(Card("7", "♥"))
    assert re.match(r'<span class="bcl-card" role="img" aria-label="7 of hearts \(worth 7\)" ', html)
    assert 'aria-label="King of spades (worth 0)"' in card_html(Card("K", "♠"))
    faces = hand_html("Banker", "A♦ 10♣")
    assert re.findall(r'aria-label="([^"]*)"', faces) == ["Ace of diamonds (worth 1)", "10 of clubs (worth 0)"]
    with using_language("vi"):
        assert 'aria-label="7 cơ (tính 7 điểm)"' in card_html(Card("7", "♥"))


def test_a_table_box_takes_the_keyboard_and_is_named_by_its_columns():
    # The box scrolls sideways on a narrow page: Tab must reach it (then the arrow keys scroll it), and a screen
    # reader names the region. Header markup is left out of the name; quotes are escaped inside it.
    html = table_html(['<span style="x">Bet</span>', 'Edge "now"', ""], [["tie", "14.36%", ""]], "bcl-demo")
    box = re.match(r'<div class="bcl-table-box"([^>]*)>', html).group(1)
    assert ' tabindex="0" role="region" aria-label="Table: Bet, Edge &quot;now&quot;" ' in box + " "
    assert 'aria-label="A table"' in table_html(["", ""], [["a", "b"]], "bcl-demo")
    with using_language("vi"):
        assert 'aria-label="Bảng: Cược, Lợi thế"' in table_html(["Cược", "Lợi thế"], [["a", "b"]], "bcl-demo")
