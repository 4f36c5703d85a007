"""Tests of the rulebooks' text and of the rules search."""
