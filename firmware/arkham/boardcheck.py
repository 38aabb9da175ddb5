"""A board map checked and built (arkham.boardmap's validate and BoardMap(data)): every problem,
naming the spot, so a maker fixes the file in one go; then the board's columns. Loaded only
while a map is checked (at boot), then dropped: none of this code stays in a small heap."""

from array import array

from arkham.compat import intern
from arkham.hw import ELECTRODES, FIRST_CHIP, LAST_CHIP, chip_name, parse_chip


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_top(data, errors):
    """Top-level fields; returns (led_count or None, chip set)."""
    if not isinstance(data.get("name"), str) or not data.get("name"):
        errors.append("missing field 'name' (a non-empty string)")
    if "title" in data and not isinstance(data["title"], str):
        errors.append("'title' must be a string")
    count = None
    leds = data.get("leds")
    if not isinstance(leds, dict):
        errors.append("missing field 'leds' ({count, pin, order})")
    else:
        if _is_int(leds.get("count")) and leds["count"] >= 0:
            count = leds["count"]
        else:
            errors.append("leds.count must be an integer >= 0")
        if not isinstance(leds.get("pin"), str):
            errors.append('missing field leds.pin (e.g. "GP16")')
        order = leds.get("order", "GRB")
        if not isinstance(order, str) or sorted(order) != ["B", "G", "R"]:
            errors.append("leds.order must be an arrangement of R, G and B, not %r" % (order,))
    i2c = data.get("i2c")
    if not isinstance(i2c, dict):
        errors.append("missing field 'i2c' ({sda, scl, freq})")
    else:
        for k in ("sda", "scl"):
            if not isinstance(i2c.get(k), str):
                errors.append('missing field i2c.%s (e.g. "GP4")' % k)
        if "freq" in i2c and not (_is_int(i2c["freq"]) and 10000 <= i2c["freq"] <= 1000000):
            errors.append("i2c.freq must be an integer 10000..1000000")
    chips = set()
    raw = data.get("chips")
    if not isinstance(raw, list):
        errors.append("missing field 'chips' (list of addresses like \"0x5A\")")
    else:
        for v in raw:
            a = parse_chip(v)
            if a is None:
                errors.append('chips: %r is not an address like "0x5A"' % (v,))
            elif a < FIRST_CHIP or a > LAST_CHIP:
                errors.append("chips: %s is outside 0x5A-0x5D (MPR121 addresses)" % chip_name(a))
            elif a in chips:
                errors.append("chips: %s listed twice" % chip_name(a))
            else:
                chips.add(a)
    power = data.get("power")
    if not isinstance(power, dict):
        errors.append("missing field 'power' ({supply_amps, reserve_ma, ma_per_led_full})")
    else:
        for k in ("supply_amps", "reserve_ma", "ma_per_led_full"):
            v = power.get(k)
            if not (_is_int(v) or isinstance(v, float)) or v < 0:
                errors.append("power.%s must be a number >= 0" % k)
        if not errors and count and _budget_ma(power) <= 0:
            errors.append("power: the reserve leaves no current for the LEDs")
    return count, chips


def _where(spots, i):
    s = spots[i]
    name = s.get("name") if isinstance(s, dict) else None
    if isinstance(name, str) and name:
        return "spot %r" % name
    return "spots[%d]" % i


def validate(data):
    """Every problem in a board map, as readable strings ([] means good)."""
    errors = []  # type: list[str]
    if not isinstance(data, dict):
        return ["a board map is a JSON object"]
    count, chips = _check_top(data, errors)
    spots = data.get("spots")
    if not isinstance(spots, list) or not spots:
        errors.append("missing field 'spots' (a non-empty list)")
        return errors
    # owners map an LED / chip*16+electrode to the index of the spot that has it (small ints:
    # this runs at boot on a 96 KB heap)
    seen = {}  # type: dict[str, bool]
    led_owner = {}  # type: dict[int, int]
    pad_owner = {}  # type: dict[int, int]
    for i in range(len(spots)):  # each spot
        s = spots[i]
        if not isinstance(s, dict):
            errors.append("spots[%d]: must be an object" % i)
            continue
        name = s.get("name")
        where = _where(spots, i)
        if not isinstance(name, str) or not name:
            errors.append("spots[%d]: missing field 'name'" % i)
        else:
            if name in seen:
                errors.append("%s: duplicate spot name" % where)
            seen[name] = True
        leds = s.get("leds")
        if not isinstance(leds, list):
            errors.append("%s: missing field 'leds' (a list, may be empty)" % where)
        else:
            for led in leds:
                if not _is_int(led) or led < 0:
                    errors.append("%s: LED %r is not an index >= 0" % (where, led))
                elif count is not None and led >= count:
                    errors.append("%s: LED %d is beyond the strip (count %d)" % (where, led, count))
                elif led in led_owner:
                    other = _where(spots, led_owner[led])
                    errors.append("%s: LED %d is already used by %s" % (where, led, other))
                else:
                    led_owner[led] = i
        if "pad" not in s:
            errors.append("%s: missing field 'pad' ([chip, electrode] or null)" % where)
        elif s["pad"] is not None:
            pad = s["pad"]
            if not isinstance(pad, list) or len(pad) != 2:
                errors.append("%s: pad must be [chip, electrode] or null" % where)
            else:
                a = parse_chip(pad[0])
                e = pad[1]
                if a is None:
                    errors.append('%s: pad chip %r is not an address like "0x5A"' % (where, pad[0]))
                elif a not in chips:
                    errors.append("%s: pad chip %s is not in 'chips'" % (where, chip_name(a)))
                if not _is_int(e) or e < 0 or e >= ELECTRODES:
                    errors.append("%s: electrode %r is not 0..11" % (where, e))
                elif a is not None:
                    key = a * 16 + e
                    if key in pad_owner:
                        errors.append(
                            "%s: electrode %s/%d is already used by %s"
                            % (where, chip_name(a), e, _where(spots, pad_owner[key]))
                        )
                    else:
                        pad_owner[key] = i
        xy = s.get("xy")
        if not (isinstance(xy, list) and len(xy) == 2 and _is_int(xy[0]) and _is_int(xy[1])):
            errors.append("%s: missing field 'xy' ([x, y] integers for drawing)" % where)
    return errors


def _budget_ma(power):
    supply_ma = int(power["supply_amps"] * 1000 + 0.5)
    return supply_ma - int(power["reserve_ma"])


def brightness_cap(power, count):
    """Global cap 0..255 so that every LED at full white stays inside the supply:
    min(1, (supply - reserve) / (count * mA per LED at full white)), scaled to 255."""
    need = count * int(power["ma_per_led_full"])
    budget = _budget_ma(power)
    if need <= 0 or budget >= need:
        return 255
    if budget <= 0:
        return 0
    return budget * 255 // need


def build(board, data):
    """BoardMap(data): the map's problems (BoardMap raises them as a BoardMapError), or none
    ([]) once the board's columns are filled in (arkham.boardmap reads them)."""
    errors = validate(data)
    if errors:
        return errors
    board.name = data["name"]
    board.title = data.get("title", board.name)
    leds = data["leds"]
    board.led_count = leds["count"]
    board.order = leds.get("order", "GRB")
    board.pin = leds["pin"]
    board.i2c = data["i2c"]
    board.chips = sorted(parse_chip(c) for c in data["chips"])
    board.power = data["power"]
    board.brightness_cap = brightness_cap(board.power, board.led_count)
    spots = data["spots"]
    n = len(spots)
    board.count = n
    # A name is interned (one copy shared with the data tables and saves that hold it) unless
    # it ends in a number: doom_3, terror_0, rlyeh_1, pad_07, seat2_pip5 are slots of a row
    # the code reaches by number, held by no data table; a name stays in RAM for good, and
    # AH2e's 41 such names were what took it past a 7,696-byte name pool on the chip.
    board.spot_names = [d["name"] if d["name"][-1:].isdigit() else intern(d["name"])
                        for d in spots]
    board._by_name = {}  # name -> spot index (lights, pads find it)
    # index(name): the spot's place in board order, or None. The dict's own get, so a look-up
    # is one call into C with no Python frame (a repaint makes ~100 of them; a method around
    # it cost ~35 us each on the emulated chip, the list's own search ~70 us and made a
    # repaint ~35 ms slower, a search in Python by name order ~420 us)
    board.index = board._by_name.get
    # spot k's LEDs: led_list[led_start[k]:led_start[k + 1]] (none for a sensor-only spot)
    board.led_start = array("H", [0] * (n + 1))
    board.led_list = array("H")
    board._pad = bytearray(n)  # spot k -> 1 + (chip - FIRST_CHIP) * 16 + electrode (0: none)
    board._xy = array("h", [0] * (2 * n))
    # chip 0x5A..0x5D, electrode 0..15 -> spot index + 1 (0: no spot), one byte each
    board._by_pad = bytearray(16 * (LAST_CHIP - FIRST_CHIP + 1))
    for k in range(n):
        d = spots[k]
        board._by_name[board.spot_names[k]] = k
        for i in d["leds"]:
            board.led_list.append(i)
        board.led_start[k + 1] = len(board.led_list)
        pad = d["pad"]
        if pad:
            at = (parse_chip(pad[0]) - FIRST_CHIP) * 16 + pad[1]
            board._pad[k] = at + 1
            board._by_pad[at] = k + 1
        board._xy[2 * k] = d["xy"][0]
        board._xy[2 * k + 1] = d["xy"][1]
    return errors
