"""The shipped CJK font: the pages use it, and it has every Korean and Han character they print."""

from __future__ import annotations

import re

from fontTools.ttLib import TTFont

from webui import fonts, i18n


def characters_of(path) -> set[str]:
    return {chr(code) for code in TTFont(str(path)).getBestCmap()}


def test_every_page_uses_the_shipped_font(client):
    css = client.get("/static/panel.css").get_data(as_text=True)
    html = client.get("/").get_data(as_text=True)
    assert "/static/panel.css" in html
    for name, path in fonts.FILES.items():
        assert f'url("fonts/{path.name}")' in css, name
        served = client.get(f"/static/fonts/{path.name}")
        assert served.status_code == 200 and served.mimetype == "font/woff2"
        assert served.data == path.read_bytes()
    families = re.findall(r"font-family:([^;]+);", css)
    assert sum('"Table CJK"' in family for family in families) >= 4  # 2 faces, text, tiles


def test_the_font_has_every_cjk_character_the_panel_prints():
    used = fonts.used_characters()
    korean_catalog = "".join(i18n.strings("ko").values())
    assert set(fonts.CJK.findall(korean_catalog)) <= used
    assert set("東南西北白發中萬筒梅蘭菊竹春夏秋冬") <= used  # the tiles' faces
    for name, path in fonts.FILES.items():
        missing = used - characters_of(path)
        assert not missing, f"{name} lacks {''.join(sorted(missing))}: run python -m webui.fonts"


def test_the_font_shows_korean_player_names():
    for path in fonts.FILES.values():
        assert fonts.name_characters() <= characters_of(path)
        assert set("김이박최정지호민서연도윤") <= characters_of(path)


def test_the_font_is_small_and_ships_with_its_licence():
    total = sum(path.stat().st_size for path in fonts.FILES.values())
    print(f"shipped CJK fonts: {total / 1024:.0f} KiB")
    assert total < 1024 * 1024
    licence = (fonts.FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert all(path.name in licence for path in fonts.FILES.values())


def test_the_pages_print_no_emoji_that_no_shipped_font_draws():
    emoji = re.compile("[\U0001f000-\U0001ffff]")
    for folder, suffix in (("templates", ".html"), ("static", ".js")):
        for path in (fonts.PACKAGE / folder).glob("*" + suffix):
            found = emoji.findall(path.read_text(encoding="utf-8"))
            assert not found, (
                f"{path.name} prints {found}, which a host without an emoji font boxes"
            )
