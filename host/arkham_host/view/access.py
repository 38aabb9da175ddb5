"""Who may open the page: the pairing code of `view --lan`, and a bound on how fast a page may ask.

- On 127.0.0.1 (this computer) no code is needed. From any other address every request — the
  page, its files, the board, the websocket — needs the code: `?code=CODE` once (the page then
  keeps it in a cookie) or the cookie; without it: 403 and a line saying so, no game data.
- Each address may make RATE requests a second (a burst of BURST); past that HTTP gets 429 and a
  websocket request `{"ok": false, "err": "too many requests..."}`: nothing is sent to the table.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import time

from aiohttp import web

COOKIE = "arkham_code"
RATE = 10.0  # requests a second, per address, once the burst is spent
BURST = 40
CODE_DIGITS = 6


def new_code():
    return "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))


def lan_address():
    """This computer's address on the room's network (the one a route out would use), or None.
    A UDP socket's connect sends nothing: it only picks the interface."""
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # (TEST-NET-1: never routed anywhere)
        addr = s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
    return None if addr.startswith("127.") else addr


def is_local(remote):
    try:
        return ipaddress.ip_address(remote or "").is_loopback
    except ValueError:
        return False


class Bucket:
    """A token bucket: `take()` is False once an address asks faster than RATE (after BURST)."""

    def __init__(self, rate=RATE, burst=BURST, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.left = {}

    def take(self, who):
        now = self.clock()
        left, at = self.left.get(who, (self.burst, now))
        left = min(self.burst, left + (now - at) * self.rate)
        if len(self.left) > 1000:  # (bounded: forget the addresses seen least lately)
            self.left.clear()
        if left < 1:
            self.left[who] = (left, now)
            return False
        self.left[who] = (left - 1, now)
        return True


class Access:
    def __init__(self, code=None, local_free=True, rate=RATE, burst=BURST):
        self.code = code  # None: no code (the page serves this computer only)
        self.local_free = local_free
        self.http = Bucket(rate, burst)
        self.ws = Bucket(rate, burst)

    def allowed(self, request):
        if self.code is None or (self.local_free and is_local(request.remote)):
            return True
        got = request.query.get("code") or request.cookies.get(COOKIE) or ""
        return hmac.compare_digest(got.encode(), self.code.encode())

    @web.middleware
    async def middleware(self, request, handler):
        if not self.http.take(request.remote):
            return web.Response(status=429, text="too many requests: slow down\n")
        if not self.allowed(request):
            return web.Response(status=403, text="pairing code needed: open the address "
                                "`view --lan` printed (it carries ?code=...)\n")
        resp = await handler(request)
        if self.code is not None and request.query.get("code") == self.code:
            resp.set_cookie(COOKIE, self.code, httponly=True, samesite="Strict")
        return resp
