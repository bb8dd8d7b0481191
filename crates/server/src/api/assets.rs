//! The web UI, embedded at build time (`build.rs`): pages at `/`, `/td`, `/play`, `/clock`,
//! `/seating`, `/standings`, `/dealer`, `/print`, `/tablet`, `/ring`, `/cash` and `/desk`, their scripts and styles
//! under `/ui/`.

use crate::app::App;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

include!(concat!(env!("OUT_DIR"), "/ui.rs"));

const PAGES: [(&str, &str); 12] = [
    ("/", "index.html"),
    ("/td", "td.html"),
    ("/play", "play.html"),
    ("/clock", "clock.html"),
    ("/seating", "seating.html"),
    ("/standings", "standings.html"),
    ("/dealer", "dealer.html"),
    ("/print", "print.html"),
    ("/tablet", "tablet.html"),
    ("/ring", "ring.html"),
    ("/cash", "cash.html"),
    ("/desk", "desk.html"),
];

pub fn routes() -> axum::Router<App> {
    let mut router = axum::Router::new().route("/ui/{file}", get(file));
    for (path, name) in PAGES {
        router = router.route(path, get(move || async move { serve(name) }));
    }
    router
}

async fn file(Path(name): Path<String>) -> Response {
    serve(&name)
}

fn serve(name: &str) -> Response {
    match FILES.iter().find(|(n, _)| *n == name) {
        Some((_, text)) => ([(header::CONTENT_TYPE, mime(name))], *text).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

fn mime(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        _ => "text/plain; charset=utf-8",
    }
}
