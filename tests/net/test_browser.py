"""``dummy-tui serve`` played in a real browser: Chromium, driven by
Playwright, on a real socket of 127.0.0.1.  A game dealt from a seed is
looked at: a Thai tone mark stacked over a vowel is drawn, and the card suits
are drawn whole, inside their cells; and the keys reach the game without a
click.

Skipped where Playwright (``pip install '.[browser]'``) or Chromium is
missing, unless ``DUMMY_TUI_BROWSER_TESTS=required`` (as in CI), which makes
a missing browser a failure.
"""

from __future__ import annotations

import base64
import importlib.util
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serve_util import serving

CHROMIUM = os.environ.get("DUMMY_TUI_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SUITS = "♠♣♥♦"

SCREEN = """() => {
  const t = window.gameTerminal, rows = [];
  for (let y = 0; y < t.rows; y++) {
    const line = t.buffer.active.getLine(y), cells = [];
    for (let x = 0; x < t.cols; x++) cells.push(line.getCell(x).getChars());
    rows.push(cells);
  }
  const box = document.querySelector(".xterm-screen").getBoundingClientRect();
  const width = box.width / t.cols, height = box.height / t.rows;
  return {rows, left: box.left, top: box.top, width, height};
}"""
"""The terminal's cells (each with the marks that go with it) and where they are drawn."""

SHOWS = """(text) => {
  const t = window.gameTerminal;
  if (!t) return false;
  for (let y = 0; y < t.rows; y++)
    if (t.buffer.active.getLine(y).translateToString(true).includes(text)) return true;
  return false;
}"""

DRAWN = """async () => {
  const t = window.gameTerminal, pause = () => new Promise((done) => setTimeout(done, 100));
  const text = () => {
    const lines = [];
    for (let y = 0; y < t.rows; y++) lines.push(t.buffer.active.getLine(y).translateToString());
    return lines.join("\\n");
  };
  // each wait has an end: a page that never settles fails here, saying which
  const until = Date.now() + 20000;
  const within = (promise, what) => Promise.race([promise, new Promise((_, fail) =>
    setTimeout(() => fail(new Error(what + " within 20 s")), Math.max(0, until - Date.now())))]);
  let before = text(), still = 0;
  while (still < 3) {
    if (Date.now() > until) throw new Error("the screen did not stop changing within 20 s");
    await pause();
    const now = text();
    still = now === before ? still + 1 : 0;
    before = now;
  }
  await within(document.fonts.ready, "the fonts did not load");
  await within(new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
               "no frame was drawn");
}"""
"""Waits for the game to stop changing the screen (three tenths of a second),
for the fonts, and for the screen to be drawn with them."""

INK = """async (png) => {
  const blob = await (await fetch("data:image/png;base64," + png)).blob();
  const image = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const d = context.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < d.length; i += 4) {
    const key = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const bg = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  const r = bg >> 16, g = (bg >> 8) & 255, b = bg & 255;
  let top = image.height, bottom = -1, left = image.width, right = -1;
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if (Math.max(Math.abs(d[i] - r), Math.abs(d[i + 1] - g), Math.abs(d[i + 2] - b)) > 90) {
        top = Math.min(top, y); bottom = Math.max(bottom, y);
        left = Math.min(left, x); right = Math.max(right, x);
      }
    }
  return {top, bottom, left, right, width: image.width, height: image.height, background: bg};
}"""
"""The box of a picture's ink: its pixels far from its most common colour (its background)."""


@pytest.fixture
def browser() -> Iterator[Any]:
    required = os.environ.get("DUMMY_TUI_BROWSER_TESTS") == "required"
    missing = []
    if importlib.util.find_spec("playwright") is None:
        missing.append("Playwright (pip install '.[browser]')")
    if not os.path.exists(CHROMIUM):
        missing.append("Chromium (apt-get install chromium)")
    if missing:
        reason = "the browser test needs " + " and ".join(missing)
        if required:
            pytest.fail(reason + "; DUMMY_TUI_BROWSER_TESTS=required")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def cells_with(screen: dict[str, Any], wanted: str) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y, row in enumerate(screen["rows"])
        for x, chars in enumerate(row)
        if chars == wanted
    ]


def ink(page: Any, screen: dict[str, Any], x: int, y: int, width: float = 1) -> dict[str, int]:
    """The ink drawn from the cell (x, y) over ``width`` cells, in device pixels."""
    clip = {
        "x": screen["left"] + x * screen["width"],
        "y": screen["top"] + y * screen["height"],
        "width": screen["width"] * width,
        "height": screen["height"],
    }
    png = base64.b64encode(page.screenshot(clip=clip)).decode("ascii")
    box: dict[str, int] = page.evaluate(INK, png)
    return box


def test_a_game_in_thai_in_chromium(browser: Any, tmp_path: Path) -> None:
    # seed 1 deals this seat no meld (a meld's cards are marked, and only a
    # suit with a blank after it is looked at): a hand that shows every check
    with serving(tmp_path, lang="th", args=("--seed", "1")) as url:
        page = browser.new_page(viewport={"width": 1000, "height": 640}, device_scale_factor=2)
        try:
            play_a_game_in_thai(page, url)
        finally:
            page.close()


def play_a_game_in_thai(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function(SHOWS, arg="7 ใบ", timeout=30_000)
    page.evaluate(DRAWN)
    screen = page.evaluate(SCREEN)
    # ดัมมี่'s last letter carries a vowel and a tone mark over it; มาลี's
    # last, the vowel alone: the tone mark is drawn above the vowel
    stacked, vowel = cells_with(screen, "มี่")[0], cells_with(screen, "ลี")[0]
    stacked_ink, vowel_ink = ink(page, screen, *stacked), ink(page, screen, *vowel)
    assert vowel_ink["bottom"] > 0, "no Thai letter drawn (no Thai font?)"
    assert stacked_ink["top"] <= vowel_ink["top"] - 3, (stacked_ink, vowel_ink)

    hand = max(screen["rows"], key=lambda row: sum(c in SUITS for c in row))
    y = screen["rows"].index(hand)
    cards = re.findall(rf"(?:10|[2-9JQKA])[{SUITS}]", "".join(hand))
    assert len(cards) == 7, hand
    fonts = page.evaluate("() => [...document.fonts].map(f => [f.family, f.status])")
    assert ["Card Suits", "loaded"] in fonts, fonts
    cell = screen["width"] * 2  # device pixels
    checked = 0
    for x, chars in enumerate(hand):
        # a suit with a blank after it on the same background (not the
        # card under the cursor): its ink and the blank's
        if chars not in SUITS or hand[x + 1] != " ":
            continue
        if ink(page, screen, x, y)["background"] != ink(page, screen, x + 1, y)["background"]:
            continue
        box = ink(page, screen, x, y, width=1.5)
        # drawn whole, inside its cell, and not shrunk to a speck
        assert box["right"] < cell - 0.5, (chars, box, cell)
        assert box["right"] - box["left"] >= 0.55 * cell, (chars, box, cell)
        assert box["bottom"] - box["top"] >= 0.35 * box["height"], (chars, box)
        checked += 1
    assert checked >= 4, hand

    # no click: the keys go to the game as soon as it is drawn
    page.keyboard.press("Control+l")
    page.wait_for_function(SHOWS, arg="7 cards", timeout=10_000)
