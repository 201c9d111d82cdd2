"""`python -m rules`: list, simulate, arena and replay from the command line."""

from rules.cli import main

raise SystemExit(main())
