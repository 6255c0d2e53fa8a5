//! Reserves and drops (Partnership Mitregi: MIT-7, MIT-8, MIT-9). A capture puts the captured
//! piece, demoted (a Wazir becomes a Point, MIT-7), into the capturing army's reserve for the
//! bank where the capture happened (MIT-8): that side effect is carried out by
//! `Position::make`. Instead of a board move a seat may drop a piece from its army's reserve
//! for its own bank onto any empty square of that bank (MIT-9); in a game whose seats have no
//! bank, from the reserve of the square's bank onto any empty square.

use crate::board::{Move, MoveList, Position};
use crate::types::geometry::squares;
use crate::variant::Variant;

/// Add the drops of the seat to move.
pub fn generate(pos: &Position, list: &mut MoveList) {
    let v = pos.variant();
    let army = pos.army();
    let seat_bank = v.seats[pos.seat().index()].bank;
    let mut held = [false; 2];
    for (bank, h) in held.iter_mut().enumerate() {
        let group = Variant::hand_group(army, bank as u8);
        *h = v.kind_ids().any(|k| pos.hand(group, k) > 0);
    }
    if !held.iter().any(|&h| h) {
        return;
    }
    for sq in squares(v.files, v.ranks) {
        let bank = v.bank(sq);
        if seat_bank.is_some_and(|b| b != bank) || !held[bank as usize] {
            continue;
        }
        if !pos.piece_at(sq).is_empty() {
            continue;
        }
        let group = Variant::hand_group(army, bank);
        for k in v.kind_ids() {
            if pos.hand(group, k) > 0 {
                list.push(Move::drop(k, sq));
            }
        }
    }
}
