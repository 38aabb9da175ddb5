"""Playing AH2e games without people: the autopilot (a careful player through the legal
actions) and the invariants checked after every action (the playtests, `bench --only autopilot`)."""
