"""The test suite, a package so that its tests import their shared code from `tests.helpers`."""
