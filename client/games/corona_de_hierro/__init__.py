"""Corona de Hierro's table: the antique map of Italy in 887, its panels and gestures."""
