//! Irregularities as guided procedures: what went wrong, picked by the dealer from a menu, turned
//! into the steps the dealer follows under the event's profile, each with the rule it applies,
//! and the outcome the floor then applies to the hand.
//!
//! TDA 2019 is the default; a house profile changes only what its rulebook says differently, so
//! where a house rulebook is silent its procedure cites the TDA rule it falls back on.

mod absent;
mod board;
mod calls;
mod claims;
mod conduct;
mod count;
mod deal;
mod deck;
mod integrity;
mod penalty;
mod showdown;
mod stud;
mod wire;

use crate::Profile;
use engine::rule;
use engine::{Chips, Player, Rule, Street};
use serde::{Deserialize, Serialize};

use crate::text::Line;
pub use crate::text::Text;

/// What went wrong, as the dealer picks it from a menu.
///
/// On the wire a `Player` is its 0-based index in dealing order, a `Street` its snake-case name.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Irregularity {
    /// A misdeal called (TDA-35A's list, WWPLA-3's list, HC-3.1's list, DG-12's list).
    Misdeal { cause: MisdealCause },
    /// The dealer exposed hole cards during the deal: `position` = 1-based index of the first
    /// exposed card in the order dealt off the deck, `count` = how many were exposed (0 is read
    /// as 1: something was exposed). In stud: down cards on third street (TDA-RP-10A, HC-3.1),
    /// the seventh-street card (TDA-RP-10B).
    ExposedHoleCard { position: u8, count: u8 },
    /// A player has too few or too many hole cards (TDA-37, 38 and its examples; HC-3.3 extra
    /// card; WWPLA-10).
    WrongCardCount {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        has: u8,
        needs: u8,
        is_button: bool,
        has_acted: bool,
    },
    /// Cards laid for the flop beyond three (TDA-39, WWPLA-10, DG-18); `fourth_identifiable`:
    /// whether it is known which card was the fourth; `cards`: how many were laid (WWPLA-10 also
    /// names more than four), 4 when not given.
    FourCardFlop {
        fourth_identifiable: bool,
        #[serde(default = "wire::four")]
        cards: u8,
    },
    /// Board cards turned before the betting round was over (TDA-RP-5, WWPLA-10, HC-3.3):
    /// `street` is the street whose card(s) came too early (flop, turn or river; in stud
    /// fourth to seventh street, TDA-RP-5D).
    PrematureBoard {
        #[cfg_attr(feature = "schema", schema(value_type = String))]
        #[serde(with = "wire::street")]
        street: Street,
    },
    /// The dealer forgot to burn (`burned` = 0) or burned two or more cards (`burned` >= 2)
    /// before `street`'s board cards; `board_dealt`: whether those board cards are already
    /// turned (DG-17a, WWPLA-5, WWPLA-10, HC-3.3).
    BurnError {
        #[cfg_attr(feature = "schema", schema(value_type = String))]
        #[serde(with = "wire::street")]
        street: Street,
        burned: u8,
        board_dealt: bool,
    },
    /// A duplicate card, a card with a foreign back, a joker or missing cards (WWPLA-5, HC-3.3,
    /// TDA-35E); `player_knew`: a player who knew of it and played on (HC-3.3, WWPLA-5).
    DeckDefect {
        defect: DeckDefect,
        #[cfg_attr(feature = "schema", schema(value_type = Option<u8>))]
        #[serde(default, with = "wire::opt_player")]
        player_knew: Option<Player>,
    },
    /// The deck dropped (TDA-RP-4, DG-30.4, WWPLA-5): `seen` = whether players could see fallen
    /// cards; `mixed_with_muck` = whether it got mixed with muck/burn cards.
    DroppedDeck { seen: bool, mixed_with_muck: bool },
    /// A mess that cannot be untangled (DG-30.2).
    Mess,
    /// A player exposed own cards to the table during the hand (TDA-68, DG-36, DG-36a, HC-2.2,
    /// WWPLA-7).
    PlayerExposedCards {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
    },
    /// A player showed own cards to one other player during the hand (TDA-67, JPR-2.0, DG-13a,
    /// HC-1.13.6, WWPLA-7); `to_live_player`: whether that player is still in the hand.
    ShowedCardsTo {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        to_live_player: bool,
    },
    /// The dealer judges that another player has likely seen this player's hole cards
    /// (JPR-1.0, DG-13.2).
    HandSeen {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
    },
    /// Showdown irregularities (TDA-13 to 19, 65): see `ShowdownIssue`.
    Showdown {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        issue: ShowdownIssue,
    },
    /// Time called on a player (TDA-29 and the profile's times: DG-14a, HC-1.13.7, WWPLA-11).
    ClockCalled {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        facing_bet: bool,
    },
    /// A penalty given (TDA-71 with the missed-hands count, DG-38, HC-1.10, WWPLA-12);
    /// `players_at_table` includes the penalised player (TDA-71A).
    Penalty {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        /// On the wire `penalty`, as `kind` is the tag.
        #[serde(rename = "penalty")]
        kind: PenaltyKind,
        players_at_table: u8,
    },
    /// A hidden chip found after an all-in was called (TDA-62, WWPLA-12).
    ChipFoundLater {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        #[cfg_attr(feature = "schema", schema(value_type = u64))]
        #[serde(with = "wire::chips")]
        amount: Chips,
    },
    /// Stud: a player picks up their up cards, turns them over or mixes them with the down
    /// cards (TDA-66, HC-3.2); `in_turn`: it was their turn to act.
    UpCardsTaken {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        in_turn: bool,
    },
    /// Stud: before seventh street the stub may hold too few cards (TDA-RP-10H); `stub`: the
    /// cards the dealer counts in it, else the floor's own count.
    SeventhStreetShortDeck {
        #[serde(default)]
        stub: Option<u8>,
    },
    /// A player away from the table (TDA-30) or serving a penalty (TDA-71C) when the initial
    /// deal ends; in stud `bring_in_card`: they were dealt the bring-in card.
    AbsentAtDeal {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        penalized: bool,
        #[serde(default)]
        bring_in_card: bool,
    },
    /// Someone asks to see the cards that would have come (rabbit hunting: TDA-28, DG-26,
    /// WWPLA-2); `all_agree`: every player whose consent the profile asks for agrees.
    RabbitHunt {
        #[serde(default)]
        all_agree: bool,
    },
    /// A result disputed after the hand (TDA-22, DG-16b, DG-28.6, DG-30.3, WWPLA-2).
    Dispute(Dispute),
    /// A player asks for a count of the pot or of a stack (TDA-54A, TDA-60, JPR-12.0, DG-16).
    CountAsked {
        of: CountOf,
        /// The asker faces an all-in and it is their turn (TDA-60).
        #[serde(default)]
        facing_all_in_in_turn: bool,
        /// The game is pot-limit (TDA-54A).
        #[serde(default)]
        pot_limit: bool,
    },
    /// A hand declared at the showdown other than it is (TDA-12, TDA-13C, DG-28.4);
    /// `declared_lower`: the player named less than the cards make.
    MiscalledHand {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        #[serde(default)]
        declared_lower: bool,
    },
    /// A player held or carried chips out of sight (TDA-63, JPR-12.0).
    ChipsOutOfSight {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
    },
    /// Chips found that no one can be named the owner of (TDA-64).
    FoundChips,
    /// Soft play, chip dumping or collusion (TDA-69, JPR-8.0, WWPLA-2, HC-2.1).
    Collusion {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        /// Which form the play took.
        form: Collusion,
    },
    /// A player with a live hand left the table (TDA-31).
    LeftLiveHand {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
    },
    /// A player dodged a blind on purpose (TDA-33).
    DodgedBlind {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
    },
    /// The shuffle or the cut went wrong before the deal (DG-7.1 to DG-7.4).
    ShuffleFault { fault: ShuffleFault },
    /// A card fell from a player (DG-13.4); `face_up_or_seen`: it landed face up or a player in
    /// the hand saw it.
    DroppedCard {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        player: Player,
        #[serde(default)]
        face_up_or_seen: bool,
    },
    /// An all-in called while hand-for-hand is played (TDA-RP-8F).
    HandForHandAllIn,
    /// A second card turned up by accident as the dealer lays `street`'s card (the turn or the
    /// river): DG-21, DG-23, DG-24; elsewhere it is a card of the next street come too early
    /// (TDA-RP-5).
    ExtraBoardCard {
        #[cfg_attr(feature = "schema", schema(value_type = String))]
        #[serde(with = "wire::street")]
        street: Street,
    },
    /// Two or more players in a row put in less than the call without saying "call", found
    /// after the first of them (TDA-51C): `first` is the first underpaid caller, `callers` how
    /// many, `opening_bet` whether they faced the round's opening bet (TDA-51B).
    UnderpaidCalls {
        #[cfg_attr(feature = "schema", schema(value_type = u8))]
        #[serde(with = "wire::player")]
        first: Player,
        #[serde(default = "wire::two")]
        callers: u8,
        #[serde(default)]
        opening_bet: bool,
    },
    /// The dealer called something wrongly (a showdown too early, a wrong amount to call):
    /// DG-30.1; `prompt_reaction`: a player acted on it at once.
    DealerMiscall {
        #[serde(default)]
        prompt_reaction: bool,
    },
}

/// A result disputed after the hand: what, and how late (TDA-22, DG-16b, DG-28.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct Dispute {
    pub about: DisputeAbout,
    /// The next hand has begun (TDA-23).
    #[serde(default)]
    pub next_hand_started: bool,
    /// Substantial action has taken place in the next hand (TDA-36).
    #[serde(default)]
    pub substantial_action_since: bool,
    /// The pot has been pushed to the player named the winner (DG-28.6).
    #[serde(default)]
    pub pot_pushed: bool,
    /// The claim came at once, before play went on (DG-16b).
    #[serde(default)]
    pub at_once: bool,
    /// The hand ended at a break (TDA-22: one minute after the award).
    #[serde(default)]
    pub at_break: bool,
    /// Seconds since the pot was awarded, for a hand ended at a break.
    #[serde(default)]
    pub seconds_since_award: u32,
}

/// What a dispute is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DisputeAbout {
    /// How a tabled hand was read.
    Reading,
    /// How the pot was counted or awarded.
    Pot,
    /// Change the dealer gave.
    Change,
}

/// What a player asks to have counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum CountOf {
    Pot,
    /// An opponent's stack.
    Stack,
}

/// Play that is not one player's own (TDA-69).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Collusion {
    /// Playing softly against a friend.
    SoftPlay,
    /// Losing chips to another on purpose.
    ChipDumping,
    /// Any other working together with another player.
    Teamwork,
}

/// How the shuffle or the cut went wrong (DG-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ShuffleFault {
    /// A card seen late in or after the shuffle (DG-7.1).
    CardSeen,
    /// A player rightly says the shuffle was not enough (DG-7.2).
    ShuffleTooShort,
    /// A card slipped out in the final shuffle or the cut (DG-7.3).
    CardSlipped,
    /// The cut was not proper (DG-7.4).
    BadCut,
}

/// Why a misdeal is called: the items of TDA-35A, WWPLA-3, HC-3.1 and DG-12 that are not an
/// exposed card, a wrong card count or a dropped deck (those have their own irregularities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum MisdealCause {
    /// Two or more cards face up in the deck at the deal (TDA-35A 1, WWPLA-3 3, HC-3.1).
    CardsFaceUpInDeck,
    /// The first card went to the wrong seat (TDA-35A 2, WWPLA-3 7, HC-3.1).
    FirstCardWrongSeat,
    /// Cards dealt to a seat not in the hand (TDA-35A 3, WWPLA-3 8, HC-3.1, DG-12.6).
    CardsToSeatNotInHand,
    /// A seat in the hand was dealt no cards (TDA-35A 4, WWPLA-3 9, HC-3.1, DG-12.4).
    SeatSkipped,
    /// Cards dealt in the wrong order (WWPLA-3 5, HC-3.1).
    DealtOutOfOrder,
    /// The button was in the wrong place (WWPLA-3 6, HC-3.1; HC-3.3 when found late).
    ButtonMisplaced,
    /// A wrong number of cards dealt and no telling who should have had which (WWPLA-3 4,
    /// HC-3.1).
    CardCountUntraceable,
    /// A card taken by the wrong player that cannot be identified and passed on (DG-12.2).
    CardTakenByWrongPlayer,
    /// A seat got more than one card at a time (DG-12.5).
    TwoCardsAtOnce,
    /// The deal as a whole has become confused (DG-12.7).
    DealConfused,
}

/// What is wrong with the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DeckDefect {
    /// Two cards of the same rank and suit (WWPLA-5, HC-3.3).
    Duplicate,
    /// A card with a different back (WWPLA-5, HC-3.3).
    ForeignBack,
    /// A joker in a game without one (HC-3.3, WWPLA-4, WWPLA-5): `holder` is the player dealt it
    /// (none: found in the stub or on the board), `holder_acted` whether that player has acted
    /// on the hand since.
    Joker {
        #[cfg_attr(feature = "schema", schema(value_type = Option<u8>))]
        #[serde(default, with = "wire::opt_player")]
        holder: Option<Player>,
        #[serde(default)]
        holder_acted: bool,
    },
    /// One or more cards missing from the deck (WWPLA-3, WWPLA-5, HC-3.3).
    Missing,
}

/// What went wrong at the showdown; `Irregularity::Showdown::player` is the player concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ShowdownIssue {
    /// Only one card tabled (TDA-15A, DG-28.1); `refuses`: the player will not table the rest
    /// when told to.
    OneCardShown { refuses: bool },
    /// Cards shown only in part, then mucked believing they won (TDA-13B); `identifiable`: 100%
    /// retrievable and identifiable.
    MuckedAfterPartialShow { identifiable: bool },
    /// Cards pushed away face down without being tabled (TDA-14).
    ThrownFaceDown { identifiable: bool },
    /// The player bet, then mucked believing they had won while another player was still in
    /// (TDA-15B).
    MuckedBelievingWon { identifiable: bool },
    /// The dealer killed the hand by mistake (TDA-65).
    HandKilledByDealer { identifiable: bool },
    /// Someone asks to see the player's hand (TDA-18, HC-1.13.6): `asker_holds_cards` the asker
    /// still holds or has tabled cards; `asker_called_last_bet` there was a bet on the last
    /// round and the asker called it; `shows_first` the player is the one to show first (the
    /// last aggressor, TDA-17A).
    AskToSeeHand {
        asker_holds_cards: bool,
        asker_called_last_bet: bool,
        shows_first: bool,
    },
    /// The player claims to play the board without tabling the hole cards (TDA-19);
    /// `refuses`: will not table them when told to.
    PlayedTheBoard { refuses: bool },
    /// A player all-in or called, betting over, wants to muck without showing (TDA-16, DG-27).
    MuckAtAllIn,
    /// Nobody wants to show first; the player is the one who must (TDA-17A);
    /// `bet_on_last_round`: whether there was a bet in the last betting round.
    ShowOrder { bet_on_last_round: bool },
}

/// A penalty kind as the rulebooks name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum PenaltyKind {
    /// A spoken warning (TDA-71A, DG-38.1).
    Warning,
    /// This many hands missed (TDA-71A; DG-38.3: one to three).
    Hands(u8),
    /// This many penalty rounds: a hand per player at the table, times the rounds (TDA-71A).
    Rounds(u8),
    /// The hand is folded, its bets lost (DG-38.2).
    ForcedFold,
    /// Out until the button has gone round the table once (DG-38.4).
    Orbit,
    /// Out for an open time, back once calmed down (DG-38.5).
    Suspension,
    /// Away from the table for minutes (HC-1.10: usually 5 to 10; HC-3.3; WWPLA-12).
    Minutes(u8),
    /// Out of the event (TDA-71D, DG-38.6, HC-1.10, WWPLA-12).
    Disqualification,
}

/// What the floor knows of the hand when the irregularity is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    pub street: Street,
    /// TDA-36: substantial action has taken place (computed by the caller).
    pub substantial_action: bool,
    /// Player actions taken since the blinds/bring-in (WWPLA-3, HC-3.1: two players acted
    /// closes the misdeal window).
    pub actions_taken: usize,
    /// Player actions taken in the current betting round (WWPLA-10: a burn error may be undone
    /// while at most one player has acted on the new board).
    pub round_actions: usize,
    /// Players still in the hand.
    pub live_players: usize,
    /// Whether any player has put chips in beyond the forced bets in the current betting round
    /// (HC-3.3: "if no betting yet").
    pub bets_made: bool,
    /// Players still in the hand with chips to bet: betting is possible while two can
    /// (TDA-RP-10B).
    pub can_bet: usize,
    /// Cards left in the stub by the floor's count: 52 less those dealt, burned and laid
    /// (stud's seventh street, TDA-RP-10H).
    pub stub: usize,
}

/// One step the dealer follows, with the rule it applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProcedureStep {
    pub text: Text,
    #[serde(with = "wire::rule")]
    pub rule: Rule,
}

/// What the procedure does to the hand in the end (the floor applies it to the engine).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Play goes on (perhaps after a card is replaced / burned as the steps say).
    Continue,
    /// Misdeal: the hand is dealt again as an exact repeat (TDA-35C).
    Redeal,
    /// The hand is void and every chip bet goes back to who bet it (TDA-35E, WWPLA-5, HC-3.3) —
    /// `forfeit`: a player who knew of the defect and bet on loses the right to a refund
    /// (HC-3.3, WWPLA-5).
    VoidRefund {
        #[serde(with = "wire::opt_player")]
        forfeit: Option<Player>,
    },
    /// The hand is stopped and the pot split equally among the players still in it (DG-30.2).
    SplitAmongLive,
    /// The player's hand is dead (folded, chips in stay in the pot).
    KillHand(#[serde(with = "wire::player")] Player),
    /// The player's hand is dead with no claim to the pot, but a bet or raise of the player's
    /// nobody has called yet goes back to the player (TDA-15B, TDA-65A).
    KillHandReturnUncalled(#[serde(with = "wire::player")] Player),
    /// Time ran out with no bet to face: the player checks (TDA-29, HC-3.2).
    Check(#[serde(with = "wire::player")] Player),
    /// The hand stays live but may only check, call or fold (DG-36a, HC-2.2, TDA-53B).
    PassiveOnly(#[serde(with = "wire::player")] Player),
    /// The player sits out this many hands (TDA-71: players at the table x rounds).
    MissHands {
        #[serde(with = "wire::player")]
        player: Player,
        hands: u32,
    },
    /// The player is away from the table for this many minutes (HC-1.10, HC-3.3, WWPLA-12).
    SitOut {
        #[serde(with = "wire::player")]
        player: Player,
        minutes: u32,
    },
    /// The player is disqualified, chips removed (TDA-71D).
    Disqualify(#[serde(with = "wire::player")] Player),
    /// The TD decides (TDA-1), e.g. TDA-62's chip; `note` says what to decide.
    TdDecides { note: Text },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Procedure {
    pub title: Text,
    pub steps: Vec<ProcedureStep>,
    pub outcome: Outcome,
    /// A penalty the TD may give for it (TDA-68, TDA-71 ...), with its rule.
    #[serde(with = "wire::opt_rule")]
    pub penalty: Option<Rule>,
}

/// The guided procedure for an irregularity under a profile.
pub fn procedure(
    profile: Profile,
    irregularity: &Irregularity,
    situation: &Situation,
) -> Procedure {
    use Irregularity as I;
    match *irregularity {
        I::Misdeal { cause } => deal::misdeal(profile, cause, situation),
        // Stud's down cards follow its own rules (up cards are dealt face up anyway).
        I::ExposedHoleCard { position, count } if situation.street.is_stud() => {
            stud::exposed_card(profile, position.max(1), count.max(1), situation)
        }
        I::ExposedHoleCard { position, count } => {
            deal::exposed_hole_card(profile, position.max(1), count.max(1), situation)
        }
        I::WrongCardCount {
            player,
            has,
            needs,
            is_button,
            has_acted,
        } => count::wrong_card_count(
            profile,
            &count::Count {
                player,
                has,
                needs,
                is_button,
                has_acted,
            },
            situation,
        ),
        I::FourCardFlop {
            fourth_identifiable,
            cards,
        } => board::four_card_flop(profile, fourth_identifiable, cards),
        I::PrematureBoard { street } => board::premature_board(profile, street),
        I::BurnError {
            street,
            burned,
            board_dealt,
        } => board::burn_error(profile, street, burned, board_dealt, situation),
        I::DeckDefect {
            defect,
            player_knew,
        } => deck::deck_defect(profile, defect, player_knew, situation),
        I::DroppedDeck {
            seen,
            mixed_with_muck,
        } => deck::dropped_deck(profile, seen, mixed_with_muck, situation),
        I::Mess => deck::mess(profile),
        I::PlayerExposedCards { player } => conduct::exposed_cards(profile, player, situation),
        I::ShowedCardsTo {
            player,
            to_live_player,
        } => conduct::showed_cards_to(profile, player, to_live_player),
        I::HandSeen { player } => conduct::hand_seen(profile, player),
        I::Showdown { player, issue } => showdown::showdown(profile, player, issue),
        I::ClockCalled { player, facing_bet } => conduct::clock(profile, player, facing_bet),
        I::Penalty {
            player,
            kind,
            players_at_table,
        } => penalty::penalty(profile, player, kind, players_at_table),
        I::ChipFoundLater { player, amount } => penalty::chip_found(profile, player, amount),
        I::UpCardsTaken { player, in_turn } => {
            stud::up_cards_taken(profile, player, in_turn, situation)
        }
        I::SeventhStreetShortDeck { stub } => stud::short_deck(stub, situation),
        I::AbsentAtDeal {
            player,
            penalized,
            bring_in_card,
        } => absent::absent_at_deal(profile, player, penalized, bring_in_card, situation),
        I::RabbitHunt { all_agree } => claims::rabbit_hunt(profile, all_agree),
        I::Dispute(ref d) => claims::dispute(profile, d),
        I::CountAsked {
            of,
            facing_all_in_in_turn,
            pot_limit,
        } => claims::count(profile, of, facing_all_in_in_turn, pot_limit),
        I::MiscalledHand {
            player,
            declared_lower,
        } => claims::miscalled(profile, player, declared_lower),
        I::ChipsOutOfSight { player } => integrity::chips_out_of_sight(profile, player),
        I::FoundChips => integrity::found_chips(),
        I::Collusion { player, form } => integrity::collusion(profile, player, form),
        I::LeftLiveHand { player } => integrity::left_live_hand(player),
        I::DodgedBlind { player } => integrity::dodged_blind(player),
        I::ShuffleFault { fault } => integrity::shuffle_fault(profile, fault),
        I::DroppedCard {
            player,
            face_up_or_seen,
        } => integrity::dropped_card(profile, player, face_up_or_seen),
        I::HandForHandAllIn => integrity::hand_for_hand_all_in(),
        I::ExtraBoardCard { street } => board::extra_board_card(profile, street),
        I::DealerMiscall { prompt_reaction } => claims::dealer_miscall(profile, prompt_reaction),
        I::UnderpaidCalls {
            first,
            callers,
            opening_bet,
        } => calls::underpaid_calls(profile, first, callers, opening_bet, situation),
    }
}

/// A procedure being written: title, steps so far and the penalty rule.
#[derive(Debug)]
struct Draft {
    title: Text,
    steps: Vec<ProcedureStep>,
    penalty: Option<Rule>,
}

impl Draft {
    fn new(en: &str, de: &str) -> Draft {
        Draft {
            title: Text::new(en, de),
            steps: Vec::new(),
            penalty: None,
        }
    }

    fn step(&mut self, rule: Rule, en: impl Into<Line>, de: impl Into<Line>) {
        self.steps.push(ProcedureStep {
            text: Text::new(en, de),
            rule,
        });
    }

    fn penalty(&mut self, rule: Rule) {
        self.penalty = Some(rule);
    }

    fn end(self, outcome: Outcome) -> Procedure {
        Procedure {
            title: self.title,
            steps: self.steps,
            outcome,
            penalty: self.penalty,
        }
    }

    /// The TD decides (TDA-1): the note says what, with `rule` the rule that leaves it open.
    fn td_decides(mut self, rule: Rule, en: impl Into<Line>, de: impl Into<Line>) -> Procedure {
        let note = Text::new(en, de);
        self.step(rule, note.en.clone(), note.de.clone());
        self.step(
            rule!("TDA-1"),
            "The TD decides in the interest of fairness; the decision is final.",
            "Die Turnierleitung entscheidet im Interesse der Fairness; die Entscheidung ist endgültig.",
        );
        self.end(Outcome::TdDecides { note })
    }
}

/// A street's name in both languages.
fn street_name(street: Street) -> (&'static str, &'static str) {
    match street {
        Street::Preflop => ("pre-flop", "Pre-Flop"),
        Street::Flop => ("flop", "Flop"),
        Street::Turn => ("turn", "Turn"),
        Street::River => ("river", "River"),
        Street::Third => ("third street", "3. Straße"),
        Street::Fourth => ("fourth street", "4. Straße"),
        Street::Fifth => ("fifth street", "5. Straße"),
        Street::Sixth => ("sixth street", "6. Straße"),
        Street::Seventh => ("seventh street", "7. Straße"),
    }
}
