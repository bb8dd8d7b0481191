//! The OpenAPI document served at `/api/openapi.json` against the router and the wire: every
//! route of `http.rs` is described with its methods and no other, every `$ref` resolves, and
//! real answers of a played event fit their schemas (every required property there, every
//! property declared, the JSON types and the enumerations as documented).

mod common;

use axum::http::{Method, StatusCode};
use common::Api;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

const HTTP_RS: &str = include_str!("../src/http.rs");
const DOCUMENT: &str = include_str!("../openapi.json");
const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];
/// The fallbacks that answer 404 for everything else under `/api`.
const FALLBACKS: [&str; 3] = ["/api/{*rest}", "/api", "/api/"];

fn document() -> Value {
    serde_json::from_str(DOCUMENT).expect("openapi.json is JSON")
}

#[tokio::test]
async fn the_served_document_is_openapi_3_1() {
    let api = Api::open();
    let reply = api.get("/api/openapi.json", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.content_type.as_deref(), Some("application/json"));
    let version = reply.body["openapi"].as_str().expect("an openapi version");
    assert!(version.starts_with("3.1."), "openapi {version}");
    assert_eq!(reply.body, document());
    assert!(reply.body["info"]["title"].is_string());
    assert!(
        reply.body["paths"]
            .as_object()
            .is_some_and(|p| !p.is_empty())
    );
}

/// The routes registered in `http.rs`'s `routes()`: each `.route("path", get(..).post(..))`.
fn routes_in_source(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let start = source
        .find("pub fn routes()")
        .expect("http.rs has routes()");
    let body = &source[start..];
    let body = &body[..body.find("\n}\n").expect("the end of routes()")];
    let mut routes = BTreeMap::new();
    let mut rest = body;
    while let Some(at) = rest.find(".route(") {
        rest = &rest[at + ".route(".len()..];
        let mut depth = 1;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map(|(i, _)| i)
            .expect("a closed .route(");
        let args = &rest[..end];
        let mut parts = args.splitn(3, '"');
        parts.next();
        let path = parts.next().expect("a path literal").to_string();
        let handlers = parts.next().unwrap_or_default();
        let mut methods = BTreeSet::new();
        for method in METHODS.iter().chain(&["any"]) {
            let call = format!("{method}(");
            let mut from = 0;
            while let Some(i) = handlers[from..].find(&call) {
                let i = from + i;
                let before = handlers[..i].chars().next_back();
                if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) {
                    methods.insert(method.to_string());
                }
                from = i + call.len();
            }
        }
        assert!(
            !methods.is_empty(),
            "no method found for route {path}: {args}"
        );
        let entry: &mut BTreeSet<String> = routes.entry(path).or_default();
        entry.extend(methods);
        rest = &rest[end..];
    }
    routes
}

#[test]
fn every_route_is_documented_with_its_methods_and_no_other() {
    let mut routes = routes_in_source(HTTP_RS);
    for fallback in FALLBACKS {
        assert_eq!(
            routes
                .remove(fallback)
                .map(|m| m.into_iter().collect::<Vec<_>>()),
            Some(vec!["any".to_string()]),
            "the fallback {fallback}"
        );
    }
    assert!(
        routes.len() >= 16,
        "only {} routes found in http.rs: {routes:?}",
        routes.len()
    );
    for (path, methods) in &routes {
        assert!(
            !methods.contains("any"),
            "{path}: `any` must be split into methods to be documented"
        );
    }
    let doc = document();
    let documented: BTreeMap<String, BTreeSet<String>> = doc["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .map(|(path, item)| {
            let methods = item
                .as_object()
                .expect("a path item")
                .keys()
                .filter(|k| METHODS.contains(&k.as_str()))
                .cloned()
                .collect();
            (path.clone(), methods)
        })
        .collect();
    for (path, methods) in &routes {
        assert_eq!(
            documented.get(path),
            Some(methods),
            "route {path} in openapi.json"
        );
    }
    for (path, methods) in &documented {
        assert_eq!(
            routes.get(path),
            Some(methods),
            "openapi.json's {path} in http.rs"
        );
    }
    // Every path parameter is declared, with the name axum extracts.
    for (path, item) in doc["paths"].as_object().unwrap() {
        let names: BTreeSet<String> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
            .map(str::to_string)
            .collect();
        for method in METHODS {
            let Some(op) = item.get(method) else { continue };
            let declared: BTreeSet<String> = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| resolve(&doc, p))
                .filter(|p| p["in"] == "path")
                .map(|p| p["name"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(declared, names, "{method} {path}: path parameters");
            assert!(op["responses"].is_object(), "{method} {path}: responses");
        }
    }
}

#[test]
fn the_websocket_route_takes_token_and_topics() {
    let doc = document();
    let ws = &doc["paths"]["/api/events/{event}/ws"]["get"];
    let query: BTreeSet<&str> = ws["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| resolve(&doc, p))
        .filter(|p| p["in"] == "query")
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(query, BTreeSet::from(["token", "topics"]));
    let description = ws["description"].as_str().unwrap();
    for kind in [
        "summary",
        "seating",
        "standings",
        "me",
        "table",
        "error",
        "act",
        "call_clock",
        "watch",
    ] {
        assert!(
            description.contains(&format!("`{kind}`")),
            "the ws description names {kind}"
        );
    }
}

fn resolve<'a>(doc: &'a Value, value: &'a Value) -> &'a Value {
    match value.get("$ref").and_then(Value::as_str) {
        Some(target) => {
            let pointer = target.strip_prefix('#').expect("a local $ref");
            resolve(
                doc,
                doc.pointer(pointer)
                    .unwrap_or_else(|| panic!("no {target}")),
            )
        }
        None => value,
    }
}

fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if key == "$ref" {
                    out.push(v.as_str().expect("$ref is a string"));
                } else {
                    refs(v, out);
                }
            }
            if let Some(mapping) = map
                .get("discriminator")
                .and_then(|d| d.get("mapping"))
                .and_then(Value::as_object)
            {
                out.extend(mapping.values().filter_map(Value::as_str));
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves() {
    let doc = document();
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(found.len() > 50, "only {} references", found.len());
    for target in &found {
        let pointer = target.strip_prefix('#').expect("a local $ref");
        assert!(doc.pointer(pointer).is_some(), "$ref {target} resolves");
    }
    // Every schema is used, and the protocol's types are all there.
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for name in schemas.keys() {
        let target = format!("#/components/schemas/{name}");
        assert!(found.contains(&target.as_str()), "schema {name} is used");
    }
    for name in [
        "EventSummary",
        "ClockView",
        "Blinds",
        "PayoutLine",
        "Seating",
        "TableSeating",
        "SeatLine",
        "Standings",
        "Standing",
        "TableView",
        "SeatView",
        "HandView",
        "PotView",
        "SeatEquity",
        "Announcement",
        "You",
        "Legal",
        "HandHistory",
        "HistorySeat",
        "AuditLine",
        "Registered",
        "Template",
        "Me",
        "WhoAmI",
        "ApiError",
        "PlayerAction",
        "TdCommand",
        "ServerMessage",
        "ClientMessage",
    ] {
        assert!(schemas.contains_key(name), "schema {name}");
    }
    // Each refusal answer is an ApiError.
    for (name, response) in doc["components"]["responses"].as_object().unwrap() {
        assert_eq!(
            response["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/ApiError",
            "response {name}"
        );
    }
    assert_eq!(
        doc["components"]["securitySchemes"]["bearerAuth"],
        json!({
            "type": "http",
            "scheme": "bearer",
            "description": doc["components"]["securitySchemes"]["bearerAuth"]["description"],
        })
    );
}

/// Checks `value` against `schema`: `$ref`, `oneOf` (by the discriminator where there is one),
/// `const`, `enum`, `type` (a name or a list), `minimum`/`maximum`, an object's `required` and
/// declared `properties` (a property the schema does not declare is an error too: the
/// document mirrors the serde output exactly), and an array's `items`.
fn check(doc: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    if let Some(target) = schema.get("$ref").and_then(Value::as_str) {
        let pointer = target.strip_prefix('#').expect("a local $ref");
        let resolved = doc
            .pointer(pointer)
            .unwrap_or_else(|| panic!("no {target}"));
        return check(doc, resolved, value, at, errors);
    }
    if let Some(discriminator) = schema.get("discriminator") {
        let property = discriminator["propertyName"].as_str().unwrap();
        let tag = value.get(property).and_then(Value::as_str).unwrap_or("");
        match discriminator["mapping"].get(tag).and_then(Value::as_str) {
            Some(target) => check(doc, &json!({ "$ref": target }), value, at, errors),
            None => errors.push(format!(
                "{at}: {property} {tag:?} is not one of the mapping"
            )),
        }
        return;
    }
    if let Some(alternatives) = schema.get("oneOf").and_then(Value::as_array) {
        let results: Vec<Vec<String>> = alternatives
            .iter()
            .map(|alternative| {
                let mut e = Vec::new();
                check(doc, alternative, value, at, &mut e);
                e
            })
            .collect();
        let matching = results.iter().filter(|e| e.is_empty()).count();
        if matching != 1 {
            errors.push(format!(
                "{at}: {value} matches {matching} of oneOf, not one: {results:?}"
            ));
        }
    }
    if let Some(constant) = schema.get("const")
        && constant != value
    {
        errors.push(format!("{at}: {value} is not {constant}"));
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array)
        && !values.contains(value)
    {
        errors.push(format!("{at}: {value} is not one of {values:?}"));
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => panic!("{at}: a bad type {types}"),
        };
        let fits = |t: &str| match t {
            "null" => value.is_null(),
            "boolean" => value.is_boolean(),
            "integer" => value.is_u64() || value.is_i64(),
            "number" => value.is_number(),
            "string" => value.is_string(),
            "array" => value.is_array(),
            "object" => value.is_object(),
            other => panic!("{at}: an unknown type {other}"),
        };
        if !types.iter().any(|t| fits(t)) {
            errors.push(format!("{at}: {value} is not {types:?}"));
        }
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
            && n < min
        {
            errors.push(format!("{at}: {n} is below {min}"));
        }
        if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
            && n > max
        {
            errors.push(format!("{at}: {n} is above {max}"));
        }
    }
    if let Some(object) = value.as_object() {
        for name in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(name) {
                errors.push(format!("{at}: the required property {name} is missing"));
            }
        }
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            for (name, v) in object {
                match properties.get(name) {
                    Some(s) => check(doc, s, v, &format!("{at}.{name}"), errors),
                    None => errors.push(format!("{at}: the property {name} is not declared")),
                }
            }
        }
    }
    if let (Some(items), Some(values)) = (schema.get("items"), value.as_array()) {
        for (i, v) in values.iter().enumerate() {
            check(doc, items, v, &format!("{at}[{i}]"), errors);
        }
    }
}

/// Asserts that `value` fits the schema `#/components/schemas/{name}` (`name` may be
/// `[Name]` for an array of them).
fn fits(doc: &Value, name: &str, value: &Value) {
    let schema = match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(item) => {
            json!({ "type": "array", "items": { "$ref": format!("#/components/schemas/{item}") } })
        }
        None => json!({ "$ref": format!("#/components/schemas/{name}") }),
    };
    let mut errors = Vec::new();
    check(doc, &schema, value, name, &mut errors);
    assert!(
        errors.is_empty(),
        "{name} does not fit its schema:\n{}",
        errors.join("\n")
    );
}

/// The schema of the 200 answer of `method path` in the document, as a `fits` name.
fn answer_schema(doc: &Value, path: &str, method: &str) -> String {
    let schema =
        &doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"];
    let name = |s: &Value| {
        s["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .map(str::to_string)
    };
    name(schema)
        .or_else(|| name(&schema["items"]).map(|n| format!("[{n}]")))
        .unwrap_or_else(|| panic!("{method} {path}: no schema for 200"))
}

/// A request whose answer must be a 200 that fits the schema the document gives for it.
async fn documented(
    api: &Api,
    doc: &Value,
    method: Method,
    uri: &str,
    path: &str,
    secret: Option<&str>,
    body: Option<Value>,
) -> Value {
    let value = api.ok(method.clone(), uri, secret, body.as_ref()).await;
    let name = answer_schema(doc, path, &method.as_str().to_lowercase());
    fits(doc, &name, &value);
    value
}

#[tokio::test]
async fn real_answers_fit_their_schemas() {
    let doc = document();
    let mut api = Api::open();
    let td = api.td.clone();
    let td = Some(td.as_str());
    let d = &doc;

    documented(
        &api,
        d,
        Method::GET,
        "/api/templates",
        "/api/templates",
        None,
        None,
    )
    .await;
    let toml = api.template("turbo").await;
    documented(
        &api,
        d,
        Method::POST,
        "/api/events",
        "/api/events",
        td,
        Some(json!({ "toml": toml, "seed": 1 })),
    )
    .await;
    let register = "/api/events/{event}/register";
    let mut bots = Vec::new();
    for name in ["Ada", "Bea", "Cy"] {
        let registered = documented(
            &api,
            d,
            Method::POST,
            "/api/events/0/register",
            register,
            td,
            Some(json!({ "name": name, "bot": true })),
        )
        .await;
        bots.push(registered["token"].as_str().unwrap().to_string());
    }
    let person = documented(
        &api,
        d,
        Method::POST,
        "/api/events/0/register",
        register,
        None,
        Some(json!({ "name": "Dee" })),
    )
    .await;
    let token = person["token"].as_str().unwrap().to_string();
    for secret in [None, td, Some(token.as_str()), Some(bots[0].as_str())] {
        documented(
            &api,
            d,
            Method::GET,
            "/api/whoami",
            "/api/whoami",
            secret,
            None,
        )
        .await;
    }
    documented(
        &api,
        d,
        Method::POST,
        "/api/events/0/start",
        "/api/events/{event}/start",
        td,
        None,
    )
    .await;
    let mut pushed = api.connect(0, &token);

    // Play until a hand has finished, checking the views on the way; the person plays along.
    let mut views = 0;
    let mut finished = false;
    for _ in 0..200 {
        api.drive();
        let table = documented(
            &api,
            d,
            Method::GET,
            "/api/events/0/tables/1",
            "/api/events/{event}/tables/{table}",
            None,
            None,
        )
        .await;
        let me = documented(
            &api,
            d,
            Method::GET,
            "/api/events/0/me",
            "/api/events/{event}/me",
            Some(&token),
            None,
        )
        .await;
        views += 1;
        let legal = &me["table"]["you"]["legal"];
        if legal.is_object() {
            let action = if legal["check"] == true {
                "check"
            } else {
                "call"
            };
            documented(
                &api,
                d,
                Method::POST,
                "/api/events/0/act",
                "/api/events/{event}/act",
                Some(&token),
                Some(json!({ "hand": legal["hand"], "action": { "type": action } })),
            )
            .await;
        }
        if table["history"].as_array().is_some_and(|h| !h.is_empty()) {
            finished = true;
            break;
        }
    }
    assert!(finished, "no hand finished in {views} rounds");
    for bot in &bots {
        documented(
            &api,
            d,
            Method::GET,
            "/api/events/0/me",
            "/api/events/{event}/me",
            Some(bot),
            None,
        )
        .await;
    }
    for (uri, path) in [
        ("/api/events", "/api/events"),
        ("/api/events/0", "/api/events/{event}"),
        ("/api/events/0/seating", "/api/events/{event}/seating"),
        ("/api/events/0/standings", "/api/events/{event}/standings"),
        (
            "/api/events/0/tables/1",
            "/api/events/{event}/tables/{table}",
        ),
    ] {
        documented(&api, d, Method::GET, uri, path, None, None).await;
    }
    let audit = documented(
        &api,
        d,
        Method::GET,
        "/api/events/0/audit",
        "/api/events/{event}/audit",
        td,
        None,
    )
    .await;
    assert!(audit.as_array().is_some_and(|a| a.len() >= 5), "{audit}");
    let console = "/api/events/{event}/td";
    for command in [
        json!({ "type": "pause" }),
        json!({ "type": "set_clock", "remaining_ms": 60_000 }),
        json!({ "type": "warn", "player": 3, "reason": "slow play" }),
        json!({ "type": "resume" }),
    ] {
        documented(
            &api,
            d,
            Method::POST,
            "/api/events/0/td",
            console,
            td,
            Some(command),
        )
        .await;
    }

    // The refusals fit ApiError, and the document lists their statuses.
    let refusals = [
        (
            Method::GET,
            "/api/events/9",
            "/api/events/{event}",
            None,
            None,
            "404",
        ),
        (
            Method::GET,
            "/api/events/x/seating",
            "/api/events/{event}/seating",
            None,
            None,
            "400",
        ),
        (
            Method::POST,
            "/api/events/0/start",
            "/api/events/{event}/start",
            None,
            None,
            "401",
        ),
        (
            Method::POST,
            "/api/events/0/start",
            "/api/events/{event}/start",
            td,
            None,
            "409",
        ),
        (
            Method::POST,
            "/api/events/0/register",
            register,
            None,
            Some("{\"name\":\"E\",\"bot\":true}"),
            "403",
        ),
        (
            Method::POST,
            "/api/events/0/act",
            "/api/events/{event}/act",
            Some(token.as_str()),
            Some("{"),
            "400",
        ),
    ];
    for (method, uri, path, secret, body, status) in refusals {
        let reply = api.send(method.clone(), uri, secret, body).await;
        assert_eq!(
            reply.status.as_str(),
            status,
            "{method} {uri}: {}",
            reply.body
        );
        fits(d, "ApiError", &reply.body);
        let documented = &doc["paths"][path][method.as_str().to_lowercase()]["responses"][status];
        assert!(documented.is_object(), "{method} {path} documents {status}");
    }

    // What the WebSocket pushed fits ServerMessage.
    let mut messages = 0;
    while let Ok(text) = pushed.try_recv() {
        let message: Value = serde_json::from_str(&text).expect("a pushed message is JSON");
        fits(d, "ServerMessage", &message);
        messages += 1;
    }
    api.app.hub().flush(server::app::now_ms());
    while let Ok(text) = pushed.try_recv() {
        let message: Value = serde_json::from_str(&text).expect("a pushed message is JSON");
        fits(d, "ServerMessage", &message);
        messages += 1;
    }
    assert!(messages >= 3, "only {messages} messages pushed");
}

#[test]
fn client_messages_fit_their_schemas() {
    let doc = document();
    for message in [
        protocol::ClientMessage::Act {
            hand: 3,
            action: protocol::PlayerAction::BetOrRaise { to: 400 },
        },
        protocol::ClientMessage::Act {
            hand: 3,
            action: protocol::PlayerAction::Fold,
        },
        protocol::ClientMessage::CallClock { hand: 3 },
        protocol::ClientMessage::Watch { table: 1 },
    ] {
        fits(
            &doc,
            "ClientMessage",
            &serde_json::to_value(&message).unwrap(),
        );
    }
    let td = [
        protocol::TdCommand::Pause,
        protocol::TdCommand::Resume,
        protocol::TdCommand::SetClock { remaining_ms: 1 },
        protocol::TdCommand::Move {
            player: 1,
            table: 2,
            seat: 3,
        },
        protocol::TdCommand::Rebuy { player: 1 },
        protocol::TdCommand::AddOn { player: 1 },
        protocol::TdCommand::ReEnter { player: 1 },
        protocol::TdCommand::Warn {
            player: 1,
            reason: "r".into(),
        },
        protocol::TdCommand::MissRounds {
            player: 1,
            rounds: 2,
        },
        protocol::TdCommand::TimePenalty {
            player: 1,
            minutes: 2,
        },
        protocol::TdCommand::Disqualify {
            player: 1,
            reason: "r".into(),
        },
        protocol::TdCommand::Undo,
    ];
    let mapping = doc["components"]["schemas"]["TdCommand"]["discriminator"]["mapping"]
        .as_object()
        .unwrap();
    assert_eq!(mapping.len(), td.len(), "every TdCommand is documented");
    for command in td {
        fits(&doc, "TdCommand", &serde_json::to_value(&command).unwrap());
    }
    for action in [
        protocol::PlayerAction::Fold,
        protocol::PlayerAction::Check,
        protocol::PlayerAction::Call,
        protocol::PlayerAction::BetOrRaise { to: 10 },
    ] {
        fits(&doc, "PlayerAction", &serde_json::to_value(action).unwrap());
    }
}
