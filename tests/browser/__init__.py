"""The page in a browser (a package: its conftest stays its own)."""
