"""Card text in English: how each word of the vocabulary reads, keyed by the word's name."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model.abilities import granted, render_steps
from . import grammar_en
from .common import signed

Say = Callable[[dict], str]
GRAMMAR = grammar_en   # how the phrases below are put together

WORDS = {
    "type": {"pal": "Pal", "structure": "Structure", "gear": "Gear", "event": "Event"},
    "color": {"red": "Red", "blue": "Blue", "green": "Green", "purple": "Purple", "colorless": "Colourless"},
    "zone": {"hand": "hand", "deck": "deck", "base": "base", "graveyard": "graveyard", "exile": "exile",
             "soul": "soul deck", "resolution": "resolution area"},
    "counter": {"material": "Material", "ingredient": "Ingredient"},
    "keyword": {"brave": "Brave", "serious": "Serious", "vigilance": "Vigilance", "breakthrough": "Breakthrough",
                "retaliate": "Retaliate", "interrupt": "Interrupt", "taunt": "Taunt", "stealth": "Stealth",
                "assault": "Assault", "nocturnal": "Nocturnal"},
}

# ---------------------------------------------------------------------------------------------------------------
# phrases shared by words
# ---------------------------------------------------------------------------------------------------------------


def duration(step: dict) -> str:
    return {"eot": " this turn", "opp_next_turn": " until your opponent's next turn is over",
            None: ""}.get(step.get("until", "eot"), "")


TARGET = {"assigned": "the Pal you assigned", "event_card": "that Pal"}


def them(s: dict, default: str = "them") -> str:
    """'it' or 'them' for the cards a step acts on (``_one`` is set by the text generator from the last choice)."""
    return default if "_one" not in s else "it" if s["_one"] else "them"


def obj(s: dict, default: str = "them") -> str:
    """The object of a verb: the folded-in choice ("up to 1 Pal") or a pronoun for the chosen cards."""
    return TARGET.get(s.get("target", "")) or s.get("_obj") or them(s, default)


def steps(inner: list, parent: dict | None = None) -> str:
    """Inner steps as one clause; ``parent`` passes on whether "it" or "them" is meant."""
    return render_steps(inner, "en", one=(parent or {}).get("_one"))


def ability(raw: dict) -> str:
    """A granted ability's text, rendered through the ability renderer."""
    return granted(raw).text("en")


def amount(spec: Any) -> str:
    return AMOUNTS[spec["of"]](spec) if isinstance(spec, dict) else str(spec)


def cond(c: dict) -> str:
    return CONDITIONS[c["is"]](c)


# ---------------------------------------------------------------------------------------------------------------
# filters and nouns
# ---------------------------------------------------------------------------------------------------------------

def _none(v: Any) -> str:
    return ""


FILTERS: dict[str, Callable[[Any], str]] = {
    "type": lambda v: "" if v == "pal" else f"{v} ",
    "color": lambda v: f"{v} ",
    "cost_max": lambda v: f"◇{v} or lower ",
    "cost_min": lambda v: f"◇{v} or higher ",
    "state": lambda v: "standing " if v == "standing" else "resting ",
    "main_name": lambda v: f"main name 《{v}》 ",
    "element": lambda v: f"{v} ",
    "keyword": lambda v: f"〈{v.title()}〉 ",
    "not_keyword": lambda v: f"non-〈{v.title()}〉 ",
    "power_max": lambda v: f"Power {v} or less ",
    "lucky": lambda v: "Lucky " if v else "normal ",
    "work": lambda v: f"「{v}」 ",
    "types": lambda v: " or ".join(v) + " ",
    "name_contains": lambda v: f"with 《{v}》 in its name ",
    "type_in": lambda v: " or ".join(v) + " ",
    "cost": lambda v: f"◇{v} ",
    "cost_is": _none, "owner": _none, "not_self": _none,
}

# filters that read better after the noun ("Pals with main name 《Beegarde》")
FILTERS_AFTER = {
    "main_name": lambda v: f" with main name 《{v}》",
    "name_contains": lambda v: f" with 《{v}》 in the name",
    "not_keyword": lambda v: f" that lack 〈{v.title()}〉",
    "power_max": lambda v: f" with {v} Power or less",
}
WHAT = {"pal": "Pal", "card": "card", "structure": "structure", "gear": "gear", "soul": "soul"}
NOUN = {"pal": "Pal", "structure": "structure", "gear": "gear", "event": "event"}


def filter_text(f: dict | None) -> str:
    if not f:
        return ""
    return "".join(FILTERS.get(k, _none)(v) for k, v in f.items())


def noun_phrase(f: dict | None, noun: str) -> str:
    """A filter around a noun: "◇6 or less Pals without 〈Interrupt〉"."""
    f = f or {}
    before = filter_text({k: v for k, v in f.items() if k not in FILTERS_AFTER})
    after = "".join(FILTERS_AFTER[k](v) for k, v in f.items() if k in FILTERS_AFTER)
    return f"{before}{noun}{after}"


def noun(f: dict | None) -> str:
    """A filter as a noun phrase: '◇8 or lower Dragon Pal', '◇6 or lower structure or gear card', 'card'."""
    f = dict(f or {})
    kind = f.pop("type", None)
    kinds = f.pop("types", None)
    name = f.pop("main_name", None)
    said = (NOUN.get(kind, "card") if kind else " or ".join(NOUN.get(k, k) for k in kinds) + " card" if kinds
            else "card")
    text = f"{filter_text(f)}{said}"
    if name:
        text += f" with main name 《{name}》"
    return text


def article(text: str) -> str:
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


# ---------------------------------------------------------------------------------------------------------------
# choosing
# ---------------------------------------------------------------------------------------------------------------


def choose(s: dict) -> str:
    said = s.get("noun", "Pal")
    whose = {"own": "your ", "opponent": "your opponent's ", "any": ""}[s.get("side", "any")]
    where = {"base": "", "hand": " from your hand", "graveyard": " from your graveyard",
             "looked": " from among them"}[s.get("zone", "base")]
    if s.get("zone") in ("hand", "graveyard"):
        whose = ""
    other = "other " if s.get("other") else ""
    if s.get("all"):
        what = f"{other}{noun_phrase(s.get('filter'), said + 's')}{where}"
        return f"choose all of {whose}{what}" if whose else f"choose all {what}"
    n = s.get("count", 1)
    n = "X" if n == "X" else n if isinstance(n, int) else "X"
    up = "up to " if s.get("up_to") else ""
    of = "of " if whose else ""
    what = noun_phrase(s.get("filter"), said + ("s" if n != 1 or whose else ""))
    return f"choose {up}{n} {of}{whose}{other}{what}{where}"


def choose_object(s: dict) -> str:
    """The chosen cards as the object of the verb that follows: "up to 1 ◇7 or more Pal", "each of your Pals"."""
    if s["do"] == "opponent_chooses":     # the opponent picks among their own Pals
        return f"{s.get('count', 1)} of your opponent's {noun_phrase(s.get('filter'), 'Pals')} (they pick which)"
    text = choose(s).removeprefix("choose ")
    text = text.replace(" from among them", " among them")
    if s.get("all"):
        text = "each of " + text.removeprefix("all of ") if text.startswith("all of ") else text
    return text


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


def _boost(s: dict, what: str) -> str:
    """"this card gets +300 Power this turn" / "give up to 1 Pal +300 Power this turn"."""
    change = f"{signed(s['amount'])} {what}{duration(s)}"
    return f"this card gets {change}" if s.get("target") == "self" else f"give {obj(s)} {change}"


def _boost_both(s: dict) -> str:
    parts = []
    if s.get("power"):
        parts.append(f"{s['power']:+d} Power")
    if s.get("strike"):
        parts.append(f"{s['strike']:+d} Strike")
    change = " and ".join(parts)
    if s.get("target") == "self":
        return f"this card gets {change}{duration(s)}"
    return f"give {obj(s)} {change}{duration(s)}"


OWNERS_HAND = {True: "its owner's hand", False: "their owners' hands"}


def _to_hand(s: dict) -> str:
    if s.get("_zone") in ("hand", "graveyard"):
        return f"return {obj(s)} to your hand"
    return f"return {obj(s)} to {OWNERS_HAND[s.get('_one') is not False]}"


GRANT_WHO = {"self": "this card gains", "assigned": "the Pal you assigned gains"}


def _grant(s: dict) -> str:
    who = GRANT_WHO.get(s.get("target"))
    skill = f"〈{ability(s['ability'])}〉"
    return f"{who} {skill}{duration(s)}" if who else f"give {obj(s)} {skill}{duration(s)}"


def _top(s: dict) -> str:
    n = s.get("count", 1)
    return "the top card of your deck" if n == 1 else f"your top {n} cards"


def _add_name(s: dict) -> str:
    who = s.get("_obj") or them(s)
    has = "have" if who == "them" or who == "they" else "has"
    who = "they" if who == "them" else who
    return f"{who} also {has} that name as a card name{' this turn' if s.get('until', 'eot') == 'eot' else ''}"


def _reveal_hand(s: dict) -> str:
    n = s.get("count", 1)
    what = "a card" if n == 1 else f"{n} cards"
    return f"{'you may ' if s.get('up_to', True) else ''}reveal {what} from your hand"


def _may_play(s: dict) -> str:
    base = (f"you may play it for ◇{s.get('reduce', 0)} less than its cost (but never under ◇1)"
            if s.get("reduce") else "you may play it")
    return f"if {cond(s['cond'])}, {base}" if s.get("cond") else base


def _discard_from_hand(s: dict) -> str:
    n = s.get("count", 1)
    cards = "a card" if n == 1 else f"{n} cards"
    if s.get("who") == "opponent":
        return f"your opponent discards {cards} (they pick which)"
    return f"discard {cards}"


PLAYER_RULES = {
    "no_assign": "you cannot assign Pals",
    "must_attack_all": "each of your Pals must attack whenever it is able (this includes Pals that arrive later)",
}


def _player_rule(s: dict) -> str:
    rules = ", and ".join(PLAYER_RULES[r] for r in s["rules"])
    if s.get("until", "eot") == "eot":
        return "for the rest of this turn, " + rules
    return f"{duration(s).strip()}, " + rules


def _next_cost(s: dict) -> str:
    what = (FILTERS["type_in"](s["filter"]["type_in"]).strip() if "type_in" in s.get("filter", {})
            else s.get("filter", {}).get("type", "card"))
    return (f"your next {what} played from your hand{duration(s)} costs {s['amount']} less "
            "(but not ◇0 or lower)")


RETURN_EXILED = {"hand": "each Pal exiled by this card returns to its owner's hand",
                 "base_rested": "the Pal exiled by this card comes back rested into its owner's base"}


def _self_or(s: dict, verb: str) -> str:
    return f"{verb} this card" if s.get("target") == "self" else f"{verb} {obj(s)}"


VERBS: dict[str, Say] = {
    "choose": choose,
    "draw": lambda s: "draw X cards" if not isinstance(s.get("count", 1), int)
    else f"draw {s.get('count', 1)} card{'s' if s.get('count', 1) != 1 else ''}",
    "damage": lambda s: f"deal {s['amount']} damage to {obj(s)}",
    "power": lambda s: _boost(s, "Power"),
    "strike": lambda s: _boost(s, "Strike"),
    "rest": lambda s: _self_or(s, "rest"),
    "stand": lambda s: _self_or(s, "stand"),
    "skip_next_stand": lambda s: f"your opponent's next stand phase does not stand {them(s, 'them')}",
    "cannot_stand": lambda s: f"{'they' if s.get('_one') is False else 'it'} cannot stand for as long as this "
    "card stays in the base",
    "gain": lambda s: f"gain {s.get('count', 1)} {s['counter'].title()}",
    "gain_life": lambda s: f"gain {s.get('count', 1)} life",
    "to_graveyard": lambda s: f"send {'this card' if s.get('target') == 'self' else obj(s)} to the graveyard",
    "to_hand": _to_hand,
    "discard": lambda s: f"discard {obj(s)}",
    "to_deck_top": lambda s: f"put {obj(s)} on top of your deck",
    "deploy": lambda s: f"deploy {obj(s, 'it')}{', rested' if s.get('rested') else ''}",
    "exile": lambda s: f"exile {obj(s, 'it')}",
    "butcher": lambda s: f"butcher {obj(s, 'it')}",
    "look_top": lambda s: f"{'reveal' if s.get('reveal') else 'look at'} {_top(s)}",
    "rest_to_deck": lambda s: "shuffle the others back into your deck",
    "rest_to_graveyard": lambda s: "send the others to the graveyard",
    "stand_souls": lambda s: f"stand {s.get('count', 1)} of your souls",
    "add_soul": lambda s: f"add {s.get('count', 1)} rested soul{'s' if s.get('count', 1) != 1 else ''} "
    "to your souls",
    "may": lambda s: f"you may {steps(s['steps'], s)}",
    "if": lambda s: f"if {cond(s['cond'])}, {steps(s['then'], s)}"
    + (f"; if not, {steps(s['else'], s)}" if s.get("else") else ""),
    "modes": lambda s: "pick one — " + " / ".join(steps(m) for m in s["modes"]),
    "repeat": lambda s: f"repeat X times: 〈{steps(s['steps'])}〉",
    "grant": _grant,
    "night": lambda s: "make it night" + duration({"until": s.get("until", "opp_next_turn")}),
    "nullify_attack": lambda s: "nullify your opponent's attack, so that battle deals no damage",
    "effect": lambda s: f"until end of turn, {s['kind']}",
    "player_effect": lambda s: f"until end of turn, {s['kind']}",
    "player_damage": lambda s: f"your opponent takes damage equal to {amount(s['amount'])}"
    if isinstance(s.get("amount"), dict) else f"your opponent takes {s.get('amount')} damage",
    "retaliate": lambda s: "send the Pal it was battling to the graveyard",
    # blue and colourless cards
    "reveal_top": lambda s: f"reveal {_top(s)}",
    "take": lambda s: f"add {s.get('_obj') or ('it' if s.get('_one', True) else 'them')} to your hand",
    "with_x": lambda s: f"{render_steps(s['steps'], 'en')}, X being {amount(s['x'])}",
    "declare_name": lambda s: "name any card",
    "add_name": _add_name,
    "reveal_hand": _reveal_hand,
    # green cards
    "send_to": lambda s: {"hand": f"add {obj(s)} to your hand", "graveyard": f"send {obj(s)} to your graveyard"}[
        s["to"]],
    "gain_either": lambda s: f"gain {s.get('count', 1)} Material or {s.get('count', 1)} Ingredient (you pick which)",
    "stand_souls_up_to": lambda s: f"stand up to {amount(s.get('count', 1))} of your souls",
    "may_play": _may_play,
    # purple cards
    "discard_from_hand": _discard_from_hand,
    "opponent_chooses": lambda s: f"your opponent chooses {s.get('count', 1)} of their Pals",
    "at_end_of_turn": lambda s: f"once this turn ends, {steps(s['steps'])}",
    "opponent_loses_counters": lambda s: f"your opponent loses a total of up to {s.get('count', 1)} Material and "
    "Ingredient, split between the two as you decide",
    "return_exiled": lambda s: RETURN_EXILED[s.get("to", "hand")],
    # red cards
    "x_is": lambda s: f"X is {amount(s['x'])}",
    "boost": _boost_both,
    "return_to_hand": lambda s: "return this card to your hand" if s.get("target") == "self"
    else f"return {obj(s)} to {OWNERS_HAND[bool(s.get('_one'))]}",
    "add_to_hand": lambda s: f"add {obj(s)} to your hand",
    "cannot_block": lambda s: f"{s.get('_obj') or them(s, 'they')} cannot block{duration(s)}",
    "player_rule": _player_rule,
    "stand_assigned": lambda s: "stand every Pal of yours that has been assigned this turn",
    "reduce_next_cost": _next_cost,
}

# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


def _have_noun(c: dict) -> str:
    """The counted cards as a noun phrase: "「Farming」 structure"."""
    f = dict(c.get("filter") or {})
    kind = f.pop("type", None)
    return noun_phrase(f, WHAT.get(kind, kind) if kind else "card")


DID_NOT = {"deploy": "it did not get deployed"}
COUNTED = {"butchered": "you butchered a Pal this way", "discarded": "you did"}

CONDITIONS: dict[str, Say] = {
    "night": lambda c: "it is night",
    "rested": lambda c: "this card is rested",
    "did": lambda c: "you did",
    "chose_none": lambda c: "you chose nothing",
    "chose_some": lambda c: "you chose at least 1 card",
    "souls_at_least": lambda c: f"you have at least {c['count']} souls",
    "defending": lambda c: "your opponent is attacking",
    "have": lambda c: f"your base holds at least {c.get('count', 1)} {_have_noun(c)}"
    f"{'s' if c.get('count', 1) != 1 else ''}",
    "chosen_is": lambda c: f"it is a {filter_text(c.get('filter'))}card",
    "it_is": lambda c: f"it's {article(noun(c.get('filter')))}",
    "did_not": lambda c: DID_NOT.get(c.get("what", ""), "you did not"),
    "revealed": lambda c: f"the card you revealed is {article(noun(c.get('filter')))}",
    "no_other_cards_played": lambda c: "you have played no other card so far this game",
    "at_least": lambda c: AMOUNTS[c["amount"]["of"]]({**c["amount"], "at_least": c.get("count", 1)}),
    "assigned_this_turn": lambda c: "this card has been assigned this turn",
    "souls_before_at_least": lambda c: f"you already had at least {c['count']} souls before that",
    "counted": lambda c: COUNTED[c["what"]],
    "chosen_moved": lambda c: "any Pal went there this way",
    "none_exiled_by_self": lambda c: "no Pal exiled by this card is still in exile",
    "chosen_named": lambda c: f"its main name is 《{c['name']}》",
}

# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------


COST_OF = {"assigned": "the assigned Pal's cost", "event": "that Pal's cost"}

AMOUNTS: dict[str, Say] = {
    "count": lambda s: f"how many {filter_text(s.get('filter'))}cards you have",
    "x": lambda s: "X",
    "source_strike": lambda s: "this card's Strike",
    "source_power": lambda s: "this card's Power",
    "assigned_cost": lambda s: "the cost of the assigned Pal",
    "distinct_names": lambda s: f"the number of different card names with 《{s['contains']}》 in them among your "
    f"{noun(s.get('filter'))}s",
    "different_named": lambda s: f"at least {s.get('at_least', 'X')} of your {noun(s.get('filter'))}s each carry "
    f"a distinct card name containing 《{s['contains']}》",
    "own_pals": lambda s: f"of your {noun_phrase(s.get('filter'), 'Pals')}",
    "x_times": lambda s: f"{s.get('by', 1)} times X" if s.get("by", 1) != 1 else "X",
    "cost_of": lambda s: COST_OF[s.get("card", "event")]
    + (f" {'plus' if s['plus'] > 0 else 'minus'} {abs(s['plus'])}" if s.get("plus") else ""),
}

# ---------------------------------------------------------------------------------------------------------------
# triggers, costs and continuous effects
# ---------------------------------------------------------------------------------------------------------------

TRIGGERS: dict[str, Say] = {
    "on_deploy": lambda t: "On deploy",
    "on_attack": lambda t: "On attack",
    "on_assign": lambda t: "On assign",
    "attacked": lambda t: "When this card is attacked",
    "to_graveyard": lambda t: "When this card goes to the graveyard",
    "leave_base": lambda t: "When this card leaves the base",
    "attacks_structure": lambda t: "When this card attacks a structure",
    "battle_end": lambda t: "When a battle in which this card attacked ends",
    "end_of_your_turn": lambda t: "End of your turn",
    "end_of_turn": lambda t: "End of each turn",
    "ally_deployed": lambda t: f"Whenever a {filter_text(t.get('filter'))}Pal of yours is deployed",
    "assigned_to": lambda t: f"When this card is assigned to one of your {filter_text(t.get('filter'))}structures",
    "combat_opponent_to_graveyard": lambda t: "When the Pal battling this card goes to the graveyard while this "
    "card attacks",
    "to_graveyard_in_battle": lambda t: "When this card goes to the graveyard mid-battle",
    "ally_butchered": lambda t: "Whenever one of your Pals is butchered",
}

def _discard_cost(p: dict) -> str:
    said = NOUN.get((p.get("filter") or {}).get("type"), "card")
    n = p.get("count", 1)
    other = "other " if p.get("_other") else ""
    return f"discard {n} {other}{said}{'s' if n != 1 else ''}"


COSTS: dict[str, Say] = {
    "souls": lambda p: f"({p.get('count', 1)})",
    "discard_self": lambda p: "discard this card",
    "discard": _discard_cost,
    "rest_self": lambda p: "rest this card",
    "assign": lambda p: f"assign {p.get('count', 1)} Pal{'s' if p.get('count', 1) != 1 else ''}",
    "consume": lambda p: f"consume {p.get('count', 1)} {p['counter'].title()}",
    "butcher": lambda p: "butcher 1 other Pal" if p.get("other") else "butcher 1 Pal",
    "mill": lambda p: f"send your top {p.get('count', 1)} cards to the graveyard",
}


def _cont_target(d: dict) -> str:
    who = d.get("applies", "self")
    if who == "self":
        return "this card gets"
    side = {"own": "your", "opponent": "your opponent's", "any": "all"}[d.get("side", "own")]
    other = "other " if who == "others" else ""
    return f"{side} {other}{noun_phrase(d.get('filter'), 'Pals')} get".replace("  ", " ")


def _per(d: dict) -> str:
    v = d.get("amount")
    if isinstance(v, dict) and v["of"] == "count":    # "for each of your structures"
        f = dict(v.get("filter") or {})
        kind = f.pop("type", "card")
        return f" for each of your {noun_phrase(f, WHAT.get(kind, kind) + 's')}"
    return f" for each {AMOUNTS[v['of']](v)}" if isinstance(v, dict) else ""


KEYWORD_REMINDERS = {"assault": "it can attack standing Pals too",
                     "stealth": "its attacks cannot be blocked",
                     "taunt": "your opponent must attack this card whenever it is a legal target"}

CONTINUOUS: dict[str, Say] = {
    "power": lambda d: f"{_cont_target(d)} {signed(d.get('per', d.get('amount')))} Power{_per(d)}",
    "strike": lambda d: f"{_cont_target(d)} {signed(d.get('per', d.get('amount')))} Strike{_per(d)}",
    "grant": lambda d: f"{_cont_target(d)} 〈{ability(d['ability'])}〉",
    "night": lambda d: "it is night",
    "auto_twice": lambda d: "while it is night, each AUTO ability of your Pals triggers twice",
    "cannot_be_attacked": lambda d: f"{filter_text(d.get('by'))}Pals cannot attack this card",
    "damage_bonus": lambda d: f"whenever your {filter_text(d.get('filter'))}card would deal non-battle damage to a "
    f"Pal, it deals {d['amount']} more than that instead",
    "keyword": lambda d: KEYWORD_REMINDERS.get(d.get("name", ""), d.get("name", "")),
    "deck_any_number": lambda d: "a deck may hold any number of copies of a card with this name",
}

# ---------------------------------------------------------------------------------------------------------------
# phrases the engine's messages quote (parameters of a message, by name)
# ---------------------------------------------------------------------------------------------------------------

PHRASES: dict[str, Callable[[Any], str]] = {
    "choice": choose,                      # what a choice asks for: "choose up to 1 Pal"
    "may": lambda inner: steps(inner),     # the optional part of "you may ..."
    "steps": lambda inner: steps(inner),   # a mode: what it does
    "skill": ability,                      # an ability (its data), quoted
}
