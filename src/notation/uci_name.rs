//! A game's name in UCI (`UCI_Variant`, protocol.md §11): what Estuary offers and what the
//! match runner asks a UCI engine for.

use crate::variant::{builtin, Variant};

/// FIDE chess's config name.
const FIDE_CONFIG_NAME: &str = "normal";
/// FIDE chess's name in UCI: Fairy-Stockfish calls it `chess`, and python-chess sets
/// `UCI_Variant` to `chess` for a standard board whenever an engine offers the option.
const FIDE_UCI_NAME: &str = "chess";

/// A game's name in UCI: the config name, but `chess` for FIDE chess (unless a loaded game
/// is itself called `chess`).
pub fn uci_name(v: &Variant) -> String {
    if v.name == FIDE_CONFIG_NAME && builtin::find(FIDE_UCI_NAME).is_none() {
        FIDE_UCI_NAME.into()
    } else {
        v.name.clone()
    }
}
