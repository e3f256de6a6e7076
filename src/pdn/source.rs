//! Where the tokenizer's bytes come from: a whole text in memory, or a stream read a piece
//! at a time into a window that holds only what the tokenizer still needs.

use alloc::string::String;

/// What reading more input gave.
// Without `std` only whole texts are read: they have nothing more to add.
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) enum More {
    /// Bytes were added to the window.
    Added,
    /// The input has ended.
    End,
    /// Reading failed, with the error's message; the input ends here.
    Failed(String),
}

/// A window on the input: the bytes from some point on, as far as read so far.
pub(crate) trait Source {
    /// The bytes in the window.
    fn bytes(&self) -> &[u8];

    /// Lets the window drop its first `done` bytes (it may keep them) and reads more input.
    /// Returns how many bytes were dropped from the front, and what was read.
    fn more(&mut self, done: usize) -> (usize, More);

    /// The bytes the window holds on the heap (its capacity).
    #[cfg(test)]
    fn held(&self) -> usize;
}

/// A whole text: all of it is in the window from the start.
pub(crate) struct StrSource<'a>(pub(crate) &'a [u8]);

impl Source for StrSource<'_> {
    #[inline]
    fn bytes(&self) -> &[u8] {
        self.0
    }

    fn more(&mut self, _done: usize) -> (usize, More) {
        (0, More::End)
    }

    #[cfg(test)]
    fn held(&self) -> usize {
        0
    }
}

/// The most bytes taken from the stream at once (a `&[u8]` as `BufRead` offers all of it).
#[cfg(feature = "std")]
const PIECE: usize = 64 * 1024;

/// A stream, read `PIECE` bytes at most at a time into a buffer. The bytes the tokenizer is
/// done with are dropped once they are at least half the buffer, so the buffer stays under
/// twice what the tokenizer holds plus one piece.
#[cfg(feature = "std")]
pub(crate) struct IoSource<R> {
    pub(crate) input: R,
    buf: alloc::vec::Vec<u8>,
    failed: bool,
}

#[cfg(feature = "std")]
impl<R> IoSource<R> {
    pub(crate) fn new(input: R) -> IoSource<R> {
        IoSource {
            input,
            buf: alloc::vec::Vec::new(),
            failed: false,
        }
    }
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Source for IoSource<R> {
    #[inline]
    fn bytes(&self) -> &[u8] {
        &self.buf
    }

    fn more(&mut self, done: usize) -> (usize, More) {
        let dropped = if done > 0 && done * 2 >= self.buf.len() {
            self.buf.drain(..done);
            done
        } else {
            0
        };
        if self.failed {
            return (dropped, More::End);
        }
        loop {
            match self.input.fill_buf() {
                Ok([]) => return (dropped, More::End),
                Ok(piece) => {
                    let n = piece.len().min(PIECE);
                    self.buf.extend_from_slice(&piece[..n]);
                    self.input.consume(n);
                    return (dropped, More::Added);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = true;
                    return (
                        dropped,
                        More::Failed(alloc::string::ToString::to_string(&e)),
                    );
                }
            }
        }
    }

    #[cfg(test)]
    fn held(&self) -> usize {
        self.buf.capacity()
    }
}
