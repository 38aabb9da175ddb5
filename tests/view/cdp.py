"""A headless Chromium driven over the DevTools protocol (CDP) with aiohttp's websocket client:
enough to open a page, run JavaScript, click at a point like a mouse, and take a screenshot.
Chromium comes from the system's packages (`apt-get install chromium`; .ci/run installs it)."""

import asyncio
import base64
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import urllib.request

import aiohttp

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find():
    for n in NAMES:
        p = shutil.which(n)
        if p:
            return p
    return None


class Browser:
    def __init__(self, width=1600, height=1000):
        self.exe = find()
        self.size = (width, height)
        self.proc = None
        self.ws = None
        self.session = None
        self._ids = itertools.count(1)
        # (chromium's helpers may still be writing in it when it is removed)
        self.profile = tempfile.TemporaryDirectory(prefix="arkham-chromium-",
                                                   ignore_cleanup_errors=True)

    async def start(self):
        self.proc = subprocess.Popen(
            [self.exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--remote-debugging-port=0",
             "--user-data-dir=" + self.profile.name,
             "--window-size=%d,%d" % self.size, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = None
        loop = asyncio.get_running_loop()
        for _ in range(400):
            line = await loop.run_in_executor(None, self.proc.stderr.readline)
            m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line or "")
            if m:
                port = int(m.group(1))
                break
            if not line and self.proc.poll() is not None:
                break
        if port is None:
            raise RuntimeError("chromium did not start its DevTools endpoint")
        targets = json.loads(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port).read())
        page = next(t for t in targets if t.get("type") == "page")
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.call("Page.enable")
        await self.call("Runtime.enable")
        return self

    async def call(self, method, **params):
        i = next(self._ids)
        await self.ws.send_str(json.dumps({"id": i, "method": method, "params": params}))
        while True:
            msg = json.loads((await self.ws.receive(timeout=30)).data)
            if msg.get("id") == i:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})

    async def js(self, expr):
        r = await self.call("Runtime.evaluate", expression=expr, returnByValue=True,
                            awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError("js %s: %s" % (expr, r["exceptionDetails"]))
        return r["result"].get("value")

    async def wait_for(self, expr, tries=200, why=None):
        """Until the expression is truthy (bounded: tries x 50 ms); `why`: an expression whose
        value the failure shows (what the page said)."""
        for _ in range(tries):
            v = await self.js(expr)
            if v:
                return v
            await asyncio.sleep(0.05)
        said = "" if why is None else "\nthe page: %s" % (await self.js(why),)
        raise AssertionError("never true in the page: %s%s" % (expr, said))

    async def goto(self, url):
        await self.call("Page.navigate", url=url)
        # (a page is ready once its first state came: up to 30 s on a loaded 2-core machine, where
        # 10 s was once too short for the third seat's page of a Final Hour game)
        await self.wait_for("document.body && document.body.dataset.ready === '1'", tries=600)

    async def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            await self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                            clickCount=1)

    async def phone(self, width=390, height=844):
        """Be a phone held upright: its viewport (CSS pixels), a touch screen."""
        await self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                        deviceScaleFactor=2, mobile=True)
        await self.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)
        self.touch = True

    touch = False

    async def tap(self, selector):
        """A finger's tap on the element `selector` names (scrolled into view first); a mouse
        click when the page is not a phone. Returns the element's size [w, h] in CSS pixels."""
        box = await self.js(
            "(() => { const e = document.querySelector(%s); if (!e) return null;"
            " e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2, r.width, r.height]; })()"
            % json.dumps(selector))
        if box is None:
            raise AssertionError("nothing to tap: %s" % selector)
        x, y = box[0], box[1]
        if self.touch:
            await self.call("Input.dispatchTouchEvent", type="touchStart",
                            touchPoints=[{"x": x, "y": y}])
            await self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        else:
            await self.click(x, y)
        return box[2:]

    async def click_spot(self, spot):
        box = await self.js("(() => { const r = document.getElementById('spot-%s')"
                            ".querySelector('.body').getBoundingClientRect();"
                            " return [r.x + r.width / 2, r.y + r.height / 2]; })()" % spot)
        await self.click(*box)

    async def screenshot(self, path):
        r = await self.call("Page.captureScreenshot", format="png")
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    async def close(self):
        if self.ws is not None:
            await self.ws.close()
        if self.session is not None:
            await self.session.close()
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.profile.cleanup()


def artifacts_dir():
    root = os.environ.get("ARKHAM_ARTIFACTS") or os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "artifacts")
    d = os.path.join(root, "view")
    os.makedirs(d, exist_ok=True)
    return os.path.abspath(d)
