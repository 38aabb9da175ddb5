"""The seeded generator and canonical JSON give the same numbers and bytes on every runtime."""
from check import check, equal, done
from arkham.rng import Rng
from arkham.canon import dumps, state_hash

r = Rng(2026)
seq = [r.below(1000) for _ in range(20)]
print("draws", seq)
r2 = Rng(0)
r2.set_state(Rng(2026).state())
equal([r2.below(1000) for _ in range(20)], seq, "state() round-trips the generator")
counts = [0] * 6
r = Rng(7)
for _ in range(6000):
    counts[r.die() - 1] += 1
check(min(counts) > 850 and max(counts) < 1150, "die faces near-uniform over 6000 rolls")
items = list(range(10))
Rng(3).shuffle(items)
print("shuffled", items)
check(sorted(items) == list(range(10)), "shuffle is a permutation")
equal(dumps({"z": [1, "é"], "a": {"c": True, "b": None}}), '{"a":{"b":null,"c":true},"z":[1,"\\u00e9"]}', "canonical JSON sorts keys, escapes non-ASCII")
print("hash", state_hash({"doom": 3, "terror": 1}))
done()
