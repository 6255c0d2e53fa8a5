//! Reserves and drops (Partnership Mitregi: MIT-7, MIT-8, MIT-9). A capture puts the captured
//! piece, demoted (a Wazir becomes a Point, MIT-7), into the capturing army's reserve for the
//! bank where the capture happened (MIT-8): that side effect is carried out by
//! `Position::make`. Instead of a board move a seat may drop a piece from its army's reserve
//! for its own bank onto any empty square of that bank (MIT-9); in a game whose seats have no
//! bank, from the reserve of the square's bank onto any empty square.

use crate::board::{Move, MoveList, Position, Square};
use crate::types::PieceKind;
use crate::variant::{Variant, MAX_KINDS};

/// Add the drops of the seat to move: square by square (rank by rank from the first), each
/// with the kinds held for its bank in kind order.
pub fn generate(pos: &Position, list: &mut MoveList) {
    let v = pos.variant();
    let army = pos.army();
    let seat_bank = v.seats[pos.seat().index()].bank;
    // By bank, the kinds its reserve holds (none for a bank the seat may not drop on).
    let mut held = [[PieceKind(0); MAX_KINDS]; 2];
    let mut count = [0usize; 2];
    for bank in 0..2u8 {
        let group = Variant::hand_group(army, bank);
        if seat_bank.is_some_and(|b| b != bank) || pos.hand_is_empty(group) {
            continue;
        }
        for k in v.kind_ids() {
            if pos.hand(group, k) > 0 {
                held[bank as usize][count[bank as usize]] = k;
                count[bank as usize] += 1;
            }
        }
    }
    // Bank 0's ranks come first, as in `squares`.
    for (bank, ranks) in [(0, 0..v.bank_rank), (1, v.bank_rank..v.ranks)] {
        let kinds = &held[bank][..count[bank]];
        if kinds.is_empty() {
            continue;
        }
        for rank in ranks {
            for file in 0..v.files {
                let sq = Square::new(file, rank);
                if pos.piece_at(sq).is_empty() {
                    for &k in kinds {
                        list.push(Move::drop(k, sq));
                    }
                }
            }
        }
    }
}
