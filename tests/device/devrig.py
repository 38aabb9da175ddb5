"""The backend the shared pad tests run on. Here: the MicroPython backend's MPR121 driver
(arkham.emu.rig: our driver on the register model). tests/cp/devrig.py, first on the path when
tests/hw/test_backend_cp.py runs the same scripts, puts the CircuitPython backend in its place.

BUS_ERR: how a chip that does not acknowledge is reported (machine.I2C raises OSError(EIO)).
recapture(rig, addr): make the chip re-capture its baseline now, with whatever is on the pads
(our driver: a restart, as after a fault; ECR CL=10 takes the reading as the baseline).
"""

from arkham.emu.rig import Rig  # noqa: F401

BUS_ERR = "I2C error 5"


def recapture(rig, addr):
    rig.sensors[addr].start()
