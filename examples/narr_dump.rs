use prune::lesson::{Lesson, Overrides};
use prune::replay::narrate::narrate;
use prune::replay::{Replay, ReplayState};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let lesson = Lesson::open(&a[1]).unwrap();
    let mut over = Overrides::default();
    if a.len() > 3 {
        match a[3].as_str() {
            "notable" => over.table = Some(false),
            "onepass" => over.deepening = Some(false),
            "win" => over.window = Some((4, 5)),
            _ => {}
        }
    }
    let setup = lesson.setup(Some(&a[2]), &over).unwrap();
    let replay = Replay::new(prune::index::record(&lesson, &setup).unwrap());
    let mut st = ReplayState::default();
    for _ in 0..replay.len() {
        replay.apply(&mut st);
        println!("{}: {}", st.step, narrate(&replay, &st, &|_| None));
    }
}
