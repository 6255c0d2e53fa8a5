//! Rule modules: what cannot be data. Each module names the rule ids of `shared/rules/` it
//! implements and hooks in at one of a few points: extra moves (`castling`), the end of the
//! game (`victory`, `draws`).

pub mod castling;
pub mod draws;
pub mod river;
pub mod victory;

pub use victory::{outcome, Outcome};
