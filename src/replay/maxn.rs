//! Max-n's payoff vectors as text. The sentences of a max-n run are its voice in
//! `narrate::vector`; these two stay here for their callers.

pub use super::narrate::vector::{value_text, vector_text};
