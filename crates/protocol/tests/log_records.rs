//! The log's records read as they were written: an event's commands (`EventCommand`, the
//! event task's own kind since issue 35) keep the form they had as variants of `Command`, so
//! that every log written before replays.

use protocol::{Actor, Command, EntryId, EventCommand, EventId, LogEntry, PlayerAction, TableId};

#[test]
fn an_events_command_is_written_as_before_and_read_back() {
    // As an older server wrote it (`Command::Act` then).
    let old = r#"{"at_ms":5,"command":{"type":"act","event":0,"table":1,"hand":3,"player":7,"action":{"type":"fold"}}}"#;
    let entry = LogEntry::from_json(old).expect("reads");
    let act = EventCommand::Act {
        event: EventId(0),
        table: TableId(1),
        hand: 3,
        player: EntryId(7),
        action: PlayerAction::Fold,
    };
    assert_eq!(entry.command, Command::Event(act.clone()));
    assert_eq!(entry.command.event(), Some(EventId(0)));
    let written = serde_json::to_string(&LogEntry {
        at_ms: 5,
        command: act.into(),
    })
    .expect("writes");
    assert_eq!(written, old);
    // The other kinds keep their tags.
    let start = r#"{"type":"start","event":2,"by":"td"}"#;
    let read: Command = serde_json::from_str(start).expect("reads");
    assert_eq!(
        read,
        Command::Event(EventCommand::Start {
            event: EventId(2),
            by: Actor::Td
        })
    );
    let tick: Command = serde_json::from_str(r#"{"type":"tick","event":1}"#).expect("reads");
    assert_eq!(tick.event(), Some(EventId(1)));
}

/// Bad input says what was wrong with it: a corrupt record of an event's command names its
/// field, not only "no kind matched".
#[test]
fn a_corrupt_event_record_says_what_is_wrong() {
    let bad = r#"{"at_ms":5,"command":{"type":"act","event":0,"table":1,"hand":"three","player":7,"action":{"type":"fold"}}}"#;
    let e = LogEntry::from_json(bad).expect_err("refused").to_string();
    assert!(e.contains("invalid type") && e.contains("three"), "{e}");
    let unknown = r#"{"at_ms":5,"command":{"type":"shuffle_up","event":0}}"#;
    assert!(LogEntry::from_json(unknown).is_err());
}
