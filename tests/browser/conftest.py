"""Session fixtures for the real-browser tests: one JupyterLab, one Voilà, one Chromium for the whole run.

Everything here is skipped, loudly, where Debian's Chromium or a Chinese font is missing
(`sh scripts/browser-deps.sh` installs both as root). Run these tests on their own, without xdist:
each server is heavy on two cores.
"""

from __future__ import annotations

from pathlib import Path

import harness
import pytest
from harness import CHROMIUM, has_cjk_font, launch_chromium, new_page, start_lab, start_voila

HERE = Path(__file__).resolve().parent


def _missing() -> list[str]:
    return [name for name, ok in [("chromium", CHROMIUM.exists()), ("fonts-wqy-microhei", has_cjk_font())] if not ok]


MISSING = _missing()
SKIP_REASON = (
    f"BROWSER TESTS SKIPPED: {' and '.join(MISSING)} missing. Install Debian's chromium and fonts-wqy-microhei "
    "(as root: `sh scripts/browser-deps.sh`, which `make test` runs)"
)


def pytest_addoption(parser):
    parser.addoption(
        "--readme-screenshots",
        action="store_true",
        help="also refresh the README's screenshots in docs/screenshots/ (commit them afterwards)",
    )


def pytest_configure(config):
    harness.WRITE_README_SHOTS = config.getoption("--readme-screenshots")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE not in Path(str(item.fspath)).resolve().parents:
            continue
        item.add_marker(pytest.mark.browser)
        if MISSING:
            item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


def pytest_terminal_summary(terminalreporter):
    if MISSING:
        terminalreporter.write_sep("!", SKIP_REASON, red=True, bold=True)


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 serving the repository (token in `lab.url(...)`)."""
    server = start_lab(tmp_path_factory.mktemp("lab"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila(tmp_path_factory):
    """A Voilà server on 127.0.0.1 serving the repository at `voila/render/<path>`."""
    server = start_voila(tmp_path_factory.mktemp("voila"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright_session():
    sync_api = pytest.importorskip("playwright.sync_api", reason="BROWSER TESTS SKIPPED: playwright is not installed")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium(playwright_session, tmp_path_factory):
    """Debian's Chromium, headless, with a fresh profile directory."""
    context = launch_chromium(playwright_session, tmp_path_factory.mktemp("chromium-profile"))
    yield context
    context.close()


@pytest.fixture
def page(chromium):
    """A new tab; closed after the test."""
    tab = new_page(chromium)
    yield tab
    tab.close()
