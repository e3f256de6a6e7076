//! The positions the files leave out: a position where the side to move must capture, with
//! three pieces or more, is the best of its captures, whose children all have fewer pieces.

use crate::Position;

/// Whether the files leave a position to its captures: it has three pieces or more and the
/// side to move must capture (with one piece each, [`Position::outcome`] may end the game
/// even when the side to move can capture, so two-piece positions are stored).
#[inline]
pub(crate) fn by_captures(pos: &Position) -> bool {
    pos.board().occupied().count() >= 3 && pos.has_capture()
}
