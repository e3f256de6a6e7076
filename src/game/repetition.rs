//! The bookkeeping that lets [`Game`](super::Game) count repetitions in constant time a ply.
//!
//! Each position has a record ([`Ply`]) with the start of its repetition window (the plies
//! since the last irreversible move), the last progress and how many times it has occurred.
//! A new position is compared with the earlier positions of its window. While the window is
//! short, the game looks back over it; once it is long, a [`KeyTable`] finds the latest
//! position with the same Zobrist key, and each position links to the previous one with its
//! key, so the walk back compares only positions with that key. Two different positions
//! share a 64-bit key only by a collision, so the walk almost always stops at its first step.
//! The keys exist only in the table: games whose windows stay short never compute them.
//! Taking a move back puts the table entry back to the link, so undo is constant time too.

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::{Move, Position};

/// No ply: the end of a chain of plies with the same key.
pub(super) const NONE: u32 = u32::MAX;

/// What the game knows about each of its positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ply {
    /// Index of the first position that can equal this one: the position after the last
    /// irreversible move (a capture or a man moving forward), or 0.
    pub(super) window: u32,
    /// Index of the position after the last capture or man move, or 0.
    pub(super) progress: u32,
    /// How many times this position has occurred so far, this one included.
    pub(super) reps: u32,
}

/// The record of a game's first position.
pub(super) const FIRST: Ply = Ply {
    window: 0,
    progress: 0,
    reps: 1,
};

/// The key of a position in the table and the link to the previous one with that key, in 12
/// bytes (the fields are only ever copied out).
#[derive(Clone, Copy, Debug)]
#[repr(C, packed(4))]
struct Link {
    key: u64,
    /// The previous ply with the same key, or [`NONE`].
    prev: u32,
}

/// From a Zobrist key to the latest ply with that key, as an open-addressing table with
/// linear probing, and the keys and links of the plies it holds. A slot holds the place of a
/// ply in the table plus one (0 is an empty slot); the key is read from the ply's link, so a
/// slot is 4 bytes. The table is at most half full.
///
/// A game builds it only when a repetition window grows long ([`build`](KeyTable::build)),
/// with the plies from the window's first one on; from then on every new ply goes in, and
/// taking back the first ply that went in drops the table.
#[derive(Clone, Debug)]
pub(super) struct KeyTable {
    slots: Vec<u32>,
    /// The keys in the table.
    len: usize,
    /// The first ply in the table.
    from: u32,
    /// The key and link of each ply from `from` on.
    links: Vec<Link>,
}

/// Where a key is in a [`KeyTable`]: its slot (or the empty slot where it would go) and the
/// latest ply with it, or [`NONE`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Found {
    slot: usize,
    pub(super) latest: u32,
}

impl KeyTable {
    /// The table of plies `from` to the last one, `from` being the first of a repetition
    /// window (no position before it can come again); `positions` and `moves` are the game's.
    pub(super) fn build(from: u32, positions: &[Position], moves: &[Move]) -> KeyTable {
        let count = positions.len() - from as usize;
        let mut table = KeyTable {
            slots: alloc::vec![0; (2 * count).next_power_of_two().max(8)],
            len: 0,
            from,
            links: Vec::with_capacity(count.next_power_of_two()),
        };
        let mut key = positions[from as usize].zobrist();
        for i in from..positions.len() as u32 {
            if i > from {
                let before = i as usize - 1;
                key ^= positions[before].zobrist_delta(moves[before]);
            }
            let found = table.find(key);
            table.push(key, found);
        }
        table
    }

    /// The first ply in the table.
    pub(super) fn from(&self) -> u32 {
        self.from
    }

    /// The key of the last ply in the table.
    pub(super) fn last_key(&self) -> u64 {
        // A table holds at least the ply it was built from.
        self.links[self.links.len() - 1].key
    }

    /// The previous ply with the same key as ply `index` (in the table), or [`NONE`].
    pub(super) fn prev(&self, index: u32) -> u32 {
        self.links[(index - self.from) as usize].prev
    }

    /// Appends the ply after the last with `key`, which [`find`](KeyTable::find) found.
    pub(super) fn push(&mut self, key: u64, found: Found) {
        self.links.push(Link {
            key,
            prev: found.latest,
        });
        self.slots[found.slot] = self.links.len() as u32;
        if found.latest == NONE {
            self.len += 1;
            if self.len * 2 > self.slots.len() {
                self.grow();
            }
        }
    }

    /// Takes the last ply, not the first, out of the table.
    pub(super) fn take_back(&mut self) {
        let Link { key, prev } = self.links[self.links.len() - 1];
        self.restore(key, prev);
        self.links.pop();
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The slot where `key`'s search starts. The keys are random bits, so the low ones do.
    fn home(&self, key: u64) -> usize {
        (key as usize) & self.mask()
    }

    /// The key of the ply in slot value `s` (not 0).
    fn key_at(&self, s: u32) -> u64 {
        self.links[s as usize - 1].key
    }

    /// The slot that holds `key`, or the empty slot where it would go, and the latest ply with
    /// the key.
    pub(super) fn find(&self, key: u64) -> Found {
        let mut slot = self.home(key);
        loop {
            match self.slots[slot] {
                0 => return Found { slot, latest: NONE },
                s if self.key_at(s) == key => {
                    return Found {
                        slot,
                        latest: self.from + s - 1,
                    };
                }
                _ => slot = (slot + 1) & self.mask(),
            }
        }
    }

    /// Takes back the latest ply of `key`: `prev` becomes the latest, or the key goes when
    /// `prev` is [`NONE`]. The ply being taken back must still be in `links`.
    fn restore(&mut self, key: u64, prev: u32) {
        let mut i = self.find(key).slot;
        if prev != NONE {
            self.slots[i] = prev - self.from + 1;
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
            let home = self.home(self.key_at(s));
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

    #[cold]
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let old = core::mem::replace(&mut self.slots, alloc::vec![0; size]);
        for s in old.into_iter().filter(|&s| s != 0) {
            let i = self.find(self.key_at(s)).slot;
            self.slots[i] = s;
        }
    }

    /// The bytes the table holds on the heap.
    #[cfg(test)]
    pub(super) fn heap_bytes(&self) -> usize {
        self.slots.capacity() * core::mem::size_of::<u32>()
            + self.links.capacity() * core::mem::size_of::<Link>()
    }
}

/// The window length, in plies, past which repetitions are looked up in a key table rather
/// than by looking back over the window.
const TABLE_AFTER: u32 = 32;

/// The record of the position `next`, ply `index` of the game, that the move `mv` makes
/// from the game's last position `pos`, whose record is `last`: its window (the plies since
/// the last irreversible move), its last progress (a capture or a man move) and how many
/// times it has occurred in its window. `positions` and `plies` are the game's so far (empty
/// before its first move), `table` its key table once its window is long. Also, when there
/// is a table, the key of `next` and its slot, for [`link`].
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn next_ply(
    table: Option<&KeyTable>,
    positions: &[Position],
    plies: &[Ply],
    last: Ply,
    index: u32,
    pos: Position,
    next: Position,
    mv: Move,
) -> (Ply, Option<(u64, Found)>) {
    let n = index as usize;
    let man = !pos.board().kings().contains(mv.from());
    let progress = if man || mv.is_capture() {
        index
    } else {
        last.progress
    };
    // Men never move back and pieces never come back, so after a capture or a forward
    // man move no earlier position can occur again. Sideways man moves can be undone.
    let irreversible = mv.is_capture() || (man && mv.from().rank() != mv.to().rank());
    let window = if irreversible { index } else { last.window };
    // The latest earlier occurrence inside the window, if any, counts the ones before it.
    let mut reps = 1;
    let mut linked = None;
    if let Some(table) = table {
        // A long window: the earlier positions with the same key.
        let key = table.last_key() ^ pos.zobrist_delta(mv);
        let found = table.find(key);
        let mut i = found.latest;
        while i != NONE && i >= window {
            count_probe();
            if positions[i as usize] == next {
                reps = plies[i as usize].reps + 1;
                break;
            }
            i = table.prev(i);
        }
        linked = Some((key, found));
    } else {
        // A short window: look back over it, at the positions with the same side to move.
        let mut i = n;
        while i >= window as usize + 2 {
            i -= 2;
            count_probe();
            if positions[i] == next {
                reps = plies[i].reps + 1;
                break;
            }
        }
    }
    let ply = Ply {
        window,
        progress,
        reps,
    };
    (ply, linked)
}

/// After the game has recorded its new position (the last of `positions`, with `window`):
/// links it into the key table, or builds the table once the window has grown long.
#[inline(always)]
pub(super) fn link(
    table: &mut Option<Box<KeyTable>>,
    linked: Option<(u64, Found)>,
    window: u32,
    positions: &[Position],
    moves: &[Move],
) {
    let index = moves.len() as u32;
    if let Some((key, found)) = linked {
        if let Some(table) = table {
            table.push(key, found);
        }
    } else if index - window > TABLE_AFTER {
        *table = Some(Box::new(KeyTable::build(window, positions, moves)));
    }
}

#[cfg(all(test, feature = "std"))]
std::thread_local! {
    /// The positions compared by this thread's repetition checks, for the tests of their cost.
    pub(super) static PROBES: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
}

#[cfg(all(test, feature = "std"))]
fn count_probe() {
    PROBES.with(|p| p.set(p.get() + 1));
}

#[cfg(not(all(test, feature = "std")))]
#[inline(always)]
fn count_probe() {}
