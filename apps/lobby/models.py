"""The lobby owns no rows: the table, its seats and invite accesses belong to apps.tables."""
