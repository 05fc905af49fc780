"""Readers that turn agent transcripts into one ``Session``/``Message`` model, streaming."""
