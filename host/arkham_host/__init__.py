"""arkham-table: the desktop host tool (CPython only). Imports the device package `arkham` itself."""
