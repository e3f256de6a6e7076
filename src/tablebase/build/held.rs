//! The finished tables a build holds in memory while it solves the tables that read them: a
//! byte an entry.

use std::boxed::Box;
use std::format;
use std::vec::Vec;

use std::collections::HashMap;
use std::sync::Arc;

use super::domain::{Domain, Orientation, mirror_board, orientation};
use super::error::BuildError;
use crate::tablebase::format::{Rows, Scheme};
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

    /// Appends the next entry's code.
    #[inline]
    pub(crate) fn push_code(&mut self, code: Code) {
        self.push(code.bits());
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

    /// The code of entry `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<Code> {
        let bits = match &self.codes {
            Codes::Narrow { index, palette } => index
                .get(i)
                .and_then(|&p| palette.get(usize::from(p)))
                .copied(),
            Codes::Wide(v) => v.get(i).copied(),
        };
        bits.map(Code::from_bits)
    }

    /// Whether every entry holds its true code (see [`Held`]).
    pub(crate) fn is_exact(&self) -> bool {
        self.exact
    }

    /// A writer of some entries' codes in place.
    pub(crate) fn rewrite(&mut self) -> Rewrite<'_> {
        let mut slot = std::vec![0u16; 1 << 16].into_boxed_slice();
        if let Codes::Narrow { palette, .. } = &self.codes {
            for (p, &code) in palette.iter().enumerate() {
                slot[usize::from(code)] = p as u16 + 1;
            }
        }
        Rewrite { held: self, slot }
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

/// Writes codes into a [`Held`] in place (a table's palette grows, or the table widens to
/// two bytes an entry, as [`HeldBuilder`] does).
pub(crate) struct Rewrite<'a> {
    held: &'a mut Held,
    /// Per code, its place in the palette plus one (0: not in it yet).
    slot: Box<[u16]>,
}

impl Rewrite<'_> {
    /// Entry `i` (inside the table) holds `code` from now on.
    pub(crate) fn set(&mut self, i: usize, code: Code) {
        let bits = code.bits();
        match &mut self.held.codes {
            Codes::Wide(v) => v[i] = bits,
            Codes::Narrow { index, palette } => {
                let mut s = self.slot[usize::from(bits)];
                if s == 0 {
                    if palette.len() == 256 {
                        let mut wide: Box<[u16]> =
                            index.iter().map(|&p| palette[usize::from(p)]).collect();
                        wide[i] = bits;
                        self.held.codes = Codes::Wide(wide);
                        return;
                    }
                    palette.push(bits);
                    s = palette.len() as u16;
                    self.slot[usize::from(bits)] = s;
                }
                index[i] = (s - 1) as u8;
            }
        }
    }

    /// Done: the table is `exact` as [`Held`] says.
    pub(crate) fn finish(self, exact: bool) {
        self.held.exact = exact;
    }
}

/// A board: White's pieces, Black's pieces, the kings (White to move).
type Board = (u64, u64, u64);

/// The finished tables in memory: whole materials by material slot, and rank slices by
/// material and rows. Each table is shared: a clone of `Tables` is a snapshot, which slices
/// solved side by side read while the build goes on holding the tables they finish.
#[derive(Clone)]
pub(crate) struct Tables {
    whole: Vec<Option<Arc<Held>>>,
    parts: HashMap<(Material, Rows, Rows), (Domain, Arc<Held>)>,
}

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            whole: (0..material::SLOTS).map(|_| None).collect(),
            parts: HashMap::new(),
        }
    }
}

impl Tables {
    /// Holds the table of a whole material.
    pub(crate) fn insert(&mut self, m: Material, v: Held) {
        self.whole[material::slot(m)] = Some(Arc::new(v));
    }

    /// Holds a rank slice's values (`d` a rank slice's domain).
    pub(crate) fn insert_part(&mut self, d: Domain, v: Held) {
        if let Scheme::Rows(w, b) = d.scheme() {
            self.parts.insert((d.m, w, b), (d, Arc::new(v)));
        }
    }

    /// Whether the whole table of `m` is held.
    pub(crate) fn has(&self, m: Material) -> bool {
        self.whole[material::slot(m)].is_some()
    }

    /// The whole table of `m`, if held.
    pub(crate) fn held(&self, m: Material) -> Option<&Held> {
        self.whole[material::slot(m)].as_deref()
    }

    /// Takes the whole table of `m` out (to be inserted again); `None` when it is not held,
    /// or is shared with a snapshot (then it stays).
    pub(crate) fn take(&mut self, m: Material) -> Option<Held> {
        let slot = &mut self.whole[material::slot(m)];
        match Arc::try_unwrap(slot.take()?) {
            Ok(h) => Some(h),
            Err(shared) => {
                *slot = Some(shared);
                None
            }
        }
    }

    /// Frees the table of `m` and its rank slices' values.
    pub(crate) fn remove(&mut self, m: Material) {
        self.whole[material::slot(m)] = None;
        self.parts.retain(|k, _| k.0 != m);
    }

    /// Takes a rank slice's values out (to be inserted again); `None` when they are not
    /// held, or are shared with a snapshot (then they stay).
    pub(crate) fn take_part(&mut self, d: &Domain) -> Option<Held> {
        let Scheme::Rows(w, b) = d.scheme() else {
            return None;
        };
        let (d, v) = self.parts.remove(&(d.m, w, b))?;
        match Arc::try_unwrap(v) {
            Ok(h) => Some(h),
            Err(shared) => {
                self.parts.insert((d.m, w, b), (d, shared));
                None
            }
        }
    }

    /// A rank slice's values, if held.
    pub(crate) fn part_of(&self, d: &Domain) -> Option<&Held> {
        match d.scheme() {
            Scheme::Rows(w, b) => self.parts.get(&(d.m, w, b)).map(|(_, v)| &**v),
            Scheme::Whole => None,
        }
    }

    /// Frees a rank slice's values.
    pub(crate) fn remove_part(&mut self, d: &Domain) {
        if let Scheme::Rows(w, b) = d.scheme() {
            self.parts.remove(&(d.m, w, b));
        }
    }

    /// The value held at entry `i` of `m` (as its files store it), if `m` is held.
    pub(crate) fn stored(&self, m: Material, i: u64) -> Option<Code> {
        self.whole.get(material::slot(m))?.as_ref()?.get(i as usize)
    }

    /// The table and index of a board (White to move, after the colour swap, the one of
    /// it and its mirror that the files store) of material `m`: the whole table's entry,
    /// or its rank slice's.
    fn find(&self, m: Material, board: Board) -> Option<(&Held, u64)> {
        if let Some(t) = self.whole[material::slot(m)].as_ref() {
            let (white, black, kings) = board;
            return Some((t, index::index_of(m, white, black, kings)));
        }
        let (d, t) = self.part(m, board)?;
        Some((t, d.index(board)?))
    }

    /// The rank slice of `m` held for the rows of a board's men (White to move), with its
    /// domain.
    pub(crate) fn part(
        &self,
        m: Material,
        (white, black, kings): Board,
    ) -> Option<(&Domain, &Held)> {
        let rows = |men: u64| -> Rows {
            let mut r = [0u8; 8];
            for (row, c) in r.iter_mut().enumerate() {
                *c = ((men >> (8 * row)) & 0xff).count_ones() as u8;
            }
            r
        };
        let (d, t) = self
            .parts
            .get(&(m, rows(white & !kings), rows(black & !kings)))?;
        Some((d, t))
    }

    /// The value code of a position already solved (a capture's, crowning's or, in a rank
    /// slice, a man's forward move's child).
    pub(crate) fn value(&self, pos: &Position) -> Result<Code, BuildError> {
        let b = pos.board();
        let own = b.by_color(pos.turn());
        if own.is_empty() {
            return Ok(Code::loss(0));
        }
        let (m, board) = index::material_board(pos)
            .ok_or_else(|| BuildError::Internal(format!("no index for {pos}")))?;
        // The entry the files store: the board or its mirror, whichever has the smaller
        // index (the mirror stands on the same rows).
        let board = if orientation(board) == Orientation::Mirrored {
            mirror_board(board)
        } else {
            board
        };
        let (t, i) = self.find(m, board).ok_or_else(|| {
            BuildError::Internal(format!("the table of {} is not held for {pos}", m.name()))
        })?;
        if !t.exact && by_captures(pos) {
            let mut list = MoveList::new();
            return from_children(pos, &mut list, |c| self.value(c));
        }
        t.get(i as usize)
            .ok_or_else(|| BuildError::Internal(format!("index past table {}", m.name())))
    }
}

/// The value a position gets from its children's: the quickest win, else a draw, else the
/// longest loss.
#[derive(Default)]
pub(crate) struct Best {
    win: Option<u16>,
    draw: bool,
    loss: u16,
}

impl Best {
    /// One more child, of code `code`.
    #[inline]
    pub(crate) fn add(&mut self, code: Code) {
        match code.decode() {
            (Wdl::Loss, Some(d)) => {
                let w = d.saturating_add(1);
                self.win = Some(self.win.map_or(w, |b| b.min(w)));
            }
            (Wdl::Win, Some(d)) => self.loss = self.loss.max(d.saturating_add(1)),
            _ => self.draw = true,
        }
    }

    /// The position's code.
    pub(crate) fn code(&self) -> Code {
        match self.win {
            Some(d) => Code::win(d),
            None if self.draw => Code::DRAW,
            None => Code::loss(self.loss),
        }
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
    let mut best = Best::default();
    for mv in list.iter() {
        best.add(child(&pos.after_unchecked(*mv))?);
    }
    Ok(best.code())
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

    /// Codes written in place read back: a code new to the palette joins it, and one past
    /// 256 codes makes the table two bytes an entry, its other entries kept.
    #[test]
    fn rewritten_codes_read_back() {
        let codes: Vec<Code> = (0..3000u16).map(|i| Code::from_bits(i % 200)).collect();
        let mut h = Held::new(&codes, false);
        let mut w = h.rewrite();
        w.set(7, Code::from_bits(250));
        w.set(8, Code::from_bits(3));
        w.finish(false);
        assert_eq!(h.bytes(), codes.len());
        assert!(!h.is_exact());
        let mut want = codes.clone();
        want[7] = Code::from_bits(250);
        want[8] = Code::from_bits(3);
        assert!(want.iter().enumerate().all(|(i, &c)| h.get(i) == Some(c)));
        let mut w = h.rewrite();
        for i in 0..60u16 {
            w.set(usize::from(i) + 100, Code::from_bits(1000 + i));
            want[usize::from(i) + 100] = Code::from_bits(1000 + i);
        }
        w.finish(true);
        assert_eq!(h.bytes(), 2 * codes.len());
        assert!(h.is_exact());
        assert!(want.iter().enumerate().all(|(i, &c)| h.get(i) == Some(c)));
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
