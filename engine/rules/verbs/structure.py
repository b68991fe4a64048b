"""Verbs that hold other steps: may, if, modes (a decision among them) and repeat."""
from __future__ import annotations

from collections.abc import Iterator

from ...model.abilities import VERBS, Ctx, amount, check_condition, run_steps, step_words
from ...model.actions import Action, Decision, DecisionKind
from ...model.game import GameLike
from ...model.message import Msg
from .targets import asking


@VERBS.register("may")
def v_may(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    """An optional part: the controller says yes or no (Q&A official-46)."""
    if s.get("if_possible") and not check_condition(g, ctx, ctx.source, s["if_possible"]):
        ctx.vars["did"] = False
        return
    prompt = Msg("prompt.may", card=ctx.source.number, may=s["steps"], ability=asking(ctx))
    choice = yield Decision(ctx.controller, DecisionKind.MAY, prompt, (Action.of("yes"), Action.of("no")),
                            ctx.source.id, {"does": sorted(step_words(s["steps"]))})
    ctx.vars["did"] = choice.verb == "yes"
    if ctx.vars["did"]:
        yield from run_steps(g, ctx, s["steps"])


@VERBS.register("if")
def v_if(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    branch = s["then"] if check_condition(g, ctx, ctx.source, s["cond"]) else s.get("else", [])
    yield from run_steps(g, ctx, branch)


@VERBS.register("modes")
def v_modes(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    options = tuple(Action.of("mode", i) for i in range(len(s["modes"])))
    labels, words = _mode_labels(s)
    choice = yield Decision(ctx.controller, DecisionKind.MODE, Msg("prompt.modes", card=ctx.source.number), options,
                            ctx.source.id, {"modes": list(labels), "modes_do": [list(w) for w in words]})
    yield from run_steps(g, ctx, s["modes"][int(choice.args[0])])


def _mode_labels(s: dict) -> tuple[tuple[Msg, ...], tuple[tuple[str, ...], ...]]:
    """Each mode's label (a message quoting its steps) and words, made once per step: both come from the step
    data alone. The step is kept with them, so the id it is found by is not reused."""
    kept = _MODES.get(id(s))
    if kept is None or kept[0] is not s:
        modes = s["modes"]
        kept = _MODES[id(s)] = (s, tuple(Msg("part.mode", steps=m) for m in modes),
                                tuple(tuple(sorted(step_words(m))) for m in modes))
    return kept[1], kept[2]


_MODES: dict[int, tuple] = {}


@VERBS.register("repeat")
def v_repeat(g: GameLike, ctx: Ctx, s: dict) -> Iterator:
    for _ in range(amount(g, ctx, s.get("times", "X"))):
        yield from run_steps(g, ctx, s["steps"])
