"""The terminal board (host only): readable codes with a legend, letters for what a light means,
a pulse visible in 256- and 16-colour terminals, AH2e in 80 columns and 16 lines."""

from arkham_host import boardfile, boardview
from arkham_host.boardsymbols import symbol_for


def test_codes_are_unique_and_the_legend_names_every_spot():
    for name in ("ah2e", "bringup", "ritual", "final-hour"):
        b = boardfile.load(name)
        codes = boardview.codes(b, 2)
        assert len(set(codes.values())) == len(b.spots), name
        assert all(len(c) <= 2 for c in codes.values()), name
        text = "\n".join(boardview.legend(b, 80))
        assert all(s.name in text for s in b.spots), name


def test_ah2e_fits_80_columns_in_16_lines():
    b = boardfile.load("ah2e")
    lines = boardview.render(b, {}, set(), None, "plain", 80)
    assert len(lines) <= 16 and all(len(line) <= 80 for line in lines)


def test_lights_are_letters_not_colour_alone():
    b = boardfile.load("ah2e")
    sym = symbol_for("ah2e")
    lit = {"rivertown": [204, 121, 167], "doom_3": [204, 121, 167], "northside": [0, 30, 45]}
    text = "\n".join(boardview.render(b, lit, {"rivertown"}, None, "plain", 80, (), sym))
    codes = boardview.codes(b, 2)
    assert "G" + codes["rivertown"].upper() in text  # a gate, and a token (capitals)
    assert "D" + codes["doom_3"] in text  # the same colour on the doom track: doom
    assert ">" + codes["northside"] in text  # a dim phase of the `go` pulse


def test_a_pulse_is_visible_in_256_and_16_colours():
    high, low = (0, 60, 90), (0, 12, 18)  # the `go` pulse at its top and near its bottom
    for mode in ("256", "16"):
        assert boardview._bg(high, mode) != boardview._bg(low, mode), mode
        assert boardview._bg(low, mode) != boardview._bg((0, 0, 0), mode), mode
    assert boardview.colour_mode({"TERM": "xterm"}) == "16"
    assert boardview.colour_mode({"TERM": "xterm-256color"}) == "256"


def test_find_a_spot_by_name_or_code():
    b = boardfile.load("ah2e")
    assert boardview.find(b, "Independence") == "independence_square"
    assert boardview.find(b, "rivertown") == "rivertown"
    assert boardview.find(b, "nowhere at all") is None
