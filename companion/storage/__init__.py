"""Storage: tables, seats and the event log in SQLite or PostgreSQL, the schema, pools, the state cache, the archive."""
