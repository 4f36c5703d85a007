"""Browser tests: the real server and Chromium, with phone-sized pages at one table."""
