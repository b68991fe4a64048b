"""The persistence layer: replays and saves (records re-executed), scenarios (positions as JSON)."""
