"""Test-wide settings: hypothesis without per-example deadlines (the machine may be busy),
and derandomized under CI so that a CI run is reproducible."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
