"""Batch review of a content repository (issue 5)."""
