"""Cards: the card database (package data) and card behaviour by set."""
