"""What the tests and the benchmarks both drive: real servers, nginx, a convention, loopback clients, card photos.

As Flask's `flask.testing`: shipped in the package so a benchmark needs no test tree, and imported by nothing the
running app loads (tests/rules/test_layers.py)."""
