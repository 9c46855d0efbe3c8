"""Package data: default deck lists."""
