"""(Run by test_fragmented_save.py on the unix port.) Fill the heap with 128-byte blocks (64-bit),
free every other one: half the heap is free but no block over 128 bytes exists, like a Pico's heap
after hours of play. Then save a 3 KB game state: as one string (the old way) and in pieces."""

import gc
import os
import sys

from arkham import protocol
from arkham.hw.storage import Storage

root = sys.argv[1]
state = {"inv": [{"name": "inv_%02d" % i, "at": "rivertown", "clues": i} for i in range(60)]}
writer = protocol.LineWriter()
st = Storage(root)
st.save("state.json", '{"old": true}')
gc.collect()
a = b = None
try:
    while True:  # two chains of 14-item tuples, interleaved in the heap
        a = (a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
        b = (b, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
except MemoryError:
    pass
b = None
gc.collect()
free = gc.mem_free()
try:
    text = protocol.dumps(state)
    one = "ok"
except MemoryError:
    one = "MemoryError"
try:
    st.save("state.json", lambda write: writer.stream(state, write))
    pieces = "ok"
except MemoryError:
    pieces = "MemoryError"
a = None
gc.collect()
same = st.load("state.json") == protocol.dumps(state)
print("free", free // 1024, "KB, one string:", one, "| in pieces:", pieces, "| reads back:", same)
os.remove(root + "/state.json")
