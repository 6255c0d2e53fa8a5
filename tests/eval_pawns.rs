//! The evaluation's pawn-structure terms (`[eval]` `passed_mg`, `passed_eg`, `isolated`,
//! `doubled`; engine-configs/README.md): each position is evaluated with the weights and
//! without them, and the difference is the term worked out by hand. The positions have no
//! piece but the kings and pawns, so the evaluation is all endgame and the endgame weights
//! count in full.

mod common;

use common::{fide, pos, random_step, tables_with, variant};
use estuary::board::Position;
use estuary::eval::{evaluate, EvalParams};
use estuary::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The config's weights with the pawn-structure, open-file and shelter terms off (FIDE chess
/// ships tuned ones).
fn plain(v: &Variant) -> EvalParams {
    EvalParams {
        passed_mg: 0,
        passed_eg: 0,
        isolated: 0,
        doubled: 0,
        open_file: 0,
        shelter: 0,
        ..v.eval
    }
}

/// The evaluation with `params` less the evaluation with those terms off.
fn term(p: &Position, params: EvalParams) -> i32 {
    let v = p.variant();
    evaluate(p, &tables_with(v, params)) - evaluate(p, &tables_with(v, plain(v)))
}

fn passed(eg: i32) -> EvalParams {
    EvalParams {
        passed_eg: eg,
        ..plain(fide())
    }
}

#[test]
fn a_passed_pawn_scores_with_the_square_of_its_advance() {
    // d5: four ranks up of seven, 98 * 16 / 49 = 32.
    let p = pos(fide(), "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
    assert_eq!(term(&p, passed(98)), 32);
    // From the side to move: Black sees it as minus.
    let p = pos(fide(), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
    assert_eq!(term(&p, passed(98)), -32);
    // Black's passed pawn on d2 is five ranks down of seven: 98 * 36 / 49 = 72.
    let p = pos(fide(), "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1");
    assert_eq!(term(&p, passed(98)), 72);
}

#[test]
fn an_enemy_pawn_ahead_on_a_neighbouring_or_the_same_file_stops_it_one_beside_does_not() {
    // e6 (Black) is ahead of d5 on a neighbouring file, and d5 ahead of e6 from Black's side:
    // neither is passed.
    let p = pos(fide(), "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1");
    assert_eq!(term(&p, passed(98)), 0);
    // d6 blocks d5 on its file, and d5 blocks d6.
    let p = pos(fide(), "4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1");
    assert_eq!(term(&p, passed(98)), 0);
    // e5 beside d5: both passed. d5: 98 * 16 / 49 = 32; e5, three ranks down: 98 * 9 / 49 = 18.
    let p = pos(fide(), "4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1");
    assert_eq!(term(&p, passed(98)), 32 - 18);
    // A pawn two files away does not stop it: f6 leaves d5 passed, d5 leaves f6 passed
    // (f6: two ranks down, 98 * 4 / 49 = 8).
    let p = pos(fide(), "4k3/8/5p2/3P4/8/8/8/4K3 w - - 0 1");
    assert_eq!(term(&p, passed(98)), 32 - 8);
    // Pieces that do not promote stop nothing.
    let p = pos(fide(), "4k3/3r4/8/3P4/8/8/8/4K3 w - - 0 1");
    let params = EvalParams {
        passed_mg: 98,
        passed_eg: 98,
        ..plain(fide())
    };
    assert_eq!(term(&p, params), 32);
}

#[test]
fn isolated_and_doubled_pawns_are_penalised_per_pawn_and_per_extra_pawn() {
    let weights = EvalParams {
        isolated: 10,
        doubled: 25,
        ..plain(fide())
    };
    // d2 and d3: both isolated (-20), one extra on the file (-25).
    let p = pos(fide(), "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
    assert_eq!(term(&p, weights), -45);
    // c2, d3, f2: only f2 is isolated.
    let p = pos(fide(), "4k3/8/8/8/8/3P4/2P2P2/4K3 w - - 0 1");
    assert_eq!(term(&p, weights), -10);
    // Black's a7 is isolated as well: they cancel.
    let p = pos(fide(), "4k3/p7/8/8/8/8/5P2/4K3 w - - 0 1");
    assert_eq!(term(&p, weights), 0);
}

#[test]
fn file_riders_score_on_open_and_half_open_files() {
    let weights = EvalParams {
        open_file: 20,
        ..plain(fide())
    };
    // Rook on the open e-file: 20. The Queen rides files too; the Bishop does not.
    let p = pos(fide(), "4k3/8/8/8/8/8/8/3KR3 w - - 0 1");
    assert_eq!(term(&p, weights), 20);
    let p = pos(fide(), "4k3/8/8/8/8/8/8/3KQ3 w - - 0 1");
    assert_eq!(term(&p, weights), 20);
    let p = pos(fide(), "4k3/8/8/8/8/8/8/3KB3 w - - 0 1");
    assert_eq!(term(&p, weights), 0);
    // Half-open (only an enemy pawn on it): 10; closed by its own pawn: nothing.
    let p = pos(fide(), "4k3/4p3/8/8/8/8/8/3KR3 w - - 0 1");
    assert_eq!(term(&p, weights), 10);
    let p = pos(fide(), "4k3/8/8/8/8/8/4P3/3KR3 w - - 0 1");
    assert_eq!(term(&p, weights), 0);
}

#[test]
fn a_royal_piece_is_sheltered_by_its_pawns_one_or_two_ranks_ahead_on_three_files() {
    let weights = EvalParams {
        shelter: 10,
        ..plain(fide())
    };
    // A middlegame term: these positions keep all the start position's pieces, so the
    // evaluation is all middlegame.
    let mg = |fen: &str| term(&pos(fide(), fen), weights);
    // Black's king g8 has f7, g7, h7 in every case: 30. White's g1 with f2, g2, h3: 30; with
    // h4 instead of h3, two files: 20; with g4 instead of g2, the hindmost pawn on g is three
    // ranks ahead: 20; with the king on c1 and no pawn on b, c, d: 0.
    assert_eq!(
        mg("rnbqbrkn/pppppppp/8/8/8/7P/PPPPPPP1/RNBQBRKN w - - 0 1"),
        30 - 30
    );
    assert_eq!(
        mg("rnbqbrkn/pppppppp/8/8/7P/8/PPPPPPP1/RNBQBRKN w - - 0 1"),
        20 - 30
    );
    assert_eq!(
        mg("rnbqbrkn/pppppppp/8/8/6P1/7P/PPPPPP2/RNBQBRKN w - - 0 1"),
        20 - 30
    );
    assert_eq!(
        mg("rnbqbrkn/pppppppp/8/8/8/8/P3PPPP/RNKQBRBN w - - 0 1"),
        -30
    );
}

/// Over random playouts (fixed seeds), how many positions the weights change the evaluation of.
fn positions_changed(v: &'static Variant, params: EvalParams) -> usize {
    let mut changed = 0;
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut p = Position::startpos(v);
        for _ in 0..80 {
            changed += (term(&p, params) != 0) as usize;
            if !random_step(&mut p, &mut rng) {
                break;
            }
        }
    }
    changed
}

fn all_pawn_terms(v: &'static Variant) -> EvalParams {
    EvalParams {
        passed_mg: 100,
        passed_eg: 200,
        isolated: 30,
        doubled: 30,
        ..plain(v)
    }
}

#[test]
fn games_with_a_river_have_no_pawn_structure_terms() {
    // Wey's and Partnership Mitregi's pawns head for the River from their bank (WEY-1): forward
    // is not fixed per army. The same playouts in FIDE chess and Two Kingdoms do meet them.
    for name in ["wey", "mitregi"] {
        let v = variant(name);
        assert_eq!(positions_changed(v, all_pawn_terms(v)), 0, "{name}");
    }
    for name in ["normal", "twokingdoms"] {
        let v = variant(name);
        assert!(positions_changed(v, all_pawn_terms(v)) > 100, "{name}");
    }
}
