//! A standby node's listener (issue 37 item 1): every connection a client opens to it, page,
//! API request or WebSocket alike, is piped byte for byte to the node that serves the room, at
//! the address its lease names. A client may so connect to any node; when the serving node
//! dies its piped connections close, the pages reconnect and reach the node that took over.
//! Bytes are piped rather than requests proxied: a WebSocket needs nothing more, and the
//! serving node applies its own limits and checks to what arrives.

use std::sync::{Arc, Mutex};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// Where connections go: the serving node's address, once known; None drops them.
#[derive(Clone, Default)]
pub struct Target(Arc<Mutex<Option<String>>>);

impl Target {
    pub fn set(&self, address: Option<String>) {
        if let Ok(mut t) = self.0.lock() {
            *t = address;
        }
    }

    fn get(&self) -> Option<String> {
        self.0.lock().ok().and_then(|t| t.clone())
    }
}

/// Forwards connections from `listener` (a clone of the node's own, which it keeps for when it
/// serves) to `target` on a thread of its own, `most` at once (one more is closed at once),
/// until the returned sender is dropped or sent to: then the clone is closed and the
/// connections still piped end with it.
pub fn start(
    listener: &std::net::TcpListener,
    target: Target,
    most: usize,
) -> anyhow::Result<tokio::sync::oneshot::Sender<()>> {
    let listener = listener.try_clone()?;
    listener.set_nonblocking(true)?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("croupier-forward".into())
        .spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = TcpListener::from_std(listener) else {
                    return;
                };
                tokio::select! {
                    _ = stopped => {}
                    () = accept(listener, target, most) => {}
                }
            });
        })?;
    Ok(stop)
}

async fn accept(listener: TcpListener, target: Target, most: usize) {
    let open = Arc::new(Semaphore::new(most.max(1)));
    loop {
        let Ok((client, _)) = listener.accept().await else {
            // Out of files for a moment: the client is refused, later ones are taken.
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        };
        let (Some(address), Ok(permit)) = (target.get(), open.clone().try_acquire_owned()) else {
            continue;
        };
        tokio::spawn(async move {
            pipe(client, address).await;
            drop(permit);
        });
    }
}

/// How long reaching the serving node may take: a machine gone without a word (its packets
/// dropped) is given up on long before TCP would.
const CONNECT_LIMIT: std::time::Duration = std::time::Duration::from_secs(3);

/// One connection, both ways until either side closes; a serving node that cannot be reached
/// closes the client's (it tries again, as when the serving node itself is gone).
async fn pipe(mut client: TcpStream, address: String) {
    let connect = tokio::time::timeout(CONNECT_LIMIT, TcpStream::connect(&address));
    let Ok(Ok(mut serving)) = connect.await else {
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = serving.set_nodelay(true);
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

    fn forwarder(target: &Target, most: usize) -> (String, tokio::sync::oneshot::Sender<()>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let address = listener.local_addr().expect("its address").to_string();
        let stop = start(&listener, target.clone(), most).expect("forwarding");
        (address, stop)
    }

    /// Whether a client of `address` gets its bytes back through the forwarder.
    fn echoed(address: &str) -> Option<std::net::TcpStream> {
        let mut c = std::net::TcpStream::connect(address).ok()?;
        c.set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .ok()?;
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
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(again.is_some(), "taken again after the first ended");
    }
}
