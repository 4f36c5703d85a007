"""Tests through the Flask test client: pages, fragments, the API and the live stream."""
