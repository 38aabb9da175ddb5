"""AR-INFO-1 on the host side: the shared console never prints a reply meant for one seat (Arkham
Ritual's `look`); it names the seat and keeps the reply until `show`."""

import json

from arkham_host.session.console import PrivateReplies, pretty


def test_a_private_reply_is_hidden_until_show_AR_INFO_1():
    p = PrivateReplies()
    line = '{"re":5,"ok":true,"private":3,"view":{"seat1":"cultist","seat2":"gate"}}'
    notice = p.screen(line, json.loads(line))
    assert "seat 3" in notice and "cultist" not in notice and "gate" not in notice
    text, obj = p.show()
    assert "cultist" in pretty(text, obj)
    assert p.show() is None  # shown once, then gone from the console's memory


def test_public_lines_pass_through():
    p = PrivateReplies()
    for line in ('{"re":6,"ok":true,"sanity":[7,6,5]}', '{"seq":9,"ev":"pass","seat":2}'):
        assert p.screen(line, json.loads(line)) is None
    assert p.screen("not json", None) is None
