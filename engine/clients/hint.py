"""Hints for learners: the Strong level's move for the player whose view it is, with a one-line reason.

The hint sees exactly what the player sees (``view(game, player)``) plus the player's own decklist, like every
level; it never reads the game state. The reason is generated from the search's own figures (how many sampled
futures it played out and the outcome score each move reached), in English and Japanese.
"""
from __future__ import annotations

from .search import StrongBot
from .why import why

HINT_BUDGET = 1.0       # seconds of search per hint (the browser's Strong default)


def _ids(action_text: str, view: dict) -> list[int]:
    """The ids of the cards the view shows that an action names (to highlight them on the board)."""
    shown = {c["id"] for p in view["players"] for z in ("base", "hand", "graveyard", "exile", "resolution")
             for c in p.get(z) or ()}
    return [int(w) for w in action_text.split()[1:] if w.isdigit() and int(w) in shown]


def hint(view: dict, deck: list[str] | None = None, budget_s: float = HINT_BUDGET, seed: int = 0) -> dict:
    """Strong's choice for the deciding player of ``view``: ``{"action", "cards", "searched", "playouts",
    "score", "normal", "normal_score", "reason": {"en", "ja"}}``."""
    if view.get("decision") is None or view["decision"].get("player") != view.get("you"):
        raise ValueError("a hint needs a decision of the player whose view it is")
    if not 0 < budget_s <= 10:
        raise ValueError("a hint's budget must be in (0, 10] seconds")
    bot = StrongBot(seed, budget_s=budget_s, deck=deck)
    action = bot.choose(view).text
    last = bot.last
    out = {"action": action, "cards": _ids(action, view), "searched": bool(last.get("searched")),
           "playouts": last.get("playouts", 0), "normal": last.get("normal", action),
           "score": None, "normal_score": None}
    values = last.get("values") or {}
    if out["searched"] and action in values:
        out["score"] = values[action]
        out["normal_score"] = values.get(out["normal"])
    out["reason"] = reason(out)
    if view["decision"].get("kind") == "first":     # the turn order is not searched: say the rule it follows
        line = why(bot, view, action)
        out["reason"] = {"en": line.text("en"), "ja": line.text("ja")}
    return out


def reason(h: dict) -> dict[str, str]:
    """One line, in both languages, saying why (from the search's figures, never from card text)."""
    if h["score"] is None:
        return {"en": "Judged from the cards' ability data and the board (only main-phase moves, blocks, "
                      "quick-step answers and the redraw are searched).",
                "ja": "カードの能力データと盤面から判断しました（探索するのはメインフェイズの手・ブロック・クイックステップの返答・手札の引き直しだけです）。"}
    score = round(100 * h["score"])
    en = f"Played out {h['playouts']} sampled futures: this move reached an outcome score of {score}%"
    ja = f"{h['playouts']}通りの未来を試しました。この手の結果スコアは{score}%"
    if h["action"] != h["normal"] and h["normal_score"] is not None:
        other = round(100 * h["normal_score"])
        en += f", the first idea ({h['normal']}) {other}%"
        ja += f"、最初の案（{h['normal']}）は{other}%"
    return {"en": en + ".", "ja": ja + "。"}
