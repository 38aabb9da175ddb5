"""Board maps for tests, made in code (no file to read)."""

from arkham.boardmap import BoardMap


def small_board(chips=("0x5A", "0x5B", "0x5C", "0x5D"), per_chip=6):
    """A test board: per_chip pads on each chip (pad_00, pad_01, ... in chip order), one LED
    each, drawn in rows of per_chip. Small enough to sit beside a test in a 96k heap."""
    n = len(chips) * per_chip
    spots = [
        {
            "name": "pad_%02d" % i,
            "leds": [i],
            "pad": [chips[i // per_chip], i % per_chip],
            "xy": [i % per_chip, i // per_chip],
        }
        for i in range(n)
    ]
    return BoardMap(
        {
            "name": "small",
            "leds": {"count": n, "pin": "GP16", "order": "GRB"},
            "i2c": {"sda": "GP4", "scl": "GP5"},
            "chips": list(chips),
            "power": {"supply_amps": 2.0, "reserve_ma": 300, "ma_per_led_full": 60},
            "spots": spots,
        }
    )
