"""Card text generated from ability data (so text and behaviour cannot drift); the words come from ``cardtext``."""
from __future__ import annotations

from typing import Any

from ..model.abilities import RENDER, Ability
from .cardtext import check, texts


def choose_object(s: dict, lang: str) -> str:
    """The cards a ``choose`` step picks, as the object of the next verb ("up to 1 ◇7 or more Pal")."""
    return texts(lang).choose_object(s)


CHOICES = ("choose", "opponent_chooses")   # steps that pick cards for the steps after them


def _merged(steps: Any) -> list:
    """A Power step followed by a Strike step for the same cards reads as one boost."""
    out: list = []
    for s in steps:
        prev = out[-1] if out else None
        if (prev is not None and prev["do"] == "power" and s["do"] == "strike" and not s.get("if")
                and not prev.get("if") and prev.get("target") == s.get("target")
                and prev.get("until", "eot") == s.get("until", "eot")
                and isinstance(prev["amount"], int) and isinstance(s["amount"], int)):
            out[-1] = {"do": "boost", "power": prev["amount"], "strike": s["amount"],
                       **{k: prev[k] for k in ("target", "until") if k in prev}}
            continue
        out.append(s)
    return out


def steps_text(steps: Any, lang: str, top: bool = False, one: bool | None = None) -> str:
    """Effect steps as text. A choice folds into the verb that follows it ("deal 700 damage to up to 1 Pal");
    ``top`` makes each step its own sentence (the body of an ability), otherwise steps read as one clause."""
    said = texts(lang)
    parts = []
    # ``one``: whether the last choice was of exactly one card ("it") or possibly more ("them")
    held = None   # a choice waiting to fold into the next verb
    for s in _merged(steps):
        words = said.VERBS[s["do"]]
        if s["do"] in CHOICES:
            if held is not None:
                parts.append(_say(held, lang))
            one = s.get("count", 1) == 1 and not s.get("all")
            held = s
            continue
        if s["do"] in ("look_top", "reveal_top"):
            one = s.get("count", 1) == 1
        step = s if one is None else {**s, "_one": one}
        t = None
        if held is not None:
            if s.get("if") is None:
                obj = choose_object(held, lang)
                folded = words({**step, "_obj": obj, "_zone": held.get("zone", "base")})
                if obj in folded:
                    t = folded
            if t is None:
                parts.append(_say(held, lang))
            held = None
        if t is None:
            t = words(step)
        if s.get("if") is not None:
            t = said.GRAMMAR.conditional(said.cond(s["if"]), t)
        if t:
            parts.append(t)
    if held is not None:
        parts.append(_say(held, lang))
    return said.GRAMMAR.join(parts, top)


def _say(step: dict, lang: str) -> str:
    return texts(lang).VERBS[step["do"]](step)


def cost_text(alt: tuple, lang: str) -> str:
    """One way to pay: its parts joined with "+" (souls as a circled number)."""
    souls = [p for p in alt if p["do"] == "souls"]
    rest = [p for p in alt if p["do"] != "souls"]
    out = []
    circled = "①②③④⑤⑥⑦⑧⑨⑩"
    for p in souls:
        n = p.get("count", 1)
        out.append(circled[n - 1] if 1 <= n <= 10 else f"({n})")
    for p in rest:
        if p["do"] == "discard" and any(q["do"] == "discard_self" for q in alt):
            p = {**p, "_other": True}    # this card is discarded too: the rest are other cards
        out.append(texts(lang).COSTS[p["do"]](p))
    return texts(lang).GRAMMAR.cost(out)


def ability_text(ab: Ability, lang: str = "en") -> str:
    """One ability as a player would read it on the card, with keyword reminders."""
    said = texts(lang)
    head = said.GRAMMAR.KIND[ab.kind]
    if ab.keyword:
        name = said.WORDS["keyword"][ab.keyword]
        return said.GRAMMAR.keyword(head, name, ab.value, body_text(ab, lang, keyword_reminder=True))
    return said.GRAMMAR.ability(head, body_text(ab, lang))


def _same_subject(parts: list[str], subject: str, sep: str) -> str:
    """Continuous effects joined, the shared subject said once ("this card gets +1000 Power and +1 Strike")."""
    out = parts[:1]
    for p in parts[1:]:
        out.append(p[len(subject):] if p.startswith(subject) and out[0].startswith(subject) else p)
    return sep.join(out)


def body_text(ab: Ability, lang: str, keyword_reminder: bool = False) -> str:
    said = texts(lang)
    grammar = said.GRAMMAR
    bits = []     # the header items: where it works from, Quick, once per turn, its trigger, its costs
    if ab.zone == "hand" and ab.kind != "play":
        bits.append(grammar.FROM_HAND)
    if ab.quick:
        bits.append(grammar.QUICK)
    if ab.once_per_turn:
        bits.append(grammar.ONCE_PER_TURN)
    if ab.trigger is not None:
        bits.append(grammar.trigger(said.TRIGGERS[ab.trigger["on"]](ab.trigger)))
    if ab.costs:
        bits.append(grammar.costs([cost_text(alt, lang) for alt in ab.costs]))
    if ab.kind == "cont":
        text = _same_subject([said.CONTINUOUS[d["do"]](d) for d in ab.effect], grammar.CONT_SUBJECT,
                             grammar.CONT_SEP)
        if ab.condition is not None:
            text = grammar.lasting(said.cond(ab.condition), text)
    else:
        text = steps_text(ab.effect, lang, top=True)
    return grammar.body(bits, text, ab.raw.get("reminder"), keyword_reminder)


def card_text(defn: Any, lang: str = "en") -> str:
    """All abilities of a card, one per line."""
    return "\n".join(ab.text(lang) for ab in defn.abilities)


def install() -> None:
    """Fill the model's text slots: abilities, nested steps and cards are said by this module (once every word
    of the vocabulary is known to have its text in every language)."""
    check()
    RENDER["ability"] = ability_text
    RENDER["steps"] = steps_text
    RENDER["card"] = card_text


install()
