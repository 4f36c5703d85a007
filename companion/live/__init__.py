"""Who is watching which table, and the bus that carries new versions between server processes."""
