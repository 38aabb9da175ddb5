"""Board map: which LEDs and which MPR121 electrode belong to each spot of one table.

`hardware/boards/<name>.json` is loaded at boot; the same game then runs on tables wired
differently. `validate(data)` lists every problem (naming the spot) so a maker fixes the file in
one go; `BoardMap(data)` refuses a bad map. Format: docs/design.md, "Board map".
"""
import json

# MPR121 addresses: ADDR pin to GND, VDD, SDA, SCL gives 0x5A, 0x5B, 0x5C, 0x5D.
FIRST_CHIP = 0x5A
LAST_CHIP = 0x5D
ELECTRODES = 12  # ELE0..ELE11 per chip (ELE12 is the chip's proximity channel, not a pad)


class BoardMapError(ValueError):
    """A board map that cannot be used; .errors lists every problem."""

    def __init__(self, errors):
        self.errors = errors
        super().__init__("bad board map: " + "; ".join(errors))


def chip_name(addr):
    return "0x%02X" % addr


def parse_chip(v):
    """'0x5A' (any case) or an int -> int address, or None if it is not one."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        s = v.strip().lower()
        if s.startswith("0x") and len(s) > 2:
            try:
                return int(s[2:], 16)
            except ValueError:
                return None
    return None


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v):
    return (isinstance(v, int) or isinstance(v, float)) and not isinstance(v, bool)


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
            errors.append("missing field leds.pin (e.g. \"GP16\")")
        order = leds.get("order", "GRB")
        if not isinstance(order, str) or sorted(order) != ["B", "G", "R"]:
            errors.append("leds.order must be an arrangement of R, G and B, not %r" % (order,))
    i2c = data.get("i2c")
    if not isinstance(i2c, dict):
        errors.append("missing field 'i2c' ({sda, scl, freq})")
    else:
        for k in ("sda", "scl"):
            if not isinstance(i2c.get(k), str):
                errors.append("missing field i2c.%s (e.g. \"GP4\")" % k)
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
                errors.append("chips: %r is not an address like \"0x5A\"" % (v,))
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
            if not _is_num(power.get(k)) or power[k] < 0:
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
                errors.append("%s: pad chip %r is not an address like \"0x5A\"" % (where, pad[0]))
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
    errors = []
    if not isinstance(data, dict):
        return ["a board map is a JSON object"]
    count, chips = _check_top(data, errors)
    spots = data.get("spots")
    if not isinstance(spots, list) or not spots:
        errors.append("missing field 'spots' (a non-empty list)")
        return errors
    seen = {}
    led_owner = {}
    pad_owner = {}
    for i in range(len(spots)):
        _check_spot(spots, i, count, chips, seen, led_owner, pad_owner, errors)
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


class Spot:
    __slots__ = ("name", "leds", "chip", "electrode", "x", "y")

    def __init__(self, d):
        self.name = d["name"]
        self.leds = tuple(d["leds"])
        pad = d["pad"]
        self.chip = parse_chip(pad[0]) if pad else None
        self.electrode = pad[1] if pad else None
        self.x = d["xy"][0]
        self.y = d["xy"][1]

    def __repr__(self):
        return "Spot(%r)" % self.name


class BoardMap:
    def __init__(self, data):
        errors = validate(data)
        if errors:
            raise BoardMapError(errors)
        self.name = data["name"]
        self.title = data.get("title", self.name)
        leds = data["leds"]
        self.led_count = leds["count"]
        self.order = leds.get("order", "GRB")
        self.pin = leds["pin"]
        self.i2c = data["i2c"]
        self.chips = sorted(parse_chip(c) for c in data["chips"])
        self.power = data["power"]
        self.brightness_cap = brightness_cap(self.power, self.led_count)
        self.spots = [Spot(s) for s in data["spots"]]
        self._by_name = {}
        self._by_pad = {}
        for s in self.spots:
            self._by_name[s.name] = s
            if s.chip is not None:
                self._by_pad[(s.chip, s.electrode)] = s.name

    def spot(self, name):
        return self._by_name.get(name)

    def pad_spot(self, chip, electrode):
        return self._by_pad.get((chip, electrode))

    def names(self):
        """Spot names in board (drawing) order."""
        return [s.name for s in self.spots]


def load(path):
    """Read and validate a board map file; raises BoardMapError (with the path) if bad."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError:
        raise BoardMapError(["cannot read %s" % path])
    except ValueError:
        raise BoardMapError(["%s is not valid JSON" % path])
    try:
        return BoardMap(data)
    except BoardMapError as e:
        raise BoardMapError([path + ": " + m for m in e.errors])
