//! What a table says of a position: win, draw or loss ([`Wdl`]), the distance with it (a
//! value [`Code`]), and which of the two a file holds ([`Metric`]).

use core::fmt;

/// Win, draw or loss, for the side to move.
///
/// ```
/// use turkish_draughts::tablebase::Wdl;
/// assert_eq!(Wdl::Win.to_string(), "win");
/// assert_eq!(-Wdl::Win, Wdl::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses.
    Loss,
    /// Neither side can force the end of the game.
    Draw,
    /// The side to move wins.
    Win,
}

impl core::ops::Neg for Wdl {
    type Output = Wdl;
    /// The value for the other side.
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        })
    }
}

impl Wdl {
    /// The value of a WDL file's symbol (0 draw, 1 win, 2 loss).
    #[inline]
    pub(crate) const fn from_symbol(s: u16) -> Wdl {
        match s {
            1 => Wdl::Win,
            2 => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }
}

/// What a table file holds.
///
/// ```
/// use turkish_draughts::tablebase::Metric;
/// assert_eq!(Metric::Dtw.to_string(), "DTW");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Win, draw or loss.
    Wdl = 0,
    /// The distance to the end of the game, with the value.
    Dtw = 1,
}

impl Metric {
    /// The file name's extension.
    pub(crate) const fn extension(self) -> &'static str {
        match self {
            Metric::Wdl => "wdl",
            Metric::Dtw => "dtw",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Wdl => "WDL",
            Metric::Dtw => "DTW",
        })
    }
}

/// A position's value and distance for the side to move, in sixteen bits, as the builder
/// keeps them and the DTW files store them: `0` a draw, `2d + 1` a win in `d` plies,
/// `2d + 2` a loss in `d` plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Code(u16);

impl Code {
    /// A draw.
    pub(crate) const DRAW: Code = Code(0);

    /// A win in `d` plies.
    #[inline]
    pub(crate) const fn win(d: u16) -> Code {
        Code(2 * d + 1)
    }

    /// A loss in `d` plies.
    #[inline]
    pub(crate) const fn loss(d: u16) -> Code {
        Code(2 * d + 2)
    }

    /// The code of its sixteen bits (as a file or the builder's cells store it).
    #[inline]
    pub(crate) const fn from_bits(bits: u16) -> Code {
        Code(bits)
    }

    /// Its sixteen bits.
    #[cfg(feature = "tablebase-builder")]
    #[inline]
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// The value and the distance (`None` for a draw).
    #[inline]
    pub(crate) const fn decode(self) -> (Wdl, Option<u16>) {
        if self.0 == 0 {
            (Wdl::Draw, None)
        } else if self.0 % 2 == 1 {
            (Wdl::Win, Some((self.0 - 1) / 2))
        } else {
            (Wdl::Loss, Some((self.0 - 2) / 2))
        }
    }

    /// The value.
    #[inline]
    pub(crate) const fn wdl(self) -> Wdl {
        self.decode().0
    }

    /// The WDL file's symbol of the value: 0 draw, 1 win, 2 loss.
    #[inline]
    pub(crate) const fn wdl_symbol(self) -> u16 {
        if self.0 == 0 { 0 } else { 2 - self.0 % 2 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for d in [0, 1, 7, 300] {
            assert_eq!(Code::win(d).decode(), (Wdl::Win, Some(d)));
            assert_eq!(Code::loss(d).decode(), (Wdl::Loss, Some(d)));
            assert_eq!(Code::from_bits(Code::loss(d).bits()), Code::loss(d));
            assert_eq!(Wdl::from_symbol(Code::win(d).wdl_symbol()), Wdl::Win);
            assert_eq!(Wdl::from_symbol(Code::loss(d).wdl_symbol()), Wdl::Loss);
        }
        assert_eq!(Code::DRAW.decode(), (Wdl::Draw, None));
        assert_eq!(Wdl::from_symbol(Code::DRAW.wdl_symbol()), Wdl::Draw);
    }
}
