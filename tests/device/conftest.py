# The scripts here are device tests: tests/test_device_parity.py runs each one under CPython and
# under the MicroPython unix port and compares their output. pytest must not import them itself.
collect_ignore_glob = ["*.py"]
