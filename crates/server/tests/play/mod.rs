//! A whole event played in simulated time through the hub, as the server plays it: the driver
//! deals, times out and acts for bots; the test acts for people through the same calls the API
//! makes, and every connection's messages are kept for checking.

use protocol::EventCommand;
use protocol::{Command, EntryId, Follower, Me, PlayerAction, ServerMessage};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use server::driver::{Pace, drive};
use server::hub::{Opened, Settings};
use server::outbox::{Inbox, outbox};
use server::role::{Role, Topics};

/// Who a connection is, for checking what it was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eyes {
    Public,
    Td,
    Player(EntryId),
}

pub struct Connection {
    #[allow(dead_code, reason = "read by the visibility tests")]
    pub eyes: Eyes,
    pub id: u64,
    /// `None` once the queue was dropped (a session ending).
    rx: Option<Inbox>,
    pub follower: Follower,
    /// Every message received, a patch as the full message it makes (issue 19 item 5).
    pub received: Vec<String>,
    /// Every message received, as sent.
    pub sent: Vec<String>,
}

pub struct Person {
    pub entry: EntryId,
    pub role: Role,
    /// The token the person was given (the hub keeps only its hash).
    #[allow(dead_code, reason = "read by the tests that sign in as the person")]
    pub token: String,
    /// The open connection, when the person's browser is open.
    pub connection: Option<usize>,
}

pub struct Sim {
    pub hub: Opened,
    pub now: u64,
    pub rng: ChaCha8Rng,
    pub connections: Vec<Connection>,
    pub people: Vec<Person>,
    pub event: u32,
}

pub const START: u64 = 1_800_000_000_000;

impl Sim {
    pub fn new(toml: &str, seed: u64) -> Sim {
        let store = store::Store::open_in_memory().expect("in-memory log");
        let mut hub = Opened::open(
            store,
            Settings {
                act_seconds: 20,
                ..Settings::default()
            },
        )
        .expect("hub");
        hub.set_bot_seed(seed);
        hub.submit(
            START,
            Command::CreateEvent {
                config_toml: toml.to_string(),
                seed,
                act_seconds: 20,
                by: protocol::Actor::Td,
                decks: Some(protocol::DeckSource::EventSeed),
            },
        )
        .expect("event created");
        Sim {
            hub,
            now: START,
            rng: ChaCha8Rng::seed_from_u64(seed),
            connections: Vec::new(),
            people: Vec::new(),
            event: 0,
        }
    }

    /// An event with `people` people who connect ("Person 0"...) registered before `bots`
    /// bots ("Bot 0"...).
    #[allow(
        dead_code,
        reason = "used by some of the tests that include this module"
    )]
    pub fn with_field(toml: &str, seed: u64, people: usize, bots: usize) -> Sim {
        let mut sim = Sim::new(toml, seed);
        for i in 0..people {
            sim.register(&format!("Person {i}"), false);
        }
        for i in 0..bots {
            sim.register(&format!("Bot {i}"), true);
        }
        sim
    }

    pub fn template(name: &str) -> String {
        tournament::config::TEMPLATES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t.to_string())
            .expect("template")
    }

    /// Registers a bot, or a person who then connects.
    pub fn register(&mut self, name: &str, bot: bool) -> usize {
        self.register_as(name, bot, !bot)
    }

    /// Registers a person who never comes (TDA-30: dealt in, removed at the deadline).
    #[allow(dead_code, reason = "used by the tests of absent players")]
    pub fn register_absent(&mut self, name: &str) -> usize {
        self.register_as(name, false, false)
    }

    fn register_as(&mut self, name: &str, bot: bool, connect: bool) -> usize {
        let token = server::secret::new_secret().expect("a token");
        let changes = self
            .hub
            .submit(
                self.now,
                EventCommand::Register {
                    event: protocol::EventId(self.event),
                    name: name.into(),
                    token: server::secret::hash(&token),
                    bot,
                    by: protocol::Actor::Td,
                    reserved: false,
                },
            )
            .expect("registered");
        let entry = changes.registered.expect("entry").0;
        let role = self.hub.role(Some(&token)).expect("role");
        self.people.push(Person {
            entry,
            role,
            token,
            connection: None,
        });
        let person = self.people.len() - 1;
        if connect {
            self.connect_person(person);
        }
        person
    }

    pub fn connect(&mut self, eyes: Eyes, role: Role, topics: Topics) -> usize {
        // Read only now and then: room for every message of a game.
        let (tx, rx) = outbox(1 << 20, usize::MAX);
        let (id, presence) = self
            .hub
            .event_mut(protocol::EventId(self.event))
            .expect("the event")
            .subscribe(role, topics, tx, self.now)
            .expect("subscribed");
        if let Some(command) = presence {
            self.hub.submit(self.now, command).expect("presence");
        }
        self.connections.push(Connection {
            eyes,
            id,
            rx: Some(rx),
            follower: Follower::new(),
            received: Vec::new(),
            sent: Vec::new(),
        });
        self.connections.len() - 1
    }

    pub fn connect_person(&mut self, person: usize) {
        let p = &self.people[person];
        let (eyes, role) = (Eyes::Player(p.entry), p.role);
        let topics = Topics {
            summary: true,
            ..Topics::default()
        };
        let c = self.connect(eyes, role, topics);
        self.people[person].connection = Some(c);
    }

    /// The person's session drops its queue, as a closing session does before it
    /// unsubscribes; the connection's id.
    #[allow(dead_code, reason = "used by the tests of closing sessions")]
    pub fn drop_queue(&mut self, person: usize) -> Option<u64> {
        let c = self.people[person].connection.take()?;
        self.collect();
        self.connections[c].rx = None;
        Some(self.connections[c].id)
    }

    /// The person's browser closes: away from the table (TDA-30).
    #[allow(dead_code, reason = "used by the tests that close browsers")]
    pub fn disconnect_person(&mut self, person: usize) {
        if let Some(c) = self.people[person].connection.take() {
            self.collect();
            let id = self.connections[c].id;
            let event = self
                .hub
                .event_mut(protocol::EventId(self.event))
                .expect("the event");
            event.unsubscribe(id, self.now);
            // Away once the grace for a reconnect passed (issue 33 item 5).
            let gone = event.away_due(self.now + server::event::AWAY_AFTER_MS);
            for command in gone {
                self.hub.submit(self.now, command).expect("presence");
            }
        }
    }

    pub fn start(&mut self) {
        self.hub
            .submit(
                self.now,
                EventCommand::Start {
                    event: protocol::EventId(self.event),
                    by: protocol::Actor::Td,
                },
            )
            .expect("started");
    }

    /// The summary, seating and standings pushed now, as the task does at most twice a second.
    pub fn flush(&mut self) {
        let now = self.now;
        self.hub
            .event_mut(protocol::EventId(self.event))
            .expect("the event")
            .flush(now);
    }

    /// Moves every message sent so far into the connections' records.
    pub fn collect(&mut self) {
        for c in &mut self.connections {
            while let Some(text) = c.rx.as_mut().and_then(Inbox::try_recv) {
                let followed = c.follower.take(&text).expect("every patch follows");
                c.received.push(followed.to_string());
                c.sent.push(text.to_string());
            }
        }
    }

    /// The latest `me` a person's connection received.
    fn latest_me(&self, person: usize) -> Option<Me> {
        let c = self.people[person].connection?;
        self.connections[c].received.iter().rev().find_map(|text| {
            match serde_json::from_str::<ServerMessage>(text) {
                Ok(ServerMessage::Me { me, .. }) => Some(*me),
                _ => None,
            }
        })
    }

    /// One step: the driver's due commands, people acting on what their browsers show, the
    /// flusher, then the clock moves on to the next thing due. False once the event is over.
    pub fn step(&mut self) -> bool {
        let now = self.now;
        self.hub
            .event_mut(protocol::EventId(self.event))
            .expect("the event")
            .set_pace(Pace {
                bot_think_ms: 1_000,
                deal_after: 0,
            });
        let next = self
            .hub
            .turn(protocol::EventId(self.event), now, |tx| Ok(drive(tx, now)))
            .expect("driven");
        self.flush();
        self.collect();
        for person in 0..self.people.len() {
            self.person_acts(person);
        }
        self.collect();
        if self
            .hub
            .room(protocol::EventId(self.event))
            .expect("the event")
            .tournament()
            .is_finished()
        {
            self.flush();
            self.collect();
            return false;
        }
        let step = next
            .map_or(1_000, |t| t.saturating_sub(self.now))
            .clamp(1, 1_000);
        self.now += step;
        true
    }

    /// A connected person whose turn it is acts at random among the legal actions, now and
    /// then a second or two later.
    fn person_acts(&mut self, person: usize) {
        let Some(me) = self.latest_me(person) else {
            return;
        };
        let Some(legal) = me
            .table
            .as_ref()
            .and_then(|t| t.you.as_ref()?.legal.clone())
        else {
            return;
        };
        let roll = self.rng.next_u64() % 100;
        let action = if roll < 15 && legal.fold {
            PlayerAction::Fold
        } else if roll < 25
            && let (Some(min), Some(max)) = (legal.min_to, legal.max_to)
        {
            let to = min + self.rng.next_u64() % (max - min + 1);
            PlayerAction::BetOrRaise { to }
        } else if legal.bring_in.is_some() {
            PlayerAction::BringIn
        } else if legal.check {
            PlayerAction::Check
        } else {
            PlayerAction::Call
        };
        let role = self.people[person].role;
        // Refusals are expected (a stale view); they must change nothing.
        let before = self.hub.log_len();
        let hand = legal.hand;
        if let Err(refusal) = self
            .hub
            .turn(protocol::EventId(self.event), self.now, |tx| {
                server::event::player_act(tx, role, hand, action)
            })
        {
            assert_eq!(
                self.hub.log_len(),
                before,
                "a refusal wrote to the log: {refusal:?}"
            );
        }
    }
}
