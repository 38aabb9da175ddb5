"""The host's end of the wire to a table, real or emulated.

    link.py         protocol v1 lines out, JSON lines in, over any serial URL
    portlock.py     one program per serial port ("port busy", with the holder's name)
    ports.py        `arkham-table ports`: the tables there are to talk to
    registry.py     running emulated tables, one JSON file each
    worldclient.py  a sim's world socket (hands and tokens)
    legal_reply.py  a numbered `legal` reply read back into actions
"""
