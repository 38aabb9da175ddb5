"""load.pick reads only a game's part of the data files; it must give what json.load gives."""
from arkham.fh import load


def test_pick_matches_the_whole_file():
    whole = load.read("game")
    assert load.ANCIENT_ONES == tuple(sorted(whole["ancient_ones"]))
    for ao in load.ANCIENT_ONES:
        for level in ("easy", "normal", "hard"):
            want = {"ancient_ones": {ao: {"special": 1, level: 1, "bands": 1, "reckoning": 1}}}
            for k in load.GAME_KEYS:
                want[k] = 1
            got = load.pick("game", want)
            assert set(got) == set(load.GAME_KEYS) | {"ancient_ones"}
            for k in load.GAME_KEYS:
                assert got[k] == whole[k]
            a = whole["ancient_ones"][ao]
            assert got["ancient_ones"] == {ao: {"special": a["special"], level: a[level],
                                                "bands": a["bands"],
                                                "reckoning": a["reckoning"]}}
    assert load.pick("board", {"locations": 1}) == {"locations": load.read("board")["locations"]}
    assert load.pick("game", {"about": 1, "sources": 1}) == {
        "about": whole["about"], "sources": whole["sources"]}
