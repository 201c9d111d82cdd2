"""The app's scenes: menu, setup, table, results, settings, load, rules, replay."""
