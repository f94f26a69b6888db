"""Discord views: the lobby, the turn prompt, the game's public buttons."""
