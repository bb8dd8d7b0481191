"""Reads PokerStars hand histories with the PyPI package `poker` (PokerStarsHandHistory), an
independent parser, and prints what it read: one JSON object per hand, in order.

Usage: parse.py FILE   (hands separated by blank lines, as PokerStars writes them)
Each line: {"ok": true, "ident", "game_type", "tournament_ident", "buyin", "date" (ET, ISO),
"players": [{"seat", "name", "stack"}], "button", "hero", "hero_cards", "board",
"total_pot", "winners", "preflop_actions"} or {"ok": false, "error": "..."}.
"""

import json
import re
import sys

from poker.room.pokerstars import PokerStarsHandHistory


# The package prints suits as symbols; PokerStars text uses letters.
SUITS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})


def card_text(card):
    return str(card).translate(SUITS)


def hands(text):
    parts = re.split(r"\n\s*\n(?=PokerStars )", text.strip())
    return [p.strip() for p in parts if p.strip()]


def read(raw):
    h = PokerStarsHandHistory(raw)
    h.parse()
    players = [
        {"seat": p.seat, "name": p.name, "stack": p.stack}
        for p in h.players
        if not p.name.startswith("Empty Seat ")
    ]
    return {
        "ok": True,
        "ident": h.ident,
        "game_type": str(h.game_type),
        "tournament_ident": h.tournament_ident,
        "buyin": None if h.buyin is None else str(h.buyin),
        "date": h.date.isoformat(),
        "players": players,
        "button": h.button.name,
        "hero": h.hero.name,
        "hero_cards": card_text(h.hero.combo),
        "board": [card_text(c) for c in h.board] if h.flop else [],
        "total_pot": h.total_pot,
        "winners": sorted(h.winners),
        "preflop_actions": list(h.preflop_actions),
    }


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    for raw in hands(text):
        try:
            out = read(raw)
        except Exception as e:  # the parser's own limits are reported, not hidden
            out = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        print(json.dumps(out))


if __name__ == "__main__":
    main()
