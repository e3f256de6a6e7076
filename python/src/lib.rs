//! The extension module `turkish_draughts._core`: the Python package's classes and
//! functions, on the turkish-draughts crate. The pure-Python package `turkish_draughts`
//! (beside this crate) re-exports them and adds the PDN helpers, the PettingZoo environment
//! and the Dask helpers.
//!
//! Nothing here panics on input: every error of the crate becomes a Python exception (see
//! `errors`), and the crate's panicking calls (`Game::play`, `perft` past its depth bound)
//! are never made with unchecked input.

mod actions;
mod board;
mod bulk;
mod errors;
mod int_arg;
mod interrupt;
mod move_list;
mod moves;
mod names;
mod outcome;
mod pdn;
mod playout;
mod tablebase;
mod termination;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::PyBoard>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<move_list::PyMoveList>()?;
    m.add_class::<outcome::PyOutcome>()?;
    m.add_class::<termination::Termination>()?;
    m.add_class::<pdn::PyGameReader>()?;
    m.add_class::<pdn::PyPdnGame>()?;
    m.add_class::<pdn::PyRulesConflict>()?;
    m.add_function(wrap_pyfunction!(bulk::perft, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::positions_at, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(bulk::planes_batch, m)?)?;
    m.add_function(wrap_pyfunction!(pdn::_read_games, m)?)?;
    m.add_function(wrap_pyfunction!(pdn::_read_games_str, m)?)?;
    m.add_function(wrap_pyfunction!(pdn::_write_game, m)?)?;
    m.add("DamaError", py.get_type::<errors::DamaError>())?;
    m.add("InvalidFenError", py.get_type::<errors::InvalidFenError>())?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("PdnError", py.get_type::<errors::PdnError>())?;
    m.add("ACTION_SIZE", actions::ACTION_SIZE)?;
    m.add("ACTION_SLOTS", actions::SLOTS)?;
    m.add("MAX_PERFT_DEPTH", turkish_draughts::MAX_PERFT_DEPTH)?;
    tablebase::register(m)?;
    Ok(())
}
