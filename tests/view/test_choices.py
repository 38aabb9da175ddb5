"""The page's buttons from a `legal` reply (issue 30): grouped the way a player thinks, each in
the players' words, with the seat whose choice it is."""

from arkham_host.view import choices


def test_ah2e_labels_become_grouped_buttons_in_the_players_words():
    labels = ["1 upkeep inv=0", "2 upkeep inv=0 sliders=0,1,1", "3 move inv=0 to=northside",
              "4 end_move inv=0", "5 fight inv=0", "6 roll inv=0 successes=1"]
    got = choices.groups("ah2e", labels)
    assert [g["group"] for g in got] == ["Upkeep: skill sliders", "Move to…", "Movement",
                                         "Fight / evade", "The dice"]
    texts = [[i["text"] for i in g["items"]] for g in got]
    assert texts[0] == ["Keep the sliders", "Speed/Sneak 0, Fight/Will 1, Lore/Luck 1"]
    assert texts[1:] == [["Northside"], ["End the movement"], ["Fight"], ["1 success"]]
    assert got[1]["items"][0] == {"n": 3, "label": "3 move inv=0 to=northside",
                                  "text": "Northside", "seat": None, "verb": "move"}


def test_whose_choice_final_hour_and_ritual():
    fh = choices.groups("final-hour", ["1 play inv=2 card=12", "2 move inv=1 to=3"])
    assert [(i["text"], i["seat"]) for g in fh for i in g["items"]] == [
        ("Play card 12", 2), ("Location 3", 1)]
    state = {"leader": 1, "nominated": 3}
    rt = choices.groups("ritual", ["1 nominate seat=2", "2 take", "3 pass"], state)
    assert [(i["text"], i["seat"]) for g in rt for i in g["items"]] == [
        ("Seat 2", 1), ("Take", 3), ("Pass", 3)]


def test_an_unknown_verb_still_gets_a_button_last():
    got = choices.groups("ah2e", ["1 trade inv=0 with=1", "2 fight inv=0"])
    assert [g["group"] for g in got] == ["Fight / evade", "Trade"]
    assert got[1]["items"][0]["text"] == "Trade: with 1"
