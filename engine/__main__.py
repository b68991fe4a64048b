"""``python -m engine``: the command line (``engine.clients.cli``)."""
import sys

from .clients.cli import main

if __name__ == "__main__":
    sys.exit(main())
