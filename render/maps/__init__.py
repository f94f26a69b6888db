"""The map drawing toolkit: layouts from data files, palettes, zones, stacks, highlights."""
