"""HTML building blocks (baccarat_lib.views.html): the one table style and its marked rows."""

import re

from baccarat_lib.views.html import caption_html, table_html


def test_marked_rows_carry_a_class_and_the_green_bold_style():
    html = table_html(["bet", "edge"], [["banker", "+1.06%"], ["dragon-7", "-0.5%"], ["tie", "+14.36%"]], "bcl-demo",
                      marked=(1,))
    assert html.startswith('<div class="bcl-table-box"') and '<table class="bcl-demo"' in html
    rows = re.findall(r"<tr([^>]*)>(.*?)</tr>", html)
    assert [attributes for attributes, _ in rows] == [
        "", "", ' class="bcl-marked" style="background:#e7f5ea;font-weight:bold;"', ""]
    assert [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", cells) for _, cells in rows] == [
        ["bet", "edge"], ["banker", "+1.06%"], ["dragon-7", "-0.5%"], ["tie", "+14.36%"]]
    assert "bcl-marked" not in table_html(["bet"], [["banker"]], "bcl-demo")


def test_caption_wraps_its_html():
    html = caption_html("House edge in %")
    assert 'class="bcl-caption"' in html and "House edge in %" in html
