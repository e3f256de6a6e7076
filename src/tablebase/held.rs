//! The finished tables a build holds in memory while it solves the tables that read them: a
//! byte an entry.

use std::boxed::Box;
use std::format;
use std::vec::Vec;

use super::error::BuildError;
use super::material::{self, Material};
use super::{resolve, value};
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
    pub(crate) fn extend(&mut self, codes: &mut dyn Iterator<Item = u16>) {
        for code in codes {
            self.push(code);
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
    pub(crate) fn new(values: &[u16], exact: bool) -> Held {
        let mut b = HeldBuilder::new(values.len());
        b.extend(&mut values.iter().copied());
        b.finish(exact)
    }

    #[inline]
    fn get(&self, i: usize) -> Option<u16> {
        match &self.codes {
            Codes::Narrow { index, palette } => index
                .get(i)
                .and_then(|&p| palette.get(usize::from(p)))
                .copied(),
            Codes::Wide(v) => v.get(i).copied(),
        }
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

    /// The value code of a position already solved (a capture's or crowning's child).
    pub(crate) fn value(&self, pos: &Position) -> Result<u16, BuildError> {
        let b = pos.board();
        let own = b.by_color(pos.turn());
        if own.is_empty() {
            return Ok(value::loss(0));
        }
        let (m, i) = material::locate(pos)
            .ok_or_else(|| BuildError::Internal(format!("no index for {pos}")))?;
        let t = self
            .0
            .get(material::slot(m))
            .and_then(Option::as_ref)
            .ok_or_else(|| BuildError::Internal(format!("table {} not built yet", m.name())))?;
        if !t.exact && resolve::by_captures(pos) {
            let mut list = Box::new(MoveList::new());
            return resolve::from_children(pos, &mut list, |c| self.value(c));
        }
        t.get(i as usize)
            .ok_or_else(|| BuildError::Internal(format!("index past table {}", m.name())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_and_wide_tables_read_back() {
        let few: Vec<u16> = (0..5000u16).map(|i| (i * 7) % 300 % 200).collect();
        let h = Held::new(&few, true);
        assert_eq!(h.bytes(), few.len());
        assert!(few.iter().enumerate().all(|(i, &c)| h.get(i) == Some(c)));
        let many: Vec<u16> = (0..5000u16).map(|i| (i * 7) % 300).collect();
        let h = Held::new(&many, true);
        assert_eq!(h.bytes(), 2 * many.len());
        assert!(many.iter().enumerate().all(|(i, &c)| h.get(i) == Some(c)));
        assert_eq!(h.get(many.len()), None);
    }
}
