"""Links for the page: a game (or a position) as a link code with its QR code and the embed's still frame."""

from __future__ import annotations

from typing import Any

import segno
from game_setup import MODES
from playmat_host import request
from protocol import HostError, R
from saves_host import load_record

from engine.links import encode, read_moment, with_moment
from engine.presentation.still_frame import still_frame


@request(R.SHARE)
def share(host, argument: Any) -> dict:
    """The link code of a record (or of the game on the playmat) and a QR code of ``url`` + the code."""
    if isinstance(argument, dict) and isinstance(argument.get("record"), dict):
        game = load_record(argument["record"])
    else:
        game = host.require_game()
    code = _with_moment(encode(_shared_part(game, argument)), game, argument, host)
    prefix = argument.get("prefix", "") if isinstance(argument, dict) else ""
    if not isinstance(prefix, str) or len(prefix) > 500:
        raise HostError("The page address is too long for a link.")
    position = isinstance(argument, dict) and argument.get("position")
    return {"code": code, "qr": qr_rows(prefix + code), **({} if position else share_frame(game, code))}


def share_frame(game, code: str) -> dict:
    """The embed's still frame of a link (docs/embedding.md): the public board at the decision the link opens at
    (else the end), seen as the replay embed shows it, with the link's own label field."""
    moment = read_moment(code)
    total = len(game.choices)
    at = total if moment.at is None else moment.at
    shown = game if at == total else game.rewind(at)
    watcher = moment.human if moment.mode == "computer" and game.outcome is None else 0
    fields = code.split(".")[1:]
    labels = next((f for f in fields if f[0] == "n"), None) or next((f for f in fields if f[0] in "ch"), None)
    return {"frame": still_frame(shown, watcher, total, labels), "at": at}


def _shared_part(game, argument: Any):
    """The game a link carries: all of it, or for a position link (``position: true``) only its choices up to
    ``at``, so the link does not tell how the game went on."""
    if isinstance(argument, dict) and argument.get("position"):
        return game.rewind(_shared_at(game, argument))
    return game


def _shared_at(game, argument: Any) -> int | None:
    at = argument.get("at") if isinstance(argument, dict) else None
    if at is None:
        return None
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(game.choices):
        raise HostError(f"There is no decision {at!r} in this game (it has {len(game.choices)}).")
    return at


def _with_moment(code: str, game, argument: Any, host) -> str:
    """The code with the decision to open at, who played (from the record's save or the playmat's game) and
    typed names; a position link opens at its own end, to be played."""
    argument = argument if isinstance(argument, dict) else {}
    at = _shared_at(game, argument)
    mode, human = argument.get("mode"), argument.get("human", 0)
    if mode is None and "record" not in argument and getattr(host, "setup", None) is not None:
        mode, human = host.setup.mode, host.setup.human
    names = argument.get("names")
    if names is not None:
        try:
            with_moment("", names=names)
        except ValueError as error:
            raise HostError(f"Player names: {error}.") from None
    if argument.get("position"):
        return with_moment(code, None, mode if mode in MODES else None, human if human in (0, 1) else 0, names, True)
    return with_moment(code, at, mode if mode in MODES else None, human if human in (0, 1) else 0, names)


def qr_rows(text: str) -> list[str]:
    """A QR code of ``text`` as rows of "0"/"1" (segno, pure Python, shipped with the page)."""
    qr = segno.make(text, error="m", micro=False)
    return ["".join("1" if cell else "0" for cell in row) for row in qr.matrix]
