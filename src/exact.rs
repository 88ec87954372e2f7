//! Exact fractions: the probabilities of chance moves and the values averaging makes.
//!
//! The search core counts in `i32`. A graph with chance nodes fixes one denominator `S` (its
//! *scale*) such that every value a search can meet, including every partial average and the
//! bounds chance pruning computes, is a whole multiple of 1/S. The core then searches the
//! scaled integers exactly, and the views divide by S to show them (`value::written`): no
//! float is ever part of a value. This module is the arithmetic that sets that up.

use std::cmp::Ordering;
use std::fmt;

/// A fraction in lowest terms with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i64,
    den: i64,
}

impl Default for Ratio {
    fn default() -> Ratio {
        Ratio::ZERO
    }
}

pub fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

/// The least common multiple, `None` past `i64`.
pub fn lcm(a: i64, b: i64) -> Option<i64> {
    if a == 0 || b == 0 {
        return Some(0);
    }
    (a / gcd(a, b)).checked_mul(b).map(i64::abs)
}

/// The value of `text` when it is written as a number (digits with an optional sign, point
/// and exponent, or two such split by '/'), whether or not a `Ratio` holds it: what tells a
/// number out of range ("1e30", 2^64) from text that is no number at all ("abc").
pub fn written_value(text: &str) -> Option<f64> {
    let one = |t: &str| {
        let t = t.trim();
        let digits = t.bytes().any(|b| b.is_ascii_digit());
        let syntax = t
            .bytes()
            .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
        (digits && syntax).then(|| t.parse::<f64>().ok()).flatten()
    };
    match text.split_once('/') {
        Some((n, d)) => Some(one(n)? / one(d)?),
        None => one(text),
    }
}

impl Ratio {
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num/den` in lowest terms; `None` for a zero denominator or past `i64`.
    pub fn new(num: i64, den: i64) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (num, den) = (num / g, den / g);
        if den < 0 {
            Some(Ratio {
                num: num.checked_neg()?,
                den: den.checked_neg()?,
            })
        } else {
            Some(Ratio { num, den })
        }
    }

    pub fn int(v: i64) -> Ratio {
        Ratio { num: v, den: 1 }
    }

    pub fn num(self) -> i64 {
        self.num
    }

    pub fn den(self) -> i64 {
        self.den
    }

    fn from_i128(num: i128, den: i128) -> Option<Ratio> {
        let g = {
            let (mut a, mut b) = (num.unsigned_abs(), den.unsigned_abs());
            while b != 0 {
                (a, b) = (b, a % b);
            }
            (a as i128).max(1)
        };
        Ratio::new(i64::try_from(num / g).ok()?, i64::try_from(den / g).ok()?)
    }

    pub fn checked_add(self, o: Ratio) -> Option<Ratio> {
        Ratio::from_i128(
            self.num as i128 * o.den as i128 + o.num as i128 * self.den as i128,
            self.den as i128 * o.den as i128,
        )
    }

    pub fn checked_sub(self, o: Ratio) -> Option<Ratio> {
        self.checked_add(Ratio {
            num: o.num.checked_neg()?,
            den: o.den,
        })
    }

    pub fn checked_mul(self, o: Ratio) -> Option<Ratio> {
        Ratio::from_i128(
            self.num as i128 * o.num as i128,
            self.den as i128 * o.den as i128,
        )
    }

    /// The absolute value (saturating at −2^63, which no parsed value reaches).
    pub fn abs(self) -> Ratio {
        Ratio {
            num: self.num.saturating_abs(),
            den: self.den,
        }
    }

    /// Whether |self| > `limit`.
    pub fn abs_above(self, limit: i64) -> bool {
        i128::from(self.num).abs() > i128::from(limit) * i128::from(self.den)
    }

    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// Whether the decimal expansion ends (the denominator has no prime but 2 and 5).
    pub fn is_short_decimal(self) -> bool {
        let mut d = self.den;
        for p in [2, 5] {
            while d % p == 0 {
                d /= p;
            }
        }
        d == 1
    }

    /// The nearest `f64` (for JSON numbers, which round to 6 decimals anyway).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Reads `0.25`, `-3`, `1/36`, `1e-2`, `2.5E+1` exactly (as written, not through a
    /// float). `None` when the text is none of these.
    pub fn parse(text: &str) -> Option<Ratio> {
        let text = text.trim();
        if let Some((n, d)) = text.split_once('/') {
            let n = Ratio::parse_decimal(n.trim())?;
            let d = Ratio::parse_decimal(d.trim())?;
            if d.num == 0 {
                return None;
            }
            return n.checked_mul(Ratio::new(d.den, d.num)?);
        }
        Ratio::parse_decimal(text)
    }

    fn parse_decimal(text: &str) -> Option<Ratio> {
        let (mantissa, exponent) = match text.find(['e', 'E']) {
            Some(at) => (&text[..at], text[at + 1..].parse::<i32>().ok()?),
            None => (text, 0),
        };
        let (negative, digits) = match mantissa.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
        };
        let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() && frac.is_empty()
            || !whole
                .bytes()
                .chain(frac.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let mut num: i128 = 0;
        for b in whole.bytes().chain(frac.bytes()) {
            num = num.checked_mul(10)?.checked_add((b - b'0') as i128)?;
        }
        let shift = exponent.checked_sub(frac.len() as i32)?;
        if shift.unsigned_abs() > 30 {
            return None;
        }
        let power = 10i128.pow(shift.unsigned_abs());
        let (num, den) = if shift >= 0 {
            (num.checked_mul(power)?, 1)
        } else {
            (num, power)
        };
        Ratio::from_i128(if negative { -num } else { num }, den)
    }

    /// For people: an integer or a short decimal as such (`3.5`, `0.25`); any other fraction
    /// as a rounded decimal with the fraction beside it (`6.33 (19/3)`).
    pub fn pretty(self) -> String {
        if self.is_short_decimal() {
            self.to_string()
        } else {
            format!("{:.2} ({}/{})", self.to_f64(), self.num, self.den)
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        (self.num as i128 * o.den as i128).cmp(&(o.num as i128 * self.den as i128))
    }
}

/// Exact: an integer, a terminating decimal (`3.5`), or `num/den`.
impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        if !self.is_short_decimal() {
            return write!(f, "{}/{}", self.num, self.den);
        }
        // Multiply up to the smallest power of ten it divides: 10^max(twos, fives) places.
        let (mut twos, mut fives, mut d) = (0u32, 0u32, self.den as i128);
        while d % 2 == 0 {
            d /= 2;
            twos += 1;
        }
        while d % 5 == 0 {
            d /= 5;
            fives += 1;
        }
        let places = twos.max(fives);
        let Some(num) = 10i128
            .checked_pow(places)
            .and_then(|p| (self.num as i128).checked_mul(p / self.den as i128))
        else {
            return write!(f, "{}/{}", self.num, self.den);
        };
        let sign = if num < 0 { "-" } else { "" };
        let digits = format!(
            "{:0>width$}",
            num.unsigned_abs(),
            width = places as usize + 1
        );
        let (whole, frac) = digits.split_at(digits.len() - places as usize);
        write!(f, "{sign}{whole}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> Ratio {
        Ratio::new(n, d).unwrap()
    }

    #[test]
    fn parses_decimals_and_fractions_exactly() {
        assert_eq!(Ratio::parse("0.25"), Some(r(1, 4)));
        assert_eq!(Ratio::parse("1/36"), Some(r(1, 36)));
        assert_eq!(Ratio::parse("-3"), Some(r(-3, 1)));
        assert_eq!(Ratio::parse("1e-2"), Some(r(1, 100)));
        assert_eq!(Ratio::parse("2.5E+1"), Some(r(25, 1)));
        assert_eq!(Ratio::parse("0.1"), Some(r(1, 10)));
        for bad in [
            "", ".", "1/0", "a", "1.2.3", "--1", "1/", "1e", "0x10", "1e99999",
        ] {
            assert_eq!(Ratio::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn sums_are_exact() {
        // Backgammon's 21 rolls: six doubles of 1/36 and fifteen others of 1/18.
        let mut total = Ratio::ZERO;
        for _ in 0..6 {
            total = total.checked_add(r(1, 36)).unwrap();
        }
        for _ in 0..15 {
            total = total.checked_add(r(1, 18)).unwrap();
        }
        assert_eq!(total, Ratio::ONE);
        let tenths = (0..3).fold(Ratio::ZERO, |t, _| t.checked_add(r(3, 10)).unwrap());
        assert_eq!(tenths, r(9, 10));
        assert!(r(1, 3) < r(1, 2));
        assert_eq!(lcm(4, 6), Some(12));
    }

    #[test]
    fn writes_short_decimals_and_fractions() {
        assert_eq!(r(7, 2).to_string(), "3.5");
        assert_eq!(r(-1, 4).to_string(), "-0.25");
        assert_eq!(r(1, 40).to_string(), "0.025");
        // One place per factor of ten, not per prime factor (0.9, not 0.90).
        assert_eq!(r(9, 10).to_string(), "0.9");
        assert_eq!(r(1, 100).to_string(), "0.01");
        assert_eq!(r(-3, 20).to_string(), "-0.15");
        assert_eq!(r(19, 3).to_string(), "19/3");
        assert_eq!(r(19, 3).pretty(), "6.33 (19/3)");
        assert_eq!(r(23, 3).pretty(), "7.67 (23/3)");
        assert_eq!(r(4, 1).pretty(), "4");
    }
}
