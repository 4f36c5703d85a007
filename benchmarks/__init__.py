"""Benchmarks, not part of the test run: run each as `python -m benchmarks.NAME` from the repo root."""
