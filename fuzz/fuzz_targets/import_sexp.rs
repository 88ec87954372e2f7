//! Arbitrary bytes as an s-expression tree for `prune import`: accepted trees must load, run,
//! and export back to the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::import_sexp(data));
