"""The Discord bot: client, cogs, views, storage and the game service."""
