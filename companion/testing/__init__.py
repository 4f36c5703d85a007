"""What the tests and the benchmarks both drive: real servers, nginx, a convention, loopback clients, card photos.

As Flask's `flask.testing`: in the package, so that the benchmarks import no test module (they run from a checkout:
the nginx launcher reads the checkout's deploy/nginx.conf), and imported by nothing the running app loads
(tests/rules/test_layers.py)."""
