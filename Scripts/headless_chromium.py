"""Headless Chromium through Debian's chromedriver, as the browser checks run it."""

import os

os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402


def start(chromium, chromedriver, window):
    """A driver of `chromium` in a `window` ("W,H") at scale 1, offline."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--disable-gpu", f"--window-size={window}",
                 "--allow-file-access-from-files", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium refuses to run as root with it.
    return webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
