"""The web layer: views/ (one blueprint per resource) on the helpers they share (screens, panels, streams, stories,
words/ and forms/), assembled by site.py."""
