"""Stud for diff.py: who brings in, who opens, the odd chip's card and the stub before seventh
street, worked out by the rules from a trace's cards (not from either engine's decisions), and
the stud differences from PokerKit 0.7.7 they explain (TDA-RP-10, TDA-20B)."""

from __future__ import annotations

from typing import Any, Callable

from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand, State


HIGH_RANKS = '23456789TJQKA'
LOW_RANKS = 'A23456789TJQK'  # razz: the ace is low
SUITS = 'cdhs'                # clubs < diamonds < hearts < spades (TDA-RP-10, TDA-20B)


def card_order(card: str, ace_low: bool) -> tuple[int, int]:
    """A card's place by rank, then suit."""
    return (LOW_RANKS if ace_low else HIGH_RANKS).index(card[0]), SUITS.index(card[1])


def dealt_cards(hand: dict, player: int) -> list[str]:
    """The player's cards, every street, in the order dealt."""
    return [c for cards in hand['holes'][player] for c in cards]


def up_cards(hand: dict, player: int, streets: int) -> list[str]:
    """The player's up cards of the first `streets` streets."""
    return [c for cards, faces in zip(hand['holes'][player][:streets], hand['faces'][player][:streets])
            for c, f in zip(cards, faces) if f == 'u']


def bring_in_holder(hand: dict) -> int:
    """TDA-RP-10: the lowest up card by rank and suit brings in; razz: the highest, ace low."""
    razz = hand['variant'] == 'FR'
    cards = {i: up_cards(hand, i, 1)[0] for i in range(len(hand['stacks'])) if up_cards(hand, i, 1)}
    pick = max if razz else min
    return pick(cards, key=lambda i: card_order(cards[i], razz))


def showing_key(cards: list[str], razz: bool) -> tuple:
    """Up cards as a hand, for who opens a street: pairs, trips and quads count, straights and
    flushes do not (TDA-RP-10D); razz reads ranks ace low."""
    ranks = LOW_RANKS if razz else HIGH_RANKS
    counts: dict[int, int] = {}
    for c in cards:
        counts[ranks.index(c[0])] = counts.get(ranks.index(c[0]), 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    return tuple(n for n, _ in groups), tuple(r for _, r in groups)


def stud_opener(hand: dict, state: State) -> tuple[int | None, list[int]]:
    """TDA-RP-10D: the live hand showing best (razz: lowest) opens a later street, ties broken by
    the high card by suit. Returns that player and the players tied for the best showing hand."""
    razz = hand['variant'] == 'FR'
    streets = (state.street_index or 0) + 1
    live = [i for i in range(len(hand['stacks'])) if state.statuses[i]]
    keys = {i: showing_key(up_cards(hand, i, streets), razz) for i in live}
    if not keys:
        return None, []
    best = (min if razz else max)(keys.values())
    tied = [i for i in live if keys[i] == best]
    opener = max(tied, key=lambda i: max(card_order(c, razz) for c in up_cards(hand, i, streets)))
    return opener, tied


def first_to_act_from(state: State, start: int) -> int | None:
    """The first player from `start` clockwise who is in the hand and has chips (an all-in
    opener passes the turn to the left, TDA-RP-10D, E)."""
    n = len(state.stacks)
    for k in range(n):
        i = (start + k) % n
        if state.statuses[i] and state.stacks[i] > 0:
            return i
    return None


def odd_chip_card(hand: dict, player: int, half: str) -> tuple[int, int]:
    """TDA-20B: the high card by suit of the player's winning five-card hand. A low's high card
    reads the ace low. Of that rank: the flush's card in a flush, else the best suit the player
    holds (any of them can stand in the five)."""
    cards = dealt_cards(hand, player) + [c for b in hand.get('boards', []) for c in b]
    razz = hand['variant'] == 'FR'
    low = half == 'low' or razz
    kind = RegularLowHand if razz else EightOrBetterLowHand if half == 'low' else StandardHighHand
    try:
        five = [repr(c) for c in kind.from_game(''.join(cards)).cards]
    except ValueError:  # no qualifying low: not a winner of that half
        return (-1, -1)
    ranks = LOW_RANKS if low else HIGH_RANKS
    top = max(ranks.index(c[0]) for c in five)
    if len({c[1] for c in five}) == 1:
        return top, SUITS.index(five[0][1])
    return top, max(SUITS.index(c[1]) for c in cards if ranks.index(c[0]) == top)


def odd_chip_order(hand: dict) -> Callable[[int, str], Any]:
    """Stud winners in the order they get odd chips (TDA-20B): the best high card by suit first."""
    cache: dict[tuple[int, str], tuple[int, int]] = {}

    def key(player: int, half: str) -> tuple[int, int]:
        if (player, half) not in cache:
            rank, suit = odd_chip_card(hand, player, half)
            cache[(player, half)] = (-rank, -suit)
        return cache[(player, half)]
    return key


def stud_cards_needed(hand: dict, state: State) -> tuple[int, int]:
    """TDA-RP-10H before seventh street: the stub (52 less every card dealt and the burns of
    fourth to sixth street) and the cards needed (one per live hand, a burn, a last card)."""
    dealt = sum(len(c) for p in range(len(hand['stacks'])) for c in hand['holes'][p][:4])
    stub = 52 - dealt - 3
    return stub, sum(1 for s in state.statuses if s) + 2


def classify_stud_step(hand: dict, state: State, actor: int, fieldset: set[str], ours: dict,
                       theirs: dict, posted: int | None, raises: int) -> tuple[str, str | None, str] | None:
    """Stud's own rule differences in the legal actions (TDA-RP-10E), or None. `posted`: the
    bring-in as posted this hand (short when all-in); `raises`: full bets and raises this round."""
    bring_in = hand['bring_in']
    if ours['bring_in'] is not None and fieldset <= {'fold', 'raise'}:
        kinds, notes = [], []
        # TDA-RP-10E: the low card all-in with the ante passes the bring-in to the left, and that
        # player may fold; PokerKit makes them bring in or complete.
        if 'fold' in fieldset:
            holder = bring_in_holder(hand)
            if ours['fold'] and not theirs['fold'] and holder != actor \
                    and hand['stacks'][holder] <= hand['antes'][holder]:
                kinds.append('bring_in_passed_may_fold')
                notes.append(f'player {holder} has the bring-in card but is all-in with the ante; player '
                             f'{actor} to the left must at least bring in or fold (TDA-RP-10E); PokerKit '
                             f'does not let them fold')
        # TDA-RP-10E: with no more chips than the bring-in, putting them in is the bring-in (all-in,
        # short or exact), which others must at least match; PokerKit also offers it as a
        # "completion" of the same amount, after which the next raise would go a bet above it.
        if 'raise' in fieldset:
            all_in = state.stacks[actor] + state.bets[actor]
            if ours['raise'] is None and theirs['raise'] == [all_in, all_in] \
                    and ours['bring_in'] == all_in <= bring_in:
                kinds.append('all_in_bring_in_as_completion')
                notes.append(f'player {actor} has {all_in}, no more than the bring-in of {bring_in}: all '
                             f'of it is the bring-in (TDA-RP-10E); PokerKit also offers a completion to '
                             f'{all_in}')
        if kinds and len(kinds) == len(fieldset):
            return '+'.join(kinds), 'TDA-RP-10E', '; '.join(notes)
    # TDA-RP-10E: a bring-in all-in for less still makes the full bring-in the amount to call
    # ("players with chips must at least post the bring-in or fold"); PokerKit: the short amount.
    if (state.street_index == 0 and posted is not None and posted < bring_in and raises == 0
            and 'call' in fieldset and fieldset <= {'call', 'raise'}):
        stack, bet = state.stacks[actor], state.bets[actor]
        full = min(bring_in - bet, stack)
        short = min(max(state.bets) - bet, stack)
        # With the full bring-in to call, no completion when calling it puts the player all-in or
        # nobody else could call more than it (a raise needs a caller, TDA-16); PokerKit measures
        # both against the short bring-in.
        others = max((state.bets[i] + state.stacks[i] for i in range(len(state.stacks))
                      if i != actor and state.statuses[i]), default=0)
        raise_ok = 'raise' not in fieldset or (ours['raise'] is None and (full == stack or others <= bring_in))
        if ours['call'] == full and theirs['call'] == short and raise_ok:
            return ('short_bring_in', 'TDA-RP-10E',
                    f'the bring-in of {bring_in} was posted all-in for {posted}; players coming in owe '
                    f'the full bring-in (TDA-RP-10E): ours call {full}; PokerKit: {short}')
    return None


def classify_stud_flow(hand: dict, state: State, k: int, what: str) -> tuple[str, str | None, str]:
    """A stud difference in whose turn it is or in the cards dealt, at step `k`."""
    steps = hand['steps']
    street = state.street_index or 0
    # TDA-RP-10D: a tie for the best hand showing goes to the high card by suit; PokerKit takes
    # the tied player with the lowest index.
    if what == 'actor' and k < len(steps) and street > 0 and not state.acted_player_indices:
        opener, tied = stud_opener(hand, state)
        if opener is not None and len(tied) > 1:
            ours = first_to_act_from(state, opener)
            theirs = first_to_act_from(state, min(tied))
            if steps[k]['actor'] == ours and state.actor_index == theirs and ours != theirs:
                return ('opener_tie_by_suit', 'TDA-RP-10D',
                        f'players {tied} tie for the best hand showing on street {street + 3}; the high card '
                        f'by suit opens (player {opener}, TDA-RP-10D); PokerKit: the lowest index')
    # TDA-RP-10H: before seventh street, with fewer cards in the stub than the live hands, a burn
    # and a last card need, and the three earlier burns not making up for it, one community card
    # is dealt; else (the burns shuffled in when short) everyone gets a card. PokerKit deals a
    # community card only when its deck and every mucked and burned card run out.
    if what in ('hole', 'board') and street == 4:
        stub, needed = stud_cards_needed(hand, state)
        community = stub + 3 < needed
        trace_community = bool(hand.get('boards'))
        if community == trace_community:
            how = 'one community card' if community else 'a card to each hand'
            return ('short_deck_seventh_street', 'TDA-RP-10H',
                    f'seventh street with a stub of {stub} cards and {needed} needed (the live hands, a '
                    f'burn, a last card): {how} (TDA-RP-10H); PokerKit: '
                    + ('a card to each hand, from its mucked and burned cards' if community
                       else 'one community card'))
    return ('unexplained', None, '')
