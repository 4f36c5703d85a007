"""Storage: tables, seats and the event log in SQLite or PostgreSQL, the schema and its data moves, pools, the
state cache, the archive of stories, and the rows of what each deck's cards are known to say."""
