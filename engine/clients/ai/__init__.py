"""Computer players: a uniform random player and a heuristic bot that decide from ``view`` only.

``HeuristicBot`` reads nothing but the view dict one player may see (its own hand, both bases, counts, the
pending decision and its legal options) plus the public card list (``CARDS``: what a printed card does).
It never touches the game state, so it cannot peek at the opponent's hand or either deck's order.

One module per concern: ``knowledge`` (card facts from ability data), ``evaluation`` (worth of cards and life),
``main_phase``, ``battle``, ``picks`` and ``choices`` (one part per kind of decision), ``bot`` (the bot made of
those parts), ``random_player``.
"""
from __future__ import annotations

from .bot import BEST_BOT, HeuristicBot, best_bot, play_out
from .evaluation import _Seen, card_value, hp, life_point_worth, pal_value
from .knowledge import GOOD_KEYWORDS, HARM, HELP, LIFE_POINT, STRIKE_WORTH, ability_of, card_profile
from .random_player import RandomPlayer

__all__ = ["BEST_BOT", "GOOD_KEYWORDS", "HARM", "HELP", "HeuristicBot", "LIFE_POINT", "RandomPlayer", "STRIKE_WORTH",
           "_Seen", "ability_of", "best_bot", "card_profile", "card_value", "hp", "life_point_worth", "pal_value",
           "play_out"]
