"""Backends that play the dream subagent: ``anthropic`` (Claude) and ``local`` (the engine).

Nothing is imported here: the SDK is slow to import and the hook must stay fast. Pick one with
``autodream.backends.select.make_backend``.
"""
