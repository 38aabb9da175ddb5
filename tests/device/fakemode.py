"""A tiny game mode for the app tests: a counter, to prove a mode slots in via the registry.

Verbs: `add [N]` (N 1..9, default 1), `boom` (a bug: changes the state, then raises),
`peek` (a query: no state change). A placed token on pad_00 adds 10. Options: start=N.
"""

from arkham.games import CommandError
from arkham.games import Mode as _Mode
from arkham.protocol import int_arg, no_more


class Mode(_Mode):
    name = "counter"
    VERBS = {
        "add": "add [N]: add N to the counter",
        "boom": "boom: a bug",
        "peek": "peek: show",
        "hello": "hello: shadowed by the core verb",
    }
    QUERIES = ("peek",)

    def __init__(self, ctx, options=None, snap=None):
        _Mode.__init__(self, ctx, options)
        options = options or {}
        no_more("counter", [], options, 0, ("start",))
        self.count = int_arg(options["start"], "start", 0, 100) if "start" in options else 0
        self.ticks = 0
        self.snapshots = 0  # snapshot() calls: the app's "did the game change?" check

    def command(self, verb, args, kw):
        if verb == "add":
            no_more("add", args, kw, 1)
            n = int_arg(args[0], "N", 1, 9) if args else 1
            self.count += n
            self.ctx.emit("counted", {"count": self.count})
            self.ctx.save()
            return {"count": self.count}
        if verb == "boom":
            self.count += 1000
            raise KeyError("boom")
        if verb == "peek":
            return {"count": self.count}
        raise CommandError("counter: no verb " + verb)

    def on_pad(self, spot, present, now_ms):
        if spot == "pad_00" and present:
            self.count += 10
            self.ctx.save()

    def tick(self, now_ms):
        self.ticks += 1

    def scene(self, lights, now_ms):
        if self.count:
            lights.show("pad_05", (self.count & 255, 0, 0))

    def snapshot(self):
        self.snapshots += 1
        return {"count": self.count}

    def release(self):
        self.count = None  # (the game let go: only restore() brings a count back)

    def restore(self, snap):
        self.count = int(snap["count"])
