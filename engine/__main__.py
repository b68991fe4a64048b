"""``python -m engine``: the command line (engine.clients.cli). ``engine.__main__`` is an old name of that module."""
import sys

from .clients import cli as _cli

if __name__ == "__main__":
    sys.exit(_cli.main())
else:
    sys.modules[__name__] = _cli
