"""The decision loop: ``Game`` advances by itself until a player must decide, then exposes one Decision.

The flow of a game (setup 6.2, the five phases of a turn 7) lives here as one generator that yields
decisions; ``Game.apply`` checks a choice against the pending decision and sends it in.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from ..model.actions import BY_TEXT, Action, Decision, DecisionKind, IllegalAction, as_action, decision
from ..model.carddb import CARDS
from ..model.game import GameLike
from ..model.limits import a_number, excerpt
from ..model.message import Msg
from ..model.outcome import GameOver, Outcome, OutcomeReason
from ..model.state import MAX_SOULS, SOULS_PER_TURN, START_HAND, Player, State, Trigger, state_digest
from ..model.version import RECORD_FORMAT, __version__
from . import deck as deck_rules
from .battle import battle_steps
from .checks import check_timing, timing_due
from .events import emit, emit_data
from .options import fast_quick_options, main_options, quick_options
from .play import perform
from .zones import draw, move, shuffle

SNAPSHOT_EVERY = 32   # decisions between undo snapshots: rewinding replays at most this many (about 1-2 ms)
PHASES = ("stand", "draw", "soul", "main", "end")


def new_state(decks: tuple[list[str], list[str]], seed: int) -> State:
    """A state before setup: both 50-card decks in their deck zones, 10 souls in each soul deck.

    A decklist is kept sorted: the same cards in any order make the same game (and the order a player
    listed them in cannot show through the shuffle)."""
    state = State(players=[Player(0), Player(1)], rng=random.Random(seed))
    for i, deck in enumerate(decks):
        p = state.players[i]
        p.decklist = decklist(deck)
        p.deck = state.new_cards(p.decklist, i, "deck")
    return state


def decklist(deck: Iterable[str]) -> tuple[str, ...]:
    """The canonical card numbers of a deck, sorted; raises UnknownCard for a number that is not a card's."""
    numbers = deck if deck.__class__ is list or deck.__class__ is tuple else list(deck)
    if set(map(type, numbers)) == _STR and _CARD_NUMBERS() >= set(numbers):
        # the usual deck list, every number already canonical: checked in two C-level passes
        return tuple(sorted(numbers))
    return tuple(sorted(n if deck_rules.known(n) else CARDS.canonical(n) for n in numbers))


_STR = {str}
_CARD_NUMBERS = CARDS.keys   # called at each use: the numbers of the card data as it is then (a test may add one)


class Game:
    """A game in progress, driven only through ``decision`` and ``apply``."""

    def __init__(self, state: State, setup: dict, start: str = "setup", snapshots: bool = True,
                 origin: Callable[[], State] | None = None, *, own_decks: bool = False):
        """A game from ``state`` at ``start``; ``origin`` rebuilds that state for rewinding (else it is copied).

        ``own_decks``: the card objects of the decks were just made for this game and nothing else holds them
        (``Game.new``), so the setup shuffle may renumber them in place instead of copying them."""
        self.state = state
        self._own_decks = own_decks and start == "setup" and origin is not None
        self.setup = setup
        self.choices: list[str] = []
        self.warnings: list[str] = []   # e.g. a replay recorded by another engine or card data version
        self.snapshots: list[tuple[int, State, int]] = []
        self._snap_enabled = snapshots
        self._start = start
        # the state before the first decision, which rewind replays from: rebuilt on demand, or kept as a copy
        self._origin = origin if origin is not None else state.clone().clone
        self.decision: Decision | None = None
        self._flow = self._run(start)
        self._send(None)

    # --- construction ------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, deck0: list[str], deck1: list[str], seed: int = 0, first: int | None = None,
            snapshots: bool = True, check_decks: bool = True) -> Game:
        """A new game between two decks of card numbers; ``first`` fixes who goes first (else the rules decide).

        Decks that break the deck-construction rules (6.1) raise ``engine.deck.DeckError`` naming every broken
        rule. ``check_decks=False`` skips that check, for tests and lessons that need odd decks; the setup then
        records ``"check_decks": False``.
        """
        if check_decks:
            deck_rules.check_decks((deck0, deck1))
        state = new_state((deck0, deck1), seed)
        setup = {"decks": [list(state.players[0].decklist), list(state.players[1].decklist)], "seed": seed,
                 "first": first}
        if not check_decks:
            setup["check_decks"] = False
        decks = (state.players[0].decklist, state.players[1].decklist)   # tuples: the caller's lists may change
        return cls(state, setup, "setup", snapshots, lambda: new_state(decks, seed), own_decks=True)

    # --- the loop ----------------------------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def log(self) -> list:
        return self.state.log

    def close(self) -> None:
        """Stop a game that will not be played on (a search's rollout cut short): its decision loop's frame refers
        back to the game, so an abandoned game would wait, with its cards and log, for Python's cycle collector;
        closed, reference counting frees it at once. A closed game has no decision."""
        self._flow.close()
        self.decision = None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.decision.options if self.decision else ()

    def why_not(self, action: Action | str) -> str | None:
        """The readable reason an action is not legal now, or None if it is."""
        try:
            self._check(action)
        except IllegalAction as e:
            return e.args[0] if e.args and isinstance(e.args[0], Msg) else str(e)
        return None

    def apply(self, action: Action | str) -> None:
        """Apply a choice to the pending decision; an illegal one raises IllegalAction and changes nothing."""
        d = self.decision
        cls = action.__class__
        # the text of an action the engine made is that very object (what ``Action.parse`` returns for it)
        made = BY_TEXT.get(action) if cls is str else action if cls is Action and action.checked else None
        if made is not None and d is not None and made.verb != "concede":
            for option in d.options:   # (a loop: about five options, the chosen one early; no iterator objects)
                if option is made:
                    # the very object listed among the options (an engine-made action, or its text): legal
                    self.choices.append(made.text)
                    try:   # ``_send`` written out: this is the path of nearly every choice
                        self.decision = self._flow.send(made)
                    except (GameOver, StopIteration):
                        self.decision = None
                    return
        action = self._check(action)
        if action.verb == "concede":
            self._concede(conceder(action))
            return
        self.choices.append(action.text)
        self._send(action)

    def apply_index(self, index: int) -> None:
        """Apply the option at ``index`` of ``decision.options`` (the index a compact replay link stores).

        It is the same choice as ``apply(decision.options[index])`` and is recorded by its text, but skips
        parsing and the search among the options. An index that is not a whole number from 0 to
        ``len(decision.options) - 1`` raises IllegalAction and changes nothing."""
        d = self.decision
        if d is None:
            raise IllegalAction("The game is over.")
        if not a_number(index) or not 0 <= index < len(d.options):
            raise IllegalAction(f"There is no option number {excerpt(index)}; this decision has options 0 to "
                                f"{len(d.options) - 1}.")
        action = d.options[index]
        self.choices.append(action.text)
        self._send(action)

    def _check(self, action: Action | str) -> Action:
        """The Action a choice stands for, if it is legal now; else IllegalAction with the reason."""
        action = as_action(action)
        if self.decision is None:
            raise IllegalAction("The game is over.")
        if action.verb == "concede":
            conceder(action)
        else:
            self.decision.find(action)
        return action

    def concede(self, player: int) -> None:
        """1.2.3: a player may concede at any time and loses. It is recorded as the choice ``concede P``, so a
        replay ends the same way; conceding a game that is already over does nothing."""
        if not a_number(player) or player not in (0, 1):
            raise IllegalAction(f"Only player 0 or player 1 can concede, not {excerpt(player)}.")
        if self.decision is not None:
            self.apply(Action("concede", (str(player),)))

    def _concede(self, player: int) -> None:
        self.choices.append(f"concede {player}")
        self.state.outcome = Outcome(1 - player, OutcomeReason.CONCEDE)
        emit(self, "game_over", "1.2.3", winner=1 - player, reason="concede")
        self.decision = None

    def _send(self, action: Action | None) -> None:
        try:
            self.decision = self._flow.send(action)
        except GameOver:
            self.decision = None
        except StopIteration:
            self.decision = None

    # --- snapshots and rewind ----------------------------------------------------------------------------------
    def _snapshot(self) -> None:
        """Remember the state at a main-phase decision so rewind stays fast late in a game."""
        if not self._snap_enabled:
            return
        n = len(self.choices)
        if self.snapshots and n - self.snapshots[-1][0] < SNAPSHOT_EVERY:
            return
        log = self.state.log
        self.state.log = []
        snap = self.state.clone()
        self.state.log = log
        self.snapshots.append((n, snap, len(log)))

    def rewind(self, n: int) -> Game:
        """A new game at decision number ``n`` (0 = the first decision), replaying from the nearest snapshot."""
        if not a_number(n) or not 0 <= n <= len(self.choices):
            raise IllegalAction(f"There is no decision number {excerpt(n)}; this game has decisions 0 to "
                                f"{len(self.choices)}.")
        base = None
        for snap in self.snapshots:
            if snap[0] <= n:
                base = snap
        if base is None:
            game = Game(self._origin(), self.setup, self._start, self._snap_enabled, self._origin)
            game.warnings = list(self.warnings)
            start = 0
        else:
            idx, snap, loglen = base
            state = snap.clone()
            state.log = list(self.state.log[:loglen])
            game = Game.__new__(Game)
            game.state, game.setup = state, self.setup
            game.choices = list(self.choices[:idx])
            game.warnings = list(self.warnings)
            game.snapshots = [s for s in self.snapshots if s[0] <= idx]
            game._snap_enabled, game._start, game._origin = self._snap_enabled, self._start, self._origin
            game._own_decks = False
            game._flow = game._run("resume_main")
            game.decision = None
            game._send(None)
            start = idx
        for text in self.choices[start:n]:
            game.apply(text)
        return game

    def record(self) -> dict:
        """The replay: versions, the setup and every choice (read back by ``engine.replay.load``)."""
        return {"format": RECORD_FORMAT, "engine": __version__, "cards": CARDS.version, "setup": self.setup,
                "choices": list(self.choices), "final": state_digest(self.state)}

    # --- the flow of the game ----------------------------------------------------------------------------------
    def _run(self, start: str) -> Iterator[Decision]:
        """The whole game: the setup (6.2), then turn after turn (7) from the phase ``start`` names.

        A turn and its main phase are written out here rather than in generators of their own: every decision
        passes through each level of ``yield from`` on its way out and its answer on its way in (about 70 ns a
        level a decision, 0.25% of a game). The other phases keep their own generators (they yield rarely)."""
        state = self.state
        phase = "stand"
        if start == "setup":
            yield from self._setup()
        elif start == "redraw":     # a game built at a player's redraw (6.2.7): the hands are dealt
            yield from self._redraws()
        elif start in ("resume_main", "battle") or start in PHASES:
            phase = start
        while True:
            resume = phase in ("resume_main", "battle")   # a rewind or scenario resumes in the middle of a turn
            if resume:
                if phase == "battle":   # a scenario that starts in a battle (its pending abilities resolve first)
                    if timing_due(self):
                        yield from check_timing(self)
                    if state.battle is not None:
                        yield from battle_steps(self, state.battle, state.battle.step)
                    if timing_due(self):
                        yield from check_timing(self)
            else:
                emit_data(self, "turn_start", "7.1", {"player": state.turn_player, "turn": state.turn})
                first = PHASES.index(phase)   # (a scenario may start in any phase; a game starts at the stand)
                if first == 0:
                    yield from self._stand()
                if first <= 1:
                    yield from self._draw()
                if first <= 2:
                    yield from self._soul()
            if resume or first <= 3:
                # 7.5 / 8: the main phase, the turn player's play timing repeated until they end it (written out
                # here too: most decisions are main decisions)
                tp = state.turn_player
                state.phase = "main"
                if not resume:
                    emit_data(self, "main_phase", "7.5", {"player": tp})
                    if timing_due(self):
                        yield from check_timing(self)
                # the same prompt, kind and (lazy) reasons serve every decision of this phase: made once a phase
                prompt, kind = Msg("prompt.main"), DecisionKind.MAIN
                rejected = partial(_main_rejections, self, tp)   # (the reasons only when a client asks)
                while True:
                    legal, _ = main_options(self, tp, reasons=False)
                    if self._snap_enabled:
                        self._snapshot()
                    choice = yield decision(tp, kind, prompt, tuple(legal), None, {}, rejected)
                    if choice.verb == "end":
                        break
                    yield from perform(self, tp, choice)
                    if timing_due(self):
                        yield from check_timing(self)
            yield from self._end()
            phase = "stand"
            state.turn += 1
            state.turn_player = 1 - state.turn_player

    def _setup(self) -> Iterator[Decision]:
        """6.2: shuffle, a random player chooses who goes first, second player's soul, draw 5, redraw once."""
        state = self.state
        state.phase = "setup"
        for i in (0, 1):
            if self._own_decks:
                self._shuffle_own_deck(i)
            else:
                shuffle(self, i)
        first = self.setup.get("first")
        if first is None:
            chooser = state.rng.randrange(2)
            choice = yield Decision(chooser, DecisionKind.FIRST, Msg("prompt.first"),
                                    (Action.of("first"), Action.of("second")))
            first = chooser if choice.verb == "first" else 1 - chooser
        state.first_player = state.turn_player = first
        emit(self, "first_player", "6.2.3", player=first)
        second = state.players[1 - first]
        second.soul_deck -= 1
        second.souls_standing += 1
        emit_data(self, "soul_gain", "6.2.5", {"player": 1 - first, "count": 1})
        for i in (0, 1):
            draw(self, i, START_HAND)
        yield from self._redraws()

    def _redraws(self) -> Iterator[Decision]:
        """6.2.7: the first player, then the second, may redraw their hand once; then the first turn begins. A
        player whose redraw is done already is passed over (a game started at the second player's redraw)."""
        state = self.state
        first = state.first_player
        for i in (first, 1 - first):
            if state.players[i].redraw_done:
                continue
            choice = yield Decision(i, DecisionKind.REDRAW, Msg("prompt.redraw"),
                                    (Action.of("keep"), Action.of("redraw")))
            p = state.players[i]
            p.redraw_done = True
            if choice.verb == "redraw":
                for c in list(p.hand):
                    move(self, c, "deck", quiet=True)
                if self._own_decks and not state.cards_shared:   # still only this game's card objects
                    self._shuffle_own_deck(i)
                else:
                    shuffle(self, i)
                draw(self, i, START_HAND)
                emit(self, "redraw", "6.2.7", player=i)
        state.turn = 1

    def _shuffle_own_deck(self, player: int) -> None:
        """``zones.shuffle`` of a deck whose card objects only this game holds (made by ``new_state``, or by
        the moves of a redraw, while no copy of the state shares them: ``State.cards_shared``): the same order
        and the same new ids, given in place rather than to copies (100 cards a game, 50 more a redraw)."""
        state = self.state
        deck = state.players[player].deck
        state.rng.shuffle(deck)
        state.renumber(deck)
        emit(self, "shuffle", "", player=player)

    def _stand(self) -> Iterator[Decision]:
        """7.2: stand every card in the base and soul area, except those an effect keeps resting: through this
        stand phase (``skip_next_stand``, which then ends) or while its source stays (``cannot_stand``)."""
        state = self.state
        tp = state.turn_player
        state.phase = "stand"
        p = state.players[tp]
        effects = state.effects
        held = {e.target for e in effects
                if e.kind == "cannot_stand" or (e.kind == "skip_next_stand" and e.until_stand_of == tp)} if effects else ()
        for c in p.base:
            if c.id not in held:
                c.rested = False
        p.souls_standing += p.souls_rested
        p.souls_rested = 0
        emit_data(self, "stand_phase", "7.2.1", {"player": tp})
        if state.effects:   # most turns have none: no list to rebuild
            state.effects = [e for e in state.effects if e.until_stand_of != tp]
        if timing_due(self):
            yield from check_timing(self)

    def _draw(self) -> Iterator[Decision]:
        """7.3: draw 1; the first player skips the draw phase of the first turn (7.3.1)."""
        state = self.state
        if state.turn == 1:
            return
        state.phase = "draw"
        emit_data(self, "draw_phase", "7.3", {"player": state.turn_player})
        if timing_due(self):
            yield from check_timing(self)
        draw(self, state.turn_player, 1)
        if timing_due(self):
            yield from check_timing(self)

    def _soul(self) -> Iterator[Decision]:
        """7.4: move 2 souls from the soul deck to the soul area, fewer if fewer remain (max 10 souls)."""
        state = self.state
        state.phase = "soul"
        p = state.players[state.turn_player]
        emit_data(self, "soul_phase", "7.4", {"player": p.index})
        if timing_due(self):
            yield from check_timing(self)
        n = min(SOULS_PER_TURN, p.soul_deck, MAX_SOULS - p.souls)
        p.soul_deck -= n
        p.souls_standing += n
        emit_data(self, "soul_gain", "7.4.2", {"player": p.index, "count": n})
        if timing_due(self):
            yield from check_timing(self)

    def quick_step(self, defender: int) -> Iterator[Decision]:
        """9.5: the defending player may play Quick events and abilities, any number; the attacker may not.

        The step is offered even when only "pass" is legal: whether the defender holds a usable Quick card
        or Interrupt is hidden information, so the sequence of decisions must not depend on it.
        """
        state = self.state
        emit_data(self, "quick_step", "9.5", {"player": defender})
        prompt, kind = Msg("prompt.quick"), DecisionKind.QUICK
        rejected = lambda: quick_options(self, defender)[1]   # noqa: E731  (only when a client asks)
        while state.battle is not None and not state.battle.nullified:
            legal = fast_quick_options(self, defender)
            choice = yield decision(defender, kind, prompt, tuple(legal), state.battle.attacker, {}, rejected)
            if choice.verb == "pass":
                return
            yield from perform(self, defender, choice)
            if timing_due(self):
                yield from check_timing(self)

    def _end(self) -> Iterator[Decision]:
        """7.6: end-of-turn triggers, then damage becomes 0 and 'until end of turn' effects end; repeat if needed."""
        state = self.state
        state.phase = "end"
        emit_data(self, "end_of_turn", "7.6.1", {"player": state.turn_player, "turn": state.turn})
        while True:
            fire_delayed(self)
            if timing_due(self):
                yield from check_timing(self)
            for base in (state.players[0].base, state.players[1].base):
                for c in base:
                    c.damage = 0
            if state.effects:
                state.effects = [e for e in state.effects if e.until_turn is None or e.until_turn > state.turn]
            emit_data(self, "end_cleanup", "7.6.3", {"turn": state.turn})
            # 7.6.5: 'at the end of turn' abilities that have not fired yet this turn (e.g. of a card that arrived
            # during the end phase) fire now and the end phase repeats; the probe is dropped from the log if idle
            mark = len(state.log)
            emit_data(self, "end_of_turn", "7.6.1", {"player": state.turn_player, "turn": state.turn})
            if not state.pending and not (state.delayed and any(d["turn"] == state.turn for d in state.delayed)):
                del state.log[mark:]
                break
        state.end_fired = set()


def _main_rejections(g: Game, player: int) -> list:
    """The main options that are not legal now, with their reasons (a main decision's ``rejected``)."""
    return main_options(g, player)[1]


def conceder(action: Action) -> int:
    """The player a ``concede P`` choice names (0 or 1); anything else raises IllegalAction."""
    if action.args not in (("0",), ("1",)):
        raise IllegalAction(f"A concession names the player who concedes: 'concede 0' or 'concede 1', not "
                            f"{excerpt(action.text)}.")
    return int(action.args[0])


def fire_delayed(g: GameLike) -> None:
    """Delayed 'at the end of that turn' abilities created earlier this turn become pending."""
    state = g.state
    if not state.delayed:
        return
    keep = []
    for d in state.delayed:
        if d["turn"] == state.turn:
            state.pending.append(Trigger(d["controller"], d["source"], 0, {"kind": "end_of_turn"}, d["ability"]))
        else:
            keep.append(d)
    state.delayed = keep


def engine_version() -> str:
    return __version__
