//! Arbitrary bytes as a lesson file: loading must answer with a value or an error, and every
//! run of a lesson that loads must hold the invariants in `harness.rs`.
//! Run: `cargo +nightly fuzz run load_and_run fuzz/seeds/lessons -- -dict=fuzz/lesson.dict`.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::load_and_run(data));
