"""What the browser tests do to JupyterLab, Voilà and a canvas, so each test reads in a few lines.

Servers: `start_lab` / `start_voila` run a real server on 127.0.0.1 with a free port and a token,
in a scratch Jupyter home so a developer's own settings and workspaces neither leak in nor change.

Pages: `open_notebook` + `run_all` (JupyterLab), `open_voila` (Voilà), then `output_canvases`,
`wait_drawn`, `click_canvas`, `save_shot`, `boxed_cjk` on whatever the notebook shows.

GameTable (cardkit.widgets.table): `two_card_scene` plays a seeded table headless to learn where a
legal pair is and what the log will say; `click_two_cards_and_play` does it in the browser, finding
the felt, the hand, Play and the log by the CSS classes the widget puts on them.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SHOT_DIR = ROOT / "build" / "screenshots"
README_SHOT_DIR = ROOT / "docs" / "screenshots"
README_SHOT_WIDTH = 800
# Set by `pytest --readme-screenshots`: `readme_shot` then also refreshes the README's committed copies.
WRITE_README_SHOTS = False

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Seconds. Generous because two cores are shared with the rest of the suite.
SERVER_START = 90
PAGE_LOAD = 90
RUN_ALL = 180
DRAWN = 30

# Shares of pixels: above CHANGED a picture has changed (a raised card moves ~2 %); at most SAME it is back.
CHANGED = 0.002
SAME = 0.0005


# ---------------------------------------------------------------------------------------------
# servers


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A Jupyter-family server we started; `url(path)` adds the token."""

    name: str
    base: str
    token: str
    proc: subprocess.Popen
    log: Path

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}/{path.lstrip('/')}{sep}token={self.token}"

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        """SIGTERM lets the server shut its kernels down; its process group is killed if it hangs."""
        if self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT if self.name == "voila" else signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


def _scratch_home(workdir: Path) -> dict[str, str]:
    """Environment for a server whose Jupyter config, runtime, settings and workspaces live in `workdir`."""
    settings = workdir / "lab-settings"
    # Windowing off: every cell stays in the DOM, so every canvas can be found and screenshotted.
    _write_json(settings / "@jupyterlab/notebook-extension/tracker.jupyterlab-settings", {"windowingMode": "none"})
    # No news or update pop-up over the notebook, and no request to the internet for it.
    _write_json(
        settings / "@jupyterlab/apputils-extension/notification.jupyterlab-settings",
        {"checkForUpdates": False, "fetchNews": "false"},
    )
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(workdir / "config"),
        JUPYTER_RUNTIME_DIR=str(workdir / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(workdir / "workspaces"),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
    )
    return env


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def _start(name: str, args: list[str], port: int, token: str, workdir: Path, probe: str) -> Server:
    workdir.mkdir(parents=True, exist_ok=True)
    log = workdir / f"{name}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", *args],
            cwd=ROOT,
            env=_scratch_home(workdir),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = Server(name, f"http://127.0.0.1:{port}", token, proc, log)
    deadline = time.monotonic() + SERVER_START
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{name} exited with code {proc.returncode} while starting:\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(server.url(probe), timeout=5):
                return server
        except urllib.error.HTTPError as e:
            if e.code < 500:
                return server
        except OSError:
            pass
        time.sleep(0.5)
    server.stop()
    raise RuntimeError(f"{name} did not answer within {SERVER_START} s:\n{server.log_tail()}")


def start_lab(workdir: Path) -> Server:
    """JupyterLab serving the repository, with `window.jupyterapp` exposed so tests can drive it."""
    port, token = free_port(), os.urandom(12).hex()
    args = [
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={ROOT}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if os.geteuid() == 0:
        args.append("--allow-root")
    return _start("jupyterlab", args, port, token, workdir, "api/status")


def start_voila(workdir: Path) -> Server:
    """Voilà serving the repository: notebooks are at `voila/render/<path>`, as on Binder."""
    port, token = free_port(), os.urandom(12).hex()
    args = [
        "voila",
        str(ROOT),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--token={token}",
        "--show_tracebacks=True",
    ]
    return _start("voila", args, port, token, workdir, "voila/tree")


# ---------------------------------------------------------------------------------------------
# browser


def launch_chromium(playwright, user_data_dir: Path, env: dict[str, str] | None = None):
    """Debian's Chromium with a fresh profile; never a browser Playwright downloaded."""
    return playwright.chromium.launch_persistent_context(
        str(user_data_dir),
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_FLAGS,
        env=env,
        viewport={"width": 1280, "height": 900},
        device_scale_factor=1,
    )


# Every fillText/strokeText a page makes is remembered with its font, so the Chinese labels drawn
# on canvases can be checked for boxes afterwards (the canvas keeps no text, only pixels).
TEXT_RECORDER = """
(() => {
  window.__cardkitTexts = [];
  for (const proto of [globalThis.CanvasRenderingContext2D, globalThis.OffscreenCanvasRenderingContext2D]) {
    if (!proto) continue;
    for (const name of ['fillText', 'strokeText']) {
      const original = proto.prototype[name];
      proto.prototype[name] = function (text, ...rest) {
        if (window.__cardkitTexts.length < 5000) window.__cardkitTexts.push([String(text), this.font]);
        return original.call(this, text, ...rest);
      };
    }
  }
})();
"""


def new_page(context):
    """A page that records canvas text, reaches only 127.0.0.1 and collects uncaught JavaScript errors.

    Requests elsewhere (Voilà's template links a CDN stylesheet) are refused, so a test never waits on
    the internet and sees what an offline classroom sees. Errors go to `page.js_errors`.
    """
    page = context.new_page()
    page.add_init_script(TEXT_RECORDER)
    page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/])[a-z]+://"), lambda route: route.abort())
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    return page


# ---------------------------------------------------------------------------------------------
# JupyterLab

_FIND_PANEL = """
(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.sessionContext) return w;
  }
  return null;
}
"""


def open_notebook(page, lab: Server, path: str) -> None:
    """Open `path` (relative to the repository) in a fresh JupyterLab workspace; return once its kernel is idle."""
    page.goto(lab.url(f"lab/tree/{path}?reset"), timeout=PAGE_LOAD * 1000)
    page.wait_for_function(f"({_FIND_PANEL})({json.dumps(path)}) !== null", timeout=PAGE_LOAD * 1000)
    page.evaluate(
        f"""async (path) => {{
          const panel = ({_FIND_PANEL})(path);
          await panel.context.ready;
          await panel.sessionContext.ready;
          window.jupyterapp.shell.activateById(panel.id);
          // The file browser would leave the notebook too narrow for a 900 px table.
          window.jupyterapp.shell.collapseLeft();
        }}""",
        path,
    )
    _wait_kernel_idle(page, path, PAGE_LOAD)


def _wait_kernel_idle(page, path: str, timeout: float) -> None:
    page.wait_for_function(
        f"""(path) => {{
          const panel = ({_FIND_PANEL})(path);
          const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
          return kernel && kernel.status === 'idle';
        }}""",
        arg=path,
        timeout=timeout * 1000,
    )


def run_all(page, path: str) -> dict:
    """Run every cell of the open notebook `path` and wait for the kernel to finish.

    Returns the notebook with its outputs as nbformat JSON. Fails with the error outputs when a cell
    raised, and when a widget could not be displayed.
    """
    page.evaluate(
        f"""async (path) => {{
          const panel = ({_FIND_PANEL})(path);
          window.jupyterapp.shell.activateById(panel.id);
          await window.jupyterapp.commands.execute('notebook:run-all-cells');
        }}""",
        path,
    )
    page.wait_for_function(
        f"""(path) => {{
          const panel = ({_FIND_PANEL})(path);
          const kernel = panel.sessionContext.session.kernel;
          if (!kernel || kernel.status !== 'idle') return false;
          // Run all stops at the first error; otherwise every code cell ends up with a number.
          const cells = panel.context.model.toJSON().cells.filter(c => c.cell_type === 'code');
          return cells.some(c => (c.outputs || []).some(o => o.output_type === 'error'))
              || cells.every(c => c.source.length === 0 || c.execution_count !== null);
        }}""",
        arg=path,
        timeout=RUN_ALL * 1000,
        polling=500,
    )
    nb = page.evaluate(f"(path) => ({_FIND_PANEL})(path).context.model.toJSON()", path)
    errors = [
        f"cell {i}: {o.get('ename')}: {o.get('evalue')}"
        for i, cell in enumerate(nb["cells"])
        for o in cell.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors, f"{path} raised in JupyterLab:\n" + "\n".join(errors)
    assert_widgets_displayed(page, path)
    return nb


@contextmanager
def lab_notebook(page, lab: Server, path: str):
    """`path` open in JupyterLab for the `with` block; its kernel is shut down afterwards, pass or fail."""
    open_notebook(page, lab, path)
    try:
        yield
    finally:
        shutdown_kernel(page, path)


def shutdown_kernel(page, path: str) -> None:
    """Stop the kernel of `path` so the next notebook does not share two cores with it."""
    page.evaluate(f"async (path) => {{ const p = ({_FIND_PANEL})(path); if (p) await p.sessionContext.shutdown(); }}",
                  path)


def assert_widgets_displayed(page, what: str) -> None:
    """No widget view failed to render (ipywidgets writes this text in place of the widget)."""
    failed = page.locator("text=/Error displaying widget|Failed to display widget|Model not found/")
    assert failed.count() == 0, f"{what}: a widget failed to display: {failed.first.inner_text()}"


# ---------------------------------------------------------------------------------------------
# Voilà


def open_voila(page, voila: Server, path: str, reload: bool = False) -> None:
    """Load (or reload) `path` as a Voilà app and wait until every cell has run and the widgets are shown."""
    if reload:
        page.reload(timeout=PAGE_LOAD * 1000)
    else:
        page.goto(voila.url(f"voila/render/{path}"), timeout=PAGE_LOAD * 1000)
    # Voilà 0.5 streams the page while the kernel runs each cell, then removes its "Executing ..."
    # spinner and unhides #rendered_cells.
    page.wait_for_function(
        "() => { const r = document.getElementById('rendered_cells');"
        " return r && r.style.display !== 'none' && !document.getElementById('loading'); }",
        timeout=RUN_ALL * 1000,
        polling=500,
    )
    tracebacks = page.locator(".jp-OutputArea-output", has_text=re.compile(r"Traceback|Error:|There was an error"))
    assert tracebacks.count() == 0, f"{path} raised in Voilà:\n{tracebacks.first.inner_text()}"
    assert_widgets_displayed(page, path)


# ---------------------------------------------------------------------------------------------
# canvases and pixels


def output_canvases(page):
    """The canvases the notebook's widgets show (not JupyterLab's own), as a Playwright locator."""
    return page.locator(".jp-OutputArea-output canvas")


@dataclass(frozen=True)
class Ink:
    """How much a picture differs from a blank one: its colours and the share of pixels not its background."""

    colours: int
    share: float

    @property
    def drawn(self) -> bool:
        return self.colours >= 3 and self.share >= 0.01


def ink(png: bytes) -> Ink:
    """Colours and non-background share of a PNG (the background is its most common colour)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    counts = img.getcolors(maxcolors=img.width * img.height)
    background = max(n for n, _ in counts)
    total = img.width * img.height
    return Ink(len(counts), (total - background) / total)


def changed_share(before: bytes, after: bytes, border: int = 3) -> float:
    """Share of pixels that differ between two screenshots of the same element.

    A `border` is left out: a clicked canvas takes the keyboard focus and Chromium rings it.
    """
    a = Image.open(io.BytesIO(before)).convert("RGB")
    b = Image.open(io.BytesIO(after)).convert("RGB")
    if a.size != b.size:
        return 1.0
    inner = (border, border, a.width - border, a.height - border)
    diff = ImageChops.difference(a.crop(inner), b.crop(inner)).convert("L").point(lambda v: 255 if v else 0)
    return diff.histogram()[255] / (diff.width * diff.height)


def save_shot(png: bytes, name: str) -> Path:
    """Keep a screenshot under build/screenshots/ (gitignored) for people and for the README."""
    SHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SHOT_DIR / f"{name}.png"
    path.write_bytes(png)
    return path


def readme_shot(png: bytes, name: str) -> Path:
    """Save a screenshot for the README: always under build/, and with --readme-screenshots a small
    copy (at most README_SHOT_WIDTH wide, 64 colours) under docs/screenshots/ to commit."""
    path = save_shot(png, name)
    if WRITE_README_SHOTS:
        img = Image.open(io.BytesIO(png)).convert("RGB")
        if img.width > README_SHOT_WIDTH:
            img = img.resize((README_SHOT_WIDTH, round(img.height * README_SHOT_WIDTH / img.width)), Image.LANCZOS)
        README_SHOT_DIR.mkdir(parents=True, exist_ok=True)
        # A 64-colour palette keeps card pictures crisp at a fraction of the size.
        img.quantize(colors=64, dither=Image.Dither.NONE).save(README_SHOT_DIR / f"{name}.png", optimize=True)
    return path


def wait_screenshot(element, ok: Callable[[bytes], bool], what: str, timeout: float = DRAWN) -> bytes:
    """Screenshot `element` until `ok(png)`; fails after `timeout` s, keeping the last shot as `<what>-FAILED`."""
    deadline = time.monotonic() + timeout
    while True:
        png = element.screenshot(animations="disabled")
        if ok(png):
            return png
        if time.monotonic() > deadline:
            path = save_shot(png, re.sub(r"[^\w.-]+", "_", what)[:80] + "-FAILED")
            raise AssertionError(f"{what}: not seen on screen within {timeout} s; last screenshot: {path}")
        time.sleep(0.3)


def wait_drawn(canvas, name: str, timeout: float = DRAWN) -> bytes:
    """Screenshot `canvas` until it shows a drawing (saved as `name`); fails if it stays blank."""
    png = wait_screenshot(canvas, lambda png: ink(png).drawn, f"{name} (a drawn canvas, not a blank one)", timeout)
    save_shot(png, name)
    return png


def wait_picture(canvas, reference: bytes, changed: bool, what: str, timeout: float = DRAWN) -> bytes:
    """Screenshot `canvas` until it differs from `reference` (``changed=True``) or matches it again."""
    if changed:
        return wait_screenshot(canvas, lambda png: changed_share(reference, png) > CHANGED, f"{what} (changed)",
                               timeout)
    return wait_screenshot(canvas, lambda png: changed_share(reference, png) <= SAME, f"{what} (back as before)",
                           timeout)


def white_pixels(png: bytes) -> int:
    """Pixels of a card face's white (#fff and nearly): what a face-up card adds to the green felt."""
    img = Image.open(io.BytesIO(png)).convert("L")
    return sum(img.histogram()[250:])


def point_on_drawing(png: bytes) -> tuple[int, int]:
    """A point of a canvas screenshot (CSS pixels from its top left) a little inside the leftmost
    thing drawn on its middle line: on a hand, a point of some card whatever the arrangement."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    background = max(img.getcolors(maxcolors=img.width * img.height))[1]
    y = img.height // 2
    for x in range(img.width):
        if img.getpixel((x, y)) != background:
            return min(x + 10, img.width - 1), y
    raise AssertionError("nothing is drawn on the middle line of this canvas")


def settled_count(locator, minimum: int = 1, quiet: float = 2.0, timeout: float = DRAWN) -> int:
    """How many elements match once at least `minimum` do and the number has not moved for `quiet` s
    (widgets render one after another, well after the page has loaded)."""
    deadline = time.monotonic() + timeout
    count, since = locator.count(), time.monotonic()
    while True:
        time.sleep(0.25)
        now = locator.count()
        if now != count:
            count, since = now, time.monotonic()
        elif count >= minimum and time.monotonic() - since >= quiet:
            return count
        if time.monotonic() > deadline:
            assert count >= minimum, f"{count} matching elements after {timeout} s, expected at least {minimum}"
            return count


def assert_all_canvases_drawn(page, name: str, minimum: int = 1) -> list[bytes]:
    """Every output canvas on the page shows a drawing; returns their screenshots in page order."""
    canvases = output_canvases(page)
    return [wait_drawn(canvases.nth(i), f"{name}-canvas{i}") for i in range(settled_count(canvases, minimum))]


def canvas_size(canvas) -> tuple[int, int]:
    """The canvas buffer size in pixels (the coordinates Python draws and hit-tests in)."""
    return tuple(canvas.evaluate("c => [c.width, c.height]"))


def click_canvas(canvas, x: float, y: float) -> None:
    """Click at (x, y) in canvas buffer pixels, whatever size CSS shows the canvas at."""
    width, height = canvas_size(canvas)
    box = canvas.bounding_box()
    click_css(canvas, x * box["width"] / width, y * box["height"] / height)


def click_css(element, x: float, y: float) -> None:
    """Click `element` at (x, y) CSS pixels from its top left, then take the focus away again so no
    focus ring is left in the next screenshot."""
    element.click(position={"x": x, "y": y})
    element.evaluate("el => el.blur()")


# ---------------------------------------------------------------------------------------------
# Chinese text

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Unassigned code point: every font lacks it, so it draws as the "missing glyph" box (or nothing).
TOFU = "\u0378"

_GLYPHS = """
([font, chars]) => {
  const c = document.createElement('canvas');
  c.width = c.height = 128;
  const ctx = c.getContext('2d');
  const shot = (ch) => {
    ctx.clearRect(0, 0, 128, 128);
    ctx.font = font; ctx.textBaseline = 'top'; ctx.fillStyle = '#000';
    ctx.fillText(ch, 8, 8);
    const d = ctx.getImageData(0, 0, 128, 128).data;
    let ink = 0, sig = '';
    for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) ink++; sig += d[i] > 127 ? '1' : '0'; }
    return [ink, sig];
  };
  const tofu = shot(TOFU);
  return chars.map(ch => { const [ink, sig] = shot(ch); return [ch, ink, sig === tofu[1]]; });
}
""".replace("TOFU", json.dumps(TOFU))


def cjk_labels(page) -> list[tuple[str, str]]:
    """(text, CSS font) of every Chinese label on the page: drawn on a canvas or written in the DOM."""
    canvas_texts = page.evaluate("() => window.__cardkitTexts || []")
    dom_texts = page.evaluate(
        """() => {
          const out = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) {
            const n = walker.currentNode, el = n.parentElement;
            if (!el || !/[\\u3400-\\u9fff]/.test(n.nodeValue) || !el.checkVisibility()) continue;
            // Labels the learner reads: outputs and rendered Markdown, not the code in the editors.
            if (!el.closest('.jp-OutputArea-output, .jp-RenderedMarkdown, .jp-RenderedHTMLCommon')) continue;
            out.push([n.nodeValue, getComputedStyle(el).font]);
          }
          return out;
        }"""
    )
    return [(t, f) for t, f in canvas_texts + dom_texts if CJK.search(t)]


def boxed_cjk(page, labels: list[tuple[str, str]]) -> list[str]:
    """The Chinese characters of `labels` the browser draws as a missing-glyph box (or not at all).

    Each character is drawn in its label's font beside an unassigned code point: without a CJK font
    Chromium draws both as the same box, with one they differ.
    """
    by_font: dict[str, set[str]] = {}
    for text, font in labels:
        by_font.setdefault(font, set()).update(CJK.findall(text))
    bad = []
    for font, chars in by_font.items():
        for ch, ink_pixels, is_tofu in page.evaluate(_GLYPHS, [font, sorted(chars)]):
            if is_tofu or ink_pixels == 0:
                bad.append(f"{ch} in {font!r}")
    return bad


def assert_chinese_renders(page, what: str) -> None:
    """The page shows Chinese labels, and every one of their characters has a real glyph."""
    labels = cjk_labels(page)
    assert labels, f"{what}: no Chinese label found on the page"
    bad = boxed_cjk(page, labels)
    assert not bad, f"{what}: Chinese drawn as boxes (is fonts-wqy-microhei installed?): {', '.join(bad[:20])}"


def has_cjk_font() -> bool:
    """Fontconfig knows a font with Chinese glyphs (fonts-wqy-microhei is the one the kit installs)."""
    fc_list = shutil.which("fc-list")
    return bool(fc_list) and bool(subprocess.run([fc_list, ":lang=zh"], capture_output=True, text=True).stdout.strip())


def latin_only_fontconfig(workdir: Path) -> dict[str, str] | None:
    """Environment whose fontconfig sees only fonts without Chinese, to prove `boxed_cjk` can fail."""
    fc_list = shutil.which("fc-list")
    if not fc_list:
        return None

    def files(pattern: str) -> set[str]:
        out = subprocess.run([fc_list, "-f", "%{file}\n", pattern], capture_output=True, text=True).stdout
        return {line for line in out.splitlines() if line}

    latin = sorted(files(":lang=en") - files(":lang=zh") - files(":lang=ja") - files(":lang=ko"))
    if not latin:
        return None
    fonts = workdir / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    for i, f in enumerate(latin):
        (fonts / f"{i}{Path(f).suffix}").symlink_to(f)
    conf = workdir / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
        f"<fontconfig><dir>{fonts}</dir><cachedir>{workdir / 'fc-cache'}</cachedir></fontconfig>"
    )
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


# ---------------------------------------------------------------------------------------------
# GameTable (cardkit.widgets.table)

# CSS classes GameTable puts on its parts with ipywidgets' `add_class`: the tests find them by these.
TABLE = ".cardkit-table"
FELT = ".cardkit-felt"
HAND = "canvas.cardkit-hand"
PLAY = "button.cardkit-play"
MESSAGE = ".cardkit-message"
LOG = ".cardkit-log"


@dataclass(frozen=True)
class Scene:
    """A deal where the learner, to act first after the bots, can play two cards: which, and what follows.

    Found by playing the same seeded GameTable headless in the test process: the kernel's table deals
    and lets the bots move exactly alike, so its clicks land on the same cards.
    """

    variant: str
    seed: int
    clicks: tuple[tuple[float, float], ...]
    cards: str
    logged: str
    face_up: int
    card_area: int

    @property
    def source(self) -> str:
        return (
            "from cardkit.widgets.table import GameTable\n\n"
            f"GameTable({self.variant!r}, seed={self.seed}, bot_delay=0)"
        )


def two_card_scene(variant: str, seeds: range = range(200)) -> Scene:
    """The first seed whose deal lets the learner play a two-card action (a pair) at their first turn."""
    from cardkit import format_cards
    from cardkit.widgets.table import TRICK_STYLE, GameTable

    for seed in seeds:
        table = GameTable(variant, seed=seed, bot_delay=0)
        if not table.my_turn or table.game.phase != "play":
            continue
        pairs = [a for a in table.game.legal_actions() if len(getattr(a, "cards", ())) == 2]
        if not pairs:
            continue
        wanted = list(pairs[0].cards)
        shown = list(table.hand.cards)
        picks = []
        for card in wanted:
            picks.append(next(i for i, c in enumerate(shown) if c == card and i not in picks))
        picks.sort()
        clicks = tuple(table.card_center(i) for i in picks)
        before = len(table.lines)
        table.hand.selected = picks
        table.play_selected()
        assert len(table.lines) > before, f"{variant} seed {seed}: the headless table refused {wanted}"
        # The felt shows each seat's latest play in the trick.
        latest = {seat: action for seat, action in table.game.trick}
        face_up = sum(len(getattr(action, "cards", ())) for action in latest.values())
        if face_up < 2:
            continue  # the trick was over and cleared by the time the learner could look
        return Scene(variant, seed, clicks, format_cards(wanted), table.lines[before], face_up,
                     TRICK_STYLE.width * TRICK_STYLE.height)
    raise AssertionError(f"no deal of {variant} in seeds {seeds} lets the learner play two cards into a trick")


def write_scene_notebook(scene: Scene) -> str:
    """A one-cell notebook showing the scene's table, under build/ (gitignored); its path from ROOT."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(scene.source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = ROOT / "build" / "browser-notebooks" / f"gametable_{scene.variant}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path.relative_to(ROOT).as_posix()


def click_two_cards_and_play(page, scene: Scene, name: str) -> None:
    """On the page's GameTable: click the scene's two cards, see each raised, press Play, and see the
    felt (the trick) and the hand change and the play appear in the log in words.

    The trick must show card faces, not just change: the felt after the play holds at least half the
    white of the face-up cards the headless table has in the trick."""
    table = page.locator(TABLE).first
    table.wait_for(timeout=DRAWN * 1000)
    felt, hand = table.locator(FELT).first, table.locator(HAND).first
    felt_before = wait_drawn(felt, f"{name}-felt-before")
    picture = wait_drawn(hand, f"{name}-hand-before")
    for n, (x, y) in enumerate(scene.clicks):
        click_canvas(hand, x, y)
        picture = wait_picture(hand, picture, changed=True, what=f"{name}-hand-click{n}")
    save_shot(picture, f"{name}-hand-selected")
    table.locator(PLAY).first.click()
    felt_after = wait_picture(felt, felt_before, changed=True, what=f"{name}-felt-after-play")
    need = scene.face_up * scene.card_area // 2
    felt_after = wait_screenshot(felt, lambda png: white_pixels(png) >= need,
                                 f"{name}: the felt shows the faces of the {scene.face_up} cards in the trick")
    save_shot(felt_after, f"{name}-felt-after")
    wait_picture(hand, picture, changed=True, what=f"{name}-hand-after-play")
    log = table.locator(LOG).first
    deadline = time.monotonic() + DRAWN
    while scene.logged not in log.inner_text():
        assert time.monotonic() < deadline, f"{name}: the log never showed {scene.logged!r}:\n{log.inner_text()}"
        time.sleep(0.3)
    message = table.locator(MESSAGE).first.inner_text().strip()
    assert not message, f"{name}: playing {scene.cards} was refused: {message}"
