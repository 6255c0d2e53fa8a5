//! Compilation of the rule families' config tables: promotion, castling, draws, victory, the
//! seats, the FEN layout, the River, the seats' banks and the reserves. Every error names the
//! config line it comes from. (`compile.rs` compiles the board and pieces and calls these.)

use super::config::{self, VariantConfig};
use super::config_values::{file_of, kind_of, kinds_of, Fail};
use super::*;
use toml::Spanned;

/// Promotion on reaching the far ranks.
pub(super) fn compile_promotion(
    cfg: &VariantConfig,
    pieces: &[PieceType],
    fail: Fail,
) -> Result<Option<Promotion>, ConfigError> {
    let ranks = *cfg.ranks.get_ref();
    Ok(match &cfg.promotion {
        None => None,
        Some(p) => {
            let promoting = kinds_of(pieces, &p.pieces, "promotion.pieces", fail)?;
            let choices = kinds_of(pieces, &p.choices, "promotion.choices", fail)?;
            if choices.is_empty() {
                return Err(fail(p.choices.span(), "promotion.choices is empty".into()));
            }
            if p.ranks == 0 || p.ranks > ranks {
                return Err(fail(
                    p.pieces.span(),
                    format!("promotion.ranks must be 1..={ranks}"),
                ));
            }
            let mut mask = 0u32;
            for k in promoting {
                mask |= k.bit();
            }
            let mut limits = vec![p.limit];
            for o in &p.optional {
                let r = *o.rank.get_ref();
                if r <= p.ranks || r > ranks {
                    return Err(fail(
                        o.rank.span(),
                        format!(
                            "promotion.optional.rank must be beyond the zone ({}) and at most {ranks}",
                            p.ranks
                        ),
                    ));
                }
                limits.push(o.limit);
            }
            Some(Promotion {
                pieces: mask,
                choices,
                ranks: p.ranks,
                limits,
            })
        }
    })
}

/// Castling (FIDE 3.8, TK-10).
pub(super) fn compile_castling(
    cfg: &VariantConfig,
    pieces: &[PieceType],
    fail: Fail,
) -> Result<Option<Castling>, ConfigError> {
    let files = *cfg.files.get_ref();
    Ok(match &cfg.castling {
        None => None,
        Some(c) => {
            let king = kind_of(pieces, &c.king, "castling.king", fail)?;
            let rook = kind_of(pieces, &c.rook, "castling.rook", fail)?;
            let f = |s: &Spanned<String>, what: &str| {
                file_of(s, files).ok_or_else(|| {
                    fail(
                        s.span(),
                        format!("{what}: {:?} is not a file of this board", s.get_ref()),
                    )
                })
            };
            Some(Castling {
                king,
                rook,
                king_to: [
                    f(&c.kingside_king, "castling.kingside_king")?,
                    f(&c.queenside_king, "castling.queenside_king")?,
                ],
                rook_to: [
                    f(&c.kingside_rook, "castling.kingside_rook")?,
                    f(&c.queenside_rook, "castling.queenside_rook")?,
                ],
            })
        }
    })
}

/// Draw rules: the move rule, repetitions, dead material.
pub(super) fn compile_draws(
    cfg: &VariantConfig,
    pieces: &[PieceType],
    fail: Fail,
) -> Result<Draws, ConfigError> {
    let mut reset_pieces = 0u32;
    for c in cfg.draws.reset_pieces.chars() {
        if let Some(k) = pieces
            .iter()
            .position(|p| p.letter == c.to_ascii_uppercase())
        {
            reset_pieces |= 1 << k;
        }
    }
    let mut dead = Vec::new();
    for d in &cfg.draws.dead {
        let parts: Vec<&str> = d.split(" v ").collect();
        if parts.len() != 2 {
            return Err(fail(
                0..0,
                format!("draws.dead entry {d:?} must look like \"KB v K\""),
            ));
        }
        let mut sides = [[0u8; MAX_KINDS]; 2];
        for (i, part) in parts.iter().enumerate() {
            for c in part.trim().chars() {
                match pieces
                    .iter()
                    .position(|p| p.letter == c.to_ascii_uppercase())
                {
                    Some(k) => sides[i][k] += 1,
                    None => {
                        return Err(fail(0..0, format!("draws.dead entry {d:?}: no piece {c}")))
                    }
                }
            }
        }
        dead.push((sides[0], sides[1]));
    }
    Ok(Draws {
        move_rule_plies: cfg
            .draws
            .move_rule_plies
            .unwrap_or(cfg.draws.move_rule.saturating_mul(2)),
        repetitions: cfg.draws.repetitions,
        dead,
        reset_pieces,
    })
}

/// Capture-a-set victory (WEY-12): the alternatives, each as counts per kind.
pub(super) fn compile_victory(
    cfg: &VariantConfig,
    variant: &Variant,
    fail: Fail,
) -> Result<Vec<[u8; MAX_KINDS]>, ConfigError> {
    let mut sets = Vec::new();
    if let Some(vc) = &cfg.victory {
        for set in &vc.capture_any_of {
            let mut need = [0u8; MAX_KINDS];
            for c in set.get_ref().chars() {
                let k = variant.kind_of_letter(c).ok_or_else(|| {
                    fail(set.span(), format!("victory set: no piece with letter {c}"))
                })?;
                need[k.index()] += 1;
            }
            if need.iter().all(|&n| n == 0) {
                return Err(fail(set.span(), "victory set is empty".into()));
            }
            sets.push(need);
        }
    }
    Ok(sets)
}

/// The bank rule (MIT-3, MIT-3a, MIT-12): every seat needs a bank.
pub(super) fn compile_banks(
    cfg: &VariantConfig,
    v: &Variant,
    fail: Fail,
) -> Result<Option<Banks>, ConfigError> {
    let Some(b) = &cfg.banks else {
        return Ok(None);
    };
    if let Some(s) = v.seats.iter().find(|s| s.bank.is_none()) {
        return Err(fail(
            0..0,
            format!("[banks]: seat {:?} has no bank", s.name),
        ));
    }
    let return_pieces = match &b.return_pieces {
        None => v.kind_ids().fold(0, |m, k| m | k.bit()),
        Some(s) => kinds_of(&v.pieces, s, "banks.return_pieces", fail)?
            .into_iter()
            .fold(0, |m, k| m | k.bit()),
    };
    Ok(Some(Banks {
        return_pieces,
        fallback: b.fallback,
    }))
}

/// Reserves (MIT-7..MIT-9): what a captured piece enters the reserve as.
pub(super) fn compile_reserves(
    cfg: &VariantConfig,
    v: &Variant,
    fail: Fail,
) -> Result<Option<Reserves>, ConfigError> {
    let Some(r) = &cfg.reserves else {
        return Ok(None);
    };
    let mut demote = [PieceKind(0); MAX_KINDS];
    for k in v.kind_ids() {
        demote[k.index()] = k;
    }
    if let Some(d) = &r.demote {
        for pair in d.get_ref().split_whitespace() {
            let bad = || {
                fail(
                    d.span(),
                    format!("reserves.demote: {pair:?} must look like \"W=P\""),
                )
            };
            let (a, b) = pair.split_once('=').ok_or_else(bad)?;
            let (mut a, mut b) = (a.chars(), b.chars());
            let (Some(a), None, Some(b), None) = (a.next(), a.next(), b.next(), b.next()) else {
                return Err(bad());
            };
            let from = v.kind_of_letter(a).ok_or_else(bad)?;
            let to = v.kind_of_letter(b).ok_or_else(bad)?;
            demote[from.index()] = to;
        }
    }
    let reservable = v
        .kind_ids()
        .filter(|k| !k.in_mask(v.royal_mask))
        .fold(0, |m, k| m | demote[k.index()].bit());
    Ok(Some(Reserves { demote, reservable }))
}

/// Seats in turn order with their army, forward and bank (MIT-1, MIT-2); by default White
/// (up) then Black (down).
pub(super) fn compile_seats(cfg: &VariantConfig, fail: Fail) -> Result<Vec<SeatSpec>, ConfigError> {
    if cfg.seats.is_empty() {
        return Ok(vec![
            SeatSpec {
                name: "white".into(),
                army: Army::WHITE,
                orientation: Orientation::Up,
                bank: None,
            },
            SeatSpec {
                name: "black".into(),
                army: Army::BLACK,
                orientation: Orientation::Down,
                bank: None,
            },
        ]);
    }
    if cfg.seats.len() > MAX_SEATS {
        return Err(fail(0..0, format!("at most {MAX_SEATS} seats")));
    }
    let mut seats = Vec::new();
    for s in &cfg.seats {
        let army = Army(s.army);
        if army.index() >= MAX_ARMIES {
            return Err(fail(
                0..0,
                format!("seat {:?}: army must be 0 or 1", s.name),
            ));
        }
        let orientation = match s.forward.as_deref() {
            None => Variant::army_orientation(army),
            Some("up") => Orientation::Up,
            Some("down") => Orientation::Down,
            Some(o) => {
                return Err(fail(
                    0..0,
                    format!("seat {:?}: forward must be up or down, not {o:?}", s.name),
                ))
            }
        };
        let bank = match s.bank.as_deref() {
            None => None,
            Some("south") => Some(0),
            Some("north") => Some(1),
            Some(b) => {
                return Err(fail(
                    0..0,
                    format!("seat {:?}: bank must be south or north, not {b:?}", s.name),
                ))
            }
        };
        seats.push(SeatSpec {
            name: s.name.clone(),
            army,
            orientation,
            bank,
        });
    }
    for army in Army::ALL {
        if !seats.iter().any(|s| s.army == army) {
            return Err(fail(0..0, format!("no seat plays army {}", army.0)));
        }
    }
    Ok(seats)
}

/// The FEN layout: known field names, each once, the board first; labels for a hands field.
pub(super) fn compile_fen_layout(
    cfg: &config::FenConfig,
    fail: Fail,
) -> Result<FenLayout, ConfigError> {
    let span = cfg.fields.span();
    let mut fields = Vec::new();
    for name in cfg.fields.get_ref() {
        let f = match name.as_str() {
            "board" => FenField::Board,
            "side" => FenField::Side,
            "castling" => FenField::Castling,
            "ep" => FenField::EnPassant,
            "hands" => FenField::Hands,
            "halfmove" => FenField::Halfmove,
            "fullmove" => FenField::Fullmove,
            other => {
                return Err(fail(
                    span,
                    format!(
                        "fen.fields: unknown field {other:?} (board, side, castling, ep, hands, \
                         halfmove, fullmove)"
                    ),
                ))
            }
        };
        if fields.contains(&f) {
            return Err(fail(span, format!("fen.fields: {name:?} given twice")));
        }
        fields.push(f);
    }
    if fields.first() != Some(&FenField::Board) {
        return Err(fail(span, "fen.fields must start with \"board\"".into()));
    }
    let hand_labels = match &cfg.hand_labels {
        None if fields.contains(&FenField::Hands) => {
            return Err(fail(
                span,
                "fen.fields has \"hands\": fen.hand_labels must name the four reserves".into(),
            ))
        }
        None => None,
        Some(l) => {
            let labels = l.get_ref();
            let ok = labels.len() == 4
                && labels
                    .iter()
                    .all(|x| !x.is_empty() && x.chars().all(|c| c.is_ascii_alphanumeric()))
                && (1..4).all(|i| !labels[..i].contains(&labels[i]));
            if !ok {
                return Err(fail(
                    l.span(),
                    "fen.hand_labels must be four different names of letters or digits".into(),
                ));
            }
            Some([
                labels[0].clone(),
                labels[1].clone(),
                labels[2].clone(),
                labels[3].clone(),
            ])
        }
    };
    Ok(FenLayout {
        fields,
        hand_labels,
    })
}

pub(super) fn compile_river(
    v: &Variant,
    r: &config::RiverConfig,
    fail: Fail,
) -> Result<River, ConfigError> {
    let south = *r.south_ranks.get_ref();
    if south == 0 || south >= v.ranks {
        return Err(fail(
            r.south_ranks.span(),
            format!("river.south_ranks must be 1..{}", v.ranks),
        ));
    }
    let mask_of = |s: &Spanned<String>| -> Result<u32, ConfigError> {
        let mut m = 0u32;
        for c in s.get_ref().chars() {
            let k = v
                .kind_of_letter(c)
                .ok_or_else(|| fail(s.span(), format!("no piece with letter {c}")))?;
            m |= k.bit();
        }
        Ok(m)
    };
    let crossing_promotion = match &r.crossing_promotion {
        None => None,
        Some(s) => {
            let (a, b) = s.get_ref().split_once('=').ok_or_else(|| {
                fail(s.span(), "crossing_promotion must look like \"P=W\"".into())
            })?;
            let to = b
                .chars()
                .next()
                .and_then(|c| v.kind_of_letter(c))
                .filter(|_| b.len() == 1);
            let to =
                to.ok_or_else(|| fail(s.span(), format!("crossing_promotion: bad target {b:?}")))?;
            let mut from = 0u32;
            for c in a.chars() {
                from |= v
                    .kind_of_letter(c)
                    .ok_or_else(|| fail(s.span(), format!("no piece with letter {c}")))?
                    .bit();
            }
            Some((from, to))
        }
    };
    let same_bank_capture_ban = match &r.same_bank_capture_ban {
        None => (0, 0),
        Some(s) => {
            let m = mask_of(s)?;
            (m, m)
        }
    };
    let mut restrictions = Vec::new();
    for rr in &r.restrictions {
        let kinds = mask_of(&rr.pieces)?;
        let mut lines = Vec::new();
        for l in &rr.lines {
            let bad = || {
                fail(
                    l.span(),
                    format!(
                        "line {:?} must be two squares joined by '-' on a straight line",
                        l.get_ref()
                    ),
                )
            };
            let (a, b) = l.get_ref().split_once('-').ok_or_else(bad)?;
            let (sa, na) = super::fen::parse_square(v, a).ok_or_else(bad)?;
            let (sb, nb) = super::fen::parse_square(v, b).ok_or_else(bad)?;
            if na != a.len() || nb != b.len() {
                return Err(bad());
            }
            let (dx, dy) = (
                sb.file() as i32 - sa.file() as i32,
                sb.rank() as i32 - sa.rank() as i32,
            );
            if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                return Err(bad());
            }
            let n = dx.abs().max(dy.abs());
            let mut member = vec![false; BOARD_CELLS];
            for i in 0..=n {
                let s = Square::new(
                    (sa.file() as i32 + dx / n * i) as u8,
                    (sa.rank() as i32 + dy / n * i) as u8,
                );
                member[s.index()] = true;
            }
            lines.push(member);
        }
        restrictions.push((kinds, lines));
    }
    Ok(River {
        crossing_promotion,
        same_bank_capture_ban,
        restrictions,
    })
}

/// The Ferries (FF-10..FF-18).
pub(super) fn compile_ferries(
    cfg: &VariantConfig,
    v: &Variant,
    fail: Fail,
) -> Result<Option<Ferries>, ConfigError> {
    let Some(f) = &cfg.ferries else {
        return Ok(None);
    };
    if !v.carriers {
        return Err(fail(
            f.ranks.span(),
            "[ferries] needs carriers = true".into(),
        ));
    }
    let mut zone = vec![false; BOARD_CELLS];
    for &r in f.ranks.get_ref() {
        if r == 0 || r > v.ranks {
            return Err(fail(
                f.ranks.span(),
                format!("ferries.ranks: {r} is not a rank of this board"),
            ));
        }
        for file in 0..v.files {
            zone[Square::new(file, r - 1).index()] = true;
        }
    }
    let ride = if f.ride.get_ref().is_empty() {
        Vec::new()
    } else {
        betza::parse(f.ride.get_ref()).map_err(|e| fail(f.ride.span(), format!("ride: {e}")))?
    };
    if ride.iter().any(|r| !matches!(r.reach, betza::Reach::Leap)) {
        return Err(fail(
            f.ride.span(),
            "ferries.ride: a Ride is one leap (FF-11)".into(),
        ));
    }
    let steps = |flip: bool| -> Vec<i16> {
        ride.iter()
            .map(|r| Square::delta(r.dx, if flip { -r.dy } else { r.dy }))
            .collect()
    };
    let shield_first = match f.shield.as_str() {
        "first" => true,
        "none" => false,
        s => {
            return Err(fail(
                f.ranks.span(),
                format!("ferries.shield must be \"first\" or \"none\", not {s:?}"),
            ))
        }
    };
    let mask = |pick: &dyn Fn(&PieceType) -> bool| -> u32 {
        v.kind_ids()
            .filter(|&k| pick(v.piece_type(k)))
            .fold(0, |m, k| m | k.bit())
    };
    let squares = crate::types::geometry::squares(v.files, v.ranks)
        .filter(|s| zone[s.index()])
        .collect();
    let ferries = Ferries {
        zone,
        squares,
        count: f.count,
        ride: [steps(false), steps(true)],
        send: f.send,
        shield_first,
        non_boarding: mask(&|p| !p.boards),
        pass_through: mask(&|p| !p.pass_through[0].is_empty()),
        beyond: mask(&|p| !p.beyond[0].is_empty()),
    };
    if (ferries.pass_through | ferries.beyond) & !ferries.non_boarding != 0 {
        // A piece that makes the special captures must not stand on a Ferry itself: the
        // captures' squares are worked out from the position, which a passenger would change.
        return Err(fail(
            f.ranks.span(),
            "pieces with pass_through or beyond moves need boards = false".into(),
        ));
    }
    Ok(Some(ferries))
}
