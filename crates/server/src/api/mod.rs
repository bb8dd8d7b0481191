//! The HTTP JSON API and the WebSocket: the router (`http`), the extractors and checks every
//! request passes (`extract`, `guard`), one module per page's routes, and the web UI's files.

mod assets;
pub mod cash_tablet;
pub mod changes;
mod export;
pub mod extract;
pub mod floor;
pub mod floor_stream;
pub mod guard;
mod history;
pub mod http;
pub mod ring;
pub mod ring_stream;
mod tablet;
pub mod ws;

use crate::app::App;
use std::sync::Arc;

impl App {
    /// The router in-process, where no `Host` is checked (tests).
    pub fn router(&self) -> axum::Router {
        self.router_at(None)
    }

    /// The router: the API, the WebSocket and the web UI, behind the checks of every request
    /// (`guard`); `listen` is the address served, for the `Host` check.
    pub fn router_at(&self, listen: Option<std::net::SocketAddr>) -> axum::Router {
        use axum::middleware::from_fn;
        let limits = self.limits();
        let hosts = Arc::new(guard::Hosts::new(listen, &limits.public_origins));
        let timeout = limits.request_timeout;
        http::routes()
            .merge(assets::routes())
            .with_state(self.clone())
            .layer(axum::extract::DefaultBodyLimit::max(guard::BODY_LIMIT))
            .layer(from_fn(move |r, n| guard::deadline(timeout, r, n)))
            .layer(from_fn(move |r, n| guard::check_host(hosts.clone(), r, n)))
            .layer(from_fn(guard::harden))
    }
}
