"""CircuitPython boot.py: runs once at power-up, before USB starts.

Trade-off: CircuitPython lets only one side write the flash. By default the computer may write
the CIRCUITPY drive and the code may not; the table must save its game (state.json) and its pad
calibration (calib.json), so this remounts the flash writable for the code, and the computer
then sees CIRCUITPY read-only. To update files from the computer, connect GP22 to GND while
powering up (MAKER_PIN): the drive stays writable for the computer, and the table runs but
cannot save (it reports `{"ev":"error","where":"save",...}`; the game is lost on power-off).
MicroPython (main.py) has no such switch: its littlefs flash is written by the code, and
mpremote copies files over the REPL.

Also enables the second USB serial port (usb_cdc data): the console keeps the REPL, the data
port carries protocol v1 without Ctrl-C turning into an interrupt.
"""

import board
import digitalio
import storage
import usb_cdc

MAKER_PIN = board.GP22

usb_cdc.enable(console=True, data=True)
pin = digitalio.DigitalInOut(MAKER_PIN)
pin.switch_to_input(pull=digitalio.Pull.UP)
maker = not pin.value  # pulled to GND: the computer keeps the drive
pin.deinit()
if not maker:
    storage.remount("/", readonly=False)
