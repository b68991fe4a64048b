"""Continuous-effect words: the descriptors [CONT] abilities are made of (power, strike, granted skills,
night...). They do nothing by themselves: engine.continuous, battle and damage read them."""
from __future__ import annotations

from ..model.abilities import CONTINUOUS

for _name in ("power", "strike", "grant", "night", "auto_twice", "cannot_be_attacked", "damage_bonus", "keyword",
              "deck_any_number"):
    CONTINUOUS.add(_name, None)
