"""The terminal board (host only): readable codes with a legend, letters for what a light means,
a pulse visible in 256- and 16-colour terminals, AH2e in 80 columns and 16 lines."""

from arkham_host.device import boardfile
from arkham_host.table import board_text
from arkham_host.table.boardsymbols import symbol_for


def test_codes_are_unique_and_the_legend_names_every_spot():
    for name in ("ah2e", "bringup", "ritual", "final-hour"):
        b = boardfile.load(name)
        codes = board_text.codes(b, 2)
        assert len(set(codes.values())) == len(b.spots), name
        assert all(len(c) <= 2 for c in codes.values()), name
        text = "\n".join(board_text.legend(b, 80))
        assert all(s.name in text for s in b.spots), name


def test_ah2e_fits_80_columns_in_16_lines():
    b = boardfile.load("ah2e")
    lines = board_text.render(b, {}, set(), None, "plain", 80)
    assert len(lines) <= 16 and all(len(line) <= 80 for line in lines)


def test_lights_are_letters_not_colour_alone():
    b = boardfile.load("ah2e")
    sym = symbol_for("ah2e")
    lit = {"rivertown": [204, 121, 167], "doom_3": [204, 121, 167], "northside": [0, 30, 45]}
    text = "\n".join(board_text.render(b, lit, {"rivertown"}, None, "plain", 80, (), sym))
    codes = board_text.codes(b, 2)
    assert "G" + codes["rivertown"].upper() in text  # a gate, and a token (capitals)
    assert "D" + codes["doom_3"] in text  # the same colour on the doom track: doom
    assert ">" + codes["northside"] in text  # a dim phase of the `go` pulse


def test_a_pulse_is_visible_in_256_and_16_colours():
    high, low = (0, 60, 90), (0, 12, 18)  # the `go` pulse at its top and near its bottom
    for mode in ("256", "16"):
        assert board_text._bg(high, mode) != board_text._bg(low, mode), mode
        assert board_text._bg(low, mode) != board_text._bg((0, 0, 0), mode), mode
    assert board_text.colour_mode({"TERM": "xterm"}) == "16"
    assert board_text.colour_mode({"TERM": "xterm-256color"}) == "256"


def test_find_a_spot_by_name_or_code():
    b = boardfile.load("ah2e")
    assert board_text.find(b, "Independence") == "independence_square"
    assert board_text.find(b, "rivertown") == "rivertown"
    assert board_text.find(b, "nowhere at all") is None


def _ah2e_spot(name):
    """A spot of the AH2e board where the palette row `name` shows."""
    return {"doom": "doom_3", "doom_empty": "doom_9", "terror": "terror_0",
            "terror_past": "terror_2", "world_gate": "yuggoth_1"}.get(name, "rivertown")


def test_every_ah2e_light_reads_as_its_letter_on_the_sim_and_on_the_chip():
    """Issue 33: the CPython sim showed `?` (the blinking prompt) on empty doom slots, and the
    emulated chip, whose frames are the LED pin's bytes (after gamma and the board's cap),
    showed clues `*`, doom `#`, Yuggoth `!` and terror 0 `M`. Every AH2e palette row at every
    level its animation shows, as asked and as the pin carries it, reads as its own letter."""
    from arkham import boardmap
    from arkham.games.ah2e_scene import PALETTE
    from arkham.hw.pixels import GAMMA, PULSE, level
    from arkham_host.table.boardsymbols import AH2E_LETTERS

    cap = boardmap.load(str(boardfile.board_path("ah2e"))).brightness_cap
    assert cap < 255  # (the chip's colours are capped: the case the letters went wrong)
    same = {("gate", "doom"), ("doom", "gate"), ("terror", "act"), ("act", "terror"),
            ("elder_sign", "won"), ("won", "elder_sign"), ("error", "lost"), ("lost", "error"),
            ("closed", "doom_empty"), ("doom_empty", "closed")}  # one colour, one spot: either
    for wire in (None, cap):
        for name, rgb, anim in PALETTE:
            sym = symbol_for("ah2e", wire)  # (a spot's pulse: from its top down)
            levels = {255} | ({level(PULSE, t) for t in range(0, 2000, 31)}
                              if anim == PULSE else set())
            for lv in sorted(levels, reverse=True):
                c = [x * lv // 255 for x in rgb]
                if wire:
                    c = [GAMMA[x] * wire // 255 for x in c]
                if not any(c):
                    continue  # (a pulse's bottom through the gamma: unlit, drawn `.`)
                got = sym(_ah2e_spot(name), c)
                want = AH2E_LETTERS[name]
                ok = got == want or any(got == AH2E_LETTERS[b] for a, b in same if a == name
                                        and _ah2e_spot(a) == _ah2e_spot(b))
                assert ok, (name, lv, wire, c, got, want)
    sym = symbol_for("ah2e")
    assert sym("doom_9", [24, 24, 24]) == "-" and sym("rivertown", [24, 24, 24]) == "x"
    assert sym("rivertown", [255, 255, 255]) == "?"
    chip = symbol_for("ah2e", cap)
    shown = lambda rgb: [GAMMA[x] * cap // 255 for x in rgb]  # noqa: E731
    assert chip("rivertown", shown((80, 76, 22))) == "c"  # clue (was `*`)
    assert chip("doom_3", shown((204, 121, 167))) == "D"  # doom (was `#`)
    assert chip("yuggoth_1", shown((51, 30, 42))) == "g"  # a gate open to Yuggoth (was `!`)
    assert chip("terror_0", shown((230, 159, 0))) == "T"  # terror 0 (was `M`)


def test_the_ritual_seats_cells_do_not_overlap():
    """Issue 33: the Ritual map's pips share places (seat1_pip7 and seat2_pip1 at one xy), so
    their cells were pushed among other seats', with codes like `sepi`, `sp`, `sep`. A map whose
    places collide is drawn one row per seat (its light, then its pips in order), the codes
    keeping the numbers: seat 3's pip 5 is `s3p5`."""
    b = boardfile.load("ritual")
    for width in (80, 100):
        lines = board_text.render(b, {}, set(), None, "plain", width)
        codes = board_text.codes(b, max(1, board_text.layout(b, width)[1] - 2))
        for seat in range(1, 8):
            row = next(x for x in lines if (".%s " % codes["seat%d" % seat]) in x + " ")
            cells = row.split()
            assert cells == ["." + codes["seat%d" % seat]] + [
                "." + codes["seat%d_pip%d" % (seat, p)] for p in range(1, 8)], (width, row)
        assert all(len(x) <= width for x in lines)
    assert board_text.codes(b, 4)["seat3_pip5"] == "s3p5"
    assert board_text.codes(b, 3)["seat3_pip5"] == "3p5"
