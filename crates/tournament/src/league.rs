//! League points by the event's formula. HC-4 defers to the club's league concept, so the
//! formula is configuration: a small arithmetic language over the result of one entry, e.g.
//! `10 * sqrt(entrants) / sqrt(place)`.

use crate::config::Money;

/// What a formula may use about one finisher.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeagueVars {
    pub entrants: u32,
    /// 1 is the winner.
    pub place: u32,
    pub buy_in: Money,
    pub prize: Money,
    pub knockouts: u32,
}

/// A parsed league formula.
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    root: Node,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Var {
    Entrants,
    Place,
    BuyIn,
    Prize,
    Knockouts,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Func {
    Sqrt,
    Ln,
    Log10,
    Round,
    Floor,
    Ceil,
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

#[derive(Clone, Debug, PartialEq)]
enum Node {
    Number(f64),
    Var(Var),
    Neg(Box<Node>),
    Binary(Op, Box<Node>, Box<Node>),
    Call(Func, Vec<Node>),
}

impl Formula {
    /// Parses a formula; the error says what is wrong and where (1-based character position).
    pub fn parse(text: &str) -> Result<Formula, String> {
        let mut parser = Parser {
            chars: text.chars().collect(),
            pos: 0,
            depth: 0,
        };
        let root = parser.expr()?;
        parser.skip_space();
        if let Some(c) = parser.peek() {
            return Err(parser.error(format!("unexpected `{c}`")));
        }
        Ok(Formula { root })
    }

    /// The points for one finisher, rounded to the nearest whole point; a result that is not a
    /// finite number (a square root of a negative, a division by zero) counts 0.
    pub fn points(&self, vars: &LeagueVars) -> i64 {
        let value = eval(&self.root, vars);
        if value.is_finite() {
            value.round() as i64
        } else {
            0
        }
    }
}

fn eval(node: &Node, vars: &LeagueVars) -> f64 {
    match node {
        Node::Number(n) => *n,
        Node::Var(var) => match var {
            Var::Entrants => f64::from(vars.entrants),
            Var::Place => f64::from(vars.place),
            Var::BuyIn => vars.buy_in.0 as f64,
            Var::Prize => vars.prize.0 as f64,
            Var::Knockouts => f64::from(vars.knockouts),
        },
        Node::Neg(inner) => -eval(inner, vars),
        Node::Binary(op, a, b) => {
            let (a, b) = (eval(a, vars), eval(b, vars));
            match op {
                Op::Add => a + b,
                Op::Sub => a - b,
                Op::Mul => a * b,
                Op::Div => a / b,
            }
        }
        Node::Call(func, args) => {
            let arg = |i: usize| eval(&args[i], vars);
            match func {
                Func::Sqrt => arg(0).sqrt(),
                Func::Ln => arg(0).ln(),
                Func::Log10 => arg(0).log10(),
                Func::Round => arg(0).round(),
                Func::Floor => arg(0).floor(),
                Func::Ceil => arg(0).ceil(),
                Func::Min => arg(0).min(arg(1)),
                Func::Max => arg(0).max(arg(1)),
            }
        }
    }
}

/// Recursive descent: expr = term {(+|-) term}; term = unary {(*|/) unary};
/// unary = - unary | primary; primary = number | variable | function ( args ) | ( expr ).
struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

const MAX_DEPTH: usize = 64;

impl Parser {
    fn error(&self, what: String) -> String {
        format!("{what} at {}", self.pos + 1)
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// Consumes `c` if it comes next.
    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        let found = self.peek() == Some(c);
        self.pos += usize::from(found);
        found
    }

    fn expr(&mut self) -> Result<Node, String> {
        let mut left = self.term()?;
        loop {
            let op = if self.eat('+') {
                Op::Add
            } else if self.eat('-') {
                Op::Sub
            } else {
                return Ok(left);
            };
            left = Node::Binary(op, Box::new(left), Box::new(self.term()?));
        }
    }

    fn term(&mut self) -> Result<Node, String> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat('*') {
                Op::Mul
            } else if self.eat('/') {
                Op::Div
            } else {
                return Ok(left);
            };
            left = Node::Binary(op, Box::new(left), Box::new(self.unary()?));
        }
    }

    /// Every nesting, by brackets or signs, passes here; bounded so no formula can exhaust
    /// the stack.
    fn unary(&mut self) -> Result<Node, String> {
        if self.depth == MAX_DEPTH {
            return Err(self.error(format!("nested more than {MAX_DEPTH} deep")));
        }
        self.depth += 1;
        let node = if self.eat('-') {
            self.unary().map(|inner| Node::Neg(Box::new(inner)))
        } else {
            self.primary()
        };
        self.depth -= 1;
        node
    }

    fn primary(&mut self) -> Result<Node, String> {
        self.skip_space();
        match self.peek() {
            None => Err(self
                .error("unexpected end of formula, expected a number, a variable or `(`".into())),
            Some('(') => {
                self.pos += 1;
                let inner = self.expr()?;
                self.close()?;
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) if c.is_ascii_alphabetic() || c == '_' => self.name(),
            Some(c) => Err(self.error(format!("unexpected `{c}`"))),
        }
    }

    fn close(&mut self) -> Result<(), String> {
        if self.eat(')') {
            return Ok(());
        }
        Err(match self.peek() {
            Some(c) => self.error(format!("expected `)`, found `{c}`")),
            None => self.error("expected `)` before the end".into()),
        })
    }

    fn number(&mut self) -> Result<Node, String> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        text.parse().map(Node::Number).map_err(|_| {
            self.pos = start;
            self.error(format!("bad number `{text}`"))
        })
    }

    fn name(&mut self) -> Result<Node, String> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        let func = match name.as_str() {
            "sqrt" => Some((Func::Sqrt, 1)),
            "ln" => Some((Func::Ln, 1)),
            "log10" => Some((Func::Log10, 1)),
            "round" => Some((Func::Round, 1)),
            "floor" => Some((Func::Floor, 1)),
            "ceil" => Some((Func::Ceil, 1)),
            "min" => Some((Func::Min, 2)),
            "max" => Some((Func::Max, 2)),
            _ => None,
        };
        if let Some((func, arity)) = func {
            if !self.eat('(') {
                return Err(self.error(format!("expected `(` after `{name}`")));
            }
            let mut args = vec![self.expr()?];
            while self.eat(',') {
                args.push(self.expr()?);
            }
            if args.len() != arity {
                self.pos = start;
                return Err(self.error(format!(
                    "`{name}` takes {arity} argument{}, not {}",
                    if arity == 1 { "" } else { "s" },
                    args.len()
                )));
            }
            self.close()?;
            return Ok(Node::Call(func, args));
        }
        let var = match name.as_str() {
            "entrants" => Var::Entrants,
            "place" => Var::Place,
            "buy_in" => Var::BuyIn,
            "prize" => Var::Prize,
            "knockouts" => Var::Knockouts,
            _ => {
                self.skip_space();
                let what = if self.peek() == Some('(') {
                    "unknown function"
                } else {
                    "unknown variable"
                };
                self.pos = start;
                return Err(self.error(format!("{what} `{name}`")));
            }
        };
        Ok(Node::Var(var))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(entrants: u32, place: u32) -> LeagueVars {
        LeagueVars {
            entrants,
            place,
            ..LeagueVars::default()
        }
    }

    fn points(formula: &str, vars: &LeagueVars) -> i64 {
        Formula::parse(formula).unwrap().points(vars)
    }

    #[test]
    fn square_root_formula() {
        // HC-4 leaves the formula to the league concept; a common one: 10 * sqrt(n) / sqrt(p).
        let f = "10 * sqrt(entrants) / sqrt(place)";
        assert_eq!(points(f, &vars(25, 1)), 50);
        assert_eq!(points(f, &vars(25, 4)), 25);
        // 10 * sqrt(20) / sqrt(3) = 25.82
        assert_eq!(points(f, &vars(20, 3)), 26);
        assert_eq!(points(f, &vars(16, 16)), 10);
    }

    #[test]
    fn precedence_and_associativity() {
        let v = vars(0, 0);
        assert_eq!(points("2 + 3 * 4", &v), 14);
        assert_eq!(points("(2 + 3) * 4", &v), 20);
        assert_eq!(points("20 - 5 - 3", &v), 12);
        assert_eq!(points("64 / 4 / 2", &v), 8);
        assert_eq!(points("-2 * -3", &v), 6);
        assert_eq!(points("--4 - -1", &v), 5);
        assert_eq!(points("10 - 2 * 3 + 8 / 4", &v), 6);
    }

    #[test]
    fn functions_and_variables() {
        let v = LeagueVars {
            entrants: 30,
            place: 2,
            buy_in: Money(200),
            prize: Money(750),
            knockouts: 3,
        };
        assert_eq!(points("prize / buy_in", &v), 4);
        assert_eq!(points("knockouts * 5 + max(0, 31 - place * 10)", &v), 26);
        assert_eq!(points("min(entrants, 12)", &v), 12);
        assert_eq!(points("floor(2.9) + ceil(2.1) + round(2.5)", &v), 8);
        assert_eq!(points("ln(1) + log10(1000) * 100", &v), 300);
        assert_eq!(points("100 * ln(entrants) / ln(10)", &v), 148);
        assert_eq!(points("  .5 + 1.25 ", &v), 2);
    }

    #[test]
    fn not_a_number_counts_zero() {
        let v = vars(10, 1);
        assert_eq!(points("sqrt(-place)", &v), 0);
        assert_eq!(points("entrants / (place - 1)", &v), 0);
        assert_eq!(points("ln(0)", &v), 0);
        assert_eq!(points("-2.5", &v), -3);
    }

    #[test]
    fn errors_say_what_and_where() {
        let err = |f: &str| Formula::parse(f).unwrap_err();
        assert_eq!(
            err("10 * sqrt(entrants) / sqrt(plase)"),
            "unknown variable `plase` at 28"
        );
        assert_eq!(err("squrt(place)"), "unknown function `squrt` at 1");
        assert_eq!(err("min(place)"), "`min` takes 2 arguments, not 1 at 1");
        assert_eq!(err("sqrt(place, 2)"), "`sqrt` takes 1 argument, not 2 at 1");
        assert_eq!(err("(1 + 2"), "expected `)` before the end at 7");
        assert_eq!(err("1 + 2)"), "unexpected `)` at 6");
        assert_eq!(
            err("2 * "),
            "unexpected end of formula, expected a number, a variable or `(` at 5"
        );
        assert_eq!(
            err(""),
            "unexpected end of formula, expected a number, a variable or `(` at 1"
        );
        assert_eq!(err("1.2.3"), "bad number `1.2.3` at 1");
        assert_eq!(err("2 ^ 3"), "unexpected `^` at 3");
        assert_eq!(err("sqrt place"), "expected `(` after `sqrt` at 6");
        assert_eq!(err("2 place"), "unexpected `p` at 3");
        let deep = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        assert_eq!(err(&deep), "nested more than 64 deep at 65");
        assert!(Formula::parse(&format!("{}1{}", "(".repeat(60), ")".repeat(60))).is_ok());
        assert!(err(&"-".repeat(100_000)).starts_with("nested more than 64 deep"));
    }
}
