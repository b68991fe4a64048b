"""Why the computer made a move: one line from the numbers or the rule that decided it, as a ``Msg``.

The line is worked out from the computer's own view (the same dict it chose from) and its own scores, so it
knows nothing of the other player's hidden cards. It tells nothing of the computer's hidden cards either,
beyond what the move itself shows: a card it names is one the other player can see (in a base, a graveyard, in
exile or resolving), a quick step it passes is never explained (passing or not depends on its hand), and Strong's
search figures are quoted only for moves that show it had a choice (its main phase ended, or a quick step
passed, says nothing of what else it could have done), never for a choice among cards only it sees.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model.message import Msg
from .ai import _Seen, card_value, hp
from .ai.knowledge import attack_bonus
from .levels import BeginnerBot, NormalBot, _steps_of
from .search import StrongBot, names_hidden_cards

PUBLIC_ZONES = ("base", "graveyard", "exile", "resolution")
MAIN_VERBS = ("play", "activate", "attack", "souldraw", "end")


def why(player: Any, view: dict, choice: str) -> Msg:
    """Why ``player`` (a level of ``engine.opponents``) chose ``choice`` from ``view`` (the view it chose
    from, just after ``choose``): a search's figures for Strong where they may be told, else the rule and the
    scores of Normal's judgement (Beginner's slips said as slips)."""
    kind = view["decision"]["kind"]
    if kind == "quick" and choice == "pass":
        return Msg("why.quick_pass")
    if isinstance(player, StrongBot):
        # a search among cards only it sees is not quoted: its figures would tell how many it had to choose from
        # (nor for the redraw: how it judged keeping would tell how good its hidden hand is)
        said = None if kind == "redraw" or names_hidden_cards(view) else _searched(player.last, kind, choice)
        return said if said is not None else _judged(player.normal, view, choice)
    if isinstance(player, BeginnerBot) and player.slipped:
        return _slip(player.slipped, _Seen(view), choice)
    if isinstance(player, NormalBot):
        return _judged(player, view, choice)
    return Msg("why.default")


def _searched(last: dict, kind: str, choice: str) -> Msg | None:
    """Strong's search figures for its move: its estimated chance to win against the next best move's."""
    if not last.get("searched") or last.get("choice") != choice or (kind == "main" and choice == "end"):
        return None
    values = last.get("values") or {}
    value = values.get(choice)
    if value is None:
        return None
    first = last.get("normal")
    if first != choice and values.get(first) is not None:    # the search overruled its first idea (Normal's)
        return Msg("why.search_better", value=_percent(value), next=_percent(values[first]))
    others = [v for o, v in values.items() if o != choice]
    if not others:
        return Msg("why.search_only", value=_percent(value))
    if value > max(others):
        return Msg("why.search", value=_percent(value), next=_percent(max(others)))
    # its first idea is kept unless another move is clearly better: a close rival may have scored as much
    return Msg("why.search_close", value=_percent(value), next=_percent(max(others)))


def _percent(value: float) -> int:
    return round(100 * value)


def _public(s: _Seen, cid: Any) -> dict | None:
    """The card with this id, if the other player sees it too."""
    c = s.card(cid)
    return c if c is not None and s.zone.get(c["id"]) in PUBLIC_ZONES else None


def _card_said(s: _Seen, cid: Any, named: Callable[[str], Msg], hidden: Msg) -> Msg:
    """A message naming a card (``named``, given its number), or ``hidden`` (no name, no score) for a card only
    the computer sees."""
    c = _public(s, cid)
    return hidden if c is None else named(c["number"])


def _slip(kind: str, s: _Seen, choice: str) -> Msg:
    verb, *args = choice.split()
    if kind == "hasty" and verb == "play":
        return Msg("why.slip_play", card=s.cards[int(args[0])]["number"])
    if kind == "hasty":
        return Msg("why.slip_attack", card=s.cards[int(args[0])]["number"])
    if kind == "forgot":
        return Msg("why.slip_forgot")
    if kind == "missed_block":
        return Msg("why.slip_block")
    if verb != "pick":
        return Msg("why.slip_done")
    return _card_said(s, args[0], lambda n: Msg("why.slip_pick", card=n), Msg("why.slip_pick_hidden"))


def _judged(bot: NormalBot, view: dict, choice: str) -> Msg:
    """Normal's reason: the rule and scores of the part that decides this kind of decision."""
    s = _Seen(view)
    kind = s.d["kind"]
    verb, *args = choice.split()
    if kind == "main" and verb in MAIN_VERBS:
        return _main(bot, s, verb, args)
    if kind == "block":
        return _block(bot, s, choice)
    if kind == "quick":
        # the card it answers with is shown as it is played or activated
        return Msg("why.quick_stop", card=s.cards[int(args[0])]["number"], loss=round(bot._quick_loss(s)))
    if kind == "redraw":
        if verb != "keep":
            return Msg("why.redraw")
        return Msg("why.keep_always") if isinstance(bot, BeginnerBot) else Msg("why.keep")
    if kind == "first":
        return Msg("why.first") if verb == "first" else Msg("why.second")
    return _choice(bot, s, kind, verb, args)


def _main(bot: NormalBot, s: _Seen, verb: str, args: list[str]) -> Msg:
    if verb == "play":
        c = s.cards[int(args[0])]
        return Msg("why.play", card=c["number"], souls=s.P["souls_standing"] or 0,
                   worth=round(bot._play_worth(s, c)))
    if verb == "souldraw":
        return Msg("why.souldraw", deck=s.P["deck"] or 0)
    if verb == "activate":
        return Msg("why.activate", card=s.cards[int(args[0])]["number"])
    if verb == "end":
        return Msg("why.end")
    return _attack(bot, s, int(args[0]), args[1])


def _attack(bot: NormalBot, s: _Seen, att_id: int, tgt: str) -> Msg:
    a = s.cards[att_id]
    if "end" not in s.options:
        return Msg("why.attack_forced", card=a["number"])
    score = round(bot._attack_score(s, att_id, tgt))
    if tgt == "player":
        if bot._lethal(s):
            return Msg("why.attack_lethal", card=a["number"], life=s.O["life"])
        return Msg("why.attack_player", card=a["number"], strike=max(a.get("strike") or 0, 0), score=score)
    t = s.card(tgt)
    power = max(a.get("power") or 0, 0) + attack_bonus(a["number"])[0]
    if t is not None and hp(t) <= power:
        if _kill_guarded(bot, s, a, t, score):
            return Msg("why.attack_ko_threat", card=a["number"], target=t["number"], power=power, hp=hp(t))
        if any(not c["rested"] for c in s.opp_pals if c["id"] != t["id"]):
            return Msg("why.attack_ko", card=a["number"], target=t["number"], power=power, hp=hp(t))
        return Msg("why.attack_ko_open", card=a["number"], target=t["number"], power=power, hp=hp(t))
    return Msg("why.attack_score", card=a["number"], target=t["number"] if t else None, score=score)


def _kill_guarded(bot: NormalBot, s: _Seen, a: dict, t: dict, score: float) -> bool:
    """The attack scores above zero only because the Pal it knocks out will not hit next turn: weighed against
    a next turn with that Pal's hit, resting the attacker would have cost more than the attack gains."""
    if score <= 0 or t["type"] != "pal":
        return False
    kept = bot._guard_cost(s, a, t["id"])
    return score + bot.guard_weight * (kept - bot._guard_cost(s, a)) <= 0


def _block(bot: NormalBot, s: _Seen, choice: str) -> Msg:
    costs = bot._block_costs(s)
    if not costs:
        return Msg("why.no_blocker")
    blocks = {o: c for o, c in costs.items() if o != "pass"}
    if choice == "pass":
        return Msg("why.no_block", pass_cost=round(costs["pass"]), cost=round(min(blocks.values())))
    blocker = s.cards[int(choice.split()[1])]    # a Pal in its base: both players see it
    return Msg("why.block", card=blocker["number"], cost=round(costs.get(choice, 0.0)),
               pass_cost=round(costs["pass"]))


def _choice(bot: NormalBot, s: _Seen, kind: str, verb: str, args: list[str]) -> Msg:
    """Choices while an effect resolves: targets, costs, what to take, modes, numbers, names, the order."""
    if verb == "done":
        return Msg("why.done")
    if kind == "order":
        return Msg("why.order")
    if kind == "may":
        return Msg("why.may_yes") if verb == "yes" else Msg("why.may_no")
    if verb == "mode":
        return _mode(bot, s, int(args[0]))
    if verb == "x":
        return Msg("why.number", x=int(args[0]))
    if verb == "name":
        return Msg("why.name", card=args[0])
    if verb != "pick":
        return Msg("why.default")
    c = s.card(args[0])
    if kind == "target" and c is not None:
        score = round(bot._pick_score(s, c, bot._source_profile(s)))
        return _card_said(s, args[0], lambda n: Msg("why.pick", card=n, score=score), Msg("why.pick_hidden"))
    score = round(card_value(c)) if c is not None else 0
    if kind in ("cost", "pal_limit"):
        return _card_said(s, args[0], lambda n: Msg("why.give_up", card=n, score=score), Msg("why.give_up_hidden"))
    return _card_said(s, args[0], lambda n: Msg("why.take", card=n, score=score), Msg("why.take_hidden"))


def _mode(bot: NormalBot, s: _Seen, k: int) -> Msg:
    n = sum(1 for o in s.options if o.startswith("mode "))
    steps = [st for st in _steps_of(bot._source_number(s), "modes") if len(st.get("modes", ())) == n]
    if not steps or k >= n:
        return Msg("why.default")
    return Msg("why.mode", n=k + 1, score=round(bot._mode_score(s, steps[0]["modes"][k])))
