#!/usr/bin/env python3
"""Replays hands our engine played in PokerKit 0.7.7 and reports where the two differ.

Input: JSON lines, one hand per line (format in README.md), from a file argument or stdin.
Output: a JSON report on stdout. Exit code 0, or 2 when some input line is malformed (the
report is still printed, with the malformed lines listed and left out of the counts).

Per step the harness compares whose turn it is and the legal actions with their exact bounds,
then applies the trace's action; at the end it compares the final stacks. The first difference
in a hand ends the comparison of that hand (the two states have diverged), unless it lies only
in an option the trace did not take (OPTION_ONLY). Every difference is classified as a known,
documented rule difference (kind + rule id) or as "unexplained". Flop games (NT, PO, FT, FO/8)
and fixed-limit stud games (F7S, F7S/8, FR).
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

try:
    import pokerkit
    from pokerkit import (
        Automation,
        BettingStructure,
        FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
        FixedLimitRazz,
        FixedLimitSevenCardStud,
        FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        FixedLimitTexasHoldem,
        Mode,
        NoLimitTexasHoldem,
        PotLimitOmahaHoldem,
        State,
    )
except ImportError:  # pragma: no cover
    sys.exit('diff.py: pokerkit is not importable; run tools/pokerkit/setup.sh and use its python')

from stud import classify_stud_flow, classify_stud_step, odd_chip_order  # noqa: E402  (same folder)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
)


class FixedLimitOmahaHiLoEightOrBetter(FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    """PokerKit 0.7.7's FO/8 class with the betting structure it should have.

    The stock class derives from PotLimitPokerMixin, so it plays pot-limit with no raise cap
    (any bet from the small/big bet up to the pot). This subclass keeps everything else (streets,
    hands, showdown) and sets fixed limit with PokerKit's usual cap of four bets/raises.
    """

    betting_structure = BettingStructure.FIXED_LIMIT
    max_completion_betting_or_raising_count = 4


VARIANTS = ('NT', 'PO', 'FT', 'FO/8', 'F7S', 'F7S/8', 'FR')
FIXED_LIMIT = ('FT', 'FO/8', 'F7S', 'F7S/8', 'FR')
STUD = ('F7S', 'F7S/8', 'FR')
HI_LO = ('FO/8', 'F7S/8')
HOLE_COUNTS = {'NT': 2, 'PO': 4, 'FT': 2, 'FO/8': 4}
# Stud: the cards of each street, face down (d) or up (u) (TDA-RP-10).
STUD_FACES = ('ddu', 'u', 'u', 'u', 'd')
STUD_CLASSES = {'F7S': FixedLimitSevenCardStud, 'F7S/8': FixedLimitSevenCardStudHighLowSplitEightOrBetter,
                'FR': FixedLimitRazz}


class Malformed(ValueError):
    """The input line is not a valid trace."""


# ---------------------------------------------------------------------------------------------
# Reading and checking a trace


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f'{what} must be an integer, got {value!r}')
    return value


def _int_list(value: Any, what: str, count: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise Malformed(f'{what} must be a list, got {value!r}')
    out = [_int(v, f'{what}[{i}]') for i, v in enumerate(value)]
    if count is not None and len(out) != count:
        raise Malformed(f'{what} has {len(out)} entries for {count} players')
    return out


def _cards(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise Malformed(f'{what} must be a list of card strings, got {value!r}')
    for c in value:
        if len(c) != 2 or c[0] not in '23456789TJQKA' or c[1] not in 'cdhs':
            raise Malformed(f'{what}: {c!r} is not a card like "As" or "Td"')
    return value


def parse_action(action: Any) -> tuple[str, int | None]:
    if not isinstance(action, str):
        raise Malformed(f'action must be a string, got {action!r}')
    parts = action.split()
    if parts == ['f']:
        return 'f', None
    if parts == ['cc']:
        return 'cc', None
    if parts == ['pb']:
        return 'pb', None
    if len(parts) == 2 and parts[0] == 'cbr' and parts[1].isdigit():
        return 'cbr', int(parts[1])
    raise Malformed(f'action {action!r} is not "f", "cc", "pb" or "cbr N"')


def validate(hand: Any) -> None:
    if not isinstance(hand, dict):
        raise Malformed('a line must hold a JSON object')
    variant = hand.get('variant')
    if variant not in VARIANTS:
        raise Malformed(f'variant {variant!r} is not one of {", ".join(VARIANTS)}')
    stacks = _int_list(hand.get('stacks'), 'stacks')
    n = len(stacks)
    if n < 2:
        raise Malformed('at least two players are needed')
    if min(stacks) <= 0:
        raise Malformed('stacks must be positive')
    antes = _int_list(hand.get('antes', [0] * n), 'antes', n)
    blinds = _int_list(hand.get('blinds'), 'blinds', n)
    if min(antes) < 0 or min(blinds) < 0:
        raise Malformed('antes and blinds must not be negative')
    if n == 2 and blinds[0] < blinds[1]:
        raise Malformed('heads-up, player 0 is the big blind: blinds[0] must be the larger blind')
    if variant in FIXED_LIMIT:
        _int(hand.get('small_bet'), 'small_bet')
        _int(hand.get('big_bet'), 'big_bet')
    else:
        _int(hand.get('min_bet'), 'min_bet')
    holes = hand.get('holes')
    if not isinstance(holes, list) or len(holes) != n:
        raise Malformed(f'holes must list the hole cards of all {n} players')
    if variant in STUD:
        validate_stud(hand, n)
    else:
        for i, h in enumerate(holes):
            _cards(h, f'holes[{i}]')
            if len(h) != HOLE_COUNTS[variant]:
                raise Malformed(f'holes[{i}]: {variant} deals {HOLE_COUNTS[variant]} hole cards')
    boards = hand.get('boards', [])
    if not isinstance(boards, list):
        raise Malformed('boards must be a list of lists of cards')
    board_cards = [c for i, b in enumerate(boards) for c in _cards(b, f'boards[{i}]')]
    cards = hole_cards(hand) + board_cards
    if len(set(cards)) != len(cards):
        raise Malformed('a card is dealt twice')
    steps = hand.get('steps')
    if not isinstance(steps, list):
        raise Malformed('steps must be a list')
    for k, s in enumerate(steps):
        if not isinstance(s, dict):
            raise Malformed(f'steps[{k}] must be an object')
        _int(s.get('actor'), f'steps[{k}].actor')
        legal = s.get('legal')
        if not isinstance(legal, dict):
            raise Malformed(f'steps[{k}].legal must be an object')
        if not isinstance(legal.get('fold'), bool) or not isinstance(legal.get('check'), bool):
            raise Malformed(f'steps[{k}].legal.fold and .check must be booleans')
        if legal.get('call') is not None:
            _int(legal['call'], f'steps[{k}].legal.call')
        if legal.get('raise') is not None:
            _int_list(legal['raise'], f'steps[{k}].legal.raise', 2)
        if legal.get('bring_in') is not None:
            _int(legal['bring_in'], f'steps[{k}].legal.bring_in')
        parse_action(s.get('action'))
    _int_list(hand.get('final_stacks'), 'final_stacks', n)
    pots = hand.get('pots', [])
    if not isinstance(pots, list):
        raise Malformed('pots must be a list')
    for j, p in enumerate(pots):
        if not isinstance(p, dict):
            raise Malformed(f'pots[{j}] must be an object')
        _int(p.get('amount'), f'pots[{j}].amount')
        for key in ('eligible', 'winners_high', 'winners_low'):
            _int_list(p.get(key, []), f'pots[{j}].{key}')
    rules = hand.get('rules', {})
    if rules is not None and not isinstance(rules, dict):
        raise Malformed('rules must be an object')


def validate_stud(hand: dict, n: int) -> None:
    """Stud: no blinds, a bring-in below the small bet, and each player's cards street by street
    with their faces (`holes[i][street]`, `faces[i][street]` as "ddu", "u", ..., "d")."""
    if any(hand['blinds']):
        raise Malformed('stud has no blinds (TDA-RP-10): blinds must be all 0')
    bring_in = _int(hand.get('bring_in'), 'bring_in')
    if not 0 < bring_in < hand['small_bet']:
        raise Malformed('bring_in must be positive and below the small bet (PokerKit 0.7.7 needs it below)')
    if n > 8:
        raise Malformed('stud deals to at most 8 players')
    faces = hand.get('faces')
    if not isinstance(faces, list) or len(faces) != n:
        raise Malformed(f'faces must list the faces of all {n} players\' cards')
    for i, (streets, marks) in enumerate(zip(hand['holes'], faces)):
        if not isinstance(streets, list) or not isinstance(marks, list) or len(streets) != len(marks):
            raise Malformed(f'holes[{i}] and faces[{i}] must be lists with one entry per street')
        if len(streets) > len(STUD_FACES):
            raise Malformed(f'holes[{i}]: stud has {len(STUD_FACES)} streets')
        for k, (cards, mark) in enumerate(zip(streets, marks)):
            _cards(cards, f'holes[{i}][{k}]')
            if not isinstance(mark, str) or len(mark) != len(cards) or set(mark) - {'u', 'd'}:
                raise Malformed(f'faces[{i}][{k}] must mark each card "u" (up) or "d" (down)')


def hole_cards(hand: dict) -> list[str]:
    """Every hole card dealt in the hand."""
    if hand['variant'] in STUD:
        return [c for streets in hand['holes'] for cards in streets for c in cards]
    return [c for h in hand['holes'] for c in h]


# ---------------------------------------------------------------------------------------------
# PokerKit state


def pokerkit_raw(values: list[int]) -> list[int]:
    """Per-player amounts to PokerKit's positional form (heads-up PokerKit swaps them back)."""
    return list(reversed(values)) if len(values) == 2 else list(values)


def create_state(hand: dict, stock_fo8: bool) -> State:
    n = len(hand['stacks'])
    antes = pokerkit_raw(hand.get('antes', [0] * n))
    blinds = pokerkit_raw(hand['blinds'])
    stacks = list(hand['stacks'])
    variant = hand['variant']
    if variant in STUD:
        # Antes trimmed: a player all-in with (or for less than) the ante wins from each opponent
        # only as much as they put in (TDA-21); stud antes are live in the pots, not dead money.
        return STUD_CLASSES[variant].create_state(
            AUTOMATIONS, True, antes, hand['bring_in'], hand['small_bet'], hand['big_bet'], stacks, n)
    if variant == 'NT':
        return NoLimitTexasHoldem.create_state(
            AUTOMATIONS, False, antes, blinds, hand['min_bet'], stacks, n)
    if variant == 'PO':
        return PotLimitOmahaHoldem.create_state(
            AUTOMATIONS, False, antes, blinds, hand['min_bet'], stacks, n)
    if variant == 'FT':
        return FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, False, antes, blinds, hand['small_bet'], hand['big_bet'], stacks, n)
    cls = FixedLimitOmahaHoldemHighLowSplitEightOrBetter if stock_fo8 else FixedLimitOmahaHiLoEightOrBetter
    return cls.create_state(
        AUTOMATIONS, False, antes, blinds, hand['small_bet'], hand['big_bet'], stacks, n)


def pokerkit_legal(state: State) -> dict:
    amount = state.checking_or_calling_amount
    can_raise = state.can_complete_bet_or_raise_to()
    return {
        'fold': state.can_fold(),
        'check': amount == 0,
        'call': amount if amount else None,
        'raise': [state.min_completion_betting_or_raising_to_amount,
                  state.max_completion_betting_or_raising_to_amount] if can_raise else None,
        'bring_in': state.effective_bring_in_amount if state.can_post_bring_in() else None,
    }


def raise_refusal(state: State) -> str | None:
    """PokerKit's own reason for not allowing a bet or raise now."""
    try:
        state._verify_completion_betting_or_raising()  # noqa: SLF001 - the reason is only here
    except ValueError as error:
        return str(error)
    return None


# ---------------------------------------------------------------------------------------------
# What happened in the current betting round, by the rules (not by PokerKit's bookkeeping)


@dataclass
class Round:
    street: int | None = None
    full_raise: int = 0          # the last full bet or raise of the round (TDA-43, 47)
    raises: int = 0              # bets and raises made in the round (the blinds are not counted;
                                 # limit: only full ones, TDA-47B)
    acted: set[int] = field(default_factory=set)
    level_at_action: dict[int, int] = field(default_factory=dict)
    full_level: int = 0          # limit: the level of the last full bet or raise (the blind first)
    short_all_ins: list[tuple[int, int]] = field(default_factory=list)
                                 # limit: (player, increase) of all-ins since then that were less
                                 # than half a bet over that level: not raises (TDA-47B)
    bring_in_posted: int | None = None  # stud: the bring-in as posted (short when all-in)


def nominal_bet(hand: dict, street: int) -> int:
    if hand['variant'] in FIXED_LIMIT:
        return hand['small_bet'] if street < 2 else hand['big_bet']
    return hand['min_bet']


def big_blind_index(hand: dict) -> int | None:
    """The big blind's player index: the player posting the bet-sized blind."""
    bet = nominal_bet(hand, 0)
    blinds = hand['blinds']
    for i, b in enumerate(blinds):
        if b == bet:
            return i
    return max(range(len(blinds)), key=lambda i: blinds[i]) if any(blinds) else None


def short_big_blind(hand: dict) -> bool:
    """The big blind could not post the full blind (after its ante: TDA-RP-11 ante first)."""
    i = big_blind_index(hand)
    if i is None:
        return False
    antes = hand.get('antes', [0] * len(hand['stacks']))
    return hand['stacks'][i] - antes[i] < hand['blinds'][i]


def sync_round(rnd: Round, hand: dict, state: State) -> None:
    if state.street_index != rnd.street:
        rnd.street = state.street_index
        rnd.full_raise = nominal_bet(hand, state.street_index or 0)
        rnd.raises = 0
        rnd.acted.clear()
        rnd.level_at_action.clear()
        # Before the flop the full big blind is the level (WWPLA-11: even when it is short).
        rnd.full_level = max(hand['blinds']) if state.street_index == 0 else 0
        rnd.short_all_ins.clear()


def record_action(rnd: Round, hand: dict, actor: int, kind: str, amount: int | None,
                  level_before: int, level_after: int) -> None:
    if kind == 'cbr':
        assert amount is not None
        increase = amount - level_before
        if hand['variant'] in FIXED_LIMIT:
            # TDA-47B: at least half a bet over the last full level is a (full) raise, less is not.
            if 2 * (amount - rnd.full_level) >= nominal_bet(hand, rnd.street or 0):
                rnd.raises += 1
                rnd.full_level = amount
                rnd.short_all_ins.clear()
            else:
                rnd.short_all_ins.append((actor, increase))
        else:
            rnd.raises += 1
            if increase >= rnd.full_raise:
                rnd.full_raise = increase
    rnd.acted.add(actor)
    rnd.level_at_action[actor] = level_after


# ---------------------------------------------------------------------------------------------
# Classifying a difference in the legal actions


def raise_cap(hand: dict) -> int | None:
    """Bets allowed per limit round, the blind counting as the bet (rules.raise_cap; null = none)."""
    rules = hand.get('rules') or {}
    return rules['raise_cap'] if 'raise_cap' in rules else 4


def classify_step(hand: dict, state: State, rnd: Round, actor: int, fields: list[str],
                  ours: dict, theirs: dict, stock_fo8: bool) -> tuple[str, str | None, str]:
    variant = hand['variant']
    fixed = variant in FIXED_LIMIT
    level = max(state.bets)
    street = state.street_index
    fieldset = set(fields)

    if variant in STUD:
        found = classify_stud_step(hand, state, actor, fieldset, ours, theirs, rnd.bring_in_posted, rnd.raises)
        if found is not None:
            return found

    if fieldset == {'raise'}:
        acted = actor in rnd.acted
        increase = level - rnd.level_at_action.get(actor, 0)
        # TDA-47A (limit: TDA-47B at 50%): a short all-in does not reopen the betting.
        if ours['raise'] is None and theirs['raise'] is not None and acted:
            if not fixed and increase < rnd.full_raise:
                return ('short_all_in_reopens', 'TDA-47A',
                        f'player {actor} already acted in this round; the bet rose by {increase} since, '
                        f'less than the last full bet/raise of {rnd.full_raise}; PokerKit lets them raise')
            if fixed and 2 * increase < rnd.full_raise:
                return ('short_all_in_reopens', 'TDA-47B',
                        f'player {actor} already acted; the bet rose by {increase} since, less than half '
                        f'a full bet of {rnd.full_raise}; PokerKit lets them raise')
        # TDA-47A (example 1-B): short all-ins that add up to a full raise since the player acted
        # reopen the betting for them. PokerKit restarts its sum of short all-ins once it reaches
        # a full raise without reopening, so a later short all-in closes the betting again.
        if (not fixed and ours['raise'] is not None and theirs['raise'] is None and acted
                and increase >= rnd.full_raise
                and ours['raise'][0] == min(level + rnd.full_raise, state.bets[actor] + state.stacks[actor])
                and 'already acted' in (raise_refusal(state) or '')):
            return ('short_all_ins_add_up', 'TDA-47A',
                    f'player {actor} already acted; since then short all-ins raised the bet by {increase}, '
                    f'at least the last full bet/raise of {rnd.full_raise}: reopened (TDA-47A example 1-B); '
                    f'PokerKit only adds up the short all-ins since its sum last reached a full raise')
        # TDA-47B: in limit, an all-in of at least half a bet reopens; PokerKit needs a full one.
        if (fixed and ours['raise'] is not None and theirs['raise'] is None and acted
                and rnd.full_raise <= 2 * increase < 2 * rnd.full_raise
                and any(m in (raise_refusal(state) or '') for m in ('Short all-in', 'already acted'))):
            return ('limit_half_bet_reopens', 'TDA-47B',
                    f'player {actor} faces an increase of {increase} since acting, at least half of the '
                    f'{rnd.full_raise} bet: reopened in limit; PokerKit needs a full bet')
        # TDA-54B: before the flop a short all-in blind counts in full in the pot-limit maximum;
        # PokerKit counts what was posted. (A short big blind also changes the call: below.)
        o, t = ours['raise'], theirs['raise']
        if variant == 'PO' and street == 0 and o is not None and t is not None and o[0] == t[0]:
            pre = Preflop.posted(hand)
            shortfall = sum(max(0, b - p) for b, p in zip(hand['blinds'], pre.bets))
            all_in_to = state.bets[actor] + state.stacks[actor]
            if shortfall and t[1] < o[1] == min(t[1] + shortfall, all_in_to):
                return ('short_blind_pot_limit', 'TDA-54B',
                        f'a blind is all-in for {shortfall} less than its blind: before the flop it counts '
                        f'in full in the pot-limit maximum (TDA-54B); PokerKit counts what was posted')
        # TDA-47B: an all-in of less than half a bet is not a raise, so the next raise completes
        # the last full bet or raise (its level + a bet); PokerKit raises from the all-in's level.
        if fixed and o is not None and t is not None and o[0] == o[1] and t[0] == t[1] and t[0] > o[0] \
                and rnd.short_all_ins and all(state.stacks[p] == 0 for p, _ in rnd.short_all_ins):
            bet = nominal_bet(hand, street or 0)
            all_in_to = state.bets[actor] + state.stacks[actor]
            if o[0] == rnd.full_level + bet and t[0] == min(level + bet, all_in_to):
                shorts = ', '.join(f'player {p} +{inc}' for p, inc in rnd.short_all_ins)
                return ('limit_short_all_in_raise_size', 'TDA-47B',
                        f'since the last full bet/raise to {rnd.full_level}, all-ins of less than half '
                        f'the {bet} bet over it ({shorts}) raised the bet to {level}; they are not raises: '
                        f'ours raises to {rnd.full_level} + {bet}; PokerKit to {level} + {bet}')
        # Limit raise caps: one bet and three raises, the blind counts as the bet (HC-3.4.1 a);
        # no cap heads-up outside tournaments (HC-3.4.1 c). PokerKit: four raises on top of the blind.
        if fixed and not (variant == 'FO/8' and stock_fo8):
            cap = raise_cap(hand)
            # Stud: the bring-in is not a bet; the completion is the first (TDA-RP-10).
            bets_made = rnd.raises + (1 if street == 0 and variant not in STUD else 0)
            ours_capped = cap is not None and bets_made >= cap
            theirs_capped = state.completion_betting_or_raising_count >= 4
            if ours_capped != theirs_capped and (ours['raise'] is None) == ours_capped \
                    and (theirs['raise'] is None) == theirs_capped:
                where = ('before the flop, the blind counting as the bet' if street == 0 else 'after the flop') \
            if variant not in STUD else f'on street {street + 3}'
                cap_text = f'a cap of {cap} bets' if cap is not None else 'no cap (heads-up, ring game)'
                return ('limit_raise_cap', 'HC-3.4.1',
                        f'{bets_made} bets/raises made {where}; ours: {cap_text}; PokerKit caps at four '
                        f'raises on top of the blind ({state.completion_betting_or_raising_count} made)')
        # PokerKit 0.7.7's FO/8 class is pot-limit.
        if variant == 'FO/8' and stock_fo8:
            o, t = ours['raise'], theirs['raise']
            if (o is not None and t is not None and o[0] == t[0] and t[1] > o[1]) or (o is None and t is not None):
                return ('fo8_played_pot_limit', 'HC-3.4.1',
                        'PokerKit 0.7.7 FixedLimitOmahaHoldemHighLowSplitEightOrBetter derives from '
                        'PotLimitPokerMixin: bets up to the pot, no cap (run without --stock-fo8)')

    # WWPLA-11, HC-1.13.2: a short all-in big blind still sets the call at the full big blind
    # (and TDA-54B: the pot-limit maximum before the flop is unaffected).
    if street == 0 and short_big_blind(hand) and fieldset <= {'fold', 'check', 'call', 'raise'}:
        bb = nominal_bet(hand, 0)
        bet, stack = state.bets[actor], state.stacks[actor]
        ours_call = ours['call'] or 0
        consistent = ours_call == min(stack, max(level, bb) - bet) or ours_call == stack
        if consistent and (ours['raise'] is None or theirs['raise'] is None
                           or ours['raise'][0] >= theirs['raise'][0]):
            return ('short_big_blind', 'WWPLA-11',
                    f'the big blind is all-in for less than {bb}; ours: the others still owe the full big '
                    f'blind (WWPLA-11, HC-1.13.2); PokerKit: only the short amount')

    return ('unexplained', None, f'fields differ: {", ".join(fields)}')


# ---------------------------------------------------------------------------------------------
# Classifying a difference in who acts, the board or the end of the hand


@dataclass
class Preflop:
    """Our engine's bets and stacks before the flop, from the setup (ante first, TDA-RP-11) and
    the trace's own actions and call amounts; `over` once PokerKit has left the pre-flop round
    (up to a difference both agree, so ours has too)."""
    bets: list[int]
    stacks: list[int]
    folded: set[int] = field(default_factory=set)
    over: bool = False

    @classmethod
    def posted(cls, hand: dict) -> Preflop:
        n = len(hand['stacks'])
        antes = hand.get('antes', [0] * n)
        bets, stacks = [], []
        for stack, ante, blind in zip(hand['stacks'], antes, hand['blinds']):
            left = stack - min(stack, ante)
            bets.append(min(left, blind))
            stacks.append(left - bets[-1])
        return cls(bets, stacks)

    def record(self, step: dict, street: int | None) -> None:
        if self.over or street != 0:
            self.over = True
            return
        actor = step['actor']
        action, amount = parse_action(step['action'])
        if action == 'f':
            self.folded.add(actor)
            return
        if action == 'cc':
            put_in = step['legal'].get('call') or 0
        elif action == 'pb':
            put_in = step['legal'].get('bring_in') or 0
        else:
            put_in = (amount or 0) - self.bets[actor]
        self.bets[actor] += put_in
        self.stacks[actor] -= put_in


def classify_flow(hand: dict, state: State, pre: Preflop, k: int) -> tuple[str, str | None, str]:
    """A difference in whose turn it is, in the board dealt or in the end of the hand, at step `k`
    (len(steps): after the trace's last action)."""
    steps = hand['steps']
    # WWPLA-11, HC-1.13.2: with the big blind short, the others still owe the full blind, so a
    # player who has only matched the highest (short) amount posted still has to act before the
    # flop; PokerKit takes the betting as complete.
    if k < len(steps) and not pre.over and short_big_blind(hand):
        step = steps[k]
        actor, legal = step['actor'], step['legal']
        bb = hand['blinds'][big_blind_index(hand)]
        bet, stack = pre.bets[actor], pre.stacks[actor]
        highest = max(pre.bets)
        if actor not in pre.folded and stack > 0 and highest <= bet < bb and not legal.get('check') \
                and legal.get('call') == min(bb - bet, stack):
            return ('short_big_blind', 'WWPLA-11',
                    f'the big blind is all-in for less than {bb}; player {actor} has {bet} in, the most '
                    f'anyone has posted ({highest}), and owes the full big blind: ours they call '
                    f'{legal.get("call")} or fold (WWPLA-11, HC-1.13.2); PokerKit: nobody owes anything, '
                    f'the betting is over')
    # TDA-16: betting is over once only one player in the hand has chips and owes nothing;
    # PokerKit still asks them to act (the big blind's option, or a check on a later street).
    actor = state.actor_index
    if k == len(steps) and state.status and actor is not None \
            and state.checking_or_calling_amount == 0 \
            and sum(len(b) for b in hand.get('boards', [])) == 5 \
            and all(state.stacks[i] == 0 for i in range(len(state.stacks))
                    if i != actor and state.statuses[i]):
        where = ('before the flop', 'on the flop', 'on the turn', 'on the river')[state.street_index or 0]
        return ('betting_over_one_player_with_chips', 'TDA-16',
                f'every other player in the hand is all-in and player {actor} owes nothing: the betting '
                f'is over and ours runs out the board (TDA-16); PokerKit asks player {actor} to act '
                f'{where} (check or bet)')
    return ('unexplained', None, '')


# ---------------------------------------------------------------------------------------------
# Classifying a difference in the final stacks


def split(amount: int, winners: list[int], all_odd_chips_to_first: bool,
          order: Callable[[int], Any] | None = None) -> dict[int, int]:
    """Split among winners; odd chips from the first left of the button (the lowest index), or
    in the order `order` sorts them (stud: the high card by suit, TDA-20B)."""
    winners = sorted(winners, key=order)
    out = {i: 0 for i in winners}
    if not winners:
        return out
    q, r = divmod(amount, len(winners))
    for k, i in enumerate(winners):
        out[i] += q
        if all_odd_chips_to_first:
            out[i] += r if k == 0 else 0
        elif k < r:
            out[i] += 1
    return out


# PokerKit 0.7.7's chips pushing, quirk by quirk, against the rules. Each is a flag of distribute().
QUIRKS = {
    'pots_merged': ('TDA-21', 'PokerKit merges pots whose surviving players are the same before '
                    'splitting, which moves odd chips; each pot is split on its own (TDA-21, TDA-20)'),
    'odd_chips_to_one_player': ('TDA-20', 'PokerKit gives all odd chips of a split to the first '
                                'winner; TDA-20A: one each, from the first left of the button'),
    'hi_lo_no_low_in_pot': ('TDA-21', 'PokerKit halves a pot in which nobody has a qualifying low '
                            'because some other hand has one, and gives that low half to all the '
                            'pot\'s players; the pot\'s high hand should scoop it (each pot on its own)'),
    'hi_lo_same_winners': ('TDA-20D', 'the same players win high and low; PokerKit splits each half '
                           'and gives both halves\' odd chips to one player; TDA-20D: as evenly as '
                           'possible'),
    'odd_chips_by_position': ('TDA-20B', 'PokerKit gives a stud split\'s odd chips by position (the '
                              'lowest player index first); TDA-20B: to the high card by suit of the '
                              'winning five-card hand'),
}


def distribute(pots: list[dict], hi_lo: bool, quirks: set[str], shown_low: bool = False,
               order: Callable[[int, str], Any] | None = None) -> dict[int, int]:
    """Chips won per player from the trace's pots and winners, by the rules (no quirks: each pot
    on its own, TDA-21; odd chips one each from the left of the button, TDA-20A; hi/lo: the high
    half gets the odd chip, TDA-20C; no qualifying low: the high hand scoops; the same players
    winning both halves share the pot as evenly as possible, TDA-20D), or with PokerKit's quirks.
    `shown_low`: some hand at the showdown has a qualifying low (PokerKit's test for halving every
    pot); the trace's winners cannot tell when that hand scooped its pot (one award, TDA-20D).
    `order(player, half)`: stud's order of winners for odd chips (TDA-20B), unless PokerKit's
    `odd_chips_by_position` is among the quirks."""
    to_first = 'odd_chips_to_one_player' in quirks
    by_suit = order is not None and 'odd_chips_by_position' not in quirks

    def key(half: str) -> Callable[[int], Any] | None:
        return (lambda i: order(i, half)) if by_suit and order is not None else None
    survivors = {i for p in pots for i in p.get('winners_high', []) + p.get('winners_low', [])}
    anyone_low = hi_lo and (shown_low or any(p.get('winners_low') for p in pots))
    groups: list[dict] = []
    for p in pots:
        players = sorted(set(p.get('eligible', [])) & survivors) or sorted(p.get('winners_high', []))
        if 'pots_merged' in quirks and groups and groups[-1]['players'] == players:
            groups[-1]['amount'] += p['amount']
            continue
        groups.append({'amount': p['amount'], 'players': players,
                       'hi': list(p.get('winners_high', [])), 'lo': list(p.get('winners_low', []))})
    total: dict[int, int] = {}

    def add(part: dict[int, int]) -> None:
        for i, v in part.items():
            total[i] = total.get(i, 0) + v

    for g in groups:
        amount, hi, lo = g['amount'], g['hi'], g['lo']
        half = amount // 2
        if not hi_lo:
            add(split(amount, hi, to_first, key('high')))
        elif lo and sorted(hi) == sorted(lo) and 'hi_lo_same_winners' not in quirks:
            add(split(amount, hi, to_first, key('high')))
        elif lo:
            add(split(amount - half, hi, to_first, key('high')))
            add(split(half, lo, to_first, key('low')))
        elif anyone_low and 'hi_lo_no_low_in_pot' in quirks:
            add(split(amount - half, hi, to_first, key('high')))
            add(split(half, g['players'], to_first, key('low')))
        else:
            add(split(amount, hi, to_first, key('high')))
    return total


def classify_final(hand: dict, ours: list[int], theirs: list[int],
                   lows: set[int] | None = None) -> tuple[str, str | None, str]:
    """`lows`: the players shown down with a qualifying low (hi/lo)."""
    delta = [t - o for o, t in zip(ours, theirs)]
    if sum(delta) != 0:
        return ('unexplained', None, f'PokerKit minus ours per player {delta}: the totals differ')
    hi_lo = hand['variant'] in HI_LO
    stud = hand['variant'] in STUD
    order = odd_chip_order(hand) if stud else None
    lows = lows or set()
    # The trace has one award for a whole hi/lo pot: nobody in it has a low, or the same players
    # win both halves (a scoop, TDA-20D). With a low among the pot's players it is the latter.
    pots = [dict(p, winners_low=list(p.get('winners_high', [])))
            if hi_lo and not p.get('winners_low') and set(p.get('eligible', [])) & lows else p
            for p in hand.get('pots') or []]
    shown_low = bool(lows)
    players = range(len(ours))

    def moved(quirks: set[str]) -> list[int]:
        pk = distribute(pots, hi_lo, quirks, shown_low, order)
        rules = distribute(pots, hi_lo, set(), False, order)
        return [pk.get(i, 0) - rules.get(i, 0) for i in players]

    everything = set(QUIRKS)
    if moved(everything) == delta:
        # The quirks that matter: those whose removal changes the result.
        causes = [q for q in QUIRKS if moved(everything - {q}) != delta] or \
                 [q for q in QUIRKS if moved({q}) != [0] * len(ours)]
        if causes:
            return ('+'.join(causes), ', '.join(dict.fromkeys(QUIRKS[q][0] for q in causes)),
                    '; '.join(QUIRKS[q][1] for q in causes)
                    + f'. PokerKit minus ours per player {delta}: exactly what PokerKit\'s chips '
                    f'pushing gives for the trace\'s pots and winners')
    if stud:
        # Stud's odd chips follow the cards (TDA-20B): the rules' split is exact, so is PokerKit's.
        return ('unexplained', None, f'PokerKit minus ours per player {delta}: not PokerKit\'s chips '
                'pushing (merged pots, odd chips by position and to one player, hi/lo halves) applied '
                'to the trace\'s pots and winners, with odd chips by suit (TDA-20B)')
    # Not reproduced exactly (e.g. our odd chips go to other seats): known only within the odd
    # chips and pot halves that these quirks can move in these pots.
    bound = [0] * len(ours)
    causes = []
    for p in pots:
        hi, lo = p.get('winners_high', []), p.get('winners_low', [])
        if hi_lo and not lo and (shown_low or any(q.get('winners_low') for q in pots)):
            causes.append('hi_lo_no_low_in_pot')
            for i in p.get('eligible', []):
                bound[i] += p['amount'] // 2 + 1
        if len(hi) > 1 or len(lo) > 1:
            causes.append('pots_merged' if len(pots) > 1 else 'odd_chips_to_one_player')
            if hi_lo and lo and sorted(hi) == sorted(lo):
                causes.append('hi_lo_same_winners')
            for i in hi:
                bound[i] += len(hi) - 1  # the odd chips of a split can move at most this far
            for i in lo:
                bound[i] += len(lo) - 1
    causes = list(dict.fromkeys(causes))
    if causes and all(abs(d) <= b for d, b in zip(delta, bound)):
        return ('+'.join(causes), ', '.join(dict.fromkeys(QUIRKS[q][0] for q in causes)),
                '; '.join(QUIRKS[q][1] for q in causes)
                + f'. PokerKit minus ours per player {delta}: not reproduced exactly, but within the '
                f'odd chips and pot halves these pots can move per player {bound}')
    return ('unexplained', None, f'PokerKit minus ours per player {delta}'
            + (f'; more than the odd chips and pot halves the split pots can move {bound}' if causes else ''))


def shown_lows(hand: dict, state: State) -> set[int]:
    """The players whose hands shown down have a qualifying low, by PokerKit (FO/8, F7S/8)."""
    if hand['variant'] not in HI_LO:
        return set()
    try:
        return {i for i, h in enumerate(state.get_up_hands(0, 1)) if h is not None}
    except (IndexError, ValueError):
        return set()


# ---------------------------------------------------------------------------------------------
# Replaying one hand


@dataclass
class Outcome:
    steps: int = 0
    difference: dict | None = None
    # Known differences in an option the trace did not take, after which both states are the
    # same: the comparison goes on (OPTION_ONLY).
    options: list[dict] = field(default_factory=list)
    nonstandard_folds: int = 0


# Differences only in an option not taken: PokerKit's extra "completion" of an all-in bring-in,
# our fold of a bring-in passed to the left. With the trace's action legal in both (a bring-in,
# a completion), the two states stay the same.
OPTION_ONLY = {'all_in_bring_in_as_completion': 'raise', 'bring_in_passed_may_fold': 'fold'}


def replay(hand: dict, stock_fo8: bool) -> Outcome:
    out = Outcome()

    def differ(step: int | None, kind: str, what: str, ours: Any, theirs: Any, rule: str | None,
               note: str) -> Outcome:
        out.difference = {'step': step, 'kind': kind, 'field': what, 'ours': ours, 'pokerkit': theirs,
                          'rule': rule, 'note': note}
        return out

    stud = hand['variant'] in STUD
    try:
        state = create_state(hand, stock_fo8)
        if not stud:
            for i, cards in enumerate(hand['holes']):
                state.deal_hole(''.join(cards), i)
    except ValueError as error:
        return differ(None, 'unexplained', 'setup', None, str(error), None,
                      'PokerKit refused to set up the hand or deal the hole cards')

    board = [c for street in hand.get('boards', []) for c in street]
    # Stud: each player's cards in the order dealt, with their faces, dealt as PokerKit asks.
    hole_queue = [[(c, f == 'u') for cards, faces in zip(streets, marks) for c, f in zip(cards, faces)]
                  for streets, marks in zip(hand['holes'], hand['faces'])] if stud else []

    pre = Preflop.posted(hand)
    rnd = Round()

    def differ_flow(step: int, what: str, ours: Any, theirs: Any, note: str) -> Outcome:
        if stud:
            kind, rule, why = classify_stud_flow(hand, state, step, what)
        else:
            kind, rule, why = classify_flow(hand, state, pre, step)
        return differ(step, kind, what, ours, theirs, rule, f'{note}: {why}' if why else note)

    def deal_hole(step: int) -> Outcome | None:
        i = state.hole_dealee_index
        assert i is not None
        if not hole_queue[i]:
            return differ_flow(step, 'hole', None, i,
                               f'PokerKit deals player {i} a card on street {(state.street_index or 0) + 3} '
                               'but the trace has no more for them')
        card, up = hole_queue[i].pop(0)
        if up != state.hole_dealing_statuses[i][0]:
            return differ(step, 'unexplained', 'faces', up, state.hole_dealing_statuses[i][0], None,
                          f'player {i}\'s {card} is dealt face {"up" if up else "down"} in the trace')
        state.deal_hole(card, i)
        return None

    def deal_boards(step: int) -> Outcome | None:
        """Deals what PokerKit asks for until a player is to act: stud hole cards, board cards."""
        while state.status and state.actor_index is None:
            if stud and state.can_deal_hole():
                if deal_hole(step):
                    return out
                continue
            if not state.can_deal_board():
                break
            count = state.board_dealing_count or 0
            if len(board) < count:
                return differ_flow(step, 'board', board, count,
                                   'PokerKit deals another street but the trace has no more board cards')
            cards = ''.join(board[:count])
            del board[:count]
            state.deal_board(cards)
        return None

    for k, step in enumerate(hand['steps']):
        if deal_boards(k):
            return out
        actor = step['actor']
        if state.actor_index != actor:
            return differ_flow(k, 'actor', actor, state.actor_index,
                               'a different player is to act' if state.actor_index is not None
                               else 'PokerKit has nobody to act (the betting is over)')
        sync_round(rnd, hand, state)
        out.steps += 1
        ours = {key: step['legal'].get(key) for key in ('fold', 'check', 'call', 'raise', 'bring_in')}
        theirs = pokerkit_legal(state)
        fields = []
        # Folding is compared where a bet is faced or a bring-in due (TDA-58 allows it elsewhere).
        if (ours['call'] is not None or ours['bring_in'] is not None) and ours['fold'] != theirs['fold']:
            fields.append('fold')
        for key in ('check', 'call', 'raise', 'bring_in'):
            if ours[key] != theirs[key]:
                fields.append(key)
        action, amount = parse_action(step['action'])
        if fields:
            kind, rule, note = classify_step(hand, state, rnd, actor, fields, ours, theirs, stock_fo8)
            first = fields[0]
            taken = {'f': 'fold', 'cbr': 'raise'}.get(action)
            kinds = kind.split('+')
            if all(OPTION_ONLY.get(q) not in (None, taken) for q in kinds):
                out.options.append({'step': k, 'kind': kind, 'field': first, 'ours': ours[first],
                                    'pokerkit': theirs[first], 'rule': rule,
                                    'note': f'{note} (ours {ours}, PokerKit {theirs}); not taken: compared on'})
            else:
                return differ(k, kind, first, ours[first], theirs[first], rule,
                              f'{note} (ours {ours}, PokerKit {theirs})')

        level_before = max(state.bets)
        street = state.street_index
        try:
            if action == 'f':
                if not state.can_fold() and state.can_check_or_call() and state.checking_or_calling_amount == 0:
                    # TDA-58: a fold when checking is possible stands (binding). PokerKit allows it
                    # only in cash-game mode, with a warning; the states stay the same otherwise.
                    state.mode = Mode.CASH_GAME
                    with warnings.catch_warnings():
                        warnings.simplefilter('ignore')
                        state.fold()
                    state.mode = Mode.TOURNAMENT
                    out.nonstandard_folds += 1
                else:
                    state.fold()
            elif action == 'cc':
                state.check_or_call()
            elif action == 'pb':
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to(amount)
        except ValueError as error:
            return differ(k, 'unexplained', 'action', step['action'], str(error), None,
                          'PokerKit refused our action')
        record_action(rnd, hand, actor, action, amount, level_before, max(state.bets) if state.bets else 0)
        if action == 'pb':
            rnd.bring_in_posted = step['legal'].get('bring_in')
        pre.record(step, street)

    steps = len(hand['steps'])
    if deal_boards(steps):
        return out
    if state.status:
        if state.actor_index is not None:
            return differ_flow(steps, 'actor', None, state.actor_index,
                               'the trace ends but PokerKit has a player to act')
        return differ_flow(steps, 'end', None, 'hand not over',
                           'the trace ends but PokerKit has not finished the hand')
    if board:
        return differ_flow(steps, 'board', board, [],
                           'the trace deals board cards that PokerKit never asked for')
    if any(hole_queue):
        return differ_flow(steps, 'hole', [c for q in hole_queue for c, _ in q], [],
                           'the trace deals hole cards that PokerKit never asked for')
    theirs_stacks = list(state.stacks)
    if theirs_stacks != hand['final_stacks']:
        kind, rule, note = classify_final(hand, hand['final_stacks'], theirs_stacks, shown_lows(hand, state))
        return differ(None, kind, 'final_stacks', hand['final_stacks'], theirs_stacks, rule, note)
    return out


# ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('path', nargs='?', help='JSON lines file (default: stdin)')
    parser.add_argument('--stock-fo8', action='store_true',
                        help='use PokerKit\'s own FO/8 class as is (pot-limit in 0.7.7) instead of '
                             'the same class with fixed-limit betting')
    args = parser.parse_args(argv)

    stream = open(args.path, encoding='utf-8') if args.path else sys.stdin
    with stream:
        lines = stream.read().splitlines()

    report: dict[str, Any] = {'hands': 0, 'steps': 0, 'matched_hands': 0, 'differences': []}
    by_variant: dict[str, dict[str, int]] = {}
    malformed = []
    nonstandard_folds = 0
    hand_index = -1
    for line_number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            hand = json.loads(line)
            validate(hand)
        except (json.JSONDecodeError, Malformed) as error:
            malformed.append({'line': line_number, 'error': str(error)})
            continue
        hand_index += 1
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            outcome = replay(hand, args.stock_fo8)
        counts = by_variant.setdefault(hand['variant'], {'hands': 0, 'steps': 0, 'matched_hands': 0})
        counts['hands'] += 1
        counts['steps'] += outcome.steps
        report['hands'] += 1
        report['steps'] += outcome.steps
        nonstandard_folds += outcome.nonstandard_folds
        found = outcome.options + ([outcome.difference] if outcome.difference else [])
        if not found:
            counts['matched_hands'] += 1
            report['matched_hands'] += 1
        for difference in found:
            report['differences'].append({'hand': hand_index, 'line': line_number,
                                          'variant': hand['variant'], **difference})
    kinds: dict[str, int] = {}
    for d in report['differences']:
        kinds[d['kind']] = kinds.get(d['kind'], 0) + 1
    report['by_variant'] = by_variant
    report['by_kind'] = kinds
    report['unexplained'] = kinds.get('unexplained', 0)
    report['known'] = len(report['differences']) - report['unexplained']
    report['nonstandard_folds_replayed'] = nonstandard_folds
    report['pokerkit'] = {'version': getattr(pokerkit, '__version__', None) or _version(),
                          'fo8_class': ('FixedLimitOmahaHoldemHighLowSplitEightOrBetter (stock, pot-limit)'
                                        if args.stock_fo8 else
                                        'FixedLimitOmahaHoldemHighLowSplitEightOrBetter with fixed-limit betting')}
    if malformed:
        report['malformed'] = malformed
    json.dump(report, sys.stdout, indent=1)
    sys.stdout.write('\n')
    if malformed:
        print(f'diff.py: {len(malformed)} malformed line(s), first: line {malformed[0]["line"]}: '
              f'{malformed[0]["error"]}', file=sys.stderr)
        return 2
    return 0


def _version() -> str | None:
    try:
        from importlib.metadata import version
        return version('pokerkit')
    except Exception:  # noqa: BLE001
        return None


if __name__ == '__main__':
    sys.exit(main())
