"""Plays one PHH hand (read from stdin) in PokerKit and prints its finishing stacks as JSON.

Used by `crates/hh/tests/pokerkit_phh.rs` to check that our replay reads a file as PokerKit
does (e.g. heads-up antes, which PokerKit lists in the blinds' order).
"""

import io
import json
import sys

from pokerkit import HandHistory


def main() -> None:
    hand = HandHistory.load(io.BytesIO(sys.stdin.buffer.read()))
    state = None
    for state in hand:
        pass
    if state is None:
        sys.exit("phh_stacks.py: the hand has no state")
    print(json.dumps([int(s) for s in state.stacks]))


if __name__ == "__main__":
    main()
