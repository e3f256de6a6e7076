//! The Python exceptions, and the crate's errors turned into them with the crate's messages.
//!
//! Every exception derives from `DamaError`, itself a `ValueError`, so that code written for
//! other board-game libraries (which raise `ValueError` on bad input) catches them too.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::{PyErr, create_exception};
use turkish_draughts::pdn::PdnError as RustPdnError;
use turkish_draughts::{
    FenError, IllegalMoveError as RustIllegalMoveError, ParseMoveError, PlayError,
};

use crate::names::UnknownRules;

create_exception!(
    turkish_draughts,
    DamaError,
    PyValueError,
    "Base class of every error this package raises on bad input (a subclass of ValueError)."
);
create_exception!(
    turkish_draughts,
    InvalidFenError,
    DamaError,
    "A FEN that cannot be read, or that describes an impossible position."
);
create_exception!(
    turkish_draughts,
    InvalidMoveError,
    DamaError,
    "Move text that is not a move at all (a syntax error), whatever the position."
);
create_exception!(
    turkish_draughts,
    IllegalMoveError,
    DamaError,
    "A move that is not legal in the board's position."
);
create_exception!(
    turkish_draughts,
    AmbiguousMoveError,
    DamaError,
    "Move text that names several legal moves: give the full landing path."
);
create_exception!(
    turkish_draughts,
    GameOverError,
    IllegalMoveError,
    "A move after the game has ended (a subclass of IllegalMoveError)."
);
create_exception!(
    turkish_draughts,
    PdnError,
    DamaError,
    "A game of a PDN text that cannot be read: `line` and `column` (both from 1) say where."
);

/// A FEN error as `InvalidFenError`.
pub fn fen_error(e: FenError) -> PyErr {
    InvalidFenError::new_err(e.to_string())
}

/// A move-text error, sorted into bad text, ambiguous text and an illegal move.
pub fn parse_error(e: ParseMoveError) -> PyErr {
    let message = e.to_string();
    match e {
        ParseMoveError::Empty
        | ParseMoveError::BadSquare { .. }
        | ParseMoveError::BadSeparator { .. }
        | ParseMoveError::MixedSeparators
        | ParseMoveError::QuietTooLong
        | ParseMoveError::PathTooLong => InvalidMoveError::new_err(message),
        ParseMoveError::Ambiguous { .. }
        | ParseMoveError::AmbiguousCaptures { .. }
        | ParseMoveError::AmbiguousReadings { .. } => AmbiguousMoveError::new_err(message),
        _ => IllegalMoveError::new_err(message),
    }
}

/// An illegal move as `IllegalMoveError`.
pub fn illegal_error(e: RustIllegalMoveError) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// A refused move of a game.
pub fn play_error(e: PlayError) -> PyErr {
    match e {
        PlayError::GameOver { .. } => GameOverError::new_err(e.to_string()),
        PlayError::Illegal(e) => illegal_error(e),
        PlayError::Parse(e) => parse_error(e),
        _ => IllegalMoveError::new_err(e.to_string()),
    }
}

/// A PDN error as `PdnError`, with `line` and `column` set on the exception.
pub fn pdn_error(py: Python<'_>, e: &RustPdnError) -> PyErr {
    let err = PdnError::new_err(e.to_string());
    let value = err.value(py);
    // Setting an attribute on a fresh exception instance cannot fail; if it ever did, the
    // message still says where.
    let _ = value.setattr("line", e.line());
    let _ = value.setattr("column", e.column());
    err
}

/// Any other bad argument, as a plain `DamaError`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    DamaError::new_err(message.into())
}

/// An unknown rule-set name, as a plain `DamaError`.
impl From<UnknownRules> for PyErr {
    fn from(e: UnknownRules) -> PyErr {
        value_error(e.0)
    }
}
