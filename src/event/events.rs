//! A recorded run's events, in order. Most are kept in one 8-byte word each (`compact`); an
//! event whose numbers do not fit its kind's word is kept whole in its 16-byte `Packed` form
//! in a side list, and its word says where. Every event is handed out as the `Event` every
//! producer and view matches on, by value (an event is a small `Copy` value, and the stored
//! form has no `Event` to lend). Written and read, the list is exactly the JSON array of
//! events it always was.

use std::fmt;
use std::iter::FusedIterator;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Event;
use super::compact::{self, TAG_BITS, WIDE};
use super::packed::Packed;

/// Every event of a run in order: one word each, and the events no word can hold.
#[derive(Clone, Default)]
pub struct Events {
    words: Vec<u64>,
    /// The events kept whole, each named by the word of tag `WIDE` in its place.
    wide: Vec<Packed>,
}

/// The event a word stands for.
#[inline]
fn read(word: u64, wide: &[Packed]) -> Event {
    if word & ((1 << TAG_BITS) - 1) == WIDE {
        wide[(word >> TAG_BITS) as usize].into()
    } else {
        compact::unpack(word)
    }
}

impl Events {
    pub fn new() -> Events {
        Events::default()
    }

    /// The word for `event`: its compact form, or the place it is now kept whole at.
    #[inline]
    fn word(&mut self, event: Event) -> u64 {
        compact::pack(event).unwrap_or_else(|| {
            self.wide.push(event.into());
            ((self.wide.len() - 1) as u64) << TAG_BITS | WIDE
        })
    }

    #[inline]
    pub fn push(&mut self, event: Event) {
        let word = self.word(event);
        self.words.push(word);
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn get(&self, index: usize) -> Option<Event> {
        self.words.get(index).map(|&w| read(w, &self.wide))
    }

    /// The event at `index`, which must be one (as `events[index]` on a slice).
    #[inline]
    pub fn at(&self, index: usize) -> Event {
        read(self.words[index], &self.wide)
    }

    /// Replaces the event at `index`, which must be one. (An event kept whole that is
    /// replaced stays in the side list, unused: editing is for tests and small traces.)
    pub fn set(&mut self, index: usize, event: Event) {
        assert!(index < self.words.len(), "no event {index}");
        let word = self.word(event);
        self.words[index] = word;
    }

    pub fn insert(&mut self, index: usize, event: Event) {
        assert!(index <= self.words.len(), "no place {index}");
        let word = self.word(event);
        self.words.insert(index, word);
    }

    pub fn remove(&mut self, index: usize) -> Event {
        let event = self.at(index);
        self.words.remove(index);
        event
    }

    pub fn swap(&mut self, a: usize, b: usize) {
        self.words.swap(a, b);
    }

    pub fn last(&self) -> Option<Event> {
        self.words.last().map(|&w| read(w, &self.wide))
    }

    pub fn iter(&self) -> Iter<'_> {
        Iter {
            words: self.words.iter(),
            wide: &self.wide,
        }
    }

    pub fn clear(&mut self) {
        self.words.clear();
        self.wide.clear();
    }

    pub fn truncate(&mut self, len: usize) {
        self.words.truncate(len);
        if self.words.is_empty() {
            self.wide.clear();
        }
    }

    pub fn shrink_to_fit(&mut self) {
        self.words.shrink_to_fit();
        self.wide.shrink_to_fit();
    }

    /// Bytes the events themselves take (their stored form, growth slack not counted).
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(self.words.as_slice()) + std::mem::size_of_val(self.wide.as_slice())
    }
}

impl PartialEq for Events {
    /// The same events in the same order, however each is stored.
    fn eq(&self, other: &Events) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Events {}

/// The events of an `Events`, each unpacked as it is reached.
#[derive(Clone)]
pub struct Iter<'a> {
    words: std::slice::Iter<'a, u64>,
    wide: &'a [Packed],
}

impl Iterator for Iter<'_> {
    type Item = Event;

    #[inline]
    fn next(&mut self) -> Option<Event> {
        self.words.next().map(|&w| read(w, self.wide))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.words.size_hint()
    }

    #[inline]
    fn nth(&mut self, n: usize) -> Option<Event> {
        self.words.nth(n).map(|&w| read(w, self.wide))
    }

    fn count(self) -> usize {
        self.words.len()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Event> {
        self.words.next_back().map(|&w| read(w, self.wide))
    }

    #[inline]
    fn nth_back(&mut self, n: usize) -> Option<Event> {
        self.words.nth_back(n).map(|&w| read(w, self.wide))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl FusedIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Events {
    type Item = Event;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl fmt::Debug for Events {
    /// As the list of events it stands for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Event> for Events {
    fn from_iter<I: IntoIterator<Item = Event>>(events: I) -> Events {
        let mut out = Events::new();
        out.extend(events);
        out
    }
}

impl Extend<Event> for Events {
    fn extend<I: IntoIterator<Item = Event>>(&mut self, events: I) {
        let events = events.into_iter();
        self.words.reserve(events.size_hint().0);
        for event in events {
            self.push(event);
        }
    }
}

impl From<Vec<Event>> for Events {
    fn from(events: Vec<Event>) -> Events {
        events.into_iter().collect()
    }
}

impl<const N: usize> From<[Event; N]> for Events {
    fn from(events: [Event; N]) -> Events {
        events.into_iter().collect()
    }
}

impl Serialize for Events {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Events {
    /// Stores each event as it is read, so a long trace never exists as a list of `Event`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Events, D::Error> {
        struct Seq;
        impl<'de> Visitor<'de> for Seq {
            type Value = Events;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                // What a `Vec<Event>` says, so a malformed trace reads the same as before.
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Events, A::Error> {
                // The hint comes from the input: trust it only so far.
                let mut out = Events::new();
                out.words.reserve(seq.size_hint().unwrap_or(0).min(1 << 16));
                while let Some(event) = seq.next_element::<Event>()? {
                    out.push(event);
                }
                Ok(out)
            }
        }
        deserializer.deserialize_seq(Seq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Bound;

    fn three() -> Vec<Event> {
        vec![
            Event::PassStart { depth: 1 },
            Event::Bound(Bound::Best {
                state: 2,
                value: -3,
                mv: 1,
            }),
            Event::Unwind { state: 2 },
        ]
    }

    /// The events of a plain alpha-beta call with quiescence, as a heavy run records them
    /// by the million: scores within a few thousand, the open window ±INF.
    fn common() -> Vec<Event> {
        use crate::event::ReturnKind;
        use crate::game::Side;
        use crate::value::{Flag, INF};
        vec![
            Event::Enter {
                state: 63,
                turn: Side::Min,
                depth: 12,
                qleft: 6,
                alpha: -INF,
                beta: INF,
            },
            Event::Order {
                state: 63,
                start: 5_500_000,
                len: 66,
            },
            Event::Push {
                state: 7,
                mv: 65,
                pos: 3,
            },
            Event::Pop {
                state: 7,
                value: -993,
            },
            Event::Bound(Bound::Read {
                state: 7,
                value: 991,
                terminal: false,
            }),
            Event::Bound(Bound::StandPat {
                state: 7,
                value: 991,
                cutoff: true,
            }),
            Event::Bound(Bound::Window {
                state: 7,
                alpha: -993,
                beta: INF,
            }),
            Event::Bound(Bound::Cutoff {
                state: 7,
                pos: 2,
                alpha: 40,
                beta: 12,
            }),
            Event::Return {
                state: 63,
                value: -INF,
                mv: -1,
                how: ReturnKind::Searched(Flag::Exact),
            },
            Event::Unwind { state: 63 },
        ]
    }

    #[test]
    fn common_events_are_stored_in_8_bytes_and_the_rest_in_24() {
        assert_eq!(std::mem::size_of::<Packed>(), 16);
        let events = Events::from(three());
        assert_eq!(events.bytes(), 3 * 8);
        let stored = Events::from_iter(common());
        assert_eq!(stored.bytes(), stored.len() * 8);
        assert_eq!(stored.iter().collect::<Vec<_>>(), common());
        // A number beyond its field: the event is kept whole beside its word.
        let wide = Events::from([Event::Pop {
            state: u32::MAX,
            value: 0,
        }]);
        assert_eq!(wide.bytes(), 8 + 16);
        assert_eq!(
            wide.at(0),
            Event::Pop {
                state: u32::MAX,
                value: 0
            }
        );
    }

    #[test]
    fn the_list_reads_as_the_events_pushed() {
        let mut events = Events::new();
        for e in three() {
            events.push(e);
        }
        assert_eq!(events.len(), 3);
        assert_eq!(events.iter().collect::<Vec<_>>(), three());
        assert_eq!(events.iter().rev().collect::<Vec<_>>()[0], three()[2]);
        assert_eq!(events.iter().len(), 3);
        assert_eq!(events.at(1), three()[1]);
        assert_eq!(events.get(3), None);
        assert_eq!(events.last(), Some(three()[2]));
        assert_eq!(format!("{events:?}"), format!("{:?}", three()));
        events.truncate(1);
        assert_eq!(events.iter().collect::<Vec<_>>(), &three()[..1]);
        events.clear();
        assert!(events.is_empty());
    }

    #[test]
    fn the_written_form_is_a_plain_list_of_events() {
        let events = Events::from(three());
        let text = serde_json::to_string(&events).unwrap();
        assert_eq!(text, serde_json::to_string(&three()).unwrap());
        assert_eq!(serde_json::from_str::<Events>(&text).unwrap(), events);
        // A malformed list says what a list of events says.
        for bad in [r#"{"a":1}"#, r#"[{"event":"pop","state":1}]"#, "[1]"] {
            assert_eq!(
                serde_json::from_str::<Events>(bad).unwrap_err().to_string(),
                serde_json::from_str::<Vec<Event>>(bad)
                    .unwrap_err()
                    .to_string(),
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Thousands of events of every kind, extremes and field edges included, stored and
        /// read back every way: each is the event pushed, in 8 bytes or kept whole.
        #[test]
        fn every_event_is_given_back_exactly(
            list in proptest::collection::vec(crate::event::arbitrary::events(), 1000..3000)
        ) {
            let events = Events::from_iter(list.iter().copied());
            proptest::prop_assert_eq!(events.len(), list.len());
            for (k, e) in list.iter().enumerate() {
                proptest::prop_assert_eq!(events.at(k), *e);
                proptest::prop_assert_eq!(events.get(k), Some(*e));
            }
            proptest::prop_assert!(events.iter().eq(list.iter().copied()));
            proptest::prop_assert!(events.iter().rev().eq(list.iter().rev().copied()));
            proptest::prop_assert_eq!(events.iter().nth(list.len() / 2), Some(list[list.len() / 2]));
            proptest::prop_assert_eq!(events.last(), list.last().copied());
            // Whatever is kept whole is counted: 8 bytes a word, 16 an event kept whole.
            let whole = list.iter().filter(|&&e| compact::pack(e).is_none()).count();
            proptest::prop_assert_eq!(events.bytes(), 8 * list.len() + 16 * whole);
            // Each compact word reads back alone, and the written list reads back the same.
            for &e in &list {
                if let Some(w) = compact::pack(e) {
                    proptest::prop_assert_eq!(compact::unpack(w), e);
                }
            }
            let text = serde_json::to_string(&events).unwrap();
            proptest::prop_assert_eq!(&text, &serde_json::to_string(&list).unwrap());
            proptest::prop_assert_eq!(serde_json::from_str::<Events>(&text).unwrap(), events);
        }
    }

    /// The generated events reach both forms of storage for most kinds, so the round trip
    /// above tests the 8-byte layouts and the fallback alike.
    #[test]
    fn the_generated_events_reach_both_forms() {
        use proptest::strategy::{Strategy, ValueTree};
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let strategy = crate::event::arbitrary::events();
        let (mut word, mut whole) = (0, 0);
        for _ in 0..8192 {
            let event = strategy.new_tree(&mut runner).unwrap().current();
            match compact::pack(event) {
                Some(_) => word += 1,
                None => whole += 1,
            }
        }
        assert!(
            word > 2000 && whole > 2000,
            "{word} in a word, {whole} whole"
        );
    }

    /// Replacing, inserting and removing keep every other event as it was, whichever form
    /// each is stored in.
    #[test]
    fn editing_keeps_the_other_events() {
        let wide = Event::Pop {
            state: u32::MAX,
            value: 1,
        };
        let mut list = three();
        let mut events = Events::from(three());
        events.set(1, wide);
        list[1] = wide;
        events.insert(0, wide);
        list.insert(0, wide);
        assert_eq!(events.remove(2), list.remove(2));
        events.swap(0, 2);
        list.swap(0, 2);
        events.set(0, three()[0]);
        list[0] = three()[0];
        assert_eq!(events.iter().collect::<Vec<_>>(), list);
        assert_eq!(events, Events::from(list));
    }
}
