"""One cog per feature: game (lobby and /game), play (turn timers), moderation, settings, stats."""
