"""``python -m phidelta``: the same command line as ``phidelta``."""

from phidelta.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
