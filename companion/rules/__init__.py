"""Pure game logic: no Flask, no SQL, no I/O. Dice come in as arguments."""
