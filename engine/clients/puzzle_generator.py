"""Puzzles mined from real games (docs/puzzles.md): ``python -m engine puzzle generate --seed 1 --budget 300``.

Games between the computer levels (shipped decks and random legal decks) are played; at the start of every main
phase the position is written as a scenario and the exhaustive solver looks for a forced win this turn (the turn
player) and a forced survival of the turn (the other player). Positions the solver proves, with pitfalls and
few winning first moves, become puzzle files with their proof: a solution tree, the main pitfalls, themes from
what the winning lines use, a difficulty from the search and from how often Normal and Beginner miss, and an
explanation in English and Japanese made from that data.
"""
from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from typing import Any

import cards

from ..model.actions import DecisionKind
from ..model.carddb import CARDS
from ..model.state import State
from ..persistence.puzzles import Puzzle, parse
from ..persistence.scenario import ZONES
from ..presentation.action_labels import action_label
from ..presentation.view import view as view_of
from ..rules.deck import parse_code
from ..rules.game import Game
from .args import Parser, seconds, whole_number
from .bench import random_deck
from .opponents import make_player
from .puzzle_session import PuzzleSession
from .puzzle_solver import (
    CARDLESS_VERBS,
    Solver,
    SolverError,
    World,
    check_solution,
    initial_worlds,
    matches,
    named,
    pick_answer,
    resolve,
)

DECK_KEEP = 6            # cards kept from the top of each deck (a turn rarely turns over more)
NODE_BUDGET = 1500       # positions one search may visit: quick proofs make quick tests
MAX_LEAVES = 120         # opponent answers a solution tree may branch into
MAX_FIRST_SHARE = 0.5    # reject when more than this share of the first options win
MAX_FIRST_WINS = 3       # ... or more than this many first options win
GAME_DECISIONS = 4000    # decisions before a mined game is abandoned
MAX_LIFE_CHANGE = 9      # the most the life at stake may move from the real game's (tightest)
MISS_TRIES = {"normal": 2, "beginner": 3}
THEMES = ("damage-check", "lucky", "block", "interrupt", "quick-step", "night", "pal-limit", "material",
          "ingredient", "ability", "destroy", "soul-draw")
# the theme a title names: the most telling one the puzzle has
TITLE_ORDER = ("pal-limit", "night", "interrupt", "lucky", "material", "ingredient", "soul-draw", "ability",
               "block", "destroy", "quick-step", "damage-check")


class Reject(Exception):
    """A position that does not make a good puzzle (the reason is the message)."""


# --- positions of real games ----------------------------------------------------------------------------------
def decks_for(rng: random.Random) -> tuple[list[str], list[str]]:
    """Two decks: shipped ones most of the time, a random legal deck now and then."""
    shipped = [parse_code(d["code"]) for d in cards.decks().values()]

    def one() -> list[str]:
        return random_deck(rng) if rng.random() < 0.3 else list(rng.choice(shipped))

    return one(), one()


def main_phase_starts(seed: int, levels: tuple[str, str], rng: random.Random) -> list[State]:
    """Copies of the state at the first main-phase decision of every turn of one computer game."""
    deck_a, deck_b = decks_for(rng)
    game = Game.new(deck_a, deck_b, seed=seed, snapshots=False)
    bots = [make_player(levels[i], seed + i, 0.05, deck=(deck_a, deck_b)[i]) for i in (0, 1)]
    out: list[State] = []
    seen_turn = -1
    for _ in range(GAME_DECISIONS):
        d = game.decision
        if d is None:
            break
        st = game.state
        if d.kind == DecisionKind.MAIN and st.turn != seen_turn:
            seen_turn = st.turn
            out.append(st.clone())
        game.apply(bots[d.player].choose(view_of(game, d.player, log_tail=0)))
    return out


def _card_entry(state: State, c: Any, zone: str) -> Any:
    if zone != "base":
        return c.number
    entry: dict = {"card": c.number}
    if c.rested:
        entry["rested"] = True
    if c.damage:
        entry["damage"] = c.damage
    if c.entered_turn == state.turn:
        entry["arrived"] = True
    if c.assigned_turn == state.turn:
        entry["assigned"] = True
    return entry if len(entry) > 1 else c.number


def to_scenario(state: State) -> dict:
    """The scenario of a main-phase position (decks cut to their top cards); Reject when the position holds
    something the scenario format cannot say (a battle, pending abilities, effects other than night)."""
    if state.battle is not None or state.pending or state.delayed or state.outcome is not None:
        raise Reject("a battle or pending abilities")
    if any(e.kind != "night" for e in state.effects):
        raise Reject("temporary effects")
    if any(u[2] == state.turn for u in state.used if isinstance(u, tuple) and len(u) == 3):
        raise Reject("abilities used this turn")
    players = []
    for p in state.players:
        if p.resolution or any(c.tags or c.exiled_by is not None for z in ZONES for c in p.zone(z)):
            raise Reject("cards with tags")
        data: dict = {"life": p.life}
        for z in ZONES:
            cards_of = p.zone(z)[:DECK_KEEP] if z == "deck" else p.zone(z)
            data[z] = [_card_entry(state, c, z) for c in cards_of]
        data["souls"] = {"standing": p.souls_standing, "rested": p.souls_rested, "deck": p.soul_deck}
        for key in ("material", "ingredient", "cards_played"):
            if getattr(p, key):
                data[key] = getattr(p, key)
        if p.souldraw_turn == state.turn:
            data["souldraw_used"] = True
        players.append(data)
    sc: dict = {"seed": 0, "turn": state.turn, "turn_player": state.turn_player, "first_player": state.first_player,
                "phase": "main", "players": players}
    if any(e.kind == "night" for e in state.effects):
        sc["night"] = True
    return sc


# --- the proof ---------------------------------------------------------------------------------------------------
def template(game: Game, text: str) -> str:
    """An action text with card ids replaced by card numbers (the solution's template form)."""
    verb = text.split()[0]
    words = []
    for w in text.split():
        card = game.state.find(int(w)) if w.isdigit() and verb not in CARDLESS_VERBS else None
        words.append(card.number if card is not None else w)
    return " ".join(words)


class Planner:
    """Builds a solution tree from a won search (one world: generated puzzles know every deck order)."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.leaves = 0
        self.me = solver.me

    def best(self, world: World) -> str:
        """The first winning option of the solver's side (ending the main phase last)."""
        options = self.solver.options([world])
        options.sort(key=lambda t: t == "end")
        for text in options:
            if self.solver.child_value([world], text, 0).win:
                return text
        raise Reject("no winning option where the search found one")

    def step(self, world: World, text: str) -> World:
        return self.solver.after([world], text)[0][0]

    def collect(self, world: World, since: list) -> list[tuple[list, World]]:
        """The positions where the solver next has a choice (or the goal is decided), with the opponent's
        actions on the way (each from ``named``); the solver's single-option decisions are taken."""
        while self.solver.outcome(world.game) is None:
            d = world.game.decision
            if d.player == self.me:
                if len(d.options) > 1:
                    break
                world = self.step(world, d.options[0].text)
                continue
            out = []
            for text in self.solver.options([world]):
                out.extend(self.collect(self.step(world, text), [*since, named(world.game, text)]))
            return out
        self.leaves += 1
        if self.leaves > MAX_LEAVES:
            raise Reject("too many answers of the opponent to write down")
        return [(since, world)]

    def plan(self, world: World) -> list:
        """The solution steps from a position (after the solver's last step)."""
        leaves = self.collect(world, [])
        subs = [self.after_leaf(w) for _, w in leaves]
        keys = [json.dumps(s) for s in subs]
        if len(set(keys)) == 1:
            return subs[0]
        common = max(dict.fromkeys(keys), key=keys.count)   # ties: the first, so a seed gives one file
        answers: dict[str, list] = {}
        for (acts, _), sub, key in zip(leaves, subs, keys, strict=True):
            if key == common:
                continue
            found = self.telling(acts, [lv for lv, k in zip(leaves, keys, strict=True) if k != key])
            if found in answers and json.dumps(answers[found]) != key:
                raise Reject("answers that one template cannot tell apart")
            answers[found] = sub
        answers["*"] = json.loads(common)
        return [{"answers": answers}]

    @staticmethod
    def telling(acts: list, others: list) -> str:
        """A template of one of ``acts`` that fits no action of the other leaves."""
        for text, names in acts:
            tpl = " ".join(_number_of(names, w, text) for w in text.split())
            if not any(matches(tpl, t, n) for o_acts, _ in others for t, n in o_acts):
                return tpl
        raise Reject("an answer of the opponent no template tells apart")

    def after_leaf(self, world: World) -> list:
        if self.solver.outcome(world.game) is not None:
            return []
        text = self.best(world)
        tpl = template(world.game, text)
        if resolve(world.game, tpl) != text:
            raise Reject("two copies of a card in different situations")
        return [tpl, *self.plan(self.step(world, text))]


def _number_of(names: dict, word: str, text: str) -> str:
    """The card number a word of an opponent's action stands for (the word itself when it is no card)."""
    if word.isdigit() and int(word) in names and text.split()[0] not in CARDLESS_VERBS:
        return next(n for n in names[int(word)] if "-" in n)
    return word


def main_line(solver: Solver, world: World) -> tuple[list[tuple], set[str]]:
    """The winning line the page plays (the opponent answering as a PuzzleSession does: a refutation when one
    exists, else its first option): each action with the game and decision before it, and the kinds of events
    the line logged."""
    line = []
    events: set[str] = set()
    start = len(world.game.state.log)
    planner = Planner(solver)
    while solver.outcome(world.game) is None:
        d = world.game.decision
        mine = d.player == solver.me
        text = (planner.best(world) if len(d.options) > 1 else d.options[0].text) if mine else refutation(solver, world)
        line.append((text, "me" if mine else "them", world, d, len(d.options)))
        world = planner.step(world, text)
    for e in world.game.state.log[start:]:
        events.add(e.kind)
        if e.kind == "damage_check_card" and e.data.get("lucky"):
            events.add("lucky")
        if e.kind == "consume":
            events.add(f"consume_{e.data.get('counter')}")
    return line, events


def themes_of(line: list, events: set[str], scenario: dict, puzzle: Puzzle) -> list[str]:
    """What the winning line uses, as theme words (THEMES)."""
    found = set()
    rules = {"damage_check_card": "damage-check", "lucky": "lucky", "block": "block", "night": "night",
             "pal_limit": "pal-limit", "consume_material": "material", "consume_ingredient": "ingredient",
             "activate": "ability", "destroyed": "destroy", "souldraw": "soul-draw"}
    for kind, theme in rules.items():
        if kind in events:
            found.add(theme)
    if scenario.get("night"):
        found.add("night")
    for text, _who, _game, d, n in line:
        if d.kind == DecisionKind.QUICK and n > 1:
            found.add("quick-step")
            if text != "pass":
                found.add("interrupt")
        if d.kind == DecisionKind.BLOCK and n > 1:
            found.add("block")
        if d.kind == DecisionKind.PAL_LIMIT:
            found.add("pal-limit")
    return [t for t in THEMES if t in found]


# --- how often the computer misses -----------------------------------------------------------------------------
def miss_rate(puzzle: Puzzle, solver: Solver, level: str, tries: int) -> float:
    """The share of tries where the computer at ``level``, playing the solver's side against the refuting
    opponent, misses the goal."""
    missed = 0
    for k in range(tries):
        bot = make_player(level, 1000 + k, 0.05)
        world = initial_worlds(puzzle)[0]
        while (done := solver.outcome(world.game)) is None:
            d = world.game.decision
            if d.player == solver.me:
                text = bot.choose(view_of(world.game, d.player, log_tail=0))
                text = text.text if hasattr(text, "text") else str(text)
            else:
                text = refutation(solver, world)
            world = solver.after([world], text)[0][0]
        missed += not done
    return missed / tries


def refutation(solver: Solver, world: World) -> str:
    """An answer of the opponent that beats the solver's side when there is one, else its first option."""
    options = solver.options([world])
    for text in options:
        if not solver.child_value([world], text, 0).win:
            return text
    return options[0]


def _life_side(sc: dict, kind: str) -> int:
    """The player whose life the puzzle is about: the opponent of a win, the solver of a survive puzzle."""
    return 1 - sc["turn_player"]


def _with_life(sc: dict, side: int, life: int) -> dict:
    out = json.loads(json.dumps(sc))
    out["players"][side]["life"] = life
    return out


def _won(sc: dict, kind: str) -> bool:
    """Whether the solver's side forces the goal (SolverError when the search is too big)."""
    data = {"id": "probe", "kind": kind, "difficulty": 1, "title": {"en": "-", "ja": "-"}, "goal": {"en": "-", "ja": "-"},
            "explanation": {"en": "-", "ja": "-"}, "rules": ["11.3"], "scenario": sc, "solution": []}
    return Solver(parse(data, "probe"), budget_nodes=NODE_BUDGET).solve().win


def tightest(sc: dict, kind: str) -> tuple[dict, int]:
    """The real position with the life at stake moved (by at most MAX_LIFE_CHANGE) to the edge of what can be
    forced: the opponent's most life that can still be taken this turn, the solver's least life that still
    survives. A position that is only just won needs every point, so it is seldom trivial. Returns the
    position and the change."""
    side = _life_side(sc, kind)
    real = sc["players"][side]["life"]
    step = 1 if kind == "win-this-turn" else -1
    life = real
    if not _won(sc, kind):
        if kind == "survive":
            raise Reject("not solvable")
        low = max(1, real - MAX_LIFE_CHANGE)
        life = low - 1
        while life + 1 < real and _won(_with_life(sc, side, life + 1), kind):
            life += 1
        if life < low:
            raise Reject("not solvable")
        return _with_life(sc, side, life), life - real
    while abs(life + step - real) <= MAX_LIFE_CHANGE and life + step >= 1 \
            and _won(_with_life(sc, side, life + step), kind):
        life += step
    return _with_life(sc, side, life), life - real


# --- puzzle files ------------------------------------------------------------------------------------------------
def _names(numbers: list[str], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(CARDS[n].full_name_in(lang) for n in numbers) or ("なし" if lang == "ja" else "none")


def _numbers(entries: list) -> list[str]:
    return [e if isinstance(e, str) else e["card"] for e in entries]


def goal_text(kind: str, sc: dict, solver_side: int) -> dict:
    """The goal in both languages: what to do and what the solver knows that the board does not show."""
    opp = sc["players"][1 - solver_side]
    mine = sc["players"][solver_side]
    hand = _numbers(opp.get("hand", []))
    checked = _numbers((opp if kind == "win-this-turn" else mine).get("deck", []))[:3]
    if kind == "win-this-turn":
        return {"en": f"Win this turn. Your opponent has {opp.get('life', 10)} life and holds: {_names(hand, 'en')}. "
                      f"The top cards of their deck: {_names(checked, 'en')}.",
                "ja": f"このターンに勝利してください。相手のライフは{opp.get('life', 10)}で、手札は{_names(hand, 'ja')}です。"
                      f"相手の山札の上のカード：{_names(checked, 'ja')}。"}
    return {"en": f"Survive your opponent's turn. You have {mine.get('life', 10)} life. Your opponent holds: "
                  f"{_names(hand, 'en')}. The top cards of your deck: {_names(checked, 'en')}.",
            "ja": f"相手のターンを耐えてください。あなたのライフは{mine.get('life', 10)}です。相手の手札は{_names(hand, 'ja')}です。"
                  f"あなたの山札の上のカード：{_names(checked, 'ja')}。"}


THEME_WORDS = {
    "en": {"damage-check": "the damage check", "lucky": "Lucky Pals", "block": "blocks", "interrupt": "Interrupt",
           "quick-step": "the quick step", "night": "night", "pal-limit": "the 5-Pal limit", "material": "Material",
           "ingredient": "Ingredient", "ability": "activated abilities", "destroy": "destroying Pals",
           "soul-draw": "the soul draw"},
    "ja": {"damage-check": "ダメージチェック", "lucky": "ラッキーパル", "block": "ブロック", "interrupt": "インタラプト",
           "quick-step": "クイックステップ", "night": "夜", "pal-limit": "パル5体の上限", "material": "素材",
           "ingredient": "食材", "ability": "起動能力", "destroy": "パルの破壊", "soul-draw": "ソウルドロー"},
}


def explanation_text(kind: str, labels: dict, pitfalls: dict, themes: list[str], facts: dict) -> dict:
    """The explanation in both languages, made from the proof's data."""
    out = {}
    for lang in ("en", "ja"):
        moves = labels[lang]
        traps = pitfalls[lang][:3]
        used = [THEME_WORDS[lang][t] for t in themes]
        if lang == "en":
            head = ("A winning line: " + "; then ".join(moves) + "." if moves else
                    "Every answer you have is forced: the right choices come as your opponent plays.")
            trap = (" Careful: " + "; ".join(traps) + (" would let your opponent survive." if kind == "win-this-turn"
                                                        else " would let your opponent win.")) if traps else ""
            proof = (f" The search proved it over {facts['positions']} positions: {facts['lines']} winning lines, "
                     f"{facts['pitfalls']} decisions on them where a move loses.")
            theme = f" This puzzle uses {', '.join(used)}." if used else ""
        else:
            head = ("勝ち筋の一例：" + "、次に".join(moves) + "。" if moves else
                    "どの場面も相手の行動に合わせて正しく選べば耐えられます。")
            trap = ("注意：" + "／".join(traps) + ("を選ぶと相手が生き残ります。" if kind == "win-this-turn"
                                                 else "を選ぶと相手が勝ちます。")) if traps else ""
            proof = (f"探索は{facts['positions']}局面を調べて証明しました。勝ち筋は{facts['lines']}通り、"
                     f"負けにつながる手がある判断は{facts['pitfalls']}か所です。")
            theme = f"このパズルで使うもの：{'、'.join(used)}。" if used else ""
        out[lang] = head + trap + proof + theme
    return out


def rating_of(depth: int, pitfalls: int, share: float, normal_miss: float, beginner_miss: float) -> int:
    """A puzzle rating (the Glicko-2 scale of the page) from the search and the computer's misses."""
    score = 800 + 90 * depth + 50 * math.log2(1 + pitfalls) + 150 * (1 - share) + 250 * normal_miss \
        + 150 * beginner_miss
    return int(round(score / 10) * 10)


def difficulty_of(rating: int) -> int:
    return max(1, min(5, 1 + (rating - 1000) // 200))


RULES = {"damage-check": "11.2.2", "lucky": "11.2.2", "block": "9.4", "quick-step": "9.5", "interrupt": "9.5",
         "pal-limit": "11.5", "material": "5.13", "ingredient": "5.13", "night": "12.13"}


def make_puzzle(pid: str, kind: str, sc: dict, origin: dict) -> dict | None:
    """A puzzle file's data for one position and kind, or None when the position is no good puzzle."""
    solver_side = sc["turn_player"] if kind == "win-this-turn" else 1 - sc["turn_player"]
    data = {"id": pid, "kind": kind, "difficulty": 1, "title": {"en": "-", "ja": "-"},
            "goal": goal_text(kind, sc, solver_side), "explanation": {"en": "-", "ja": "-"}, "rules": ["11.3"],
            "scenario": sc, "solution": []}
    puzzle = parse(data, pid)
    solver = Solver(puzzle, budget_nodes=NODE_BUDGET)
    world = initial_worlds(puzzle)[0]
    root = solver.solve([world])
    if not root.win or root.pitfalls == 0:
        raise Reject("not solvable" if not root.win else "trivial")
    share, wins, first = 0.0, 0, 0
    if world.game.decision.player == solver.me:
        ranked = [(t, r) for t, r in solver.ranked([world]) if t != "end"]
        first = len(ranked)
        wins = sum(r.win for _, r in ranked)
        share = wins / max(1, first)
        if wins > MAX_FIRST_WINS or share > MAX_FIRST_SHARE:
            raise Reject("many winning first moves")
    planner = Planner(solver)
    data["solution"] = planner.plan(world)
    line, events = main_line(solver, initial_worlds(puzzle)[0])
    mine = [(t, w, d) for t, who, w, d, n in line if who == "me" and n > 1]
    if not mine:
        raise Reject("nothing to choose against the opponent's best answers")
    labels = {lang: [action_label(w.game, t, lang, d) for t, w, d in mine] for lang in ("en", "ja")}
    # the main pitfalls: the losing options of the player's first real choice on the line the page plays
    w0 = mine[0][1]
    traps = [t for t, r in solver.ranked([w0]) if not r.win and t != "end"]
    pit = {lang: [action_label(w0.game, t, lang, w0.game.decision) for t in traps] for lang in ("en", "ja")}
    themes = themes_of(line, events, sc, puzzle)
    normal = miss_rate(puzzle, solver, "normal", MISS_TRIES["normal"])
    beginner = miss_rate(puzzle, solver, "beginner", MISS_TRIES["beginner"])
    rating = rating_of(len(mine), root.pitfalls, share, normal, beginner)
    facts = {"positions": solver.nodes, "lines": root.lines, "pitfalls": root.pitfalls}
    data.update({
        "difficulty": difficulty_of(rating),
        "title": title_of(kind, themes, origin),
        "explanation": explanation_text(kind, labels, pit, themes, facts),
        "rules": sorted({RULES[t] for t in themes if t in RULES} | {"11.3"}, key=_rule_key),
        "themes": themes,
        "rating": rating,
        "generated": {"seed": origin["seed"], "game": origin["game"], "turn": sc["turn"],
                      "life_changed_by": origin["life_changed_by"],
                      "levels": origin["levels"], "winning_lines": root.lines, "pitfalls": root.pitfalls,
                      "positions": solver.nodes, "winning_first_moves": wins, "first_moves": first,
                      "main_pitfalls": [template(w0.game, t) for t in traps][:5],
                      "normal_miss": normal, "beginner_miss": beginner},
    })
    final = parse(data, pid)
    if not check_solution(final).ok:
        raise Reject("the written solution does not win against every answer")
    if not played_through(final):
        raise Reject("the page's opponent leaves nothing to do")
    return data


def played_through(puzzle: Puzzle) -> bool:
    """Whether the solution, played in a PuzzleSession (the page's opponent), solves the puzzle with a move of
    the player's own on the way (a puzzle the opponent's answers solve by themselves teaches nothing)."""
    session = PuzzleSession(puzzle)
    steps = list(puzzle.solution)
    moved = False
    while session.status == "playing":
        while steps and isinstance(steps[0], dict):
            steps = list(pick_answer(steps[0], session.answers) or []) + steps[1:]
        options = session.options()
        if len(options) > 1 and not steps:
            return False
        moved = moved or len(options) > 1
        session.act(options[0] if len(options) == 1 else steps.pop(0))
    return session.status == "solved" and moved


def _rule_key(rule: str) -> tuple:
    return tuple(int(x) for x in rule.split("."))


def title_of(kind: str, themes: list[str], origin: dict) -> dict:
    main = next((t for t in TITLE_ORDER if t in themes), None)
    lead = [THEME_WORDS[lang][main] if main else "" for lang in ("en", "ja")]
    n = origin["number"]
    if kind == "win-this-turn":
        return {"en": f"Mined #{n}: win this turn" + (f" ({lead[0]})" if lead[0] else ""),
                "ja": f"実戦 #{n}：このターンで勝つ" + (f"（{lead[1]}）" if lead[1] else "")}
    return {"en": f"Mined #{n}: survive the turn" + (f" ({lead[0]})" if lead[0] else ""),
            "ja": f"実戦 #{n}：相手のターンを耐える" + (f"（{lead[1]}）" if lead[1] else "")}


# --- the command -------------------------------------------------------------------------------------------------
LEVEL_PAIRS = (("normal", "normal"), ("normal", "beginner"), ("beginner", "beginner"), ("beginner", "normal"))


def generate(seed: int, budget_s: float, out: str, limit: int | None = None, log=print) -> dict:
    """Mine games until ``budget_s`` seconds are spent (or ``limit`` puzzles kept); write the puzzles to ``out``."""
    rng = random.Random(seed)
    t0 = time.perf_counter()
    stats = {"games": 0, "positions": 0, "kept": 0, "rejected": {}}
    os.makedirs(out, exist_ok=True)
    game_no = 0
    while time.perf_counter() - t0 < budget_s and (limit is None or stats["kept"] < limit):
        game_no += 1
        levels = LEVEL_PAIRS[game_no % len(LEVEL_PAIRS)]
        states = main_phase_starts(rng.randrange(2**31), levels, rng)
        stats["games"] += 1
        for state in states:
            if time.perf_counter() - t0 >= budget_s or (limit is not None and stats["kept"] >= limit):
                break
            try:
                sc = to_scenario(state)
            except Reject as r:
                stats["rejected"][str(r)] = stats["rejected"].get(str(r), 0) + 1
                continue
            for kind in ("win-this-turn", "survive"):
                stats["positions"] += 1
                number = stats["kept"] + 1
                pid = f"g{seed}-{number:03d}"
                origin = {"seed": seed, "game": game_no, "levels": list(levels), "number": f"{seed}-{number}"}
                data = None
                try:
                    tight, moved = tightest(sc, kind)
                    data = make_puzzle(pid, kind, tight, {**origin, "life_changed_by": moved})
                except (Reject, SolverError) as r:
                    why = str(r) if isinstance(r, Reject) else "search budget"
                    stats["rejected"][why] = stats["rejected"].get(why, 0) + 1
                if data is None:
                    continue
                with open(os.path.join(out, f"{pid}.json"), "w", encoding="utf-8") as f:
                    json.dump(data, f, ensure_ascii=False, indent=1)
                    f.write("\n")
                stats["kept"] += 1
                log(f"kept {pid}: {kind}, rating {data['rating']}, themes {', '.join(data['themes'])}")
    stats["seconds"] = round(time.perf_counter() - t0, 1)
    return stats


def main(argv: list[str] | None = None) -> int:
    """``python -m engine puzzle generate --seed N --budget SECONDS [--out DIR] [--limit N]``: mine puzzles."""
    ap = Parser(prog="python -m engine puzzle generate", description=main.__doc__)
    ap.add_argument("--seed", type=whole_number(0, 2**63 - 1), default=1,
                    help="the seed of the games (the same seed, the same games)")
    ap.add_argument("--budget", type=seconds(0.0, 86_400.0), default=300.0, help="seconds to spend (default 300)")
    ap.add_argument("--out", default="cards/puzzles/generated", help="folder for the puzzle files")
    ap.add_argument("--limit", type=whole_number(1, 100_000), default=None, help="stop after keeping this many puzzles")
    ap.add_argument("--quiet", action="store_true", help="only the closing figures")
    args = ap.parse_args(argv)
    try:
        stats = generate(args.seed, args.budget, args.out, args.limit, log=(lambda _m: None) if args.quiet else print)
    except OSError as e:
        print(f"error: cannot write the puzzles to {args.out}: {e.strerror}", file=sys.stderr)
        return 2
    rejected = ", ".join(f"{k} {v}" for k, v in sorted(stats["rejected"].items(), key=lambda kv: -kv[1]))
    print(f"seed {args.seed}: {stats['games']} games, {stats['positions']} positions searched, {stats['kept']} "
          f"puzzles kept in {stats['seconds']} s (rejected: {rejected or 'none'})")
    return 0
