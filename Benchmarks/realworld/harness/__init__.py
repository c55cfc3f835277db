"""The real-world harness: every package of the local mirror, each tool's stage against a baseline."""
