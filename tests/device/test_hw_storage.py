"""Storage: atomic save (write NAME.tmp, then rename), survives a leftover partial tmp from a power
cut, keeps the previous save as NAME.bak and falls back to it when a save was cut between its two
renames; set_aside moves a damaged file to NAME.bad."""

import os

from arkham.compat import IMPL, ticks_ms
from arkham.hw.storage import Storage, StorageError
from arkham.resume import where as saves_folder
from check import check, done, equal, raises

root = "/tmp/arkham_store_%s_%d" % (IMPL, ticks_ms() % 100000)
try:
    os.mkdir(root)
except OSError:
    pass


def read(path):
    with open(path) as f:
        return f.read()


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


st = Storage(root)
equal(st.load("state.json"), None, "nothing saved yet")
st.save("state.json", '{"doom": 1}')
equal(st.load("state.json"), '{"doom": 1}', "load returns what was saved")
check(not exists(root + "/state.json.tmp"), "no tmp left after a save")
st.save("state.json", '{"doom": 2}')
equal(st.load("state.json"), '{"doom": 2}', "a second save replaces the first")

# a power cut during a write leaves a partial tmp: load ignores it, the next save overwrites it
with open(root + "/state.json.tmp", "w") as f:
    f.write('{"doom": 3, "ter')
equal(st.load("state.json"), '{"doom": 2}', "a leftover partial tmp is ignored")
st.save("state.json", '{"doom": 4}')
equal(st.load("state.json"), '{"doom": 4}', "the next save goes through")
equal(read(root + "/state.json"), '{"doom": 4}', "the file holds exactly the text")
check(not exists(root + "/state.json.tmp"), "and the tmp is gone")

# FAT path cut between its renames: only NAME.bak exists
os.rename(root + "/state.json", root + "/state.json.bak")
equal(st.load("state.json"), '{"doom": 4}', "load falls back to .bak")
st.save("state.json", '{"doom": 5}')
equal(st.load("state.json"), '{"doom": 5}', "saving again restores NAME")


# a filesystem whose rename cannot replace (FAT): the .bak dance
class FatOs:
    def __getattr__(self, name):
        return getattr(os, name)

    def rename(self, a, b):
        if exists(b):
            raise OSError(17)  # EEXIST, as on FAT
        os.rename(a, b)


import arkham.hw.storage as storage_mod  # noqa: E402

storage_mod.os = FatOs()
st.save("state.json", '{"doom": 6}')
storage_mod.os = os
equal(st.load("state.json"), '{"doom": 6}', "replace works where rename cannot overwrite")
equal(read(root + "/state.json.bak"), '{"doom": 5}', "the previous save is kept as .bak")

# a damaged file is set aside: the next load reads the previous good save
with open(root + "/state.json", "w") as f:
    f.write("{garbage")
equal(st.set_aside("state.json"), "state.json", "set_aside names the file it moved")
equal(read(root + "/state.json.bad"), "{garbage", "the damaged file is kept as .bad")
equal(st.load("state.json"), '{"doom": 5}', "load now reads the previous save")
equal(st.set_aside("state.json"), "state.json.bak", "set aside again: the .bak goes")
equal(st.load("state.json"), None, "nothing left to load")
equal(st.set_aside("state.json"), None, "nothing to set aside")
os.mkdir(root + "/state.json")
equal(st.set_aside("state.json"), "state.json", "a folder where the file should be is set aside")
st.save("state.json", '{"doom": 6}')
equal(st.load("state.json"), '{"doom": 6}', "and saving works again")
os.rmdir(root + "/state.json.bad")

raises(ValueError, lambda: st.save("../evil", "x"), "a name with a path is refused")
raises(ValueError, lambda: st.save("", "x"), "an empty name is refused")
bad = Storage(root + "/no/such/dir")
e = raises(StorageError, lambda: bad.save("a.json", "x"), "an unwritable place raises StorageError")
print("error:", e.args[0] if e else None)
check(isinstance(e, OSError), "StorageError is an OSError")
equal(Storage(root + "/").load("state.json"), '{"doom": 6}', "a root with a trailing slash")

st.remove("state.json")
equal(st.load("state.json"), None, "remove forgets it")

# resume.where: a table's saves move from where an earlier firmware kept them (main.py: / ->
# /state/), the folder made at the first boot
old = root + "/"
folder = root + "/state/"
st.save("state.json", '{"doom": 7}')
st.save("state.json", '{"doom": 8}')  # (and its .bak)
st.save("calib.json", "[1]")
equal(saves_folder(folder, old, ("state.json", "calib.json")), folder, "the folder is the root")
new = Storage(folder)
equal(new.load("state.json"), '{"doom": 8}', "the game saved before the update is found there")
equal(read(folder + "state.json.bak"), '{"doom": 7}', "with its previous save")
equal(new.load("calib.json"), "[1]", "and the calibration")
check(not exists(old + "state.json") and not exists(old + "calib.json"), "moved, not copied")
new.save("state.json", '{"doom": 9}')
with open(old + "state.json", "w") as f:  # (an older firmware's save, written after the move)
    f.write('{"doom": 1}')
equal(saves_folder(folder, old, ("state.json",)), folder, "a second boot: the folder is there")
equal(new.load("state.json"), '{"doom": 9}', "the folder's own save is never overwritten")
equal(read(old + "state.json"), '{"doom": 1}', "the old one stays where it was")
os.remove(old + "state.json")
with open(old + "stuck", "w") as f:
    f.write("a file where the folder should be")
equal(saves_folder(old + "stuck/", old, ("state.json",)), old, "no folder possible: the old root")
os.remove(old + "stuck")
new.remove("state.json")
new.remove("calib.json")
os.rmdir(folder.rstrip("/"))
os.rmdir(root)
check(not exists(root), "test directory cleaned up")
done()
