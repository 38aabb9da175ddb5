"""AH2e at the table, the rarely used parts of the binding (their own file, so compiling
games/ah2e.py from source needs no more heap): at a new game and at resume the pads are compared
with the state and every sensed spot that differs becomes a prompt before play (AH-TABLE-2);
`state`'s monsters by area and final battle."""

from arkham.compat import ticks_diff
from arkham.games.ah2e_sync import expected

PADS_SETTLE_MS = 500  # at boot (resume), the pads are compared with the state this much later


def due(mode, now_ms):
    """mode.check_at: -1 (not started), a time (compare when it comes), None (done). A game
    started on a running table is compared at once (in the step of its command: the same
    moment on every replay); at boot (the first tick comes after the first scan) the pads get
    PADS_SETTLE_MS to settle first."""
    if mode.check_at == -1:
        if getattr(mode.ctx.pads, "scans", 2) > 1:
            mode.check_at = None
            compare_pads(mode)
            return
        mode.check_at = now_ms + PADS_SETTLE_MS
    elif ticks_diff(now_ms, mode.check_at) >= 0:
        mode.check_at = None
        compare_pads(mode)


def compare_pads(mode):
    sync = mode.sync
    pads = mode.ctx.pads
    hand = sync.hand[1] if sync.hand else None
    chs = []
    for sp in mode.ctx.board.spots:
        spot = sp.name
        if sp.chip is None or spot in sync.todo or spot in sync.wrong or spot == hand:
            continue
        want = expected(mode.core, spot)
        if pads.present(spot) != want:
            what = there(mode.core, spot) if want else "the token (nothing is here)"
            chs.append((spot, "place" if want else "lift", what))
    if chs:
        mode.ctx.emit("pads_differ", {"spots": [c[0] for c in chs]})
        mode._prompts(chs)
        mode.ctx.save()


def there(core, spot):
    """What the state has on a spot: investigators, monster kinds, a gate."""
    s = core.s
    out = [v["name"] for v in s["inv"] if v["at"] == spot and not v["dead"]]
    for m in range(len(s["mon"])):
        if s["mon"][m] == spot:
            out.append(core.d.kind_of(m))
    if spot in s["gates"]:
        out.append("gate")
    return ", ".join(out)


def more_state(core, out):
    """`state`: monsters by area (the Outskirts, the Sky, in an encounter "enc" too: kinds), the
    Ancient One, and in the final battle its round and pool."""
    s = core.s
    mon = {}
    for m in range(len(s["mon"])):
        at = s["mon"][m]
        if at in ("cup", "box") or (at[:1] == "t" and at[1:].isdigit()):
            continue
        mon[at] = mon.get(at, []) + [core.d.kind_of(m)]
    out["monsters"] = mon
    out["ao"] = s["ao"]
    if s.get("fb"):
        out["final"] = {"round": s["fb"]["r"], "pool": s["fb"]["pool"]}
