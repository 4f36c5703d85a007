"""Serving: the guarded waitress server, workers on one port, connection handover, the LAN address, QR codes."""
