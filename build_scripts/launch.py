"""Entry point frozen by PyInstaller: the same `main` as the `tablero` console script."""

import multiprocessing

if __name__ == "__main__":
    # Frozen apps must call this before anything else, or the AI worker processes
    # would re-run the whole app instead of the worker function.
    multiprocessing.freeze_support()
    from client.app import main

    raise SystemExit(main())
