//! UCI front-end: **not available yet** (a later issue adds it).
//!
//! This placeholder keeps the slot next to `cecp`: `protocol::run` hands over here after the
//! first command `uci`, with the same [`Link`] (stdin lines and search events) the CECP loop
//! gets. Until the real module lands, it answers that UCI is unavailable and exits cleanly.

use super::{send, Link};

/// Run the UCI protocol. Placeholder: report that UCI is not available and end.
pub fn run(_link: Link) -> i32 {
    send("info string error: UCI is not available yet");
    0
}
