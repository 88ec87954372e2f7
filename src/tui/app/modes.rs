//! The layers that stand for the app's modes follow them: presenter mode and a running demo
//! at the bottom of the stack while they are on (every window opens over them), an open
//! prediction's question on top (it takes every key). The modes' state stays in the app, as
//! the main screens draw from it; the layers are how their keys reach them and the help.

use super::App;
use crate::tui::components::{Component, Layers};
use crate::tui::demo_run::Demoing;
use crate::tui::predict::Asking;
use crate::tui::present::Presenting;

impl App {
    /// Puts the modes' layers on the stack and takes them off as the modes are on or off.
    pub(crate) fn sync_modes(&mut self) {
        let (presenting, demoing) = (self.present.on, self.demo.is_some());
        at_bottom(&mut self.layers, presenting, || Presenting);
        at_bottom(&mut self.layers, demoing, || Demoing);
        self.layers.close::<Asking>();
        if self.held().is_some() {
            self.layers.push(Box::new(Asking));
        }
    }
}

/// A `T` at the bottom of `layers` while `on`, none while off.
fn at_bottom<T: Component<App>>(layers: &mut Layers<App>, on: bool, make: impl Fn() -> T) {
    match (on, layers.has::<T>()) {
        (true, false) => layers.insert(0, Box::new(make())),
        (false, true) => layers.close::<T>(),
        _ => {}
    }
}
