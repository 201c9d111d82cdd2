"""Coup's view on the shared table."""
