"""Pictures and text of game views. Renderers see only what a view contains."""
