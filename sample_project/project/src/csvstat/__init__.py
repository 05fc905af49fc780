"""csvstat: column statistics for CSV files."""

__version__ = "0.3.0"
