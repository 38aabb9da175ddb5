"""Anytime verbs whose refusal names an investigator, on both runtimes: a place_monster where Kate
Winthrop stands (no monster appears there: AH-ENC-10) is refused with her name as the card says it
(MicroPython's str has no capitalize: this once raised there instead of answering)."""
from arkham.ah2e import tables
from check import done, equal

tables.get()
from arkham.ah2e.game import new_game  # noqa: E402

g = new_game(1, {"investigators": ["kate_winthrop", "jenny_barnes"], "chance": "physical"})
at = g.s["inv"][0]["at"]
ok, why = g.apply({"a": "place_monster", "at": at, "kind": "cultist"})
print("refused", not ok, why)
equal(ok, False, "a monster never appears where Kate Winthrop stands (AH-ENC-10)")
equal("Kate Winthrop" in str(why), True, "the refusal names her as her card does")
done()
