//! The log on PostgreSQL: the same tables, seqs and meta as on SQLite, in a database of a
//! server that may go away. A lost connection fails the call that meets it; the next call
//! connects again.

use std::cell::RefCell;
use std::fmt;
use std::time::Duration;

use postgres::config::Host;
use postgres::types::Type;
use postgres::{Client, Config, NoTls};

use crate::lease::{self, Acquired, Lease};
use crate::{Faults, Record, StoreError};

/// The version this build reads and writes; a PostgreSQL log was never of version 1.
const VERSION: &str = "2";

const CREATE: &str = "
    CREATE TABLE log (seq BIGINT PRIMARY KEY, at_ms BIGINT NOT NULL, body TEXT NOT NULL);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
";

/// How long connecting may take when the URL does not say (`connect_timeout`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Held by the transaction that checks or creates the schema, so that two stores opening a new
/// database at once do not both create it.
const SCHEMA_LOCK: i64 = 0x6372_6f75_7069_6572;

pub(crate) struct Pg {
    config: Config,
    /// Which database, for messages: never the URL, which may hold a password.
    database: String,
    durable: bool,
    faults: Faults,
    /// None until connected, and again after the connection was lost.
    client: RefCell<Option<Client>>,
    /// The records of the last commit whose answer was lost with the connection.
    in_doubt: RefCell<Option<Batch>>,
    /// A follower's connection: every connection made LISTENs for the log's commits.
    listening: bool,
}

/// Records written in one transaction: the seq of the first, and each one's time and body.
#[derive(Clone, PartialEq, Eq)]
struct Batch {
    first: i64,
    records: Vec<(i64, String)>,
}

impl Batch {
    /// `records` to write, before their seqs are known.
    fn of(records: &[(u64, &str)]) -> Result<Batch, StoreError> {
        let records = records
            .iter()
            .map(|(at_ms, body)| Ok((signed(*at_ms, "time")?, body.to_string())))
            .collect::<Result<_, StoreError>>()?;
        Ok(Batch { first: 0, records })
    }
}

impl fmt::Debug for Pg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pg")
            .field("database", &self.database)
            .field("durable", &self.durable)
            .finish_non_exhaustive()
    }
}

impl Pg {
    /// Connects to the database at `url` and checks its schema, or creates it in a database
    /// without tables.
    pub(crate) fn connect(url: &str, durable: bool, faults: Faults) -> Result<Pg, StoreError> {
        let mut config: Config = url.parse().map_err(|source| StoreError::Postgres {
            database: "at the URL given".to_string(),
            source,
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        let pg = Pg {
            database: describe(&config),
            config,
            durable,
            faults,
            client: RefCell::new(None),
            in_doubt: RefCell::new(None),
            listening: false,
        };
        pg.with_client(|client| pg.init(client))?;
        Ok(pg)
    }

    /// Appends `records` in one transaction, under `fence` when given: in the transaction that
    /// writes, the lease is found still the writer's, or nothing is written
    /// (`StoreError::Fenced`).
    pub(crate) fn append_all(
        &self,
        records: &[(u64, &str)],
        fence: Option<&Lease>,
    ) -> Result<u64, StoreError> {
        let mut batch = Batch::of(records)?;
        if records.is_empty() {
            let last = self.one::<i64>("SELECT coalesce(max(seq), 0)::bigint FROM log", &[])?;
            return self.unsigned(last, "seq");
        }
        let times: Vec<i64> = batch.records.iter().map(|(t, _)| *t).collect();
        let bodies: Vec<&str> = records.iter().map(|(_, b)| *b).collect();
        // Who wrote them, when fenced: kept in the same transaction (`FencedWrite`).
        let task = fence.map(|l| l.task.as_str());
        let owner = fence.map(|l| l.owner.as_str());
        let token = fence.map(|l| signed(l.token, "token")).transpose()?;
        self.with_client(|client| {
            let e = |e| self.error(e);
            let mut tx = client.transaction().map_err(e)?;
            if let Some(lease) = fence {
                self.check_fence(&mut tx, lease)?;
                if let Some(hang) = self.faults.take_hang() {
                    std::thread::sleep(hang);
                }
            }
            // Seqs are max + 1 under a lock rather than from a sequence, which would leave a
            // gap for every rolled-back transaction. Readers are not blocked.
            tx.batch_execute("LOCK TABLE log IN EXCLUSIVE MODE")
                .map_err(e)?;
            // Typed parameters: one round trip, no statement to prepare first. The other nodes
            // following the log are told the last seq at the commit (`Follower`): a payload
            // repeated in one transaction is delivered once.
            let seqs = tx
                .query_typed(
                    "WITH ins AS (INSERT INTO log (seq, at_ms, body) \
                       SELECT m.last + t.n, t.at_ms, t.body \
                       FROM (SELECT coalesce(max(seq), 0) AS last FROM log) AS m, \
                       unnest($1, $2) WITH ORDINALITY AS t(at_ms, body, n) RETURNING seq) \
                     , w AS (INSERT INTO fenced_writes (first, last, task, owner, token) \
                       SELECT min(seq), max(seq), $3, $4, $5 FROM ins WHERE $5 IS NOT NULL HAVING count(*) > 0) \
                     SELECT seq, pg_notify('croupier_log', (SELECT max(seq) FROM ins)::text)::text \
                     FROM ins",
                    &[
                        (&times, Type::INT8_ARRAY),
                        (&bodies, Type::TEXT_ARRAY),
                        (&task, Type::TEXT),
                        (&owner, Type::TEXT),
                        (&token, Type::INT8),
                    ],
                )
                .and_then(|rows| {
                    rows.iter()
                        .map(|r| r.try_get::<_, i64>(0))
                        .collect::<Result<Vec<_>, _>>()
                })
                .map_err(e)?;
            let (Some(&first), Some(&last)) = (seqs.iter().min(), seqs.iter().max()) else {
                return Err(self.not_a_log("an insert that returned no seq".to_string()));
            };
            batch.first = first;
            // Whether a commit whose answer is lost was made, nobody knows: the next
            // connection takes these records out if they are there (`settle`), since the
            // caller was told they were not written.
            *self.in_doubt.borrow_mut() = Some(batch);
            let committed = tx.commit();
            if !committed.as_ref().is_err_and(lost) {
                *self.in_doubt.borrow_mut() = None;
            }
            committed.map_err(e)?;
            self.unsigned(last, "seq")
        })
    }

    /// The lease found current and `lease`'s, or the refusal that says what holds instead.
    fn check_fence(
        &self,
        tx: &mut postgres::Transaction<'_>,
        lease: &Lease,
    ) -> Result<(), StoreError> {
        let row = tx
            .query_opt(&lease::current_sql(), &[&lease.task])
            .map_err(|e| self.error(e))?;
        let found = row
            .map(|r| {
                Ok::<_, postgres::Error>((
                    r.try_get::<_, String>(0)?,
                    r.try_get::<_, i64>(1)?,
                    r.try_get::<_, bool>(3)?,
                ))
            })
            .transpose()
            .map_err(|e| self.error(e))?;
        let now = match found {
            Some((owner, token, false))
                if owner == lease.owner && i64::try_from(lease.token) == Ok(token) =>
            {
                return Ok(());
            }
            Some((owner, token, true)) if owner == lease.owner => {
                format!("it ran out (token {token})")
            }
            Some((owner, token, _)) => format!("{owner} holds it with token {token}"),
            None => "nobody holds it".to_string(),
        };
        Err(StoreError::Fenced {
            task: lease.task.clone(),
            token: lease.token,
            now,
        })
    }

    /// Asks for `task`'s lease for `owner`, for `ttl_ms` of the database's clock.
    pub(crate) fn acquire(
        &self,
        task: &str,
        owner: &str,
        ttl_ms: u64,
    ) -> Result<Acquired, StoreError> {
        let ttl = signed(ttl_ms, "lease time")?;
        self.with_client(|client| {
            let e = |e| self.error(e);
            let granted = client
                .query_opt(&lease::acquire_sql(), &[&task, &owner, &ttl])
                .map_err(e)?;
            if let Some(row) = granted {
                return Ok(Acquired::Granted(self.lease_of(task, &row)?));
            }
            let held = client
                .query_one(
                    "SELECT owner, token, expires_ms FROM leases WHERE task = $1",
                    &[&task],
                )
                .map_err(e)?;
            Ok(Acquired::HeldBy(self.lease_of(task, &held)?))
        })
    }

    /// Renews `lease` for `ttl_ms`, if it is still the owner's and has not run out.
    pub(crate) fn renew(&self, lease: &Lease, ttl_ms: u64) -> Result<Lease, StoreError> {
        let ttl = signed(ttl_ms, "lease time")?;
        let token = signed(lease.token, "token")?;
        self.with_client(|client| {
            let e = |e| self.error(e);
            let mut tx = client.transaction().map_err(e)?;
            self.check_fence(&mut tx, lease)?;
            // Run out between the check and the update: fenced all the same.
            let Some(row) = tx
                .query_opt(
                    &lease::renew_sql(),
                    &[&lease.task, &ttl, &lease.owner, &token],
                )
                .map_err(e)?
            else {
                return Err(StoreError::Fenced {
                    task: lease.task.clone(),
                    token: lease.token,
                    now: "it ran out".to_string(),
                });
            };
            let renewed = self.lease_of(&lease.task, &row)?;
            tx.commit().map_err(e)?;
            Ok(renewed)
        })
    }

    /// Gives `lease` up at once (a node shutting down), if it is still the owner's.
    pub(crate) fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        let token = signed(lease.token, "token")?;
        self.execute(
            "UPDATE leases SET expires_ms = 0 WHERE task = $1 AND owner = $2 AND token = $3",
            &[&lease.task, &lease.owner, &token],
        )
    }

    /// Every lease as it stands.
    pub(crate) fn leases(&self) -> Result<Vec<Lease>, StoreError> {
        let sql = "SELECT task, owner, token, expires_ms FROM leases ORDER BY task";
        self.all(sql, &[], |row| {
            Ok(Lease {
                task: self.column(row, 0)?,
                owner: self.column(row, 1)?,
                token: self.unsigned(self.column(row, 2)?, "token")?,
                expires_ms: self.unsigned(self.column(row, 3)?, "lease time")?,
            })
        })
    }

    /// A connection of its own that listens for the log's commits (`Follower`).
    pub(crate) fn listen(&self) -> Result<Pg, StoreError> {
        let follower = Pg {
            config: self.config.clone(),
            database: self.database.clone(),
            durable: self.durable,
            faults: Faults::default(),
            client: RefCell::new(None),
            in_doubt: RefCell::new(None),
            listening: true,
        };
        follower.with_client(|_| Ok(()))?;
        Ok(follower)
    }

    /// Waits up to `wait` for a commit's notice on a `listen`ing connection: whether one came
    /// (a lost connection connects again, listening, and counts as one: a commit may have
    /// been missed meanwhile).
    pub(crate) fn wait_for_commit(&self, wait: Duration) -> Result<bool, StoreError> {
        let mut slot = self.client.borrow_mut();
        let client = match slot.take().filter(|c| !c.is_closed()) {
            Some(client) => client,
            None => {
                *slot = Some(self.fresh()?);
                return Ok(true);
            }
        };
        let client = slot.insert(client);
        use postgres::fallible_iterator::FallibleIterator;
        let mut notices = client.notifications();
        let came = notices
            .timeout_iter(wait)
            .next()
            .map_err(|e| self.error(e))?
            .is_some();
        // Those already there are of commits the next read takes too.
        let mut rest = notices.iter();
        while rest.next().map_err(|e| self.error(e))?.is_some() {}
        Ok(came)
    }

    /// A lease row (owner, token, expires_ms) of `task`.
    fn lease_of(&self, task: &str, row: &postgres::Row) -> Result<Lease, StoreError> {
        let e = |e| self.error(e);
        Ok(Lease {
            task: task.to_string(),
            owner: row.try_get(0).map_err(e)?,
            token: self.unsigned(row.try_get(1).map_err(e)?, "token")?,
            expires_ms: self.unsigned(row.try_get(2).map_err(e)?, "lease time")?,
        })
    }

    pub(crate) fn records(&self) -> Result<Vec<Record>, StoreError> {
        self.records_after(0)
    }

    /// The records after seq `after`, in seq order.
    pub(crate) fn records_after(&self, after: u64) -> Result<Vec<Record>, StoreError> {
        let after = signed(after, "seq")?;
        let sql = "SELECT seq, at_ms, body FROM log WHERE seq > $1 ORDER BY seq";
        self.all(sql, &[&after], |row| {
            Ok(Record {
                seq: self.unsigned(self.column(row, 0)?, "seq")?,
                at_ms: self.unsigned(self.column(row, 1)?, "time")?,
                body: self.column(row, 2)?,
            })
        })
    }

    /// Every fenced write, in seq order.
    pub(crate) fn fenced_writes(&self) -> Result<Vec<lease::FencedWrite>, StoreError> {
        let sql = "SELECT first, last, task, owner, token FROM fenced_writes ORDER BY first";
        self.all(sql, &[], |row| {
            Ok(lease::FencedWrite {
                first: self.unsigned(self.column(row, 0)?, "seq")?,
                last: self.unsigned(self.column(row, 1)?, "seq")?,
                task: self.column(row, 2)?,
                owner: self.column(row, 3)?,
                token: self.unsigned(self.column(row, 4)?, "token")?,
            })
        })
    }

    pub(crate) fn len(&self) -> Result<u64, StoreError> {
        let count = self.one::<i64>("SELECT count(*) FROM log", &[])?;
        self.unsigned(count, "count")
    }

    pub(crate) fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(!self.one::<bool>("SELECT EXISTS (SELECT 1 FROM log)", &[])?)
    }

    pub(crate) fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.with_client(|client| {
            client
                .query_opt("SELECT value FROM meta WHERE key = $1", &[&key])
                .and_then(|row| row.map(|r| r.try_get(0)).transpose())
                .map_err(|e| self.error(e))
        })
    }

    /// Sets a meta value, under `fence` when given (as `append_all`).
    pub(crate) fn set_meta(
        &self,
        key: &str,
        value: &str,
        fence: Option<&Lease>,
    ) -> Result<(), StoreError> {
        self.execute_in(
            "INSERT INTO meta (key, value) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            &[&key, &value],
            fence,
        )
    }

    pub(crate) fn remove_meta(&self, key: &str, fence: Option<&Lease>) -> Result<(), StoreError> {
        self.execute_in("DELETE FROM meta WHERE key = $1", &[&key], fence)
    }

    /// Runs `sql` in a transaction that finds `fence` current first, when given.
    fn execute_in(
        &self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
        fence: Option<&Lease>,
    ) -> Result<(), StoreError> {
        let Some(lease) = fence else {
            return self.execute(sql, params);
        };
        self.with_client(|client| {
            let e = |e| self.error(e);
            let mut tx = client.transaction().map_err(e)?;
            self.check_fence(&mut tx, lease)?;
            tx.execute(sql, params).map_err(e)?;
            tx.commit().map_err(e)
        })
    }

    fn one<T: for<'a> postgres::types::FromSql<'a>>(
        &self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<T, StoreError> {
        self.with_client(|client| {
            client
                .query_one(sql, params)
                .and_then(|row| row.try_get(0))
                .map_err(|e| self.error(e))
        })
    }

    /// Every row `sql` gives, each read by `each`.
    fn all<T>(
        &self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
        each: impl Fn(&postgres::Row) -> Result<T, StoreError>,
    ) -> Result<Vec<T>, StoreError> {
        self.with_client(|client| {
            let rows = client.query(sql, params).map_err(|e| self.error(e))?;
            rows.iter().map(&each).collect()
        })
    }

    /// Column `i` of `row`.
    fn column<T: for<'a> postgres::types::FromSql<'a>>(
        &self,
        row: &postgres::Row,
        i: usize,
    ) -> Result<T, StoreError> {
        row.try_get(i).map_err(|e| self.error(e))
    }

    fn execute(
        &self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<(), StoreError> {
        self.with_client(|client| {
            client.execute(sql, params).map_err(|e| self.error(e))?;
            Ok(())
        })
    }

    /// Runs `f` on the connection, connecting first when there is none or it was closed, and
    /// forgetting it when `f` found it lost.
    fn with_client<T>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut slot = self.client.borrow_mut();
        let client = match slot.take().filter(|c| !c.is_closed()) {
            Some(client) => client,
            None => self.fresh()?,
        };
        let client = slot.insert(client);
        if self.faults.take_cut() {
            // The server ends this very session: `f` meets a connection really lost.
            let _ = client.batch_execute("SELECT pg_terminate_backend(pg_backend_pid())");
        }
        let result = f(client);
        if let Err(e) = &result
            && (client.is_closed()
                || matches!(e, StoreError::Postgres { source, .. } if lost(source)))
        {
            *slot = None;
        }
        result
    }

    /// A new connection, set up, with a commit left in doubt by the last one settled.
    fn fresh(&self) -> Result<Client, StoreError> {
        let mut client = self.config.connect(NoTls).map_err(|e| self.error(e))?;
        // `off`: a commit is acknowledged before PostgreSQL syncs its WAL, so it survives the
        // croupier process being killed (the server has it) but not a crash of PostgreSQL's
        // machine, as SQLite's NORMAL. `on` syncs it first, as SQLite's FULL.
        let sync = if self.durable { "on" } else { "off" };
        // A lock held by another session fails a write after 5 s, as SQLite's busy timeout. A
        // session that holds a transaction open and says nothing for 3 s (its node hangs, or
        // was paused past its lease) is ended by PostgreSQL, and its locks with it: the
        // lease's row and the log's write lock, which would keep every other node from taking
        // over or writing (issue 37). The store's transactions send their statements back to
        // back, in milliseconds.
        client
            .batch_execute(&format!(
                "SET synchronous_commit = {sync}; SET lock_timeout = '5s'; \
                 SET idle_in_transaction_session_timeout = '3s'"
            ))
            .map_err(|e| self.error(e))?;
        self.settle(&mut client)?;
        if self.listening {
            client
                .batch_execute("LISTEN croupier_log")
                .map_err(|e| self.error(e))?;
        }
        Ok(client)
    }

    /// Takes out the records of a commit whose answer was lost, if it was made after all: the
    /// caller was told it failed, and gave the records up.
    fn settle(&self, client: &mut Client) -> Result<(), StoreError> {
        let Some(batch) = self.in_doubt.borrow().clone() else {
            return Ok(());
        };
        let e = |e| self.error(e);
        let mut tx = client.transaction().map_err(e)?;
        tx.batch_execute("LOCK TABLE log IN EXCLUSIVE MODE")
            .map_err(e)?;
        let rows = tx
            .query(
                "SELECT at_ms, body FROM log WHERE seq >= $1 ORDER BY seq",
                &[&batch.first],
            )
            .map_err(e)?;
        let found = rows
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<Vec<(i64, String)>, postgres::Error>>()
            .map_err(e)?;
        // Anything else there was written by someone else: left alone.
        if found == batch.records {
            tx.execute("DELETE FROM log WHERE seq >= $1", &[&batch.first])
                .map_err(e)?;
            tx.execute(
                "DELETE FROM fenced_writes WHERE first >= $1",
                &[&batch.first],
            )
            .map_err(e)?;
        }
        tx.commit().map_err(e)?;
        *self.in_doubt.borrow_mut() = None;
        Ok(())
    }

    /// Creates the schema in a database without tables, or checks the one found.
    fn init(&self, client: &mut Client) -> Result<(), StoreError> {
        let e = |e| self.error(e);
        let mut tx = client.transaction().map_err(e)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
            .map_err(e)?;
        let column = |tx: &mut postgres::Transaction<'_>,
                      sql: &str,
                      params: &[&(dyn postgres::types::ToSql + Sync)]| {
            tx.query(sql, params)
                .and_then(|rows| rows.iter().map(|r| r.try_get(0)).collect())
                .map_err(e)
        };
        let tables: Vec<String> = column(
            &mut tx,
            "SELECT table_name::text FROM information_schema.tables \
             WHERE table_schema = current_schema() ORDER BY 1",
            &[],
        )?;
        if tables.is_empty() {
            tx.batch_execute(CREATE).map_err(e)?;
            tx.batch_execute(lease::CREATE).map_err(e)?;
            tx.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', $1)",
                &[&VERSION],
            )
            .map_err(e)?;
            return tx.commit().map_err(e);
        }
        for (table, want) in [
            ("log", ["seq", "at_ms", "body"].as_slice()),
            ("meta", &["key", "value"]),
        ] {
            if !tables.iter().any(|t| t == table) {
                return Err(self.not_a_log(format!(
                    "no table `{table}`; tables found: {}",
                    tables.join(", ")
                )));
            }
            let found: Vec<String> = column(
                &mut tx,
                "SELECT column_name::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 \
                 ORDER BY ordinal_position",
                &[&table],
            )?;
            if found != want {
                return Err(self.not_a_log(format!(
                    "table `{table}` has columns ({}), expected ({})",
                    found.join(", "),
                    want.join(", ")
                )));
            }
        }
        let version: Option<String> = tx
            .query_opt("SELECT value FROM meta WHERE key = 'schema_version'", &[])
            .and_then(|row| row.map(|r| r.try_get(0)).transpose())
            .map_err(e)?;
        match version.as_deref() {
            // The leases came after version 2's log and meta: a log without them gets them.
            Some(VERSION) => {
                tx.batch_execute(lease::CREATE).map_err(e)?;
                tx.commit().map_err(e)
            }
            Some(v) => Err(self.not_a_log(format!(
                "schema version {v} found, this build reads version {VERSION} on PostgreSQL"
            ))),
            None => Err(self.not_a_log("no schema_version in table `meta`".to_string())),
        }
    }

    fn error(&self, source: postgres::Error) -> StoreError {
        StoreError::Postgres {
            database: self.database.clone(),
            source,
        }
    }

    fn not_a_log(&self, detail: String) -> StoreError {
        StoreError::NotALogDatabase {
            database: self.database.clone(),
            detail,
        }
    }

    fn unsigned(&self, value: i64, what: &str) -> Result<u64, StoreError> {
        u64::try_from(value).map_err(|_| self.not_a_log(format!("a negative {what} ({value})")))
    }
}

/// Whether an error means the connection is gone (or in a state not worth keeping): anything
/// but an error the server reported for a statement, and the server's own connection-exception
/// and operator-intervention classes (08, 57: a terminated backend, a shutdown).
fn lost(e: &postgres::Error) -> bool {
    e.is_closed()
        || e.as_db_error().is_none_or(|db| {
            let code = db.code().code();
            code.starts_with("08") || code.starts_with("57")
        })
}

fn signed(value: u64, what: &'static str) -> Result<i64, StoreError> {
    i64::try_from(value).map_err(|_| StoreError::OutOfRange { what, value })
}

/// "PostgreSQL database croupier on 127.0.0.1:5432", or a note that the URL does not parse.
pub(crate) fn display_url(url: &str) -> String {
    match url.parse::<Config>() {
        Ok(config) => format!("PostgreSQL database {}", describe(&config)),
        Err(_) => "a PostgreSQL URL that does not parse".to_string(),
    }
}

/// "croupier on 127.0.0.1:5432": the database, host and port, nothing secret.
fn describe(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        Some(Host::Unix(dir)) => dir.display().to_string(),
        None => "localhost".to_string(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let database = config
        .get_dbname()
        .or(config.get_user())
        .unwrap_or("postgres");
    format!("{database} on {host}:{port}")
}
