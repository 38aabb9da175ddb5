"""Issue 32's first fault, as it was found: a save without a CRC (a `"v":1` save, or one a host
tool wrote) with one investigator's "name" key renamed "nale" resumed as `resumed`, and every
`act` then answered `internal error in act: KeyError: name`; the good state.json.bak was never
tried. Now the AH2e restore checks the state's shape (arkham.shape): the table reports
`restore_failed`, sets the file aside as state.json.bad and resumes the previous save. The real
firmware on the emulated ah2e table (the campaign's Table)."""

import os

import pytest

from arkham_host.hil.campaign import Table


def _unsealed(data):
    """The save as a v1 (no CRC) save: what an older firmware or a host tool wrote."""
    return data[: data.index(b',"crc":')] + b',"v":1}'


@pytest.mark.parametrize("key", [b'"name":', b'"delayed":', b'"explored":', b'"sta":'])
def test_a_renamed_key_in_a_v1_save_is_damage_and_the_previous_save_resumes(tmp_path, key):
    t = Table(str(tmp_path), "ah2e", "ah2e")
    t.step(80)
    for _ in range(3):
        assert [o["ok"] for o in t.send(b"act 1\n", 5) if "re" in o] == [True]
    t = Table(str(tmp_path), "ah2e")  # (the actions were journaled: a restart saves them whole)
    t.step(2)
    path = tmp_path / "state.json"
    bak = (tmp_path / "state.json.bak").read_bytes()
    damaged = _unsealed(path.read_bytes())
    damaged = damaged.replace(key, key[:2] + b"Q" + key[3:], 1)  # ("name" -> "nQme")
    path.write_bytes(damaged)
    t = Table(str(tmp_path), "ah2e")
    boot = t.step(80)
    evs = [o.get("ev") for o in boot]
    assert evs[:3] == ["hello", "restore_failed", "resumed"], boot[:3]
    assert "investigator" in boot[1]["err"] and boot[1]["aside"] == "state.json"
    assert (tmp_path / "state.json.bad").read_bytes() == damaged
    assert os.path.exists(tmp_path / "state.json")
    for _ in range(12):  # the previous save plays on: no internal error
        replies = [o for o in t.send(b"act 1\n", 5) if "re" in o]
        assert replies and replies[0]["ok"], replies
    assert bak  # (the previous save was there to resume)


def test_a_v1_save_that_is_whole_still_resumes(tmp_path):
    t = Table(str(tmp_path), "ah2e", "ah2e")
    t.step(80)
    t.send(b"act 1\n", 5)
    path = tmp_path / "state.json"
    path.write_bytes(_unsealed(path.read_bytes()))
    t = Table(str(tmp_path), "ah2e")
    assert [o.get("ev") for o in t.step(80)][:2] == ["hello", "resumed"]
