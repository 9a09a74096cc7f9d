"""Every notebook works where people use it: in JupyterLab and as a Voilà app, in Debian's Chromium.

New notebooks under notebooks/ are picked up by name; the index must always be there.
"""

from __future__ import annotations

import pytest
from harness import (
    ROOT,
    assert_all_canvases_drawn,
    assert_chinese_renders,
    boxed_cjk,
    click_css,
    ink,
    lab_notebook,
    latin_only_fontconfig,
    launch_chromium,
    new_page,
    open_voila,
    output_canvases,
    point_on_drawing,
    readme_shot,
    run_all,
    save_shot,
    wait_drawn,
    wait_picture,
)
from PIL import Image, ImageDraw

NOTEBOOKS = sorted(
    {"notebooks/00_index.ipynb"} | {p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("*.ipynb")}
)


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".ipynb")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_stem)
def test_notebook_runs_and_draws_every_canvas_in_jupyterlab(page, lab, path):
    assert (ROOT / path).exists(), f"{path} is missing"
    with lab_notebook(page, lab, path):
        run_all(page, path)
        assert_all_canvases_drawn(page, f"lab-{_stem(path)}")
        assert_chinese_renders(page, f"{path} in JupyterLab")
        save_shot(page.screenshot(), f"lab-{_stem(path)}")
        assert not page.js_errors, f"{path}: JavaScript errors in JupyterLab: {page.js_errors}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_stem)
def test_notebook_shows_its_canvases_in_voila_on_first_load_and_after_reload(page, voila, path):
    assert (ROOT / path).exists(), f"{path} is missing"
    open_voila(page, voila, path)
    first = assert_all_canvases_drawn(page, f"voila-{_stem(path)}")
    assert_chinese_renders(page, f"{path} in Voilà")
    # For the README: a game notebook's whole mini-game (felt, hand, buttons, log), else the top of the page.
    tables = page.locator(".cardkit-table")
    if tables.count():
        readme_shot(tables.first.screenshot(), f"voila-{_stem(path)}")
    else:
        page.evaluate("window.scrollTo(0, 0)")
        readme_shot(page.screenshot(), f"voila-{_stem(path)}")

    open_voila(page, voila, path, reload=True)
    again = assert_all_canvases_drawn(page, f"voila-{_stem(path)}-reload")
    assert len(again) == len(first), f"{path}: {len(first)} canvases on first load, {len(again)} after reload"
    assert not page.js_errors, f"{path}: JavaScript errors in Voilà: {page.js_errors}"


def test_chinese_check_passes_with_the_cjk_font_and_sees_boxes_without_it(page, playwright_session, tmp_path):
    label = [("花花兒 掼蛋 升級 刨幺 大王", "bold 20px sans-serif")]
    assert boxed_cjk(page, label) == []

    latin_only = latin_only_fontconfig(tmp_path)
    if latin_only is None:
        pytest.skip("fc-list lists no font without Chinese to compare with")
    context = launch_chromium(playwright_session, tmp_path / "profile", env=latin_only)
    try:
        assert len(boxed_cjk(new_page(context), label)) == len("花兒掼蛋升級刨幺大王")
    finally:
        context.close()


def test_blank_check_tells_an_empty_canvas_from_a_drawn_one():
    blank = Image.new("RGB", (120, 80), "white")
    drawn = blank.copy()
    ImageDraw.Draw(drawn).rectangle((10, 10, 40, 70), fill="red", outline="black")
    assert not ink(_png(blank)).drawn
    assert ink(_png(drawn)).drawn


def _png(img: Image.Image) -> bytes:
    import io

    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


INDEX = "notebooks/00_index.ipynb"


def _click_raises_a_card_and_a_second_click_lowers_it(page, name: str) -> None:
    """The first hand on the page answers clicks: the browser sends the click to the kernel, and the
    kernel's redraw comes back to the canvas."""
    hand = output_canvases(page).first
    hand.wait_for(timeout=30_000)
    before = wait_drawn(hand, f"{name}-hand")
    x, y = point_on_drawing(before)
    click_css(hand, x, y)
    save_shot(wait_picture(hand, before, changed=True, what=f"{name}-hand-selected"), f"{name}-hand-selected")
    click_css(hand, x, y)
    wait_picture(hand, before, changed=False, what=f"{name}-hand-deselected")


def test_index_hand_selects_and_deselects_a_clicked_card_in_jupyterlab(page, lab):
    with lab_notebook(page, lab, INDEX):
        run_all(page, INDEX)
        _click_raises_a_card_and_a_second_click_lowers_it(page, "lab-index-click")


def test_index_hand_selects_and_deselects_a_clicked_card_in_voila(page, voila):
    open_voila(page, voila, INDEX)
    _click_raises_a_card_and_a_second_click_lowers_it(page, "voila-index-click")


def test_voila_through_jupyterlabs_own_route_as_binder_and_make_lab_serve_it(page, lab):
    """Binder and `make lab` serve the apps from JupyterLab's Voilà extension, at /voila/render/."""
    path = "notebooks/04_paoyao.ipynb"
    open_voila(page, lab, path)
    assert_all_canvases_drawn(page, f"lab-voila-{_stem(path)}")
    assert_chinese_renders(page, f"{path} in Voilà inside JupyterLab")
