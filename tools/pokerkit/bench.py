#!/usr/bin/env python3
"""PokerKit speed: complete hands with random legal actions, per second.

No-limit hold'em heads-up and six-max (blinds 1/2, stacks 200); six-handed fixed-limit seven
card stud, stud hi/lo and razz (ante 1, bring-in 1, limits 2/4, stacks 200). Every PokerKit
automation on (dealing, showdown with hand evaluation, chips pushing and pulling). Each player
picks among fold, check/call, bring-in, min-raise, a random raise and all-in with the engine's
weights, from a seeded random.Random (PokerKit's own deck shuffle uses the global random
module, which is seeded too). Prints JSON, one entry per kind:
{"heads_up": {"hands": n, "seconds": t, "hands_per_second": r, ...}, "six_max": {...},
 "stud": {...}, "stud_hi_lo": {...}, "razz": {...}}.

With --serve it stays up for slices interleaved with the engine's (`croupier bench engine`):
it prints one JSON line {"pokerkit": version, "python": version}, then for each line
"<kind> <seconds>" read from stdin plays that kind for that long, carrying on the kind's
random sequence, and prints one JSON line like a kind's entry above; it ends at end of input.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from diff import _version as pokerkit_version  # noqa: E402  (same folder)

try:
    import pokerkit
    from pokerkit import (
        Automation,
        FixedLimitRazz,
        FixedLimitSevenCardStud,
        FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        NoLimitTexasHoldem,
    )
except ImportError:  # pragma: no cover
    sys.exit('bench.py: pokerkit is not importable; run tools/pokerkit/setup.sh and use its python')

AUTOMATIONS = tuple(Automation)  # all of them: dealing, burning, showdown, pushing, pulling

# The same weights as the engine's `random_action` (crates/engine/src/random.rs), so both play
# the same kind of hands. Facing a bet: fold 25%, raise 25% (a third each min, random, max),
# call 50%. Not facing one: bet 35% (a third each), check 65% (the engine folds 1% of these,
# binding by TDA-58; PokerKit refuses such a fold, so it checks).
# Stud's bring-in: complete 30%, else bring in (the engine's fold of a bring-in passed on by an
# all-in low card, 20%, is one PokerKit refuses: it brings in).
FACING_BET = (('fold', 75), ('call', 150), ('min', 25), ('random', 25), ('all_in', 25))
NOT_FACING = (('call', 195), ('min', 35), ('random', 35), ('all_in', 35))
BRING_IN = (('bring_in', 70), ('min', 30))

# Each kind: the game, its players.
KINDS = {
    'heads_up': (lambda: NoLimitTexasHoldem(AUTOMATIONS, True, 0, (1, 2), 2), 2),
    'six_max': (lambda: NoLimitTexasHoldem(AUTOMATIONS, True, 0, (1, 2), 2), 6),
    'stud': (lambda: FixedLimitSevenCardStud(AUTOMATIONS, True, 1, 1, 2, 4), 6),
    'stud_hi_lo': (lambda: FixedLimitSevenCardStudHighLowSplitEightOrBetter(AUTOMATIONS, True, 1, 1, 2, 4), 6),
    'razz': (lambda: FixedLimitRazz(AUTOMATIONS, True, 1, 1, 2, 4), 6),
}


def play_hand(game: NoLimitTexasHoldem, players: int, rng: random.Random) -> tuple[int, bool]:
    """Plays one hand to the end; returns the number of player actions and whether it was shown down."""
    state = game((200,) * players, players)
    actions = 0
    folds = 0
    while state.status:
        if state.actor_index is None:  # everything else is automated
            raise RuntimeError('PokerKit waits for a non-player operation')
        if state.can_post_bring_in():
            choice = rng.choices([c for c, _ in BRING_IN], weights=[w for _, w in BRING_IN])[0]
            if choice == 'bring_in' or not state.can_complete_bet_or_raise_to():
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to()
            actions += 1
            continue
        facing = bool(state.checking_or_calling_amount)
        table = FACING_BET if facing else NOT_FACING
        choice = rng.choices([c for c, _ in table], weights=[w for _, w in table])[0]
        if choice != 'fold' and choice != 'call' and not state.can_complete_bet_or_raise_to():
            choice = 'call'
        if choice == 'fold':
            state.fold()
            folds += 1
        elif choice == 'call':
            state.check_or_call()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            amount = {'min': low, 'random': rng.randint(low, high), 'all_in': high}[choice]
            state.complete_bet_or_raise_to(amount)
        actions += 1
    return actions, folds < players - 1


def bench(kind: str, seconds: float, seed: int) -> dict:
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its deck with the global random module
    make, players = KINDS[kind]
    return play_for(make(), players, rng, seconds)


def play_for(game, players: int, rng: random.Random, seconds: float) -> dict:
    """Plays whole hands until `seconds` have passed."""
    hands = actions = showdowns = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        n, shown = play_hand(game, players, rng)
        hands += 1
        actions += n
        showdowns += shown
        elapsed = time.perf_counter() - start
    return {
        'hands': hands,
        'seconds': round(elapsed, 3),
        'hands_per_second': round(hands / elapsed, 1),
        'actions_per_hand': round(actions / hands, 2),
        'showdown_fraction': round(showdowns / hands, 3),
    }


def serve(seed: int) -> int:
    """Slices on request, each kind's game and random sequence kept between its slices."""
    random.seed(seed)
    games: dict = {}
    version = getattr(pokerkit, '__version__', None) or pokerkit_version()
    print(json.dumps({'pokerkit': version, 'python': sys.version.split()[0]}), flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            kind, seconds = words[0], float(words[1])
        except (IndexError, ValueError):
            print(json.dumps({'error': f'expected "<kind> <seconds>", got {line.strip()!r}'}), flush=True)
            continue
        if kind not in KINDS or not seconds > 0:
            print(json.dumps({'error': f'unknown kind {kind!r} or seconds {seconds}; known: {", ".join(KINDS)}'}),
                  flush=True)
            continue
        if kind not in games:
            make, players = KINDS[kind]
            games[kind] = (make(), players, random.Random(seed))
        game, players, rng = games[kind]
        print(json.dumps(play_for(game, players, rng, seconds)), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--seconds', type=float, default=5.0, help='time per kind (default 5)')
    parser.add_argument('--seed', type=int, default=20240611)
    parser.add_argument('--kinds', default='heads_up,six_max',
                        help=f'comma-separated, of {", ".join(KINDS)} (default: heads_up,six_max)')
    parser.add_argument('--serve', action='store_true',
                        help='play slices asked for on stdin, one JSON line each (see above)')
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.seed)
    if args.seconds <= 0:
        parser.error('--seconds must be positive')
    kinds = [k for k in args.kinds.split(',') if k]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        parser.error(f'--kinds: unknown {", ".join(unknown) or "(none given)"}; known: {", ".join(KINDS)}')
    report: dict = {kind: bench(kind, args.seconds, args.seed) for kind in kinds}
    report['pokerkit'] = getattr(pokerkit, '__version__', None) or pokerkit_version()
    report['python'] = sys.version.split()[0]
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
