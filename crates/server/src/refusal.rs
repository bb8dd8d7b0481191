//! Why a command is refused: an HTTP status, a short code, what was wrong, and the rule.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::HandError;
use protocol::{ApiError, Said};
use tournament::DirectorError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub rule: Option<engine::Rule>,
    /// Seconds before trying again (a 429's `Retry-After`).
    pub retry_after: Option<u64>,
    /// The message as a key with arguments, for the pages.
    pub said: Option<Box<Said>>,
}

impl Refusal {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            code,
            message: message.into(),
            rule: None,
            retry_after: None,
            said: None,
        }
    }

    /// A refusal with its message as a key (the English text made from the same value).
    pub fn keyed(
        status: StatusCode,
        code: &'static str,
        why: &crate::said::RoomRefused,
    ) -> Refusal {
        Refusal::new(status, code, why.to_string()).with_said(crate::said::said("refused_", why))
    }

    pub fn with_said(mut self, said: Said) -> Refusal {
        self.said = Some(Box::new(said));
        self
    }

    pub fn with_rule(mut self, rule: engine::Rule) -> Refusal {
        self.rule = Some(rule);
        self
    }

    pub fn bad_config(message: String) -> Refusal {
        Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_config", message)
    }

    pub fn not_found(message: impl Into<String>) -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal::new(StatusCode::CONFLICT, code, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Refusal {
        Refusal::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn internal(message: impl Into<String>) -> Refusal {
        Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }

    /// An action the engine refused, with the rule it cites.
    pub fn hand(error: &HandError) -> Refusal {
        Refusal::hand_named(error, &|p| p.to_string())
    }

    /// An action the engine refused, its players named by `name` on the pages.
    pub fn hand_named(error: &HandError, name: &dyn Fn(engine::Player) -> String) -> Refusal {
        let code = match error {
            HandError::NotYourTurn { .. } => "not_your_turn",
            HandError::HandOver => "hand_over",
            _ => "illegal_action",
        };
        // The message names the players as the pages do, not as the engine counts them.
        let message = floor::Line::refusal(error).render(name);
        let refusal = Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
            .with_said(crate::said::hand(error, name));
        match error.rule() {
            Some(rule) => refusal.with_rule(rule),
            None => refusal,
        }
    }

    pub fn director(error: &DirectorError) -> Refusal {
        let message = error.to_string();
        let refusal = match error {
            DirectorError::Wait(..) => Refusal::conflict("wait", message),
            DirectorError::NoSuchPlayer(_) | DirectorError::NoSuchTable(_) => {
                Refusal::not_found(message)
            }
            DirectorError::NoSuchAction(_) | DirectorError::NoSuchInstruction(_) => {
                Refusal::not_found(message)
            }
            DirectorError::AlreadyStarted => Refusal::conflict("already_started", message),
            DirectorError::TooFewPlayers(_) => Refusal::conflict("too_few_players", message),
            DirectorError::Closed { why, .. } => {
                let refusal = Refusal::conflict("closed", message);
                match why.rule() {
                    Some(rule) => refusal.with_rule(rule),
                    None => refusal,
                }
            }
            DirectorError::Refused(_) => {
                Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "refused", message)
            }
            DirectorError::CannotUndo(..) => Refusal::conflict("cannot_undo", message),
            DirectorError::Table(_) => {
                Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "refused", message)
            }
            DirectorError::HandNotOver(_) | DirectorError::NoHand(_) => {
                Refusal::conflict("wait", message)
            }
            DirectorError::DealtByServer(_) | DirectorError::DealtLive(_) => {
                Refusal::conflict("wrong_mode", message)
            }
            DirectorError::BadReport { .. } => {
                Refusal::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_report", message)
            }
            DirectorError::ChipsNotConserved { .. } | DirectorError::BalanceBreach { .. } => {
                Refusal::internal(message)
            }
        };
        let refusal = match refusal.rule {
            None => match cited_rule(&refusal.message) {
                Some(rule) => refusal.with_rule(rule),
                None => refusal,
            },
            Some(_) => refusal,
        };
        refusal.with_said(crate::said::director(error))
    }

    pub fn to_api(&self) -> ApiError {
        ApiError {
            status: self.status.as_u16(),
            code: self.code.to_string(),
            message: self.message.clone(),
            rule: self.rule.map(|r| r.id().to_string()),
            // A refusal without its own message says at least its kind in the page's language.
            key: Some(
                self.said
                    .as_ref()
                    .map_or_else(|| format!("code_{}", self.code), |s| s.key.clone()),
            ),
            args: Some(
                self.said
                    .as_ref()
                    .map(|s| s.args.clone())
                    .unwrap_or_default(),
            ),
        }
    }
}

/// A refusal as an HTTP answer.
#[derive(Debug)]
pub struct Fail(pub Refusal);

impl From<Refusal> for Fail {
    fn from(r: Refusal) -> Fail {
        Fail(r)
    }
}

/// A refusal found outside an event's task, given back inside it.
impl From<Fail> for Refusal {
    fn from(f: Fail) -> Refusal {
        f.0
    }
}

impl IntoResponse for Fail {
    fn into_response(self) -> Response {
        let mut response = (self.0.status, Json(self.0.to_api())).into_response();
        if let Some(seconds) = self.0.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

/// The rule a director's refusal cites at the end of its text, `(TDA-27)` or `(TDA-RP-9,
/// HC-1.7)` (the first of them): the director's texts name their rule there, and the body's
/// `rule` must name it too.
fn cited_rule(message: &str) -> Option<engine::Rule> {
    let groups: Vec<&str> = message.split('(').skip(1).collect();
    groups
        .into_iter()
        .rev()
        .filter_map(|group| group.split(')').next())
        .find_map(|group| group.split(',').find_map(engine::Rule::parse))
}

#[cfg(test)]
mod tests {
    use super::cited_rule;

    /// The body's `rule` is the rule a director's refusal names at its end (TDA-27, TDA-RP-9).
    #[test]
    fn a_directors_refusal_names_the_rule_its_text_cites() {
        let rule = |m: &str| cited_rule(m).map(|r| r.id());
        assert_eq!(
            rule("a rebuy waits for the hand's end (TDA-27)"),
            Some("TDA-27")
        );
        assert_eq!(
            rule("table 2 cannot start a hand: the final table is being drawn (TDA-RP-9, HC-1.7)"),
            Some("TDA-RP-9")
        );
        assert_eq!(rule("no player 7 (seat 3)"), None);
        assert_eq!(rule("the clock is already stopped"), None);
    }
}
