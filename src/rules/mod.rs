//! The rules of a game, on top of the move walker: one small module per rule family, each
//! naming the rule ids of `docs/rules/` it implements, hooked in at four points:
//!
//! | hook | where | modules |
//! |---|---|---|
//! | filter board moves | `moves.rs` (`admit`), used by generation *and* attacks | `river`, `banks`, `ferry` (FF-10) |
//! | add moves | `generate.rs` | e.p., promotion, `river` (crossing promotion), `castling`, `reserves` (drops), `banks` (the MIT-12 fallback, through `legal.rs`), `ferry` (Ride, Send, pass-through, beyond) |
//! | side effects of a move | the move's kind, carried out by `Position::make` | castling, e.p., drops, captures into reserves, carrier moves and captures off the destination |
//! | end of the game | `victory.rs` (position), `game.rs` (mate, stalemate), `draws.rs` | `victory`, `draws` |
//!
//! What the rest of the engine uses: `legal_moves`, `in_check`, `attacked`, `outcome`,
//! `game_end`. Nothing here knows the search or a protocol.

pub mod attack;
pub mod banks;
pub mod castling;
pub mod draws;
pub mod ferry;
pub mod game;
pub mod generate;
pub mod legal;
pub mod moves;
pub mod outcome;
pub mod reserves;
pub mod river;
pub mod victory;

pub use attack::{attacked, in_check};
pub use game::{game_end, outcome, End};
pub use generate::Gen;
pub use legal::{is_legal, legal_moves, legal_moves_of};
pub use outcome::Outcome;
