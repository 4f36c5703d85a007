"""Tests of the pure rules, on table logs kept in memory."""
