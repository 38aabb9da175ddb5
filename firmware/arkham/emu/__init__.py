"""The emulated hardware (never deployed): an MPR121 register model (emu.mpr121) read by our real
driver and Pads, captured NeoPixel frames and the world side channel on stdio (emu.table,
emu.world, emu.stream). Importing this package costs nothing; make() loads the rest."""


def make(board, options=None):
    from arkham.emu.table import make as _make

    return _make(board, options)
