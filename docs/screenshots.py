"""Make the README's screenshots of the web tracker again: the game master's page on a desktop
(1,400 x 1,000, an attack chosen with its odds shown) and a player's page on a phone (390 x 844).

    .venv/bin/python docs/screenshots.py

It runs ``fracas serve`` on a free port with a throw-away SQLite database, plays the opening of
the momentum demo through the API, and drives Debian's Chromium (``/usr/bin/chromium``) with
Playwright. The pictures are written to ``docs/images/``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

IMAGES = Path(__file__).parent / "images"
CHROMIUM = "/usr/bin/chromium"
WAIT_MS = 30_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(database: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "fracas", "serve", "--no-demos", "--port", str(port)]
    server = subprocess.Popen([*command, "--database", f"sqlite:///{database}"])
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("fracas serve did not start")


def opening(base: str) -> tuple[str, str]:
    """The momentum demo, started, Scout's shot taken and Druid's turn: (GM page, player page)."""
    created = httpx.post(
        f"{base}/api/encounters", json={"ruleset": "momentum", "demo": True, "seed": 7}
    ).json()
    token = created["token"]
    for text in ("start", "attack raptor-1 -with shortbow !15 6", "end"):
        reply = httpx.post(f"{base}/api/t/{token}/commands", json={"text": text}, timeout=30)
        reply.raise_for_status()
    player = httpx.put(f"{base}/api/t/{token}/links/Druid").json()["page"]
    return f"/gm/{token}", str(player)


def shoot(page: Page, name: str) -> None:
    IMAGES.mkdir(exist_ok=True)
    page.screenshot(path=str(IMAGES / name))
    print(IMAGES / name)


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = serve(Path(folder) / "shots.sqlite3", port)
        try:
            gm_page, player_page = opening(base)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
                )
                gm = browser.new_page(viewport={"width": 1400, "height": 1000})
                gm.goto(base + gm_page)
                gm.wait_for_selector("#connection.online", timeout=WAIT_MS)
                gm.get_by_role("button", name="Attack Raptor 2").click()
                gm.wait_for_selector("#actionbar .odds tr[data-outcome]", timeout=WAIT_MS)
                gm.evaluate("window.scrollTo(0, 0)")
                shoot(gm, "gm-page.png")
                phone = browser.new_page(viewport={"width": 390, "height": 844})
                phone.goto(base + player_page)
                phone.wait_for_selector("#connection.online", timeout=WAIT_MS)
                shoot(phone, "player-phone.png")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
