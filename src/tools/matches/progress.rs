//! The progress bar of a running match, on stderr (indicatif): games done, A's W-L-D, the
//! Elo difference with its 95% margin, and the SPRT's LLR with its bounds. When stderr is
//! not a terminal the bar is hidden and the per-game lines go to stderr as plain text, so
//! logs of scripted runs still show each game.

use crate::tools::match_stats::{SprtStatus, Tally};
use indicatif::{ProgressBar, ProgressStyle};

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `games` games.
    pub fn new(games: u64) -> Progress {
        let bar = ProgressBar::new(games);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:24}] {pos}/{len} games  {msg}")
                .expect("a valid progress template")
                .progress_chars("=> "),
        );
        bar.set_message("W-L-D 0-0-0");
        Progress { bar }
    }

    /// A line above the bar (or on stderr when there is no bar).
    pub fn line(&self, text: &str) {
        if self.bar.is_hidden() {
            eprintln!("{text}");
        } else {
            self.bar.println(text);
        }
    }

    /// One more game finished; the figures so far.
    pub fn update(&self, tally: &Tally, sprt: Option<&SprtStatus>) {
        let elo = tally.elo();
        let mut msg = format!(
            "W-L-D {}-{}-{}  Elo {:.1} +/- {:.1}",
            tally.wins, tally.losses, tally.draws, elo.diff, elo.margin
        );
        if let Some(s) = sprt {
            msg.push_str(&format!(
                "  LLR {:.2} ({:.2}, {:.2})",
                s.llr, s.lower, s.upper
            ));
        }
        self.bar.set_position(tally.games());
        self.bar.set_message(msg);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
