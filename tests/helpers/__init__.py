"""Code the tests alone use, one module per topic: browsers, phones, tables, questions (what the benchmarks drive
as well is in companion/testing)."""
