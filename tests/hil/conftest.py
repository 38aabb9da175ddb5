"""HIL tests run against an emulated table by default (the `table` fixture comes from the
arkham_table pytest plugin, host/arkham_host/hil/plugin.py); `--table /dev/ttyACM0` for a real one."""
