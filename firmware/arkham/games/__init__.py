"""Game modes: a registry, so a new game slots in without touching the main loop.

A mode is the *table binding* of one game (DESIGN layer 2): it turns debounced pad changes and
serial commands into rules-core actions, and a state into lit spots. The app only ever talks to
the `Mode` interface below. Modules are imported on first use, so an unused game costs no RAM.
"""

# mode name -> module that defines `Mode` (a subclass of games.Mode below)
REGISTRY = {
    "bringup": "arkham.games.bringup",
    "ah2e": "arkham.games.ah2e",
    "ritual": "arkham.games.ritual",
    "final-hour": "arkham.games.fh",
}
# per game: the modules its module imports in a chain (its rules core's), imported first, the
# deepest of the chain first (an import from a Pico's flash takes ~1.5-2 KB of its 7,936-byte C
# stack: a chain of four, one inside the next, was the boot's deepest point, 5,872 bytes); and
# what a new game's options check and setup load besides (and drop again once done)
MODULES = {
    "ah2e": (("arkham.ah2e.tables", "arkham.ah2e.rules", "arkham.jsoncopy", "arkham.rng",
              "arkham.ah2e.game"), ("arkham.games.ah2e_start", "arkham.ah2e.load")),
    "ritual": (("arkham.canon", "arkham.jsoncopy", "arkham.rng", "arkham.ritual.cards",
                "arkham.ritual.rounds", "arkham.ritual.turns", "arkham.ritual.game"),
               ("arkham.games.ritual_start",)),
    "final-hour": (("arkham.jsoncopy", "arkham.rng", "arkham.fh.facts", "arkham.fh.monsters",
                    "arkham.fh.rounds", "arkham.fh.game"), ("arkham.games.fh_start",)),
}


class CommandError(Exception):
    """A command that cannot be done. Raising it guarantees nothing in the state changed."""


def names():
    return sorted(REGISTRY)


def modules(name):
    """Every module `game NAME` imports, the deepest of each chain first: the app imports them
    at the top of the command (App.run_line), where the C stack has room for an import."""
    path = REGISTRY.get(name)
    if path is None:
        return ()
    chain, new = MODULES.get(name, ((), ()))
    return chain + (path,) + new


def load(name):
    """The Mode class for `name`; raises CommandError with the known names when unknown."""
    path = REGISTRY.get(name)
    if path is None:
        raise CommandError("unknown game %r; known: %s" % (name, " ".join(names())))
    try:
        for first in MODULES.get(name, ((), ()))[0]:
            __import__(first)
        mod = __import__(path, None, None, ["Mode"])
    except ImportError as e:
        # a registered game whose module is not on this table (not deployed, or not written yet)
        why = e.args[0] if e.args else "ImportError"
        raise CommandError("game %s is not installed on this table (%s)" % (name, why))
    return mod.Mode


class Mode:
    """Interface every game mode implements. `ctx` is the app's Table context:

    ctx.board      the BoardMap (spots by name, LEDs, electrodes)
    ctx.pads       the Pads: ctx.pads.present(spot), ctx.pads.faults()
    ctx.emit(ev, fields)   send an event (the app numbers it with a gap-free seq)
    ctx.save()     ask the app to persist snapshot() after this step (atomic, at end of loop)
                   and to repaint the scene
    ctx.redraw()   ask for scene() to be called again (a change made in tick(), say)
    ctx.on_flash() is the game saved as it is? then a `new` may drop the old game before it
                   builds the next (a Pico holds one) and, if that fails, ctx.back_from_save()
    The app repaints after every pad change and accepted game verb, and re-checks snapshot()
    after every accepted game verb; after a pad change that alters the state, call ctx.save().
    `options` are the key=value strings of `game NAME key=value...` (validate them in __init__
    and raise CommandError: the old game then stays). `snap`: at a resume, the saved snapshot
    that restore() gets next: a mode builds no new game then (a new game's data and setup beside
    the parsed save were a resumed table's worst point: Final Hour's 137 KB, bench m32).
    """

    name = "?"
    # a seed the new game chose itself (no `seed=` typed): announce_seed() tells it once, so a
    # log of the game replays; a game whose seed decides hidden cards marks its event
    # private (Arkham Ritual's announce_seed, AR-INFO-1)
    fresh_seed = None
    # verb -> one line of help; the app dispatches these to command()
    VERBS = {}  # type: dict[str, str]
    # the verbs among VERBS that only read (legal, state): no save check and no repaint after
    # them (the check encodes the whole game: a `legal` cost as much as a move)
    QUERIES = ()  # type: tuple[str, ...]
    # True: the app may save an accepted game line as a record in its journal instead of the
    # whole game (arkham.app), and run it again at a boot: command() must then do the same on
    # the state restore() rebuilt (the pads as they were then: the app keeps them), and a
    # change made by on_pad() or tick() comes with an event or ctx.save()
    JOURNAL = False
    # a time (ticks ms) while a resumed game waits for the pads to settle before it compares
    # them with its state (AH2e: PADS_SETTLE_MS at boot); the app holds command lines until
    # then, so a command sent right after a restart (a Pico restarts after a game switch) is not
    # undone by that comparison. None otherwise (-1: not scheduled yet).
    check_at = None

    def __init__(self, ctx, options=None, snap=None):
        self.ctx = ctx

    def announce_seed(self):
        """The `seed` event for a seed the game chose itself (the app calls it after `game`, a
        mode's `new` itself)."""
        n = self.fresh_seed
        if n is not None:
            self.fresh_seed = None
            self.ctx.emit("seed", {"seed": n})

    def release(self):
        """Let the game go (its state and data): the app is about to build another game with the
        old one saved as it is, and gives it back through restore() if that fails."""

    def command(self, verb, args, kw):
        """Handle a game verb. Return a dict merged into the ok reply.
        Raise CommandError(reason) to reject; the state must then be unchanged."""
        raise CommandError("unknown verb %r" % verb)

    def on_pad(self, spot, present, now_ms):
        """A debounced presence change on a spot (token placed/lifted, hand on/off a pad).
        True: it changed only what the mode's scene lays on its last paint (AH2e: a flag or a
        prompt, not the game), and scene() may be told so."""

    def tick(self, now_ms):
        """Called once per loop: time-outs and animations that change game meaning."""

    def scene(self, lights, now_ms, changes=None):
        """Paint the state: lights.show(spot, (r, g, b), anim) for each spot that is lit.
        Called only after something changed (or an animation is running). `changes`: given
        (the step's pad changes) when nothing changed since the last scene() but what on_pad()
        said True to; never given to a mode whose on_pad() never says True."""

    def snapshot(self):
        """JSON-able dict that restore() turns back into the same state."""
        return {}

    def persist(self):
        """What the app saves: snapshot(), but it may share the mode's live objects (the app
        encodes it at once and keeps nothing), so a big state is not copied to be saved."""
        return self.snapshot()

    def restore(self, snap):
        pass

    def dump(self):
        """The whole visible state for `dump` (JSON-able)."""
        return self.snapshot()
