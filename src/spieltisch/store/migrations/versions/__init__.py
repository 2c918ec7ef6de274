"""The schema revisions, oldest first by their `down_revision` chain."""
