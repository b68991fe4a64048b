"""The ability model and its vocabulary registries: verbs, triggers, conditions, filters, amounts, keywords.

Card abilities are data (``cards/*.json``); this module turns them into ``Ability`` values and fails loudly
on any word it does not know. Kinds are separate: automatic (``auto``, 10.1.1.2), activated (``act``,
10.1.1.1), continuous (``cont``, 10.1.1.3) and the effect of an event card (``play``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .game import GameLike

Step = dict[str, Any]


class UnknownWord(ValueError):
    """Card data used a word that no registry knows."""


@dataclass(frozen=True)
class Entry:
    """A registered word and what it does (how it reads is the presentation layer's: ``presentation.cardtext``)."""

    name: str
    run: Callable


class Registry(dict):
    """Words of one part of the vocabulary; registering a word twice is an error."""

    def __init__(self, what: str):
        super().__init__()
        self.what = what

    def add(self, name: str, run: Callable | None) -> None:
        if name in self:
            raise ValueError(f"{self.what} '{name}' registered twice")
        self[name] = Entry(name, run)

    def need(self, name: str, where: str) -> Entry:
        try:
            return self[name]
        except KeyError:
            raise UnknownWord(f"{where}: unknown {self.what} '{name}'") from None

    def register(self, name: str) -> Callable:
        """Decorator form of ``add``."""

        def deco(fn: Callable) -> Callable:
            self.add(name, fn)
            return fn

        return deco


VERBS = Registry("verb")            # effect steps: generator fn(g, ctx, step)
TRIGGERS = Registry("trigger")      # fn(g, source_card, ability, event) -> bool
CONDITIONS = Registry("condition")  # fn(g, ctx_or_none, source_card, cond) -> bool
FILTERS = Registry("filter key")    # fn(g, card, value, ctx) -> bool
AMOUNTS = Registry("amount")        # fn(g, ctx, spec) -> int
CONTINUOUS = Registry("continuous effect")  # descriptors read by engine.rules.continuous; run unused
COSTS = Registry("cost")            # generator fn(g, ctx, part) paying it; see engine.rules.costs
KEYWORDS: dict[str, Callable[[Any], dict]] = {}   # keyword -> expansion into ability fields
# How the vocabulary is said: engine.presentation fills these slots ("ability", "steps", "card", "event"). The
# words' text is the presentation layer's (one card-text module per language); rules code that needs an ability
# said (a decision quoting it) goes through these slots, so the rules never import the text generator.
RENDER: dict[str, Callable[..., str]] = {}
# trigger word -> the event kinds it can react to; a trigger missing here is tried on every event (safe, slower)
TRIGGER_EVENTS: dict[str, frozenset[str]] = {}
# trigger word -> (event kind, data key) when it is "an event of that kind whose key names this card" (On Deploy,
# On Attack...): the event matching checks that inline instead of calling the word (engine.rules.events)
SELF_TRIGGERS: dict[str, tuple[str, str]] = {}


def keyword(name: str) -> Callable:
    """Register a keyword expansion ``fn(value) -> dict of ability fields`` (its printed name is card text)."""

    def deco(fn: Callable) -> Callable:
        if name in KEYWORDS:
            raise ValueError(f"keyword '{name}' registered twice")
        KEYWORDS[name] = fn
        return fn

    return deco


@dataclass(frozen=True)
class Ability:
    """One ability of a card, parsed from data."""

    kind: str                                   # auto | act | cont | play
    effect: tuple[Step, ...] = ()               # steps (auto/act/play) or continuous descriptors (cont)
    trigger: Step | None = None
    costs: tuple[tuple[Step, ...], ...] = ()    # alternatives; each a tuple of cost parts
    condition: Step | None = None
    once_per_turn: bool = False
    quick: bool = False
    zone: str = "base"                          # where the ability works (10.3.5)
    keyword: str | None = None
    value: Any = None
    number: str = ""
    index: int = 0
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    def __deepcopy__(self, memo: dict) -> Ability:
        return self   # immutable: game-state copies share it

    def text(self, lang: str = "en") -> str:
        """The ability as a player reads it (rendered by engine.presentation.text)."""
        return RENDER["ability"](self, lang)


def _norm_trigger(t: Any) -> Step | None:
    if t is None:
        return None
    return {"on": t} if isinstance(t, str) else dict(t)


def _norm_costs(c: Any) -> tuple[tuple[Step, ...], ...]:
    if not c:
        return ()
    if isinstance(c[0], dict):
        c = [c]
    return tuple(tuple(dict(p) for p in alt) for alt in c)


def parse_ability(raw: dict, number: str = "", index: int = 0) -> Ability:
    """Build an Ability from its data record, expanding keywords and validating every word."""
    data = dict(raw)
    kw = data.get("keyword")
    if kw is not None:
        if kw not in KEYWORDS:
            raise UnknownWord(f"{number}: unknown keyword '{kw}'")
        expanded = KEYWORDS[kw](data.get("value"))
        expanded.update({k: v for k, v in data.items() if k not in ("keyword", "value")})
        data = {**expanded, "keyword": kw, "value": data.get("value")}
    kind = data.get("kind")
    if kind not in ("auto", "act", "cont", "play"):
        raise UnknownWord(f"{number}: unknown ability kind '{kind}'")
    ab = Ability(
        kind=kind,
        effect=tuple(dict(s) for s in data.get("effect", ())),
        trigger=_norm_trigger(data.get("trigger")),
        costs=_norm_costs(data.get("cost")),
        condition=data.get("condition"),
        once_per_turn=bool(data.get("once_per_turn", False)),
        quick=bool(data.get("quick", False)),
        zone=data.get("zone", "base"),
        keyword=kw,
        value=data.get("value"),
        number=number,
        index=index,
        raw=dict(raw),
    )
    validate(ab)
    return ab


_GRANT_CACHE: dict[str, Ability] = {}


def granted(raw: dict) -> Ability:
    """The Ability for a granted-ability record (parsed once).

    Records come from card data and are never changed, so the same record object is looked up by identity
    first (the record is kept with its ability, so its id cannot be reused); an equal record met as another
    object is found by its contents."""
    hit = _GRANT_BY_ID.get(id(raw))
    if hit is not None and hit[0] is raw:
        return hit[1]
    key = repr(sorted(raw.items(), key=lambda kv: kv[0]))
    ab = _GRANT_CACHE.get(key)
    if ab is None:
        ab = _GRANT_CACHE[key] = parse_ability(raw, "granted", 0)
    if len(_GRANT_BY_ID) < 10_000:
        _GRANT_BY_ID[id(raw)] = (raw, ab)
    return ab


_GRANT_BY_ID: dict[int, tuple[dict, Ability]] = {}


def step_words(steps: Any) -> frozenset[str]:
    """Every verb of effect steps, nested ones (may, if, modes, repeat...) included: what an effect does, read
    from its data (a client can weigh an optional effect or a mode by it rather than by its English text)."""
    words: set[str] = set()
    todo = list(steps or ())
    while todo:
        s = todo.pop()
        if not isinstance(s, dict):
            continue
        words.add(s.get("do", ""))
        for key in ("steps", "then", "else"):
            todo.extend(s.get(key) or ())
        for mode in s.get("modes") or ():
            todo.extend(mode)
    return frozenset(words)


def render_steps(steps: Any, lang: str, one: bool | None = None) -> str:
    """Nested effect steps as text, through the renderer the presentation layer installed."""
    return RENDER["steps"](steps, lang, one=one)


def parse_abilities(raws: list[dict], number: str = "") -> tuple[Ability, ...]:
    return tuple(parse_ability(r, number, i) for i, r in enumerate(raws))


def validate(ab: Ability) -> None:
    """Fail loudly on any unknown word in an ability (verbs, triggers, conditions, filters, costs)."""
    where = f"{ab.number} ability {ab.index}"
    if ab.kind == "auto" and ab.trigger is None:
        raise UnknownWord(f"{where}: an automatic ability needs a trigger")
    if ab.trigger is not None:
        TRIGGERS.need(ab.trigger["on"], where)
        _validate_filter(ab.trigger.get("filter"), where)
    for alt in ab.costs:
        for part in alt:
            COSTS.need(part.get("do", ""), where)
            _validate_filter(part.get("filter"), where)
    _validate_condition(ab.condition, where)
    if ab.kind == "cont":
        for d in ab.effect:
            CONTINUOUS.need(d.get("do", ""), where)
            _validate_filter(d.get("filter"), where)
            _validate_condition(d.get("if"), where)
            if "ability" in d:
                parse_ability(d["ability"], ab.number, ab.index)
    else:
        _validate_steps(ab.effect, where)


def _validate_steps(steps: Any, where: str) -> None:
    for s in steps:
        VERBS.need(s.get("do", ""), where)
        _validate_filter(s.get("filter"), where)
        _validate_condition(s.get("if"), where)
        for key in ("then", "else", "steps"):
            if key in s:
                _validate_steps(s[key], where)
        for mode in s.get("modes", ()):
            _validate_steps(mode, where)
        if "ability" in s:
            parse_ability(s["ability"], where, 0)
        for key in ("count", "amount", "times", "x"):
            v = s.get(key)
            if isinstance(v, dict):
                AMOUNTS.need(v.get("of", ""), where)
                _validate_filter(v.get("filter"), where)


def _validate_filter(f: Any, where: str) -> None:
    if not f:
        return
    for key in f:
        FILTERS.need(key, where)


def _validate_condition(c: Any, where: str) -> None:
    if not c:
        return
    CONDITIONS.need(c.get("is", ""), where)
    _validate_filter(c.get("filter"), where)


class Ctx:
    """What an ability's resolution knows: who controls it, its source, what was chosen, paid and seen.

    A plain class with slots and its own ``__init__`` (not a dataclass with default factories): about 40 are made
    a game, and the dataclass's constructor cost three times as much."""

    __slots__ = ("controller", "source", "ability", "event", "chosen", "looked", "x", "paid", "vars")

    def __init__(self, controller: int, source: Any, ability: Ability | None = None, event: dict | None = None,
                 chosen: list[int] | None = None, looked: list[int] | None = None, x: int = 0,
                 paid: dict | None = None, vars: dict | None = None) -> None:  # noqa: A002  (the field's name)
        self.controller = controller
        self.source = source             # the Card object that played it (may have left the base since)
        self.ability = ability
        self.event = {} if event is None else event
        self.chosen = [] if chosen is None else chosen
        self.looked = [] if looked is None else looked
        self.x = x
        self.paid = {} if paid is None else paid
        self.vars = {} if vars is None else vars

    def __repr__(self) -> str:
        return "Ctx(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Ctx:
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None   # mutable: equal contexts may change apart, so none is a dict key

    @property
    def opponent(self) -> int:
        return 1 - self.controller


def run_steps(g: GameLike, ctx: Ctx, steps: tuple[Step, ...] | list[Step]) -> Iterator:
    """Resolve effect steps in order (a generator: it yields decisions and receives actions)."""
    for step in steps:
        if g.state.outcome is not None:
            return
        cond = step.get("if")
        if cond is not None and not check_condition(g, ctx, ctx.source, cond):
            continue
        entry = VERBS.get(step["do"]) or VERBS.need(step["do"], ctx.ability.number if ctx.ability else "effect")
        result = entry.run(g, ctx, step)
        if result is not None:
            yield from result


def check_condition(g: GameLike, ctx: Ctx | None, source: Any, cond: Step) -> bool:
    """Evaluate a condition word; ``not: true`` negates it."""
    entry = CONDITIONS.get(cond["is"]) or CONDITIONS.need(cond["is"], "condition")
    value = entry.run(g, ctx, source, cond)
    return not value if cond.get("not") else bool(value)


def amount(g: GameLike, ctx: Ctx, spec: Any) -> int:
    """An integer, ``"X"`` (the ability's X), or ``{"of": word, ...}`` computed by an AMOUNTS word."""
    if spec is None:
        return 1
    if isinstance(spec, int):
        return spec
    if spec == "X":
        return ctx.x
    if isinstance(spec, dict):
        value = AMOUNTS.need(spec["of"], "amount").run(g, ctx, spec)
        return value + spec.get("plus", 0)
    raise UnknownWord(f"bad amount {spec!r}")


def matches(g: GameLike, card: Any, filt: dict | None, ctx: Ctx | None) -> bool:
    """Whether a card matches every key of a filter."""
    if not filt:
        return True
    for key, value in filt.items():
        if not FILTERS[key].run(g, card, value, ctx):
            return False
    return True
