//! A recorded run's events, in order. Each is kept in its flat 16-byte form (`Packed`) and
//! handed out as the `Event` every producer and view matches on, by value (an event is a
//! small `Copy` value, and the stored form has no `Event` to lend). Written and read, the
//! list is exactly the JSON array of events it always was.

use std::fmt;
use std::iter::FusedIterator;

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Event;
use super::packed::Packed;

/// Every event of a run in order, stored packed.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Events(Vec<Packed>);

impl Events {
    pub fn new() -> Events {
        Events::default()
    }

    #[inline]
    pub fn push(&mut self, event: Event) {
        self.0.push(event.into());
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, index: usize) -> Option<Event> {
        self.0.get(index).map(|&p| p.into())
    }

    /// The event at `index`, which must be one (as `events[index]` on a slice).
    pub fn at(&self, index: usize) -> Event {
        self.0[index].into()
    }

    /// Replaces the event at `index`, which must be one.
    pub fn set(&mut self, index: usize, event: Event) {
        self.0[index] = event.into();
    }

    pub fn insert(&mut self, index: usize, event: Event) {
        self.0.insert(index, event.into());
    }

    pub fn remove(&mut self, index: usize) -> Event {
        self.0.remove(index).into()
    }

    pub fn swap(&mut self, a: usize, b: usize) {
        self.0.swap(a, b);
    }

    pub fn last(&self) -> Option<Event> {
        self.0.last().map(|&p| p.into())
    }

    pub fn iter(&self) -> Iter<'_> {
        Iter(self.0.iter())
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }

    /// Bytes the events themselves take (their stored form, growth slack not counted).
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(self.0.as_slice())
    }
}

/// The events of an `Events`, each unpacked as it is reached.
#[derive(Clone)]
pub struct Iter<'a>(std::slice::Iter<'a, Packed>);

impl Iterator for Iter<'_> {
    type Item = Event;

    #[inline]
    fn next(&mut self) -> Option<Event> {
        self.0.next().map(|&p| p.into())
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }

    #[inline]
    fn nth(&mut self, n: usize) -> Option<Event> {
        self.0.nth(n).map(|&p| p.into())
    }

    fn count(self) -> usize {
        self.0.len()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Event> {
        self.0.next_back().map(|&p| p.into())
    }

    #[inline]
    fn nth_back(&mut self, n: usize) -> Option<Event> {
        self.0.nth_back(n).map(|&p| p.into())
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
        Events(events.into_iter().map(Packed::from).collect())
    }
}

impl Extend<Event> for Events {
    fn extend<I: IntoIterator<Item = Event>>(&mut self, events: I) {
        self.0.extend(events.into_iter().map(Packed::from));
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
    /// Packs each event as it is read, so a long trace never exists as a list of `Event`.
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
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
                while let Some(event) = seq.next_element::<Event>()? {
                    out.push(Packed::from(event));
                }
                Ok(Events(out))
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

    #[test]
    fn events_are_stored_in_16_bytes() {
        assert_eq!(std::mem::size_of::<Packed>(), 16);
        let events = Events::from(three());
        assert_eq!(events.bytes(), 3 * 16);
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
}
