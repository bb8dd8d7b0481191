//! A standby node's listener (issue 37 item 1): every connection a client opens to it, page,
//! API request or WebSocket alike, is piped byte for byte to the node that serves the room, at
//! the address its lease names. A client may so connect to any node; when the serving node
//! dies its piped connections close, the pages reconnect and reach the node that took over.
//! Bytes are piped rather than requests proxied: a WebSocket needs nothing more, and the
//! serving node applies its own limits and checks to what arrives. With `Pipes::proxy_header`
//! each pipe opens with the PROXY protocol's header naming the client, so that the serving node
//! (which trusts this node's address) counts the client, not the standby, against its caps.

use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, oneshot, watch};

/// Where connections go: the serving node's address, once known; None drops them. A pipe
/// ends when it changes: its far end is no longer the serving node.
#[derive(Clone)]
pub struct Target(Arc<watch::Sender<Option<String>>>);

impl Default for Target {
    fn default() -> Target {
        Target(Arc::new(watch::channel(None).0))
    }
}

impl Target {
    pub fn set(&self, address: Option<String>) {
        self.0.send_if_modified(|now| {
            let changed = *now != address;
            *now = address;
            changed
        });
    }
}

/// How a standby pipes: `most` connections at once (one more is closed at once), each opened
/// with a PROXY protocol header (version 1) naming the client when `proxy_header`.
#[derive(Clone, Copy, Debug)]
pub struct Pipes {
    pub most: usize,
    pub proxy_header: bool,
}

/// The forwarding thread; stopped (and waited for) when dropped, so that the listener is the
/// node's own again and nothing accepted later goes to a node that no longer serves.
pub struct Forwarding {
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Forwarding {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Forwards connections from `listener` (a clone of the node's own, which it keeps for when it
/// serves) to `target` on a thread of its own, as `pipes` says, until the returned handle is
/// dropped: then the clone is closed and the connections still piped end with it.
pub fn start(
    listener: &std::net::TcpListener,
    target: Target,
    pipes: Pipes,
) -> anyhow::Result<Forwarding> {
    let listener = listener.try_clone()?;
    listener.set_nonblocking(true)?;
    let (stop, stopped) = oneshot::channel::<()>();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let thread = std::thread::Builder::new()
        .name("croupier-forward".into())
        .spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = TcpListener::from_std(listener) else {
                    return;
                };
                tokio::select! {
                    _ = stopped => {}
                    () = accept(listener, target, pipes) => {}
                }
            });
        })?;
    Ok(Forwarding {
        stop: Some(stop),
        thread: Some(thread),
    })
}

async fn accept(listener: TcpListener, target: Target, pipes: Pipes) {
    let open = Arc::new(Semaphore::new(pipes.most.max(1)));
    loop {
        let Ok((client, peer)) = listener.accept().await else {
            // Out of files for a moment: the client is refused, later ones are taken.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let mut moved = target.0.subscribe();
        let address = moved.borrow_and_update().clone();
        let (Some(address), Ok(permit)) = (address, open.clone().try_acquire_owned()) else {
            continue;
        };
        // The client, and the address it reached this node at.
        let header = pipes
            .proxy_header
            .then(|| client.local_addr().ok())
            .flatten()
            .map(|here| ppp::v1::Addresses::from((peer, here)).to_string());
        tokio::spawn(async move {
            tokio::select! {
                () = pipe(client, address, header) => {}
                // The serving node changed: this one's clients go to the new one.
                _ = moved.changed() => {}
            }
            drop(permit);
        });
    }
}

/// How long reaching the serving node may take: a machine gone without a word (its packets
/// dropped) is given up on long before TCP would.
const CONNECT_LIMIT: Duration = Duration::from_secs(3);

/// One connection, both ways until either side closes; a serving node that cannot be reached
/// closes the client's (it tries again, as when the serving node itself is gone).
async fn pipe(mut client: TcpStream, address: String, header: Option<String>) {
    let connect = tokio::time::timeout(CONNECT_LIMIT, TcpStream::connect(&address));
    let Ok(Ok(mut serving)) = connect.await else {
        return;
    };
    if let Some(header) = header
        && tokio::io::AsyncWriteExt::write_all(&mut serving, header.as_bytes())
            .await
            .is_err()
    {
        return;
    }
    for s in [&client, &serving] {
        let _ = s.set_nodelay(true);
        // A serving machine gone silent is noticed within half a minute, not TCP's quarter
        // of an hour: the pipe ends and the client reconnects.
        let alive = socket2::TcpKeepalive::new()
            .with_time(Duration::from_secs(10))
            .with_interval(Duration::from_secs(5))
            .with_retries(3);
        let _ = socket2::SockRef::from(s).set_tcp_keepalive(&alive);
    }
    let _ = tokio::io::copy_bidirectional(&mut client, &mut serving).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    /// A server that echoes one connection's bytes back.
    fn echo() -> String {
        let server = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = server.local_addr().expect("its address").to_string();
        std::thread::spawn(move || {
            for mut c in server.incoming().map_while(Result::ok) {
                std::thread::spawn(move || {
                    let mut buf = [0u8; 64];
                    while let Ok(n @ 1..) = c.read(&mut buf) {
                        let _ = c.write_all(&buf[..n]);
                    }
                });
            }
        });
        address
    }

    fn forwarder(target: &Target, most: usize) -> (String, Forwarding) {
        forwarder_with(target, most, false)
    }

    fn forwarder_with(target: &Target, most: usize, proxy_header: bool) -> (String, Forwarding) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = listener.local_addr().expect("its address").to_string();
        let pipes = Pipes { most, proxy_header };
        let stop = start(&listener, target.clone(), pipes).expect("forwarding");
        (address, stop)
    }

    /// Whether a client of `address` gets its bytes back through the forwarder.
    fn echoed(address: &str) -> Option<std::net::TcpStream> {
        let mut c = std::net::TcpStream::connect(address).ok()?;
        c.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
        c.write_all(b"raise").ok()?;
        let mut buf = [0u8; 5];
        c.read_exact(&mut buf).ok()?;
        (&buf == b"raise").then_some(c)
    }

    // Issue 37 item 1: a standby's client reaches the serving node through it.
    #[test]
    fn a_connection_is_piped_both_ways_to_the_serving_node() {
        let target = Target::default();
        target.set(Some(echo()));
        let (address, _stop) = forwarder(&target, 8);
        assert!(echoed(&address).is_some());
    }

    // With the header, the serving node reads first who the client is (its address and port)
    // and at which of this node's addresses it came in; then the client's bytes.
    #[test]
    fn a_pipe_opens_with_the_clients_address_when_asked() {
        let target = Target::default();
        target.set(Some(echo()));
        let (address, _stop) = forwarder_with(&target, 8, true);
        let mut c = std::net::TcpStream::connect(&address).expect("connected");
        let client = c.local_addr().expect("the client's address");
        c.set_read_timeout(Some(Duration::from_secs(5)))
            .expect("a timeout");
        c.write_all(b"raise").expect("written");
        let here: std::net::SocketAddr = address.parse().expect("an address");
        let expected = format!(
            "PROXY TCP4 {} {} {} {}\r\nraise",
            client.ip(),
            here.ip(),
            client.port(),
            here.port()
        );
        let mut buf = vec![0u8; expected.len()];
        c.read_exact(&mut buf).expect("echoed");
        assert_eq!(String::from_utf8_lossy(&buf), expected);
    }

    // Another node took the room over: a connection piped to the one before ends, and its
    // client reconnects.
    #[test]
    fn a_pipe_ends_when_the_serving_node_changes() {
        let target = Target::default();
        target.set(Some(echo()));
        let (address, _stop) = forwarder(&target, 8);
        let mut piped = echoed(&address).expect("piped");
        target.set(Some(echo()));
        let mut buf = [0u8; 1];
        assert!(matches!(piped.read(&mut buf), Ok(0) | Err(_)), "closed");
        assert!(echoed(&address).is_some(), "a new one reaches the new node");
    }

    // No serving node known (or only this node's own address): the client's connection is
    // closed, and it tries another node.
    #[test]
    fn without_a_serving_node_a_connection_is_closed() {
        let (address, _stop) = forwarder(&Target::default(), 8);
        assert!(echoed(&address).is_none());
    }

    // At most `most` connections are piped at once: one more is closed, and taken again once
    // one of them ended.
    #[test]
    fn no_more_connections_are_piped_than_allowed() {
        let target = Target::default();
        target.set(Some(echo()));
        let (address, _stop) = forwarder(&target, 1);
        let first = echoed(&address).expect("the first");
        assert!(echoed(&address).is_none(), "a second beyond the cap");
        drop(first);
        let mut again = None;
        for _ in 0..50 {
            again = echoed(&address);
            if again.is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(again.is_some(), "taken again after the first ended");
    }
}
