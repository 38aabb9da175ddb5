"""App.run, the loop around step(): it waits out the period unless a pad change waits for its
debounce (then it scans again at once)."""

# ruff: noqa: I001  (import order matters in a 96k heap: the biggest first, on a clean heap)
import arkham.app  # noqa: F401
from fakehw import make
from check import check, done, equal

app, hw = make(options={"period": 1000})
app.step(0)
hw.stream.lines()
real_step = app.step


def loops(n, step=None):
    """Run app.run() for n iterations (step: instead of App.step)."""
    left = [n]

    def one(now_ms):
        (step or real_step)(now_ms)
        left[0] -= 1
        if not left[0]:
            app.running = False

    app.step = one
    app.running = True
    app.run()


hw.waited = 0
loops(2)
check(hw.waited > 0, "an idle loop waits out its period")
hw.pads.pending = True  # (Pads: the last scan left a change waiting for its debounce)
hw.waited = 0
loops(3)
equal(hw.waited, 0, "a change waiting for its debounce: the next scan at once, no wait")
hw.pads.pending = False

done()
