//! The PROXY protocol's first line (version 1, HAProxy's text header) on a connection from a
//! trusted proxy: another node piping a client's connection, or a reverse proxy that speaks it.
//! The client's own address then counts for the caps per address, not the proxy's. Parsed by
//! the `ppp` crate; read here without taking a byte that is not the header's (peeked first),
//! so that a connection from a trusted address that does not open with one is served as it is.

use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;

/// A header is at most 107 bytes (the protocol's own bound).
const MAX_HEADER: usize = 107;

/// How long a trusted proxy may take to send the header.
pub const HEADER_TIME: Duration = Duration::from_secs(5);

/// What opened a connection from a trusted proxy.
#[derive(Debug, PartialEq, Eq)]
pub enum Opened {
    /// A header naming the client.
    Client(SocketAddr),
    /// A header that names no client (`PROXY UNKNOWN`, a health check), or none at all.
    Proxy,
}

/// Reads the PROXY header `stream` opens with, if it opens with one; a header that is not one
/// the protocol allows is an error (the connection is closed unanswered).
pub async fn read_header(stream: &mut TcpStream) -> std::io::Result<Opened> {
    let mut buf = [0u8; MAX_HEADER + 1];
    let len = loop {
        let n = stream.peek(&mut buf).await?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let seen = &buf[..n];
        let prefix = ppp::v1::PROTOCOL_PREFIX.as_bytes();
        if !prefix.starts_with(&seen[..n.min(prefix.len())]) {
            return Ok(Opened::Proxy);
        }
        if let Some(end) = seen.windows(2).position(|w| w == b"\r\n") {
            break end + 2;
        }
        if n > MAX_HEADER {
            return Err(invalid("a PROXY header longer than 107 bytes"));
        }
        // Only part of it has come: wait for the rest rather than peek in a loop.
        tokio::time::sleep(Duration::from_millis(2)).await;
    };
    let header = ppp::v1::Header::try_from(&buf[..len])
        .map_err(|e| invalid(&format!("a malformed PROXY header: {e}")))?;
    let client = match header.addresses {
        ppp::v1::Addresses::Tcp4(a) => Some(SocketAddr::from((a.source_address, a.source_port))),
        ppp::v1::Addresses::Tcp6(a) => Some(SocketAddr::from((a.source_address, a.source_port))),
        ppp::v1::Addresses::Unknown => None,
    };
    let mut taken = [0u8; MAX_HEADER + 1];
    stream.read_exact(&mut taken[..len]).await?;
    Ok(client.map_or(Opened::Proxy, Opened::Client))
}

fn invalid(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string())
}

#[cfg(test)]
mod tests {
    use super::{Opened, read_header};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    /// What the server side reads of a connection that sends `chunks` (a pause between them),
    /// and the bytes left for HTTP after it.
    async fn opened(chunks: &[&[u8]]) -> (std::io::Result<Opened>, Vec<u8>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bound");
        let addr = listener.local_addr().expect("its address");
        let chunks: Vec<Vec<u8>> = chunks.iter().map(|c| c.to_vec()).collect();
        let client = tokio::spawn(async move {
            let mut c = TcpStream::connect(addr).await.expect("connected");
            for chunk in chunks {
                c.write_all(&chunk).await.expect("written");
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        });
        let (mut stream, _) = listener.accept().await.expect("accepted");
        let read = read_header(&mut stream).await;
        client.await.expect("the client");
        let mut rest = Vec::new();
        if read.is_ok() {
            stream.read_to_end(&mut rest).await.expect("the rest");
        }
        (read, rest)
    }

    #[tokio::test]
    async fn a_header_names_the_client_and_leaves_the_request() {
        let (read, rest) =
            opened(&[b"PROXY TCP4 203.0.113.7 10.0.0.2 51000 8080\r\nGET / HTTP/1.1\r\n"]).await;
        assert_eq!(
            read.expect("read"),
            Opened::Client("203.0.113.7:51000".parse().expect("an address"))
        );
        assert_eq!(rest, b"GET / HTTP/1.1\r\n");
        // In two parts, and over IPv6.
        let (read, _) = opened(&[b"PROXY TCP6 2001:db8::1 ", b"2001:db8::2 4000 443\r\n"]).await;
        assert_eq!(
            read.expect("read"),
            Opened::Client("[2001:db8::1]:4000".parse().expect("an address"))
        );
    }

    #[tokio::test]
    async fn a_connection_without_one_is_served_as_it_is() {
        let (read, rest) = opened(&[b"GET /api HTTP/1.1\r\n"]).await;
        assert_eq!(read.expect("read"), Opened::Proxy);
        assert_eq!(rest, b"GET /api HTTP/1.1\r\n");
        let (read, rest) = opened(&[b"PROXY UNKNOWN\r\nGET / HTTP/1.1\r\n"]).await;
        assert_eq!(read.expect("read"), Opened::Proxy);
        assert_eq!(rest, b"GET / HTTP/1.1\r\n");
    }

    #[tokio::test]
    async fn a_malformed_header_is_refused() {
        let (read, _) = opened(&[b"PROXY TCP4 not-an-address 10.0.0.2 1 2\r\n"]).await;
        assert!(read.is_err());
        let (read, _) = opened(&[b"PROXY ", &[b'x'; 120]]).await;
        assert!(read.is_err());
    }
}
