//! How a position's moves are generated: the one decision that tells the cases apart (quiet
//! moves, single captures by men, longer captures by men, captures by kings), and the
//! consumers that turn each case into a move list, calls of a callback or perft counts.

use core::convert::Infallible;
use core::ops::ControlFlow;

use crate::movegen::{self, SearchScratch, Side};
use crate::{Move, MoveList, Position};

/// Calls the generic function `f::<S, CROWN>` with the position's raw sets seen from the side
/// to move (`own`, `opp`, `kings`), the side and the rule set as type and const parameters,
/// then the extra arguments. The form `dispatch!(side: pos, f::<S>(args))` passes the side
/// alone, for functions the rule set does not change.
macro_rules! dispatch {
    (side: $pos:expr, $($f:ident)::+ :: <$s:ident> ($($arg:expr),*)) => {{
        let (w, b, k) = $pos.board().raw();
        use $crate::movegen::{Black, White};
        match $pos.turn() {
            $crate::Color::White => $($f)::+::<White>(w, b, k $(, $arg)*),
            $crate::Color::Black => $($f)::+::<Black>(b, w, k $(, $arg)*),
        }
    }};
    ($pos:expr, $f:ident :: <$s:ident, $c:ident $(, $g:ty)*> ($($arg:expr),*)) => {{
        let (w, b, k) = $pos.board().raw();
        use $crate::movegen::{Black, White};
        use $crate::{Color, RuleSet};
        match ($pos.turn(), $pos.rules()) {
            (Color::White, RuleSet::Default) => $f::<White, true $(, $g)*>(w, b, k $(, $arg)*),
            (Color::White, RuleSet::Tudaf) => $f::<White, false $(, $g)*>(w, b, k $(, $arg)*),
            (Color::Black, RuleSet::Default) => $f::<Black, true $(, $g)*>(b, w, k $(, $arg)*),
            (Color::Black, RuleSet::Tudaf) => $f::<Black, false $(, $g)*>(b, w, k $(, $arg)*),
        }
    }};
}
pub(crate) use dispatch;

/// What the side to move's kings are known to be when it has no capture, for the quiet
/// moves.
#[derive(Clone, Copy)]
pub(crate) enum QuietKings {
    /// The side has no king: its pieces are men, whatever the other side's kings.
    None,
    /// One king or two, with each one's lines (the second `0` for one king).
    Lines([u64; 2]),
    /// Three kings or more, their lines not looked at.
    Many,
}

/// What to do with each case of [`generate`]: a move list, a callback's calls, perft counts.
/// Each method gets the position's raw sets seen from the side to move.
pub(crate) trait Generate {
    /// What the generation returns.
    type Out;
    /// The side has no capture: the legal moves are the quiet moves.
    fn quiet<S: Side>(self, own: u64, opp: u64, kings: u64, known: QuietKings) -> Self::Out;
    /// Only single captures by men, and no king can capture: for forward, east and west,
    /// the men's landing squares. Each is one legal move, crowning the man if it lands on
    /// its last rank.
    fn single<S: Side>(self, own: u64, opp: u64, kings: u64, lands: [u64; 3]) -> Self::Out;
    /// Men can capture more than once, with their first jumps' landing squares as in
    /// [`single`](Generate::single); a king may be able to capture too (not looked at).
    fn men<S: Side, const CROWN: bool>(
        self,
        own: u64,
        opp: u64,
        kings: u64,
        lands: [u64; 3],
    ) -> Self::Out;
    /// A king can capture (and maybe men, once each).
    fn kings<S: Side, const CROWN: bool>(self, own: u64, opp: u64, kings: u64) -> Self::Out;
    /// Kings can capture, no man can: [`kings`](Generate::kings) unless the consumer has a
    /// quicker way.
    #[inline(always)]
    fn lone_kings<S: Side, const CROWN: bool>(self, own: u64, opp: u64, kings: u64) -> Self::Out
    where
        Self: Sized,
    {
        self.kings::<S, CROWN>(own, opp, kings)
    }
}

/// The one decision of how the moves of side `S` under the rule set `CROWN` are generated,
/// each case handed to `g`. Sides without kings (the most common) and sides with kings
/// apart, each case a function of its own reached by a jump: this test keeps no frame.
#[inline(always)]
pub(crate) fn generate<S: Side, const CROWN: bool, G: Generate>(
    own: u64,
    opp: u64,
    kings: u64,
    g: G,
) -> G::Out {
    if own & kings == 0 {
        men_only::<S, CROWN, G>(own, opp, kings, g)
    } else {
        with_kings::<S, CROWN, G>(own, opp, kings, g)
    }
}

/// A side without kings: the quiet moves' case first, with the least work (no man can
/// jump); the captures out of line.
#[inline(never)]
fn men_only<S: Side, const CROWN: bool, G: Generate>(
    own: u64,
    opp: u64,
    kings: u64,
    g: G,
) -> G::Out {
    let [f, e, w] = movegen::man_landings::<S>(own, opp, !(own | opp));
    if f | e | w != 0 {
        men_capture::<S, CROWN, G>(own, opp, kings, g)
    } else {
        g.quiet::<S>(own, opp, kings, QuietKings::None)
    }
}

/// A side with kings: the men's captures out of line, then the kings'.
#[inline(never)]
fn with_kings<S: Side, const CROWN: bool, G: Generate>(
    own: u64,
    opp: u64,
    kings: u64,
    g: G,
) -> G::Out {
    let [f, e, w] = movegen::man_landings::<S>(own & !kings, opp, !(own | opp));
    if f | e | w != 0 {
        men_capture::<S, CROWN, G>(own, opp, kings, g)
    } else {
        kings_no_man_capture::<S, CROWN, G>(own, opp, kings, g)
    }
}

/// A side with a king where no man can capture.
#[inline(always)]
fn kings_no_man_capture<S: Side, const CROWN: bool, G: Generate>(
    own: u64,
    opp: u64,
    kings: u64,
    g: G,
) -> G::Out {
    let empty = !(own | opp);
    let k = own & kings;
    let rest = k & (k - 1);
    if rest & rest.wrapping_sub(1) != 0 {
        return many_kings::<S, CROWN, G>(own, opp, kings, g);
    }
    // One king or two: each king's lines from the tables, once for the capture test and its
    // quiet moves.
    let (first, capture) = movegen::lone_king(k.trailing_zeros(), opp, empty);
    let (second, capture2) = if rest != 0 {
        movegen::lone_king(rest.trailing_zeros(), opp, empty)
    } else {
        (0, false)
    };
    if capture || capture2 {
        g.lone_kings::<S, CROWN>(own, opp, kings)
    } else {
        g.quiet::<S>(own, opp, kings, QuietKings::Lines([first, second]))
    }
}

/// A side with three kings or more where no man can capture (rarer: out of line, so that
/// one or two kings keep a smaller frame).
#[inline(never)]
fn many_kings<S: Side, const CROWN: bool, G: Generate>(
    own: u64,
    opp: u64,
    kings: u64,
    g: G,
) -> G::Out {
    if movegen::kings_can_capture(own & kings, opp, !(own | opp)) {
        g.lone_kings::<S, CROWN>(own, opp, kings)
    } else {
        g.quiet::<S>(own, opp, kings, QuietKings::Many)
    }
}

/// A position where men can capture.
#[inline(never)]
fn men_capture<S: Side, const CROWN: bool, G: Generate>(
    own: u64,
    opp: u64,
    kings: u64,
    g: G,
) -> G::Out {
    // (The landing squares again: cheaper than handing them over from the caller, which
    // would keep them in memory for every position.)
    let empty = !(own | opp);
    let lands = movegen::man_landings::<S>(own & !kings, opp, empty);
    if movegen::man_going_on::<S, CROWN>(lands, opp, empty) != [0; 3] {
        g.men::<S, CROWN>(own, opp, kings, lands)
    } else if own & kings != 0 && movegen::kings_can_capture(own & kings, opp, empty) {
        g.kings::<S, CROWN>(own, opp, kings)
    } else {
        g.single::<S>(own, opp, kings, lands)
    }
}

/// The moves into a [`MoveList`], with the capture search's tables in `scratch` if given
/// (the thread's otherwise).
pub(crate) struct ToList<'a> {
    pub(crate) out: &'a mut MoveList,
    pub(crate) scratch: Option<&'a mut SearchScratch>,
}

impl Generate for ToList<'_> {
    type Out = ();

    #[inline(always)]
    fn quiet<S: Side>(self, own: u64, opp: u64, kings: u64, known: QuietKings) {
        match known {
            QuietKings::None => movegen::gen_quiet::<S>(own, opp, 0, Some([0, 0]), self.out),
            QuietKings::Lines(lines) => {
                movegen::gen_quiet::<S>(own, opp, kings, Some(lines), self.out)
            }
            QuietKings::Many => movegen::gen_quiet::<S>(own, opp, kings, None, self.out),
        }
    }

    #[inline(always)]
    fn single<S: Side>(self, _: u64, _: u64, kings: u64, lands: [u64; 3]) {
        // (Into the inline storage when the list has it, without looking at the storage for
        // each move: there are at most 3 x 64 single captures, one a landing square and
        // direction, which always fit.)
        let out = self.out;
        if let Some(list) = out.inline_mut() {
            list.clear();
            let _ = movegen::single_captures::<S, Infallible>(lands, kings, |m| {
                list.push(m);
                ControlFlow::Continue(())
            });
        } else {
            out.clear();
            let _ = movegen::single_captures::<S, Infallible>(lands, kings, |m| {
                out.push(m);
                ControlFlow::Continue(())
            });
        }
    }

    #[inline(always)]
    fn men<S: Side, const CROWN: bool>(self, own: u64, opp: u64, kings: u64, lands: [u64; 3]) {
        if !movegen::men_captures::<S, CROWN>(own, opp, kings, lands, self.out) {
            movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, self.out, self.scratch);
        }
    }

    #[inline(always)]
    fn kings<S: Side, const CROWN: bool>(self, own: u64, opp: u64, kings: u64) {
        movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, self.out, self.scratch);
    }

    #[inline(always)]
    fn lone_kings<S: Side, const CROWN: bool>(self, own: u64, opp: u64, kings: u64) {
        // Single captures, the most common, without the search; the search otherwise.
        if !movegen::lone_kings_single_captures::<S>(own, opp, kings, self.out) {
            movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, self.out, self.scratch);
        }
    }
}

/// The moves handed to a callback one by one, stopping at its first `Break`. Quiet moves go
/// straight from the generator to the callback; captures are collected first (the
/// maximum-capture rule can drop moves found earlier, and moves with the same result are
/// listed once) and then handed over in the list's order.
pub(crate) struct ToCallback<'a, F>(pub(crate) &'a mut F);

impl<B, F: FnMut(Move) -> ControlFlow<B>> Generate for ToCallback<'_, F> {
    type Out = ControlFlow<B>;

    #[inline(always)]
    fn quiet<S: Side>(self, own: u64, opp: u64, kings: u64, _: QuietKings) -> ControlFlow<B> {
        movegen::quiet_moves::<S, B>(own, opp, kings, self.0)
    }

    #[inline(always)]
    fn single<S: Side>(self, _: u64, _: u64, kings: u64, lands: [u64; 3]) -> ControlFlow<B> {
        movegen::single_captures::<S, B>(lands, kings, self.0)
    }

    #[inline(always)]
    fn men<S: Side, const CROWN: bool>(
        self,
        own: u64,
        opp: u64,
        kings: u64,
        lands: [u64; 3],
    ) -> ControlFlow<B> {
        captures_to::<S, CROWN, B>(own, opp, kings, Some(lands), false, self.0)
    }

    #[inline(always)]
    fn kings<S: Side, const CROWN: bool>(self, own: u64, opp: u64, kings: u64) -> ControlFlow<B> {
        captures_to::<S, CROWN, B>(own, opp, kings, None, false, self.0)
    }

    #[inline(always)]
    fn lone_kings<S: Side, const CROWN: bool>(
        self,
        own: u64,
        opp: u64,
        kings: u64,
    ) -> ControlFlow<B> {
        captures_to::<S, CROWN, B>(own, opp, kings, None, true, self.0)
    }
}

/// The captures handed to `f`, kept out of line so that the quiet path's stack frame does
/// not hold a [`MoveList`]; `men`: the men's first landings when they can capture more than
/// once; `lone_kings`: kings, and no man, can capture.
#[inline(never)]
fn captures_to<S: Side, const CROWN: bool, B>(
    own: u64,
    opp: u64,
    kings: u64,
    men: Option<[u64; 3]>,
    lone_kings: bool,
    f: &mut impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut list = MoveList::new();
    let done = match men {
        Some(lands) => movegen::men_captures::<S, CROWN>(own, opp, kings, lands, &mut list),
        None => lone_kings && movegen::lone_kings_single_captures::<S>(own, opp, kings, &mut list),
    };
    if !done {
        movegen::gen_captures::<S, CROWN, MoveList>(own, opp, kings, &mut list, None);
    }
    for m in list.iter() {
        f(*m)?;
    }
    ControlFlow::Continue(())
}

/// Whether the side has a legal move: a capture is a move; otherwise count the quiet moves.
fn has_move_of<S: Side, const CROWN: bool>(own: u64, opp: u64, kings: u64) -> bool {
    movegen::has_capture::<S>(own, opp, kings)
        || movegen::count_without_search::<S, CROWN>(own, opp, kings).is_some_and(|n| n > 0)
}

impl Position {
    /// All legal moves: the captures of maximum length if there is any capture, the quiet
    /// moves otherwise. Moves with the same result are listed once.
    ///
    /// # Memory
    ///
    /// The list is a [`MoveList`]: up to [`MoveList::CAPACITY`] moves inline (on the
    /// stack here), a longer list on the heap with the `alloc` feature. It is returned by
    /// value, which copies its inline storage (8 KB); a loop that lists many
    /// positions should reuse one list with [`legal_moves_into`](Position::legal_moves_into).
    ///
    /// Nearly every position is searched with nothing else. A capture position where
    /// capture paths explode (a king facing many scattered pieces) or with a long list of
    /// captures is searched again with tables, described at [`SearchScratch`]:
    ///
    /// * With `alloc` (the default) they are on the heap, up to
    ///   [`SearchScratch::MAX_HEAP_BYTES`] (each table's size is in [`SearchScratch`]). With
    ///   `std`, the first such position a thread meets allocates them, each when first
    ///   needed, and the thread keeps them until it ends, for the next such position: free
    ///   them with [`release_thread_scratch`](crate::release_thread_scratch), or pass your
    ///   own with [`legal_moves_with`](Position::legal_moves_with). With `alloc` but without
    ///   `std` they are allocated for the call and freed at its end.
    /// * Without `alloc` they are on the stack for the length of the call; see the stack
    ///   needs below.
    ///
    /// # Stack use
    ///
    /// The thread stack this call, [`is_legal`](Position::is_legal),
    /// [`parse_move`](Position::parse_move), [`perft`](crate::perft) and
    /// [`divide`](crate::divide) need, with and without `alloc`, is measured and stated in
    /// the crate's [memory and stack](crate#cargo-features-memory-and-stack) section; debug
    /// builds need several times that. The main thread's stack (8 MiB on Linux) is far
    /// larger.
    ///
    /// # Panics
    ///
    /// Only without the `alloc` feature, and only for a position with more than
    /// [`MoveList::CAPACITY`] distinct legal moves (contrived capture positions; see
    /// [`MoveList`]). With `alloc` (the default) such a list moves to the heap. Without
    /// `alloc`, count such a position's moves with [`perft`](crate::perft) to depth 1 and
    /// check single moves with [`is_legal`](Position::is_legal), which need no list.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].to_string(), "c4xc6xe6");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Like [`legal_moves`](Position::legal_moves), into a list the caller reuses. Memory,
    /// stack use and panics are those of `legal_moves`; a list that moved to the heap keeps
    /// its heap buffer for the next call.
    ///
    /// ```
    /// use turkish_draughts::{MoveList, Position};
    /// let mut list = MoveList::new();
    /// Position::start().legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 8);
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        dispatch!(
            self,
            generate::<S, C, _>(ToList {
                out: list,
                scratch: None
            })
        );
    }

    /// Like [`legal_moves_into`](Position::legal_moves_into), with the search tables in
    /// `scratch` instead of the thread's: the caller owns that memory (up to
    /// [`SearchScratch::MAX_HEAP_BYTES`] bytes, allocated the first time a position needs
    /// them, kept in `scratch` until it is dropped or [released](SearchScratch::release)).
    /// The moves are the same as those of [`legal_moves`](Position::legal_moves), in the
    /// same order.
    ///
    /// ```
    /// use turkish_draughts::{MoveList, Position, SearchScratch};
    /// let mut scratch = SearchScratch::new();
    /// let mut list = MoveList::new();
    /// Position::start().legal_moves_with(&mut scratch, &mut list);
    /// assert_eq!(list.len(), 8);
    /// ```
    #[cfg(feature = "alloc")]
    pub fn legal_moves_with(&self, scratch: &mut SearchScratch, list: &mut MoveList) {
        dispatch!(
            self,
            generate::<S, C, _>(ToList {
                out: list,
                scratch: Some(scratch)
            })
        );
    }

    /// Whether the side to move has a capture (and so must capture).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// assert!(!Position::start().has_capture());
    /// assert!(Position::from_fen("W:Wd4:Bd5", RuleSet::Default)?.has_capture());
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn has_capture(&self) -> bool {
        dispatch!(side: self, movegen::has_capture::<S>())
    }

    /// Whether the side to move has any legal move. Cheaper than generating the moves.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// assert!(Position::start().has_legal_move());
    /// assert!(!Position::from_fen("W:Wa7:BKa8,b7,c7", RuleSet::Default)?.has_legal_move());
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        dispatch!(self, has_move_of::<S, C>())
    }

    /// Calls `f` with every legal move, in exactly the order of
    /// [`legal_moves`](Position::legal_moves), and stops as soon as `f` returns
    /// [`ControlFlow::Break`]: that value is returned. If `f` never breaks, the answer is
    /// `ControlFlow::Continue(())` once every move has been seen. This is the form for
    /// engines that visit moves one at a time (a search that stops at a beta cut-off, a
    /// count, a look for one kind of move).
    ///
    /// # Memory
    ///
    /// * When the side to move has no capture, the quiet moves go from the generator
    ///   straight to `f`: no list is built, nothing is allocated, nothing but the generator's
    ///   few words of state is on the stack.
    /// * When it must capture, the captures are first collected into a [`MoveList`] on this
    ///   call's stack (the maximum-capture rule can drop moves found earlier, and moves with
    ///   the same result are listed once), then handed to `f` one by one. That search and
    ///   its memory are exactly those of [`legal_moves`](Position::legal_moves): the same
    ///   heap tables for the rare exploding positions (see its *Memory* section), the same
    ///   spill of a long list to the heap with `alloc`, the same stack needs.
    ///
    /// # Panics
    ///
    /// As [`legal_moves`](Position::legal_moves): only without the `alloc` feature, for a
    /// position with more than [`MoveList::CAPACITY`] distinct legal captures (contrived
    /// positions). Also if `f` panics.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use turkish_draughts::{Position, RuleSet, Square};
    ///
    /// // Every move, in the order of `legal_moves`.
    /// let pos = Position::start();
    /// let mut seen = Vec::new();
    /// let all = pos.for_each_legal_move(|m| {
    ///     seen.push(m);
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(all, ControlFlow::Continue(()));
    /// assert_eq!(seen, pos.legal_moves().to_vec());
    ///
    /// // Stop at the first capture that ends on d6.
    /// let pos = Position::from_fen("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default)?;
    /// let found = pos.for_each_legal_move(|m| {
    ///     if m.path().is_some_and(|p| p.contains(&Square::C6)) {
    ///         ControlFlow::Break(m)
    ///     } else {
    ///         ControlFlow::Continue(())
    ///     }
    /// });
    /// let ControlFlow::Break(m) = found else { panic!("no such move") };
    /// assert_eq!(m.to_string(), "c4xc6xe6");
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    #[inline]
    pub fn for_each_legal_move<B>(
        &self,
        mut f: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        dispatch!(self, generate::<S, C, _>(ToCallback(&mut f)))
    }
}
