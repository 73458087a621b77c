"""Persistence without any UI: saves (JSON), statistics (SQLite) and settings (JSON)."""
