"""One `legal` format for every game (numbered options, a readable label each), `state` for
every game, the console's status view drawn from it, and names typed in any case."""

import pytest

from arkham_host.console import canonical, did_you_mean, game_names, status_lines

GAMES = [("ah2e", "ah2e"), ("ritual", "ritual"), ("final-hour", "final-hour")]


def _setup_done(table, game):
    if game == "ah2e":
        table.ok("ok")  # the setup prompts, confirmed from the console


@pytest.mark.parametrize("game,board", GAMES)
def test_legal_is_numbered_with_a_label_and_state_answers(table_factory, game, board):
    table = table_factory(game=game, board=board)
    _setup_done(table, game)
    r = table.ok("legal", timeout=20)
    # (Final Hour starts with a seat choosing a priority card: its hand is a private reply)
    legal = r["view"]["legal"] if "private" in r else r["legal"]
    assert legal, "no legal action at the start of %s" % game
    for n, item in enumerate(legal, 1):
        assert isinstance(item, str), item
        number, _, text = item.partition(" ")
        assert number == str(n) and text and text[0].isalpha(), item
    st = table.ok("state")
    assert st.get("phase"), st
    lines = status_lines(game, st)
    assert lines[0].startswith(game) and "phase %s" % st["phase"] in lines[0], lines


def test_ah2e_state_shows_monsters_by_area_and_the_doom_track(table_factory):
    table = table_factory(game="ah2e", board="ah2e")
    _setup_done(table, "ah2e")
    st = table.ok("state")
    assert isinstance(st["monsters"], dict), st
    for area, kinds in st["monsters"].items():
        assert area not in ("cup", "box") and kinds and all(isinstance(k, str) for k in kinds)
    lines = "\n".join(status_lines("ah2e", st))
    assert "doom %s/" % st["doom"] in lines and "/?" not in lines.split("\n")[0], lines
    assert "monsters:" in lines and "outskirts:" in lines and "sky:" in lines, lines
    for inv in st["investigators"]:
        assert inv["name"] in lines, lines


def test_status_in_the_final_battle_names_the_ancient_ones_attack():
    st = {"ok": True, "phase": "final", "turn": 9, "doom": 13, "terror": 4, "ao": "cthulhu",
          "gates": [], "monsters": {}, "investigators": [], "final": {"round": 2, "pool": 1}}
    text = "\n".join(status_lines("ah2e", st))
    assert "final battle: round 2" in text and "cthulhu: combat check -6" in text, text
    assert "doom 13/13" in text, text


def test_status_numbers_the_awaited_investigator_as_its_list_does():
    """Issue 33: `status` listed "1. jenny_barnes" and said "waits for: inv=0 k=upkeep"."""
    st = {"ok": True, "phase": "upkeep", "turn": 1, "doom": 1, "terror": 0, "gates": [],
          "monsters": {}, "need": {"inv": 0, "k": "upkeep"},
          "investigators": [{"name": "jenny_barnes", "at": "train_station"},
                            {"name": "joe_diamond", "at": "police_station"}]}
    lines = status_lines("ah2e", st)
    assert "  the table waits for: 1. jenny_barnes: upkeep" in lines, lines
    assert "inv=0" not in "\n".join(lines)
    st["need"] = {"inv": 1, "k": "move", "mp": 3}
    assert "  the table waits for: 2. joe_diamond: move (mp=3)" in status_lines("ah2e", st)
    st["need"] = {"k": "mythos"}
    assert "  the table waits for: mythos" in status_lines("ah2e", st)


def test_fh_state_names_every_investigator_and_gate(table_factory):
    table = table_factory(game="final-hour", board="final-hour")
    st = table.ok("state")
    assert len(st["investigators"]) >= 2 and all(i["at"] for i in st["investigators"]), st
    assert st["gates"] and all(" at location_" in g for g in st["gates"]), st


def test_names_in_any_case_and_did_you_mean():
    names = game_names("ah2e")
    assert "rivertown" in names and "amanda_sharpe" in names
    assert canonical("act move to=RiverTown", names) == "act move to=rivertown"
    assert canonical("act move to=nowhere", names) == "act move to=nowhere"
    assert did_you_mean("act move to=rivertwn", names, ["act", "move"]) == ["rivertown"]
    assert did_you_mean("act move to=rivertown", names, ["act", "move"]) == []
