//! Hand-history downloads: a player's own hands as PokerStars text and PHH, with their own
//! hole cards and only the cards other players showed (TDA-16), and the TD's record of every
//! hand as PHH; through the real router, after an event played in simulated time.

// The simulation is shared with other tests; this one uses part of it.
#[allow(dead_code)]
mod play;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use play::Sim;
use server::app::App;
use server::role::Role;
use server::room::HandFormat;
use std::collections::{BTreeMap, BTreeSet};
use tower::ServiceExt;

/// A turbo with two people and bots, played until `hands` hands are over.
fn played(hands: u64) -> Sim {
    played_in(&Sim::template("turbo"), hands)
}

fn played_in(toml: &str, hands: u64) -> Sim {
    let mut sim = Sim::new(toml, 21);
    for name in ["Ann", "Ben"] {
        sim.register(name, false);
    }
    for i in 0..7 {
        sim.register(&format!("Bot {i}"), true);
    }
    sim.start();
    let mut steps = 0;
    while sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .tournament()
        .stats
        .hands
        < hands
        && sim.step()
    {
        steps += 1;
        assert!(steps < 1_000_000, "the hands were not played");
    }
    sim
}

/// Each hand of a `.phhs` by its table name: the players, every hole card dealt to each, the
/// cards each showed.
#[derive(Debug, Default)]
struct Cards {
    players: Vec<String>,
    dealt: Vec<Vec<String>>,
    shown: Vec<Vec<String>>,
}

fn cards_of(phhs: &str) -> BTreeMap<String, Cards> {
    let hands = hh::parse_phhs(phhs).expect("a .phhs file");
    hands
        .into_iter()
        .map(|(name, hand)| {
            let n = hand.player_count();
            let mut c = Cards {
                players: hand.players.clone().expect("names"),
                dealt: vec![Vec::new(); n],
                shown: vec![Vec::new(); n],
            };
            for action in hand.plain_actions() {
                match action {
                    hh::PhhAction::DealHole { player, cards } => {
                        c.dealt[*player].extend(cards.iter().flatten().map(|c| c.to_string()))
                    }
                    hh::PhhAction::ShowOrMuck {
                        player,
                        cards: Some(cards),
                    } => c.shown[*player].extend(cards.iter().flatten().map(|c| c.to_string())),
                    _ => {}
                }
            }
            (name, c)
        })
        .collect()
}

/// The hands of one PokerStars text by hand number.
fn stars_hands(text: &str) -> BTreeMap<String, String> {
    text.split("PokerStars Hand #")
        .skip(1)
        .map(|h| {
            let number = h.split(':').next().unwrap_or_default().to_owned();
            (number, h.to_owned())
        })
        .collect()
}

/// TDA-16: a hole card reaches a player as their own or once shown. In the player's download,
/// no card an opponent held and did not show may appear, in either format; their own cards
/// and the cards shown must.
#[test]
fn a_players_hands_hold_their_cards_and_only_shown_ones_tda_16() {
    let sim = played(60);
    let room = &sim.hub.room(protocol::EventId(0)).expect("the event");
    let all = room.all_hands("Europe/Berlin").expect("the TD's hands");
    assert!(all.hands >= 60, "{} hands", all.hands);
    let truth = cards_of(&all.text);
    // The size a download is bounded by: `ARCHIVE` hands of about this many bytes.
    eprintln!(
        "the TD's PHH: {} bytes per hand",
        all.text.len() / all.hands
    );
    let (mut checked_hidden, mut checked_shown) = (0, 0);
    // Bots are people with entries too: every one's download is checked.
    let names = [
        "Ann", "Ben", "Bot 0", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6",
    ];
    for (person, name) in names.into_iter().enumerate() {
        let Role::Player { person: p, .. } = sim.people[person].role else {
            panic!("a player");
        };
        let phh = room
            .hands_of(p, HandFormat::Phh, "Europe/Berlin")
            .expect("PHH");
        let stars = room
            .hands_of(p, HandFormat::PokerStars, "Europe/Berlin")
            .expect("PokerStars");
        let mine_phh = cards_of(&phh.text);
        let mine_stars = stars_hands(&stars.text);
        // Every hand the player was dealt, and no other.
        let dealt: BTreeSet<&String> = truth
            .iter()
            .filter(|(_, c)| c.players.iter().any(|n| n == name))
            .map(|(k, _)| k)
            .collect();
        assert_eq!(mine_phh.keys().collect::<BTreeSet<_>>(), dealt, "{name}");
        assert_eq!(mine_stars.keys().collect::<BTreeSet<_>>(), dealt, "{name}");
        for number in dealt {
            let t = &truth[number];
            let me = t.players.iter().position(|n| n == name).expect("dealt in");
            let phh_text =
                format!("{:?}", mine_phh[number].dealt) + &format!("{:?}", mine_phh[number].shown);
            let stars_text = &mine_stars[number];
            // Cards are written in brackets; words such as "Three" must not count as a card.
            let stars_cards: BTreeSet<&str> = stars_text
                .split('[')
                .skip(1)
                .flat_map(|b| b.split(']').next().unwrap_or_default().split_whitespace())
                .collect();
            assert_eq!(mine_phh[number].dealt[me], t.dealt[me], "own cards in PHH");
            let own = t.dealt[me].join(" ");
            assert!(
                stars_text.contains(&format!("Dealt to {name} [{own}]")),
                "{stars_text}"
            );
            for (p, cards) in t.dealt.iter().enumerate().filter(|&(p, _)| p != me) {
                for card in cards {
                    let shown = t.shown[p].contains(card);
                    let in_phh = phh_text.contains(card.as_str());
                    let in_stars = stars_cards.contains(card.as_str());
                    if shown {
                        checked_shown += 1;
                        assert!(in_phh && in_stars, "hand {number}: shown {card} missing");
                    } else {
                        checked_hidden += 1;
                        assert!(
                            !in_phh && !in_stars,
                            "hand {number}: {name} sees {}'s unshown {card}",
                            t.players[p]
                        );
                    }
                }
            }
        }
    }
    assert!(
        checked_hidden > 200,
        "{checked_hidden} hidden cards checked"
    );
    assert!(checked_shown > 10, "{checked_shown} shown cards checked");
}

async fn get(app: &App, uri: &str, secret: Option<&str>) -> (StatusCode, Option<String>, String) {
    let mut request = Request::builder().uri(uri);
    if let Some(secret) = secret {
        request = request.header("authorization", format!("Bearer {secret}"));
    }
    let response = app
        .router()
        .oneshot(request.body(Body::empty()).expect("request"))
        .await
        .expect("an answer");
    let status = response.status();
    let disposition = response
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    (
        status,
        disposition,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

#[tokio::test]
async fn downloads_through_the_router_are_attachments_for_their_owners() {
    let sim = played(20);
    let ann = sim.people[0].token.clone();
    let td = sim
        .hub
        .new_td_secret()
        .expect("a new log's TD secret")
        .to_owned();
    let app = App::new(sim.hub);

    let (status, disposition, body) = get(
        &app,
        "/api/events/0/hands/mine?tz=Europe/Berlin",
        Some(&ann),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        disposition.as_deref(),
        Some("attachment; filename=\"croupier-event-0-my-hands.txt\"")
    );
    let first = body.lines().next().expect("a hand");
    // The turbo (a 1500 buy-in), dealt soon after Sim's START (2027-01-15 08:00 UTC):
    // 09:00 CET, 03:00 EST.
    assert!(first.starts_with("PokerStars Hand #"), "{first}");
    assert!(first.contains(": Tournament #0, "), "{first}");
    assert!(first.contains(" - 2027/01/15 9:00:"), "{first}");
    assert!(first.contains(" CET [2027/01/15 3:00:"), "{first}");

    let (status, disposition, body) =
        get(&app, "/api/events/0/hands/mine?format=phh", Some(&ann)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(disposition.unwrap().contains("my-hands.phhs"));
    assert!(!hh::parse_phhs(&body).expect("PHH").is_empty());

    let (status, disposition, body) = get(&app, "/api/events/0/hands", Some(&td)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        disposition.as_deref(),
        Some("attachment; filename=\"croupier-event-0-hands.phhs\"")
    );
    assert!(hh::parse_phhs(&body).expect("PHH").len() >= 20);

    // Who may not: the public and a player for the TD's file, the TD for "mine"; bad queries.
    for (uri, secret, status) in [
        ("/api/events/0/hands", None, StatusCode::UNAUTHORIZED),
        (
            "/api/events/0/hands",
            Some(ann.as_str()),
            StatusCode::UNAUTHORIZED,
        ),
        ("/api/events/0/hands/mine", None, StatusCode::UNAUTHORIZED),
        (
            "/api/events/0/hands/mine",
            Some(td.as_str()),
            StatusCode::UNAUTHORIZED,
        ),
        (
            "/api/events/0/hands/mine?format=xml",
            Some(ann.as_str()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/events/0/hands/mine?tz=Mars/Olympus",
            Some(ann.as_str()),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/events/9/hands",
            Some(td.as_str()),
            StatusCode::NOT_FOUND,
        ),
    ] {
        let (got, _, body) = get(&app, uri, secret).await;
        assert_eq!(got, status, "{uri}: {body}");
    }
}

/// Stud and HORSE hands are written too, for the TD and for every player, in both formats:
/// antes and the bring-in, no blinds (TDA-RP-10), third street named as PokerStars does.
#[test]
fn stud_and_mixed_game_hands_are_written_for_everyone() {
    for toml in [
        include_str!("fixtures/stud.toml").to_owned(),
        Sim::template("horse"),
    ] {
        let sim = played_in(&toml, 40);
        let room = &sim.hub.room(protocol::EventId(0)).expect("the event");
        let all = room.all_hands("UTC").expect("the TD's hands");
        assert!(all.hands >= 40, "{} hands", all.hands);
        for person in &sim.people {
            let Role::Player { person: p, .. } = person.role else {
                panic!("a player");
            };
            for format in [HandFormat::Phh, HandFormat::PokerStars] {
                let mine = room.hands_of(p, format, "Asia/Tokyo").expect("written");
                assert!(mine.hands > 0);
            }
        }
        let stars = room
            .hands_of(server::role::PersonId(0), HandFormat::PokerStars, "UTC")
            .expect("written");
        if toml.contains("game = \"stud\"") {
            assert!(
                stars.text.contains("*** 3RD STREET ***"),
                "{}",
                &stars.text[..400]
            );
            assert!(
                stars.text.contains(": brings in for "),
                "{}",
                &stars.text[..400]
            );
        }
    }
}

/// Bytes the archive keeps per hand, measured: the lean record (the engine's hand, seats,
/// forced bets, players), not the table's whole hand with its setup, deck and ruleset. Over
/// 200 hands of this turbo it was about 2,060 bytes a hand with the whole `LiveHand`, about
/// 1,560 now (1,820 over the first 60, when the tables are full).
#[test]
fn the_archive_keeps_a_lean_record_of_each_hand() {
    let sim = played(60);
    let room = &sim.hub.room(protocol::EventId(0)).expect("the event");
    let (hands, bytes) = room.archive_memory();
    assert!(hands >= 60, "{hands} hands");
    eprintln!("the archive: {} bytes per hand", bytes / hands);
    assert!(bytes / hands < 2_000, "{} bytes per hand", bytes / hands);
}

/// A download's hands are taken as they are; the event going on does not change them, and
/// they are written afterwards without the room.
#[test]
fn a_selection_is_written_as_taken() {
    let mut sim = played(20);
    let taken = sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .select_all();
    let before = sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .all_hands("UTC")
        .expect("written");
    let hands = sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .tournament()
        .stats
        .hands;
    while sim
        .hub
        .room(protocol::EventId(0))
        .expect("the event")
        .tournament()
        .stats
        .hands
        < hands + 10
        && sim.step()
    {}
    assert_eq!(taken.write("UTC").expect("written"), before);
    assert!(
        sim.hub
            .room(protocol::EventId(0))
            .expect("the event")
            .all_hands("UTC")
            .expect("written")
            .hands
            > before.hands
    );
}

/// The TD's download of every hand is written outside the event's task: while it is written,
/// the task is free for commands, ticks and pushes. Under the old hub's lock it used to be
/// written whole, and every turn queued behind a download waited for it, so that no more
/// turns than downloads were taken. Counted, not timed: many turns go through per download.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_is_written_without_holding_the_hub() {
    let sim = played(60);
    let td = sim
        .hub
        .new_td_secret()
        .expect("a new log's TD secret")
        .to_owned();
    let app = App::new(sim.hub);
    const DOWNLOADS: u32 = 40;
    let download = tokio::spawn({
        let app = app.clone();
        async move {
            let mut bodies = Vec::new();
            for _ in 0..DOWNLOADS {
                bodies.push(get(&app, "/api/events/0/hands", Some(&td)).await);
            }
            bodies
        }
    });
    let mut tries = 0u32;
    while !download.is_finished() {
        let task = app.hub().event(protocol::EventId(0)).expect("the event");
        task.run(|_| Ok(())).await.expect("a turn");
        tries += 1;
        tokio::task::yield_now().await;
    }
    for (status, _, body) in download.await.expect("downloaded") {
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(hh::parse_phhs(&body).expect("PHH").len() >= 60);
    }
    assert!(
        tries >= 4 * DOWNLOADS,
        "{tries} turns while {DOWNLOADS} downloads were written: the turns waited for them"
    );
}

/// TDA-16: the table's history on a player's page shows their own hole cards in every hand
/// they played there (the public history, made once per table, with their cards put back),
/// and no unshown card of anyone else (`visibility.rs` checks every message for that).
#[test]
fn a_players_table_history_shows_their_own_cards_tda_16() {
    let sim = played(40);
    let room = &sim.hub.room(protocol::EventId(0)).expect("the event");
    let mut seen = 0;
    for person in &sim.people {
        let Role::Player { person: p, .. } = person.role else {
            continue;
        };
        let entry = room.current_entry(p).expect("an entry");
        let Some(table) = room.me(entry, 0).and_then(|me| me.table) else {
            continue;
        };
        for hand in table.history.expect("a page holds the history") {
            for seat in hand.seats.iter().filter(|s| s.player == entry) {
                assert!(
                    !seat.cards.is_empty() && seat.cards.iter().all(Option::is_some),
                    "{entry:?} in hand {}: {:?}",
                    hand.number,
                    seat.cards
                );
                seen += 1;
            }
        }
    }
    assert!(
        seen > 10,
        "only {seen} hands of a player's own in the histories"
    );
}
