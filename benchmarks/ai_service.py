"""The AI service's reply latency against the old process per move, in one run.

The same AI questions (Ostseeschach positions, at the levels `random` and `easy`) are
answered by the AI service (`spieltisch.ai.service`: long-lived worker processes) and by
the reference, a process of its own per move (`spieltisch.tables.ai.Thinker`, as every
AI move of the server was answered before issue 22). For each the reply time (question
to answer) and the overhead (the reply time less the time the search itself took) are
measured; the ratio of the medians says how much faster the service answers. Issue 22
asks for an overhead of at most 50 ms (median).

Run: `python -m benchmarks.ai_service [QUESTIONS]` (about half a minute).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time

import spieltisch
from spieltisch.ai.questions import MOVE, Question, answer
from spieltisch.ai.service import AIService
from spieltisch.core.settings import Settings
from spieltisch.tables.ai import Thinker, ThinkRequest

GAME = "ostseeschach"
LEVELS = ("random", "easy")
#: Questions per level for the service, and for the (slow) reference.
QUESTIONS = 30
REFERENCE_QUESTIONS = 4


def positions(count: int, seed: int = 1) -> list[tuple[int, tuple[str, ...]]]:
    """(start seed, moves) of `count` positions a few random plies into a game."""
    game = spieltisch.load(GAME)
    rng = random.Random(seed)
    found: list[tuple[int, tuple[str, ...]]] = []
    while len(found) < count:
        start = rng.randrange(1 << 20)
        state = game.new_state(start)
        moves: list[str] = []
        for _ in range(rng.randrange(0, 16)):
            if state.is_over():
                break
            move = state.random_move(rng)
            moves.append(str(move))
            state.push(move)
        if not state.is_over() and not state.is_chance():
            found.append((start, tuple(moves)))
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def service_times(
    service: AIService, level: str, cases: list[tuple[int, tuple[str, ...]]]
) -> tuple[list[float], list[float]]:
    """Reply times and overheads of the service for `cases` (one question at a time)."""
    game = spieltisch.load(GAME)
    replies, overheads = [], []
    for seed, (start, moves) in enumerate(cases):
        reply = await service.move(game, level, start="", start_seed=start, moves=moves, seed=seed)
        replies.append(reply.total)
        overheads.append(reply.total - reply.think)
    return replies, overheads


def reference_times(
    spec: str, cases: list[tuple[int, tuple[str, ...]]]
) -> tuple[list[float], list[float]]:
    """Reply times and overheads of a process per move (the think time of each question
    measured in this process)."""
    replies, overheads = [], []
    for seed, (start, moves) in enumerate(cases):
        request = ThinkRequest(GAME, "", "", start, moves, spec, seed)
        began = time.perf_counter()
        Thinker(request).result(timeout=120)
        reply = time.perf_counter() - began
        _, think = answer(Question(MOVE, GAME, "", "", start, moves, agent=spec, seed=seed))
        replies.append(reply)
        overheads.append(reply - think)
    return replies, overheads


def measure(questions: int = QUESTIONS) -> dict[str, dict[str, float]]:
    """Per level: the service's median and p99 reply and overhead in seconds, the
    reference's median reply and overhead, and the ratio of the median replies."""
    cases = positions(questions)

    async def run() -> dict[str, tuple[list[float], list[float]]]:
        service = AIService(Settings(ai_workers=1))
        game = spieltisch.load(GAME)
        try:
            await service.move(game, "random", start="", start_seed=1, moves=(), seed=0)  # warm
            return {level: await service_times(service, level, cases) for level in LEVELS}
        finally:
            await service.close()

    measured = asyncio.run(run())
    game = spieltisch.load(GAME)
    results: dict[str, dict[str, float]] = {}
    for level in LEVELS:
        replies, overheads = measured[level]
        spec = AIService(Settings(ai_workers=1)).spec_for(game, level)
        old_replies, old_overheads = reference_times(spec, cases[:REFERENCE_QUESTIONS])
        results[level] = {
            "reply_median": statistics.median(replies),
            "reply_p99": percentile(replies, 0.99),
            "overhead_median": statistics.median(overheads),
            "overhead_p99": percentile(overheads, 0.99),
            "reference_reply_median": statistics.median(old_replies),
            "reference_overhead_median": statistics.median(old_overheads),
            "ratio": statistics.median(old_replies) / statistics.median(replies),
        }
    return results


def main(argv: list[str]) -> None:
    questions = int(argv[0]) if argv else QUESTIONS
    results = measure(questions)
    print(f"AI reply latency, {GAME}: the service (1 long-lived worker) vs a process per move")
    for level, row in results.items():
        print(
            f"  {level:7} service reply median {row['reply_median'] * 1000:7.1f} ms "
            f"(p99 {row['reply_p99'] * 1000:7.1f} ms), overhead median "
            f"{row['overhead_median'] * 1000:6.1f} ms (p99 {row['overhead_p99'] * 1000:6.1f} ms)"
        )
        print(
            f"  {'':7} process per move reply median "
            f"{row['reference_reply_median'] * 1000:7.1f} ms, overhead median "
            f"{row['reference_overhead_median'] * 1000:6.1f} ms; "
            f"the service answers {row['ratio']:.1f}x faster"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
