//! Issue 33 item 7: a command with a field it does not take is refused, not read as another
//! command (`{"type":"cash_out","guest":1}` is not the caller's own cash-out).

use protocol::{
    ClientMessage, GuestRequest, PlayerAction, TableReport, TdCommand, from_json_strict,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn refused<T: DeserializeOwned + Serialize + std::fmt::Debug>(text: &str) {
    let read = from_json_strict::<T>(text.as_bytes());
    assert!(read.is_err(), "{text} was read as {read:?}");
}

fn read<T: DeserializeOwned + Serialize + std::fmt::Debug>(text: &str) {
    let read = from_json_strict::<T>(text.as_bytes());
    assert!(read.is_ok(), "{text}: {read:?}");
}

#[test]
fn a_field_a_command_does_not_take_is_refused() {
    read::<GuestRequest>(r#"{"type":"cash_out"}"#);
    refused::<GuestRequest>(r#"{"type":"cash_out","guest":1}"#);
    refused::<GuestRequest>(r#"{"type":"decline","guest":1}"#);
    refused::<GuestRequest>(r#"{"type":"away","guest":1}"#);
    read::<TdCommand>(r#"{"type":"pause"}"#);
    refused::<TdCommand>(r#"{"type":"pause","table":1}"#);
    refused::<TdCommand>(r#"{"type":"draw_seats","x":1}"#);
    read::<PlayerAction>(r#"{"type":"fold"}"#);
    refused::<PlayerAction>(r#"{"type":"fold","to":5}"#);
    refused::<PlayerAction>(r#"{"type":"bet_or_raise","to":5,"player":2}"#);
    read::<ClientMessage>(r#"{"type":"ping"}"#);
    refused::<ClientMessage>(r#"{"type":"resync","event":3}"#);
    refused::<ClientMessage>(r#"{"type":"act","hand":1,"action":{"type":"fold"},"player":2}"#);
    refused::<TableReport>(r#"{"type":"hand_over","table":2}"#);
    read::<GuestRequest>(r#"{"type":"accept","buy_in":100}"#);
    read::<GuestRequest>(r#"{"type":"accept","buy_in":100,"wait":false}"#);
    read::<ClientMessage>(r#"{"type":"act","hand":1,"action":{"type":"bet_or_raise","to":5}}"#);
}
