"""`make bench`: the file fuzzers of `make test`, by the thousand; one JSON line each.

Saves (mutated real saves through `read_save_file` and `python -m rules replay`),
then settings files and autosaves through the app's own loaders. Each line gives
the count of cases and of failures (0 is the contract: refused or recovered in
one short sentence, never a traceback, every file byte-identical afterwards).

    python build_scripts/bench_fuzz.py [SAVE_CASES] [APP_CASES]
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    save_cases = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    app_cases = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000
    logging.getLogger("tablero").setLevel(logging.ERROR)  # thousands of "set aside" notes
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "client")]
    import test_client_storage_fuzz
    import test_fuzz_files

    failures = 0
    for name, module, count in (
        ("fuzz_saves", test_fuzz_files, save_cases),
        ("fuzz_settings_and_autosave", test_client_storage_fuzz, app_cases),
    ):
        start = time.perf_counter()
        result = module.run_cases(count, seed=17)
        result["wall_s"] = round(time.perf_counter() - start, 1)
        print(json.dumps({"bench": name, **result}), flush=True)
        failures += result["failures"]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
