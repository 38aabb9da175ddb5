"""The emulated NeoPixel strip: Pixels whose one effect hook captures the frame."""

from arkham.hw.pixels import Pixels


class CapturedPixels(Pixels):
    """NeoPixels whose transmit is captured: counts frames, keeps the last wire bytes and calls
    on_frame() (the stream pushes a frame line for the UI)."""

    def __init__(self, n, order="GRB", cap=255):
        Pixels.__init__(self, n, order, cap)
        self.frames = 0
        self.wire = bytearray(3 * n)  # the last frame's wire bytes (updated in place)
        self.on_frame = None

    def _transmit(self, buf):
        # (a Pico's NeoPixel sends the buffer as it is, with no copy on the heap: nor does this)
        self.frames += 1
        self.wire[:] = buf
        if self.on_frame is not None:
            self.on_frame()
