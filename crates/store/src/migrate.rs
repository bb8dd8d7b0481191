//! Version 1 to 2: a version 1 log holds each player's token in the clear in its `register`
//! record; version 2 holds its hash in the same field, so a stolen file lets nobody act for a
//! player. The TD's secret in `meta` gives way to its hash likewise. The rewrite runs inside the opening transaction: all records or none.

use rusqlite::{Transaction, params};
use serde_json::Value;

/// Replaces the `token` of every `register` record by its hash. Any other record, and any
/// field this store does not know, is left exactly as it was.
pub(crate) fn hash_tokens(tx: &Transaction<'_>) -> Result<(), String> {
    let sql = |e: rusqlite::Error| format!("migrating to version 2: {e}");
    let rows: Vec<(u64, String)> = tx
        .prepare("SELECT seq, body FROM log WHERE body LIKE '%\"register\"%' ORDER BY seq")
        .map_err(sql)?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .map_err(sql)?
        .collect::<Result<_, _>>()
        .map_err(sql)?;
    let mut update = tx
        .prepare("UPDATE log SET body = ?1 WHERE seq = ?2")
        .map_err(sql)?;
    for (seq, body) in rows {
        let mut entry: Value = serde_json::from_str(&body)
            .map_err(|e| format!("record {seq} is not JSON ({e}); it cannot be migrated"))?;
        let command = &mut entry["command"];
        if command["type"] != "register" {
            continue;
        }
        let Some(token) = command["token"].as_str() else {
            return Err(format!("record {seq} registers a player without a token"));
        };
        command["token"] = Value::String(crate::token_hash(token));
        let body = serde_json::to_string(&entry).map_err(|e| e.to_string())?;
        update.execute(params![body, seq]).map_err(sql)?;
    }
    Ok(())
}

/// Replaces the TD's secret (`td_secret`) by its hash (`td_secret_sha256`).
pub(crate) fn hash_td_secret(tx: &Transaction<'_>) -> Result<(), rusqlite::Error> {
    use rusqlite::OptionalExtension;
    let secret: Option<String> = tx
        .query_row("SELECT value FROM meta WHERE key = 'td_secret'", [], |r| {
            r.get(0)
        })
        .optional()?;
    if let Some(secret) = secret {
        tx.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('td_secret_sha256', ?1)",
            [crate::token_hash(&secret)],
        )?;
        tx.execute("DELETE FROM meta WHERE key = 'td_secret'", [])?;
    }
    Ok(())
}
