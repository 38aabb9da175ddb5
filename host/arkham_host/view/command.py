"""`arkham-table view [PORT | --sim ...]`: one table live in the browser (docs/view.md)."""

from __future__ import annotations

import sys

HELP = ("serve a live page of one table that plays it: choices as buttons, the board lit as on "
        "the table, tokens, events, AH2e status")


def add_arguments(p):
    p.add_argument("port", nargs="?", help="a table's serial port or a running sim's pty "
                   "(default: the only table)")
    p.add_argument("--sim", action="store_true", help="start an emulated table and show it")
    p.add_argument("--board", default=None, help="with --sim: board map (default: the game's)")
    p.add_argument("--game", default="bringup", help="with --sim: game to start (default bringup)")
    p.add_argument("--state", help="with --sim: state folder (default: a fresh one)")
    p.add_argument("--cpython", action="store_true", help="with --sim: firmware under CPython")
    p.add_argument("--host", default=None,
                   help="address to serve on (default 127.0.0.1: this computer only)")
    p.add_argument("--lan", action="store_true", help="serve the room's network too: prints a "
                   "URL with a pairing code (and its QR code); pages from other computers need it")
    p.add_argument("--code", help="with --lan: this pairing code instead of a random one")
    p.add_argument("--http-port", type=int, default=8765, help="web port (default 8765; 0: any)")
    p.add_argument("--no-forecast", action="store_true", help="no odds of doom in the page")


GAME_BOARD = {"ah2e": "ah2e", "ritual": "ritual", "final-hour": "final-hour"}


def open_watch(args):
    from arkham_host.view.watch import TableWatch

    if args.sim:
        board = args.board or GAME_BOARD.get(args.game, "bringup")
        return TableWatch.own_sim(board, game=args.game, state_dir=args.state,
                                  runtime="cpython" if args.cpython else "micropython")
    port = args.port
    if not port:
        from arkham_host.wire import ports

        port = ports.default_port()
    return TableWatch.attach(port)


def run(args) -> int:
    from aiohttp import web

    from arkham_host.view.server import ViewServer

    try:
        watch = open_watch(args)
    except Exception as e:
        print("arkham-table view: %s" % e, file=sys.stderr)
        return 1
    forecaster = None
    if not args.no_forecast:
        try:
            from arkham_host.view.liveodds import LiveOdds

            forecaster = LiveOdds(watch)
        except ImportError:
            forecaster = None
    from arkham_host.view import access

    code = None
    host = args.host or "127.0.0.1"
    if args.lan:
        code = args.code or access.new_code()
        host = args.host or "0.0.0.0"
    server = ViewServer(watch, forecaster, access.Access(code))
    if forecaster is not None:
        forecaster.start()

    app = server.app()
    try:
        import asyncio

        async def main():
            runner = web.AppRunner(app)
            await runner.setup()
            site = web.TCPSite(runner, host, args.http_port)
            await site.start()
            port = site._server.sockets[0].getsockname()[1]
            local = "127.0.0.1" if host in ("0.0.0.0", "::") else host
            print("view: http://%s:%d/  (board %s, game %s; Ctrl-C stops)"
                  % (local, port, watch.board["name"], watch.game), flush=True)
            if code is not None:
                print_pairing(access.lan_address() or local, port, code)
            try:
                while watch.alive():
                    await asyncio.sleep(0.5)
                print("view: the table went away", file=sys.stderr)
            finally:
                await runner.cleanup()

        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        if forecaster is not None:
            forecaster.stop()
        watch.close()
    return 0


def print_pairing(addr, port, code, out=None):
    """The URL a phone opens (with the pairing code), and the same as a QR code in the terminal."""
    out = out or sys.stdout
    url = "http://%s:%d/?code=%s" % (addr, port, code)
    print("view: on a phone in this room open %s  (pairing code %s)" % (url, code), file=out)
    try:
        import segno

        segno.make(url, error="m").terminal(out=out, compact=True)
    except ImportError:
        print("view: (no QR code: the `segno` package is missing)", file=out)
    out.flush()
    return url
