"""The same tests on an emulated or a real table, and the reliability campaign.

    plugin.py          the pytest plugin (entry point `arkham_table`): the `table` fixtures
    campaign.py        `arkham-table campaign`: the firmware attacked from outside, with figures
    campaign_table.py  the firmware in this process for the campaign (manual clock, power cuts)
    campaign_link.py   its rows about the link; campaign_resume.py: its rows about the resume
"""
