//! When a hand was dealt, as hand histories print it: the local wall-clock time with its
//! zone's abbreviation and, for PokerStars, the same instant in ET (America/New_York, with
//! its daylight saving time) in brackets, as PokerStars writes it for a player outside ET.
//! Zone rules come from jiff's bundled tz database: the same text on every machine.

use jiff::civil::DateTime;
use jiff::tz::{AmbiguousOffset, TimeZone};
use thiserror::Error;

/// PokerStars' own clock.
const EASTERN: &str = "America/New_York";

/// When the hand was dealt, as the room's clock reads it (never read from a clock here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timestamp {
    pub year: u16,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
    /// The time zone's abbreviation as printed: `ET`, `CET`, `UTC`.
    pub zone: String,
    /// The IANA zone (`Europe/Berlin`) when known, PHH's `time_zone`: it places the time
    /// on PokerStars' ET clock. Without it only `ET`, `EST`, `EDT`, `UTC` and `GMT` can be.
    pub time_zone: Option<String>,
}

/// A time or zone a history cannot place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TimeError {
    #[error("unknown time zone '{0}' (an IANA name such as Europe/Berlin is expected)")]
    UnknownZone(String),
    #[error("{0} is not a time a history can carry")]
    OutOfRange(String),
}

impl Timestamp {
    /// The wall-clock time in `time_zone` (an IANA name) at `unix_ms` milliseconds since
    /// 1970 UTC.
    pub fn at(unix_ms: i64, time_zone: &str) -> Result<Timestamp, TimeError> {
        let tz = zone(time_zone)?;
        let instant = jiff::Timestamp::from_millisecond(unix_ms)
            .map_err(|_| TimeError::OutOfRange(format!("{unix_ms} ms")))?;
        if tz.to_datetime(instant).year() < 1 {
            return Err(TimeError::OutOfRange(format!("{unix_ms} ms")));
        }
        Ok(wall(instant, &tz, time_zone))
    }

    /// The same instant in another zone; `None` when this one cannot be placed.
    pub fn in_zone(&self, time_zone: &str) -> Result<Option<Timestamp>, TimeError> {
        let tz = zone(time_zone)?;
        Ok(self.instant().map(|i| wall(i, &tz, time_zone)))
    }

    /// The same instant on PokerStars' ET clock; `None` when it cannot be placed.
    pub fn eastern(&self) -> Option<Timestamp> {
        self.in_zone(EASTERN).ok().flatten()
    }

    fn is_eastern(&self) -> bool {
        match &self.time_zone {
            Some(name) => name == EASTERN || name == "US/Eastern",
            None => matches!(self.zone.as_str(), "ET" | "EST" | "EDT"),
        }
    }

    /// The instant this wall-clock time names. In the hour a clock turns back, the zone's
    /// abbreviation (`CEST` or `CET`) says which of the two it was.
    fn instant(&self) -> Option<jiff::Timestamp> {
        let name = match (&self.time_zone, self.zone.as_str()) {
            (Some(name), _) => name.as_str(),
            (None, "ET" | "EST" | "EDT") => EASTERN,
            (None, "UTC" | "GMT") => "UTC",
            _ => return None,
        };
        let tz = TimeZone::get(name).ok()?;
        let dt = DateTime::new(
            i16::try_from(self.year).ok()?,
            self.month as i8,
            self.day as i8,
            self.hour as i8,
            self.minute as i8,
            self.second as i8,
            0,
        )
        .ok()?;
        let ambiguous = tz.to_ambiguous_timestamp(dt);
        if let AmbiguousOffset::Fold { before, after } = ambiguous.offset() {
            for offset in [before, after] {
                let instant = offset.to_timestamp(dt).ok()?;
                if tz.to_offset_info(instant).abbreviation() == self.zone {
                    return Some(instant);
                }
            }
        }
        ambiguous.compatible().ok()
    }

    /// `2026/11/22 6:00:00 CET`: PokerStars does not pad the hour.
    fn wall_text(&self, zone: &str) -> String {
        format!(
            "{:04}/{:02}/{:02} {}:{:02}:{:02} {zone}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// The time as a PokerStars header ends: `2026/11/22 18:00:00 CET [2026/11/22 12:00:00
    /// ET]` for a player outside ET, `2026/11/22 12:00:00 ET` in ET, the local time alone
    /// when it cannot be placed on the ET clock.
    pub fn pokerstars(&self) -> String {
        if self.is_eastern() {
            return self.wall_text("ET");
        }
        let local = self.wall_text(&self.zone);
        match self.eastern() {
            Some(et) => format!("{local} [{}]", et.wall_text("ET")),
            None => local,
        }
    }
}

fn zone(name: &str) -> Result<TimeZone, TimeError> {
    TimeZone::get(name).map_err(|_| TimeError::UnknownZone(name.to_owned()))
}

fn wall(instant: jiff::Timestamp, tz: &TimeZone, name: &str) -> Timestamp {
    let dt = tz.to_datetime(instant);
    let zone = match name {
        EASTERN | "US/Eastern" => "ET".to_owned(),
        _ => tz.to_offset_info(instant).abbreviation().to_owned(),
    };
    Timestamp {
        year: dt.year() as u16,
        month: dt.month() as u8,
        day: dt.day() as u8,
        hour: dt.hour() as u8,
        minute: dt.minute() as u8,
        second: dt.second() as u8,
        zone,
        time_zone: Some(name.to_owned()),
    }
}
