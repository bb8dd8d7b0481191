//! Leases on table tasks, for several nodes over one PostgreSQL log (issue 37 item 1): a task
//! (an event, a cash table, a live table) is owned by one node at a time; its lease names the
//! owner, runs out at a time of the database's clock (no two nodes' clocks are compared), and
//! carries a fencing token that grows each time the task changes hands. A record is written
//! only in a transaction that finds the writer's lease still current (`Pg::check_fence`): a
//! node that lost its lease, even one paused past its expiry that does not know it, writes
//! nothing.

/// A node's lease on a task, as granted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub task: String,
    pub owner: String,
    /// Grows by one each time the task changes hands (or its owner's lease ran out).
    pub token: u64,
    /// When it runs out, in milliseconds of the database's clock.
    pub expires_ms: u64,
}

/// What asking for a lease gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acquired {
    /// The task is the caller's until the lease runs out.
    Granted(Lease),
    /// Another node holds it.
    HeldBy(Lease),
}

/// The tables, made with the log's (older builds leave them alone): the leases, and which
/// lease wrote which records (`FencedWrite`).
pub(crate) const CREATE: &str = "CREATE TABLE IF NOT EXISTS leases (task TEXT PRIMARY KEY, \
     owner TEXT NOT NULL, token BIGINT NOT NULL, expires_ms BIGINT NOT NULL); \
     CREATE TABLE IF NOT EXISTS fenced_writes (first BIGINT PRIMARY KEY, last BIGINT NOT NULL, \
     task TEXT NOT NULL, owner TEXT NOT NULL, token BIGINT NOT NULL)";

/// Records `first..=last`, written under `task`'s lease held by `owner` with `token`: kept in
/// the same transaction as the records, so that anyone can check afterwards that no two owners
/// wrote at once (a write under an older token after one under a newer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FencedWrite {
    pub first: u64,
    pub last: u64,
    pub task: String,
    pub owner: String,
    pub token: u64,
}

/// The writes in `writes` (in seq order) made under a token older than one that had written
/// before them: each a moment two owners wrote the log. With fencing there are none.
pub fn stale_writes(writes: &[FencedWrite]) -> Vec<&FencedWrite> {
    let mut newest = std::collections::BTreeMap::<&str, u64>::new();
    let mut stale = Vec::new();
    for w in writes {
        let seen = newest.entry(w.task.as_str()).or_insert(w.token);
        if w.token < *seen {
            stale.push(w);
        }
        *seen = (*seen).max(w.token);
    }
    stale
}

/// The database's clock in milliseconds, the one every lease is measured by.
pub(crate) const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Grants `$1` to `$2` for `$3` ms when free, run out, or `$2`'s already (then renewed, the same
/// token); a lease that ran out or passes to another owner gets the next token. No row: held.
pub(crate) fn acquire_sql() -> String {
    format!(
        "INSERT INTO leases AS l (task, owner, token, expires_ms) \
         SELECT $1, $2, 1, n.now + $3 FROM (SELECT {NOW_MS} AS now) AS n \
         ON CONFLICT (task) DO UPDATE SET owner = excluded.owner, \
           token = CASE WHEN l.owner = excluded.owner AND l.expires_ms > excluded.expires_ms - $3 \
                   THEN l.token ELSE l.token + 1 END, \
           expires_ms = excluded.expires_ms \
         WHERE l.owner = excluded.owner OR l.expires_ms <= excluded.expires_ms - $3 \
         RETURNING owner, token, expires_ms"
    )
}

/// Renews `$1` for `$2` ms if `$3` still holds it with token `$4` and it has not run out.
pub(crate) fn renew_sql() -> String {
    format!(
        "UPDATE leases SET expires_ms = {NOW_MS} + $2 \
         WHERE task = $1 AND owner = $3 AND token = $4 AND expires_ms > {NOW_MS} \
         RETURNING owner, token, expires_ms"
    )
}

/// The lease of `$1` as it stands, locked until the transaction ends, and whether it has
/// run out.
pub(crate) fn current_sql() -> String {
    format!(
        "SELECT owner, token, expires_ms, expires_ms <= {NOW_MS} FROM leases \
         WHERE task = $1 FOR UPDATE"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(first: u64, task: &str, token: u64) -> FencedWrite {
        FencedWrite {
            first,
            last: first,
            task: task.to_string(),
            owner: format!("node {token}"),
            token,
        }
    }

    /// Issue 37: "moments with two owners of one table (must be 0)", read from the log.
    #[test]
    fn a_write_under_an_older_token_after_a_newer_one_is_two_owners() {
        let writes = [
            write(1, "room", 1),
            write(2, "room", 2),
            write(3, "event 1", 1),
            write(4, "room", 1),
            write(5, "room", 3),
        ];
        let stale = stale_writes(&writes);
        assert_eq!(stale.len(), 1);
        assert_eq!((stale[0].first, stale[0].token), (4, 1));
        assert!(stale_writes(&writes[..3]).is_empty());
    }
}
