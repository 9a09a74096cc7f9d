"""The mini-game answers a learner in a real browser: click two cards, press Play, and the trick changes.

The table is `cardkit.widgets.table.GameTable` in a one-cell notebook with a seed chosen so that the
learner may play a pair at their first turn; the same seeded table played headless here says where
those cards are drawn and what the log will read.
"""

from __future__ import annotations

import pytest
from harness import click_two_cards_and_play, lab_notebook, open_voila, run_all, two_card_scene, write_scene_notebook

VARIANT = "guandan"


@pytest.fixture(scope="module")
def scene():
    found = two_card_scene(VARIANT)
    return found, write_scene_notebook(found)


def test_two_clicked_cards_played_change_the_trick_in_jupyterlab(page, lab, scene):
    found, path = scene
    with lab_notebook(page, lab, path):
        run_all(page, path)
        click_two_cards_and_play(page, found, f"lab-gametable-{VARIANT}")


def test_two_clicked_cards_played_change_the_trick_in_voila(page, voila, scene):
    found, path = scene
    open_voila(page, voila, path)
    click_two_cards_and_play(page, found, f"voila-gametable-{VARIANT}")
