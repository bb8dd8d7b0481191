//! Every finished hand of the event, kept for the hand-history downloads: a player's own
//! hands (PHH or PokerStars text, with their own hole cards and only what was shown, TDA-16,
//! as the views show them) and the TD's record of every hand with every card (PHH).

use super::*;
use hh::{GameKind, HandContext, PhhHand, Timestamp, View};

/// Hands kept per event; past it the oldest go first, so a download stays a few MB.
pub(crate) const ARCHIVE: usize = 20_000;

/// One finished hand and where it was played.
#[derive(Clone, Debug)]
pub(crate) struct Played {
    /// The event's hand number, from 1, in the order hands finished.
    pub number: u64,
    pub table: u32,
    pub live: LiveHand,
}

/// Which text a download is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandFormat {
    Phh,
    PokerStars,
}

/// Hands written for one viewer: the text, and hands that could not be written (each said in
/// the text as a comment in PHH).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandsText {
    pub text: String,
    pub hands: usize,
}

impl Room {
    /// Keeps the hand just finished at `table`.
    pub(super) fn archive_hand(&mut self, table: u32) {
        let Some(live) = self.tables[table as usize].hand.clone() else {
            return;
        };
        self.archived += 1;
        self.archive.push_back(Played {
            number: self.archived,
            table,
            live,
        });
        if self.archive.len() > ARCHIVE
            && let Some(oldest) = self.archive.pop_front()
        {
            self.keep_evicted(oldest);
        }
    }

    /// Every hand one of `person`'s entries was dealt, as that player may see it: their own
    /// hole cards, cards shown at the showdown or tabled (TDA-16), stud up cards.
    pub fn hands_of(
        &self,
        person: usize,
        format: HandFormat,
        time_zone: &str,
    ) -> Result<HandsText, Refusal> {
        let entries = self
            .people
            .get(person)
            .map(|p| p.entries.clone())
            .unwrap_or_default();
        let mine = self.archive.iter().filter_map(|played| {
            let p = played
                .live
                .start
                .players
                .iter()
                .position(|id| entries.contains(&id.0))?;
            Some((played, View::Hero(engine::Player(p as u8))))
        });
        self.write(mine, format, time_zone)
    }

    /// Every hand of the event with every card, as the TD's record.
    pub fn all_hands(&self, time_zone: &str) -> Result<HandsText, Refusal> {
        let all = self.archive.iter().map(|played| (played, View::All));
        self.write(all, HandFormat::Phh, time_zone)
    }

    fn write<'a>(
        &self,
        hands: impl Iterator<Item = (&'a Played, View)>,
        format: HandFormat,
        time_zone: &str,
    ) -> Result<HandsText, Refusal> {
        Timestamp::at(0, time_zone).map_err(|e| Refusal::new(400, "bad_query", e.to_string()))?;
        let mut phh: Vec<(String, PhhHand)> = Vec::new();
        let mut text = String::new();
        let mut count = 0;
        for (played, view) in hands {
            let ctx = self.context(played, view, time_zone);
            let hand = &played.live.hand;
            let written = match format {
                HandFormat::Phh => {
                    hh::record(hand, &ctx).map(|h| phh.push((played.number.to_string(), h)))
                }
                HandFormat::PokerStars => hh::pokerstars(hand, &ctx).map(|t| text.push_str(&t)),
            };
            match written {
                Ok(()) => count += 1,
                Err(e) => {
                    return Err(Refusal::internal(format!(
                        "hand {} at table {} cannot be written: {e}",
                        played.number,
                        played.table + 1
                    )));
                }
            }
        }
        if format == HandFormat::Phh {
            text = hh::to_phhs(&phh);
        }
        Ok(HandsText { text, hands: count })
    }

    /// The hand's table, seats, names, level and time as the writers need them.
    fn context(&self, played: &Played, view: View, time_zone: &str) -> HandContext {
        let live = &played.live;
        let (positions, setup) = (&live.start.positions, &live.start.setup);
        let index = |seat: engine::Seat| positions.dealt.iter().position(|&s| s == seat);
        let owed = |v: &[engine::Chips], i: Option<usize>| {
            i.and_then(|i| v.get(i).copied()).unwrap_or_default()
        };
        let big = index(positions.big_blind);
        let small = positions.small_blind.and_then(index);
        // Everyone's ante is the same; the big blind's may carry a big-blind ante (TDA-RP-11).
        let ante = (0..positions.dealt.len())
            .find(|&i| Some(i) != big)
            .map(|i| setup.antes[i])
            .unwrap_or_default();
        let blinds = engine::Blinds {
            small_blind: owed(&setup.blinds, small),
            big_blind: owed(&setup.blinds, big),
            ante,
            big_blind_ante: owed(&setup.antes, big).saturating_sub(ante),
        };
        let names = live
            .start
            .players
            .iter()
            .map(|id| {
                self.t
                    .entry(*id)
                    .map(|e| e.name.clone())
                    .unwrap_or_default()
            })
            .collect();
        // The zone was checked by `write`; a time past jiff's range cannot come from a clock.
        let time = Timestamp::at(live.dealt_at as i64, time_zone).unwrap_or(Timestamp {
            year: 1970,
            month: 1,
            day: 1,
            hour: 0,
            minute: 0,
            second: 0,
            zone: "UTC".into(),
            time_zone: None,
        });
        let config = self.t.config();
        // The table's seats, which may be more than the players it is filled to.
        let seats = self
            .t
            .table(tournament::TableId(played.table))
            .map(|t| t.table.seats().len())
            .unwrap_or_default();
        let highest = positions.dealt.iter().map(|s| s.0 as usize + 1).max();
        let max_seats = seats
            .max(highest.unwrap_or_default())
            .min(usize::from(u8::MAX)) as u8;
        let mut ctx = HandContext::new(positions, max_seats, names, blinds, time);
        ctx.hand_number = played.number;
        // PokerStars names a tournament table by the tournament and the table's number.
        ctx.table = format!("{} {}", self.id, played.table + 1);
        let fee = config.buy_in.fee.0;
        ctx.game = GameKind::Tournament {
            id: u64::from(self.id),
            buy_in: match (config.buy_in.prize.0, fee) {
                (0, 0) => String::new(),
                (prize, fee) => format!("{prize}+{fee}"),
            },
            level: live.start.level as u32 + 1,
        };
        ctx.view = view;
        ctx
    }
}
