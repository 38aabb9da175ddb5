"""Our AH2e core against a peer engine, lunboks (github.com/gummyboars/lunboks, its `eldritch`
package: a Python Arkham Horror server), in this one CPython process. Optional: runs only when
$ARKHAM_LUNBOKS names a lunboks checkout (the directory holding `eldritch/` and `game.py`; lunboks
is on no package index and none of its code is in this repository), else
{"peer_skipped": reason}. Figures are ratios of the same run (the machine is shared and noisy),
printed, never asserted.

Both sides play the same setups: n investigators (the same eight characters under lunboks's
names: Dilettante = Jenny Barnes, ...), the Ancient One picked by the seed among Cthulhu / Yig /
Hastur / Ithaqua (Squid Face / Serpent God / The Yellow King / Wendigo), base game only (every
lunboks expansion option switched off), and the same random player: a uniformly random legal
move. Ours is `ah2e.random_action` (bench ah2e's player). Lunboks has no list of legal moves, so
its player (`_Lb`) reads the waiting event and tries candidate moves in random order until lunboks
accepts one: a random valid choice (MultipleChoice, CityMovement routes + done, MapChoice,
MonsterChoice, items at random then done, ...), for a choice with a price one clue/dollar/stamina/
sanity paid toward a random one at a time, "roll" for a dice roll, sliders left as they are, a
usable item or ability used 1 time in 6 (never inside a timed Mythos phase) else done_using, a
surge's monsters spread by lunboks's defaults; it never trades; a devoured character is replaced
by a random free one (lunboks wants that before the next turn; ours plays on without the dead, so
lunboks's games last more turns). Lunboks draws from a SystemRandom in eldritch.eldritch and
eldritch.events: a seeded random.Random is put there; it also iterates sets of strings, so its
games still differ from one process to the next (hash seed), ours do not.

peer_mythos_us / _lunboks   one Mythos phase, µs, median over the Mythos phases of `games` random
                            games (up to `phases` of them per side; the first ones of each game,
                            setup's excluded), each the best of `reps` replays from a copy of the
                            state (copy and RNG reseeding not timed). The two sides by turns
                            (mythos_by_turns): both sides' phases are found first, then each
                            round replays every phase of ours, then every phase of lunboks, so
                            that both see the same moments of the machine (timed one side after
                            the other, four runs within ten minutes gave 25x to 47x).
    ours:    the Mythos phase as it runs in play (the mythos deck virtual, as lunboks's): the
             action before it (the last of the Other World phase, ...) is replayed, and the
             window runs from the phase's first step (`mythos`: the card drawn) to the moment its
             last step (`endm`) has begun the next Upkeep (its phase event, its steps queued):
             card, gate + monster or surge, clue, monster moves, headline / environment / rumor,
             the rumor's tick, Ithaqua's power, the first player marker passed. The moments are
             stamped by wrappers put in `game.STEPS` for the replays. A phase that stops for the
             players (a surge's spread to choose, ...) ends there: the action's return.
    lunboks: from the moment its `Mythos` event is on the stack, not started, to the moment the
             next turn's `Upkeep` is pushed: its resolve_loop (events, interrupts/triggers/usables
             of every character at each event, its event log text) plus any question the Mythos
             phase asks (answered by the player above, counted: a surge's spread, a monster's
             destination, a check's roll).
    The same window on both sides. Ours does not start at a `draw_mythos` action (the deck
    made physical for the step before, so the game waits for the draw): that would also time
    the action's guards, `need()` and `check`, which lunboks's window leaves out (its move
    handling before the Mythos event is pushed) and a game with a virtual deck never runs; it
    is kept as peer_mythos_draw_us (~3 us more), and the same on through the Upkeep's start to
    its first question as peer_mythos_upkeep_us (~3 us more).
peer_mythos_draw_us / _ratio  ours from a `draw_mythos` action's call (the deck physical for the
                            step before) to the next Upkeep's start, against the same lunboks
                            phases
peer_mythos_upkeep_us / _ratio  ours as peer_mythos_draw_us but on through the next Upkeep's start
                            to its first question (the whole draw_mythos action), against the
                            same lunboks phases
peer_mythos_ratio           lunboks over ours, of the medians; _mean_ratio: of the means.
                            Wall clock (perf_counter), best of reps: on a loaded machine a
                            lunboks phase (~1 ms) is cut by the scheduler far more often than
                            ours (~50 us), so the ratio grows with the load (over twice as large
                            at load ~3.5 than idle, with the same code). Compare ratios on an
                            idle machine.
peer_mythos_ratio_hash_seeds  the same ratio measured again in `hash_seeds` child processes, one
                            per PYTHONHASHSEED 1..k (both sides in each child): the median of
                            their ratios (_min, _max): lunboks's games move with the process's hash
                            seed, so one process's ratio swings ~±10% for that alone
peer_mythos_step_us / _step_ratio  ours as bench ah2e times it: the whole action that resolves a
                            mythos card (it also ends the Arkham phase: the last encounter's
                            "done", the Other World phase), against the same lunboks phases
peer_games_per_s / _lunboks  random full games per CPU second (process_time), `games` seeds, one
                            of ours then one of lunboks's by turns (the same moments of the
                            machine), after one untimed game each (imports, first reads).
                            peer_games_end_<side>_<how>: how they ended; a lunboks game that
                            raises inside lunboks or goes past `max_moves` ends "error"/"unfinished"
                            and its time still counts.
peer_games_moves / _lunboks  moves the players made in those games (lunboks asks more often: each
                            roll and each slider setting is a move)
peer_turn_us / _lunboks     the same games' CPU time per game turn (the games' lengths differ)
peer_copy_us / _lunboks     copy of the state after one game turn: ours `Game.snapshot()`,
                            lunboks `copy.deepcopy(GameState)` (it has no copy of its own; its
                            board places need a shim to be copied at all: _new_place), best of
                            reps. The Mythos replays above copy lunboks's state the same way.
peer_state_json_bytes / _lunboks  ours: json of the state; lunboks: json of its
                            `GameState.json_repr()`, the base of what its server sends (not the
                            whole state: no event stack, no decks' order; but every character's
                            and Ancient One's sheet)
peer_state_heap_bytes / _lunboks  the whole state in CPython's heap: sys.getsizeof over every
                            object reachable from it (classes, modules, functions not counted):
                            ours `Game.s`, lunboks its GameState (it cannot be pickled: lambdas)
peer_lunboks_commit         the checkout's HEAD if it is a git work tree, else "unknown"
"""

from __future__ import annotations

import copy
import gc
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import time
import types

ENV = "ARKHAM_LUNBOKS"
LB_NAMES = {"jenny_barnes": "Dilettante", "joe_diamond": "Private Eye", "amanda_sharpe": "Student",
            "ashcan_pete": "Drifter", "bob_jenkins": "Salesman", "carolyn_fern": "Psychologist",
            "darrell_simmons": "Photographer", "dexter_drake": "Magician"}
_BASIC = ("clues", "dollars", "stamina", "sanity")
ERRORS = []  # what ended lunboks games as "error" (for a look; not a figure)
LB_AOS = {"cthulhu": "Squid Face", "yig": "Serpent God", "hastur": "The Yellow King",
          "ithaqua": "Wendigo"}


def lunboks_dir():
    """(path, None) or (None, why not)."""
    d = os.environ.get(ENV)
    if not d:
        return None, "$%s is not set (a lunboks checkout: github.com/gummyboars/lunboks)" % ENV
    p = pathlib.Path(d)
    if not (p / "eldritch" / "eldritch.py").is_file() or not (p / "game.py").is_file():
        return None, "$%s=%s holds no eldritch/eldritch.py and game.py" % (ENV, d)
    return p, None


def _lb_import(path):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
    import game as lbgame  # lunboks's game.py (exceptions, its JSON encoder)
    from eldritch import eldritch as lb
    from eldritch import events as lbev
    from eldritch import places

    places.CityPlace.__reduce_ex__ = _place_reduce  # see _new_place
    return lb, lbev, lbgame


def _new_place(cls, name):
    """Lunboks's board places hash by name and sit in each other's `connections` sets, a cycle:
    copy.deepcopy and pickle would put a place in a set before its name is restored and fail.
    Made with its name first (the rest of its state as usual), they copy; nothing else of lunboks
    is changed."""
    o = cls.__new__(cls)
    o.name = name
    return o


def _place_reduce(self, protocol):
    return _new_place, (type(self), self.name), self.__dict__


def _commit(path):
    if not (path / ".git").exists():
        return "unknown"
    try:
        out = subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


# ---- lunboks: a game and its random player ----------------------------------------------------
class _Lb:
    """One lunboks game: GameState + its random source (lunboks draws from a module-level
    SystemRandom in eldritch.eldritch and eldritch.events; we put a seeded Random there)."""

    def __init__(self, mods, seed, n):
        from arkham_host.bench import ah2e

        self.lb, self.ev, self.lbgame = mods
        rnd = random.Random(seed)
        ao = rnd.choice(ah2e.AOS)  # as ah2e.new_random_game picks it
        self.rng = random.Random(seed)
        self.player = random.Random(seed + 1)
        self.quiet = False  # True: uses no item or ability (inside a timed Mythos phase)
        self._install()
        st = self.lb.GameState()
        for exp in list(st.options):
            st.handle_option(exp, None, False)  # the base game only
        st.handle_ancient(LB_AOS[ao])
        for name in ah2e.INVESTIGATORS[:n]:
            st.handle_join(None, LB_NAMES[name])
        self.st = st
        self.gen = st.handle(None, {"type": "start"})

    def _install(self):
        self.lb.random = self.rng
        self.ev.random = self.rng

    def over(self):
        return self.st.game_stage in ("victory", "defeat")

    def mythos_ready(self):
        """Its Mythos event is on the stack, not started (a yield right after next_turn)."""
        st = self.st
        return (len(st.event_stack) == 1 and not st.interrupt_stack
                and isinstance(st.event_stack[0], self.ev.Mythos)
                and not st.event_stack[0].first_turn)

    def drain(self, stop=None):
        """Run lunboks until it waits for a move (or stop() is true at one of its yields:
        then True, the generator kept for the rest)."""
        while self.gen is not None:
            try:
                for _ in self.gen:
                    if stop is not None and stop():
                        return True
            except self.lbgame.GameException:
                pass  # next_turn wants a devoured character replaced: the player does it
            self.gen = None
        return False

    def move(self):
        """One move of the random player: False when no candidate was accepted."""
        for idx, data in self._candidates():
            try:
                if data.get("type") == "join":
                    self.st.handle_choose_char(idx, data["char"])
                    self.gen = self.st.resolve_loop()
                else:
                    self.gen = self.st.handle(idx, data)
                return True
            except self.lbgame.GameException:
                continue
        return False

    def _candidates(self):
        st, ev, r = self.st, self.ev, self.player
        gone = [i for i, c in enumerate(st.characters) if c.gone]
        if gone and st.game_stage == "slumber" and not st.pending_chars:
            taken = {c.name for c in st.characters}
            free = sorted(n for n, c in st.all_characters.items() if not c.gone and n not in taken)
            r.shuffle(free)
            return [(gone[0], {"type": "join", "char": n}) for n in free]
        top = st.event_stack[-1] if st.event_stack else None
        if top is None:
            return []
        if isinstance(top, ev.ChoiceEvent) and not top.is_done():
            return self._choice(top)
        if isinstance(top, ev.DiceRoll) and not top.is_done():
            return [(st.characters.index(top.character), {"type": "roll"})]
        if isinstance(top, ev.SliderInput) and not top.is_done():
            return [(st.characters.index(top.character), {"type": "set_slider", "name": "done"})]
        if isinstance(top, ev.InitialSliders) and not top.is_done():
            return [(st.characters.index(c), {"type": "set_slider", "name": "done"})
                    for c in top.characters if c.name not in top.done_chars]
        return self._usables()

    def _usables(self):
        out = []
        for idx, handles in self.st.usables.items():
            if self.st.done_using.get(idx):
                continue
            hs = [h for h in handles if h != "trade"]
            self.player.shuffle(hs)
            if hs and not self.quiet and self.player.randrange(6) == 0:
                out += [(idx, {"type": "use", "handle": h}) for h in hs]
            out.append((idx, {"type": "done_using"}))
        return out

    def _choice(self, c):
        st, ev, r = self.st, self.ev, self.player
        idx = st.characters.index(c.character) if c.character in st.characters else 0
        if isinstance(c, ev.MonsterSpawnChoice):
            return [(idx, {"type": "choice", "choice": "confirm"})] + [
                (idx, {"type": "choice", "choice": {g: 1}}) for g in c.open_gates]
        if isinstance(c, ev.ItemChoice):
            picks = list(c.choices or [])
            r.shuffle(picks)
            items = [(idx, {"type": "choice", "choice": h}) for h in picks]
            done = [(idx, {"type": "choice", "choice": "done"})]
            return items + done if picks and r.randrange(3) == 0 else done + items
        if isinstance(c, ev.MonsterChoice):
            opts = [m.handle for i, m in enumerate(c.monsters) if i not in c.invalid_choices]
            if c.none_choice is not None:
                opts.append(c.none_choice)
        elif isinstance(c, ev.SpendMultiChoiceMixin):
            return self._spend_choice(idx, c)
        elif isinstance(c, ev.MultipleChoice):
            bad = getattr(c, "invalid_choices", {})
            opts = [x for i, x in enumerate(c.choices) if i not in bad]
        else:
            opts = list(c.choices or [])
            if getattr(c, "none_choice", None) is not None:
                opts.append(c.none_choice)
        r.shuffle(opts)
        return [(idx, {"type": "choice", "choice": x}) for x in opts]

    def _spend_choice(self, idx, c):
        """A choice with a price: a random valid one; when it still needs paying, one unit of
        clues/dollars/stamina/sanity toward it (a move; the choice comes after)."""
        opts = [i for i in range(len(c.choices)) if i not in c.invalid_choices]
        self.player.shuffle(opts)
        out = []
        for i in opts:
            need = c.remaining_spend[i]
            if not need:
                out.append((idx, {"type": "choice", "choice": c.choices[i]}))
            elif all(k in _BASIC and 0 < v <= getattr(c.character, k)
                     - c.spend_map[k].get(k, 0) for k, v in need.items()):
                out += [(idx, {"type": "spend", "spend_type": k}) for k in need]
        # overspent toward nothing that can be chosen: take it back
        spent = [k for k, m in c.spend_map.items() if k in _BASIC and m.get(k)]
        return out + [(idx, {"type": "unspend", "spend_type": k}) for k in spent]

    def play(self, max_moves, on_mythos=None):
        """Play to the end: (moves, how). on_mythos(self) at each Mythos phase's start."""
        moves = 0
        stop = self.mythos_ready if on_mythos else None
        try:
            while True:
                while self.drain(stop):
                    on_mythos(self)
                if self.over():
                    return moves, ("won" if self.st.game_stage == "victory" else "lost")
                if moves >= max_moves or not self.move():
                    return moves, "unfinished"
                moves += 1
        except Exception as e:  # a bug of lunboks met by random play: the game ends there
            ERRORS.append("%s: %s" % (type(e).__name__, e))
            return moves, "error"


def _lb_mythos_phase(g):
    """From its Mythos event (not started) to the next turn's Upkeep pushed; the player answers
    what the phase asks. Returns False if the game ended or got stuck inside the phase."""
    st = g.st

    def next_turn():
        return st.turn_phase != "mythos"

    while True:
        if g.drain(next_turn):
            return True
        if g.over() or not g.move():
            return False


def _lb_replay(g, snap, reps):
    """Best time of reps replays of one Mythos phase from snap = (state copy, rng state,
    player state)."""
    best = None
    ok = False
    for _ in range(reps):
        st = copy.deepcopy(snap[0])
        g.st = st
        g.rng.setstate(snap[1])
        g.player.setstate(snap[2])
        g.gen = st.resolve_loop()
        g.quiet = True
        t0 = time.perf_counter()
        ok = _lb_mythos_phase(g)
        t = time.perf_counter() - t0
        g.quiet = False
        best = t if best is None or t < best else best
    return best, ok


# ---- the measures -----------------------------------------------------------------------------
def our_phases(games, n, phases):
    """Our Mythos phases, untimed: (game, its state before the action that runs into the phase,
    that action, its state waiting for the phase's card to be drawn), the first `phases` of each
    of `games` random games (setup's excluded). Each game goes on from the state after the
    phase."""
    from arkham_host.bench import ah2e

    out = []
    for seed in range(games):
        g, rnd = ah2e.new_random_game(seed, n)
        k = 0
        found = 0
        while not g.over() and k < 50000 and found < phases:
            a = ah2e.random_action(g, rnd)
            snap = g.snapshot()
            ok, ev = g.apply(a)
            k += 1
            if not any(e["ev"] == "mythos" for e in ev):
                continue
            found += 1
            after = g.snapshot()
            # the same phase from the card's draw: the mythos deck made physical for the step
            # before it (the game then waits for the draw), then virtual again: the draw takes the
            # top card as the step above did, from the same RNG state
            g.restore(snap)
            g.s["phys"] = ["mythos"]
            g.apply(a)
            g.s["phys"] = []
            assert g.need() == {"k": "draw_mythos"}, g.need()
            out.append((g, snap, a, g.snapshot()))
            g.restore(after)
    return out


def _our_round(cases, best):
    """One replay of each case's four windows; best[i]: the least times so far of case i's
    (whole action, phase in play, phase from the draw, the draw's whole action)."""
    for i, (g, snap, a, drawn) in enumerate(cases):
        times = (_best_apply(g, snap, a, 1), _best_in_play(g, snap, a, 1))
        times += _best_phase(g, drawn, 1)
        b = best[i]
        for k, t in enumerate(times):
            b[k] = t if b[k] is None or t < b[k] else b[k]


def _stamped(stamps):
    """Wrappers in `game.STEPS` for the replays: the first `mythos` step's start goes to
    stamps[0], the moment `endm` has begun the next Upkeep to stamps[1] (each once per replay:
    a story card draws again). One more call a step stamped; nothing put on the Game itself,
    where an instance attribute would slow every attribute read of it. Returns what to put
    back."""
    from arkham.ah2e import game, tables

    saved = {k: game.STEPS[k] for k in ("mythos", "endm")}
    m, fn = saved["mythos"]
    draw = fn if m is None else getattr(tables.module(m), fn)
    m, fn = saved["endm"]
    end_mythos = fn if m is None else getattr(tables.module(m), fn)
    clock = time.perf_counter

    def mythos(g, step):
        if stamps[0] is None:
            stamps[0] = clock()
        return draw(g, step)

    def endm(g, step):
        done = end_mythos(g, step)
        if stamps[1] is None and g.s["phase"] == "upkeep":
            stamps[1] = clock()
        return done

    game.STEPS["mythos"] = (None, mythos)
    game.STEPS["endm"] = (None, endm)
    return saved


def _best_in_play(g, snap, a, reps):
    """Best time of the Mythos phase that action `a` runs into, replayed from snap (the state
    before `a`): from its first step's start to the moment its last step has begun the next
    Upkeep (or, when the phase stops for the players or ends the game, to the action's
    return)."""
    from arkham.ah2e import game

    stamps = [None, None]
    saved = _stamped(stamps)
    best = None
    try:
        for _ in range(reps):
            g.restore(snap)
            stamps[0] = stamps[1] = None
            g.apply(a)
            t1 = time.perf_counter()
            t = (stamps[1] or t1) - stamps[0]
            best = t if best is None or t < best else best
    finally:
        game.STEPS.update(saved)
    return best


def _best_phase(g, snap, reps):
    """Best times of the drawn card's Mythos phase replayed from snap (the game waiting for a
    `draw_mythos`): (from the action's call to the moment the next Upkeep has begun, the whole
    `draw_mythos` action: on through that Upkeep's start to its first question). A phase that
    ends the game has no Upkeep: its whole action counts, as lunboks's does."""
    from arkham.ah2e import game

    stamps = [None, None]
    saved = _stamped(stamps)
    best = [None, None]
    try:
        for _ in range(reps):
            g.restore(snap)
            stamps[1] = None
            t0 = time.perf_counter()
            g.apply({"a": "draw_mythos"})
            t1 = time.perf_counter()
            for k, t in enumerate(((stamps[1] or t1) - t0, t1 - t0)):
                best[k] = t if best[k] is None or t < best[k] else best[k]
    finally:
        game.STEPS.update(saved)
    return best[0], best[1]


def _best_apply(g, snap, a, reps):
    best = None
    for _ in range(reps):
        g.restore(snap)
        t0 = time.perf_counter()
        g.apply(a)
        t = time.perf_counter() - t0
        best = t if best is None or t < best else best
    return best


def lunboks_phases(mods, games, n, phases, max_moves):
    """Lunboks's Mythos phases, untimed: (game, (state copy, rng state, player state)) at the
    moment its Mythos event is on the stack, the first `phases` of each of `games` games."""
    out = []
    for seed in range(games):
        g = _Lb(mods, seed, n)
        found = [0]

        def on_mythos(g, found=found):
            if found[0] >= phases:
                return
            found[0] += 1
            out.append((g, (copy.deepcopy(g.st), g.rng.getstate(), g.player.getstate())))

        g.play(max_moves, on_mythos)
    return out


def _lb_round(cases, best, ok):
    """One replay of each lunboks case; best[i] its least time so far, ok[i] whether its last
    replay reached the next turn."""
    for i, (g, snap) in enumerate(cases):
        t, ok[i] = _lb_replay(g, snap, 1)
        best[i] = t if best[i] is None or t < best[i] else best[i]


def mythos_by_turns(mods, games, n, phases, reps, max_moves):
    """Both sides' Mythos phases timed by turns, so that both see the same moments of the machine
    (its speed moves by tens of percent within minutes; one side timed after the other gave
    ratios from 25x to 47x in four runs within ten minutes): the phases of both are found first,
    then each of `reps` rounds replays every phase of ours, then every phase of lunboks, once;
    each phase's figure is its best. -> (ours: four lists, per phase the best time of the
    whole action that runs into it, of the phase as it runs in play, of the phase from a
    `draw_mythos` action to the next Upkeep's start, of that draw's whole action (to the
    Upkeep's first question); lunboks's best times; how many of lunboks's phases did not reach
    the next turn)."""
    ours = our_phases(games, n, phases)
    theirs = lunboks_phases(mods, games, n, phases, max_moves)
    best = [[None] * 4 for _ in ours]
    lb_best, ok = [None] * len(theirs), [False] * len(theirs)
    for _ in range(reps):
        _our_round(ours, best)
        _lb_round(theirs, lb_best, ok)
    return tuple([b[k] for b in best] for k in range(4)), lb_best, ok.count(False)


def mythos_child(games, n, phases, reps, max_moves):
    """One child process's Mythos comparison: {"ours": median s, "lunboks": median s}."""
    path, why = lunboks_dir()
    if path is None:
        raise RuntimeError(why)
    mods = _lb_import(path)
    from arkham.ah2e import tables

    tables.get()
    mine, theirs, _ = mythos_by_turns(mods, games, n, phases, reps, max_moves)
    return {"ours": statistics.median(mine[1]), "lunboks": statistics.median(theirs)}


def mythos_by_hash_seed(seeds, games, n, phases, reps, max_moves):
    """The ratio of medians measured again in one child process per hash seed
    (PYTHONHASHSEED=s; both sides in the same child): lunboks iterates sets of strings, so its
    games and its time move with the seed (ours do not), ~±10% of the ratio between processes.
    The seeds are fixed (1..k), so a run is repeatable; the median over them is the figure."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    code = ("import json; from arkham_host.bench import peer; "
            "print(json.dumps(peer.mythos_child(%d, %d, %d, %d, %d)))"
            % (games, n, phases, reps, max_moves))
    ratios = []
    for seed in seeds:
        env["PYTHONHASHSEED"] = str(seed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=600)
        if out.returncode != 0:
            raise RuntimeError("hash seed %d: %s" % (seed, out.stderr.strip()[-300:]))
        r = json.loads(out.stdout.strip().splitlines()[-1])
        ratios.append(r["lunboks"] / r["ours"])
    return ratios


def games_side_by_side(mods, games, n, max_moves):
    from arkham_host.bench import ah2e

    ah2e.random_game(games, n)  # one untimed game each: imports, first reads
    _Lb(mods, games, n).play(max_moves)
    spent = [0.0, 0.0]
    moves = [0, 0]
    turns = [0, 0]
    ends = [{}, {}]
    for seed in range(games):
        t0 = time.process_time()
        g, rnd = ah2e.new_random_game(seed, n)
        k, how = ah2e.play_random(g, rnd)
        t1 = time.process_time()
        lg = _Lb(mods, seed, n)
        lk, lhow = lg.play(max_moves)
        t2 = time.process_time()
        spent[0] += t1 - t0
        spent[1] += t2 - t1
        moves[0] += k
        moves[1] += lk
        turns[0] += g.s["turn"]
        turns[1] += lg.st.turn_number
        ends[0][how] = ends[0].get(how, 0) + 1
        ends[1][lhow] = ends[1].get(lhow, 0) + 1
    return spent, moves, turns, ends


def copy_and_size(mods, n, reps):
    from arkham_host.bench import ah2e

    g, rnd = ah2e.new_random_game(0, n)
    turn = g.s["turn"]
    while not g.over() and g.s["turn"] == turn:
        g.apply(ah2e.random_action(g, rnd))
    lg = _Lb(mods, 0, n)
    lg.drain()
    turn = lg.st.turn_number
    while not lg.over() and lg.st.turn_number <= turn:
        lg.move()
        lg.drain()
    out = {}
    out["peer_copy_us"] = _best(g.snapshot, reps)
    out["peer_copy_us_lunboks"] = _best(lambda: copy.deepcopy(lg.st), reps)
    out["peer_state_json_bytes"] = len(json.dumps(g.snapshot(), separators=(",", ":")))
    out["peer_state_json_bytes_lunboks"] = len(json.dumps(
        lg.st.json_repr(), cls=lg.lbgame.CustomEncoder, separators=(",", ":")))
    out["peer_state_heap_bytes"] = heap_bytes(g.s)
    out["peer_state_heap_bytes_lunboks"] = heap_bytes(lg.st)
    return out


_SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType,
           types.MethodType)


def heap_bytes(root):
    """sys.getsizeof summed over every object reachable from root (gc.get_referents), each once;
    classes, modules, functions and code are not counted (shared, not state)."""
    seen = set()
    todo = [root]
    total = 0
    while todo:
        o = todo.pop()
        if id(o) in seen or isinstance(o, _SHARED):
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        todo.extend(gc.get_referents(o))
    return total


def _best(fn, reps):
    best = None
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        t = time.perf_counter() - t0
        best = t if best is None or t < best else best
    return round(best * 1e6, 1)


def measure(n=4, games=10, phases=4, reps=5, max_moves=20000, hash_seeds=5) -> dict:
    path, why = lunboks_dir()
    if path is None:
        return {"peer_skipped": why}
    mods = _lb_import(path)
    from arkham.ah2e import tables

    tables.get()
    out = {"peer_lunboks_commit": _commit(path), "peer_investigators": n}
    (steps, ours, draw, whole), theirs, unfinished = mythos_by_turns(mods, games, n, phases, reps,
                                                                      max_moves)
    out["peer_mythos_phases"] = len(ours)
    out["peer_mythos_phases_lunboks"] = len(theirs)
    out["peer_mythos_phases_lunboks_ending"] = unfinished
    out["peer_mythos_us"] = round(statistics.median(ours) * 1e6, 1)
    out["peer_mythos_us_lunboks"] = round(statistics.median(theirs) * 1e6, 1)
    out["peer_mythos_ratio"] = round(statistics.median(theirs) / statistics.median(ours), 1)
    out["peer_mythos_mean_ratio"] = round(statistics.mean(theirs) / statistics.mean(ours), 1)
    if hash_seeds:
        ratios = mythos_by_hash_seed(range(1, hash_seeds + 1), games, n, phases, reps, max_moves)
        out["peer_mythos_ratio_hash_seeds"] = round(statistics.median(ratios), 1)
        out["peer_mythos_ratio_hash_seeds_min"] = round(min(ratios), 1)
        out["peer_mythos_ratio_hash_seeds_max"] = round(max(ratios), 1)
    out["peer_mythos_draw_us"] = round(statistics.median(draw) * 1e6, 1)
    out["peer_mythos_draw_ratio"] = round(statistics.median(theirs) / statistics.median(draw), 1)
    out["peer_mythos_upkeep_us"] = round(statistics.median(whole) * 1e6, 1)
    out["peer_mythos_upkeep_ratio"] = round(statistics.median(theirs) / statistics.median(whole),
                                            1)
    out["peer_mythos_step_us"] = round(statistics.median(steps) * 1e6, 1)
    out["peer_mythos_step_ratio"] = round(statistics.median(theirs) / statistics.median(steps), 1)
    spent, moves, turns, ends = games_side_by_side(mods, games, n, max_moves)
    out["peer_games_per_s"] = round(games / spent[0], 2)
    out["peer_games_per_s_lunboks"] = round(games / spent[1], 2)
    out["peer_games_ratio"] = round(spent[1] / spent[0], 1)
    out["peer_games_turns"] = turns[0]
    out["peer_games_turns_lunboks"] = turns[1]
    out["peer_turn_us"] = round(spent[0] / max(1, turns[0]) * 1e6, 1)
    out["peer_turn_us_lunboks"] = round(spent[1] / max(1, turns[1]) * 1e6, 1)
    out["peer_turn_ratio"] = round(out["peer_turn_us_lunboks"] / out["peer_turn_us"], 1)
    out["peer_games_moves"] = moves[0]
    out["peer_games_moves_lunboks"] = moves[1]
    for side, e in (("ours", ends[0]), ("lunboks", ends[1])):
        for how, c in sorted(e.items()):
            out["peer_games_end_%s_%s" % (side, how)] = c
    out.update(copy_and_size(mods, n, reps))
    out["peer_copy_ratio"] = round(out["peer_copy_us_lunboks"] / out["peer_copy_us"], 1)
    out["peer_state_json_ratio"] = round(out["peer_state_json_bytes_lunboks"]
                                         / out["peer_state_json_bytes"], 1)
    out["peer_state_heap_ratio"] = round(out["peer_state_heap_bytes_lunboks"]
                                         / out["peer_state_heap_bytes"], 1)
    return out


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
