"""Imperios Milenarios on the table: the antique map, civilisation boards, the boxes."""
