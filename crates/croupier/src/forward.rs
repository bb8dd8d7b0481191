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

/// One connection, both ways until either side closes; a serving node that cannot be reached
/// closes the client's at once (it tries again, as when the serving node itself is gone).
async fn pipe(mut client: TcpStream, address: String) {
    let Ok(mut serving) = TcpStream::connect(&address).await else {
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = serving.set_nodelay(true);
    let _ = tokio::io::copy_bidirectional(&mut client, &mut serving).await;
}
