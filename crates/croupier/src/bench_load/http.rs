//! A plain HTTP/1.1 client for the few calls of the setup (one connection per request), and
//! the event's template.

use anyhow::{Context, Result, bail};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Level length in the edited template: a day, so that no level ends during a run.
const LEVEL_MINUTES: u32 = 1440;

/// Requests as the TD (the secret goes with each).
pub struct Http {
    pub addr: String,
    pub secret: String,
}

impl Http {
    pub async fn json<T: serde::de::DeserializeOwned>(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> Result<T> {
        let (status, text) = self.request(method, path, body).await?;
        if !(200..300).contains(&status) {
            bail!("{method} {path}: HTTP {status}: {text}");
        }
        serde_json::from_str(&text).with_context(|| format!("{method} {path}: the answer"))
    }

    async fn request(&self, method: &str, path: &str, body: Option<&str>) -> Result<(u16, String)> {
        let mut stream = TcpStream::connect(&self.addr)
            .await
            .with_context(|| format!("connecting to {}", self.addr))?;
        let body = body.unwrap_or("");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.addr,
            self.secret,
            body.len()
        );
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await?;
        parse_response(&raw).with_context(|| format!("{method} {path}: the answer"))
    }
}

/// Status and body of an HTTP/1.1 response read to its end (`Connection: close`).
pub fn parse_response(raw: &[u8]) -> Result<(u16, String)> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .context("no end of headers")?;
    let head = std::str::from_utf8(&raw[..split]).context("headers not UTF-8")?;
    let mut body = raw[split + 4..].to_vec();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .context("no status line")?;
    let chunked = lines.any(|l| {
        l.split_once(':').is_some_and(|(k, v)| {
            k.trim().eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked")
        })
    });
    if chunked {
        body = dechunk(&body)?;
    }
    Ok((status, String::from_utf8(body).context("body not UTF-8")?))
}

fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .context("a chunk without its size")?;
        let size_text = std::str::from_utf8(&rest[..line_end])?;
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .context("a chunk size")?;
        rest = &rest[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(rest.get(..size).context("a short chunk")?);
        rest = rest.get(size + 2..).context("a chunk without its end")?;
    }
}

/// The deepstack template with tables of `table_size` and levels a day long; the rest as shipped.
pub fn edit_template(toml: &str, table_size: u32) -> Result<String> {
    let mut out = String::with_capacity(toml.len() + 64);
    let mut section = "";
    let (mut sized, mut levels) = (false, 0);
    for line in toml.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            section = t;
        }
        let key = t.split_once('=').map(|(k, _)| k.trim());
        if section.is_empty() && key == Some("table_size") {
            out.push_str(&format!("table_size = {table_size}\n"));
            sized = true;
        } else if section == "[[levels]]" && key == Some("minutes") {
            out.push_str(&format!("minutes = {LEVEL_MINUTES}\n"));
            levels += 1;
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    if !sized || levels == 0 {
        bail!("the deepstack template has no table_size or no levels to edit");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_the_template() {
        let text = "name = \"x\"\ntable_size = 9\n[registration]\nminutes = 3\n\
                    [[levels]]\nsmall_blind = 1\nminutes = 40\n[[breaks]]\nminutes = 15\n";
        let edited = edit_template(text, 10).unwrap();
        assert!(edited.contains("table_size = 10\n"));
        assert!(edited.contains("[[levels]]\nsmall_blind = 1\nminutes = 1440\n"));
        assert!(edited.contains("[registration]\nminutes = 3\n"));
        assert!(edited.contains("[[breaks]]\nminutes = 15\n"));
        assert!(edit_template("name = \"x\"\n", 10).is_err());
        let shipped = tournament::config::TEMPLATES
            .iter()
            .find(|(n, _)| *n == "deepstack")
            .unwrap()
            .1;
        let config = tournament::EventConfig::from_toml(&edit_template(shipped, 10).unwrap());
        assert!(config.is_ok(), "{config:?}");
    }

    #[test]
    fn reads_responses() {
        let plain = b"HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(parse_response(plain).unwrap(), (201, "{}".into()));
        let chunked =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        assert_eq!(parse_response(chunked).unwrap(), (200, "abcde".into()));
    }
}
