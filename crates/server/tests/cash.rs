//! Issue 18 through the API: the list keeper's commands on `POST /api/ring` and the
//! waiting-list board on `GET /api/ring`; refusals change nothing and write nothing; the
//! books balance (HC-1.10); a restart replays the room.

mod common;

use axum::http::Method;
use common::Api;
use serde_json::{Value, json};

async fn keep(api: &Api, command: Value) -> Value {
    api.ok(Method::POST, "/api/ring", Some(&api.td), Some(&command))
        .await
}

/// A list keeper's command refused with `status` and `code`; the refusal.
async fn refused_to_keeper(api: &Api, command: &Value, status: u16, code: &str) -> Value {
    let body = command.to_string();
    api.refused(
        Method::POST,
        "/api/ring",
        Some(&api.td),
        Some(&body),
        status,
        code,
    )
    .await
}

/// The list keeper's board (the TD's secret: chips and books).
async fn td_board(api: &Api) -> Value {
    api.ok(Method::GET, "/api/ring", Some(&api.td), None).await
}

/// A board without what moves with the clock (its time, the waits counted from it): a server
/// opened again runs on a clock of its own.
fn without_clock(board: &Value) -> Value {
    let mut b = board.clone();
    b["now_ms"] = Value::Null;
    for g in b["games"].as_array_mut().unwrap() {
        g["expected_wait_s"] = Value::Null;
        g["seats_opened_2h"] = Value::Null;
        for w in g["waiting"].as_array_mut().unwrap() {
            w["expected_wait_s"] = Value::Null;
        }
    }
    b
}

fn balanced(board: &Value) {
    let b = &board["books"];
    let n = |k: &str| b[k].as_u64().unwrap();
    assert_eq!(
        n("bought_in"),
        n("at_tables") + n("frozen") + n("cashed_out") + n("rake"),
        "the list balances (HC-1.10): {b}"
    );
}

#[tokio::test]
async fn a_list_keeper_runs_a_cash_game_through_the_api() {
    let file = std::env::temp_dir().join(format!("cash-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let api = Api::open_at(&file);
    keep(
        &api,
        json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT", "small_blind": 1,
                "big_blind": 2, "seats": 3, "min_buy_in": 40, "max_buy_in": 200, "profile": "hc" }),
    )
    .await;
    // The house's choice of how long an offer stands: 10 s to an hour.
    let quick = json!({ "type": "configure", "offer_seconds": 5, "interest_min": 4 }).to_string();
    api.refused(
        Method::POST,
        "/api/ring",
        Some(&api.td),
        Some(&quick),
        422,
        "refused",
    )
    .await;
    let board = keep(
        &api,
        json!({ "type": "configure", "offer_seconds": 90, "interest_min": 4 }),
    )
    .await;
    assert_eq!(board["offer_seconds"], 90);
    for name in ["Anna", "Ben", "Cem", "Dora"] {
        keep(&api, json!({ "type": "add_guest", "name": name })).await;
    }
    for guest in 0..4 {
        keep(&api, json!({ "type": "join", "guest": guest, "game": 0 })).await;
    }
    // HC-1.4: still in a tournament, no name on a list.
    keep(&api, json!({ "type": "add_guest", "name": "Eve" })).await;
    let late = json!({ "type": "join", "guest": 4, "game": 0, "in_tournament": true }).to_string();
    let refused = api
        .refused(
            Method::POST,
            "/api/ring",
            Some(&api.td),
            Some(&late),
            422,
            "refused",
        )
        .await;
    assert_eq!(refused["rule"], "HC-1.4");
    let board = keep(
        &api,
        json!({ "type": "open_table", "game": 0, "mode": "list_keeper", "opened_by": "Anna",
                "conditions": "1/2 NL, 40-200" }),
    )
    .await;
    let game = &board["games"][0];
    assert_eq!(game["tables"][0]["opened_by"], "Anna");
    let offered: Vec<&Value> = game["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| !w["offer"].is_null())
        .collect();
    assert_eq!(offered.len(), 3, "three seats offered to the first three");
    let outside = json!({ "type": "accept", "guest": 0, "buy_in": 500 }).to_string();
    api.refused(
        Method::POST,
        "/api/ring",
        Some(&api.td),
        Some(&outside),
        422,
        "refused",
    )
    .await;
    for guest in 0..3 {
        keep(
            &api,
            json!({ "type": "accept", "guest": guest, "buy_in": 100 }),
        )
        .await;
    }
    keep(
        &api,
        json!({ "type": "hand_started", "table": 0, "dealt": [0, 1, 2] }),
    )
    .await;
    let top_up = json!({ "type": "top_up", "guest": 0, "amount": 50 }).to_string();
    api.refused(
        Method::POST,
        "/api/ring",
        Some(&api.td),
        Some(&top_up),
        409,
        "hand_in_play",
    )
    .await;
    let board = keep(
        &api,
        json!({ "type": "hand_settled", "table": 0, "pot": 60,
                "stacks": [{ "guest": 0, "chips": 160 }, { "guest": 1, "chips": 80 },
                           { "guest": 2, "chips": 60 }] }),
    )
    .await;
    balanced(&board);
    let board = keep(&api, json!({ "type": "cash_out", "guest": 0 })).await;
    balanced(&board);
    assert_eq!(board["books"]["cashed_out"], 160);
    // Dora, fourth in line, is offered the seat Anna left.
    let dora = board["games"][0]["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["guest"] == 3)
        .cloned()
        .unwrap();
    assert_eq!(dora["offer"]["seat"], 1);
    let before = td_board(&api).await;
    drop(api);
    let again = Api::open_at(&file);
    assert_eq!(
        without_clock(&td_board(&again).await),
        without_clock(&before)
    );
    drop(again);
    let _ = std::fs::remove_file(&file);
}

/// Issue 18 item 1: a dealer tablet follows a live cash table. Binding it starts the hand the
/// rules deal (HC-3.6: the blinds after the button); the dealer enters it as at any live table;
/// "next hand" settles it in the list's books with the rake taken from the winner (HC-1.10),
/// and the next hand, the button moved on, comes to the tablet. A restart replays it all.
#[tokio::test]
async fn a_dealer_tablet_follows_a_cash_table_and_settles_its_hands() {
    let file = std::env::temp_dir().join(format!("cash-tablet-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let api = Api::open_at(&file);
    keep(
        &api,
        json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT", "small_blind": 1,
                "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200, "profile": "hc",
                "rake_percent": 50, "rake_cap": 10 }),
    )
    .await;
    keep(
        &api,
        json!({ "type": "open_table", "game": 0, "mode": "tablet", "opened_by": "Anna" }),
    )
    .await;
    for (k, name) in ["Anna", "Ben", "Cem"].into_iter().enumerate() {
        keep(&api, json!({ "type": "add_guest", "name": name })).await;
        keep(
            &api,
            json!({ "type": "seat_at_desk", "guest": k, "table": 0, "seat": k + 1, "buy_in": 100 }),
        )
        .await;
    }
    // An online table has no tablet; a tablet takes the TD's secret.
    api.refused(
        Method::POST,
        "/api/ring/tables/0/tablet",
        None,
        None,
        401,
        "unauthorized",
    )
    .await;
    let bound = api
        .ok(
            Method::POST,
            "/api/ring/tables/0/tablet",
            Some(&api.td),
            None,
        )
        .await;
    let live = bound["live_table"].as_u64().unwrap();
    let token = bound["token"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/floor/{live}{p}");
    let view = api.ok(Method::GET, &path(""), None, None).await;
    assert_eq!(view["tracking"]["cash"], true, "{view}");
    assert_eq!(view["button_seat"], 1);
    let board = td_board(&api).await;
    assert_eq!(board["games"][0]["tables"][0]["hand_running"], true);
    // Top-ups wait for the hand's end.
    let top_up = json!({ "type": "top_up", "guest": 0, "amount": 10 }).to_string();
    api.refused(
        Method::POST,
        "/api/ring",
        Some(&api.td),
        Some(&top_up),
        409,
        "hand_in_play",
    )
    .await;
    // The button moves all in; the blinds fold: 5 in the pot, half of it raked.
    let hand = view["hand"].clone();
    for say in ["all in", "fold", "fold"] {
        let view = api.ok(Method::GET, &path(""), None, None).await;
        let p = view["waiting"]["player"].as_u64().unwrap();
        let body = json!({ "hand": hand, "act": { "player": p, "say": say } });
        api.ok(Method::POST, &path("/act"), Some(&token), Some(&body))
            .await;
    }
    let after = api
        .ok(
            Method::POST,
            &path("/next-hand"),
            Some(&token),
            Some(&json!({ "hand": 1 })),
        )
        .await;
    let board = td_board(&api).await;
    balanced(&board);
    assert_eq!(board["books"]["rake"], 2, "{board}");
    let seats = &board["games"][0]["tables"][0]["seats"];
    assert_eq!(
        seats[0]["chips"], 101,
        "the button won 3 less the rake: {board}"
    );
    assert_eq!(board["games"][0]["tables"][0]["hands"], 1);
    // Between hands, while the dealer shuffles: a top-up.
    assert_eq!(after["tracking"]["waiting"], true, "{after}");
    keep(&api, json!({ "type": "top_up", "guest": 1, "amount": 10 })).await;
    // The next hand comes to the tablet after the pause: the button on seat 2. The pause is
    // the cash task's timer (issue 35 item 2): the clock's move alone starts nothing, the
    // task's look at what fell due does (the read before waits for the tablets to be given
    // what the top-up's write made due: nothing, in the pause).
    let paused = api.ok(Method::GET, &path(""), None, None).await;
    assert_eq!(paused["tracking"]["waiting"], true, "{paused}");
    api.app.hub().clock().advance(15_000);
    let still = api.ok(Method::GET, &path(""), None, None).await;
    assert_eq!(still["tracking"]["waiting"], true, "{still}");
    api.app.hub().cash().drive().await.expect("driven");
    let after = api.ok(Method::GET, &path(""), None, None).await;
    assert_eq!(after["hand"], 2, "{after}");
    assert_eq!(after["button_seat"], 2, "{after}");
    assert_eq!(after["tracking"]["waiting"], false);
    // A retried report settles nothing twice.
    let again = api
        .post(&path("/next-hand"), Some(&token), &json!({ "hand": 1 }))
        .await;
    assert_ne!(again.status, 200);
    let board = td_board(&api).await;
    assert_eq!(board["books"]["rake"], 2);
    let table = api.ok(Method::GET, &path(""), None, None).await;
    drop(api);
    let again = Api::open_at(&file);
    assert_eq!(
        without_clock(&td_board(&again).await),
        without_clock(&board)
    );
    assert_eq!(again.ok(Method::GET, &path(""), None, None).await, table);
    drop(again);
    let _ = std::fs::remove_file(&file);
}

/// HC-1.4: no name on a list while still playing a tournament. A guest whose name is that of a
/// player seated in a running event is refused a place on a Hold'em Cologne list from the
/// browser; a list under another profile takes it, and once out they may join.
#[tokio::test]
async fn hc_1_4_a_guest_still_in_a_tournament_joins_no_list_from_the_browser() {
    let api = Api::open();
    let event = api.create_event("turbo", 3).await["id"].as_u64().unwrap() as u32;
    for name in ["Eve", "Bob"] {
        api.register_bot(event, name).await;
    }
    api.start(event).await;
    for profile in ["hc", "tda"] {
        keep(
            &api,
            json!({ "type": "add_game", "name": format!("NLHE {profile}"), "variant": "NT",
                    "small_blind": 1, "big_blind": 2, "seats": 6, "min_buy_in": 40,
                    "max_buy_in": 200, "profile": profile }),
        )
        .await;
    }
    let eve = api
        .ok(
            Method::POST,
            "/api/ring/guests",
            None,
            Some(&json!({ "name": "eve" })),
        )
        .await;
    let token = eve["token"].as_str().unwrap().to_string();
    let join = |game: u32| json!({ "type": "join", "game": game }).to_string();
    let refused = api
        .refused(
            Method::POST,
            "/api/ring/me",
            Some(&token),
            Some(&join(0)),
            422,
            "refused",
        )
        .await;
    assert_eq!(refused["rule"], "HC-1.4");
    let me = api
        .ok(
            Method::POST,
            "/api/ring/me",
            Some(&token),
            Some(&json!({ "type": "join", "game": 1 })),
        )
        .await;
    assert_eq!(me["lists"][0]["game"], 1);
}

/// Issue 33 item 2: the cash books could overflow. A game took any buy-in limit, and two
/// buy-ins of 2^63 wrapped the books in a release build: the statement said a guest brought 0.
/// Now a game with an enormous buy-in (or time charge) is refused, 422 `amount_too_large` with
/// a message naming the amount and a key for the pages; at a game with the most a buy-in may
/// be, buy-ins and top-ups of 2^63 are refused; nothing is written, the books balance, and the
/// statement shows what the guest brought.
#[tokio::test]
async fn issue_33_an_enormous_buy_in_is_refused_and_the_books_balance() {
    const MAX: u64 = 1_000_000_000_000_000;
    const HUGE: u64 = 1 << 63;
    let api = Api::open();
    let game = |max_buy_in: u64, time_charge: u64| {
        json!({ "type": "add_game", "name": "NLHE", "variant": "NT", "small_blind": 1,
                "big_blind": 2, "seats": 3, "min_buy_in": 40, "max_buy_in": max_buy_in,
                "time_charge": time_charge, "profile": "hc" })
    };
    let refused = |body: Value, status: u16, code: &'static str| {
        let api = &api;
        async move { refused_to_keeper(api, &body, status, code).await }
    };
    let e = refused(game(HUGE, 0), 422, "amount_too_large").await;
    assert_eq!(
        e["message"],
        "the maximum buy-in of 9223372036854775808 is above 1000000000000000, the most a game's amounts may be"
    );
    assert_eq!(e["key"], "refused_amount_too_large");
    assert_eq!(e["args"]["what"]["key"], "amount_max_buy_in");
    assert_eq!(e["args"]["amount"], "9223372036854775808");
    assert_eq!(e["args"]["max"], MAX);
    let e = refused(game(200, u64::MAX), 422, "amount_too_large").await;
    assert_eq!(e["args"]["what"]["key"], "amount_time_charge");
    let board = td_board(&api).await;
    assert_eq!(board["games"], json!([]), "no game was added");

    keep(&api, game(MAX, 0)).await;
    for name in ["Anna", "Ben"] {
        keep(&api, json!({ "type": "add_guest", "name": name })).await;
    }
    keep(
        &api,
        json!({ "type": "open_table", "game": 0, "mode": "list_keeper", "opened_by": "Keeper" }),
    )
    .await;
    let seat = |guest: u32, buy_in: u64| {
        json!({ "type": "seat_at_desk", "guest": guest, "table": 0, "seat": guest + 1,
                "buy_in": buy_in })
    };
    // The probe: two buy-ins of 2^63.
    for guest in [0, 1] {
        let e = refused(seat(guest, HUGE), 422, "refused").await;
        assert!(
            e["message"]
                .as_str()
                .unwrap()
                .contains("outside the game's limits"),
            "{e}"
        );
    }
    // Anna brings the most a game takes, twice: at the desk, and again after a cash-out.
    keep(&api, seat(0, MAX)).await;
    balanced(&keep(&api, json!({ "type": "cash_out", "guest": 0 })).await);
    keep(&api, seat(0, MAX)).await;
    refused(
        json!({ "type": "top_up", "guest": 0, "amount": HUGE }),
        422,
        "refused",
    )
    .await;
    let board = keep(&api, json!({ "type": "cash_out", "guest": 0 })).await;
    balanced(&board);
    assert_eq!(board["books"]["bought_in"], 2 * MAX);
    assert_eq!(board["books"]["cashed_out"], 2 * MAX);
    let statement = api
        .ok(
            Method::GET,
            "/api/ring/tables/0/statement",
            Some(&api.td),
            None,
        )
        .await;
    let lines = statement["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 1, "{statement}");
    assert_eq!(lines[0]["name"], "Anna");
    assert_eq!(lines[0]["brought"], 2 * MAX, "what Anna brought");
    assert_eq!(lines[0]["took"], 2 * MAX);
    assert_eq!(statement["brought"], 2 * MAX);
}

/// HC-1 lists spread limit among the limits played: a cash game of it bets from the big blind
/// to `spread_max` (HC-3.4.1); a spread below the big blind is refused with the rule.
#[tokio::test]
async fn hc_3_4_1_a_spread_limit_game_is_set_up_with_its_spread() {
    let api = Api::open();
    let narrow = json!({ "type": "add_game", "name": "Spread 1/2", "variant": "ST",
        "small_blind": 1, "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200,
        "profile": "hc", "spread_max": 1 })
    .to_string();
    let error = api
        .refused(
            Method::POST,
            "/api/ring",
            Some(&api.td),
            Some(&narrow),
            422,
            "bad_game",
        )
        .await;
    assert_eq!(error["rule"], "HC-3.4.1", "{error}");
    let board = keep(
        &api,
        json!({ "type": "add_game", "name": "Spread 2-10", "variant": "ST", "small_blind": 1,
                "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200,
                "profile": "hc", "spread_max": 10 }),
    )
    .await;
    assert_eq!(board["games"][0]["variant"], "ST", "{board}");
}

/// Issue 35 item 2: the cash room's pages are pushed its changes, not polled: one `changed` on
/// connect and one after each change (a game added at the desk).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cash_rooms_changes_are_pushed_to_its_pages() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let api = Api::open();
    let addr = api.listen().await;
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/ring/ws"))
        .await
        .expect("a WebSocket");
    let mut next = async || loop {
        if let Message::Text(text) = socket.next().await.expect("open").expect("a frame") {
            let msg: Value = serde_json::from_str(&text).expect("JSON");
            assert_eq!(msg["type"], "changed", "{msg}");
            break msg["v"].as_u64().expect("a count");
        }
    };
    let first = next().await;
    keep(
        &api,
        json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT", "small_blind": 1,
                "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200 }),
    )
    .await;
    let second = next().await;
    assert!(second > first, "{first} then {second}");
}

/// The room's board with no chip on it (issue 36).
fn no_chips(board: &Value) {
    match board {
        Value::Object(map) => {
            for (k, v) in map {
                assert!(
                    !["chips", "books", "guests"].contains(&k.as_str()),
                    "the room's board shows {k}: {v}"
                );
                no_chips(v);
            }
        }
        Value::Array(items) => items.iter().for_each(no_chips),
        _ => {}
    }
}

/// Issue 36 item 5: the board on the room's TV (no secret) shows the lists, the open seats and
/// the offers but nobody's chips, no books and no guest list; the list keeper's (the TD's
/// secret) keeps them. The house may show initials; the expected wait comes from the seats
/// that opened, none before the first. A QR code points to `/cash` at the Host asked.
#[tokio::test]
async fn the_rooms_board_shows_no_chips_and_initials_if_the_house_chooses() {
    let api = Api::open();
    keep(
        &api,
        json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT", "small_blind": 1,
                "big_blind": 2, "seats": 2, "min_buy_in": 40, "max_buy_in": 200 }),
    )
    .await;
    for name in ["Anna", "Egon Müller", "Ben Carl Dorn", "Dora Ek"] {
        keep(&api, json!({ "type": "add_guest", "name": name })).await;
    }
    for guest in 0..4 {
        keep(&api, json!({ "type": "join", "guest": guest, "game": 0 })).await;
    }
    // Before any table: an interest list, no estimate.
    let room = api.ok(Method::GET, "/api/ring", None, None).await;
    assert_eq!(room["games"][0]["expected_wait_s"], Value::Null);
    keep(
        &api,
        json!({ "type": "open_table", "game": 0, "mode": "list_keeper", "opened_by": "Keeper" }),
    )
    .await;
    keep(&api, json!({ "type": "accept", "guest": 0, "buy_in": 100 })).await;
    keep(&api, json!({ "type": "accept", "guest": 1, "buy_in": 150 })).await;
    // A table's own seats went to the names then waiting: no guest has left, no estimate yet.
    let room = api.ok(Method::GET, "/api/ring", None, None).await;
    assert_eq!(
        room["games"][0]["waiting"][0]["expected_wait_s"],
        Value::Null
    );
    // Anna goes home: her seat is offered to Ben.
    keep(&api, json!({ "type": "cash_out", "guest": 0 })).await;
    let keeper = td_board(&api).await;
    assert_eq!(keeper["games"][0]["tables"][0]["seats"][1]["chips"], 150);
    assert_eq!(keeper["books"]["bought_in"], 250);
    assert_eq!(keeper["guests"][1]["name"], "Egon Müller");
    let room = api.ok(Method::GET, "/api/ring", None, None).await;
    no_chips(&room);
    let game = &room["games"][0];
    assert_eq!(game["tables"][0]["seats"][1]["name"], "Egon Müller");
    // The open seat is offered to Ben: the board says so rather than "full".
    assert_eq!(game["open_seats"], 1);
    assert_eq!(game["offers_running"], 1);
    assert_eq!(game["waiting"][0]["name"], "Ben Carl Dorn");
    assert!(game["waiting"][0]["offer"].is_object());
    // One guest left moments after sitting down: the pace is taken over ten minutes a seat at
    // least, a seat every ten minutes at this table of two, so Dora, the first still to be
    // served, waits about 10 minutes, a name put down now 20.
    assert_eq!(game["seats_opened_2h"], 1);
    assert_eq!(game["waiting"][0]["expected_wait_s"], Value::Null);
    assert_eq!(game["waiting"][1]["expected_wait_s"], 10 * 60);
    assert_eq!(game["expected_wait_s"], 20 * 60);
    // The house chooses initials; the desk still reads whole names.
    let board = keep(
        &api,
        json!({ "type": "configure", "offer_seconds": 120, "interest_min": 4,
                "board_names": "initials" }),
    )
    .await;
    assert_eq!(board["board_names"], "initials");
    assert_eq!(board["guests"][1]["name"], "Egon Müller");
    let room = api.ok(Method::GET, "/api/ring", None, None).await;
    no_chips(&room);
    let game = &room["games"][0];
    assert_eq!(game["tables"][0]["seats"][1]["name"], "E. M.");
    assert_eq!(game["waiting"][0]["name"], "B. C. D.");
    assert_eq!(game["waiting"][1]["name"], "D. E.");
    // Configuring the offers again keeps the house's choice of names.
    let board = keep(
        &api,
        json!({ "type": "configure", "offer_seconds": 90, "interest_min": 4 }),
    )
    .await;
    assert_eq!(board["board_names"], "initials");
    // The QR code points to this server's guests' page; a Host that is no host gets none.
    let qr = |host: &'static str| {
        axum::http::Request::builder()
            .uri("/api/ring/qr.svg")
            .header("host", host)
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let (status, headers, svg) = api.answer(qr("poker.example:8080")).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "image/svg+xml");
    let svg = String::from_utf8_lossy(&svg);
    assert!(svg.starts_with("<?xml") && svg.contains("<svg"), "{svg}");
    let (status, _, _) = api.answer(qr("evil.example/phish?")).await;
    assert_eq!(status, 400);
}

/// What the list keeper is told when a command names what is not there, or what the rules
/// do not allow: an unknown guest is 404 whatever the command; a table's id that is no number
/// is `bad_path`; a hand started naming others than the rules deal in is `not_dealt_in`, which
/// says whom the rules deal in; a reported pot past a game's amounts is
/// `amount_too_large`; `spread_max` belongs to spread limit (HC-3.4.1) alone; the public view of
/// a table names players as the room's board does.
#[tokio::test]
async fn the_list_keeper_is_told_what_is_not_there_and_what_the_rules_refuse() {
    let api = Api::open();
    let refused = |body: Value, status: u16, code: &'static str| {
        let api = &api;
        async move { refused_to_keeper(api, &body, status, code).await }
    };
    let nt = json!({ "type": "add_game", "name": "NLHE 1/2", "variant": "NT", "small_blind": 1,
        "big_blind": 2, "seats": 6, "min_buy_in": 40, "max_buy_in": 200, "spread_max": 10 });
    let e = refused(nt.clone(), 422, "bad_game").await;
    assert!(e["message"].as_str().unwrap().contains("spread_max"), "{e}");
    let mut nt = nt;
    nt["spread_max"] = json!(0);
    keep(&api, nt).await;
    keep(
        &api,
        json!({ "type": "open_table", "game": 0, "mode": "list_keeper", "opened_by": "Keeper" }),
    )
    .await;
    for (k, name) in ["Anna Berg", "Ben Carl", "Cem Dorn"]
        .into_iter()
        .enumerate()
    {
        keep(&api, json!({ "type": "add_guest", "name": name })).await;
        keep(
            &api,
            json!({ "type": "seat_at_desk", "guest": k, "table": 0, "seat": k + 1, "buy_in": 100 }),
        )
        .await;
    }
    for command in [
        json!({ "type": "cash_out", "guest": 999 }),
        json!({ "type": "top_up", "guest": 999, "amount": 1 }),
        json!({ "type": "away", "guest": 999, "away": true }),
        json!({ "type": "accept", "guest": 999, "buy_in": 100 }),
        json!({ "type": "decline", "guest": 999 }),
        json!({ "type": "leave", "guest": 999, "game": 0 }),
        json!({ "type": "move", "guest": 999, "table": 0, "seat": 4 }),
        json!({ "type": "unfreeze", "guest": 999, "table": 0, "seat": 4 }),
    ] {
        let e = refused(command.clone(), 404, "not_found").await;
        assert_eq!(e["message"], "no guest 1000", "{command}: {e}");
    }
    for path in ["/api/ring/tables/x", "/api/ring/tables/-1/statement"] {
        api.refused(Method::GET, path, Some(&api.td), None, 400, "bad_path")
            .await;
    }
    // The rules deal in all three (seats 1 to 3): naming two is refused with the rule.
    let e = refused(
        json!({ "type": "hand_started", "table": 0, "dealt": [0, 1] }),
        422,
        "not_dealt_in",
    )
    .await;
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("the next hand deals in guests 1, 2, 3 (seats "),
        "{e}"
    );
    keep(
        &api,
        json!({ "type": "hand_started", "table": 0, "dealt": [2, 0, 1] }),
    )
    .await;
    let e = refused(
        json!({ "type": "hand_started", "table": 0 }),
        409,
        "hand_in_play",
    )
    .await;
    assert_eq!(
        e["message"],
        "a hand is in play at table 1: that waits until it is over"
    );
    let stacks = json!([{ "guest": 0, "chips": 100 }, { "guest": 1, "chips": 100 },
        { "guest": 2, "chips": 100 }]);
    let e = refused(
        json!({ "type": "hand_settled", "table": 0, "stacks": stacks,
                "pot": 9_223_372_036_854_775_808u64 }),
        422,
        "amount_too_large",
    )
    .await;
    assert_eq!(e["args"]["what"]["key"], "amount_pot", "{e}");
    // The house chooses initials: the table's public view has them too, the desk whole names.
    keep(
        &api,
        json!({ "type": "configure", "offer_seconds": 90, "interest_min": 4,
                "board_names": "initials" }),
    )
    .await;
    let table = api.ok(Method::GET, "/api/ring/tables/0", None, None).await;
    assert_eq!(table["seats"][0]["name"], "A. B.", "{table}");
    let board = td_board(&api).await;
    assert_eq!(board["guests"][0]["name"], "Anna Berg");
    balanced(&board);
}
