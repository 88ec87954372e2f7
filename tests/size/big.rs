//! The tests' own big integers (base 10^9 limbs): the oracle arithmetic of `tests/size.rs`
//! and `tests/size_lessons.rs`, written apart from the program's.
#![allow(dead_code)]

/// A non-negative integer as base-10^9 limbs, least significant first.
#[derive(Clone, Debug, PartialEq)]
pub struct Big(pub Vec<u64>);

pub const LIMB: u64 = 1_000_000_000;

impl Big {
    pub fn small(n: u64) -> Big {
        let mut b = Big(vec![0]);
        b.add_small(n);
        b
    }
    pub fn add_small(&mut self, n: u64) {
        let mut carry = n;
        for limb in &mut self.0 {
            let v = *limb + carry;
            *limb = v % LIMB;
            carry = v / LIMB;
            if carry == 0 {
                return;
            }
        }
        while carry > 0 {
            self.0.push(carry % LIMB);
            carry /= LIMB;
        }
    }
    pub fn add(&self, other: &Big) -> Big {
        let mut out = Vec::new();
        let mut carry = 0;
        for i in 0..self.0.len().max(other.0.len()) {
            let v = self.0.get(i).unwrap_or(&0) + other.0.get(i).unwrap_or(&0) + carry;
            out.push(v % LIMB);
            carry = v / LIMB;
        }
        if carry > 0 {
            out.push(carry);
        }
        Big(out)
    }
    pub fn times(&self, m: u64) -> Big {
        let mut out = Vec::new();
        let mut carry = 0u128;
        for &limb in &self.0 {
            let v = limb as u128 * m as u128 + carry;
            out.push((v % LIMB as u128) as u64);
            carry = v / LIMB as u128;
        }
        while carry > 0 {
            out.push((carry % LIMB as u128) as u64);
            carry /= LIMB as u128;
        }
        Big(out)
    }
    /// self − 1, for self ≥ 1.
    pub fn minus_one(&self) -> Big {
        let mut out = self.0.clone();
        for limb in &mut out {
            if *limb > 0 {
                *limb -= 1;
                break;
            }
            *limb = LIMB - 1;
        }
        Big(out)
    }
    pub fn decimal(&self) -> String {
        let mut limbs = self.0.clone();
        while limbs.len() > 1 && *limbs.last().unwrap() == 0 {
            limbs.pop();
        }
        let mut s = limbs.last().unwrap().to_string();
        for limb in limbs.iter().rev().skip(1) {
            s += &format!("{limb:09}");
        }
        s
    }
}

pub fn pow(b: u64, e: u32) -> Big {
    (0..e).fold(Big::small(1), |acc, _| acc.times(b))
}

impl Big {
    /// ⌊self / m⌋ (long division from the top limb).
    pub fn div_small(&self, m: u64) -> Big {
        let mut out = vec![0u64; self.0.len()];
        let mut rem = 0u128;
        for i in (0..self.0.len()).rev() {
            let cur = rem * LIMB as u128 + self.0[i] as u128;
            out[i] = (cur / m as u128) as u64;
            rem = cur % m as u128;
        }
        Big(out)
    }
    /// self mod m.
    pub fn rem_small(&self, m: u64) -> u64 {
        let mut rem = 0u128;
        for i in (0..self.0.len()).rev() {
            rem = (rem * LIMB as u128 + self.0[i] as u128) % m as u128;
        }
        rem as u64
    }
    /// log10, from the leading digits and the digit count.
    pub fn log10(&self) -> f64 {
        let digits = self.decimal();
        let head: f64 = digits[..digits.len().min(15)].parse().unwrap();
        (digits.len() - digits.len().min(15)) as f64 + head.log10()
    }
    /// The value, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        self.decimal().parse().ok()
    }
}
