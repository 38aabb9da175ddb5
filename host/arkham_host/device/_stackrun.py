"""Run a script on the 32-bit unix port with a C stack no larger than a Pico's
(runtimes.command(..., stack=N); runs under micropython32, not CPython).

usage: micropython -X heapsize=2m _stackrun.py STACK SCRIPT [ARGS...]

SCRIPT runs in a thread whose recursion limit leaves it STACK bytes from where its code starts,
so a call chain the Pico cannot take fails here with "maximum recursion depth exceeded" (the
main thread of the unix port allows ~40 KB; the Pico's whole C stack is 7,936 bytes).

What would cost the unix port much more stack than a Pico is kept out of the thread:
- compiling: SCRIPT is compiled here, in the main thread, and the thread only runs it;
- importing: the unix port's import costs ~4.8 KB of C stack per nesting level (a PATH_MAX
  buffer), a Pico's ~600 B, and the firmware imports lazily deep in its calls. builtins.__import__
  is replaced by a Python function that hands the import to the main thread (which runs the
  original __import__, with its arguments, there) and waits for it: the thread pays two Python
  frames (~600 B, about the Pico's cost), and imports keep their exact semantics (a module that
  compat.forget() dropped is loaded again, fakes put in sys.modules are seen, fromlist as is).
  A module's top level then runs on the main thread's stack (not counted; module bodies are
  shallow). Relative imports are refused (MicroPython's override gets no globals; the firmware
  has none).

The thread's limit is set to the byte: a first thread measures the stack used at the point where
SCRIPT starts after k padding calls (k = 0, 1, ...); the unix port's thread limit is its stack size
less 8,192 (sizes below 16,384 are raised to that), so the second thread gets the stack size that
leaves exactly STACK bytes after the fewest padding calls that allow it. The port sets a new
thread's limit from a size it lowers by those 8,192 bytes only after pthread_create: a thread that
starts first (~1 run in 100 here, more under load) gets 8 KB more, and no margin left for C code
below its last Python call (a crash). So the thread first recurses 2 KB past the limit asked for;
when it gets there, it ends at once and the main thread starts another.
Exit status: SCRIPT's (sys.exit), 1 after an uncaught exception (its traceback on stderr, without
the runner's own frames but for _thread_import: an import the thread had no room left for).
"""

import builtins
import sys

import _thread
import micropython

_MARGIN = 8192  # the unix port: a thread's limit is its stack size less this
_MIN_SIZE = 16384  # ... and a stack size is at least this (PTHREAD_STACK_MIN)

stack = int(sys.argv[1])
script = sys.argv[2]
sys.argv[:] = sys.argv[2:]
# as `micropython SCRIPT` does: the script's directory first on the path
sys.path[0] = script.rsplit("/", 1)[0] if "/" in script else ""
with open(script) as f:
    code = compile(f.read(), script, "exec")
del f
scope = {"__name__": "__main__", "__file__": script}

_import = builtins.__import__
_req = _thread.allocate_lock()  # released by the thread: a request (or its end) is in _box
_rep = _thread.allocate_lock()  # released by the main thread: the answer is in _box
_req.acquire()
_rep.acquire()
_box = [None, None]  # [request, answer]
_DONE = "done"
_AGAIN = "again"
_MAIN = _thread.get_ident()


def _ask(args):
    _box[0] = args
    _req.release()
    _rep.acquire()
    ok, value = _box[1]
    _box[1] = None
    if ok:
        return value
    raise value


def _thread_import(name, globals=None, locals=None, fromlist=(), level=0):
    if _thread.get_ident() == _MAIN:  # an import inside a module being imported here
        return _import(name, globals, locals, fromlist, level)
    if level:
        raise ImportError("relative import under the stack-limited runner: " + name)
    return _ask((name, globals, locals, fromlist, level))


def _down(k, probe):
    if k:
        return _down(k - 1, probe)
    if probe is not None:
        probe.append(micropython.stack_use())
        return None
    exec(code, scope)
    return None


def _past(mark):
    """True when this thread can go `mark` bytes deep (False: its limit came first)."""
    if micropython.stack_use() > mark:
        return True
    return _past(mark)


def _entry(ks, probe, size=0):
    """The thread: _down(k) for each k of ks (the probe: every k; the run: one)."""
    result = [0, None]
    if size:  # the run: first, is its limit the one asked for (size less _MARGIN)?
        try:
            raced = _past(size - _MARGIN + 2048)  # (short of the stack's end: it may have none)
        except RuntimeError:
            raced = False
        if raced:  # no (see above): the main thread starts another
            ks = ()
            result = _AGAIN
    for k in ks:
        try:
            _down(k, probe)
        except SystemExit as e:
            c = e.args[0] if e.args else None
            if c is not None and not isinstance(c, int):
                print(c, file=sys.stderr)
                c = 1
            result[0] = c or 0
        except BaseException as e:  # noqa: BLE001 (reported by the main thread)
            result[:] = [1, e]
    _box[1] = result
    _box[0] = _DONE
    _req.release()


def _serve():
    """Run the thread's imports here until it is done; the thread's answer, if any."""
    while True:
        _req.acquire()
        args = _box[0]
        _box[0] = None
        if args is _DONE:
            answer = _box[1]
            _box[1] = None
            return answer
        try:
            _box[1] = (True, _import(*args))
        except BaseException as e:  # noqa: BLE001 (raised again in the thread)
            _box[1] = (False, e)
        _rep.release()


uses = []
_thread.stack_size(_MIN_SIZE + 32768)  # room for every probe
_thread.start_new_thread(_entry, (range(40), uses))
_serve()
# the fewest padding calls after which `stack` bytes are left inside a stack of at least _MIN_SIZE
k = 0
while uses[k] + stack + _MARGIN < _MIN_SIZE:
    k += 1
size = uses[k] + stack + _MARGIN
del uses
_thread.stack_size(size)
builtins.__import__ = _thread_import
for _ in range(20):
    _thread.start_new_thread(_entry, ((k,), None, size))
    answer = _serve()
    if answer is not _AGAIN:
        break
else:
    raise OSError("no thread with the limit asked for in 20 tries")
status, error = answer
builtins.__import__ = _import
if error is not None:  # its traceback, less the runner's padding calls
    import io

    buf = io.StringIO()
    sys.print_exception(error, buf)
    for line in buf.getvalue().split("\n")[:-1]:
        if not ("_stackrun.py" in line and (line.endswith(" _down") or line.endswith(" _entry"))):
            print(line, file=sys.stderr)
sys.exit(status)
