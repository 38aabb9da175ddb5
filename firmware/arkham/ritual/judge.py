"""Round-end judgement (AR-JUDGE-1..6) and Great Old One summoning (AR-GOO-2). Pure functions.

held: the face each holder holds, seats first (1..n), then dummies. Result:
  {"case": "neither"|"cultist"|"mad_professor"|"summon", "goo": face (summon only),
   "verdicts": ["survive"|"sacrificed"|"student", ... per holder],
   "victims": int, "delta": [sanity change per seat]}
"""

SURVIVE = "survive"
SACRIFICED = "sacrificed"
STUDENT = "student"


def _case(held, info):
    cases = [info[f].get("case") for f in held]
    if "mad_professor" in cases:  # the seed's Cultist column needs "no Mad Professor"
        return "mad_professor"
    if "cultist" in cases:
        return "cultist"
    return "neither"


def _verdict(face, unique, case, info):
    i = info[face]
    if i.get("student"):
        return STUDENT  # AR-JUDGE-1
    if i["type"] == "artifact" and not unique:
        return SACRIFICED  # AR-JUDGE-2: same kind, whatever colour, in every case
    if i.get("never_survives"):
        return SACRIFICED
    colour = i.get("colour")
    if case == "mad_professor":  # AR-JUDGE-3
        return SURVIVE if i["type"] == "artifact" and colour == "blue" else SACRIFICED
    if case == "cultist":  # AR-JUDGE-4
        return SURVIVE if unique and colour == "red" else SACRIFICED
    return SURVIVE if unique and colour == "blue" else SACRIFICED  # AR-JUDGE-5


def _losses(verdicts, seated, rules, student_loss):
    victims = 0
    for h in range(len(verdicts)):
        if verdicts[h] != SURVIVE and (h < seated or rules["dummies_are_victims"]):
            victims += 1  # AR-JUDGE-6: dummies hold cards but, by default, are not counted
    delta = []
    for h in range(seated):
        v = verdicts[h]
        if v == SACRIFICED:
            delta.append(-victims)
        elif v == STUDENT:
            delta.append(-student_loss)
        else:
            delta.append(0)
    return victims, delta


def judge(held, seated, info, rules):
    kinds = {}
    for f in held:
        k = info[f]["kind"]
        kinds[k] = kinds.get(k, 0) + 1
    case = _case(held, info)
    verdicts = [_verdict(f, kinds[info[f]["kind"]] == 1, case, info) for f in held]
    victims, delta = _losses(verdicts, seated, rules, rules["student_loss"])
    for h in range(seated):
        if verdicts[h] == SURVIVE:
            delta[h] = info[held[h]].get("heal", 0)  # the Investigator regains sanity
    return {"case": case, "verdicts": verdicts, "victims": victims, "delta": delta}


def summon(goo, holder, holders, seated, info, rules):
    """AR-GOO-2: only the Great Old One's effect. holder: 1-based holder index."""
    eff = info[goo]["summon"]
    who = eff["victims"]
    verdicts = []
    for h in range(1, holders + 1):
        if who == "all":
            hit = True
        elif who == "holder":
            hit = h == holder
        else:  # "all_but_holder"
            hit = h != holder
        verdicts.append(SACRIFICED if hit else SURVIVE)
    loss = eff["loss"]
    victims, delta = _losses(verdicts, seated, rules, 0)
    if loss != "victims":
        delta = [(-loss if v == SACRIFICED else 0) for v in verdicts[:seated]]
    return {"case": "summon", "goo": goo, "holder": holder, "verdicts": verdicts,
            "victims": victims, "delta": delta}
