//! Compilation of a parsed config into a `Variant`: the board, the pieces with their move and
//! attack tables, the facts derived from the start position, and the whole assembled; the
//! rule families' tables are compiled in `compile_rules.rs`. Every error names the config
//! line it comes from.

use super::betza;
use super::compile_rules::{
    compile_banks, compile_castling, compile_draws, compile_fen_layout, compile_ferries,
    compile_promotion, compile_reserves, compile_river, compile_seats, compile_victory,
};
use super::config::VariantConfig;
use super::config_values::{letter_of, Fail};
use super::eval_params::compile_eval;

use super::tables::{army_attack_table, attack_table, listed, table};
use super::*;
use crate::types::geometry::{squares, MAX_FILES, MAX_RANKS};
use toml::Spanned;

/// The largest piece value (centipawns, either sign) a config may give: sums over a full
/// board stay far inside the evaluation's integers.
pub const MAX_PIECE_VALUE: i32 = 100_000;

pub(super) fn compile(
    cfg: VariantConfig,
    source: &str,
    fail: Fail,
) -> Result<Variant, ConfigError> {
    check_board(&cfg, fail)?;
    let (files, ranks) = (*cfg.files.get_ref(), *cfg.ranks.get_ref());
    let seats = compile_seats(&cfg, fail)?;
    let mut pieces = compile_pieces(&cfg, fail)?;
    let promotion = compile_promotion(&cfg, &pieces, fail)?;
    let mut promotion_zone = [[0u8; BOARD_CELLS]; MAX_ARMIES];
    if let (Some(p), Some(pc)) = (&promotion, &cfg.promotion) {
        for sq in squares(files, ranks) {
            // Depth from each army's far rank, 1 = the far rank.
            let depth = [ranks - sq.rank(), sq.rank() + 1];
            for army in 0..MAX_ARMIES {
                if depth[army] <= p.ranks {
                    promotion_zone[army][sq.index()] = 1;
                } else if let Some(i) = pc
                    .optional
                    .iter()
                    .position(|o| *o.rank.get_ref() == depth[army])
                {
                    promotion_zone[army][sq.index()] = 2 + i as u8;
                }
            }
        }
    }
    let castling = compile_castling(&cfg, &pieces, fail)?;
    let draws = compile_draws(&cfg, &pieces, fail)?;
    if let Some(p) = &promotion {
        for (k, piece) in (0u8..).map(PieceKind).zip(pieces.iter_mut()) {
            piece.promotes = k.in_mask(p.pieces);
        }
    }
    let mut royal_mask = 0u32;
    for (k, p) in (0u8..).map(PieceKind).zip(&pieces) {
        if p.royal {
            royal_mask |= k.bit();
        }
    }
    let attacks = [
        attack_table(&pieces, Orientation::Up),
        attack_table(&pieces, Orientation::Down),
    ];
    let has_lame = attacks
        .iter()
        .any(|t| t.leaps.iter().any(|l| l.path_len > 0));
    let any_circle = attacks.iter().any(|t| t.circles != 0);
    let army_attacks = Army::ALL.map(|a| army_attack_table(&attacks, &seats, a));

    let mut variant = Variant {
        name: cfg.name.get_ref().clone(),
        display_name: cfg
            .display_name
            .clone()
            .unwrap_or_else(|| cfg.name.get_ref().clone()),
        files,
        ranks,
        start_fen: cfg.start.get_ref().clone(),
        forward: cfg.forward,
        seats,
        pieces,
        promotion,
        castling,
        draws,
        royal_mask,
        drops: cfg.reserves.is_some(),
        banks: None,
        reserves: None,
        carriers: cfg.carriers,
        attacks,
        army_attacks,
        initial_ranks: [[0; MAX_KINDS]; MAX_ARMIES],
        promotion_zone,
        table_attacks: false,
        pin_legality: false,
        xboard_parent: cfg.xboard.parent.clone().unwrap_or_else(|| "fairy".into()),
        xboard_piece_to_char: cfg.xboard.piece_to_char.clone(),
        xboard_builtin: cfg.xboard.builtin,
        source: source.to_string(),
        river: None,
        victory_sets: Vec::new(),
        start_counts: [[0; MAX_KINDS]; MAX_ARMIES],
        bank_rank: match (&cfg.river, &cfg.channel) {
            (Some(r), _) => *r.south_ranks.get_ref(),
            (None, Some(c)) => *c.south_ranks.get_ref(),
            (None, None) => ranks / 2,
        },
        channel: cfg.channel.is_some(),
        ferries: None,
        fen: compile_fen_layout(&cfg.fen, fail)?,
        eval: compile_eval(cfg.eval.as_ref(), fail)?,
    };

    // The start position fixes the initial ranks of `i` moves, and must parse.
    let start = super::fen::parse(&variant, &variant.start_fen)
        .map_err(|e| fail(cfg.start.span(), format!("start position: {e}")))?;
    for &(sq, p) in &start.pieces {
        variant.initial_ranks[p.army().index()][p.kind().index()] |= 1 << sq.rank();
        variant.start_counts[p.army().index()][p.kind().index()] += 1;
    }
    variant.river = match &cfg.river {
        None => None,
        Some(r) => Some(compile_river(&variant, r, fail)?),
    };
    variant.victory_sets = compile_victory(&cfg, &variant, fail)?;
    variant.banks = compile_banks(&cfg, &variant, fail)?;
    variant.reserves = compile_reserves(&cfg, &variant, fail)?;
    variant.ferries = compile_ferries(&cfg, &variant, fail)?;
    let royals_per_army = Army::ALL.map(|a| {
        start
            .pieces
            .iter()
            .filter(|(_, p)| p.army() == a && p.kind().in_mask(variant.royal_mask))
            .count()
    });
    // The facts that let attacks skip walking: forward fixed per seat, no carriers but the
    // Ferries (whose rules `rules::attack` applies to what the tables find, and whose own
    // captures `rules::ferry` adds), and no River filter that looks at more than the
    // attacker's square (the crossing lines and the same-bank ban do; a crossing promotion
    // does not change what is captured). The seats' bank rule is applied to each attacker the
    // tables find (`rules::attack`); the channel rule is in the tables.
    variant.table_attacks = variant
        .river
        .as_ref()
        .is_none_or(|r| r.restrictions.is_empty() && r.same_bank_capture_ban == (0, 0))
        && (!variant.carriers || variant.ferries.is_some())
        && variant.forward != ForwardRule::Bank;
    // Pins are found with the attack tables, so they need them; one royal piece per army
    // (the FEN reader holds positions to it), and no attacker whose reach depends on squares
    // other than its line (lame leapers, circular riders).
    // With Ferries, `rules::legal` uses them only while the King stands off the Ferries' ranks.
    variant.pin_legality = variant.table_attacks
        && royals_per_army.iter().all(|&n| n == 1)
        && !has_lame
        && !any_circle;
    Ok(variant)
}

/// The most ranks one move of a table covers downward (index 0) and upward (index 1):
/// `PieceType::reach`.
fn move_reach(t: &MoveTable) -> [u8; 2] {
    let mut reach = [0u8; 2];
    let mut widen = |delta: i16, times: u8| {
        let dy = crate::types::geometry::split_delta(delta).1;
        let ranks = (dy.unsigned_abs() as u32 * times as u32).min(u8::MAX as u32) as u8;
        let way = usize::from(dy > 0);
        if dy != 0 {
            reach[way] = reach[way].max(ranks);
        }
    };
    for l in &t.leaps {
        widen(l.delta, 1);
    }
    for r in &t.rides {
        widen(r.delta, if r.max == 0 { u8::MAX } else { r.max });
    }
    if !t.circles.is_empty() {
        reach = [u8::MAX; 2];
    }
    reach
}

/// Board size and name.
fn check_board(cfg: &VariantConfig, fail: Fail) -> Result<(), ConfigError> {
    let files = *cfg.files.get_ref();
    let ranks = *cfg.ranks.get_ref();
    if let Some(c) = &cfg.channel {
        let south = *c.south_ranks.get_ref();
        if south == 0 || south >= ranks {
            return Err(fail(
                c.south_ranks.span(),
                format!("channel.south_ranks must be 1..{ranks}"),
            ));
        }
        if cfg.river.is_some() {
            return Err(fail(
                c.south_ranks.span(),
                "a game has a [river] or a [channel], not both".into(),
            ));
        }
    }
    if !(1..=MAX_FILES).contains(&files) {
        return Err(fail(
            cfg.files.span(),
            format!("files must be 1..={MAX_FILES}, not {files}"),
        ));
    }
    if !(1..=MAX_RANKS).contains(&ranks) {
        return Err(fail(
            cfg.ranks.span(),
            format!("ranks must be 1..={MAX_RANKS}, not {ranks}"),
        ));
    }
    let name = cfg.name.get_ref();
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(fail(
            cfg.name.span(),
            format!("name {name:?} must be letters, digits, - or _"),
        ));
    }
    if cfg.pieces.is_empty() {
        return Err(fail(0..0, "no [[piece]] defined".into()));
    }
    if cfg.pieces.len() > MAX_KINDS {
        return Err(fail(0..0, format!("at most {MAX_KINDS} piece types")));
    }

    Ok(())
}

/// Piece types with their move tables for both orientations.
fn compile_pieces(cfg: &VariantConfig, fail: Fail) -> Result<Vec<PieceType>, ConfigError> {
    let mut pieces: Vec<PieceType> = Vec::new();
    for p in &cfg.pieces {
        let letter = letter_of(&p.letter).ok_or_else(|| {
            fail(
                p.letter.span(),
                format!(
                    "piece letter {:?} must be one ASCII letter",
                    p.letter.get_ref()
                ),
            )
        })?;
        if pieces.iter().any(|q| q.letter == letter) {
            return Err(fail(
                p.letter.span(),
                format!("piece letter {letter} defined twice"),
            ));
        }
        let vectors =
            betza::parse(p.betza.get_ref()).map_err(|e| fail(p.betza.span(), e.to_string()))?;
        let xboard_letter = match &p.xboard_letter {
            None => letter,
            Some(s) => {
                let mut it = s.chars();
                match (it.next(), it.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                    _ => {
                        return Err(fail(
                            p.letter.span(),
                            format!("xboard_letter {s:?} must be one letter"),
                        ))
                    }
                }
            }
        };
        let subset = |field: &Option<Spanned<String>>,
                      key: &str,
                      needs: Option<&str>|
         -> Result<Option<Vec<betza::Vector>>, ConfigError> {
            let Some(s) = field else { return Ok(None) };
            if let Some(section) = needs {
                return Err(fail(s.span(), format!("{key} needs a [{section}] section")));
            }
            if s.get_ref().is_empty() {
                return Ok(Some(Vec::new()));
            }
            let sub =
                betza::parse(s.get_ref()).map_err(|e| fail(s.span(), format!("{key}: {e}")))?;
            if let Some(v) = sub.iter().find(|v| !listed(v, &vectors)) {
                return Err(fail(
                    s.span(),
                    format!(
                        "{key}: the step ({}, {}) is not one of {letter}'s moves {:?}",
                        v.dx,
                        v.dy,
                        p.betza.get_ref()
                    ),
                ));
            }
            Ok(Some(sub))
        };
        let no_channel = cfg.channel.is_none().then_some("channel");
        let no_ferries = cfg.ferries.is_none().then_some("ferries");
        let crosses = subset(&p.crosses, "crosses", no_channel)?;
        let pass_through = subset(&p.pass_through, "pass_through", no_ferries)?;
        let beyond = subset(&p.beyond, "beyond", no_ferries)?;
        if !(-MAX_PIECE_VALUE..=MAX_PIECE_VALUE).contains(&p.value) {
            return Err(fail(
                p.letter.span(),
                format!(
                    "value = {} is out of range: a piece is worth at most {MAX_PIECE_VALUE} \
                     centipawns either way",
                    p.value
                ),
            ));
        }
        if !p.boards && cfg.ferries.is_none() {
            return Err(fail(
                p.letter.span(),
                "boards = false needs a [ferries] section".into(),
            ));
        }
        let steps = |sub: &Option<Vec<betza::Vector>>, flip: bool| -> Vec<i16> {
            sub.iter()
                .flatten()
                .map(|v| Square::delta(v.dx, if flip { -v.dy } else { v.dy }))
                .collect()
        };
        let up = table(&vectors, false, crosses.as_deref());
        let down = table(&vectors, true, crosses.as_deref());
        let reach = [&up, &down].map(move_reach);
        pieces.push(PieceType {
            letter,
            name: p.name.clone(),
            betza: p.betza.get_ref().clone(),
            value: p.value,
            royal: p.royal,
            en_passant: p.en_passant,
            promotes: false,
            xboard_letter,
            tables: [up, down],
            reach,
            boards: p.boards,
            pass_through: [steps(&pass_through, false), steps(&pass_through, true)],
            beyond: [steps(&beyond, false), steps(&beyond, true)],
        });
    }
    Ok(pieces)
}
