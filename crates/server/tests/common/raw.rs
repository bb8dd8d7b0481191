//! Raw TCP for the tests of the server's limits: requests written byte by byte as an attacker
//! would, and how long the server keeps a connection open.

use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// An answer: the status, the head (lower case) and the body as text.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.head, self.body))
    }
}

pub async fn connect(addr: &str) -> TcpStream {
    TcpStream::connect(addr).await.expect("connected")
}

/// Writes `request` (the whole text, `Connection: close` expected) and reads the answer to its
/// end, within 5 s.
pub async fn send(addr: &str, request: &str) -> Answer {
    let mut stream = connect(addr).await;
    stream.write_all(request.as_bytes()).await.expect("written");
    let mut bytes = Vec::new();
    let read = stream.read_to_end(&mut bytes);
    tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .expect("answered within 5 s")
        .expect("read");
    parse(&bytes)
}

pub fn parse(bytes: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(bytes);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Answer {
        status,
        head: head.to_ascii_lowercase(),
        body: body.to_string(),
    }
}

/// A GET with `Connection: close` and these extra header lines.
pub async fn get(addr: &str, path: &str, host: &str, extra: &str) -> Answer {
    send(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Connection: close\r\n\r\n"),
    )
    .await
}

/// Reads and drops what the server sends until it closes the connection; how long that took,
/// or None if it was still open after `limit`.
pub async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = vec![0; 64 * 1024];
    let drain = async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(limit, drain)
        .await
        .ok()
        .map(|()| start.elapsed())
}

/// A WebSocket handshake on a raw stream; the status of the answer (101 when upgraded) and the
/// stream, positioned after the answer's head.
pub async fn ws_handshake(addr: &str, path: &str, extra: &str) -> (u16, TcpStream) {
    handshake_on(connect(addr).await, addr, path, extra).await
}

async fn handshake_on(
    mut stream: TcpStream,
    addr: &str,
    path: &str,
    extra: &str,
) -> (u16, TcpStream) {
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("written");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut byte))
            .await
            .expect("a handshake answer within 5 s")
            .expect("read");
        if n == 0 {
            break;
        }
        head.push(byte[0]);
    }
    (parse(&head).status, stream)
}

/// The head of a client's frame (masked, with a zero mask key): `fin`, the opcode (1 text, 0
/// continuation) and the payload length that follows.
pub fn frame_head(fin: bool, opcode: u8, len: u64) -> Vec<u8> {
    let mut head = vec![if fin { 0x80 } else { 0 } | opcode];
    match len {
        0..=125 => head.push(0x80 | len as u8),
        126..=0xffff => {
            head.push(0x80 | 126);
            head.extend_from_slice(&(len as u16).to_be_bytes());
        }
        _ => {
            head.push(0x80 | 127);
            head.extend_from_slice(&len.to_be_bytes());
        }
    }
    head.extend_from_slice(&[0, 0, 0, 0]);
    head
}

/// The resident memory of this process (the server runs in it), in bytes.
pub fn rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// A connection from `source` (another loopback address, `127.0.0.N`): each is a client of
/// its own to the server.
pub async fn connect_from(source: &str, addr: &str) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket
        .bind(format!("{source}:0").parse().expect("an address"))
        .expect("bound to the source");
    socket
        .connect(addr.parse().expect("the server's address"))
        .await
        .expect("connected")
}

/// `ws_handshake` from `source`.
pub async fn ws_handshake_from(
    source: &str,
    addr: &str,
    path: &str,
    extra: &str,
) -> (u16, TcpStream) {
    let stream = connect_from(source, addr).await;
    handshake_on(stream, addr, path, extra).await
}
