"""Conquest of the Empire II's table: the Roman map, legions and galleys, the seats' column,
the list of choices and the battle dice."""
