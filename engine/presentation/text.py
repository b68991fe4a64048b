"""Card text generated from ability data (so text and behaviour cannot drift); the words come from ``cardtext``."""
from __future__ import annotations

from typing import Any

from ..model.abilities import RENDER, Ability
from .cardtext import check, texts

KIND_EN = {"auto": "AUTO", "act": "ACT", "cont": "CONT", "play": ""}
KIND_JA = {"auto": "【自】", "act": "【起】", "cont": "【永】", "play": ""}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


# clause-ending forms after which Japanese text goes on with "、" rather than starting a new sentence
_JA_RUN_ON = ("び", "し", "て", "ず", "り", "で")


def choose_object(s: dict, lang: str) -> str:
    """The cards a ``choose`` step picks, as the object of the next verb ("up to 1 ◇7 or more Pal")."""
    return texts(lang).choose_object(s)


CHOICES = ("choose", "opponent_chooses")   # steps that pick cards for the steps after them


def _join(parts: list[str], lang: str, top: bool) -> str:
    if lang == "ja":
        out = ""
        for p in parts:
            out += p if not out else (("、" if out.endswith(_JA_RUN_ON) or not top else "。") + p)
        return out[:-1] + "する" if out.endswith("とし") else out   # a definition of X said last
    if not top:
        out = ""
        for i, p in enumerate(parts):
            if not i and p.startswith("X is "):
                p = "with X as " + p.removeprefix("X is ")   # "if it is night, with X as that Pal's cost, ..."
            sep = "" if not i else "; " if p.startswith("X is") else ", then " if i == len(parts) - 1 else ", "
            out += sep + p
        return out
    return ". ".join(_cap(p) for p in parts)


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
    ja = lang == "ja"
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
            c = said.cond(s["if"])
            t = (f"{c}なら、{t}" if ja else f"if {c}, {t}")
        if t:
            parts.append(t)
    if held is not None:
        parts.append(_say(held, lang))
    return _join(parts, lang, top)


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
    if lang == "ja":
        return "〔" + "＋".join(out) + "〕"
    return " + ".join(out)


def ability_text(ab: Ability, lang: str = "en") -> str:
    """One ability as a player would read it on the card, with keyword reminders."""
    ja = lang == "ja"
    head = (KIND_JA if ja else KIND_EN)[ab.kind]
    if ab.keyword:
        name = texts(lang).WORDS["keyword"][ab.keyword]
        if ab.value is not None:
            name = f"{name} {ab.value}" if not ja else f"{name}{ab.value}"
        reminder = body_text(ab, lang, keyword_reminder=True)
        return f"{head}{name}（{reminder}）" if ja else f"{head} · {name} ({reminder})"
    body = body_text(ab, lang)
    if ja or not head:
        return head + body
    return f"{head} · {body}"


def _same_subject(parts: list[str], subject: str, sep: str) -> str:
    """Continuous effects joined, the shared subject said once ("this card gets +1000 Power and +1 Strike")."""
    out = parts[:1]
    for p in parts[1:]:
        out.append(p[len(subject):] if p.startswith(subject) and out[0].startswith(subject) else p)
    return sep.join(out)


def body_text(ab: Ability, lang: str, keyword_reminder: bool = False) -> str:
    ja = lang == "ja"
    said = texts(lang)
    bits = []     # English: header items joined with " · ", the last one followed by " — "
    if ab.zone == "hand" and ab.kind != "play":
        bits.append("手札から" if ja else "From hand")
    if ab.quick:
        bits.append("【クイック】" if ja else "Quick")
    if ab.once_per_turn:
        bits.append("【ターン１回】" if ja else "Once per turn")
    if ab.trigger is not None:
        head_t = said.TRIGGERS[ab.trigger["on"]](ab.trigger)
        bits.append(head_t + (("" if head_t.endswith("】") else "、") if ja else ""))
    if ab.costs:
        costs = [cost_text(alt, lang) for alt in ab.costs]
        bits.append("か".join(costs) if ja else "Cost: " + ", or ".join(costs))
    if ab.kind == "cont":
        body = []
        for d in ab.effect:
            body.append(said.CONTINUOUS[d["do"]](d))
        text = _same_subject(body, "このカードは" if ja else "this card gets ", "、" if ja else " and ")
        if ab.condition is not None:
            c = said.cond(ab.condition)
            text = f"{c}の間、{text}" if ja else f"while {c}, {text}"
    else:
        text = steps_text(ab.effect, lang, top=True)
    reminder = ab.raw.get("reminder")
    if ja:
        out = "".join(bits) + text + ("" if keyword_reminder else "。")
        if reminder and not keyword_reminder:
            out += f"（{reminder['ja']}）"
        return out
    if keyword_reminder:
        head = " · ".join(bits)
        head = head[:1].lower() + head[1:]
        text = text[:1].lower() + text[1:]
        return f"{head} — {text}" if head else text
    head = " · ".join(bits)
    out = (f"{head} — " if head else "") + _cap(text) + "."
    if reminder:
        out += f" ({reminder['en']})"
    return out


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
