"""Carolus Magnus's table view: the ring board, seat panels, gestures and words."""
