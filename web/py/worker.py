"""PyScript worker entry point: exposes the game host to the page as ``sync.call``."""

from pyscript import sync

import playmat_host

sync.call = playmat_host.call
