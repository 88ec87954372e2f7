//! The landmarks of a run: where its cutoffs, table hits, stores, passes, re-searches and
//! aspiration attempts are, for the views' jump keys.

/// Sorted event indexes of each kind of landmark.
#[derive(Default, Debug, Clone)]
pub struct Marks {
    pub cutoffs: Vec<u32>,
    pub hits: Vec<u32>,
    pub stores: Vec<u32>,
    pub passes: Vec<u32>,
    /// PVS re-searches (`Research` events).
    pub researches: Vec<u32>,
    /// Ended aspiration attempts (`Aspiration` events).
    pub attempts: Vec<u32>,
}
