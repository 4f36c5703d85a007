"""Serving: the guarded waitress server, prefork workers on one port, the LAN address, QR codes."""
