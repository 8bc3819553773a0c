"""Widgets of the table: each shows a slice of the game and posts what the player asks."""
