"""A hand or a token on a pad: one `pad` event, and its spot lit in the frame shown now."""


def test_touch_emits_pad_event_and_lights_the_spot(table):
    table.skip_events()
    table.world.touch("pad_05")
    ev = table.expect("pad", spot="pad_05")
    assert ev["present"] is True
    lit = table.world.leds()
    assert "pad_05" in lit and any(lit["pad_05"]), "pad_05 is not lit: %r" % lit
    assert all(not any(rgb) for spot, rgb in lit.items() if spot != "pad_05")


def test_token_place_and_lift(table):
    table.world.place("pad_12")
    table.expect("pad", spot="pad_12", present=True)
    assert "pad_12" in table.dump()["present"]
    assert any(table.world.leds().get("pad_12", [0, 0, 0]))
    table.world.lift("pad_12")
    table.expect("pad", spot="pad_12", present=False)
    assert not any(table.world.leds().get("pad_12", [0, 0, 0]))
    assert table.world.tokens() == []


def test_world_refuses_an_unknown_spot(table):
    reply = table.world.raw("place no_such_spot")
    assert reply["ok"] is False and "no_such_spot" in reply["err"]
