"""HIL pytest plugin (placeholder)."""
