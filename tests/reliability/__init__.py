"""Tests of the real server under load, faults and hostile clients, on loopback."""
