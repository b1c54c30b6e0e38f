"""GUI tests: the user's folders are each test's own and Qt warnings fail every test (both ``tests/conftest.py``)."""
