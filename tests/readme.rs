//! The README's screenshot is the tutor's real screen: this test renders the worked tree of
//! seed 000 at its first cutoff (what `prune open 000-worked-tree` then `x` shows) at 80×24 and
//! fails when the README's block, or `assets/screenshot.txt`, differs from it.
//! `UPDATE_README=1 cargo test --test readme` writes both anew.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::game::Game;
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The line just before the screenshot's code block in the README.
const MARKER: &str = "<!-- screenshot: tests/readme.rs renders it; UPDATE_README=1 cargo test --test readme rewrites it -->";

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The screen as a reader sees it: no colour, no trailing spaces.
fn shot() -> (String, App) {
    let l = Lesson::open("000-worked-tree").unwrap();
    let setup = l.setup(None, &Overrides::default()).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app.on_key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE));
    let (w, h) = (80, 24);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, &mut app)).unwrap();
    let buf = t.backend().buffer();
    let text = (0..h)
        .map(|y| {
            let row: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n");
    (text, app)
}

/// The README with its screenshot block (the lines between the fences after the marker)
/// split out: (before, block, after).
fn split(readme: &str) -> (String, String, String) {
    let at = readme
        .find(MARKER)
        .expect("the README has the screenshot marker");
    let open = readme[at..]
        .find("```text\n")
        .expect("a text block follows")
        + at
        + 8;
    // The closing fence is the first line that is only ``` (the block may be empty).
    let mut close = open;
    while !readme[close..].starts_with("```\n") {
        close += readme[close..].find('\n').expect("the block ends") + 1;
    }
    let close = close.saturating_sub(1).max(open);
    (
        readme[..open].to_string(),
        readme[open..close].to_string(),
        readme[close..].to_string(),
    )
}

#[test]
fn the_readme_screenshot_is_the_screen() {
    let (text, app) = shot();
    // Seed 000's worked tree, by its own numbers: MIN node 1 holds MAX to the smaller of its
    // two leaves, which becomes the root's α; MIN node 2's first leaf is already no better,
    // and that is the first cutoff.
    let g = &app.lesson.graph;
    let leaf = |s: u32, i: usize| g.score(g.child(s, i)).unwrap();
    let v1 = leaf(1, 0).min(leaf(1, 1));
    let top = *app.st.top().expect("a frame is open at the cutoff");
    assert_eq!((top.state, top.alpha, top.beta), (2, v1, leaf(2, 0)));
    assert!(
        text.contains(&format!("={v1}")),
        "node 1's exact value {v1} is on the screen:\n{text}"
    );
    assert!(text.contains(&format!("step {}/", app.st.step)), "{text}");

    let path = root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (before, block, after) = split(&readme);
    let asset = root().join("assets/screenshot.txt");
    if std::env::var_os("UPDATE_README").is_some() {
        // An empty block's closing fence follows the opening one at once.
        let sep = if after.starts_with('\n') { "" } else { "\n" };
        std::fs::write(&path, format!("{before}{text}{sep}{after}")).unwrap();
        std::fs::write(&asset, format!("{text}\n")).unwrap();
        return;
    }
    assert_eq!(
        block, text,
        "the README's screenshot is stale: run UPDATE_README=1 cargo test --test readme"
    );
    assert_eq!(
        std::fs::read_to_string(&asset).unwrap(),
        format!("{text}\n"),
        "assets/screenshot.txt is stale: run UPDATE_README=1 cargo test --test readme"
    );
}
