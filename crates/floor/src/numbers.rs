//! Amounts said aloud or typed: "3000", "3.000", "8k", "eight thousand", "fourteen hundred",
//! "vierzehnhundert", "zweiundvierzigtausend", "42 tausend".

/// Parses the amount that starts at `tokens[0]`; returns it with the number of tokens it used.
pub(crate) fn amount(tokens: &[&str]) -> Option<(u64, usize)> {
    let first = *tokens.first()?;
    if let Some(n) = digits(first) {
        // "42 tausend", "5 thousand"
        return Some(match tokens.get(1).and_then(|t| multiplier(t)) {
            Some(m) => (n.checked_mul(m)?, 2),
            None => (n, 1),
        });
    }
    if let Some(n) = german(first) {
        return Some((n, 1));
    }
    english(tokens)
}

/// Digits with thousands separators ("3.000", "3,000", "3'000") or a k suffix ("8k", "2,5k").
fn digits(token: &str) -> Option<u64> {
    let t = token.trim_end_matches(['.', ',']);
    if let Some(k) = t.strip_suffix(['k', 'K']) {
        let k = k.replace(',', ".");
        let (whole, frac) = k.split_once('.').unwrap_or((&k, ""));
        if whole.is_empty() && frac.is_empty() || frac.len() > 3 {
            return None;
        }
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let frac_value: u64 = if frac.is_empty() {
            0
        } else {
            frac.parse::<u64>().ok()? * 10u64.pow(3 - frac.len() as u32)
        };
        return whole.checked_mul(1000)?.checked_add(frac_value);
    }
    if !t.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let groups: Vec<&str> = t.split(['.', ',', '\'']).collect();
    let grouped =
        groups.len() > 1 && groups[0].len() <= 3 && groups[1..].iter().all(|g| g.len() == 3);
    if groups.len() > 1 && !grouped {
        return None;
    }
    groups.concat().parse().ok()
}

fn multiplier(token: &str) -> Option<u64> {
    match token {
        "hundert" | "hundred" => Some(100),
        "tausend" | "thousand" | "k" => Some(1000),
        "million" | "millionen" | "mio" => Some(1_000_000),
        _ => None,
    }
}

/// A German number word, written as one compound.
fn german(word: &str) -> Option<u64> {
    let w = word
        .replace('-', "")
        .replace("ü", "ue")
        .replace("ö", "oe")
        .replace("ß", "ss");
    if let Some((high, low)) = w.split_once("tausend") {
        let high = if high.is_empty() {
            1
        } else {
            german_below_1000(high)?
        };
        let low = if low.is_empty() {
            0
        } else {
            german_below_1000(low)?
        };
        return Some(high * 1000 + low);
    }
    german_below_1000(&w)
}

fn german_below_1000(w: &str) -> Option<u64> {
    if let Some((high, low)) = w.split_once("hundert") {
        // "vierzehnhundert" is 1400.
        let high = if high.is_empty() {
            1
        } else {
            german_below_100(high)?
        };
        let low = if low.is_empty() {
            0
        } else {
            german_below_100(low)?
        };
        return Some(high * 100 + low);
    }
    german_below_100(w)
}

fn german_below_100(w: &str) -> Option<u64> {
    let w = w.strip_prefix("und").unwrap_or(w);
    if let Some(n) = german_word(w) {
        return Some(n);
    }
    let (unit, tens) = w.split_once("und")?;
    let (unit, tens) = (german_word(unit)?, german_word(tens)?);
    (unit < 10 && tens >= 20 && tens % 10 == 0).then_some(tens + unit)
}

fn german_word(w: &str) -> Option<u64> {
    Some(match w {
        "null" => 0,
        "ein" | "eins" | "eine" | "einen" => 1,
        "zwei" => 2,
        "drei" => 3,
        "vier" => 4,
        "fuenf" => 5,
        "sechs" => 6,
        "sieben" => 7,
        "acht" => 8,
        "neun" => 9,
        "zehn" => 10,
        "elf" => 11,
        "zwoelf" => 12,
        "dreizehn" => 13,
        "vierzehn" => 14,
        "fuenfzehn" => 15,
        "sechzehn" => 16,
        "siebzehn" => 17,
        "achtzehn" => 18,
        "neunzehn" => 19,
        "zwanzig" => 20,
        "dreissig" => 30,
        "vierzig" => 40,
        "fuenfzig" => 50,
        "sechzig" => 60,
        "siebzig" => 70,
        "achtzig" => 80,
        "neunzig" => 90,
        _ => return None,
    })
}

fn english_word(w: &str) -> Option<u64> {
    Some(match w {
        "zero" => 0,
        "one" | "a" | "an" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "thirteen" => 13,
        "fourteen" => 14,
        "fifteen" => 15,
        "sixteen" => 16,
        "seventeen" => 17,
        "eighteen" => 18,
        "nineteen" => 19,
        "twenty" => 20,
        "thirty" => 30,
        "forty" => 40,
        "fifty" => 50,
        "sixty" => 60,
        "seventy" => 70,
        "eighty" => 80,
        "ninety" => 90,
        _ => return None,
    })
}

/// English number words over several tokens: "eight thousand five hundred", "forty-two".
fn english(tokens: &[&str]) -> Option<(u64, usize)> {
    let (mut total, mut current, mut used, mut any) = (0u64, 0u64, 0usize, false);
    for (i, token) in tokens.iter().enumerate() {
        let value = token
            .split('-')
            .map(english_word)
            .try_fold(0, |sum, v| v.map(|v| sum + v));
        let step = match (value, *token) {
            (Some(v), _) if !(*token == "a" || *token == "an") || next_is_scale(tokens, i) => {
                current += v;
                true
            }
            (_, "hundred") if any => {
                current = current.max(1) * 100;
                true
            }
            (_, "thousand") if any => {
                total += current.max(1) * 1000;
                current = 0;
                true
            }
            (_, "and") if any && tokens.get(i + 1).is_some_and(|t| english_word(t).is_some()) => {
                true
            }
            _ => false,
        };
        if !step {
            break;
        }
        any = true;
        used = i + 1;
    }
    any.then_some((total + current, used))
}

fn next_is_scale(tokens: &[&str], i: usize) -> bool {
    matches!(tokens.get(i + 1), Some(&"hundred" | &"thousand"))
}

#[cfg(test)]
mod tests {
    use super::amount;

    fn said(text: &str) -> Option<u64> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        amount(&tokens).map(|(n, _)| n)
    }

    #[test]
    fn digits_words_and_compounds() {
        for (text, want) in [
            ("3000", 3000),
            ("3.000", 3000),
            ("3,000", 3000),
            ("8k", 8000),
            ("2,5k", 2500),
            ("1.5k", 1500),
            ("42 tausend", 42000),
            ("five", 5),
            ("eight thousand", 8000),
            ("fourteen hundred", 1400),
            ("eight thousand five hundred", 8500),
            ("forty-two thousand", 42000),
            ("a thousand", 1000),
            ("vierzehnhundert", 1400),
            ("achttausend", 8000),
            ("zweiundvierzigtausend", 42000),
            ("eintausendfünfhundert", 1500),
            ("fünf", 5),
            ("zweihundertfünfzig", 250),
        ] {
            assert_eq!(said(text), Some(want), "{text}");
        }
        assert_eq!(said("raise"), None);
        assert_eq!(said("a"), None);
        assert_eq!(said("1,23"), None);
    }
}
