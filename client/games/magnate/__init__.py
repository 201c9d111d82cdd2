"""Magnate's table view: the Decktet's districts, deeds, tokens and dice."""
