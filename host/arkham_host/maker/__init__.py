"""The maker's tools: put the firmware on a Pico, calibrate its pads, check its board maps.

    deploy.py       `arkham-table deploy`: firmware and board map onto a Pico
    deploy_cp.py    what deploy knows about CircuitPython (libraries, cp_memory.json's fit)
    calibrate.py    `arkham-table calibrate`: every pad's thresholds, saved on the table
    boards.py       `arkham-table boards`: list, validate and report the board maps
"""
