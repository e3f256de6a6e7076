//! The finished tables a build holds in memory while it solves the tables that read them: a
//! byte an entry.

use std::boxed::Box;
use std::format;
use std::vec::Vec;

use super::error::BuildError;
use crate::tablebase::index;
use crate::tablebase::material::{self, Material};
use crate::tablebase::resolve::by_captures;
use crate::tablebase::value::Code;
use crate::tablebase::value::Wdl;
use crate::{MoveList, Position};

/// A finished table's value codes, a byte an entry: an index into a palette of at most 256
/// codes (every table up to 5 pieces has fewer), else two bytes an entry. `exact` when every
/// entry holds its true code (a table solved in this process), not only those its files
/// keep (a table read back, whose capture positions are answered from their children).
pub(crate) struct Held {
    codes: Codes,
    exact: bool,
}

enum Codes {
    Narrow { index: Box<[u8]>, palette: Vec<u16> },
    Wide(Box<[u16]>),
}

/// Builds a [`Held`] from codes in index order.
pub(crate) struct HeldBuilder {
    index: Vec<u8>,
    wide: Option<Vec<u16>>,
    palette: Vec<u16>,
    /// Per code, its place in the palette plus one (0: not in it yet).
    slot: Box<[u16]>,
}

impl HeldBuilder {
    /// A builder for `len` entries.
    pub(crate) fn new(len: usize) -> HeldBuilder {
        HeldBuilder {
            index: Vec::with_capacity(len),
            wide: None,
            palette: Vec::new(),
            slot: std::vec![0u16; 1 << 16].into_boxed_slice(),
        }
    }

    /// Appends the next entries' codes.
    pub(crate) fn extend(&mut self, codes: &mut dyn Iterator<Item = Code>) {
        for code in codes {
            self.push(code.bits());
        }
    }

    #[inline]
    fn push(&mut self, code: u16) {
        if let Some(w) = &mut self.wide {
            w.push(code);
            return;
        }
        let mut s = self.slot[usize::from(code)];
        if s == 0 {
            if self.palette.len() == 256 {
                // More codes than a byte tells apart: two bytes an entry from here on.
                let mut w: Vec<u16> = Vec::with_capacity(self.index.capacity());
                w.extend(self.index.iter().map(|&i| self.palette[usize::from(i)]));
                w.push(code);
                self.index = Vec::new();
                self.wide = Some(w);
                return;
            }
            self.palette.push(code);
            s = self.palette.len() as u16;
            self.slot[usize::from(code)] = s;
        }
        self.index.push((s - 1) as u8);
    }

    /// The table, `exact` as [`Held`] says.
    pub(crate) fn finish(self, exact: bool) -> Held {
        let codes = match self.wide {
            Some(w) => Codes::Wide(w.into_boxed_slice()),
            None => Codes::Narrow {
                index: self.index.into_boxed_slice(),
                palette: self.palette,
            },
        };
        Held { codes, exact }
    }
}

impl Held {
    /// A table of the codes `values`, in index order.
    pub(crate) fn new(values: &[Code], exact: bool) -> Held {
        let mut b = HeldBuilder::new(values.len());
        b.extend(&mut values.iter().copied());
        b.finish(exact)
    }

    #[inline]
    fn get(&self, i: usize) -> Option<Code> {
        let bits = match &self.codes {
            Codes::Narrow { index, palette } => index
                .get(i)
                .and_then(|&p| palette.get(usize::from(p)))
                .copied(),
            Codes::Wide(v) => v.get(i).copied(),
        };
        bits.map(Code::from_bits)
    }

    /// The bytes it holds.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        match &self.codes {
            Codes::Narrow { index, .. } => index.len(),
            Codes::Wide(v) => 2 * v.len(),
        }
    }
}

/// The finished tables in memory, by material slot.
pub(crate) struct Tables(Vec<Option<Held>>);

impl Default for Tables {
    fn default() -> Tables {
        Tables((0..material::SLOTS).map(|_| None).collect())
    }
}

impl Tables {
    pub(crate) fn insert(&mut self, m: Material, v: Held) {
        self.0[material::slot(m)] = Some(v);
    }

    pub(crate) fn has(&self, m: Material) -> bool {
        self.0[material::slot(m)].is_some()
    }

    /// Frees the table of `m`.
    pub(crate) fn remove(&mut self, m: Material) {
        self.0[material::slot(m)] = None;
    }

    /// The value held at entry `i` of `m` (as its files store it), if `m` is held.
    pub(crate) fn stored(&self, m: Material, i: u64) -> Option<Code> {
        self.0.get(material::slot(m))?.as_ref()?.get(i as usize)
    }

    /// The value code of a position already solved (a capture's or crowning's child).
    pub(crate) fn value(&self, pos: &Position) -> Result<Code, BuildError> {
        let b = pos.board();
        let own = b.by_color(pos.turn());
        if own.is_empty() {
            return Ok(Code::loss(0));
        }
        let (m, i) = index::locate(pos)
            .ok_or_else(|| BuildError::Internal(format!("no index for {pos}")))?;
        let t = self
            .0
            .get(material::slot(m))
            .and_then(Option::as_ref)
            .ok_or_else(|| BuildError::Internal(format!("table {} not built yet", m.name())))?;
        if !t.exact && by_captures(pos) {
            let mut list = Box::new(MoveList::new());
            return from_children(pos, &mut list, |c| self.value(c));
        }
        t.get(i as usize)
            .ok_or_else(|| BuildError::Internal(format!("index past table {}", m.name())))
    }
}

/// The value code of a position that is not over ([`Position::outcome`] is `None`), from
/// its children's codes (`child`): the quickest win, else a draw, else the longest loss.
#[inline]
pub(crate) fn from_children<E>(
    pos: &Position,
    list: &mut MoveList,
    mut child: impl FnMut(&Position) -> Result<Code, E>,
) -> Result<Code, E> {
    pos.legal_moves_into(list);
    let (mut best_win, mut any_draw, mut longest_loss) = (None::<u16>, false, 0u16);
    for mv in list.iter() {
        match child(&pos.after_unchecked(*mv))?.decode() {
            (Wdl::Loss, Some(d)) => {
                best_win = Some(best_win.map_or(d + 1, |b| b.min(d.saturating_add(1))));
            }
            (Wdl::Win, Some(d)) => longest_loss = longest_loss.max(d.saturating_add(1)),
            _ => any_draw = true,
        }
    }
    Ok(match best_win {
        Some(d) => Code::win(d),
        None if any_draw => Code::DRAW,
        None => Code::loss(longest_loss),
    })
}

/// The value codes of a material from its two decoded files (symbols in index order): a
/// draw where the WDL file says draw, else the DTW file's code. The entries the encoder
/// filled (captures, mirrors, two pieces on a square) hold anything: nothing reads them.
pub(crate) fn combine(wdl: &[u16], dtw: &[u16]) -> Vec<Code> {
    wdl.iter()
        .zip(dtw)
        .map(|(&w, &d)| {
            if w == 0 {
                Code::DRAW
            } else {
                Code::from_bits(d)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_and_wide_tables_read_back() {
        let few: Vec<Code> = (0..5000u16)
            .map(|i| Code::from_bits((i * 7) % 300 % 200))
            .collect();
        let h = Held::new(&few, true);
        assert_eq!(h.bytes(), few.len());
        assert!(few.iter().enumerate().all(|(i, &c)| h.get(i) == Some(c)));
        let many: Vec<Code> = (0..5000u16)
            .map(|i| Code::from_bits((i * 7) % 300))
            .collect();
        let h = Held::new(&many, true);
        assert_eq!(h.bytes(), 2 * many.len());
        assert!(many.iter().enumerate().all(|(i, &c)| h.get(i) == Some(c)));
        assert_eq!(h.get(many.len()), None);
    }

    #[test]
    fn children_combine() {
        use crate::RuleSet;
        let mut list = MoveList::new();
        // White to move must capture: d4xd6... the child's code decides.
        let pos = Position::from_fen("W:WKd4,a2:BKd5", RuleSet::Default).unwrap();
        assert!(by_captures(&pos));
        let c = from_children(&pos, &mut list, |_| Ok::<Code, ()>(Code::loss(0))).unwrap();
        assert_eq!(c, Code::win(1));
        let c = from_children(&pos, &mut list, |_| Ok::<Code, ()>(Code::win(4))).unwrap();
        assert_eq!(c, Code::loss(5));
    }
}
