"""Rules scenarios: YAML files that set up a game, script decisions and state expectations."""
