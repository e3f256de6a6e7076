//! The bookkeeping that lets [`Game`](super::Game) count repetitions in constant time a ply:
//! each ply's record ([`Ply`]) links to the previous ply with the same Zobrist key, and a
//! hash table ([`KeyTable`]) finds the latest ply of a key.
//!
//! A new position looks up its key, then walks back along the links while they stay inside
//! the repetition window (the plies since the last irreversible move), comparing whole
//! positions; the first equal one gives the count. Two different positions share a 64-bit key
//! only by a collision, so the walk almost always stops at its first step. Taking a move back
//! puts the table entry back to the link, so undo is constant time too.

use alloc::vec::Vec;

/// No ply: the end of a chain of plies with the same key.
pub(super) const NONE: u32 = u32::MAX;

/// What the game knows about each of its positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ply {
    /// Zobrist key of the position.
    pub(super) key: u64,
    /// Index of the first position that can equal this one: the position after the last
    /// irreversible move (a capture or a man moving forward), or 0.
    pub(super) window: u32,
    /// Index of the position after the last capture or man move, or 0.
    pub(super) progress: u32,
    /// How many times this position has occurred so far, this one included.
    pub(super) reps: u32,
    /// The previous ply with the same key, or [`NONE`].
    pub(super) prev: u32,
}

/// From a Zobrist key to the latest ply with that key, as an open-addressing table with
/// linear probing. A slot holds a ply index plus one (0 is an empty slot); the key is read
/// from the ply itself, so a slot is 4 bytes. The table is at most half full.
///
/// A game builds it only when a repetition window grows long ([`build`](KeyTable::build));
/// from then on every new ply goes in, and taking back the first ply that went in empties
/// it again.
#[derive(Clone, Debug, Default)]
pub(super) struct KeyTable {
    slots: Vec<u32>,
    len: usize,
    /// The first ply in the table.
    from: u32,
}

impl KeyTable {
    /// A table not built; it allocates nothing.
    pub(super) const fn new() -> KeyTable {
        KeyTable {
            slots: Vec::new(),
            len: 0,
            from: 0,
        }
    }

    /// Whether the table is built.
    pub(super) fn is_built(&self) -> bool {
        !self.slots.is_empty()
    }

    /// Builds the table with the plies from `from` on, linking each to the previous one of
    /// its key.
    pub(super) fn build(&mut self, from: u32, plies: &mut [Ply]) {
        self.from = from;
        for i in from..plies.len() as u32 {
            plies[i as usize].prev = self.latest(plies[i as usize].key, plies);
            self.set(i, plies);
        }
    }

    /// Takes ply `index`, the last one, out of the table (the ply is still in `plies`).
    pub(super) fn take_back(&mut self, index: u32, plies: &[Ply]) {
        if !self.is_built() {
            return;
        }
        if index == self.from {
            *self = KeyTable::new();
            return;
        }
        let ply = plies[index as usize];
        self.restore(ply.key, ply.prev, plies);
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The slot where `key`'s search starts. The keys are random bits, so the low ones do.
    fn home(&self, key: u64) -> usize {
        (key as usize) & self.mask()
    }

    /// The slot that holds `key`, or the empty slot where it would go.
    fn find(&self, key: u64, plies: &[Ply]) -> usize {
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                0 => return i,
                s if plies[s as usize - 1].key == key => return i,
                _ => i = (i + 1) & self.mask(),
            }
        }
    }

    /// The latest ply with `key`, or [`NONE`].
    pub(super) fn latest(&self, key: u64, plies: &[Ply]) -> u32 {
        if self.slots.is_empty() {
            return NONE;
        }
        match self.slots[self.find(key, plies)] {
            0 => NONE,
            s => s - 1,
        }
    }

    /// Makes `index` the latest ply of its key (`plies[index]` holds the key).
    pub(super) fn set(&mut self, index: u32, plies: &[Ply]) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(plies);
        }
        let key = plies[index as usize].key;
        let i = self.find(key, plies);
        if self.slots[i] == 0 {
            self.len += 1;
        }
        self.slots[i] = index + 1;
    }

    /// Takes back the latest ply of `key`: `prev` becomes the latest, or the key goes when
    /// `prev` is [`NONE`]. The ply being taken back must still be in `plies`.
    fn restore(&mut self, key: u64, prev: u32, plies: &[Ply]) {
        let mut i = self.find(key, plies);
        if prev != NONE {
            self.slots[i] = prev + 1;
            return;
        }
        // Backward-shift deletion: entries after the hole move up when their search would
        // otherwise pass the hole.
        self.len -= 1;
        let mut j = i;
        loop {
            j = (j + 1) & self.mask();
            let s = self.slots[j];
            if s == 0 {
                break;
            }
            let home = self.home(plies[s as usize - 1].key);
            // Whether `home` lies cyclically in (i, j]: then the entry stays.
            let stays = if i <= j {
                i < home && home <= j
            } else {
                i < home || home <= j
            };
            if !stays {
                self.slots[i] = s;
                i = j;
            }
        }
        self.slots[i] = 0;
    }

    fn grow(&mut self, plies: &[Ply]) {
        let size = (self.slots.len() * 2).max(8);
        let old = core::mem::replace(&mut self.slots, alloc::vec![0; size]);
        for s in old.into_iter().filter(|&s| s != 0) {
            let i = self.find(plies[s as usize - 1].key, plies);
            self.slots[i] = s;
        }
    }

    /// The bytes the table holds on the heap.
    #[cfg(test)]
    pub(super) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * core::mem::size_of::<u32>()
    }
}
