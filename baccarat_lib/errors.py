"""The one exception the library raises for bad input.

Public names:

- ``BaccaratError``: a ``ValueError`` whose message says what was wrong and what is accepted.

>>> issubclass(BaccaratError, ValueError)
True
"""

__all__ = ["BaccaratError"]


class BaccaratError(ValueError):
    """Bad input to the baccarat library; the message says what was wrong and what is accepted."""
