"""Section 6: a peer in the same run — RLCard's 斗地主 Dou Dizhu beside our four games, random play.

Random play means: at every turn, a random legal action. Ours go through the Game protocol
(``rng.choice(game.legal_actions())``, then ``game.apply``). RLCard's is its raw game loop
(``DoudizhuGame.init_game`` / ``step`` with a random pick from ``state["actions"]``, which RLCard
computes at every step), without the environment's state encoding for learning agents; that fuller
``env.run`` figure is shown too. RLCard is optional (the ``bench`` extra): without it the peer
column stays empty and the section says why.

The games differ, so the ratio says how heavy a deal is here, not which engine is better written:
Dou Dizhu is one 54-card deck for three players (17 cards + 3 for the landlord), no wild cards and
no partnerships; 花花兒 deals 216 cards (54 a seat), 掼蛋 and 刨幺 108 (27 a seat), 升級 108 with
declaring and a kitty and trick-taking, not shedding. More cards means more plays to list and more
turns per deal.
"""

from __future__ import annotations

import random
import statistics
import time

from cardkit.variants import NAMES

from . import Row, Section, Stat, clock, fmt
from .bots import ZH, play_deals, random_policy


def _rlcard_raw(deals: int, turns: list[int]) -> list[float]:
    from rlcard.games.doudizhu.game import DoudizhuGame

    seconds = []
    for seed in range(deals):
        rng = random.Random(seed)
        start = clock()
        game = DoudizhuGame()
        game.np_random.seed(seed)
        state, _ = game.init_game()
        steps = 0
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
            steps += 1
        seconds.append(clock() - start)
        turns.append(steps)
    return seconds


def _rlcard_env(deals: int) -> list[float]:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    seconds = []
    for _ in range(deals):
        start = clock()
        env.run(is_training=False)
        seconds.append(clock() - start)
    return seconds


def _rlcard_version() -> str | None:
    try:
        import rlcard
    except Exception:  # noqa: BLE001 - any failure to import means "no peer here"
        return None
    from importlib.metadata import version

    return getattr(rlcard, "__version__", None) or version("rlcard")


def run(quick: bool = False) -> Section:
    start = time.perf_counter()
    deals = 5 if quick else 30
    section = Section(
        "6. A peer: random-play deals per second beside RLCard's Dou Dizhu",
        intro=f"{deals} seeded deals each, a random legal action at every turn, one figure per deal "
              "(1 / its seconds); spread: inter-quartile range. Ratios: our median over RLCard's raw-loop median, "
              "per deal and per turn (a turn: one action, a pass included).",
    )
    version = _rlcard_version()
    peer = None
    if version is None:
        section.notes.append("RLCard is not installed or does not import on this Python "
                             "(`pip install -e '.[bench]'`): the peer rows and the ratios stay empty.")
    else:
        try:
            peer_turns: list[int] = []
            peer_seconds = _rlcard_raw(deals, peer_turns)
            peer = Stat.of([1 / s for s in peer_seconds])
            peer_turn_ms = Stat.of([1000 * s / t for s, t in zip(peer_seconds, peer_turns, strict=True)]).median
            env = Stat.of([1 / s for s in _rlcard_env(max(3, deals // 2))])
        except Exception as error:  # noqa: BLE001 - a broken peer must not stop our own figures
            section.notes.append(f"RLCard {version} imports but its Dou Dizhu failed to run: {error!r}.")
            peer = None
        else:
            section.rows.append(Row(
                f"RLCard {version} 斗地主 Dou Dizhu: raw game loop", peer, "/s", spread="iqr",
                meaning=f"the peer plays a 54-card, three-player shedding deal in {fmt(1000 / peer.median, 'ms')}: "
                        f"{statistics.median(peer_turns):.0f} turns, {fmt(peer_turn_ms, 'ms')} a turn"))
            section.rows.append(Row(
                f"RLCard {version} 斗地主 Dou Dizhu: env.run (with state encoding)", env, "/s", spread="iqr",
                meaning="what an RL training loop pays per deal, encoding every state for an agent"))
    for game in NAMES:
        turns: list[int] = []
        seconds = play_deals(game, range(deals), random_policy, turns=turns)
        rate = Stat.of([1 / s for s in seconds])
        turn_ms = Stat.of([1000 * s / t for s, t in zip(seconds, turns, strict=True)]).median
        ratio = (f"{rate.median / peer.median:.2f}× RLCard's Dou Dizhu deals per second, "
                 f"{peer_turn_ms / turn_ms:.2f}× its turns per second" if peer else "no peer figure to compare with")
        section.rows.append(Row(
            f"{ZH[game]} {game}: random play", rate, "/s", spread="iqr",
            meaning=f"a random deal takes {fmt(1000 / rate.median, 'ms')} here ({statistics.median(turns):.0f} turns, "
                    f"{fmt(turn_ms, 'ms')} a turn); {ratio}"))
    section.notes.append(
        "The games differ: Dou Dizhu has 54 cards and 3 players; 花花兒 216 cards (54 a seat), 掼蛋 and 刨幺 "
        "108 (27 a seat, wild cards in 掼蛋), 升級 108 with a deal-time declaration, a kitty and trick-taking "
        "follows. A ratio below 1 means a deal of ours costs more than a Dou Dizhu deal, largely because it is "
        "a bigger deal: more turns, and more plays to list at each turn; the per-turn ratio takes out the number "
        "of turns but not the size of the hands.")
    section.seconds = time.perf_counter() - start
    return section
