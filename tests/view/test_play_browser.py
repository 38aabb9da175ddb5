"""Playing from a phone (issue 30): headless Chromium taps the page's buttons and nothing else.

- AH2e: a game started from the page's own form (physical chance: every die and card reported by
  a tap), 30 actions with a Mythos phase and a combat; a stale tap refused with the table's own
  reason and the choices read again;
- Final Hour: one whole round, each seat's priority card played on that seat's own page, then
  the attempt: each seat offers cards from its own hand;
- Arkham Ritual: a whole game, three seats on three pages; no seat's page ever shows its own
  card (AR-INFO-1): checked in the DOM after every tap; screenshots for the eye.
Screenshots (phone 390x844 and laptop 1400x900) go to build/artifacts/view/ (or
$ARKHAM_ARTIFACTS/view/). The emulated chip's run (one AH2e prompt and one action) takes about
a minute; it skips, saying why, where rp2040js or the firmware file is missing.
"""

import asyncio
import json
import os
import re

import cdp
import pytest
from aiohttp import web
from arkham_host.view.server import ViewServer
from arkham_host.view.watch import TableWatch

pytestmark = pytest.mark.skipif(
    cdp.find() is None,
    reason="no Chromium on this machine (apt-get install chromium; .ci/run installs it)",
)

PHONE = (390, 844)
LAPTOP = (1400, 900)


SERVERS = {}


async def serving(watch):
    server = ViewServer(watch)
    runner = web.AppRunner(server.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    SERVERS[runner] = server  # (a test may make it read the choices again)
    return runner, "http://127.0.0.1:%d/" % site._server.sockets[0].getsockname()[1]


async def open_page(url, size=PHONE):
    b = await cdp.Browser(*size).start()
    if size == PHONE:
        await b.phone(*size)
    await b.goto(url)
    return b


async def items(b):
    """The choice buttons on the page now: [{n, label, verb, text}]."""
    return await b.js("[...document.querySelectorAll('button.choice')].map(e => ({n: e.dataset.n,"
                      " label: e.dataset.label, verb: e.dataset.verb, text: e.textContent}))")


async def tap_choice(b, label):
    """Tap the button of `label`; wait for the answer and the choices read after it."""
    await b.wait_for("document.body.dataset.fresh === '1'", tries=600)
    seq = await b.js("document.body.dataset.seq")
    sel = "button.choice[data-label=%s]" % json.dumps(label)
    if await b.js("(() => { const d = document.querySelector(%s).closest('details');"
                  " if (!d || d.open) return false; d.dataset.tapme = '1'; return true; })()"
                  % json.dumps(sel)):
        await b.tap("details[data-tapme] > summary")  # a folded group: open it first
    size = await b.tap(sel)
    assert size[1] >= 44 and size[0] >= 44, "a touch target under 44 px: %r" % size
    await b.wait_for("document.body.dataset.fresh === '1' && "
                     "(document.body.dataset.seq !== %s || "
                     "document.getElementById('answer').className === 'bad')" % json.dumps(seq),
                     tries=600, why="document.getElementById('play').innerText")
    return await b.js("document.getElementById('answer').textContent")


async def tap_ok_all(b):
    if await b.js("!document.getElementById('tokens').hidden"):
        await b.tap("#okall")
        await b.wait_for("document.getElementById('answer').textContent.startsWith('done')")


# ---- AH2e ----------------------------------------------------------------------------------
PREFER = ("fight", "attack", "monster_appears", "draw_mythos", "draw_gate", "draw_monster",
          "end_move")


def ah2e_pick(choices, fought=False):
    """A player who looks for one fight: lets a monster appear until there was a combat, fights
    it, ends a move at once; rolls the most successes on offer (a physical roll is reported by
    a tap); takes the first card or marker drawn."""
    rolls = [c for c in choices if c["verb"] == "roll"]
    if rolls:
        return max(rolls, key=lambda c: int((re.findall(r"successes=(\d+)", c["label"])
                                             or ["0"])[0]))
    for verb in PREFER:
        if verb == "monster_appears" and fought:
            continue
        for c in choices:
            if c["verb"] == verb:
                return c
    return choices[0]


def test_ah2e_30_actions_by_taps_with_a_mythos_phase_and_a_combat():
    w = TableWatch.own_sim("ah2e", game="bringup")
    out = cdp.artifacts_dir()
    seen = []
    w.subscribe(lambda m: m.get("t") == "ev" and seen.append(m["ev"]))

    async def main():
        runner, url = await serving(w)
        b = await open_page(url)
        try:
            # a new game from the page's own form: 2 investigators, physical chance
            await b.tap("#newgame summary")
            await b.js("document.querySelector('#ng-game').value = 'ah2e';"
                       "document.querySelector('#ng-game').dispatchEvent(new Event('change')); 1")
            await b.js("document.querySelector('#ng-opts select[name=chance]').value = 'physical';"
                       "document.querySelector('#ng-opts select[name=players]').value = '2';"
                       "document.querySelector('#ng-opts input[name=seed]').value = '5'; 1")
            await b.tap("#startform button")
            await b.wait_for("document.querySelectorAll('button.choice').length > 0", tries=800)
            assert "draw the top mythos card" in (await b.js(
                "document.getElementById('say').textContent")).lower()
            await b.screenshot(os.path.join(out, "play-ah2e-phone-start.png"))
            # the same choices read again are not drawn again: a folded group the player opened
            # stays open and its buttons stay where the finger is (before: every read redrew
            # them, closed the group, and a tap landed on whatever moved under it)
            reads = int(await b.js("document.body.dataset.reads"))
            await b.tap("details.group > summary")
            await b.js("document.querySelector('details.group button.choice').dataset.kept = '1'")
            SERVERS.pop(runner).refresh()
            await b.wait_for("parseInt(document.body.dataset.reads) > %d" % reads)
            assert await b.js("document.querySelector('details.group').open")
            assert await b.js("document.querySelector('button.choice[data-kept]') !== null")
            done = 0
            answers = []
            while done < 30:
                choices = await items(b)
                assert choices, "no choice on the page after %d actions" % done
                pick = ah2e_pick(choices, any(e.get("ev") == "combat_over" for e in seen))
                got = await tap_choice(b, pick["label"])
                answers.append((pick["label"], got))
                assert got.startswith("done"), answers[-3:]
                done += 1
                if done == 12:
                    await b.screenshot(os.path.join(out, "play-ah2e-phone-mid.png"))
            names = [e.get("ev") for e in seen]
            mythos = [e for e in seen if e.get("ev") == "phase" and e.get("phase") == "mythos"
                      and e.get("turn", 0) >= 1]
            assert mythos, "no Mythos phase after the setup's in 30 actions"
            assert "draw_mythos" in " ".join(lbl for lbl, _ in answers)  # (a card, by a tap)
            assert any(a.startswith(("fight", "attack")) for a in
                       (lbl.split(" ", 1)[1] for lbl, _ in answers)), "no combat in 30 actions"
            assert "game" in names
            # a stale tap: the game moves on under the page (another page acts), then the page's
            # old button is tapped: the table refuses it, saying why, and the choices come again
            before = await items(b)
            old = next(c for c in before if c["verb"] not in ("roll",)) if before else None
            old = old or before[0]
            await b.js("window.__hold = true; 1")  # (the page still shows the old buttons)
            await asyncio.get_running_loop().run_in_executor(
                None, w.command, "act %s" % old["n"])
            await b.js("""(() => { const box = document.getElementById('choices');
                box.dataset.old = '1'; return 1; })()""")
            stale_seq = await b.js("document.body.dataset.seq")
            # draw the old button again as it was (the page may already have the new choices)
            await b.js("""(() => {
                const c = document.getElementById('choices'); c.innerHTML = '';
                const btn = document.createElement('button'); btn.className = 'choice';
                btn.dataset.n = %s; btn.dataset.label = %s; btn.textContent = 'stale';
                btn.onclick = () => { document.body.dataset.pending = '1';
                  send({do: 'tap', n: parseInt(btn.dataset.n), label: btn.dataset.label}); };
                c.appendChild(btn); return 1; })()""" % (json.dumps(old["n"]),
                                                         json.dumps(old["label"])))
            await b.tap("button.choice")
            await b.wait_for("document.getElementById('answer').className === 'bad'")
            why = await b.js("document.getElementById('answer').textContent")
            assert why.startswith("refused: ") and "read again" in why, why
            await b.wait_for("document.body.dataset.pending === '0' && "
                             "document.querySelectorAll('button.choice').length > 0 && "
                             "!document.querySelector('button.choice').textContent"
                             ".startsWith('stale')")
            assert stale_seq is not None
            await b.screenshot(os.path.join(out, "play-ah2e-phone-stale.png"))
            # the same page on a laptop
            lap = await open_page(url, LAPTOP)
            try:
                await lap.wait_for("document.querySelectorAll('button.choice').length > 0")
                await asyncio.sleep(1.5)  # (the lights' shapes)
                await lap.screenshot(os.path.join(out, "play-ah2e-laptop.png"))
            finally:
                await lap.close()
            return why
        finally:
            await b.close()
            await runner.cleanup()

    try:
        why = asyncio.run(main())
    finally:
        w.close()
    # the table's own words, not the page's (the action is not one of the phase's, or the
    # number is no longer the one it was)
    assert "not an action" in why or "outside" in why or ":" in why.split("refused: ")[1], why


# ---- Final Hour ----------------------------------------------------------------------------
def test_a_final_hour_round_and_the_attempt_by_taps_each_seat_on_its_own_page():
    """Round 1 played by taps (each seat's priority card on its own page, the cards resolved,
    the lead ends the round), then the lead attempts the ritual and each seat offers its cards
    from its own hand (FH-WIN-1): the game ends with the attempt's result."""
    w = TableWatch.own_sim("final-hour", game="final-hour")
    out = cdp.artifacts_dir()

    async def main():
        runner, url = await serving(w)
        pages = {}
        try:
            for seat in (1, 2):
                pages[seat] = await open_page(url + "?seat=%d" % seat)
                await pages[seat].wait_for("document.getElementById('iam') !== null")
            p1 = pages[1]
            await tap_ok_all(p1)  # the setup's tokens: no tokens on this table
            start_round = w.command("state")["round"]
            for _ in range(4):  # the priority phase: the seat to play has the buttons
                st = w.command("state")
                seat = st["plays"]
                b = pages[seat]
                await b.wait_for("[...document.querySelectorAll('button.choice')]"
                                 ".some(e => e.dataset.verb === 'play')", tries=400)
                other = pages[3 - seat]
                assert not await other.js("[...document.querySelectorAll('button.choice')]"
                                          ".some(e => e.dataset.verb === 'play')"), \
                    "the other seat's page shows this seat's priority cards"
                card = next(c for c in await items(b) if c["verb"] == "play")
                got = await tap_choice(b, card["label"])
                assert got.startswith("done"), got
            await p1.screenshot(os.path.join(out, "play-fh-phone-seat1.png"))
            # the actions phase: each card's seat says `next`; the lead ends the round
            for _ in range(12):
                st = w.command("state")
                if st["phase"] in ("end", "over"):
                    break
                await tap_ok_all(p1)
                for b in pages.values():
                    await b.wait_for("document.body.dataset.pending === '0'")
                done = False
                for want in ("next", "end", "end_round"):
                    for seat, b in pages.items():
                        cs = [c for c in await items(b) if c["verb"] == want]
                        if cs:
                            got = await tap_choice(b, cs[0]["label"])
                            assert got.startswith("done"), (want, got)
                            done = True
                            break
                    if done:
                        break
                assert done, "no next / end button in phase %s" % st["phase"]
            st = w.command("state")
            assert st["round"] == start_round and st["phase"] == "end", st
            # the lead attempts the ritual (the round's end: attempt or the next round)
            lead = pages[st["lead"]]
            await tap_ok_all(lead)  # (the monsters the round's end brought)
            await lead.wait_for("document.body.dataset.fresh === '1'", tries=400)
            attempt = [c for c in await items(lead) if c["verb"] == "attempt"]
            assert attempt and attempt[0]["text"].startswith("Attempt the ritual"), attempt
            assert await tap_choice(lead, attempt[0]["label"]) == "done: " + attempt[0]["text"]
            assert w.command("state")["phase"] == "ritual"
            # each seat offers 3 cards from its own hand, on its own page
            for seat, b in pages.items():
                await b.wait_for("document.getElementById('offer') !== null", tries=400)
                assert not [c for c in await items(b) if c["verb"] == "offer"]  # (hand only)
                cards = await b.js("[...document.querySelectorAll('#hand button.card')]"
                                   ".map(e => e.dataset.card)")
                hand = w.command_private("hand %d" % seat)["view"]["hand"]
                assert sorted(int(c) for c in cards) == sorted(hand)  # its own, nobody else's
                for c in cards[:3]:
                    await b.tap("#hand button.card[data-card='%s']" % c)
                if seat == 1:
                    await b.screenshot(os.path.join(out, "play-fh-phone-attempt.png"))
                await b.tap("#offer")
                await b.wait_for("document.body.dataset.pending === '0'", tries=400)
                got = await b.js("document.getElementById('answer').textContent")
                assert got.startswith("done: offered"), got
            st = w.command("state")
            assert st["phase"] == "over" and st["result"], st
            await p1.wait_for("document.getElementById('say').textContent"
                              ".startsWith('the game is over')", tries=400)
            await p1.screenshot(os.path.join(out, "play-fh-phone-over.png"))
        finally:
            for b in pages.values():
                await b.close()
            await runner.cleanup()

    try:
        asyncio.run(main())
    finally:
        w.close()


# ---- Arkham Ritual ---------------------------------------------------------------------------
def own_cards(w, players):
    """seat -> the card it holds now, read from another seat's private view (the test may)."""
    held = {}
    for s in range(1, players + 1):
        view = w.command_private("look %d" % s).get("view") or {}
        for holder, card in view.get("others") or []:
            if holder <= players:
                held[holder] = card
    return held


def words(name):
    return " ".join(x[:1].upper() + x[1:] for x in name.split("_"))


async def check_never_own(pages, w, players):
    """AR-INFO-1 on every page: its own seat is never listed among what it sees, its own card
    shows only as often as another holder it may see has the same card, and no private reply
    reached the page."""
    held = own_cards(w, players)
    for seat, b in pages.items():
        await b.wait_for("document.body.dataset.fresh === '1'", tries=400)
        seen = await b.js("[...document.querySelectorAll('#seen li')].map(e => [e.dataset.holder,"
                          " e.textContent])")
        assert all(h != str(seat) for h, _ in seen), (seat, seen)
        html = await b.js("document.documentElement.outerHTML")
        assert '"private"' not in html and '"view"' not in html
        card = held.get(seat)
        if card is None:
            continue
        mine = w.command_private("look %d" % seat)["view"]
        legit = sum(1 for h, c in mine.get("others") or [] if c == card) + sum(
            1 for k in ("top", "orb_top") if mine.get(k) == card)
        text = await b.js("document.getElementById('mine').innerText")
        assert text.count(words(card)) <= legit, (seat, card, text)


def test_a_whole_ritual_game_three_seats_on_three_pages_AR_INFO_1():
    w = TableWatch.own_sim("ritual", game="bringup")
    out = cdp.artifacts_dir()
    w.command("game ritual players=3 seed=1")  # (the last choice each time: over in ~20 taps)

    async def main():
        runner, url = await serving(w)
        pages = {}
        try:
            for seat in (1, 2, 3):
                pages[seat] = await open_page(url + "?seat=%d" % seat)
                await pages[seat].wait_for("document.getElementById('iam') !== null")
                await pages[seat].wait_for("document.querySelectorAll('#seen li').length > 0")
            await check_never_own(pages, w, 3)
            for seat, b in pages.items():
                await b.screenshot(os.path.join(out, "play-ritual-phone-seat%d.png" % seat))
            taps = 0
            while taps < 60:
                st = w.command("state")
                if st["phase"] == "game_over":
                    break
                tapped = False
                for seat, b in pages.items():
                    cs = [c for c in await items(b) if c["verb"] != "peek"]
                    if cs:
                        got = await tap_choice(b, cs[-1]["label"])
                        assert got.startswith("done"), (seat, cs[-1], got)
                        tapped = True
                        taps += 1
                        break
                assert tapped, "no page has a choice in phase %s" % st["phase"]
                await check_never_own(pages, w, 3)
            assert w.command("state")["phase"] == "game_over", "not over after %d taps" % taps
            await pages[1].screenshot(os.path.join(out, "play-ritual-phone-over.png"))
            return taps
        finally:
            for b in pages.values():
                await b.close()
            await runner.cleanup()

    try:
        asyncio.run(main())
    finally:
        w.close()


# ---- the emulated chip ----------------------------------------------------------------------
def test_the_emulated_chip_one_ah2e_prompt_and_one_action_by_a_tap(tmp_path):
    """The same page on the stock Pico firmware on rp2040js (`sim --chip rp2040`, as a user runs
    it; ~0.15x real time: about a minute here): the page shows the table's AH2e prompt in the
    players' words with its buttons, and one tap does the action."""
    from arkham_host.hil.plugin import SimProcess, chip_unavailable

    why = chip_unavailable()
    if why:
        pytest.skip(why)
    sim = SimProcess("ah2e", "ah2e", tmp_path / "state", False, tmp_path / "chip.stderr",
                     chip="rp2040")
    out = cdp.artifacts_dir()
    try:
        w = TableWatch(sim.serial, world_path=sim.world)
    except Exception:
        sim.stop()
        raise

    async def main():
        runner, url = await serving(w)
        b = await open_page(url)
        try:
            await b.wait_for("document.querySelectorAll('button.choice').length > 0", tries=2400)
            say = await b.js("document.getElementById('say').textContent")
            assert say.startswith("Upkeep"), say  # (a new game starts in turn 1's upkeep)
            await b.screenshot(os.path.join(out, "play-chip-ah2e-phone.png"))
            first = (await items(b))[0]
            seq = w.command("hello")["seq"]
            got = await tap_choice(b, first["label"])
            assert got.startswith("done"), got
            return seq, first
        finally:
            await b.close()
            await runner.cleanup()

    try:
        seq, first = asyncio.run(main())
        # the table did it: the chip numbered an event for it after the tap
        assert w.command("hello")["seq"] > seq
        assert any(e.get("seq", 0) > seq for e in list(w.events)), list(w.events)[-3:]
    finally:
        w.close()
        sim.stop()
