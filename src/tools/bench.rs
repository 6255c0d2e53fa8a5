//! `bench`: a fixed search over positions of every built-in game. With one thread the node
//! count is the same on every run (the search's signature, quoted in commit messages).

use crate::board::Position;
use crate::search::{Limits, Silent};
use crate::thread::Engine;
use crate::variant::builtin;
use std::sync::Arc;
use std::time::Instant;

/// Default bench depth.
pub const DEFAULT_DEPTH: u32 = 8;

/// (variant, name, FEN) of every bench position.
pub const POSITIONS: &[(&str, &str, &str)] = &[
    (
        "normal",
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "normal",
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "normal",
        "italian",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5",
    ),
    (
        "normal",
        "queens-gambit",
        "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
    ),
    (
        "normal",
        "endgame-rook",
        "8/5pk1/6p1/8/3R4/6P1/r4PK1/8 w - - 0 40",
    ),
    (
        "normal",
        "endgame-pawns",
        "8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 w - - 0 50",
    ),
    (
        "normal",
        "middlegame-sharp",
        "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 10",
    ),
    (
        "twokingdoms",
        "start",
        "rnabqkbanr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBANR w KQkq - 0 1",
    ),
    (
        "twokingdoms",
        "open",
        "rnabqkbanr/ppp1p1pppp/10/10/10/4Pp4/3p6/10/PPPP1PPPPP/RNABQKBANR b KQkq e3e4 0 1",
    ),
    (
        "twokingdoms",
        "castles",
        "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    ),
    (
        "twokingdoms",
        "middlegame",
        "r1a1qkb1nr/ppp2ppppp/2nbp5/3p6/10/4PP4/3P6/2N2N4/PPP3PPPP/R1ABQKBA1R w KQkq - 0 6",
    ),
    (
        "twokingdoms",
        "promotion",
        "r1r2k4/1P8/10/10/10/10/10/10/10/5K4 w - - 0 1",
    ),
    (
        "wey",
        "start",
        "mbboOQIM/ppppPPPP/8/8/8/8/PPPPpppp/MBBOoqim w - - 0 1",
    ),
    (
        "wey",
        "opening",
        "mbboOQIM/pppp1PPP/4P3/8/8/5p2/PPPPp1pp/MBBOoqim w - - 0 1",
    ),
    (
        "mitregi",
        "start",
        "rmhlLHMR/1bu2UB1/ppppPPPP/8/8/PPPPpppp/1BU2ub1/KMHLlhmk 0 [WS:|WN:|BS:|BN:] 0 1",
    ),
    (
        "mitregi",
        "reserves",
        "rmhup1MR/PbM2UB1/ppp2PH1/3l2wP/P1P3b1/1P1Php1p/1K1L2b1/1MH1l1k1 2 [WS:P|WN:UU|BS:l|BN:p] 0 16",
    ),
    (
        "mitregi",
        "drops",
        "r3LHMP/1U1l1U1R/pBppP2P/W2b2P1/5p2/3Pp1pU/1B1Ll1km/KMHp1h2 0 [WS:B|WN:PHM|BS:pp|BN:u] 0 21",
    ),
    (
        "flightferry",
        "start",
        "2c2c2/rnfqkfnr/pppppppp/8/4()3/3()4/8/PPPPPPPP/RNBQKBNR/2G2G2 w KQkq - 0 1",
    ),
    (
        "flightferry",
        "ferries-held",
        "rc3c2/2fqkfnr/pppp2p1/7p/2n1(p)p2/1P1()P3/5Q2/P1PPNPPP/RNB1KB1R/3G1G2 w KQk - 0 9",
    ),
    (
        "flightferry",
        "dragons",
        "rc2c3/1nfq1fnr/1ppp1k1p/p4pp1/8/1P(p)()2P1/N4N2/P1PPPP1P/R1B1KBR1/1G1Q3G w Q - 2 13",
    ),
];

/// Run the bench; prints one line per position to stderr and returns (nodes, nps).
pub fn run(depth: u32, threads: usize, hash_mb: usize) -> Result<(u64, u64), String> {
    let mut engine = Engine::new(threads, hash_mb);
    let mut nodes = 0u64;
    let start = Instant::now();
    for (variant, name, fen) in POSITIONS {
        let v =
            builtin::find(variant).ok_or_else(|| format!("bench: unknown variant {variant}"))?;
        let pos = Position::from_fen(v, fen)
            .map_err(|e| format!("bench position {variant}/{name}: {e}"))?;
        engine.new_game();
        let t = Instant::now();
        let r = engine.search(
            &pos,
            Limits {
                depth: Some(depth),
                ..Default::default()
            },
            Arc::new(Silent),
        );
        eprintln!(
            "{variant:>12} {name:<18} depth {:>2} nodes {:>10} best {} ({} ms)",
            r.depth,
            r.nodes,
            crate::notation::move_text(v, r.best, crate::notation::Dialect::Uci),
            t.elapsed().as_millis()
        );
        nodes += r.nodes;
    }
    let ms = start.elapsed().as_millis() as u64;
    Ok((nodes, nodes * 1000 / ms.max(1)))
}
