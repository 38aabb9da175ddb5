"""`arkham-table calibrate [PORT]`: measure every pad and save its thresholds on the table.

The walk: (1) the board is cleared and the table captures its empty reference (`calib empty`);
the host then reads every pad several times to see how much each one jitters when nothing is on
it. (2) For each sensed spot, in board order, the maker puts a token on it (or a hand, for seat
pads); the host reads that pad's chip several times and sees how far the token pulls the reading.
(3) Per pad, the thresholds go between the two (below), are sent with `calib set SPOT touch=N
release=M` (the table saves them in calib.json itself), and the spots that were not seen are
listed, with the likely cause.

Thresholds, in counts of delta (empty reference - filtered reading, docs/interfaces.md):
    empty readings span [noise_lo, noise_hi]; covered readings span [signal_lo, signal_hi]
    gap = signal_lo - noise_hi; a pad needs gap >= MIN_GAP to be told apart reliably
    release = noise_hi + gap//3     (every empty reading stays at or under it: no ghost tokens)
    touch   = signal_lo - gap//3    (every covered reading reaches it: the token is always seen)
A thicker overlay shrinks the signal (coupling falls with distance), so thresholds come out lower;
noise widens the empty span and pushes `release` up. Calibrate with the weakest thing the game
must see (a token, not a finger).
"""

from __future__ import annotations

import argparse
import json
import sys

HELP = "calibrate the pads: empty board, then a token on each spot; saves thresholds on the table"

SAMPLES_EMPTY = 16
SAMPLES_COVERED = 6
SETTLE_READS = 2  # readings thrown away after a token goes down (the chip's filters settle)
MIN_GAP = 3


class CalibrationError(Exception):
    """The table refused something or cannot be calibrated; the message says why."""


class Stop(Exception):
    """The maker asked to stop; spots not done yet are reported as not seen."""


class PadResult:
    def __init__(self, spot, chip, e):
        self.spot, self.chip, self.e = spot, chip, e
        self.offset = 0  # median delta of the empty board (the reference's own error)
        self.noise = None  # (lo, hi) empty, centred on that median
        self.signal = None  # (lo, hi) covered, centred the same way
        self.touch = self.release = None
        self.status = "not seen"  # ok | weak | not seen | skipped | noisy | elsewhere
        self.note = ""

    def as_dict(self):
        return {
            "spot": self.spot,
            "chip": self.chip,
            "e": self.e,
            "offset": self.offset,
            "noise": self.noise,
            "signal": self.signal,
            "touch": self.touch,
            "release": self.release,
            "status": self.status,
            "note": self.note,
        }


def noise_floor(noise):
    """Lowest touch threshold the firmware will not call noisy for this jitter (it flags a pad
    when about 1.5 x its mean step between scans reaches half of touch; for even jitter of
    width w the mean step is about 0.4 w, so touch must clear 1.2 w: keep 1.5 w + 1)."""
    return (3 * (noise[1] - noise[0])) // 2 + 1


def thresholds(noise, signal):
    """(touch, release) from the empty span and the covered span, or None if too close.

    touch is also raised to noise_floor() when the signal leaves room for it."""
    gap = signal[0] - noise[1]
    if gap < MIN_GAP:
        return None
    margin = gap // 3
    release = max(0, noise[1] + margin)
    touch = min(255, signal[0] - margin)
    floor = noise_floor(noise)
    if touch < floor:
        touch = min(floor, signal[0])
    if touch <= release:
        return None
    return touch, release


class Calibration:
    """The procedure. send(command) -> reply dict; maker: clear_board(), cover(spot) -> bool,
    uncover(spot); say(text) for progress."""

    def __init__(
        self,
        send,
        maker,
        say=print,
        spots=None,
        samples_empty=SAMPLES_EMPTY,
        samples_covered=SAMPLES_COVERED,
    ):
        self.send, self.maker, self.say = send, maker, say
        self.only = spots
        self.samples_empty = samples_empty
        self.samples_covered = samples_covered
        self.results = []

    def ok(self, command):
        reply = self.send(command)
        if not reply.get("ok"):
            raise CalibrationError("%s: %s" % (command, reply.get("err", reply)))
        return reply

    def deltas(self, chip=None):
        """spot -> delta now (None while the chip has no reading)."""
        reply = self.ok("pads" if chip is None else "pads %s" % chip)
        return {p["spot"]: p["delta"] for p in reply["pads"]}

    def pads(self):
        reply = self.ok("pads")
        pads = [PadResult(p["spot"], p["chip"], p["e"]) for p in reply["pads"]]
        if self.only:
            known = {p.spot for p in pads}
            unknown = [s for s in self.only if s not in known]
            if unknown:
                raise CalibrationError("no pad on spot(s): %s" % ", ".join(unknown))
            pads = [p for p in pads if p.spot in self.only]
        return pads

    def run(self):
        self.results = pads = self.pads()
        if not pads:
            raise CalibrationError("this board has no pads to calibrate")
        self.maker.clear_board()
        captured = self.ok("calib empty").get("captured")
        self.say("empty reference captured on %s electrode(s)" % captured)
        seen = {p.spot: [] for p in pads}
        for _ in range(self.samples_empty):
            for spot, d in self.deltas().items():
                if spot in seen and d is not None:
                    seen[spot].append(d)
        for p in pads:
            got = sorted(seen[p.spot])
            if not got:
                p.note = "no reading from chip %s (missing or failing?)" % p.chip
                continue
            # The table's empty reference is a mean of a few reads, then it follows the empty
            # readings (drift tracking): centre everything on their mean, where it settles.
            p.offset = (2 * sum(got) + len(got)) // (2 * len(got))
            p.noise = (got[0] - p.offset, got[-1] - p.offset)
        try:
            for i, p in enumerate(pads):
                if p.noise is None:
                    continue
                self.say(
                    "[%d/%d] %s (chip %s, electrode %d)" % (i + 1, len(pads), p.spot, p.chip, p.e)
                )
                self.measure(p)
        except Stop:
            self.say("stopped: the remaining spots keep their old thresholds")
        for p in pads:
            if p.touch is not None:
                self.ok("calib set %s touch=%d release=%d" % (p.spot, p.touch, p.release))
        return pads

    def measure(self, p):
        if not self.maker.cover(p.spot):
            p.status = "skipped"
            return
        try:
            for _ in range(SETTLE_READS):
                self.deltas(p.chip)
            seen = []
            others = {}
            offsets = {r.spot: r.offset for r in self.results if r.noise is not None}
            for _ in range(self.samples_covered):
                now = self.deltas(p.chip)
                if now.get(p.spot) is not None:
                    seen.append(now[p.spot])
                for spot, d in now.items():
                    if spot != p.spot and spot in offsets and d is not None:
                        d -= offsets[spot]
                        others[spot] = min(others.get(spot, d), d)  # held, not a spike
        finally:
            self.maker.uncover(p.spot)
        if not seen:
            p.note = "no reading"
            return
        p.signal = (min(seen) - p.offset, max(seen) - p.offset)
        best = thresholds(p.noise, p.signal)
        if best is not None:
            p.touch, p.release = best
            p.status = "ok"
            if p.touch < noise_floor(p.noise):
                p.status = "noisy"  # the firmware will flag it: jitter near the threshold
                p.note = "jitter %d..%d is close to touch %d" % (p.noise[0], p.noise[1], p.touch)
            return
        # Not told apart: was the token seen on another pad of this chip (swapped wiring)?
        by = {r.spot: r for r in self.results}
        moved = [
            s
            for s, d in sorted(others.items())
            if s in by and by[s].noise and d - by[s].noise[1] >= MIN_GAP
        ]
        if moved:
            p.status = "elsewhere"
            p.note = "the token showed on %s instead: check the wiring or the map" % ", ".join(
                moved
            )
        elif p.signal[1] > p.noise[1]:
            p.status = "weak"
            p.note = (
                "token %d..%d vs empty up to %d: bigger pad, thinner overlay or a better "
                "token base" % (p.signal[0], p.signal[1], p.noise[1])
            )
        else:
            p.status = "not seen"
            p.note = "no change: is the electrode wired to %s E%d?" % (p.chip, p.e)


def _span(s):
    return "%d..%d" % s if s else "-"


def summary(results) -> str:
    lines = [
        "%-24s %-5s %3s %9s %9s %5s %7s  %s"
        % ("spot", "chip", "e", "empty", "token", "touch", "release", "status")
    ]
    for p in results:
        lines.append(
            "%-24s %-5s %3d %9s %9s %5s %7s  %s%s"
            % (
                p.spot,
                p.chip,
                p.e,
                _span(p.noise),
                _span(p.signal),
                "-" if p.touch is None else p.touch,
                "-" if p.release is None else p.release,
                p.status,
                ("  (" + p.note + ")") if p.note else "",
            )
        )
    missing = [p.spot for p in results if p.touch is None]
    good = len(results) - len(missing)
    lines.append("%d of %d pads calibrated" % (good, len(results)))
    if missing:
        lines.append("not seen (thresholds unchanged): " + ", ".join(missing))
    return "\n".join(lines)


class ConsoleMaker:
    """Asks the person at the table, one spot at a time."""

    def __init__(self, what="a token", ask=input, say=print):
        self.what, self.ask, self.say = what, ask, say

    def _prompt(self, text):
        try:
            answer = self.ask(text).strip().lower()
        except EOFError:
            raise Stop() from None
        if answer == "q":
            raise Stop()
        return answer

    def clear_board(self):
        self._prompt("Take every token and hand off the board, then press Enter ")

    def cover(self, spot):
        answer = self._prompt(
            "  put %s on %s and press Enter (s = skip, q = stop) " % (self.what, spot)
        )
        return answer != "s"

    def uncover(self, spot):
        self._prompt("  lift it off %s and press Enter " % spot)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("port", nargs="?", help="serial port or sim pty (default: the first found)")
    parser.add_argument("--spots", help="comma-separated spots to do (default: every pad)")
    parser.add_argument(
        "--hand", action="store_true", help="calibrate for a hand (seat pads), not a token"
    )
    parser.add_argument("--save", metavar="FILE", help="also write the measurements as JSON")


def run(args) -> int:
    from arkham_host.wire import ports
    from arkham_host.wire.link import Link, LinkClosed, Timeout

    port = args.port or ports.default_port()
    link = Link(port)
    try:
        hello = link.request("hello", 10.0)
        if hello.get("game") not in (None, "bringup"):
            print(
                "the table is playing %r; pad changes would reach the game. Switch with "
                "`game bringup` first (in the console) and calibrate again." % hello.get("game")
            )
            return 1
        maker = ConsoleMaker("your hand" if args.hand else "a token")
        spots = [s for s in args.spots.split(",") if s] if args.spots else None
        cal = Calibration(lambda c: link.request(c, 10.0), maker, spots=spots)
        results = cal.run()
    except (CalibrationError, LinkClosed, Timeout) as e:
        print("calibrate: %s" % e, file=sys.stderr)
        return 1
    finally:
        link.close()
    print(summary(results))
    if args.save:
        with open(args.save, "w") as f:
            json.dump([p.as_dict() for p in results], f, indent=1)
    return 0 if all(p.touch is not None for p in results) else 3
