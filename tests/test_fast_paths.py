"""The fast paths of the engine give exactly what the general paths give: legal options from per-card facts
(compared with the option-by-option rules over thousands of decisions), the base index, the state copy used for
undo snapshots, and applying an option by its index."""
from __future__ import annotations

import copy
import dataclasses
import gc
import random

import pytest
from kit import random_games

from engine import Game
from engine.bench import random_deck
from engine.clients.ai import RandomPlayer
from engine.model.actions import Action, DecisionKind
from engine.model.state import PAL_LIMIT, ZONES, Card, Player, State, state_digest
from engine.rules.continuous import BaseIndex, base_index
from engine.rules.options import fast_main_options, fast_quick_options, general_main_options, quick_options


def test_fast_legal_options_equal_the_general_path_over_thousands_of_decisions():
    """Main (8, 9.2) and quick-step (9.5) options from the fast path equal, in order, those of the general rules."""
    main = quick = 0
    for game in random_games(40, 11):
        d = game.decision
        if d.kind == DecisionKind.MAIN:
            assert fast_main_options(game, d.player) == general_main_options(game, d.player, reasons=False)[0]
            main += 1
        elif d.kind == DecisionKind.QUICK:
            assert fast_quick_options(game, d.player) == quick_options(game, d.player)[0]
            quick += 1
    assert main > 2000 and quick > 100


def test_the_base_index_always_matches_the_bases():
    """The maintained index of what the bases hold equals one built from scratch at every decision."""
    for game in random_games(10, 5):
        kept, fresh = base_index(game.state), BaseIndex(game.state)
        assert kept.cards == fresh.cards
        assert kept.grant_sources == fresh.grant_sources
        assert kept.cont == fresh.cont and kept.listeners == fresh.listeners


def _fields(obj) -> dict:
    """The fields a copy must reproduce (the index and the quiet mark are derived, and a copy starts without; the
    mark of shared cards says whether a copy was made)."""
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)
            if f.name not in ("rng", "base_index", "rules_quiet", "cards_shared")}


@pytest.mark.slow
def test_state_clone_equals_a_deep_copy_and_is_independent():
    """``State.clone`` (undo snapshots) copies every field a deep copy does, shares nothing mutable, and keeps
    the random generator's position; the field lists it copies cover every field of Player and Card."""
    assert {f.name for f in dataclasses.fields(Player)} == {
        "deck", "hand", "base", "graveyard", "exile", "resolution", *__import__(
            "engine.model.state", fromlist=["_PLAYER_VALUES"])._PLAYER_VALUES}
    card_fields = {f.name for f in dataclasses.fields(Card)}
    assert card_fields == {"id", "number", "owner", "zone", "rested", "damage", "entered_turn", "assigned_turn",
                           "exiled_by", "tags", "defn"}
    assert {f.name for f in dataclasses.fields(State)} == {
        "players", "rng", "next_id", "turn", "turn_player", "first_player", "phase", "battle", "effects", "pending",
        "delayed", "used", "end_fired", "outcome", "log", "base_index", "maybe_damaged",
        "rules_quiet", "cards_shared"}
    checked = 0
    for game in random_games(6, 3):
        state = game.state
        clone, deep = state.clone(), copy.deepcopy(state)
        assert _fields(clone) == _fields(deep)
        assert clone.rng.getstate() == state.rng.getstate()
        for p, q in zip(state.players, clone.players, strict=True):
            assert all(a is not b for a, b in zip(p.base, q.base, strict=True))   # base cards change in place
            for zone in ("deck", "hand", "base", "graveyard", "exile", "resolution"):
                assert p.zone(zone) is not q.zone(zone)
        assert clone.effects is not state.effects and clone.used is not state.used
        assert clone.rules_quiet is None   # a copy's first check looks at its own state
        assert state.cards_shared and clone.cards_shared   # both hold the same cards outside the bases now
        checked += 1
    assert checked > 500


@pytest.mark.slow
def test_a_snapshot_stays_as_it_was_while_the_game_goes_on():
    """Cards outside the bases are shared with snapshots, which is safe because the engine never changes such a
    card in place: every snapshot of a long game still has the digest, and every card the same fields, it had
    when it was taken. (A change in place would last, so checking every few decisions and at the end of each
    game finds it; checking at every decision made this test take minutes.)"""
    def cards_of(state) -> list[tuple]:
        return [dataclasses.astuple(c) for p in state.players for z in ZONES for c in p.zone(z)]

    def unchanged(snaps: list) -> None:
        for snap, digest, cards in snaps:
            assert state_digest(snap) == digest
            assert cards_of(snap) == cards

    rng = random.Random(21)
    checked = taken = 0
    for _ in range(4):
        s = rng.randrange(2**31)
        grng = random.Random(s)
        game = Game.new(random_deck(grng), random_deck(grng), s, snapshots=False)
        players = [RandomPlayer(s), RandomPlayer(s + 1)]
        snaps: list = []
        while game.decision is not None:
            if len(game.choices) % 7 == 0:
                snap = game.state.clone()
                snaps.append((snap, state_digest(snap), cards_of(snap)))
            if len(game.choices) % 12 == 0:
                unchanged(snaps)
                checked += 1
            d = game.decision
            game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
        unchanged(snaps)
        taken += len(snaps)
    assert taken > 40 and checked > 20


def test_a_clone_given_the_generator_state_read_once_is_the_same_clone():
    """A search copies one sampled world for each candidate and reads its generator's state once
    (``State.clone(rng_state)``): each copy's generator then draws what the original would, and none shares
    its position with another."""
    rng = random.Random(6)
    game = Game.new(random_deck(rng), random_deck(rng), 6, snapshots=False)
    state = game.state
    read = state.rng.getstate()
    one, two = state.clone(read), state.clone(read)
    assert _fields(one) == _fields(state.clone())
    assert one.rng is not two.rng
    draws = [one.rng.random() for _ in range(5)]
    assert draws == [two.rng.random() for _ in range(5)] == [state.rng.random() for _ in range(5)]


def test_a_game_continued_from_a_clone_is_the_same_game():
    """Rewinding uses clones: a rewound game replays to the same final state as the original."""
    rng = random.Random(8)
    game = Game.new(random_deck(rng), random_deck(rng), 8)
    player = RandomPlayer(8)
    while game.decision is not None:
        game.apply(player.choose({"decision": {"options": [a.text for a in game.decision.options]}}))
    for n in (0, 5, len(game.choices) // 2, len(game.choices)):
        back = game.rewind(n)
        for text in game.choices[n:]:
            back.apply(text)
        assert state_digest(back.state) == state_digest(game.state)


def test_view_of_an_unchanged_game_is_memoised_and_follows_every_change():
    """``view`` of the same unchanged game is the same dict; after a choice it is built again, for each player."""
    from engine import view

    rng = random.Random(4)
    game = Game.new(random_deck(rng), random_deck(rng), 4, snapshots=False)
    first = view(game, 0)
    assert view(game, 0) is first and view(game, 1) is not first
    assert view(game, 0, "ja") is not first and view(game, 0, log_tail=0) is not first
    game.apply(game.decision.options[0])
    again = view(game, 0)
    assert again is not first and again != first


def test_apply_index_is_the_same_choice_as_apply_and_refuses_bad_indexes():
    """``apply_index(i)`` applies ``decision.options[i]`` and records its text; a bad index changes nothing."""
    from engine import IllegalAction

    rng = random.Random(6)
    decks = random_deck(rng), random_deck(rng)
    by_text, by_index = Game.new(*decks, 6, snapshots=False), Game.new(*decks, 6, snapshots=False)
    player = random.Random(1)
    for _ in range(60):
        if by_text.decision is None:
            break
        i = player.randrange(len(by_text.decision.options))
        by_text.apply(by_text.decision.options[i].text)
        by_index.apply_index(i)
        assert by_index.choices == by_text.choices
    assert state_digest(by_index.state) == state_digest(by_text.state)
    for bad in (-1, len(by_index.decision.options), 1.5, True, "0", None):
        before = list(by_index.choices)
        try:
            by_index.apply_index(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"apply_index({bad!r}) was accepted")
        assert by_index.choices == before


def test_the_bench_plays_the_same_games_by_index_and_with_snapshots():
    """The benchmark's variants (by index, with snapshots) play the very same games as the plain one."""
    from engine.bench import run

    plain = run(8, 3)
    assert run(8, 3, by_index=True)["decisions_per_s"] > 0
    assert plain["games"] == 8
    rng = random.Random(3)
    for _ in range(8):
        s = rng.randrange(2**31)
        grng = random.Random(s)
        decks = random_deck(grng), random_deck(grng)
        games = []
        for snapshots, by_index in ((False, False), (True, False), (False, True)):
            game = Game.new(*decks, s, snapshots=snapshots)
            players = [RandomPlayer(s), RandomPlayer(s + 1)]
            while (d := game.decision) is not None:
                if by_index:
                    game.apply_index(players[d.player].choose_index(d.options))
                else:
                    game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
            games.append((game.choices, state_digest(game.state)))
        assert games[0] == games[1] == games[2]


def _same_index(kept: BaseIndex, fresh: BaseIndex) -> bool:
    return (kept.cards == fresh.cards and kept.grant_sources == fresh.grant_sources and kept.cont == fresh.cont
            and kept.listeners == fresh.listeners and kept.granted_events == fresh.granted_events
            and kept.granted_keywords == fresh.granted_keywords and kept.granted_acts == fresh.granted_acts
            and kept.granted_conts == fresh.granted_conts)


def _stale_indexes(games: int, seed: int) -> tuple[int, int]:
    """(decisions at which the kept base index differs from one built from scratch, decisions seen)."""
    stale = seen = 0
    for game in random_games(games, seed):
        kept = game.state.base_index
        if kept is not None:
            seen += 1
            stale += not _same_index(kept, BaseIndex(game.state))
    return stale, seen


def test_the_base_index_is_updated_in_step_with_every_move(monkeypatch):
    """A card entering or leaving a base updates the index in place (no rebuild); right after every such move
    the index equals one built from scratch (same order of cards, descriptors and listeners)."""
    from engine.rules import zones

    update = zones.card_moved
    checked = []

    def update_and_compare(state, card, entered):
        update(state, card, entered)
        if state.base_index is not None:
            assert _same_index(state.base_index, BaseIndex(state))
            checked.append(entered)

    monkeypatch.setattr(zones, "card_moved", update_and_compare)
    stale, seen = _stale_indexes(20, 17)
    assert stale == 0 and seen > 2000
    assert checked.count(True) > 300 and checked.count(False) > 200


def test_a_base_index_not_kept_in_step_would_be_caught(monkeypatch):
    """The comparison above would catch an index that a move forgot to update."""
    from engine.rules import zones

    monkeypatch.setattr(zones, "card_moved", lambda state, card, entered: None)
    stale, _seen = _stale_indexes(3, 17)
    assert stale > 0


# --- third round (perf-a): main options from per-card plans, choices found by their text, deck lists ----------

def test_the_simple_cost_checks_agree_with_the_general_rule_over_thousands_of_decisions():
    """10.4.2.2 (a cost is paid in full or not at all): for every printed activated ability of every base card at
    every main decision, the plan's simple checks (souls, resting this card, consuming, assigning, discarding,
    milling, butchering: 5.16) say what ``why_cannot_pay`` says, or defer to it."""
    from engine.model.abilities import Ctx
    from engine.rules.costs import why_cannot_pay
    from engine.rules.options import _free_pals, _main_plan, _pay_simply

    compared = deferred = 0
    words = set()
    for game in random_games(30, 23):
        d = game.decision
        if d.kind != DecisionKind.MAIN:
            continue
        state = game.state
        p = state.players[d.player]
        free = _free_pals(state, p)
        for card in p.base:
            for _i, ab, _once, _suffix, souls, rest, parts, assigns, alt, _made in _main_plan(card.defn):
                assert assigns == any(part["do"] == "assign" for part in alt) or parts is None
                general = why_cannot_pay(game, Ctx(d.player, card, ab), alt) is None
                simple = None if parts is None else (souls <= p.souls_standing and not (rest and card.rested)
                                                     and (not parts or _pay_simply(p, card, parts, free)))
                if simple is None or (parts and _pay_simply(p, card, parts, free) is None):
                    deferred += 1
                    continue
                assert simple == general, (card.number, alt)
                compared += 1
                words.update(part["do"] for part in alt)
    assert compared > 3000 and deferred > 0
    assert {"rest_self", "assign", "consume", "discard", "mill", "butcher"} <= words


def test_the_kept_actions_are_the_actions_their_values_make():
    """Play, activate and attack actions kept by card id (and reused across decisions and games) have the text
    and values a fresh ``Action`` of the same verb and arguments has, at every main decision."""
    from engine.model.actions import Action

    seen = 0
    for game in random_games(20, 29):
        d = game.decision
        if d.kind != DecisionKind.MAIN:
            continue
        for a in d.options:
            fresh = Action(a.verb, a.args)
            assert a == fresh and a.text == fresh.text and a.checked
            assert Action.parse(a.text) is a   # kept by its text too: a chosen text finds this very option
            seen += 1
    assert seen > 10000


def test_actions_made_from_their_words_are_the_actions_of_their_values():
    """``made_of`` (the kept play, attack and activate actions put their words together themselves) gives the
    very object ``Action.of`` gives for the same values, whichever is asked first, also after the tables of
    made actions are emptied; and its action's text parses back to it."""
    from engine.model.actions import Action, forget_actions, made_of
    from engine.rules import kept_actions

    makers = [(lambda v: kept_actions._play_of(v[1]), ("play",)),
              (lambda v: kept_actions._Attacks(v[1])[v[2]], ("attack", "player")),
              (lambda v: kept_actions._Attacks(v[1])[v[2]], ("attack", 3)),
              (lambda v: kept_actions.activations_of(v[2:])(v[1]), ("activate", 0)),
              (lambda v: kept_actions.activations_of(v[2:])(v[1]), ("activate", 1, "cost", 1))]
    for round_ in range(2):
        for n, (make, (verb, *rest)) in enumerate(makers):
            values = (verb, 7_000_000 + 10 * round_ + n, *rest)
            first, second = (make(values), Action.of(*values)) if n % 2 else (Action.of(*values), make(values))
            assert first is second and first == Action(verb, tuple(map(str, values[1:]))) and first.checked
            assert Action.parse(first.text) is first
        forget_actions()
    # the same text from other values (a number and its text): one object, whichever made it
    odd = made_of(("pick", 7_100_000), ("7100000",), "pick 7100000")
    assert Action.of("pick", "7100000") is odd is Action.of("pick", 7_100_000)
    odd = Action.of("pick", "7200000")
    assert made_of(("pick", 7_200_000), ("7200000",), "pick 7200000") is odd is Action.of("pick", 7_200_000)


def test_a_chosen_text_finds_the_very_option_and_an_equal_action_plays_the_same_game():
    """Parsing an option's text gives that option object (so applying it is an identity check), also after the
    bounded tables of made actions were emptied (as in a long session); a choice given as an equal but distinct
    Action, or as text with extra spaces, takes the general path and plays the very same game."""
    from engine.model.actions import Action, forget_actions

    forget_actions()   # what a long session does when the tables are full (and the suite's earlier games)
    rng = random.Random(31)
    for _ in range(3):
        s = rng.randrange(2**31)
        grng = random.Random(s)
        decks = random_deck(grng), random_deck(grng)
        fast, general = Game.new(*decks, s, snapshots=False), Game.new(*decks, s, snapshots=False)
        players = [RandomPlayer(s), RandomPlayer(s + 1)]
        while (d := fast.decision) is not None:
            for a in d.options:
                assert Action.parse(a.text) is a
            pick = players[d.player].choose({"decision": {"options": [a.text for a in d.options]}})
            assert any(pick is a for a in d.options)
            fast.apply(pick)
            general.apply(Action(pick.verb, pick.args) if len(fast.choices) % 2 else "  " + "  ".join(pick.text.split()))
            assert general.choices == fast.choices
        assert state_digest(general.state) == state_digest(fast.state)


def test_deck_lists_in_any_spelling_make_the_same_game_and_the_same_deck_report():
    """6.1 / Q&A official-2: numbers in lower case, with spaces or as parallel printings are the same cards as
    their canonical numbers: the deck check reports the same problems and the game is the same."""
    from engine.model.carddb import CARDS
    from engine.rules.deck import validate

    rng = random.Random(37)
    parallels = {d.number: p for d in CARDS.values() for p in d.printings if p != d.number}
    for _ in range(20):
        deck = random_deck(rng)
        spelled = [(parallels.get(n, n) if i % 3 == 0 else f" {n.lower()} " if i % 3 == 1 else n)
                   for i, n in enumerate(deck)]
        assert validate(spelled) == validate(deck)
        assert validate(spelled + spelled[:3], "ja") == validate(deck + deck[:3], "ja")
        assert validate([*deck[:49], "NOPE-1"]) and validate([*spelled[:49], "NOPE-1"]) == validate([*deck[:49], "NOPE-1"])
        a, b = Game.new(deck, deck, 5, snapshots=False), Game.new(spelled, spelled, 5, snapshots=False)
        assert a.setup == b.setup and state_digest(a.state) == state_digest(b.state)


def _due_checked(games: int, seed: int, monkeypatch, forget: str = "") -> tuple[int, int, int]:
    """Play random games with the check timing's questions compared, at every call, with the rule actions
    computed from scratch (a loss, ``destroyed``, the 5-Pal limit): ``timing_due`` where the turn and battles ask
    it, and ``rule_action_due``. ``forget`` spoils a hint: "damage" clears the damage hint wrongly after every
    decision, "quiet" never forgets a quiet mark once set (as if every place that forgets it were forgotten).
    Returns (calls, calls answered by the damage hint or the quiet mark, calls with a wrong answer or hint)."""
    from engine.model.outcome import GameOver
    from engine.rules import battle, checks
    from engine.rules import game as turns

    fast_due, fast_timing = checks.rule_action_due, checks.timing_due
    seen = {"calls": 0, "quick": 0, "wrong": 0}

    def compared(fast, g):
        state = g.state
        players = state.players
        due = (any(p.life <= 0 or not p.deck for p in players) or any(len(p.pals()) > PAL_LIMIT for p in players)
               or bool(checks.destroyed(g)) or (fast is fast_timing and bool(state.pending)))
        quiet = state.rules_quiet
        seen["calls"] += 1
        seen["quick"] += (quiet is not None and quiet[0] is state.effects) or not state.maybe_damaged
        damaged = any(c.damage > 0 for p in players for c in p.base)
        try:
            got = fast(g)
        except GameOver:   # a loss found: the rule actions end the game (11.3)
            seen["wrong"] += not due
            raise
        seen["wrong"] += got != due or (damaged and not state.maybe_damaged)
        return got

    monkeypatch.setattr(checks, "rule_action_due", lambda g: compared(fast_due, g))
    monkeypatch.setattr(turns, "timing_due", lambda g: compared(fast_timing, g))
    monkeypatch.setattr(battle, "timing_due", lambda g: compared(fast_timing, g))
    if forget == "quiet":
        monkeypatch.setattr(State, "rules_quiet", _Sticky(State.__dict__["rules_quiet"]))
    for game in random_games(games, seed):
        if forget == "damage":
            game.state.maybe_damaged = False
    return seen["calls"], seen["quick"], seen["wrong"]


class _Sticky:
    """A ``State.rules_quiet`` that, once set, is never forgotten (writes of None are dropped)."""

    def __init__(self, slot) -> None:
        self.slot = slot

    def __get__(self, obj, owner=None):
        return self if obj is None else self.slot.__get__(obj, owner)

    def __set__(self, obj, value) -> None:
        try:
            kept = self.slot.__get__(obj, type(obj))
        except AttributeError:
            kept = None
        if value is not None or kept is None:
            self.slot.__set__(obj, value)


def test_the_rule_action_check_equals_the_rules_from_scratch(monkeypatch):
    """11.3, 11.4.1 and 11.5: "is a rule action due" and "has this check timing anything to do" (which skip the
    search while the damage hint says no base card has damage, and answer at once under the quiet mark: the last
    check found nothing and nothing since could make a rule action due) give, at every check timing of
    thousands, what the rule actions computed from scratch give; and the hint is never "no damage" while some
    base card has damage."""
    calls, quick, wrong = _due_checked(20, 23, monkeypatch)
    assert wrong == 0 and calls > 5000 and quick > calls // 2


def test_a_damage_hint_not_set_would_be_caught(monkeypatch):
    """The comparison above would catch damage put on a card without setting the hint."""
    _calls, _quick, wrong = _due_checked(10, 23, monkeypatch, forget="damage")
    assert wrong > 0


def test_a_quiet_mark_not_forgotten_would_be_caught(monkeypatch):
    """The comparison above would catch a quiet mark kept after damage, a loss or a move that may make a rule
    action due (a place that should forget it and does not)."""
    _calls, _quick, wrong = _due_checked(10, 23, monkeypatch, forget="quiet")
    assert wrong > 0


def test_block_options_equal_the_rule_for_each_pal():
    """9.4.2: the block options (made without the reasons for Pals that may not block) are, in order, the Pals
    ``can_block`` allows, then "pass"; checked at every block decision of many random games."""
    from engine.model.actions import Action
    from engine.rules.battle import can_block

    blocks = 0
    for game in random_games(80, 31):
        d = game.decision
        if d.kind == DecisionKind.BLOCK:
            state = game.state
            pals = state.players[d.player].pals()
            rule = [Action.of("block", c.id) for c in pals if can_block(game, c, state.battle) is None]
            assert list(d.options) == [*rule, Action.of("pass")]
            blocks += 1
    assert blocks > 200   # about 3 a game


def test_attack_target_flags_from_the_index_equal_the_continuous_rules():
    """9.2 with "cannot be attacked" (e.g. by Pals of some cost) and Taunt: the per-decision view of the
    opponent's cards (which protect themselves and from whom, which taunt) equals ``cont_flags`` and
    ``has_keyword`` for every card at every main decision of many random games, protected cards included."""
    from engine.rules.attack_options import AttackContext
    from engine.rules.continuous import cont_flags, has_keyword

    protected = checked = 0
    for game in random_games(40, 41):
        d = game.decision
        if d.kind != DecisionKind.MAIN:
            continue
        state = game.state
        for c, flags, taunt in AttackContext(game, d.player).cards:
            assert list(flags) == cont_flags(state, c, "cannot_be_attacked")
            assert taunt == has_keyword(state, c, "taunt")
            protected += bool(flags)
            checked += 1
    assert checked > 5000 and protected > 100


class _Forgetful(dict):
    """A prompt store that keeps nothing (every prompt is said afresh)."""

    def __setitem__(self, key, value) -> None:
        pass


def _prompts(games: int, seed: int) -> list:
    """Every decision's prompt (English, Japanese) in seeded random games."""
    out = []
    for game in random_games(games, seed):
        d = game.decision
        out.append((d.kind, str(d.prompt), getattr(d.prompt, "text", lambda _l: "")("ja")))
    return out


def test_kept_choice_prompts_equal_prompts_said_afresh(monkeypatch):
    """A choice's prompt is made only when a player is asked and then kept per step and card: every decision
    of many random games has the very prompts (in both languages) it has when each is said afresh."""
    from engine.rules.verbs import choosing

    monkeypatch.setattr(choosing, "_PROMPTS", {})
    kept = _prompts(25, 37)
    monkeypatch.setattr(choosing, "_PROMPTS", _Forgetful())
    fresh = _prompts(25, 37)
    assert kept == fresh
    assert sum(1 for kind, *_ in kept if kind == DecisionKind.TARGET) > 200


def _setup_twins(seed: int) -> tuple[Game, Game]:
    """The same new game twice: by ``Game.new`` (its own decks renumbered in place by the setup shuffle) and
    by the general constructor (``own_decks`` not given, so the shuffle copies the cards as ``zones.shuffle``)."""
    from engine.rules.game import new_state

    grng = random.Random(seed)
    decks = random_deck(grng), random_deck(grng)
    fast = Game.new(*decks, seed, snapshots=False)
    general = Game(new_state(decks, seed), dict(fast.setup), "setup", False, lambda: new_state(decks, seed))
    return fast, general


def _same_game(fast: Game, general: Game, seed: int) -> bool:
    """Whether two games play the same (every decision's options, the log and the final state)."""
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while (d := fast.decision) is not None:
        if general.decision is None or [a.text for a in d.options] != [a.text for a in general.decision.options]:
            return False
        pick = players[d.player].choose({"decision": {"options": [a.text for a in d.options]}})
        fast.apply(pick)
        general.apply(pick.text)
    return (general.decision is None and fast.log == general.log and fast.choices == general.choices
            and state_digest(fast.state) == state_digest(general.state))


def test_the_setup_shuffle_of_a_new_games_own_decks_makes_the_same_game():
    """6.2.1: ``Game.new`` shuffles the decks it just made by renumbering their card objects in place; the game
    (options at every decision, log, final state) is the one the general shuffle, which copies them, gives."""
    for seed in (3, 17, 101, 2024):
        fast, general = _setup_twins(seed)
        assert fast._own_decks and not general._own_decks
        assert _same_game(fast, general, seed)


def test_a_broken_in_place_setup_shuffle_would_be_caught(monkeypatch):
    """Renumbering that gave the shuffled deck the wrong ids is caught by the comparison above."""
    from engine.model.state import State

    def renumber_backwards(self, cards):
        for i, card in enumerate(reversed(cards)):
            card.id = self.next_id + i
        self.next_id += len(cards)

    monkeypatch.setattr(State, "renumber", renumber_backwards)
    fast, general = _setup_twins(3)
    assert not _same_game(fast, general, 3)


def test_decks_held_elsewhere_are_never_renumbered_in_place():
    """Only a game that made its own decks renumbers them: a state given without ``origin`` is copied for
    rewinding first (the copy shares the deck cards), so its setup shuffle copies the cards and the copy keeps
    the ids it had."""
    from engine.rules.game import new_state

    state = new_state((random_deck(random.Random(1)), random_deck(random.Random(2))), 7)
    before = [c.id for p in state.players for c in p.deck]
    cards = [c for p in state.players for c in p.deck]
    game = Game(state, {"decks": [], "seed": 7, "first": None}, "setup", False, own_decks=True)
    assert not game._own_decks
    assert [c.id for c in cards] == before   # the objects the rewind copy holds were not touched
    assert sorted(c.id for p in game.state.players for c in p.deck + p.hand) == list(range(101, 201))


def test_a_redraw_in_a_new_game_makes_the_same_game_as_the_general_shuffle():
    """6.2.7: after a redraw ``Game.new``'s game shuffles the deck in place too (its cards are still only its
    own); every game where a player redraws plays as the general shuffle, which copies the cards, makes it."""
    redraws = 0
    for seed in range(40, 70):
        fast, general = _setup_twins(seed)
        assert _same_game(fast, general, seed)
        redraws += sum(1 for e in fast.log if e.kind == "redraw")
    assert redraws >= 10


def _redraw_keeps_a_copy(seed: int) -> bool:
    """Whether a copy of a new game's state taken at the first redraw decision keeps its deck's card ids
    while the game itself redraws (and whether the game then plays as the general shuffle makes it)."""
    fast, general = _setup_twins(seed)
    fast.apply("first"), general.apply("first")
    assert fast.decision.kind == DecisionKind.REDRAW
    player = fast.decision.player
    copy_ = fast.state.clone()
    before = [c.id for c in copy_.players[player].deck]
    fast.apply("redraw"), general.apply("redraw")
    return [c.id for c in copy_.players[player].deck] == before and _same_game(fast, general, seed)


def test_a_redraw_after_the_state_was_copied_copies_the_cards():
    """Card objects outside the bases are shared with a copy of the state (``State.clone``), so once a copy
    was taken a redraw's shuffle makes new card objects: the copy keeps the ids it had (4.1)."""
    assert all(_redraw_keeps_a_copy(seed) for seed in (5, 6, 7))


def test_a_broken_copy_mark_would_be_caught(monkeypatch):
    """A ``State.clone`` that forgot to mark the shared cards would let the redraw renumber the copy's deck:
    the check above catches it."""
    clone = State.clone

    def forgetful_clone(self):
        new = clone(self)
        self.cards_shared = False
        return new

    monkeypatch.setattr(State, "clone", forgetful_clone)
    assert not _redraw_keeps_a_copy(5)


def test_decisions_made_slot_by_slot_equal_the_dataclasss():
    """``actions.decision`` (main and quick decisions) sets every field ``Decision`` has, as its constructor
    does; one that forgot a field is caught."""
    from engine.model.actions import Decision, decision

    def forgetful(*args):
        d = decision(*args)
        del d.rejected
        return d

    reasons = lambda: ()   # noqa: E731
    args = (1, DecisionKind.QUICK, "prompt", (Action.of("pass"),), 7, {"k": 1}, reasons)
    for make, same in ((decision, True), (forgetful, False)):
        made = make(*args)
        assert all(hasattr(made, f.name) for f in dataclasses.fields(Decision)) is same
        if same:
            assert made == Decision(*args) and made.rejected is reasons and made.params is args[5]


def test_cards_made_in_bulk_equal_cards_made_one_at_a_time():
    """``State.new_cards`` (a deck at the start) gives the cards ``new_card`` gives, with the same ids; a copy
    (``Card.copy``) and a moved card (``renew``) have every field they should."""
    from engine.model.carddb import CARDS

    numbers = tuple(sorted(CARDS)[:60:3])
    a = State(players=[Player(0), Player(1)], rng=random.Random(0), next_id=40, turn=3)
    b = State(players=[Player(0), Player(1)], rng=random.Random(0), next_id=40, turn=3)
    bulk = a.new_cards(numbers, 1, "deck")
    single = [b.new_card(n, 1, "deck") for n in numbers]
    assert bulk == single and a.next_id == b.next_id == 40 + len(numbers)
    assert all(x.defn is y.defn and x.tags is not y.tags for x, y in zip(bulk, single, strict=True))
    card = bulk[0]
    card.tags["label"] = "x"
    card.rested, card.damage, card.assigned_turn, card.exiled_by = True, 300, 2, 1
    twin = card.copy()
    assert twin == card and twin.defn is card.defn and twin.tags is not card.tags
    moved = a.renew(card, "hand")
    assert moved == Card(a.next_id - 1, card.number, 1, "hand", entered_turn=3, tags={"label": "x"})
    assert moved.tags is not card.tags and moved.defn is card.defn


def test_decklists_and_deck_checks_equal_the_rule_by_rule_computation():
    """6.1: the sorted decklist from one look-up per number equals the canonical numbers sorted, for any
    spelling; the deck check's counts (names, Lucky Pals, colours) equal a card-by-card count, on random legal
    and broken decks; ``full_name`` (kept on the card definition) is the name and sub name joined (2.1.3)."""
    from collections import Counter

    from engine.model.carddb import CARDS, UnknownCard
    from engine.rules.deck import MAX_COLOURS, MAX_COPIES, MAX_LUCKY, validate
    from engine.rules.game import decklist

    for d in CARDS.values():
        assert d.full_name == (f"{d.name_en} – {d.sub_en}" if d.sub_en else d.name_en)
    d = next(iter(CARDS.values()))
    renamed = dataclasses.replace(d, name_en="Renamed", sub_en="Twice")
    assert renamed.full_name == "Renamed – Twice" and d.full_name != renamed.full_name
    rng = random.Random(41)
    pool = sorted(CARDS)
    lucky = [n for n in pool if CARDS[n].lucky]
    for i in range(200):
        deck = random_deck(rng)
        if i % 4 == 1:
            deck = deck[:40] + [rng.choice(pool) for _ in range(10)]   # often other colours or a fifth copy
        elif i % 4 == 2:
            deck = deck[:41] + rng.sample(lucky, 9)
        elif i % 4 == 3:
            deck = [*deck[:49], deck[0].lower()]
        canonical = tuple(sorted(CARDS.canonical(n) for n in deck))
        assert decklist(deck) == decklist(tuple(deck)) == decklist(iter(deck)) == canonical
        defs = [CARDS[n] for n in canonical]
        names = Counter(x.full_name for x in defs)
        too_many = any(c > MAX_COPIES for name, c in names.items() if not any(
            e.get("do") == "deck_any_number" for x in defs if x.full_name == name
            for ab in x.abilities if ab.kind == "cont" for e in ab.effect))
        expected = (too_many, sum(1 for x in defs if x.lucky) > MAX_LUCKY,
                    len({x.color for x in defs if x.color != "colorless"}) > MAX_COLOURS)
        problems = validate(deck)
        found = (any("cards named" in p for p in problems), any("Lucky" in p for p in problems),
                 any("colours" in p for p in problems))
        assert found == expected and len(problems) == sum(expected)
    for bad in (["NOPE-1"], [5], [["EBP01-006"]]):
        try:
            decklist(bad)
        except UnknownCard:
            continue
        raise AssertionError(f"{bad!r} is not a decklist")


def test_new_actions_made_slot_by_slot_equal_actions_made_by_the_constructor():
    """An action ``Action.of`` makes for new values (its slots set directly) equals ``Action(verb, args)``:
    values, hash, text, and the ``checked`` flag is set exactly when the text parses back to it."""
    from engine.model.actions import Action, IllegalAction
    from engine.model.limits import MAX_ACTION_CHARS

    cases = [("attack", 987654, "player"), ("pick", 876543), ("mode", "a b"), ("name", ""), ("x", " lead"),
             ("long", "y" * MAX_ACTION_CHARS), ("end",)]
    for verb, *args in cases:
        made = Action.of(verb, *args)
        fresh = Action(verb, tuple(str(a) for a in args))
        assert made == fresh and hash(made) == hash(fresh) and made.text == fresh.text
        round_trips = made.text.split() == [verb, *map(str, args)]
        assert made.checked == round_trips
        assert Action.of(verb, *map(str, args)) is made
        try:
            parsed = Action.parse(made.text)
        except IllegalAction:
            parsed = None
        assert (parsed is made) == (round_trips and len(made.text) <= MAX_ACTION_CHARS)


def test_find_and_in_base_give_the_card_with_that_id_wherever_it_is():
    """``State.find`` (every zone, the small public ones first) and ``in_base`` return the very card object
    with an id, equal to a search of every zone of every player, at every decision of random games."""
    checked = 0
    for game in random_games(4, 43):
        state = game.state
        everywhere = {c.id: c for p in state.players for z in ZONES for c in p.zone(z)}
        in_bases = {c.id for p in state.players for c in p.base}
        for card_id, card in everywhere.items():
            assert state.find(card_id) is card
            assert state.in_base(card_id) is (card if card_id in in_bases else None)
            checked += 1
        assert state.find(state.next_id) is None and state.in_base(state.next_id) is None
    assert checked > 50000


# --- fourth round (perf4-a): options and continuous queries --------------------------------------------------------

def _continuous_compared(games: int, seed: int, monkeypatch, shortcut=None) -> tuple[int, int, int]:
    """At every decision of seeded random games, the power, strike and "cannot be attacked" descriptors of every
    base card as the engine gives them (``may_grant_cont`` lets it use the printed descriptors alone when no
    granted ability could add one of the kind asked; ``shortcut`` replaces that answer) and as the general
    sources give them (every granted ability looked at). Returns (cards compared, cards whose granted
    abilities could count, differences)."""
    from engine.rules import continuous
    from engine.rules.continuous import any_grant_effect, cont_flags, power, strike

    real = continuous.may_grant_cont
    fast = real if shortcut is None else shortcut
    compared = granted = wrong = 0
    for game in random_games(games, seed):
        state = game.state
        cards = [c for p in state.players for c in p.base]
        monkeypatch.setattr(continuous, "may_grant_cont", fast)
        got = [(power(state, c), strike(state, c), cont_flags(state, c, "cannot_be_attacked")) for c in cards]
        monkeypatch.setattr(continuous, "may_grant_cont", lambda state, kind: True)
        general = [(power(state, c), strike(state, c), cont_flags(state, c, "cannot_be_attacked")) for c in cards]
        monkeypatch.setattr(continuous, "may_grant_cont", real)   # the game goes on with the engine as it is
        compared += len(cards)
        granted += len(cards) if base_index(state).grant_sources or any_grant_effect(state) else 0
        wrong += sum(a != b for a, b in zip(got, general, strict=True))
    return compared, granted, wrong


def test_power_strike_and_protection_from_printed_descriptors_equal_the_general_sources(monkeypatch):
    """Power and strike (continuous modifiers, e.g. Nocturnal 12.13 granted to every Pal of a side) and "cannot
    be attacked" (9.2.3) read only the printed descriptors of the index when no ability granted now (by a
    continuous ability or an effect) could add a descriptor of that kind: at every decision of many random
    games, for every base card, the same values as when every granted ability is looked at."""
    compared, granted, wrong = _continuous_compared(30, 43, monkeypatch)
    assert wrong == 0 and compared > 30000 and granted > 2000


def test_a_wrong_answer_about_granted_descriptors_would_be_caught(monkeypatch):
    """The comparison above would catch the shortcut taken while a granted ability does add a descriptor
    (a granted Nocturnal at night)."""
    _compared, _granted, wrong = _continuous_compared(30, 43, monkeypatch, shortcut=lambda state, kind: False)
    assert wrong > 0


def _targets_compared(games: int, seed: int) -> tuple[int, int, int, int]:
    """At every main decision of seeded random games, each attack-ready Pal's targets from the per-decision view
    (``attack_options.offered_targets``: two plain lists, or an ``AttackContext``) against ``attack_targets``'s legal
    ones (9.2.2, 9.2.3, 12.10 Taunt, 12.15 Assault). Returns (attackers compared, those where the plain lists
    served while "cannot be attacked" descriptors or granted abilities were in play, differences, attackers
    met in the contexts' general cases)."""
    from engine.rules import attack_options
    from engine.rules.battle import attack_targets, why_cannot_attack
    from engine.rules.continuous import any_grant_effect, has_keyword

    compared = plain_despite = wrong = general = 0
    for game in random_games(games, seed):
        d = game.decision
        if d.kind != DecisionKind.MAIN:
            continue
        state = game.state
        targets = attack_options.offered_targets(game, d.player)
        idx = base_index(state)
        busy = bool(idx.cont.get("cannot_be_attacked") or idx.grant_sources or any_grant_effect(state))
        for c in state.players[d.player].pals():
            if why_cannot_attack(game, c) is not None:
                continue
            rule = [t for t, why in attack_targets(game, c) if why is None]
            if targets.__class__ is tuple:
                assault = "assault" in c.defn.keyword_set if targets[2] else has_keyword(state, c, "assault")
                got = [str(t) for t in targets[assault]]
                plain_despite += busy
            else:
                got = [str(t) for t in targets.targets(c)]
                general += 1
            compared += 1
            wrong += got != rule
    return compared, plain_despite, wrong, general


def test_attack_targets_from_the_plain_lists_equal_the_rule_for_each_attacker():
    """9.2.3: the plain target lists serve also when "cannot be attacked" descriptors are printed only on the
    attacking side's cards, and when what is granted cannot be Taunt or such a descriptor: every attack-ready
    Pal at every main decision of many random games gets the targets ``attack_targets`` allows."""
    compared, plain_despite, wrong, general = _targets_compared(40, 47)
    assert wrong == 0 and compared > 3000 and plain_despite > 400 and general > 200


def test_a_protection_counted_on_the_wrong_side_would_be_caught(monkeypatch):
    """The comparison above would catch the plain lists used while a card of the defending side protects itself
    (e.g. "cannot be attacked by Pals of cost 4 or more")."""
    from engine.rules import attack_options

    monkeypatch.setattr(attack_options, "_may_protect", lambda src, d, player: False)
    _compared, _plain, wrong, _general = _targets_compared(40, 47)
    assert wrong > 0


def _main_options_differ(games: int, seed: int) -> int:
    """Main decisions of seeded random games at which the fast options differ from the general path's."""
    return sum(fast_main_options(game, game.decision.player)
               != general_main_options(game, game.decision.player, reasons=False)[0]
               for game in random_games(games, seed) if game.decision.kind == DecisionKind.MAIN)


def test_a_wrong_count_of_free_pals_or_a_wrong_kept_action_would_be_caught(monkeypatch):
    """The fast-vs-general comparison of main options catches a wrong count of the Pals that could be assigned
    (worked out once per decision for every cost that assigns, 5.17), a rested card skipped as if every cost
    of it rested it, and an attack action kept under the wrong target (the kept actions are made at their first look-up and reused across decisions and games)."""
    from engine.model.actions import Action
    from engine.rules import attack_options, kept_actions, options

    assert _main_options_differ(8, 53) == 0
    with monkeypatch.context() as m:
        m.setattr(options, "_free_pals", lambda state, p: 5)
        assert _main_options_differ(8, 53) > 0

    real_entry = options._main_entry

    def every_cost_rests(defn):
        """A plan entry that says, wrongly for some cards, that each of its costs rests the card (8.4)."""
        d, plan, rests = real_entry(defn)
        entry = options._PLANS[id(defn)] = (d, plan, None if rests is None else True)
        return entry

    with monkeypatch.context() as m:
        m.setattr(options, "_PLANS", {})
        m.setattr(options, "_main_entry", every_cost_rests)
        assert _main_options_differ(8, 53) > 0

    class Misfiled(dict):
        """Kept attack actions of one attacker that give, for every target, the action against the player."""

        def __init__(self, card_id):
            super().__init__()
            self.card_id = card_id

        def __missing__(self, target):
            return Action.of("attack", self.card_id, "player")

    for module in (options, attack_options):   # each module that lists kept attack actions
        monkeypatch.setattr(module, "ATTACKS", kept_actions.Kept(Misfiled))
    assert _main_options_differ(8, 53) > 0


def test_quick_abilities_in_hand_from_the_plan_equal_the_rule():
    """9.5.2 (Quick abilities used from the hand, e.g. Interrupts): the activations ``_hand_activations`` lists
    for every such ability of every card in either hand, at every decision of many random games, are those
    ``why_not_activate`` allows in the quick step, in order."""
    from engine.rules.kept_actions import activate_actions, split_activation
    from engine.rules.legality import why_not_activate
    from engine.rules.options import _hand_activations

    compared = legal = 0
    for game in random_games(40, 59):
        state = game.state
        for p in state.players:
            for card in p.hand:
                for i, ab in card.defn.hand_quick_acts:
                    got: list = []
                    _hand_activations(game, p, card, i, ab, got)
                    rule = [a for a in activate_actions(card, i, ab)
                            if why_not_activate(game, p.index, card, i, split_activation(a)[2], quick_step=True) is None]
                    assert got == rule, (card.number, got, rule)
                    compared += 1
                    legal += len(rule)
    assert compared > 1000 and 0 < legal < 2 * compared



def _asked(games: int, seed: int) -> list:
    """Every decision of seeded random games: its kind, options' texts and params (labels of modes, pending
    abilities and declarable names included)."""
    return [(d.kind, [a.text for a in d.options], repr(d.params))
            for game in random_games(games, seed) for d in (game.decision,)]


def test_kept_texts_equal_texts_made_afresh(monkeypatch):
    """Texts kept between decisions (each mode's text of a "pick one" step, the text of each ability waiting
    to be ordered, the declarable card names and their actions) are, at every decision of many random games,
    the very texts and options made afresh each time; such decisions do occur."""
    from engine.rules import checks
    from engine.rules.verbs import structure
    from engine.rules.words import blue

    kept = _asked(40, 43)
    monkeypatch.setattr(structure, "_MODES", _Forgetful())
    monkeypatch.setattr(checks, "_TEXTS", _Forgetful())
    monkeypatch.setattr(blue, "_name_options", lambda: (
        names := blue.card_name_options(), tuple(Action.of("name", n) for n in names)))
    assert _asked(40, 43) == kept
    kinds = {kind for kind, *_ in kept}
    assert {DecisionKind.MODE, DecisionKind.ORDER, DecisionKind.NAME} <= kinds
    # and the comparison would catch texts kept under a wrong key (here: by the number of modes)
    by_count: dict = {}
    made = structure._mode_labels
    monkeypatch.setattr(structure, "_mode_labels", lambda s: by_count.setdefault(len(s["modes"]), made(s)))
    assert _asked(40, 43) != kept


def test_choice_pools_and_found_cards_equal_the_general_rules(monkeypatch):
    """A choice's cards (the card type compared inline first) are, at every choice of many random games, the
    cards of the zone that match the whole filter, in order; and a card an ability looked at or chose, found
    near the top of the deck first (``find_card``), is the card ``State.find`` finds."""
    from engine.model.abilities import matches
    from engine.rules.verbs import choosing, conditions, targets
    from engine.rules.words import green

    pools, finds, wrong = [0], [0], [0]
    pool, find = choosing._choice_pool, targets.find_card

    def checked_pool(g, ctx, s):
        got = pool(g, ctx, s)
        filt = s.get("filter")
        rule = [c for c in targets.zone_cards(g, ctx, s.get("zone", "base"), s.get("side", "any"))
                if (not filt or matches(g, c, filt, ctx)) and not (s.get("other") and c.id == ctx.source.id)]
        pools[0] += 1
        wrong[0] += got != rule
        return got

    def checked_find(state, ctx, card_id):
        got = find(state, ctx, card_id)
        finds[0] += 1
        wrong[0] += got is not state.find(card_id)
        return got

    monkeypatch.setattr(choosing, "_choice_pool", checked_pool)
    for module in (targets, choosing, conditions, green):   # each module that finds cards this way
        monkeypatch.setattr(module, "find_card", checked_find)
    for _game in random_games(60, 47):
        pass
    assert wrong[0] == 0 and pools[0] > 1000 and finds[0] > 1000


def test_a_phases_shared_prompt_and_reasons_are_those_of_each_decision():
    """Main (8) and quick-step (9.5) decisions share their phase's prompt and lazy reasons function: at each
    decision the prompt is the one said afresh and the reasons are those the general rules give now."""
    from engine.model.message import Msg
    from engine.rules.options import main_options, quick_options

    seen = {DecisionKind.MAIN: 0, DecisionKind.QUICK: 0}
    for game in random_games(4, 47):
        d = game.decision
        if d.kind == DecisionKind.MAIN:
            assert d.prompt == Msg("prompt.main") and d.prompt.key == "prompt.main"
            assert d.rejections() == tuple(main_options(game, d.player)[1])
        elif d.kind == DecisionKind.QUICK:
            assert d.prompt == Msg("prompt.quick") and d.prompt.key == "prompt.quick"
            assert d.rejections() == tuple(quick_options(game, d.player)[1])
        else:
            continue
        seen[d.kind] += 1
    assert seen[DecisionKind.MAIN] > 300 and seen[DecisionKind.QUICK] > 30


def test_moves_that_may_make_a_rule_action_due_forget_the_quiet_mark():
    """11.3.2, 11.5 and 11.4.1 right after a check that found nothing due (the quiet mark set): a move that
    takes the last card of a deck (into a hand, a base or a graveyard), one that puts a sixth Pal into a base,
    and one that takes out of the base a card whose continuous ability kept a damaged Pal alive each leave the
    rule action due for the next check."""
    import pytest
    from kit import V300, V300R, game

    from engine.model.outcome import GameOver
    from engine.rules import checks, zones

    for to in ("hand", "base", "graveyard"):
        g = game({"deck": [V300]}, {})
        assert not checks.timing_due(g) and g.state.rules_quiet is not None
        zones.move(g, g.state.players[0].deck[0], to)
        with pytest.raises(GameOver):
            checks.timing_due(g)

    g = game({"base": [V300] * 5, "hand": [V300]}, {})
    assert not checks.timing_due(g)
    zones.move(g, g.state.players[0].hand[0], "base")
    assert checks.timing_due(g)

    cauldron = "EBP01-017"   # a structure: "your red Pals get +200 power"
    g = game({"base": [{"card": V300R, "damage": 400}, cauldron]}, {})
    assert not checks.timing_due(g) and g.state.rules_quiet is not None
    zones.move(g, g.state.players[0].base[1], "graveyard")
    assert checks.timing_due(g) and [c.number for c in checks.destroyed(g)] == [V300R]


def test_a_finished_game_is_freed_without_the_cycle_collector():
    """Nothing a game keeps (its state, base index, log, decisions) refers back to what holds it, so a game is
    freed as soon as it is dropped: a reference cycle would leave a thousand objects a game to the collector
    (about a tenth of the bench's time went to it when the base index kept a wrapper of its own state)."""
    left = []
    for seed in (53, 54, 55):
        game = list(random_games(1, seed))[-1]   # played to its end
        gc.collect()   # whatever else is garbage: only the finished game is left to count below
        del game
        left.append(gc.collect())
    assert max(left) < 100, left


def _games_played(n: int, seed: int) -> list:
    """Each game of ``random_games`` as it ended: its choices, its final state's hash and its whole log."""
    from engine.replay import state_hash

    out, last = [], None
    for game in random_games(n, seed):
        if last is not None and game is not last:
            out.append(_record(last, state_hash))
        last = game
    out.append(_record(last, state_hash))
    return out


def _record(game, state_hash) -> tuple:
    return (list(game.choices), state_hash(game), [(e.kind, e.data, e.rule) for e in game.state.log])


def test_self_triggers_matched_inline_equal_the_trigger_words(monkeypatch):
    """10.5 and 12.3.2: the automatic abilities an event triggers, with On Deploy-style triggers ("an event of
    that kind naming this card", ``SELF_TRIGGERS``) checked inline, are those the trigger words themselves give:
    the same games (choices, state, every log event) when every listener calls its word; each word's own
    function agrees with its inline entry; and an entry naming the wrong key would be caught."""
    from engine.model.abilities import SELF_TRIGGERS, TRIGGERS
    from engine.rules import events

    for name, (kind, key) in SELF_TRIGGERS.items():
        word = TRIGGERS[name].run
        card = Card(7, "EBP01-001", 0)
        assert word(None, card, None, {"kind": kind, key: 7}) and not word(None, card, None, {"kind": kind, key: 8})
        assert not word(None, card, None, {"kind": f"not {kind}", key: 7})
    fast = _games_played(12, 59)
    monkeypatch.setattr(events, "SELF_TRIGGERS", {})
    assert _games_played(12, 59) == fast
    monkeypatch.setattr(events, "SELF_TRIGGERS", {**SELF_TRIGGERS, "on_deploy": ("deploy", "player")})
    assert _games_played(12, 59) != fast


def test_check_timings_entered_for_a_rule_action_play_the_same_games(monkeypatch):
    """10.5.1: a check timing entered with nothing pending runs the rule actions without asking whether one is
    due (``timing_due`` has just said so): the same games as asking first, as the general rule does."""
    from engine.rules import battle, checks, game
    from engine.rules.checks import resolve_trigger, rule_action_due, rule_actions

    def asking_first(g):
        state = g.state
        while True:
            if rule_action_due(g):
                yield from rule_actions(g)
            if not state.pending:
                return
            if len(state.pending) == 1:
                yield from resolve_trigger(g, state.pending.pop())
                continue
            yield from checks.check_timing(g)   # (an order to choose: the engine's own loop from here)
            return

    fast = _games_played(12, 61)
    monkeypatch.setattr(battle, "check_timing", asking_first)
    monkeypatch.setattr(game, "check_timing", asking_first)
    assert _games_played(12, 61) == fast
    # and the comparison would catch a check timing that skipped the rule actions it was entered for
    skipping = checks.check_timing
    monkeypatch.setattr(checks, "rule_actions", lambda g: iter(()) if not g.state.pending else rule_actions(g))
    monkeypatch.setattr(battle, "check_timing", skipping)
    monkeypatch.setattr(game, "check_timing", skipping)
    assert _games_played(12, 61) != fast


def _general_draw(g, player: int, count: int) -> list:
    """Drawing as ``move`` does it for each card (the general path ``zones.draw`` shortens)."""
    from engine.rules.events import emit
    from engine.rules.zones import move

    p, out = g.state.players[player], []
    for _ in range(count):
        if not p.deck:
            break
        out.append(move(g, p.deck[0], "hand", cause="draw", quiet=True))
    if out:
        emit(g, "draw", "", player=player, count=len(out), cards=[c.id for c in out])
    return out


def _as_moved(state) -> tuple:
    """What a move changes: every zone's cards (all fields), the next id, the quiet mark and the log."""
    return (_fields(state), state.next_id, state.rules_quiet is None, [(e.kind, e.data) for e in state.log])


def test_draws_and_damage_check_cards_equal_moving_each_card():
    """4.1 and 11.2.2.1: drawing (``zones.draw``) and putting the top card into the graveyard (``zones.top_to``,
    the damage check) give, from positions of random games, exactly what ``move`` gives card by card: new card
    objects with the next ids, the same zones and log, and the quiet mark forgotten when a deck runs out
    (11.3.2); a draw taking the wrong end of the deck would be caught."""
    from types import SimpleNamespace

    from engine.rules import zones

    def copies(game) -> tuple:
        out = tuple(SimpleNamespace(state=game.state.clone()) for _ in range(2))
        for g in out:
            g.state.rules_quiet = (g.state.effects, len(g.state.effects))
        return out

    def differences(draw) -> tuple[int, int]:
        compared = differ = 0
        for i, game in enumerate(random_games(3, 67)):
            if i % 5:
                continue
            for player in (0, 1):
                for count in (0, 1, 2, 60):
                    a, b = copies(game)
                    got, rule = draw(a, player, count), _general_draw(b, player, count)
                    differ += [c.id for c in got] != [c.id for c in rule] or _as_moved(a.state) != _as_moved(b.state)
                    compared += 1
                a, b = copies(game)
                zones.top_to(a, player, "graveyard")
                zones.move(b, b.state.players[player].deck[0], "graveyard", quiet=True)
                differ += _as_moved(a.state) != _as_moved(b.state)
                compared += 1
        return compared, differ

    compared, differ = differences(zones.draw)
    assert compared > 200 and differ == 0

    def from_the_bottom(g, player, count):
        deck = g.state.players[player].deck
        deck.reverse()
        return zones.draw(g, player, count)

    assert differences(from_the_bottom)[1] > 0


def test_kept_pick_actions_are_the_actions_their_values_make(monkeypatch):
    """The "pick ID" options of choices (kept by card id in ``costs._PICKS``) are, at every choice of many
    random games, the actions ``Action.of`` makes (the text and values of a fresh ``pick`` action); the games
    are those played with each option made afresh; and an entry kept under a wrong id would be caught."""
    from engine.rules import costs

    seen = 0
    for game in random_games(40, 71):
        for a in game.decision.options:
            if a.verb == "pick" and game.decision.kind != DecisionKind.ORDER:
                fresh = Action("pick", a.args)
                assert a == fresh and a.text == fresh.text and a is Action.of("pick", int(a.args[0]))
                seen += 1
    assert seen > 1000

    class Afresh(dict):
        def __getitem__(self, card_id):
            return Action.of("pick", card_id)

    kept = _games_played(15, 71)
    monkeypatch.setattr(costs, "_PICKS", Afresh())
    assert _games_played(15, 71) == kept

    class WrongKey(dict):
        def __getitem__(self, card_id):
            return Action.of("pick", card_id + 1)

    monkeypatch.setattr(costs, "_PICKS", WrongKey())
    try:
        broken = _games_played(15, 71)
    except (AttributeError, KeyError, ValueError):   # (a card that is not there may not be picked at all)
        broken = None
    assert broken != kept
