"""`arkham-table chart LOG -o game.svg|.png`: an AH2e game by turn (matplotlib): doom, terror,
open gates, monsters in Arkham and clue tokens on the board, one point per turn at the end of
that turn, with the gates closed and the awakening marked.

The log is played again on a fresh emulated table (arkham_host.view.gamelog); after every step
that began a phase or ended the game, a `dump` reads the rules core's state (view/status.py).
"""

from __future__ import annotations

import sys

HELP = "chart an AH2e log by turn: doom, terror, gates, monsters, clues; closings and awakening"
SERIES = (
    ("doom", "doom", "#cc79a7"),
    ("terror", "terror", "#e69f00"),
    ("gates", "open gates", "#7f3f98"),
    ("in_arkham", "monsters in Arkham", "#d55e00"),
    ("clues", "clue tokens", "#b5a900"),
)
# doom often equals the open gates (a gate opening adds a doom token): its line is drawn on top,
# thick, and the others thinner and dashed where they may cover it (else the gates line hides
# it)
STYLE = {"doom": dict(lw=3.0, zorder=5, ms=6), "gates": dict(lw=1.5, ls="--", zorder=3, ms=4)}
MARKS = ("phase", "awakens", "game_over", "gate_closed")


def add_arguments(p):
    p.add_argument("log", metavar="LOG", help="an AH2e game recorded by `arkham-table log`")
    p.add_argument("-o", "--output", required=True, metavar="game.svg|game.png")
    p.add_argument("--board", help="board map (default: the one the log's hello names)")


def series(log, board=None):
    """{"turns": [{turn, doom, terror, gates, in_arkham, clues}], "closings": [(turn, at)],
    "awakening": turn or None, "over": {...} or None}: one row per turn, its end state."""
    from arkham_host.view import gamelog

    rows = {}
    closings = []
    out = {"awakening": None, "over": None}

    def after(watch, events):
        names = {e.get("ev") for e in events}
        if not names & set(MARKS):
            return
        reply = watch.link.request("dump", timeout=15)
        if reply.get("game") != "ah2e":
            return
        from arkham_host.view import status

        st = status.ah2e(reply.get("state") or {})
        turn = st["turn"]
        for e in events:
            if e.get("ev") == "gate_closed":
                closings.append((turn, e.get("at")))
            elif e.get("ev") == "awakens" and out["awakening"] is None:
                out["awakening"] = turn
            elif e.get("ev") == "game_over":
                out["over"] = {k: v for k, v in e.items() if k not in ("seq", "ev")}
        rows[turn] = {"turn": turn, "doom": st["doom"], "terror": st["terror"],
                      "gates": len(st["gates"]), "in_arkham": st["in_arkham"], "clues": st["clues"]}

    w = gamelog.replay(log, board=board, after_step=after)
    w.close()
    out["turns"] = [rows[t] for t in sorted(rows)]
    out["closings"] = closings
    return out


def draw(data, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    turns = [r["turn"] for r in data["turns"]]
    fig, ax = plt.subplots(figsize=(10, 5.5), dpi=100)
    for key, label, colour in SERIES:
        style = dict(lw=1.5, zorder=3, ms=4)
        style.update(STYLE.get(key, {}))
        (line,) = ax.plot(turns, [r[key] for r in data["turns"]], marker="o", label=label,
                          color=colour, **style)
        line.set_gid("series-" + key)
    for i, (turn, at) in enumerate(data["closings"]):
        ax.axvline(turn, color="#009e73", ls="--", lw=1, gid="closing-%d" % i,
                   label="gate closed" if i == 0 else None)
        ax.annotate(at, (turn, ax.get_ylim()[1]), rotation=90, va="top", ha="right", fontsize=7,
                    color="#009e73")
    if data["awakening"] is not None:
        ax.axvline(data["awakening"], color="#ff0000", lw=2, gid="awakening",
                   label="the Ancient One awakens")
    ax.set_xlabel("turn (state at its end)")
    ax.set_ylabel("count")
    ax.set_title("Arkham Horror: the game by turn")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    if turns:
        ax.set_xticks(turns if len(turns) <= 30 else turns[:: max(1, len(turns) // 30)])
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def run(args) -> int:
    out = args.output
    if not out.lower().endswith((".svg", ".png")):
        print("arkham-table chart: -o wants a .svg or .png file, not %s" % out, file=sys.stderr)
        return 2
    try:
        data = series(args.log, args.board)
    except (OSError, ValueError, KeyError, AssertionError) as e:
        print("arkham-table chart: %s" % e, file=sys.stderr)
        return 1
    if not data["turns"]:
        print("arkham-table chart: %s holds no AH2e turn" % args.log, file=sys.stderr)
        return 1
    draw(data, out)
    print("wrote %s: %d turns, %d gates closed, awakening %s"
          % (out, len(data["turns"]), len(data["closings"]),
             "turn %d" % data["awakening"] if data["awakening"] is not None else "none"))
    return 0
