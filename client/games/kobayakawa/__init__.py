"""Kobayakawa's view: cards on washi, medals as tokens, a red sun for the clan."""
