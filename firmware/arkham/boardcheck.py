"""The board map checks (arkham.boardmap.validate): every problem, naming the spot, so a maker
fixes the file in one go. Loaded only while a map is checked."""

from arkham.boardmap import ELECTRODES, FIRST_CHIP, LAST_CHIP, _budget_ma, chip_name, parse_chip


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


def _check_spot(spots, i, count, chips, seen, led_owner, pad_owner, errors):
    # owners map an LED / chip*16+electrode to the index of the spot that has it (small ints:
    # this runs at boot on a 96 KB heap)
    s = spots[i]
    if not isinstance(s, dict):
        errors.append("spots[%d]: must be an object" % i)
        return
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
    seen = {}  # type: dict[str, bool]
    led_owner = {}  # type: dict[int, int]
    pad_owner = {}  # type: dict[int, int]
    for i in range(len(spots)):
        _check_spot(spots, i, count, chips, seen, led_owner, pad_owner, errors)
    return errors
