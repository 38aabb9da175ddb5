"""`arkham-table sim`: the emulated table — the real firmware under the MicroPython unix port,
its serial port on a pty, the board drawn in the terminal (or `--headless` for tests and scripts).
"""

from __future__ import annotations

import argparse

from arkham_host.table.saved_game import refusal, saved_game

HELP = "start the emulated table (firmware under the unix port; serial on a pty)"


def add_arguments(p):
    p.add_argument(
        "--game",
        default=None,
        help="game to start: %s (default: resume the saved game, else bringup; a saved game of "
        "another name is kept unless --new-game)" % ", ".join(game_names()),
    )
    p.add_argument(
        "--new-game",
        action="store_true",
        help="replace the saved game with a new --game (the pads' calibration is kept)",
    )
    p.add_argument(
        "--board",
        default="bringup",
        help="board map: a name in hardware/boards/ or a .json path (default bringup)",
    )
    p.add_argument(
        "--state",
        metavar="DIR",
        help="where the table saves its state (default: a folder per checkout and board under "
        "~/.local/state/arkham-table/checkouts/, so a restarted sim resumes its game and another "
        "clone's is never resumed)",
    )
    p.add_argument(
        "--headless",
        action="store_true",
        help="no UI: print `serial <pty>` and `world <socket>`, then serve",
    )
    p.add_argument("--cpython", action="store_true", help="run the firmware under CPython (debug)")
    p.add_argument(
        "--heap",
        default=None,
        help="heap left for the running table on the unix port (default 256k: about a Pico's "
        "~190 KB on this 64-bit port; 512k with --from-source)",
    )
    p.add_argument(
        "--from-source",
        action="store_true",
        help="compile the firmware's .py files into the heap (like a Pico without ROMFS) "
        "instead of running its code in place from a ROMFS image",
    )
    p.add_argument(
        "--socket", metavar="PATH", help="world socket path (default in the runtime dir)"
    )
    p.add_argument("--emulator", metavar="SCRIPT", help=argparse.SUPPRESS)
    chip = p.add_argument_group(
        "the emulated chip",
        "--chip rp2040 runs a MicroPython Pico firmware image on an emulated RP2040 (rp2040js, "
        "Node) instead of the unix port: slower, but the real firmware on a model of the real "
        "chip. Its flash is a file in the state folder (restart = power cycle).",
    )
    chip.add_argument(
        "--chip",
        choices=("rp2040",),
        default=None,
        help="run the table on an emulated chip (rp2040: the stock Pico firmware)",
    )
    chip.add_argument(
        "--firmware",
        metavar="FILE",
        help="firmware image, .bin or .uf2 (default $ARKHAM_PICO_FIRMWARE, else "
        "../shared/pico/rpi_pico-v1.28.0.bin beside the project)",
    )
    chip.add_argument(
        "--romfs",
        action="store_true",
        help="lay the package out as `deploy --romfs` does (needs a ROMFS firmware build)",
    )
    chip.add_argument(
        "--bare",
        action="store_true",
        help="only the firmware: leave the filesystem as it is (new: empty), for `deploy`",
    )
    chip.add_argument(
        "--fast",
        action="store_true",
        help="let chip time run ahead of the wall clock when the chip sleeps (tests, benches)",
    )


def game_names() -> list:
    from arkham import games

    return games.names()


def forget_game(state_dir):
    """--new-game: the saved game goes (calibration stays)."""
    from arkham.hw.storage import Storage

    Storage(str(state_dir)).remove("state.json")


class _Probe:
    """A table context for trying a game on a board map on the host (nothing is kept)."""

    def __init__(self, board):
        self.board = board

    def __getattr__(self, name):
        return lambda *a, **k: None


def check_game(board_path, game) -> str | None:
    """Why `game` cannot run on the board map (one clear line with the valid choices), or None:
    the game's own start is tried against the map, as the table will at bring-up."""
    from arkham import boardmap, games

    names = game_names()
    if game not in names:
        return "unknown game %r: choose one of %s" % (game, ", ".join(names))
    try:
        games.load(game)(_Probe(boardmap.load(str(board_path))), {})
    except games.CommandError as e:
        return "game %s cannot run on this board: %s" % (game, e)
    except Exception:
        return None  # (anything else: the table itself says what is wrong)
    return None


def checkout_id() -> str:
    """This checkout's name among the user's saves: its folder's name and a digest of its path
    (a second clone's first `sim` must not resume the first clone's game)."""
    import hashlib

    from arkham_host.device import runtimes

    root = runtimes.FIRMWARE_DIR.resolve().parent
    return "%s-%s" % (root.name, hashlib.sha1(str(root).encode()).hexdigest()[:8])


def default_state_dir(board_name: str, chip: str | None = None):
    """The emulated table's state folder: one per checkout and board (and emulated chip)."""
    from arkham_host.wire import registry

    base = registry.state_home() / "checkouts" / checkout_id() / "boards" / board_name
    return base / chip if chip else base


def older_save(board_name, chip, state) -> str | None:
    """A game saved where every checkout's sim saved it before (one folder per user and board),
    when this checkout has none yet: where it is and how to resume it (never resumed by itself:
    it may be another clone's)."""
    from arkham_host.wire import registry

    old = registry.state_home() / "boards" / board_name
    old = old / chip if chip else old
    saved = saved_game(old)
    if saved in (None, "bringup") or saved_game(state) not in (None, "bringup"):
        return None
    return "a %s game saved before saves were kept per checkout is in %s (`--state %s` " \
        "resumes it)" % (saved, old, old)


def resumes(state, game, new_game) -> str | None:
    """The line that says which saved game the table resumes and from where, or None."""
    saved = saved_game(state)
    if saved in (None, "bringup") or new_game or game not in (None, saved):
        return None
    return "resumes the saved %s game from %s (`--game %s --new-game` starts a new one)" % (
        saved, state, saved)


def run(args) -> int:
    import sys

    from arkham_host.device import boardfile

    try:
        board = boardfile.load(args.board)
    except (FileNotFoundError, ValueError, KeyError) as e:
        print("arkham-table sim: %s" % e, file=sys.stderr)
        return 2
    why = _check_options(args, board)
    if why:
        print("arkham-table sim: %s" % why, file=sys.stderr)
        return 2
    chip_name = None
    if args.chip:
        chip_name = args.chip + ("-romfs" if args.romfs else "")
    state = args.state or str(default_state_dir(board.name, chip_name))
    if args.game is not None and not args.chip:
        saved = saved_game(state)
        if saved not in (None, "bringup", args.game) and not args.new_game:
            print("arkham-table sim: %s" % refusal(saved, args.game), file=sys.stderr)
            return 2
        if args.new_game:
            forget_game(state)
    said = None if args.chip else resumes(state, args.game, args.new_game)
    if not said and not args.state:
        said = older_save(board.name, chip_name, state)
    if said and args.headless:
        print("arkham-table sim: %s" % said, file=sys.stderr, flush=True)
    ui = stderr_file = stderr_path = None
    if not args.headless:
        ui, stderr_file, stderr_path = _terminal(args, board, state, said)
    hooks = dict(
        socket_path=args.socket,
        stderr=stderr_file,
        on_frame=ui.wake if ui else None,
        on_serial=ui.serial_line if ui else None,
        on_exit=(lambda rc: ui.wake()) if ui else None,
    )
    sim = _make_sim(args, board, state, hooks)
    return _serve(args, sim, board, state, ui, stderr_file, stderr_path)


def _check_options(args, board) -> str | None:
    """Why these options cannot start a sim (one line), or None. --game is lower-cased."""
    if args.game is not None:
        args.game = args.game.lower()
        why = check_game(board.path, args.game)
        if why:
            return why
    elif args.new_game:
        return "--new-game needs --game NAME (%s)" % ", ".join(game_names())
    chip_opts = [o for o in ("firmware", "romfs", "bare", "fast") if getattr(args, o)]
    if chip_opts and not args.chip:
        return "--%s needs --chip rp2040" % chip_opts[0]
    return None


def _terminal(args, board, state, said):
    """The board in this terminal: (its UI, the file the table's stderr goes to while the UI
    holds the screen, that file's path)."""
    import os

    from arkham_host.table import sim_ui
    from arkham_host.wire import registry

    stderr_path = registry.runtime_dir() / ("sim-%d.stderr" % os.getpid())
    stderr_file = open(stderr_path, "wb")
    cap = None
    if args.chip:  # (its frames are the LED pin's bytes: gamma and the board's cap)
        from arkham import boardmap

        cap = boardmap.load(str(board.path)).brightness_cap
    ui = sim_ui.BoardUI(board, wire_cap=cap)
    ui.set_game(args.game or saved_game(state) or "bringup")
    ui.status = said or ""
    return ui, stderr_file, stderr_path


def _make_sim(args, board, state, hooks):
    """The emulated table the options ask for: the chip (ChipSim) or the unix port's (Sim)."""
    if args.chip:
        from arkham_host.chip.chipsim import ChipSim

        sim = ChipSim(
            board.path,
            firmware_file=args.firmware,
            romfs=args.romfs,
            bare=args.bare,
            realtime=not args.fast,
            game=args.game,
            state_dir=state,
            **hooks,
        )
        sim.replace = args.new_game
        return sim
    from arkham_host.table.relay import SIM_HEAP, SIM_HEAP_FROM_SOURCE, Sim

    return Sim(
        board.path,
        game=args.game,
        state_dir=state,
        runtime="cpython" if args.cpython else "micropython",
        emulator=args.emulator,
        heap=args.heap or (SIM_HEAP_FROM_SOURCE if args.from_source else SIM_HEAP),
        rom=not args.from_source,
        **hooks,
    )


def _serve(args, sim, board, state, ui, stderr_file, stderr_path):
    import os
    import signal
    import stat
    import sys

    from arkham_host.wire import registry
    from arkham_host.chip import ChipError

    def on_term(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGHUP, on_term)
    entry = None
    try:
        if getattr(args, "chip", None) and ui is not None:
            print(
                "arkham-table sim: starting the Pico firmware on an emulated %s (state %s); "
                "the chip runs at about 0.15x real time, so boot and game setup take a while..."
                % (args.chip.upper(), state),
                file=sys.stderr,
                flush=True,
            )
        try:
            sim.start()
        except ChipError as e:
            print("arkham-table sim: %s" % e, file=sys.stderr)
            return 1
        entry = registry.register(
            {
                "pid": os.getpid(),
                "serial": sim.serial_path,
                "world": sim.world_path,
                "board": board.name,
                "game": args.game or saved_game(state) or "bringup",
                "state": state,
                "runtime": sim.runtime,
            }
        )
        if ui is None:
            sys.stdout.write("serial %s\nworld %s\n" % (sim.serial_path, sim.world_path))
            sys.stdout.flush()
            watch_stdin = stat.S_ISFIFO(os.fstat(0).st_mode)  # a parent's pipe: EOF = parent gone
            _serve_headless(sim, watch_stdin)
        else:
            ui.run(sim)
    finally:
        sim.stop()
        if entry is not None:
            try:
                entry.unlink()
            except OSError:
                pass
        if stderr_file is not None:
            stderr_file.close()
            text = stderr_path.read_text(errors="replace").strip()
            stderr_path.unlink()
            if text and sim.returncode not in (0, None, -15):
                print(text[-3000:], file=sys.stderr)
    rc = sim.returncode
    return 0 if rc in (0, None, -15) else 1


def _serve_headless(sim, watch_stdin):
    import os
    import select

    while sim.running:
        if watch_stdin:
            r, _, _ = select.select([0], [], [], 0.5)
            if r and not os.read(0, 4096):
                return
        else:
            sim.wait()
