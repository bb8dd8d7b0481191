//! The dealer tablet's API: a live table opened by the TD, acts entered as the dealer sees them
//! and ruled by the floor with the rules cited, irregularities with their procedures.

mod common;

use axum::http::Method;
use common::Api;
use common::floor::{act, actions, post, rules, tda_45_table};
use serde_json::json;

/// The texts are the floor's; the wire is checked with its rule ids.
macro_rules! snapshot_ruling {
    ($name:expr, $value:expr) => {
        insta::assert_json_snapshot!($name, $value, {
            ".reasons[].de" => "[de]",
            ".reasons[].en" => "[en]",
        })
    };
}

#[tokio::test]
async fn the_td_opens_a_live_table_and_sees_what_the_first_player_faces() {
    let api = Api::open();
    let view = post(&api, "/api/floor", tda_45_table()).await;
    assert_eq!(api.log_len(), 1);
    insta::assert_json_snapshot!("opened", view);
    // The button on seat 4: seat 1 posts the small blind, seat 2 the big blind, UTG acts.
    assert_eq!(view["button_seat"], 4);
    assert_eq!(view["next_to_act"], 2);
    assert_eq!(view["to_call"], 500);
    // TDA-43A: the minimum raise pre-flop is a big blind more.
    assert_eq!(view["min_raise_to"], 1000);
    assert_eq!(view["pots"][0]["amount"], 750);
    let listed = api.ok(Method::GET, "/api/floor", None, None).await;
    assert_eq!(listed[0], view);
    assert_eq!(api.ok(Method::GET, "/api/floor/0", None, None).await, view);
}

#[tokio::test]
async fn tda_45_example_2_a_silent_1000_and_five_100s_is_a_raise_to_1700() {
    let api = Api::open();
    post(&api, "/api/floor", tda_45_table()).await;
    let view = act(
        &api,
        1,
        json!({ "player": 2, "say": "raise", "chips": [1000, 100] }),
    )
    .await;
    assert_eq!(actions(&view["rulings"][0]), ["p2 bet_or_raise 1100"]);
    let view = act(
        &api,
        1,
        json!({ "player": 3, "chips": [1000, 100, 100, 100, 100, 100] }),
    )
    .await;
    let ruling = &view["rulings"][0];
    // 1,500 is 400 over the call of 1,100, at least half the minimum raise of 600: a full
    // raise to 1,700, 200 more to put in (TDA-45, TDA-43).
    assert_eq!(actions(ruling), ["p3 bet_or_raise 1700"]);
    assert_eq!(ruling["owed"], 200);
    assert_eq!(ruling["in_turn"], true);
    assert!(
        rules(ruling).iter().any(|r| r.starts_with("TDA-45")),
        "{ruling}"
    );
    assert!(
        rules(ruling).iter().any(|r| r.starts_with("TDA-43")),
        "{ruling}"
    );
    snapshot_ruling!("tda_45_example_2", ruling);
    assert_eq!(view["rulings"].as_array().map(Vec::len), Some(2));
    assert_eq!(view["next_to_act"], 0);
    assert_eq!(view["min_raise_to"], 2300);
}

#[tokio::test]
async fn a_call_out_of_turn_is_binding_when_the_action_does_not_change_tda_53a() {
    let api = Api::open();
    post(&api, "/api/floor", tda_45_table()).await;
    act(&api, 1, json!({ "player": 2, "say": "raise 1100" })).await;
    act(&api, 1, json!({ "player": 3, "say": "call" })).await;
    let view = act(&api, 1, json!({ "player": 1, "say": "call" })).await;
    let ruling = &view["rulings"][0];
    assert_eq!(ruling["in_turn"], false);
    assert!(
        rules(ruling).iter().any(|r| r.starts_with("TDA-53")),
        "{ruling}"
    );
    assert!(actions(ruling).is_empty());
    // The action goes back to the small blind.
    assert_eq!(view["next_to_act"], 0);
    let view = act(&api, 1, json!({ "player": 0, "say": "fold" })).await;
    assert_eq!(actions(&view["rulings"][0]), ["p0 fold", "p1 call"]);
    // The round is over: the small blind's 250 and three calls of 1,100.
    assert_eq!(view["pots"][0]["amount"], 3550);
    assert_eq!(view["players"][1]["stack"], 18900);
    assert_eq!(view["waiting"]["kind"], "board");
    assert_eq!(view["waiting"]["street"], "flop");
}

#[tokio::test]
async fn an_irregularity_from_the_menu_gives_its_procedure_tda_68() {
    let api = Api::open();
    post(&api, "/api/floor", tda_45_table()).await;
    let body = json!({
        "hand": 1,
        "irregularity": { "kind": "player_exposed_cards", "player": 2 },
    });
    let view = post(&api, "/api/floor/0/irregularity", body).await;
    let procedure = &view["procedure"];
    assert_eq!(procedure["irregularity"]["kind"], "player_exposed_cards");
    let steps: Vec<&str> = procedure["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rule"].as_str().unwrap())
        .collect();
    // TDA-68: exposing cards with action pending does not kill the hand; a penalty may follow.
    assert!(steps.contains(&"TDA-68"), "{procedure}");
    assert_eq!(procedure["outcome"]["kind"], "continue");
    assert_eq!(view["players"][2]["status"], "live");
    insta::assert_json_snapshot!("exposed_cards", procedure, {
        ".steps[].de" => "[de]",
        ".steps[].en" => "[en]",
    });
}

#[tokio::test]
async fn a_short_pot_bet_noticed_at_once_is_corrected_tda_52b() {
    let api = Api::open();
    let table = json!({
        "variant": "PO",
        "names": ["A", "B", "C", "D", "E"],
        "stacks": [100000, 100000, 100000, 100000, 100000],
        "small_blind": 500,
        "big_blind": 1000,
        "denominations": [100, 500, 1000, 5000, 25000],
    });
    post(&api, "/api/floor", table).await;
    for (player, say) in [
        (2, "raise 2500"),
        (3, "call"),
        (4, "call"),
        (0, "fold"),
        (1, "call"),
    ] {
        act(&api, 1, json!({ "player": player, "say": say })).await;
    }
    post(&api, "/api/floor/0/board", json!({ "hand": 1 })).await;
    // The pot is 10,500; told 9,500, B bets 9,500 as "pot".
    let chips = [5000, 1000, 1000, 1000, 1000, 500];
    let view = act(
        &api,
        1,
        json!({ "player": 1, "say": "pot", "told": 9500, "chips": chips }),
    )
    .await;
    assert_eq!(actions(&view["rulings"][0]), ["p1 bet_or_raise 9500"]);
    let view = post(&api, "/api/floor/0/notice", json!({ "hand": 1 })).await;
    let ruling = &view["rulings"][0];
    assert_eq!(ruling["kind"], "notice");
    assert_eq!(actions(ruling), ["p1 bet_or_raise 10500"]);
    assert_eq!(ruling["owed"], 1000);
    assert!(rules(ruling).contains(&"TDA-52B".to_string()), "{ruling}");
    assert_eq!(view["players"][1]["bet"], 10500);
}

#[tokio::test]
async fn heads_up_the_button_posts_the_small_blind_and_a_muck_concedes_tda_34() {
    let api = Api::open();
    let table = json!({
        "names": ["Ann", "Bob"],
        "stacks": [1000, 1000],
        "small_blind": 50,
        "big_blind": 100,
        "denominations": [25, 100],
    });
    let view = post(&api, "/api/floor", table).await;
    // TDA-34: heads-up the button posts the small blind and acts first before the flop.
    assert_eq!(view["button_seat"], 2);
    assert_eq!(view["players"][1]["small_blind"], true);
    assert_eq!(view["players"][0]["big_blind"], true);
    assert_eq!(view["next_to_act"], 1);
    act(&api, 1, json!({ "player": 1, "say": "call" })).await;
    act(&api, 1, json!({ "player": 0, "say": "check" })).await;
    for _ in 0..3 {
        post(&api, "/api/floor/0/board", json!({ "hand": 1 })).await;
        act(&api, 1, json!({ "player": 0, "say": "check" })).await;
        act(&api, 1, json!({ "player": 1, "say": "check" })).await;
    }
    let view = post(&api, "/api/floor/0/muck", json!({ "hand": 1, "player": 1 })).await;
    assert_eq!(view["over"], true);
    assert_eq!(view["players"][0]["stack"], 1100);
    assert_eq!(view["players"][1]["stack"], 900);
    assert_eq!(view["players"][1]["status"], "mucked");
}

/// A table whose names look like the floor's own `p1`, `p2`: the texts must not be read back.
fn tricky_names() -> serde_json::Value {
    let mut table = tda_45_table();
    table["names"] = json!(["Ann p2", "Bob", "Cy 3", "p1"]);
    table
}

fn reason<'a>(ruling: &'a serde_json::Value, rule: &str) -> &'a serde_json::Value {
    let reasons = ruling["reasons"].as_array().unwrap();
    reasons
        .iter()
        .find(|r| r["rule"] == rule)
        .unwrap_or_else(|| panic!("no {rule} in {ruling}"))
}

#[tokio::test]
async fn rulings_name_the_players_in_both_languages_and_quote_words_as_said_tda_53a_tda_3() {
    let api = Api::open();
    post(&api, "/api/floor", tricky_names()).await;
    // The button's player ("p1") calls before UTG ("Cy 3"), who is first to act (TDA-53A).
    let view = act(&api, 1, json!({ "player": 3, "say": "call" })).await;
    let out_of_turn = reason(&view["rulings"][0], "TDA-53A");
    assert_eq!(
        out_of_turn["en"],
        "out of turn: the action goes back to Cy 3; p1's action is binding if the action does \
         not change before it"
    );
    assert_eq!(
        out_of_turn["de"],
        "außer der Reihe: die Aktion geht zurück zu Cy 3; die Aktion von p1 ist verbindlich, \
         wenn sich bis dahin nichts ändert"
    );
    // Words that name no action are quoted as said, a "p2" in them too (TDA-3).
    let view = act(&api, 1, json!({ "player": 2, "say": "p2 hmm" })).await;
    let unclear = reason(&view["rulings"][0], "TDA-3");
    assert_eq!(
        unclear["en"],
        "'p2 hmm' names no action: the player must make the intention clear"
    );
    assert_eq!(
        unclear["de"],
        "„p2 hmm“ benennt keine Aktion: der Spieler muss seine Absicht klar machen"
    );
}

#[tokio::test]
async fn a_procedure_and_the_td_s_note_name_the_player_tda_62() {
    let api = Api::open();
    post(&api, "/api/floor", tricky_names()).await;
    let body = json!({
        "hand": 1,
        "irregularity": { "kind": "chip_found_later", "player": 2, "amount": 500 },
    });
    let view = post(&api, "/api/floor/0/irregularity", body).await;
    let procedure = &view["procedure"];
    let note = &procedure["outcome"]["note"];
    assert!(
        note["en"].as_str().unwrap().starts_with(
            "Is the hidden 500 part of Cy 3's all-in that was called? If not: should Cy 3 win"
        ),
        "{note}"
    );
    assert!(
        note["de"]
            .as_str()
            .unwrap()
            .starts_with("Sind die versteckten 500 Teil des gecallten All-ins von Cy 3?"),
        "{note}"
    );
    let step = procedure["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["rule"] == "TDA-62")
        .unwrap_or_else(|| panic!("no TDA-62 in {procedure}"));
    assert_eq!((&step["en"], &step["de"]), (&note["en"], &note["de"]));
}

/// Issue 35 item 2: a live table's changes are pushed to its tablets, not polled: one
/// `changed` on connect, one after each change made on another tablet, and nothing while
/// nothing happens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_tables_changes_are_pushed_to_its_tablets() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let api = Api::open();
    post(&api, "/api/floor", tda_45_table()).await;
    let addr = api.listen().await;
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/floor/0/ws"))
        .await
        .expect("a WebSocket");
    let mut next = async || loop {
        match socket.next().await.expect("open").expect("a frame") {
            Message::Text(text) => {
                let msg: serde_json::Value = serde_json::from_str(&text).expect("JSON");
                assert_eq!(msg["type"], "changed", "{msg}");
                break msg["v"].as_u64().expect("a count");
            }
            _ => continue,
        }
    };
    let first = next().await;
    act(
        &api,
        1,
        json!({ "player": 2, "say": "raise", "chips": [1000, 100] }),
    )
    .await;
    let second = next().await;
    assert!(second > first, "{first} then {second}");
    // Nothing happens: nothing comes (a read is no change).
    api.ok(Method::GET, "/api/floor/0", None, None).await;
    let quiet = tokio::time::timeout(std::time::Duration::from_millis(300), next()).await;
    assert!(quiet.is_err(), "a message came though nothing changed");
}

/// DG-15a.5: an act made blind is taken from the wire like any other (`blind` on the act).
#[tokio::test]
async fn an_act_made_blind_is_taken_dg_15a_5() {
    let api = Api::open();
    post(&api, "/api/floor", tda_45_table()).await;
    let view = act(
        &api,
        1,
        json!({ "player": 2, "say": "raise", "chips": [1000, 100], "blind": true }),
    )
    .await;
    assert_eq!(actions(&view["rulings"][0]), ["p2 bet_or_raise 1100"]);
}
