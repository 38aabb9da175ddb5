"""One `legal` format for every game (numbered options, a readable label each), `state` for
every game, the console's status view drawn from it, and names typed in any case."""

import pytest

from arkham_host.session.console import canonical, did_you_mean, game_names, status_lines

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


def test_tab_completes_what_the_word_can_be_each_once():
    """Issue 33: Tab after `act mo` offered internal words (mod_spell_casting_modifier,
    monster_id_monster_on), mythos card names as places, and duplicates. After `act`: the rules
    core's verbs; a `key=` value: what the key names; each word once."""
    from arkham_host.device import boardfile
    from arkham_host.session.console import completions

    class Session:
        game = "ah2e"
        verbs = ["act", "board", "legal", "ok", "state", "status"]
        spots = sorted(s.name for s in boardfile.load("ah2e").spots)
        chips = ["0x5A"]
        names = game_names("ah2e")

    s = Session()
    assert completions("act mo", s) == ("mo", ["monster_appears", "move", "move_monster",
                                               "move_to"])
    assert completions("#12 act mo", s)[1] == completions("act mo", s)[1]
    typed, words = completions("act move to=", s)
    assert typed == "" and words == sorted(set(s.spots)), words  # places only
    assert completions("act move to=ea", s) == ("ea", ["easttown"])
    assert completions("act draw_monster kind=cul", s) == ("cul", ["cultist"])
    assert completions("act effect item=tom", s) == ("tom", ["tommy_gun"])
    assert completions("act effect inv=0 cl", s) == ("cl", ["clues="])
    assert completions("st", s) == ("st", ["state", "status"])
    for text in ("ok ri", "act effect inv=0 item=", "act mo", "act move to="):
        words = completions(text, s)[1]
        assert len(words) == len(set(words)), text
    assert not [n for n in game_names("ah2e") if n in ("monster_id_monster_on", "no_item")]
