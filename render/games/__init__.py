"""One renderer module per game, named after the game id, each exposing ``RENDERER``."""
