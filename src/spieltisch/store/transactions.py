"""The base of the store's mixins: the read and write transactions every one of them
uses, given by `Store` (repository.py), which mixes them all in."""

from __future__ import annotations

from contextlib import AbstractContextManager

from sqlalchemy.orm import Session


class Transactions:
    """A part of `Store`: reads in `_read()`, writes in `_write()` (one transaction each)."""

    def _read(self) -> AbstractContextManager[Session]:
        raise NotImplementedError

    def _write(self) -> AbstractContextManager[Session]:
        raise NotImplementedError
