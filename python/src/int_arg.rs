//! `Int`: an integer argument of any size, checked against the range its parameter takes.
//!
//! pyo3 turns a Python `int` into `u32`, `usize` and the like with a bare
//! `OverflowError: out of range integral type conversion attempted` when it does not fit,
//! naming neither the argument nor its range. Parameters that take `Int` read every `int`
//! (and anything with `__index__`, as `bool`), and [`Int::get`] gives the value in the
//! parameter's range or a `ValueError` that names the argument and the range, as
//! python-chess raises `ValueError` for bad arguments. Anything but an integer is still a
//! `TypeError` naming the argument.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

use crate::errors::value_error;

/// The most characters of a huge integer a message quotes.
const QUOTED_DIGITS: usize = 40;

/// A Python integer, read whatever its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Int {
    /// One that fits in an `i128` (every argument's range does).
    Small(i128),
    /// One past the `i128` range: its digits, cut to [`QUOTED_DIGITS`].
    Huge(String),
}

impl Int {
    /// The value, as `T`, when it lies in `min..=max` (a range `T` holds); else a
    /// `ValueError`: `{name}={value} is out of range: expected an integer from {min} to {max}`.
    pub fn get<T: TryFrom<i128>>(&self, name: &str, min: i128, max: i128) -> PyResult<T> {
        if let Int::Small(v) = *self {
            if (min..=max).contains(&v) {
                if let Ok(t) = T::try_from(v) {
                    return Ok(t);
                }
            }
        }
        Err(value_error(format!(
            "{name}={self} is out of range: expected an integer from {min} to {max}"
        )))
    }

    /// The value when it fits in an `i128`.
    pub fn small(&self) -> Option<i128> {
        match *self {
            Int::Small(v) => Some(v),
            Int::Huge(_) => None,
        }
    }
}

impl From<i128> for Int {
    fn from(v: i128) -> Int {
        Int::Small(v)
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Int::Small(v) => write!(f, "{v}"),
            Int::Huge(digits) => f.write_str(digits),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(v) => Ok(Int::Small(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let text = obj.str()?.to_string();
                let mut digits: String = text.chars().take(QUOTED_DIGITS).collect();
                if text.chars().count() > QUOTED_DIGITS {
                    digits.push('…');
                }
                Ok(Int::Huge(digits))
            }
            Err(e) => Err(e),
        }
    }
}

/// The range of `u32`, for [`Int::get`].
pub const U32: (i128, i128) = (0, u32::MAX as i128);
/// The range of `u64`.
pub const U64: (i128, i128) = (0, u64::MAX as i128);
/// The range of `usize`.
pub const USIZE: (i128, i128) = (0, usize::MAX as i128);

/// `value` as `T` in the range `(min, max)`: [`Int::get`] with a range constant.
pub fn get<T: TryFrom<i128>>(value: &Int, name: &str, range: (i128, i128)) -> PyResult<T> {
    value.get(name, range.0, range.1)
}
