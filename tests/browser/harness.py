"""What the browser tests do to JupyterLab, Voilà and a canvas, so each test reads in a few lines.

Servers: `start_lab` / `start_voila` run a real server on 127.0.0.1 with a free port and a token,
in a scratch Jupyter home so a developer's own settings and workspaces neither leak in nor change.

Pages: `open_notebook` + `run_all` (JupyterLab), `open_voila` (Voilà), then `output_canvases`,
`wait_drawn`, `click_canvas`, `save_shot`, `boxed_cjk` on whatever the notebook shows.

GameTable (cardkit.widgets): `game_table` finds the table canvas and its buttons through the CSS
classes the widget puts on them, and `hand_layout` reads where the human's cards are drawn.
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
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise
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
          const cells = panel.context.model.toJSON().cells;
          return cells.every(c => c.cell_type !== 'code' || c.source.length === 0 || c.execution_count !== null
                                  || (c.outputs || []).some(o => o.output_type === 'error'));
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
    copy (at most README_SHOT_WIDTH wide) under docs/screenshots/ to commit."""
    path = save_shot(png, name)
    if WRITE_README_SHOTS:
        img = Image.open(io.BytesIO(png)).convert("RGB")
        if img.width > README_SHOT_WIDTH:
            img = img.resize((README_SHOT_WIDTH, round(img.height * README_SHOT_WIDTH / img.width)), Image.LANCZOS)
        README_SHOT_DIR.mkdir(parents=True, exist_ok=True)
        img.save(README_SHOT_DIR / f"{name}.png", optimize=True)
    return path


def wait_drawn(canvas, name: str, timeout: float = DRAWN) -> bytes:
    """Screenshot `canvas` until it shows a drawing; fails (keeping the last shot) if it stays blank."""
    deadline = time.monotonic() + timeout
    while True:
        png = canvas.screenshot(animations="disabled")
        seen = ink(png)
        if seen.drawn:
            save_shot(png, name)
            return png
        if time.monotonic() > deadline:
            path = save_shot(png, f"{name}-BLANK")
            raise AssertionError(f"canvas {name} stayed blank for {timeout} s ({seen}); last screenshot: {path}")
        time.sleep(0.5)


def wait_picture(canvas, reference: bytes, changed: bool, what: str, timeout: float = DRAWN) -> bytes:
    """Screenshot `canvas` until it differs from `reference` (``changed=True``) or matches it again."""
    deadline = time.monotonic() + timeout
    while True:
        png = canvas.screenshot(animations="disabled")
        share = changed_share(reference, png)
        if (share > CHANGED) if changed else (share <= SAME):
            return png
        if time.monotonic() > deadline:
            path = save_shot(png, f"{what}-TIMEOUT")
            state = "changed" if changed else "came back"
            raise AssertionError(f"{what}: the canvas never {state} within {timeout} s; last screenshot: {path}")
        time.sleep(0.3)


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


def assert_all_canvases_drawn(page, name: str, minimum: int = 1) -> list[bytes]:
    """Every output canvas on the page shows a drawing; returns their screenshots in page order."""
    canvases = output_canvases(page)
    page.wait_for_function(
        f"document.querySelectorAll('.jp-OutputArea-output canvas').length >= {minimum}", timeout=DRAWN * 1000
    )
    return [wait_drawn(canvases.nth(i), f"{name}-canvas{i}") for i in range(canvases.count())]


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
# GameTable (cardkit.widgets)

# CSS classes GameTable puts on its parts (ipywidgets `add_class`): the tests find them by these.
TABLE = "canvas.cardkit-table"
PLAY = "button.cardkit-play"
PASS = "button.cardkit-pass"
MESSAGE = ".cardkit-message"
LAYOUT = ".cardkit-layout"


@dataclass(frozen=True)
class HandCard:
    """One of the human's cards as the table draws it: its token (`SA`) and clickable box in canvas pixels."""

    card: str
    box: tuple[float, float, float, float]

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.box
        return x + w / 2, y + h / 2


@dataclass
class TableView:
    """A GameTable on the page: its canvas, buttons and the layout it publishes."""

    page: object
    root: object
    canvas: object = field(init=False)

    def __post_init__(self) -> None:
        self.canvas = self.root.locator(TABLE).first

    def layout(self) -> dict:
        """The table's published layout: `hand` (list of HandCard), `trick` box, `turn`, `human` seat."""
        raw = json.loads(self.root.locator(LAYOUT).first.get_attribute("data-layout"))
        raw["hand"] = [HandCard(c["card"], tuple(c["box"])) for c in raw["hand"]]
        return raw

    def wait_for_human_turn(self, timeout: float = 60) -> dict:
        """Wait until the bots have played and the human is to act; return the layout then."""
        deadline = time.monotonic() + timeout
        while True:
            layout = self.layout()
            if layout["turn"] == layout["human"]:
                return layout
            assert time.monotonic() < deadline, f"the human never got the turn: {layout}"
            time.sleep(0.3)

    def trick_shot(self) -> bytes:
        """Screenshot of the trick area only."""
        x, y, w, h = self.layout()["trick"]
        cw, ch = canvas_size(self.canvas)
        box = self.canvas.bounding_box()
        sx, sy = box["width"] / cw, box["height"] / ch
        return self.page.screenshot(
            clip={"x": box["x"] + x * sx, "y": box["y"] + y * sy, "width": w * sx, "height": h * sy},
            animations="disabled",
        )

    def click_card(self, card: HandCard) -> None:
        click_canvas(self.canvas, *card.centre)

    def message(self) -> str:
        return self.root.locator(MESSAGE).first.inner_text()


def game_table(page, index: int = 0) -> TableView:
    """The `index`-th GameTable on the page, once it is drawn."""
    root = page.locator(".jp-OutputArea-output", has=page.locator(TABLE)).nth(index)
    root.wait_for(timeout=DRAWN * 1000)
    view = TableView(page, root)
    wait_drawn(view.canvas, "gametable-probe")
    return view


def pairs_in(hand: list[HandCard]) -> list[tuple[HandCard, HandCard]]:
    """Two cards of the same face, strongest first (hands are drawn weakest first)."""
    out = []
    for a, b in pairwise(hand):
        if a.card == b.card and (not out or out[-1][1] is not a):
            out.append((a, b))
    return out[::-1]


def play_a_pair(table: TableView, name: str) -> tuple[bytes, bytes]:
    """Click two cards of a pair and Play, as a learner would; return the trick area before and after.

    Tries the pairs of the hand strongest first until the table accepts one (a pair that does not
    beat the trick is refused with a reason and deselected again).
    """
    layout = table.wait_for_human_turn()
    before = table.trick_shot()
    save_shot(before, f"{name}-trick-before")
    tried = []
    for a, b in pairs_in(layout["hand"]):
        table.click_card(a)
        table.click_card(b)
        table.page.locator(PLAY).first.click()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            after = table.trick_shot()
            if changed_share(before, after) > CHANGED:
                save_shot(after, f"{name}-trick-after")
                save_shot(table.canvas.screenshot(), f"{name}-table")
                return before, after
            time.sleep(0.3)
        tried.append(f"{a.card} {b.card}: {table.message()}")
        table.click_card(a)
        table.click_card(b)
    raise AssertionError("no pair played changed the trick on screen:\n" + "\n".join(tried))
