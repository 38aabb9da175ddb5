"""Command table for `arkham-table` (placeholder until the host tool lands)."""


def main(argv=None):
    print("arkham-table")
    return 0
