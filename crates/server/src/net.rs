//! How connections are served: an accept loop with a cap on connections in total and per
//! address (the client's a trusted proxy names, `proxied`), a deadline for a request's head
//! (which also closes idle keep-alive connections), and the limits the WebSocket and the pushes
//! keep to.

use crate::app::App;
use crate::proxied;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

impl App {
    /// Serves the router on a bound listener until the process ends (see `net`).
    pub async fn serve(self, listener: TcpListener) -> std::io::Result<()> {
        serve(self, listener, std::future::pending()).await
    }

    /// Serves until `stop` completes, then shuts down gracefully: no new connection is taken,
    /// what is being answered is answered (each command once the writer has written it),
    /// WebSockets close with 1001 "going away", and the log is flushed (see `net`).
    pub async fn serve_until(
        self,
        listener: TcpListener,
        stop: impl Future<Output = ()>,
    ) -> std::io::Result<()> {
        serve(self, listener, stop).await
    }
}

/// Connections open, in total and per address.
#[derive(Debug, Default)]
pub struct Counts {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

/// One open connection, counted until dropped; it goes with a WebSocket's socket when the
/// connection is upgraded, so a WebSocket counts for as long as it is open.
#[derive(Debug)]
struct Counted {
    stream: TcpStream,
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut counts = lock(&self.counts);
        counts.total = counts.total.saturating_sub(1);
        if let Some(n) = counts.per_address.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.per_address.remove(&self.ip);
            }
        }
    }
}

fn lock(counts: &Mutex<Counts>) -> std::sync::MutexGuard<'_, Counts> {
    counts
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Serves the app on a bound listener until `stop` completes, then shuts down gracefully (see
/// `shut_down`).
pub async fn serve(
    app: App,
    listener: TcpListener,
    stop: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let listen = listener.local_addr()?;
    let limits = app.limits().clone();
    let router = app.router_at(Some(listen));
    let counts = Arc::new(Mutex::new(Counts::default()));
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            // Out of file descriptors or a connection reset before it was taken: wait a little
            // for others to close rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let door = Door {
            app: app.clone(),
            router: router.clone(),
            counts: counts.clone(),
        };
        if limits.trusted_proxies.contains(&peer.ip().to_canonical()) {
            // The header first, off the accept loop: then the client it names is counted.
            tokio::spawn(async move {
                let mut stream = stream;
                let read = proxied::read_header(&mut stream);
                let peer = match tokio::time::timeout(proxied::HEADER_TIME, read).await {
                    Ok(Ok(proxied::Opened::Client(client))) => client,
                    Ok(Ok(proxied::Opened::Proxy)) => peer,
                    Ok(Err(_)) | Err(_) => return,
                };
                door.enter(stream, peer);
            });
        } else {
            door.enter(stream, peer);
        }
    }
    drop(listener);
    shut_down(&app, &counts).await;
    Ok(())
}

/// What a connection is let in by: counted against the caps, then served.
struct Door {
    app: App,
    router: axum::Router,
    counts: Arc<Mutex<Counts>>,
}

impl Door {
    /// Counts the connection from `peer` (the client's address) against the caps, and serves
    /// it, or answers that it is over one and closes it.
    fn enter(self, stream: TcpStream, peer: SocketAddr) {
        let Door {
            app,
            router,
            counts,
        } = self;
        let limits = app.limits();
        let ip = crate::limit::client(peer.ip());
        let over = {
            let mut c = lock(&counts);
            let from_here = c.per_address.get(&ip).copied().unwrap_or(0);
            if limits.max_per_address > 0 && from_here >= limits.max_per_address {
                Some(Over::Address)
            // A full server closes an anonymous watcher for the newcomer, who may be the TD
            // or a tablet; it counts at once, the watcher's slot is given back as it closes.
            } else if c.total >= limits.max_connections && !app.slots().make_room() {
                Some(Over::Total)
            } else {
                c.total += 1;
                *c.per_address.entry(ip).or_insert(0) += 1;
                None
            }
        };
        if let Some(over) = over {
            tokio::spawn(refuse(stream, over));
            return;
        }
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Counted {
            stream,
            counts: counts.clone(),
            ip,
        });
        let service = hyper_util::service::TowerToHyperService::new(
            router.layer(axum::Extension(axum::extract::ConnectInfo(peer))),
        );
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(io, service)
                .with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                () = app.going_away() => {}
            }
            // The request being answered is answered; an idle keep-alive closes at once.
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
}

/// A graceful shutdown: no new connection is taken (the listener is closed), every connection
/// finishes the request it is answering and closes, WebSockets with 1001 "going away"; once
/// they are closed, or after the longest a request may take, the log's queue is written out.
async fn shut_down(app: &App, counts: &Mutex<Counts>) {
    app.go_away();
    let limits = app.limits();
    let drain = limits.request_timeout + limits.write_timeout;
    let closed = async {
        while lock(counts).total > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let _ = tokio::time::timeout(drain, closed).await;
    app.hub().flush_log().await;
}

/// Which cap a connection is over.
#[derive(Clone, Copy, Debug)]
enum Over {
    Total,
    Address,
}

/// The whole answer to a connection over a cap: a JSON `ApiError`.
fn refusal(over: Over) -> String {
    let (status, reason, message, key) = match over {
        Over::Total => (
            503,
            "Service Unavailable",
            "the server has all the connections it takes",
            "code_server_full",
        ),
        Over::Address => (
            429,
            "Too Many Requests",
            "this address has all the connections it may open",
            "code_address_full",
        ),
    };
    let error = protocol::ApiError {
        status,
        code: "too_many_connections".into(),
        message: message.into(),
        rule: None,
        key: Some(key.into()),
        args: Some(Default::default()),
    };
    let body = serde_json::to_string(&error).unwrap_or_default();
    format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\nretry-after: 5\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Answers a connection over a cap and closes it, without reading its request.
async fn refuse(mut stream: TcpStream, over: Over) {
    let answer = refusal(over);
    let write = async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
}

#[cfg(test)]
mod tests {
    use super::{Over, refusal};

    #[test]
    fn the_refusals_declare_their_body_length() {
        for over in [Over::Total, Over::Address] {
            let answer = refusal(over);
            let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
            let length = format!("content-length: {}\r\n", body.len());
            assert!(format!("{head}\r\n").contains(&length), "{head}");
            serde_json::from_str::<protocol::ApiError>(body).expect("an ApiError");
        }
    }
}
