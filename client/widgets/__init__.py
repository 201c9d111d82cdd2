"""Reusable widgets drawn by our own code (dice tray, …), shared by the game views."""
