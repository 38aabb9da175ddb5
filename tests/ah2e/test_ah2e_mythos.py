"""The Mythos phase: gates, surges, clues, monster movement, limits and terror
(AH-MYTH, AH-GATE, AH-CLUE, AH-MON, AH-LIMIT, AH-TERROR), with the seed's two worked examples."""
from ah2e_helpers import bad, clear_board, fill, game, names, ok, open_gate, put, to_need

# 7 investigators whose homes are away from the gates used below
SEVEN = ["jenny_barnes", "joe_diamond", "amanda_sharpe", "ashcan_pete", "bob_jenkins",
         "carolyn_fern", "darrell_simmons"]


def at_mythos(n=2, **kw):
    g = game(n, **kw)
    to_need(g, "draw_mythos")
    clear_board(g)
    return g


def placed(ev, why=None):
    out = {}
    for e in names(ev, "monster_moved"):
        if e["frm"] == "cup" and (why is None or e["why"] == why):
            out[e["to"]] = out.get(e["to"], 0) + 1
    return out


def test_card_resolves_gate_clue_movement_ability_in_order_AH_MYTH_1():
    """AH-MYTH-1: gate and monsters, clue, monster movement, mythos ability."""
    g = at_mythos(2)
    ev = ok(g, {"a": "draw_mythos", "card": "blue_flu"})  # gate the_unnamable, clue woods
    ev += ok(g, {"a": "draw_gate", "world": "yuggoth"})
    ev += ok(g, {"a": "draw_monster", "kind": "ghoul"})
    kinds = [e["ev"] for e in ev]
    order = [kinds.index(k) for k in ("mythos", "gate_opened", "clue_placed", "monsters_move",
                                      "headline")]
    assert order == sorted(order)


def test_headline_goes_to_the_bottom_AH_MYTH_2():
    g = at_mythos(2)
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    to_need(g, "upkeep")
    assert g.s["deck"][-1] == g.d.card_id("blue_flu")


def test_one_environment_old_one_to_the_bottom_AH_MYTH_3():
    g = at_mythos(2)  # the setup card heat_wave is the environment in play
    assert g.s["env"] == g.d.card_id("heat_wave")
    ok(g, {"a": "draw_mythos", "card": "icy_conditions"})
    to_need(g, "upkeep")
    assert g.s["env"] == g.d.card_id("icy_conditions")
    assert g.s["deck"][-1] == g.d.card_id("heat_wave")


def test_second_rumor_resolves_all_but_ability_AH_MYTH_4():
    g = at_mythos(2)
    ok(g, {"a": "draw_mythos", "card": "the_great_ritual"})
    to_need(g, "upkeep")
    assert g.s["rumor"] == g.d.card_id("the_great_ritual")
    to_need(g, "draw_mythos")
    ev = ok(g, {"a": "draw_mythos", "card": "good_work_undone"})  # gate unvisited_isle
    ev += ok(g, {"a": "draw_gate", "world": "abyss"})
    ev += ok(g, {"a": "draw_monster", "kind": "witch"})
    assert names(ev, "gate_opened")[0]["at"] == "unvisited_isle"
    assert names(ev, "monsters_move") and names(ev, "rumor_ignored")
    assert g.s["rumor"] == g.d.card_id("the_great_ritual")
    assert g.s["deck"][-1] == g.d.card_id("good_work_undone")
    ok(g, {"a": "rumor", "result": "passed"})
    assert g.s["rumor"] is None


def test_elder_sign_stops_gate_and_monster_AH_GATE_1():
    g = at_mythos(2)
    g.s["signs"] = ["the_unnamable"]
    doom = g.s["doom"]
    ev = ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    assert names(ev, "no_gate") and "the_unnamable" not in g.s["gates"]
    assert g.s["doom"] == doom and not placed(ev)


def test_surge_example_2_3_2_AH_GATE_2():
    """AH-GATE-2, the seed's example: gates A, B, C open, 7 investigators, surge at B:
    A gets 2, B gets 3, C gets 2; no doom, no new gate."""
    g = at_mythos(investigators=SEVEN)
    open_gate(g, "woods", "abyss")  # A
    open_gate(g, "independence_square", "yuggoth")  # B
    open_gate(g, "the_unnamable", "dreamlands")  # C
    doom = g.s["doom"]
    ev = ok(g, {"a": "draw_mythos", "card": "big_storm_sweeps_arkham"})  # gate independence sq.
    assert names(ev, "surge")[0]["n"] == 7
    for kind in ["ghoul"] * 3 + ["dark_young"] * 3 + ["formless_spawn"]:
        ev += ok(g, {"a": "draw_monster", "kind": kind})
    assert placed(ev, "surge") == {"woods": 2, "independence_square": 3, "the_unnamable": 2}
    assert g.s["doom"] == doom and len(g.s["gates"]) == 3


def test_surge_spread_rule_AH_GATE_2():
    """Every prefix of the proposal is a valid spread; the checker refuses uneven ones."""
    from arkham.ah2e import mythos

    assert mythos.surge_ok({"a": 2, "b": 3, "c": 2}, "b", 7)
    assert not mythos.surge_ok({"a": 3, "b": 3, "c": 1}, "b", 7)  # not as even as possible
    assert not mythos.surge_ok({"a": 3, "b": 2, "c": 2}, "b", 7)  # surge gate gets fewer
    assert not mythos.surge_ok({"a": 2, "b": 3, "c": 2}, "b", 8)  # one of the 8 not placed
    g = at_mythos(2)
    for loc, w in (("woods", "abyss"), ("graveyard", "yuggoth"), ("black_cave", "rlyeh")):
        open_gate(g, loc, w)
    ev = ok(g, {"a": "draw_mythos", "card": "ill_wind_grips_arkham"})  # gate graveyard
    plan = names(ev, "surge")[0]
    assert plan["n"] == 3 and plan["plan"] == {"woods": 1, "graveyard": 1, "black_cave": 1}


def test_surge_limited_by_monster_limit_rest_to_outskirts_AH_GATE_2():
    g = at_mythos(investigators=SEVEN)  # limit 10, outskirts limit 1
    open_gate(g, "woods", "abyss")
    open_gate(g, "independence_square", "yuggoth")
    open_gate(g, "the_unnamable", "dreamlands")
    fill(g, ("northside", "downtown", "easttown", "rivertown", "southside", "uptown"))  # 6 on the board: room for 4
    ok(g, {"a": "draw_mythos", "card": "strange_power_flux_plagues_city"})  # gate: indep. sq.
    ev = []
    for kind in ["ghoul"] * 3 + ["dark_young"] * 3 + ["witch"]:
        ev += ok(g, {"a": "draw_monster", "kind": kind})
    # the 4 that fit are spread from the surging gate: 2/1/1; the 5th goes to the Outskirts,
    # the 6th overflows them (terror +1), the 7th is alone there
    assert placed(ev, "surge") == {"independence_square": 2, "the_unnamable": 1, "woods": 1}
    assert names(ev, "outskirts_overflow") and g.s["terror"] == 1
    assert g.s["mon"].count("outskirts") == 1


def test_new_gate_adds_doom_and_monsters_AH_GATE_3():
    """AH-GATE-3: +1 doom, a gate marker, 1 monster (2 with 5+ investigators)."""
    for n, want in ((4, 1), (5, 2)):
        g = at_mythos(n)
        doom = g.s["doom"]
        ok(g, {"a": "draw_mythos", "card": "blue_flu"})
        ev = ok(g, {"a": "draw_gate", "world": "yuggoth"})
        assert g.s["doom"] == doom + 1 and g.s["gates"]["the_unnamable"] >= 0
        for _ in range(want):
            assert g.need()["k"] == "draw_monster"
            ev += ok(g, {"a": "draw_monster", "kind": "zombie"})
        assert placed(ev) == {"the_unnamable": want}


def test_gate_opening_discards_clues_draws_investigators_AH_GATE_4():
    g = at_mythos(2)
    g.s["inv"][0]["at"] = "the_unnamable"
    m = put(g, "ghost", "the_unnamable")
    assert g.s["clues"]["the_unnamable"] == 1
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ev = ok(g, {"a": "draw_gate", "world": "yuggoth"})
    assert "the_unnamable" not in g.s["clues"] and names(ev, "clues_discarded")
    assert g.s["inv"][0]["at"] == "yuggoth_1" and g.s["inv"][0]["delayed"] == 1
    assert g.s["mon"][m] == "the_unnamable"  # monsters stay


def test_monsters_placed_one_at_a_time_under_limits_AH_GATE_5():
    g = at_mythos(5)  # limit 8, two monsters per gate
    fill(g, ("northside", "downtown", "easttown", "rivertown", "southside", "uptown",
                   "french_hill"))
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "yuggoth"})
    ev = ok(g, {"a": "draw_monster", "kind": "zombie"})
    ev += ok(g, {"a": "draw_monster", "kind": "zombie"})
    assert placed(ev) == {"the_unnamable": 1, "outskirts": 1}


def test_clue_appears_unless_gate_and_may_be_taken_AH_CLUE_1():
    g = at_mythos(2)
    g.s["inv"][1]["at"] = "woods"
    before = g.s["clues"].get("woods", 0)
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})  # clue woods
    ok(g, {"a": "draw_gate", "world": "yuggoth"})
    ok(g, {"a": "draw_monster", "kind": "zombie"})
    need = g.need()
    assert need["k"] == "take_clue" and need["who"] == [1]
    assert g.s["clues"]["woods"] == before + 1
    clues = g.s["inv"][1]["clues"]
    ok(g, {"a": "take_clue", "inv": 1})
    assert g.s["inv"][1]["clues"] == clues + 1 and g.s["clues"].get("woods", 0) == before
    # with a gate at the clue location, no clue
    g = at_mythos(2)
    open_gate(g, "woods", "abyss")
    ev = ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ev += ok(g, {"a": "draw_gate", "world": "yuggoth"})
    ev += ok(g, {"a": "draw_monster", "kind": "zombie"})
    assert names(ev, "no_clue")


def _move_card(g, card, world="yuggoth", kind="zombie"):
    to_need(g, "draw_mythos")
    ev = ok(g, {"a": "draw_mythos", "card": card})
    while g.need()["k"] in ("draw_gate", "draw_monster", "take_clue", "die"):
        k = g.need()["k"]
        if k == "draw_gate":
            ev += ok(g, {"a": "draw_gate", "world": world})
        elif k == "draw_monster":
            kinds = [x["kind"] for x in g.legal_actions()]
            ev += ok(g, {"a": "draw_monster", "kind": kind if kind in kinds else "dark_young"})
        elif k == "die":
            break
        else:
            ev += ok(g, {"a": "leave_clue"})
    return ev


def test_white_and_black_arrows_AH_MON_1():
    """AH-MON-1: white box -> white arrow, black box -> black arrow; a location's arrow is
    both colours."""
    g = at_mythos(1)
    a = put(g, "cultist", "northside")
    b = put(g, "cultist", "general_store")
    _move_card(g, "big_storm_sweeps_arkham", kind="ghoul")  # white crescent
    assert g.s["mon"][a] == "downtown" and g.s["mon"][b] == "rivertown"
    g = at_mythos(1)
    a = put(g, "cultist", "northside")
    b = put(g, "cultist", "general_store")
    _move_card(g, "an_evil_fog", kind="ghoul")  # black crescent
    assert g.s["mon"][a] == "merchant_district" and g.s["mon"][b] == "rivertown"


def test_normal_fast_stationary_AH_MON_2():
    g = at_mythos(1)
    g.s["inv"][0]["at"] = "train_station"
    normal = put(g, "elder_thing", "easttown")  # diamond
    fast = put(g, "dimensional_shambler", "easttown")  # square
    still = put(g, "ghost", "southside")  # crescent, stationary
    _move_card(g, "a_strange_plague", kind="ghoul")  # white diamond, square
    assert g.s["mon"][normal] == "rivertown"
    assert g.s["mon"][fast] == "french_hill"
    _move_card(g, "big_storm_sweeps_arkham", kind="ghoul")
    assert g.s["mon"][still] == "southside"


def test_investigators_hold_monsters_AH_MON_3():
    """AH-MON-3: a monster with an investigator doesn't move; a moving one stops on entering."""
    g = at_mythos(2)
    g.s["inv"][0]["at"] = "easttown"
    g.s["inv"][1]["at"] = "rivertown"
    held = put(g, "elder_thing", "easttown")
    fast = put(g, "shoggoth", "downtown")  # fast, diamond: would go 2 steps
    _move_card(g, "a_strange_plague", kind="ghoul")
    assert g.s["mon"][held] == "easttown"
    assert g.s["mon"][fast] == "easttown"  # stopped on entering the investigator's street


def test_flying_monsters_AH_MON_4():
    """AH-MON-4: to an adjacent street with an investigator (lowest Sneak), else the Sky; from
    the Sky onto the street investigator with the lowest Sneak, or stay."""
    g = at_mythos(2)
    g.s["inv"][0]["at"] = "downtown"
    g.s["inv"][1]["at"] = "merchant_district"
    g.s["inv"][0]["sl"][0] = 0  # sneak high
    g.s["inv"][1]["sl"][0] = 3  # sneak low
    b = put(g, "byakhee", "northside")  # circle; next to both streets
    lone = put(g, "byakhee", "woods")  # no investigator in uptown: to the Sky
    _move_card(g, "campus_security_increased", kind="ghoul")  # white circle
    assert g.s["mon"][b] == "merchant_district" and g.s["mon"][lone] == "sky"
    g.s["inv"][1]["at"] = "library"  # locations do not count
    _move_card(g, "campus_security_increased", kind="ghoul")
    assert g.s["mon"][lone] == "downtown"
    g.s["inv"][0]["at"] = "bank_of_arkham"
    g.s["mon"][lone] = "sky"
    _move_card(g, "campus_security_increased", kind="ghoul")
    assert g.s["mon"][lone] == "sky"


def test_unique_monsters_hooks_AH_MON_5():
    """AH-MON-5: hound to the nearest investigator in a location; chthonian rolls; a unique
    kind without a hook stays."""
    g = at_mythos(2)
    g.s["inv"][0]["at"] = "library"
    g.s["inv"][1]["at"] = "st_marys_hospital"  # never chosen by the hound
    h = put(g, "hound_of_tindalos", "uptown")
    _move_card(g, "a_strange_plague", kind="ghoul")  # square in white
    assert g.s["mon"][h] == "library"
    g = at_mythos(2)
    g.s["inv"][0]["at"] = "northside"
    g.s["inv"][1]["at"] = "yuggoth_1"
    put(g, "chthonian", "uptown")
    sta = [v["sta"] for v in g.s["inv"]]
    _move_card(g, "scientist_warns_of_dimensional_rift", kind="ghoul")  # triangle black
    assert g.need() == {"k": "die", "inv": -1, "for": "chthonian"}  # no investigator's roll
    ok(g, {"a": "roll", "die": 5})
    assert g.s["inv"][0]["sta"] == sta[0] - 1 and g.s["inv"][1]["sta"] == sta[1]
    g = at_mythos(1)
    g.ao = dict(g.ao, worshippers={"zombie": {"move": "unique"}})
    z = put(g, "zombie", "northside")
    ev = _move_card(g, "big_storm_sweeps_arkham", kind="ghoul")
    assert g.s["mon"][z] == "northside" and names(ev, "monster_stays")


def test_monster_limit_counts_arkham_and_sky_AH_LIMIT_1():
    from arkham.ah2e import rules

    g = at_mythos(2)
    assert rules.limit(g) == 5
    put(g, "cultist", "sky")
    put(g, "cultist", "woods")
    put(g, "cultist", "outskirts")
    put(g, "cultist", "rlyeh_1")
    assert rules.arkham_count(g) == 2


def test_over_the_limit_to_the_outskirts_AH_LIMIT_2():
    g = at_mythos(1)  # limit 4
    fill(g, ("northside", "downtown", "easttown", "rivertown"))
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "yuggoth"})
    ev = ok(g, {"a": "draw_monster", "kind": "zombie"})
    assert placed(ev) == {"outskirts": 1}


def test_outskirts_overflow_example_AH_LIMIT_3():
    """AH-LIMIT-3, the seed's example: 4 investigators (Outskirts limit 4), 3 there, 4 more:
    the first makes 4; the second overflows: 5 back to the cup, terror +1; the last two make 2."""
    g = at_mythos(4)  # monster limit 7
    open_gate(g, "woods", "abyss")
    fill(g, ("northside", "downtown", "easttown", "rivertown", "southside", "uptown",
               "french_hill"))
    for _ in range(3):
        put(g, "ghoul", "outskirts")
    ok(g, {"a": "draw_mythos", "card": "strange_lights_on_campus"})  # woods: surge of 4
    counts = []
    ev = []
    for kind in ("zombie", "zombie", "witch", "witch"):
        ev += ok(g, {"a": "draw_monster", "kind": kind})
        counts.append(g.s["mon"].count("outskirts"))
    assert counts == [4, 0, 1, 2]
    assert len(names(ev, "outskirts_overflow")[0]["monsters"]) == 5 and g.s["terror"] == 1


def test_terror_removes_an_ally_AH_TERROR_1():
    g = at_mythos(2)
    allies = g.s["allies"]
    ev = ok(g, {"a": "terror", "n": 2})
    assert g.s["allies"] == allies - 2 and len(names(ev, "ally_removed")) == 2


def test_shops_close_at_3_6_9_AH_TERROR_2():
    g = at_mythos(2)
    g.s["inv"][0]["at"] = "general_store"
    m = put(g, "cultist", "general_store")
    ok(g, {"a": "terror", "n": 3})
    assert g.s["closed"] == ["general_store"]
    assert g.s["inv"][0]["at"] == "rivertown" and g.s["mon"][m] == "rivertown"
    ok(g, {"a": "terror", "n": 6})
    assert g.s["closed"] == ["curiositie_shoppe", "general_store", "ye_olde_magick_shoppe"]
    assert bad(g, {"a": "move_to", "inv": 0, "to": "general_store"})


def test_terror_10_lifts_the_limit_AH_TERROR_3():
    from arkham.ah2e import rules

    g = at_mythos(1)
    o = put(g, "cultist", "outskirts")
    g.s["terror"] = 9
    ok(g, {"a": "terror", "n": 1})
    assert g.s["mon"][o] == "cup"
    fill(g, ("northside", "downtown", "easttown", "rivertown", "southside"))
    m = rules.draw_monster(g, "zombie")
    rules.place_monster(g, m, "woods", "test")  # over the normal limit of 4, still on board
    assert g.s["mon"][m] == "woods"


def test_terror_rise_at_10_adds_doom_AH_TERROR_4():
    g = at_mythos(1)
    g.s["terror"] = 10
    doom = g.s["doom"]
    ok(g, {"a": "terror", "n": 1})
    assert g.s["terror"] == 10 and g.s["doom"] == doom + 1


def test_the_story_continues_shuffles_and_draws_again_AH_MYTH_5():
    """The 67th card: every mythos card not in play back into the deck, shuffled; draw again."""
    g = at_mythos(2)  # heat_wave (environment) is in play
    assert g.d.ncards == 67 and g.d.card_id("the_story_continues") in g.s["deck"]
    ev = ok(g, {"a": "draw_mythos", "card": "the_story_continues"})
    assert names(ev, "mythos_shuffled")[0]["cards"] == 66  # all but the environment in play
    assert g.need()["k"] == "draw_mythos" and g.s["doom"] == 1  # no gate, nothing else
    assert g.d.card_id("heat_wave") not in g.s["deck"]
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    # virtual: the deck is reshuffled with the seeded generator and the next card drawn
    g = game(2, chance=["cup", "gates", "dice"])
    clear_board(g)
    story = g.d.card_id("the_story_continues")
    g.s["deck"].remove(story)
    g.s["deck"].insert(0, story)
    plain = g.s["deck"][1:] + [story]  # the deck had it not been shuffled
    need = to_need(g, "draw_gate")
    assert need["k"] == "draw_gate" and story in g.s["deck"]
    assert g.s["deck"] != plain[1:] and len(g.s["deck"]) == 66


def test_players_respread_a_surge_checked_AH_GATE_2():
    """Several spreads allowed (5 monsters, 3 gates): the table proposes one and waits; the
    players' own spread is checked by the code that places the monsters."""
    g = at_mythos(investigators=SEVEN[:5])
    open_gate(g, "woods", "abyss")  # A
    open_gate(g, "independence_square", "yuggoth")  # B
    open_gate(g, "the_unnamable", "dreamlands")  # C
    ok(g, {"a": "draw_mythos", "card": "strange_power_flux_plagues_city"})  # surge at B
    ids = []
    for kind in ["ghoul"] * 3 + ["witch", "witch"]:
        ids += [e["monster"] for e in names(ok(g, {"a": "draw_monster", "kind": kind}),
                                             "monster_drawn")]
    need = g.need()
    assert need["k"] == "surge" and need["at"] == "independence_square"
    plan = need["plan"]
    assert sorted(len(v) for v in plan.values()) == [1, 2, 2] and len(plan["independence_square"]) == 2
    assert g.legal_actions() == [{"a": "spread"}]
    b, a, c = ids[0:4:3], ids[1:5:3], ids[2:3]
    assert "even" in bad(g, {"a": "spread", "plan": {"independence_square": b[:1], "woods": a,
                                                       "the_unnamable": c + b[1:]}})
    assert bad(g, {"a": "spread", "plan": {"independence_square": b, "woods": a}})  # one missing
    assert bad(g, {"a": "spread", "plan": {"independence_square": b, "woods": a,
                                           "northside": c}})  # not a gate
    assert bad(g, {"a": "spread", "plan": {"independence_square": b, "woods": a,
                                           "the_unnamable": c[0]}})  # not a list of monsters
    assert bad(g, {"a": "spread", "plan": [b, a, c]})
    ev = ok(g, {"a": "spread", "plan": {"independence_square": b, "woods": a[:1],
                                        "the_unnamable": c + a[1:]}})
    assert names(ev, "monster_moved")[0]["to"] == "the_unnamable"
    assert g.s["mon"][a[1]] == "the_unnamable" or g.s["mon"][a[1]] != "woods"
    assert "surge" not in g.s
    # one spread only (7 monsters, 3 gates: 3/2/2): no waiting (the seed's example above)


# ---- mythos abilities the core resolves (AH-MON-6, AH-MYTH-4) ---------------------------------
def resolve(g, card, world="abyss", monsters=("ghoul",)):
    """Draw `card` (its gate opens a `world` gate with `monsters`); the events."""
    ev = ok(g, {"a": "draw_mythos", "card": card})
    k = 0
    while g.need() and g.need()["k"] in ("draw_gate", "draw_monster", "take_clue", "die"):
        n = g.need()["k"]
        if n == "draw_gate":
            ev += ok(g, {"a": "draw_gate", "world": world})
        elif n == "draw_monster":
            ev += ok(g, {"a": "draw_monster", "kind": monsters[k % len(monsters)]})
            k += 1
        elif n == "die":
            ev += ok(g, {"a": "roll", "die": 6})
        else:
            ev += ok(g, {"a": "leave_clue"})
    return ev


def test_headlines_return_monsters_by_place_AH_MON_6():
    for card, back, stay in (
            ("church_group_reclaims_southside", ("southside", "mas_boarding_house"),
             ("uptown", "sky")),
            ("feds_raid_arkham", ("southside", "uptown"), ("woods", "sky")),
            ("manhunt_in_arkham", ("woods", "south_church"), ("uptown", "outskirts")),
            ("big_storm_sweeps_arkham", ("sky", "outskirts"), ("uptown", "woods"))):
        g = at_mythos(2)
        g.s["inv"][0]["at"] = g.s["inv"][1]["at"] = "rlyeh_1"  # nobody holds the monsters
        ms = [put(g, "byakhee" if a in ("sky", "outskirts") else "ghost", a)  # ghosts stay
              for a in back + stay]
        ev = resolve(g, card)
        where = [g.s["mon"][m] for m in ms]
        assert where[:2] == ["cup", "cup"], card
        assert "cup" not in where[2:], card
        assert names(ev, "monsters_returned")


def test_monsters_return_by_dimension_AH_MON_6():
    from arkham.ah2e import abilities

    g = at_mythos(1)
    w = put(g, "witch", "woods")  # circle
    b = put(g, "byakhee", "outskirts")  # circle
    z = put(g, "zombie", "uptown")  # crescent
    t = put(g, "warlock", "t0")  # a trophy stays a trophy
    assert sorted(abilities.returned(g, {"symbol": ["circle"]})) == sorted([w, b])
    assert [g.s["mon"][m] for m in (w, b, z, t)] == ["cup", "cup", "uptown", "t0"]


def test_headlines_return_monsters_by_kind_terror_if_any_AH_MON_6():
    g = at_mythos(2)
    g.s["inv"][0]["at"] = g.s["inv"][1]["at"] = "rlyeh_1"
    dy = put(g, "dark_young", "woods")
    z = put(g, "zombie", "uptown")
    resolve(g, "goat_like_creature_spotted_in_woods")
    assert g.s["mon"][dy] == "cup" and g.s["mon"][z] != "cup" and g.s["terror"] == 1
    g = at_mythos(2)
    resolve(g, "goat_like_creature_spotted_in_woods")  # none returned: no terror
    assert g.s["terror"] == 0
    g = at_mythos(2)
    resolve(g, "family_found_butchered")
    assert g.s["terror"] == 1


def test_headline_releases_monsters_in_a_street_AH_MON_6():
    g = at_mythos(2)
    ev = resolve(g, "picnickers_panic", monsters=("ghoul", "zombie", "witch"))
    to = [e["to"] for e in names(ev, "monster_moved") if e["frm"] == "cup"]
    assert to.count("downtown") == 2


def test_environment_in_force_while_in_play_AH_MON_6():
    from arkham.ah2e import rules, turn

    g = at_mythos(1)
    g.s["inv"][0]["at"] = "northside"
    speed = rules.skill(g, 0, "speed")
    resolve(g, "icy_conditions")
    assert to_need(g, "move")["points"] == speed - 1
    g = at_mythos(1)
    resolve(g, "nodens_favor")
    assert turn.seal_cost(g) == 3
    g = at_mythos(1)
    resolve(g, "happy_days_are_here_again")
    ok(g, {"a": "terror", "n": 2})
    assert g.s["terror"] == 0
    g = at_mythos(1)
    cult = put(g, "cultist", "woods")
    zomb = put(g, "zombie", "woods")
    resolve(g, "the_festival")
    assert rules.stat(g, cult, "toughness") == 2 and rules.stat(g, zomb, "toughness") == 1
    resolve_next = at_mythos(1)
    z2 = put(resolve_next, "zombie", "woods")
    resolve(resolve_next, "the_chill_of_the_grave")  # undead +1
    assert rules.stat(resolve_next, z2, "toughness") == 2


def test_icy_conditions_fast_monsters_move_like_normal_evil_fog_fliers_stay_AH_MON_6():
    for env, kind, moved in (("icy_conditions", "shoggoth", "downtown"),
                             ("an_evil_fog", "byakhee", "northside"),
                             ("sunny_and_clear", "shoggoth", "easttown")):
        g = at_mythos(1)
        g.s["inv"][0]["at"] = "rlyeh_1"
        resolve(g, env)
        to_need(g, "draw_mythos")
        m = put(g, kind, "northside")
        resolve(g, "a_strange_plague")  # white: diamond (shoggoth), black: circle (byakhee)
        assert g.s["mon"][m] == moved, env


def test_raining_cats_and_dogs_keeps_fire_vampires_out_AH_MON_6():
    g = at_mythos(1)
    fv = put(g, "fire_vampire", "sky")
    resolve(g, "raining_cats_and_dogs")
    assert g.s["mon"][fv] == "cup"
    to_need(g, "draw_mythos")
    ev = resolve(g, "blue_flu", monsters=("fire_vampire", "ghoul"))
    assert [e["kind"] for e in names(ev, "monster_moved") if e["why"] == "kept_out"] == [
        "fire_vampire"]


def test_rumor_counter_tick_pass_and_fail_AH_MYTH_4():
    g = at_mythos(1)
    resolve(g, "good_work_undone")
    assert g.s["rumor_n"] == 6
    to_need(g, "draw_mythos")
    assert g.s["rumor_n"] == 6  # no tick in the turn it came in
    resolve(g, "blue_flu")  # end of that Mythos phase: two dice, 6 and 6: no token
    assert g.s["rumor_n"] == 6
    assert bad(g, {"a": "rumor", "counter": -7})
    ok(g, {"a": "rumor", "counter": -5})  # players spend clues in Easttown
    ev = ok(g, {"a": "rumor", "counter": -1})
    assert names(ev, "rumor_ends")[0]["result"] == "passed" and g.s["rumor"] is None
    assert "rumab" not in g.s
    # the Stars are Right: a die each Mythos phase, on 1-2 a doom token
    g = at_mythos(1)
    resolve(g, "the_stars_are_right")
    to_need(g, "draw_mythos")
    doom = g.s["doom"]
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    assert g.need() == {"k": "die", "inv": -1, "for": "rumor"}
    ok(g, {"a": "roll", "die": 2})
    assert g.s["doom"] == doom + 2  # the gate and the rumor
    # Disturbing the Dead fails at terror 10: every investigator cursed
    g = at_mythos(2)
    resolve(g, "disturbing_the_dead")
    g.s["terror"] = 9
    to_need(g, "draw_mythos")
    ok(g, {"a": "draw_mythos", "card": "blue_flu"})
    ok(g, {"a": "draw_gate", "world": "abyss"})
    ok(g, {"a": "draw_monster", "kind": "ghoul"})
    ev = ok(g, {"a": "roll", "die": 1})
    assert names(ev, "rumor_ends")[0]["result"] == "failed"
    assert [v["bless"] for v in g.s["inv"]] == [-1, -1]
    # The Great Ritual: +2 toughness to cultists while in play
    from arkham.ah2e import rules

    g = at_mythos(1)
    c = put(g, "cultist", "woods")
    resolve(g, "the_great_ritual")
    assert rules.stat(g, c, "toughness") == 3


def test_southside_strangler_takes_an_ally_each_mythos_and_fails_at_none_AH_MYTH_4():
    g = at_mythos(1)
    resolve(g, "the_southside_strangler_strikes")
    allies = g.s["allies"]
    mix = ("cultist", "zombie", "maniac", "witch")
    to_need(g, "draw_mythos")
    resolve(g, "blue_flu", monsters=mix)  # the first tick: one ally to the box
    assert g.s["allies"] == allies - 1 and g.s["rumor"] is not None
    g.s["allies"] = 1
    clear_board(g)
    to_need(g, "draw_mythos")
    ev = resolve(g, "blue_flu", monsters=mix)
    assert g.s["allies"] == 0 and names(ev, "rumor_ends")[0]["result"] == "failed"
    assert names(ev, "rumor_note")
    g = at_mythos(1)  # an empty ally deck stays empty (never below 0)
    resolve(g, "the_southside_strangler_strikes")
    g.s["rumor_new"] = 0
    g.s["allies"] = 0
    g.s["rumab"] = dict(g.s["rumab"], fail={})
    to_need(g, "draw_mythos")
    resolve(g, "blue_flu", monsters=mix)
    assert g.s["allies"] == 0


def test_a_rumor_the_data_does_not_play_stays_with_the_players_AH_MYTH_4(monkeypatch):
    """A rumor card without an ability record (a new card, an expansion): it is in play (one
    rumor at a time), the core ticks nothing and checks no condition, the players keep its
    counter and end it with an effect."""
    from arkham.ah2e import abilities

    monkeypatch.setattr(abilities, "card_ability", lambda name: None)
    g = at_mythos(1)
    resolve(g, "good_work_undone")
    assert g.s["rumor"] == g.d.card_id("good_work_undone") and "rumab" not in g.s
    ev = ok(g, {"a": "rumor", "counter": 3})  # the players' tokens on the card
    assert names(ev, "rumor_counter")[0]["n"] == 3 and not names(ev, "rumor_ends")
    to_need(g, "draw_mythos")
    ev = resolve(g, "blue_flu")  # the end of a Mythos phase: no tick, no die
    assert g.s["rumor"] == g.d.card_id("good_work_undone") and g.s["rumor_n"] == 3
    assert not names(ev, "rumor_counter") and not names(ev, "rumor_roll")
    ev = ok(g, {"a": "rumor", "result": "passed"})
    assert names(ev, "rumor_ends")[0]["result"] == "passed" and g.s["rumor"] is None


def test_a_rumor_condition_the_core_cannot_see_is_left_to_the_players_AH_MYTH_4(monkeypatch):
    """A pass / fail condition with none of counter_at, terror_at, allies_at (card text the
    table does not track) never ends the rumor by itself: the players report the result."""
    from arkham.ah2e import abilities

    ab = {"counter": 2, "tick": {"then": {"counter": 1}},
          "pass": {"then": {"note": "the players judge it"}},
          "fail": {"then": {"awaken": 1}}}
    monkeypatch.setattr(abilities, "card_ability", lambda name: ab)
    g = at_mythos(1)
    resolve(g, "the_terrible_experiment")
    ev = ok(g, {"a": "rumor", "counter": 1})
    for _ in range(2):  # a tick at the end of each later Mythos phase: the counter rises
        to_need(g, "draw_mythos")
        clear_board(g)
        ev += resolve(g, "blue_flu", monsters=("cultist", "zombie", "maniac", "witch"))
    assert g.s["rumor_n"] == 5 and g.s["rumor"] == g.d.card_id("the_terrible_experiment")
    assert not names(ev, "rumor_ends") and not names(ev, "awakened") and g.s["phase"] != "final"


def test_rlyeh_rising_one_more_success_to_close_an_rlyeh_gate_AH_MON_6():
    """R'lyeh Rising in play: a gate to R'lyeh needs 1 more success to close; other gates as
    usual; star spawn and maniacs +1 toughness."""
    from arkham.ah2e import rules

    g = at_mythos(1)
    star = put(g, "star_spawn", "woods")
    resolve(g, "rlyeh_rising")
    assert rules.stat(g, star, "toughness") == 4
    for world, need in (("rlyeh", 2), ("abyss", 1)):
        open_gate(g, "unvisited_isle", world)
        g.s["inv"][0].update(at="unvisited_isle", explored="unvisited_isle", clues=0)
        g.s["inv"][0]["sk"][4] = 6  # lore, against R'lyeh's -3
        to_need(g, "close")
        ev = ok(g, {"a": "close", "skill": "lore"})
        assert names(ev, "check")[0]["difficulty"] == need, world
        ok(g, {"a": "roll", "successes": need})
        if g.need() and g.need()["k"] == "clue":
            ok(g, {"a": "accept"})
        assert "unvisited_isle" not in g.s["gates"], world
        to_need(g, "draw_mythos")
        clear_board(g)


def test_no_one_can_help_you_now_no_sealing_AH_MON_6():
    g = at_mythos(1)
    resolve(g, "no_one_can_help_you_now")
    open_gate(g, "woods", "abyss")
    g.s["inv"][0].update(at="woods", explored="woods", clues=9)
    g.s["inv"][0]["sk"][4] = 5
    to_need(g, "close")
    ok(g, {"a": "close", "skill": "lore"})
    ok(g, {"a": "roll", "successes": 1})
    ok(g, {"a": "accept"})
    assert "woods" not in g.s["gates"] and (g.need() is None or g.need()["k"] != "seal")


def test_monsters_released_where_kate_stands_do_not_appear_AH_ENC_10():
    g = at_mythos(2, investigators=["kate_winthrop", "jenny_barnes"])
    g.s["inv"][0]["at"] = "downtown"
    ev = resolve(g, "picnickers_panic", monsters=("ghoul",))
    assert [e["at"] for e in names(ev, "no_monster")] == ["downtown", "downtown"]
    assert "downtown" not in g.s["mon"]


def test_the_great_ritual_counts_up_and_touches_nothing_else_AH_MYTH_4():
    g = at_mythos(1)
    resolve(g, "the_great_ritual")
    allies, terror, doom = g.s["allies"], g.s["terror"], g.s["doom"]
    to_need(g, "draw_mythos")
    resolve(g, "family_found_butchered")  # terror +1 by the headline; the ritual ticks
    assert g.s["rumor_n"] == 1 and g.s["allies"] == allies - 1  # the terror rise took an ally
    assert g.s["terror"] == terror + 1 and g.s["doom"] == doom  # a surge at its gate: no doom
    g.s["rumor_n"] = 4
    to_need(g, "draw_mythos")
    ev = resolve(g, "blue_flu", monsters=("cultist",))
    assert names(ev, "rumor_ends")[0]["result"] == "failed" and names(ev, "rumor_note")
