"""`arkham-table sim`: the emulated table — the real firmware under the MicroPython unix port,
its serial port on a pty, the board drawn in the terminal (or `--headless` for tests and scripts).
"""

from __future__ import annotations

import argparse

HELP = "start the emulated table (firmware under the unix port; serial on a pty)"


def add_arguments(p):
    p.add_argument("--game", default="bringup", help="game mode to start (default bringup)")
    p.add_argument(
        "--board",
        default="bringup",
        help="board map: a name in hardware/boards/ or a .json path (default bringup)",
    )
    p.add_argument(
        "--state",
        metavar="DIR",
        help="where the table saves its state (default: a per-board folder under "
        "~/.local/state/arkham-table/, so a restarted sim resumes its game)",
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


def default_state_dir(board_name: str):
    from arkham_host import registry

    return registry.state_home() / "boards" / board_name


def run(args) -> int:
    import os
    import signal
    import stat
    import sys

    from arkham_host import boardfile, registry
    from arkham_host.simcore import SIM_HEAP, SIM_HEAP_FROM_SOURCE, Sim

    try:
        board = boardfile.load(args.board)
    except (FileNotFoundError, ValueError, KeyError) as e:
        print("arkham-table sim: %s" % e, file=sys.stderr)
        return 2
    state = args.state or str(default_state_dir(board.name))
    ui = None
    stderr_file = None
    if not args.headless:
        from arkham_host import sim_ui

        stderr_path = registry.runtime_dir() / ("sim-%d.stderr" % os.getpid())
        stderr_file = open(stderr_path, "wb")
        ui = sim_ui.BoardUI(board)
    sim = Sim(
        board.path,
        game=args.game,
        state_dir=state,
        runtime="cpython" if args.cpython else "micropython",
        emulator=args.emulator,
        heap=args.heap or (SIM_HEAP_FROM_SOURCE if args.from_source else SIM_HEAP),
        rom=not args.from_source,
        socket_path=args.socket,
        stderr=stderr_file,
        on_frame=ui.wake if ui else None,
        on_serial=ui.serial_line if ui else None,
        on_exit=(lambda rc: ui.wake()) if ui else None,
    )

    def on_term(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_term)
    signal.signal(signal.SIGHUP, on_term)
    entry = None
    try:
        sim.start()
        entry = registry.register(
            {
                "pid": os.getpid(),
                "serial": sim.serial_path,
                "world": sim.world_path,
                "board": board.name,
                "game": args.game,
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
