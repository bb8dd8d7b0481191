//! `croupier serve`: the server on its event log (SQLite or PostgreSQL). Every setting is a
//! flag with an environment variable of the same meaning (listed by `croupier serve --help`).

use anyhow::Context;
use clap::Args;
use protocol::Command;
use protocol::EventCommand;
use server::app::App;
use server::clock::now_ms;
use server::driver::Pace;
use server::hub::{Opened, Settings};
use server::limit::Limits;
use server::limit::RegisterRate;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The event log: a SQLite file, or a PostgreSQL database given as a `postgres://` URL
    /// (its tables are created in a database without any). `--db` is the older name.
    #[arg(
        long,
        visible_alias = "db",
        env = "CROUPIER_DB",
        default_value = "croupier.db"
    )]
    database: String,
    /// Address to listen on.
    #[arg(long, env = "CROUPIER_LISTEN", default_value = "127.0.0.1:8080")]
    listen: String,
    /// Also start a demo tournament of bots (a turbo, late registration open).
    #[arg(long, env = "CROUPIER_DEMO")]
    demo: bool,
    /// Seconds a player has to act before the floor calls the clock (TDA-29), at tournament
    /// and online cash tables; time called then lasts the profile's seconds.
    #[arg(long, env = "CROUPIER_ACT_SECONDS", default_value_t = 30)]
    act_seconds: u32,
    /// Milliseconds a bot takes to act.
    #[arg(long, env = "CROUPIER_BOT_THINK_MS", default_value_t = 800)]
    bot_think_ms: u64,
    /// After a start, milliseconds before new hands are dealt, for people to reconnect.
    #[arg(long, env = "CROUPIER_RECONNECT_GRACE_MS", default_value_t = 5000)]
    reconnect_grace_ms: u64,
    /// Where the TD console's address with its secret goes when the output is not a terminal
    /// (a service manager's journal keeps it): a file only you read. By default beside the
    /// SQLite log (`croupier.db.secret`), or `croupier.secret` for PostgreSQL.
    #[arg(long, env = "CROUPIER_SECRET_FILE")]
    secret_file: Option<std::path::PathBuf>,
    /// The key that seals the online hands' deck seeds in the log (issue 37), kept apart from
    /// the log so that reading the log during play does not give the cards away: made (mode
    /// 0600) when missing. The log does not open again without it. By default beside the
    /// SQLite log (`croupier.db.seal`), or `croupier.seal` for PostgreSQL.
    #[arg(long, env = "CROUPIER_SEAL_KEY_FILE")]
    seal_key_file: Option<std::path::PathBuf>,
    /// Make a new TD secret (the old one stops working) and show the TD console's address
    /// with it; only its hash is kept, so this is also the way to see the address again.
    #[arg(long)]
    rotate_secret: bool,
    /// Self-registrations one address may make per minute, after a burst; 0: no limit.
    #[arg(long, env = "CROUPIER_REGISTER_PER_MINUTE", default_value_t = RegisterRate::default().per_minute)]
    register_per_minute: u32,
    /// Self-registrations one address may make at once before the per-minute rate applies.
    #[arg(long, env = "CROUPIER_REGISTER_BURST", default_value_t = RegisterRate::default().burst)]
    register_burst: u32,
    /// Sync every commit to disk (survives power loss, slower); a killed process loses nothing
    /// either way.
    #[arg(long, env = "CROUPIER_DURABLE")]
    durable: bool,
    /// An origin a reverse proxy serves the UI from (`https://poker.example.org`): its host is
    /// accepted in `Host` and it in a WebSocket's `Origin`; repeat it or separate with commas.
    #[arg(long, env = "CROUPIER_PUBLIC_ORIGIN", value_delimiter = ',')]
    public_origin: Vec<String>,
    /// Open connections at most, WebSockets included (lowered to fit the file limit).
    #[arg(long, env = "CROUPIER_MAX_CONNECTIONS", default_value_t = 1024)]
    max_connections: usize,
    /// Open connections from one address at most; 0 for no such cap (behind a reverse proxy,
    /// every connection comes from the proxy).
    #[arg(
        long,
        env = "CROUPIER_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 64
    )]
    max_connections_per_address: usize,
    /// Addresses of proxies whose connections may open with a PROXY protocol header (version
    /// 1): the client it names counts for the caps per address, not the proxy. Give every node
    /// the same list with the nodes' own addresses in it: a standby then opens each connection it
    /// pipes with that header. Repeat it or separate with commas.
    #[arg(long, env = "CROUPIER_TRUSTED_PROXIES", value_delimiter = ',')]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// Anonymous watchers (public WebSockets) at most; the other connections are kept for the
    /// TD, tablets, players and guests. By default three quarters of --max-connections.
    #[arg(long, env = "CROUPIER_MAX_WATCHERS")]
    max_watchers: Option<usize>,
    /// Milliseconds to send a request's head; also how long a kept-alive connection may idle.
    #[arg(long, env = "CROUPIER_HEADER_TIMEOUT_MS", default_value_t = 10_000)]
    header_timeout_ms: u64,
    /// Milliseconds a WebSocket may send nothing (no message, no pong) before it is closed.
    #[arg(long, env = "CROUPIER_WS_IDLE_MS", default_value_t = 60_000)]
    ws_idle_ms: u64,
    /// The house's SMS gateway (plain http:// only): a seat offered to a guest who left a
    /// number is POSTed there as JSON `{"to": "+49...", "text": "..."}`, retried after 1, 2,
    /// 4, 8 and 16 s; a text given up on shows on the desk. Off unless given.
    #[arg(long, env = "CROUPIER_SMS_WEBHOOK")]
    sms_webhook: Option<String>,
    /// This node's name, when several `croupier serve` share one PostgreSQL log (issue 37):
    /// the node serves the room only while it holds the room's lease; while another does, it
    /// is a standby that pipes its clients' connections to that node, and takes over when that
    /// node's lease runs out.
    #[arg(long, env = "CROUPIER_NODE")]
    node: Option<String>,
    /// Where the other nodes reach this one (`host:port`): a standby pipes its clients'
    /// connections there while this node serves. By default the address listened on.
    #[arg(long, env = "CROUPIER_NODE_ADDRESS", requires = "node")]
    node_address: Option<String>,
    /// Milliseconds a node's lease on the room lasts unless renewed (a third of it apart): how
    /// long a standby waits after the serving node died.
    #[arg(
        long,
        env = "CROUPIER_LEASE_MS",
        default_value_t = 5_000,
        requires = "node"
    )]
    lease_ms: u64,
    /// Sent to the SMS gateway as `Authorization: Bearer <token>`.
    #[arg(
        long,
        env = "CROUPIER_SMS_TOKEN",
        hide_env_values = true,
        requires = "sms_webhook"
    )]
    sms_token: Option<String>,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    // The evaluator's tables are built once, now, not inside the first showdown; before the
    // room's lease, which a standby takes over without this wait.
    eval::HighEvaluator::get();
    // Shown without the URL's password.
    let log = store::display_location(&args.database);
    let mut store = store::Store::connect(&args.database, args.durable)
        .with_context(|| format!("opening the event log {log}"))?;
    // Bound first: a standby forwards what arrives on it. Connections made during the replay
    // wait in its backlog.
    let listener = listen(&args.listen).with_context(|| format!("listening on {}", args.listen))?;
    let limits = limits(&args)?;
    // A node serves the room only under its lease: every write from the replay on is fenced
    // by it, and it is renewed from now, however long the replay takes.
    let lease = match &args.node {
        Some(node) => {
            let address = match &args.node_address {
                Some(a) => {
                    use std::net::ToSocketAddrs;
                    // A standby connects there: a URL or a typo would drop every client.
                    let reached = a.to_socket_addrs().ok().and_then(|mut r| r.next());
                    anyhow::ensure!(
                        reached.is_some(),
                        "--node-address {a:?} is not an address to connect to (HOST:PORT)"
                    );
                    a.clone()
                }
                None => {
                    let listening = listener.local_addr()?;
                    anyhow::ensure!(
                        !listening.ip().is_unspecified(),
                        "--listen {listening} names no address the other nodes can reach: \
                         give --node-address HOST:PORT"
                    );
                    listening.to_string()
                }
            };
            // A piped connection holds two files: the client's and the serving node's.
            let pipes = crate::forward::Pipes {
                most: (limits.max_connections / 2).max(1),
                // The serving node trusts the addresses the nodes share: it reads the header.
                proxy_header: !limits.trusted_proxies.is_empty(),
            };
            let forwarding = (address.as_str(), &listener, pipes);
            let lease = crate::nodes::take_room(&mut store, node, args.lease_ms, forwarding)?;
            store.fence_with(lease.clone())?;
            let lost = crate::nodes::keep_renewing(&args.database, lease.clone(), args.lease_ms);
            Some((lease, lost))
        }
        None => None,
    };
    let records = store.len()?;
    let seal_file = args
        .seal_key_file
        .clone()
        .unwrap_or_else(|| crate::secret_out::default_file(&args.database).with_extension("seal"));
    let seal_key =
        server::secret::SealKey::load_or_create(&seal_file).map_err(anyhow::Error::msg)?;
    let settings = Settings {
        act_seconds: args.act_seconds,
        register_rate: RegisterRate {
            per_minute: args.register_per_minute,
            burst: args.register_burst,
        },
        seal_key: Some(seal_key),
    };
    let sms = args
        .sms_webhook
        .as_deref()
        .map(|url| server::sms::SmsConfig::new(url, args.sms_token.as_deref()))
        .transpose()?;
    let mut hub =
        Opened::open(store, settings).with_context(|| format!("replaying the event log {log}"))?;
    let (lease, lost) = lease.unzip();
    if let Some(sms) = sms {
        println!("seat offers are texted through the SMS gateway");
        hub.text_offers(sms);
    }
    if args.rotate_secret {
        hub.rotate_td_secret()
            .map_err(|r| anyhow::anyhow!("{}", r.message))
            .context("making a new TD secret")?;
    }
    hub.all_away(now_ms());
    let mut tablets = Vec::new();
    if args.demo {
        let running = hub
            .rooms()
            .iter()
            .find(|r| r.tournament().config().name == DEMO && !r.tournament().is_finished())
            .map(|r| r.id);
        match running {
            Some(id) => println!("demo tournament: event {id} (from the log)"),
            None => println!("demo tournament started: event {}", start_demo(&mut hub)?),
        }
        let live = hub
            .rooms()
            .iter()
            .find(|r| r.tournament().config().name == LIVE_DEMO && !r.tournament().is_finished())
            .map(|r| r.id);
        let live = match live {
            Some(id) => id,
            None => protocol::EventId(start_live_demo(&mut hub)?),
        };
        println!("demo live night (dealers with real cards): event {live}");
        tablets = bind_demo_tablets(&mut hub, live)?;
    }
    // Shown only when made now: the log keeps its hash alone.
    let secret = hub.new_td_secret().map(str::to_string);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    listener.set_nonblocking(true)?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let addr = listener.local_addr()?;
        println!("event log: {log} ({records} records replayed)");
        println!("Croupier at http://{addr}/");
        let mut secret_lines = Vec::new();
        match &secret {
            Some(secret) => {
                secret_lines.push(format!("TD console: http://{addr}/td?secret={secret}"));
                println!("TD console: shown this once, the log keeps only its secret's hash");
            }
            None => println!(
                "TD console: http://{addr}/td (its secret was shown when made; \
                 `croupier serve --rotate-secret` makes a new one)"
            ),
        }
        for url in &tablets {
            secret_lines.push(format!("table tablet: http://{addr}{url}"));
        }
        let file = args
            .secret_file
            .clone()
            .unwrap_or_else(|| crate::secret_out::default_file(&args.database));
        crate::secret_out::show(&secret_lines, &file, args.secret_file.is_some())?;
        let pace = Pace {
            bot_think_ms: args.bot_think_ms,
            deal_after: now_ms() + args.reconnect_grace_ms,
        };
        let app = App::start(hub, limits, Some(pace));
        let records = app.clone();
        let (gone_tx, gone) = tokio::sync::oneshot::channel();
        let stop = async move {
            match lost {
                Some(lost) => tokio::select! {
                    () = stop_signal() => {}
                    why = lost => {
                        let why = why.unwrap_or_else(|_| "the renewal stopped".to_string());
                        println!("lease lost: {why}; shutting down");
                        let _ = gone_tx.send(why);
                    }
                },
                None => stop_signal().await,
            }
        };
        app.serve_until(listener, stop).await.context("serving")?;
        println!(
            "stopped: every answer given is in the log ({} records)",
            records.hub().log_len()
        );
        if let Ok(why) = gone.await {
            anyhow::bail!("this node no longer serves the room: {why}");
        }
        if let Some(lease) = lease {
            crate::nodes::give_up(&args.database, &lease);
        }
        Ok(())
    })
}

/// Connections waiting to be accepted at most (the kernel caps it at `net.core.somaxconn`).
/// std's 128 is too few when a whole field reconnects at once, as after a takeover: the
/// connections beyond it are dropped and their clients wait for TCP's retries, 1, 3, 7, 15 s.
const BACKLOG: i32 = 4096;

/// The listener on `address` (`host:port`), with `BACKLOG`.
fn listen(address: &str) -> anyhow::Result<std::net::TcpListener> {
    use socket2::{Domain, Socket, Type};
    use std::net::ToSocketAddrs;
    let addr = address
        .to_socket_addrs()?
        .next()
        .context("the address names no host")?;
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, None)?;
    // As std does: a restarted server binds its port again at once.
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(BACKLOG)?;
    Ok(socket.into())
}

/// SIGTERM or Ctrl-C (SIGINT): the server stops taking connections and shuts down gracefully.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => println!("SIGTERM: shutting down"),
                    _ = tokio::signal::ctrl_c() => println!("Ctrl-C: shutting down"),
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                println!("Ctrl-C: shutting down");
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        println!("Ctrl-C: shutting down");
    }
}

/// The server's limits from the flags; the connection cap is kept below the file limit (raised
/// to its hard maximum first), with room for the log and the listener.
fn limits(args: &ServeArgs) -> anyhow::Result<Limits> {
    for origin in &args.public_origin {
        let host = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            .map(|h| h.trim_end_matches('/'));
        anyhow::ensure!(
            host.is_some_and(|h| !h.is_empty() && !h.contains(['/', '?', '#', '@'])),
            "--public-origin {origin:?} is not an origin such as https://poker.example.org"
        );
    }
    let (soft, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).context("reading ulimit -n")?;
    let files = match rlimit::setrlimit(rlimit::Resource::NOFILE, hard, hard) {
        Ok(()) => hard,
        Err(_) => soft,
    };
    let room = usize::try_from(files.saturating_sub(32)).unwrap_or(usize::MAX);
    let max_connections = args.max_connections.min(room).max(1);
    if max_connections < args.max_connections {
        println!("at most {max_connections} connections: the file limit is {files}");
    }
    Ok(Limits {
        max_connections,
        max_per_address: args.max_connections_per_address,
        max_watchers: args
            .max_watchers
            .unwrap_or(max_connections / 4 * 3)
            .min(max_connections),
        header_timeout: Duration::from_millis(args.header_timeout_ms.max(1)),
        ws_idle: Duration::from_millis(args.ws_idle_ms.max(3)),
        public_origins: args.public_origin.clone(),
        trusted_proxies: args
            .trusted_proxies
            .iter()
            .map(|ip| ip.to_canonical())
            .collect(),
        ..Limits::default()
    })
}

const DEMO: &str = "Demo turbo";
const LIVE_DEMO: &str = "Demo live night";

/// A live night under Hold'em Cologne's rules: thirty guests registered at the desk on three
/// tables, the dealers deal real cards and report from the tablets `bind_demo_tablets` makes.
fn start_live_demo(hub: &mut Opened) -> anyhow::Result<u32> {
    let now = now_ms();
    let toml = tournament::config::TEMPLATES
        .iter()
        .find(|(name, _)| *name == "hc")
        .map(|(_, text)| {
            text.replacen(
                "name = \"Hold'em Cologne default\"",
                &format!("name = {LIVE_DEMO:?}\ntables = \"live\""),
                1,
            )
        })
        .filter(|toml| toml.contains("tables = \"live\""))
        .context("the hc template is missing or has another name")?;
    let refused = |r: server::refusal::Refusal| anyhow::anyhow!("{}", r.message);
    hub.submit(
        now,
        Command::CreateEvent {
            config_toml: toml,
            seed: server::secret::new_seed().map_err(refused)?,
            act_seconds: hub.settings().act_seconds,
            by: protocol::Actor::Td,
            decks: Some(protocol::DeckSource::PerHand),
        },
    )
    .map_err(refused)?;
    let event = hub.rooms().len() as u32 - 1;
    for i in 1..=30 {
        hub.submit(
            now,
            EventCommand::Register {
                event: protocol::EventId(event),
                name: format!("Guest {i}"),
                token: server::secret::hash(&server::secret::new_secret().map_err(refused)?),
                bot: false,
                by: protocol::Actor::Td,
                reserved: false,
            },
        )
        .map_err(refused)?;
    }
    hub.submit(
        now,
        EventCommand::Start {
            event: protocol::EventId(event),
            by: protocol::Actor::Td,
        },
    )
    .map_err(refused)?;
    Ok(event)
}

/// A fresh tablet for every table of the live demo (the old links stop working): their pages.
fn bind_demo_tablets(hub: &mut Opened, event: protocol::EventId) -> anyhow::Result<Vec<String>> {
    let refused = |r: server::refusal::Refusal| anyhow::anyhow!("{}", r.message);
    let tables: Vec<u32> = hub
        .rooms()
        .iter()
        .find(|r| r.id == event)
        .map(|r| r.tournament().active_tables().map(|t| t.0 + 1).collect())
        .unwrap_or_default();
    let mut urls = Vec::new();
    for table in tables {
        let token = server::secret::new_secret().map_err(refused)?;
        hub.submit(
            now_ms(),
            EventCommand::BindTablet {
                event,
                table: protocol::TableNumber(table),
                token: server::secret::hash(&token),
                by: protocol::Actor::Td,
            },
        )
        .map_err(refused)?;
        urls.push(format!("/tablet?event={event}&table={table}&token={token}"));
    }
    Ok(urls)
}

/// A turbo of twelve bots on two tables, started at once; late registration stays open so
/// that a newcomer can join from the player page.
fn start_demo(hub: &mut Opened) -> anyhow::Result<u32> {
    let now = now_ms();
    let toml = tournament::config::TEMPLATES
        .iter()
        .find(|(name, _)| *name == "turbo")
        .map(|(_, text)| {
            text.replacen("name = \"Turbo\"", &format!("name = {DEMO:?}"), 1)
                // Anyone may join the demo from the player page.
                .replacen("[registration]", "[registration]\npublic = true", 1)
        })
        .context("the turbo template is missing")?;
    let refused = |r: server::refusal::Refusal| anyhow::anyhow!("{}", r.message);
    hub.submit(
        now,
        Command::CreateEvent {
            config_toml: toml,
            seed: server::secret::new_seed().map_err(refused)?,
            act_seconds: hub.settings().act_seconds,
            by: protocol::Actor::Td,
            decks: Some(protocol::DeckSource::PerHand),
        },
    )
    .map_err(refused)?;
    let event = hub.rooms().len() as u32 - 1;
    for i in 1..=12 {
        hub.submit(
            now,
            EventCommand::Register {
                event: protocol::EventId(event),
                name: format!("Bot {i}"),
                token: server::secret::hash(&server::secret::new_secret().map_err(refused)?),
                bot: true,
                by: protocol::Actor::Td,
                reserved: false,
            },
        )
        .map_err(refused)?;
    }
    hub.submit(
        now,
        EventCommand::Start {
            event: protocol::EventId(event),
            by: protocol::Actor::Td,
        },
    )
    .map_err(refused)?;
    Ok(event)
}
