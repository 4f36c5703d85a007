"""Code the tests and the benchmarks share, one module per topic: servers, browsers, clients, tables."""
