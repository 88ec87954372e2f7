//! Embeds every `lessons/*.json` in the binary so `prune` runs from any directory. The course
//! (`lessons/course.json`, the order the lessons are followed in) is not a lesson; `src/course.rs`
//! embeds it itself.

use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-changed=lessons");
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("lessons");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .filter(|p| p.file_stem().is_none_or(|s| s != "course"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code = String::from("pub static BUILTIN: &[(&str, &str)] = &[\n");
    for path in files {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        code.push_str(&format!(
            "    ({stem:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
        println!("cargo:rerun-if-changed={}", path.display());
    }
    code.push_str("];\n");
    let out = Path::new(&env::var("OUT_DIR").unwrap()).join("builtin_lessons.rs");
    fs::write(out, code).unwrap();
}
