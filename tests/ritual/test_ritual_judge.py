"""The round-end judgement and the Great Old One summoning, rule by rule (AR-JUDGE-*, AR-GOO-2)."""
from arkham.ritual import judge
from arkham.ritual.cards import Cards

RULES = dict(Cards().rules)


def info(slots=None):
    return Cards(slots).info


def test_student_sacrificed_but_loses_one_AR_JUDGE_1():
    i = info({"ally": "student"})
    held = ["student", "book_blue", "knife_red", "elder_sign", "orb"]
    r = judge.judge(held, 5, i, RULES)
    assert r["verdicts"][0] == "student"
    assert r["delta"][0] == -1
    # the student is a victim for the others' count: knife_red (unique red, neither case) dies too
    assert r["verdicts"][2] == "sacrificed"
    assert r["victims"] == 2 and r["delta"][2] == -2


def test_same_kind_artifacts_sacrificed_whatever_colour_AR_JUDGE_2():
    i = info()
    held = ["book_blue", "book_red", "key_blue", "elder_sign", "orb"]
    r = judge.judge(held, 5, i, RULES)
    assert r["case"] == "neither"
    assert r["verdicts"][:2] == ["sacrificed", "sacrificed"]
    assert r["verdicts"][2:] == ["survive", "survive", "survive"]
    assert r["delta"] == [-2, -2, 0, 0, 0]


def test_same_kind_artifacts_sacrificed_with_cultist_or_professor_AR_JUDGE_2():
    held = ["book_blue", "book_blue", "key_red", "cultist", "gate"]
    r = judge.judge(held, 5, info(), RULES)
    assert r["case"] == "cultist" and r["verdicts"][:2] == ["sacrificed", "sacrificed"]
    held = ["book_blue", "book_blue", "key_blue", "mad_professor", "gate"]
    r = judge.judge(held, 5, info({"cult": "mad_professor"}), RULES)
    assert r["case"] == "mad_professor" and r["verdicts"][:2] == ["sacrificed", "sacrificed"]
    assert r["verdicts"][2] == "survive"


def test_mad_professor_only_unique_blue_artifacts_survive_AR_JUDGE_3():
    i = info({"cult": "mad_professor"})
    held = ["key_blue", "clock_red", "mad_professor", "elder_sign", "investigator", "orb"]
    r = judge.judge(held, 6, i, RULES)
    assert r["case"] == "mad_professor"
    assert r["verdicts"] == ["survive"] + ["sacrificed"] * 5
    assert r["victims"] == 5 and r["delta"] == [0, -5, -5, -5, -5, -5]


def test_cultist_unique_blue_dies_unique_red_lives_AR_JUDGE_4():
    i = info()
    held = ["key_blue", "clock_red", "cultist", "elder_sign", "gate"]
    r = judge.judge(held, 5, i, RULES)
    assert r["case"] == "cultist"
    assert r["verdicts"] == ["sacrificed", "survive", "sacrificed", "sacrificed", "survive"]
    assert r["delta"] == [-3, 0, -3, -3, 0]


def test_cultist_judgement_needs_no_mad_professor_AR_JUDGE_4():
    """With both (only possible with custom slots data) the Mad Professor's column applies."""
    i = dict(info())
    i.update(info({"cult": "mad_professor"}))
    held = ["key_blue", "clock_red", "cultist", "mad_professor", "orb"]
    r = judge.judge(held, 5, i, RULES)
    assert r["case"] == "mad_professor"
    assert r["verdicts"] == ["survive", "sacrificed", "sacrificed", "sacrificed", "sacrificed"]


def test_neither_blue_lives_red_dies_investigator_heals_AR_JUDGE_5():
    i = info()
    held = ["key_blue", "clock_red", "investigator", "gate", "orb"]
    r = judge.judge(held, 5, i, RULES)
    assert r["case"] == "neither"
    assert r["verdicts"] == ["survive", "sacrificed", "survive", "sacrificed", "survive"]
    assert r["delta"] == [0, -2, 1, -2, 0]


def test_two_gates_are_not_unique_AR_JUDGE_5():
    """Our reading: a card shared by two holders is not unique, so neither survives."""
    held = ["gate", "gate", "key_blue", "elder_sign", "orb"]
    r = judge.judge(held, 5, info(), RULES)
    assert r["verdicts"][:2] == ["sacrificed", "sacrificed"]


def test_dummies_hold_cards_but_lose_nothing_AR_JUDGE_6():
    i = info()
    # 3 seats + 2 dummies; the dummy's book makes seat 1's book non-unique
    held = ["book_blue", "key_blue", "clock_red", "book_red", "knife_red"]
    r = judge.judge(held, 3, i, RULES)
    assert r["verdicts"][0] == "sacrificed"  # resonance with a dummy
    assert len(r["delta"]) == 3
    assert r["victims"] == 2  # seat 1 and seat 3; the dummies are not counted
    assert r["delta"] == [-2, 0, -2]
    rules = dict(RULES, dummies_are_victims=True)  # the option in the data
    r = judge.judge(held, 3, i, rules)
    assert r["victims"] == 4 and r["delta"] == [-4, 0, -4]


def test_summon_replaces_judgement_AR_GOO_2():
    i = info()
    r = judge.summon("cthulhu", 2, 5, 5, i, RULES)
    assert r["case"] == "summon"
    assert r["verdicts"] == ["sacrificed", "survive", "sacrificed", "sacrificed", "sacrificed"]
    assert r["delta"] == [-4, 0, -4, -4, -4]
    r = judge.summon("cthulhu", 5, 5, 3, i, RULES)  # a dummy holds Cthulhu
    assert r["delta"] == [-3, -3, -3]


def test_other_goo_effects_are_data_AR_GOO_2():
    i = info({"goo": "hastur"})
    i["hastur"] = dict(i["hastur"], summon={"victims": "holder", "loss": 2})
    r = judge.summon("hastur", 1, 5, 5, i, RULES)
    assert r["delta"] == [-2, 0, 0, 0, 0]
    i["hastur"] = dict(i["hastur"], summon={"victims": "all", "loss": "victims"})
    r = judge.summon("hastur", 1, 4, 4, i, RULES)
    assert r["delta"] == [-4, -4, -4, -4]
