"""Section 1: how long the list of legal plays takes, as a lead and as an answer, per game.

The lead list is timed on the full hand dealt by ``new_game(seed)`` to the first player: the longest
list of the deal, the one a learner waits for first. The answer list is timed on the next seat's full
hand against plays taken from the leader's lead list: a kind of play drawn at random first (single,
pair, straight, bomb ...), then one play of that kind, so rare patterns weigh as much as singles.
Everything is drawn from ``random.Random(seed)``: the same deals every run.

Guandan is timed three times over, on hands holding 0, 1 and 2 wild cards (the ♥ of the level rank),
found by scanning the seeded deals in order. 升級 has no ``legal_plays`` (following is a ladder, not a
pattern), so its figures are ``game.legal_actions()`` at the first lead and at the first follow of a
deal played by the bots up to the first trick.
"""

from __future__ import annotations

import random
import statistics
import time

from cardkit.bots import choose
from cardkit.variants import load

from . import Row, Section, Stat, fmt, time_call

TARGETS_MS = {("huahuar", "lead"): 5.0, ("huahuar", "answer"): 2.0, ("guandan", "lead"): 2.0}
BEAT_WORDS = "the plays that beat the play on the table (rules.legal_plays) are listed in"
ZH = {"huahuar": "花花兒", "guandan": "掼蛋", "shengji": "升級", "paoyao": "刨幺"}


def _pick(plays, rng: random.Random):
    """A kind of play at random, then a play of that kind."""
    kinds = sorted({p.kind for p in plays})
    kind = rng.choice(kinds)
    return rng.choice([p for p in plays if p.kind == kind])


def _shedding_samples(rules, hands_and_next, answers: int, repeat: int, seed_base: int):
    lead, answer, sizes = [], [], []
    for i, (hand, next_hand) in enumerate(hands_and_next):
        plays = rules.legal_plays(hand)
        sizes.append(len(plays))
        lead += time_call(lambda h=hand: rules.legal_plays(h), repeat)
        rng = random.Random(seed_base + i)
        for _ in range(answers):
            to_beat = _pick(plays, rng)
            answer += time_call(lambda h=next_hand, b=to_beat: rules.legal_plays(h, b), repeat)
    return lead, answer, sizes


def _rows(game: str, label: str, lead, answer, sizes, hand_size: int, answer_words: str) -> list[Row]:
    name = f"{ZH[game]} {game}{label}"
    lead_stat, answer_stat = Stat.of(lead), Stat.of(answer)
    lead_target = TARGETS_MS.get((game, "lead"))
    answer_target = TARGETS_MS.get((game, "answer"))
    return [
        Row(f"{name}: lead list ({hand_size} cards)", lead_stat, "ms",
            target=lead_target and ("<=", lead_target),
            meaning=f"every play of a full hand ({statistics.median(sizes):.0f} plays, median) is listed in "
                    f"{fmt(lead_stat.median, 'ms')}: {_feel(lead_stat.p95)}"),
        Row(f"{name}: answer list", answer_stat, "ms",
            target=answer_target and ("<=", answer_target),
            meaning=f"{answer_words} {fmt(answer_stat.median, 'ms')}: {_feel(answer_stat.p95)}"),
    ]


def _feel(ms: float) -> str:
    """How a wait feels, judged on the slow end (p95) of the timings."""
    if ms < 20:
        return "a Hint or a bot never waits for it"
    if ms < 100:
        return "still within a click's feel"
    return "a learner notices the wait"


def _plain(game: str, seeds: range, answers: int, repeat: int) -> list[Row]:
    module = load(game)
    pairs, rules = [], None
    for seed in seeds:
        g = module.new_game(seed)
        rules = g.rules
        leader = g.current_player
        pairs.append((g.hand(leader), g.hand((leader + 1) % 4)))
    lead, answer, sizes = _shedding_samples(rules, pairs, answers, repeat, 1000)
    return _rows(game, "", lead, answer, sizes, len(pairs[0][0]), BEAT_WORDS)


def _guandan(count: int, answers: int, repeat: int) -> list[Row]:
    module = load("guandan")
    by_wilds: dict[int, list] = {0: [], 1: [], 2: []}
    seed = 0
    rules = module.Rules()
    while any(len(v) < count for v in by_wilds.values()):
        g = module.new_game(seed)
        for seat in range(4):
            hand = g.hand(seat)
            wilds = sum(rules.is_wild(c) for c in hand)
            if len(by_wilds[wilds]) < count:
                by_wilds[wilds].append((hand, g.hand((seat + 1) % 4)))
        seed += 1
    rows = []
    for wilds, pairs in by_wilds.items():
        lead, answer, sizes = _shedding_samples(rules, pairs, answers, repeat, 2000 + 100 * wilds)
        rows += _rows("guandan", f", {wilds} wild{'s' if wilds != 1 else ''}", lead, answer, sizes, 27,
                      BEAT_WORDS)
    return rows


def _shengji(seeds: range, answers: int, repeat: int) -> list[Row]:
    module = load("shengji")
    lead, answer, sizes, hand_size = [], [], [], 0
    for seed in seeds:
        g = module.new_game(seed)
        rng = random.Random(seed)
        while g.phase != "play":
            g.apply(choose(g, rng))
        hand_size = len(g.hand(g.current_player))
        plays = g.legal_actions()
        sizes.append(len(plays))
        lead += time_call(g.legal_actions, repeat)
        pick = random.Random(3000 + seed)
        for _ in range(answers):
            follow = g.clone()
            follow.apply(_pick(plays, pick))
            answer += time_call(follow.legal_actions, repeat)
    return _rows("shengji", "", lead, answer, sizes, hand_size,
                 "every legal way to follow the lead (game.legal_actions) is listed in")


def run(quick: bool = False) -> Section:
    start = time.perf_counter()
    deals = 4 if quick else 16
    answers = 4 if quick else 8
    repeat = 3 if quick else 5
    section = Section(
        "1. Legal plays: lead and answer lists",
        intro=f"{deals} seeded deals per game (Guandan: {deals} hands per wild count); each lead list timed "
              f"{repeat}× after a warm-up call, each answer list against {answers} plays of the leader's "
              f"(a random kind, then a random play of it), {repeat}× each. Spread: p95 of all timings.",
    )
    for game in ("huahuar", "paoyao"):
        section.rows += _plain(game, range(deals), answers, repeat)
    section.rows += _guandan(deals, answers, repeat)
    section.rows += _shengji(range(deals), max(2, answers // 2), repeat)
    section.notes.append(
        "Targets (issue 11): 花花兒 lead ≤ 5 ms, 花花兒 answer ≤ 2 ms, Guandan lead ≤ 2 ms, judged on the median. "
        "The lead list is the worst case of a deal: every later hand is smaller.")
    section.seconds = time.perf_counter() - start
    return section
