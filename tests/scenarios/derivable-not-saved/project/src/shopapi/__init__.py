"""shopapi."""
