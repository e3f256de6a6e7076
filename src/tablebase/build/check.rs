//! Whole-table tools: statistics (read from the files' headers) and verification (every
//! stored value derived again from its children's).

use std::boxed::Box;
use std::format;
use std::string::String;
use std::sync::Mutex;
use std::vec::Vec;

use super::children::{Chunks, expected, for_each_stored, on_threads, settle, settle_domains};
use super::domain::{Domain, position_of};
use super::held::{Held, HeldBuilder, Tables};
use super::order::{build_order, crowned, last_crowning_use};
use super::{BuildError, Builder, SliceKind};
use crate::tablebase::error::ProbeError;
use crate::tablebase::format::{Refusal, Scheme, Stream, TableFile, file_name};
use crate::tablebase::material::Material;
use crate::tablebase::probe::file_error;
use crate::tablebase::resolve::by_captures;
use crate::tablebase::value::{Code, Metric};
use crate::tablebase::{Corruption, FileError, Tablebase};
use crate::{MoveList, Position, RuleSet};

/// The figures of one table (positions with the side to move holding the first side of
/// the material's name), as its files' headers give them.
///
/// ```
/// use turkish_draughts::RuleSet;
/// use turkish_draughts::tablebase::{Builder, Tablebase};
/// # let dir = std::env::temp_dir().join(format!("td-doc-stats-{}", std::process::id()));
/// Builder::new(RuleSet::Tudaf, &dir).build(2)?;
/// let tb = Tablebase::open(&dir, RuleSet::Tudaf)?;
/// let stats = tb.stats()?;
/// let kvk = stats.iter().find(|s| s.material == "KvK").unwrap();
/// assert_eq!(kvk.positions, 64 * 63);
/// assert_eq!(kvk.draws, kvk.positions); // one piece each: a draw under the federation's rules
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MaterialStats {
    /// The material's name, such as `KMvK`: the side to move's kings and men, `v`, the
    /// other side's.
    pub material: String,
    /// Legal positions (the side to move fixed).
    pub positions: u64,
    /// Positions won by the side to move.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// The longest win: its distance in plies and its FEN (White to move).
    pub longest_win: Option<(u32, String)>,
}

/// What [`Tablebase::verify`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct VerifyReport {
    /// Positions checked: every legal position a file stores (a position and its left-right
    /// mirror are one entry; a position where the side to move must capture is answered
    /// from its captures, and has no value of its own to check).
    pub positions: u64,
    /// Positions whose stored value differs from the one their moves give, as FENs with
    /// what was stored and what was expected (at most 100 kept).
    pub mismatches: Vec<String>,
    /// The number of mismatches.
    pub mismatch_count: u64,
}

/// The bits [`Tablebase::verify`] holds for an entry whose two files disagree: a code no
/// position has (a loss in 32 766 plies), so it never matches.
const DISAGREE: u16 = u16::MAX - 1;

impl Tablebase {
    /// The materials of the tables (of this rule set), in build order.
    fn materials(&self) -> Vec<Material> {
        build_order(self.max_pieces())
            .into_iter()
            .flatten()
            .collect()
    }

    /// Every table's figures, in build order (fewer pieces first), read from the headers of
    /// their WDL files (a builder counts them as it writes them). A directory without a
    /// table of these rules gives [`ProbeError::NoTables`].
    ///
    /// See [`MaterialStats`] for an example.
    ///
    /// # Errors
    ///
    /// [`ProbeError::NoTables`], [`ProbeError::MissingTable`] for a table of fewer pieces
    /// than [`max_pieces`](Tablebase::max_pieces) not there, and [`ProbeError::File`] for a
    /// file that cannot be read.
    pub fn stats(&self) -> Result<Vec<MaterialStats>, ProbeError> {
        self.check_any_table()?;
        let mut out = Vec::new();
        for m in self.materials() {
            let s = self.file(m, Metric::Wdl)?.header().summary;
            let fen = |i: u64| {
                let board = Domain::whole(m).board(i)?;
                Some(position_of(board, self.rules())?.to_fen())
            };
            let longest_win = match s.longest {
                Some((i, d)) => {
                    let fen = fen(i).ok_or_else(|| FileError::Corrupt {
                        path: self.path_of(m, Metric::Wdl),
                        reason: Corruption::Header {
                            reason: "the longest win's entry is no position",
                        },
                    })?;
                    Some((u32::from(d), fen))
                }
                None => None,
            };
            out.push(MaterialStats {
                material: m.name(),
                positions: s.wins + s.draws + s.losses,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                longest_win,
            });
        }
        Ok(out)
    }

    /// A material's values read from its two files, held a byte an entry; an entry where
    /// the files disagree holds [`DISAGREE`].
    pub(super) fn held(&self, m: Material) -> Result<Held, ProbeError> {
        checked(self.file(m, Metric::Wdl)?, self.file(m, Metric::Dtw)?)
            .map_err(|(metric, r)| file_error(self.path_of(m, metric), r).into())
    }

    /// Checks every stored value against its position's moves: each position's value and
    /// distance are derived again from its children's (by the move generator and
    /// [`Position::outcome`]) and compared with the stored ones: the WDL file's value, and
    /// for a decided position the DTW file's distance (an entry where the two files
    /// disagree is a mismatch). The children's values are the files' too; those the files
    /// leave to their captures are taken from the captures' children, as a probe does.
    ///
    /// The tables are checked a material and its colour swap at a time, in build order, on
    /// `threads` threads (at least one). Each is held in memory a byte an entry while it is
    /// checked, with every table of fewer pieces and, of the most pieces, those its
    /// crownings reach. Every table up to [`max_pieces`](Tablebase::max_pieces) must be
    /// there. A directory without a table of these rules gives [`ProbeError::NoTables`]
    /// (there is nothing to verify).
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::{Builder, Tablebase};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-verify-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(2)?;
    /// let report = Tablebase::open(&dir, RuleSet::Default)?.verify(1)?;
    /// assert_eq!(report.mismatch_count, 0);
    /// // One of each pair of mirrored positions: KvK, KvM and MvK, MvM.
    /// assert_eq!(report.positions, 64 * 63 / 2 + 2 * 48 * 63 / 2 + 48 * 47 / 2);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ProbeError::NoTables`], [`ProbeError::MissingTable`] for a table not there, and
    /// [`ProbeError::File`] for a file that cannot be read.
    pub fn verify(&self, threads: usize) -> Result<VerifyReport, ProbeError> {
        self.check_any_table()?;
        let max = self.max_pieces();
        let pairs = build_order(max);
        let last_use = last_crowning_use(&pairs, max);
        let mut tables = Tables::default();
        let mut report = VerifyReport::default();
        for (n, pair) in pairs.iter().enumerate() {
            let top = pair[0].pieces() == max;
            if top {
                for m in crowned(pair) {
                    if !tables.has(m) {
                        tables.insert(m, self.held(m)?);
                    }
                }
            }
            for &m in pair {
                tables.insert(m, self.held(m)?);
            }
            verify_pair(pair, &mut tables, self.rules(), threads, &mut report);
            if top {
                for &m in pair {
                    if last_use.get(&m).is_none_or(|&l| l <= n) {
                        tables.remove(m);
                    }
                }
                for m in crowned(pair) {
                    if last_use.get(&m).is_none_or(|&l| l <= n) {
                        tables.remove(m);
                    }
                }
            }
        }
        Ok(report)
    }

    /// [`verify`](Tablebase::verify) for one material and its colour swap alone (`name`
    /// such as `KKKKMvK`, or a slice's name such as `KvKKKKM+KKKKMvK`): for a directory
    /// holding some tables of its most pieces, such as the slices of a build spread over
    /// machines. It holds the pair's tables, every table of fewer pieces, and those its
    /// crownings reach, a byte an entry; all of them must be there.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::{Builder, ProbeError, Tablebase};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-verify-one-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(3)?;
    /// let tb = Tablebase::open(&dir, RuleSet::Default)?;
    /// let report = tb.verify_material("KMvK", 1)?;
    /// assert_eq!(report.mismatch_count, 0);
    /// assert!(report.positions > 0);
    /// let err = tb.verify_material("KvX", 1).unwrap_err();
    /// assert!(matches!(err, ProbeError::UnknownMaterial { .. }));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ProbeError::UnknownMaterial`] for a name that is no material,
    /// [`ProbeError::NoTables`], [`ProbeError::MissingTable`] for a table not there, and
    /// [`ProbeError::File`] for a file that cannot be read.
    pub fn verify_material(&self, name: &str, threads: usize) -> Result<VerifyReport, ProbeError> {
        let unknown = || ProbeError::UnknownMaterial { name: name.into() };
        let m = super::plan::first_material(name).ok_or_else(unknown)?;
        self.check_any_table()?;
        let pair = build_order(m.pieces())
            .into_iter()
            .find(|p| p.contains(&m))
            .ok_or_else(unknown)?;
        let mut tables = Tables::default();
        for m in read_by(&pair) {
            tables.insert(m, self.held(m)?);
        }
        let mut report = VerifyReport::default();
        verify_pair(&pair, &mut tables, self.rules(), threads, &mut report);
        Ok(report)
    }

    /// Compares each stored value of the pair's tables with the one `expected` gives (the
    /// tests' way to check with another `expected`).
    #[cfg(test)]
    fn check_pair(
        &self,
        pair: &[Material],
        tables: &Tables,
        threads: usize,
        report: &mut VerifyReport,
        expected: Expected,
    ) {
        let whole: Vec<Domain> = pair.iter().map(|&m| Domain::whole(m)).collect();
        check(&whole, tables, self.rules(), threads, report, expected);
    }
}

/// The tables that checking one pair of materials alone holds: every table of fewer
/// pieces, those its crownings reach, and its own, each once.
fn read_by(pair: &[Material]) -> Vec<Material> {
    let pieces = pair.first().map_or(0, |m| m.pieces());
    let mut read: Vec<Material> = build_order(pieces.saturating_sub(1))
        .into_iter()
        .flatten()
        .collect();
    for m in crowned(pair).into_iter().chain(pair.iter().copied()) {
        if !read.contains(&m) {
            read.push(m);
        }
    }
    read
}

/// Checks the entries of one pair, whose tables and every table they read are held:
/// settles the pair's capture entries first (see [`children`](super::children)).
fn verify_pair(
    pair: &[Material],
    tables: &mut Tables,
    rules: RuleSet,
    threads: usize,
    report: &mut VerifyReport,
) {
    settle(pair, tables, rules, threads);
    let whole: Vec<Domain> = pair.iter().map(|&m| Domain::whole(m)).collect();
    check(&whole, tables, rules, threads, report, expected);
}

/// The values of a material's two files, held a byte an entry for checking: an entry where
/// the files disagree holds [`DISAGREE`]. The files are read entry by entry, side by side,
/// so that no more than the table is held; an error names the file that failed.
fn checked(wdl: &TableFile, dtw: &TableFile) -> Result<Held, (Metric, Refusal)> {
    let entries = wdl.header().entries;
    let (mut w, mut d) = (Stream::new(wdl), Stream::new(dtw));
    let mut held = HeldBuilder::new(entries as usize);
    for _ in 0..entries {
        let w = w.next_symbol().map_err(|r| (Metric::Wdl, r))?;
        let d = Code::from_bits(d.next_symbol().map_err(|r| (Metric::Dtw, r))?);
        held.push_code(if w == 0 {
            Code::DRAW
        } else if d == Code::DRAW || d.wdl_symbol() != w {
            Code::from_bits(DISAGREE)
        } else {
            d
        });
    }
    Ok(held.finish(false))
}

/// Compares each stored value of `domains` (whole tables, or rank slices, held in
/// `tables`) with the one `expected` gives, on `threads` threads, into `report`. A
/// position the files leave to its captures is passed over: it has no value of its own.
fn check(
    domains: &[Domain],
    tables: &Tables,
    rules: RuleSet,
    threads: usize,
    report: &mut VerifyReport,
    expected: Expected,
) {
    let chunks = Chunks::of_domains(domains);
    let found = Mutex::new(VerifyReport::default());
    on_threads(threads, || {
        let mut list = Box::new(MoveList::new());
        let mut mine = VerifyReport::default();
        while let Some((_, d, start)) = chunks.next() {
            let part = match d.scheme() {
                Scheme::Whole => None,
                Scheme::Rows(..) => tables.part_of(&d),
            };
            for_each_stored(&d, start, rules, |i, board, pos| {
                if by_captures(pos) {
                    return;
                }
                mine.positions += 1;
                let stored = match (d.scheme(), part) {
                    (Scheme::Whole, _) => tables.stored(d.m, i),
                    (_, Some(part)) => part.get(i as usize),
                    (_, None) => None,
                };
                let want = expected(pos, board, d.m, &mut list, tables);
                if stored != want {
                    mine.mismatch_count += 1;
                    if mine.mismatches.len() < 100 {
                        let show = |c: Option<Code>| match c {
                            Some(c) if c.bits() == DISAGREE => "WDL and DTW disagree".into(),
                            Some(c) => format!("{:?}", c.decode()),
                            None => String::from("nothing"),
                        };
                        mine.mismatches.push(format!(
                            "{}: stored {}, expected {}",
                            pos.to_fen(),
                            show(stored),
                            show(want)
                        ));
                    }
                }
            });
        }
        if let Ok(mut r) = found.lock() {
            r.positions += mine.positions;
            r.mismatch_count += mine.mismatch_count;
            let room = 100usize.saturating_sub(r.mismatches.len());
            r.mismatches.extend(mine.mismatches.into_iter().take(room));
        }
    });
    let found = found.into_inner().unwrap_or_default();
    report.positions += found.positions;
    report.mismatch_count += found.mismatch_count;
    let room = 100usize.saturating_sub(report.mismatches.len());
    report
        .mismatches
        .extend(found.mismatches.into_iter().take(room));
}

impl Builder {
    /// Checks one slice of the [plan](Builder::plan) in the builder's directory, as
    /// [`Tablebase::verify`] checks whole tables: each value it stores is derived again
    /// from its position's children's (the move generator and the values of the tables and
    /// rank slices it reads) and compared. A rank slice (`KvKKKKM+KKKKMvK.r-7`) is checked
    /// from its values' files, before its material's tables are put together, on the
    /// worker that built it; a slice that writes whole tables (`KvKKKKK+KKKKKvK`, or the
    /// assembly `KvKKKKM+KKKKMvK`) is checked from those tables, with every table of fewer
    /// pieces and those its crownings reach. It holds what it reads a byte an entry, like
    /// [`Builder::build_slice`], and its own values too.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::{Builder, BuildError, SliceKind};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-verify-slice-{}", std::process::id()));
    /// // KvKM+KMvK solved a rank of its man at a time.
    /// let b = Builder::new(RuleSet::Default, &dir).threads(1).split_above(100_000);
    /// let plan = b.plan(3)?;
    /// for s in plan.slices() {
    ///     b.build_slice(s.name())?;
    ///     let report = b.verify_slice(s.name())?;
    ///     assert_eq!(report.mismatch_count, 0, "{}", s.name());
    /// }
    /// let ranks = plan.slices().iter().find(|s| s.kind() == SliceKind::Ranks).unwrap();
    /// assert!(b.verify_slice(ranks.name())?.positions > 0);
    /// let err = b.verify_slice("KvX").unwrap_err();
    /// assert!(matches!(err, BuildError::UnknownSlice { .. }));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`BuildError::UnknownSlice`] for a name that is no slice, [`BuildError::MissingSlice`]
    /// when its own files are not in the directory, [`BuildError::MissingInput`] when a
    /// file it reads is not, and [`BuildError::Unreadable`] for a file that cannot be read.
    pub fn verify_slice(&self, name: &str) -> Result<VerifyReport, BuildError> {
        let unknown = || BuildError::UnknownSlice { name: name.into() };
        let pieces = super::plan::first_material(name)
            .map(Material::pieces)
            .ok_or_else(unknown)?;
        let plan = self.plan(pieces)?;
        let slice = plan.find(name).ok_or_else(unknown)?;
        let threads = self.thread_count();
        let mut tables = Tables::default();
        let mut report = VerifyReport::default();
        if slice.kind() == SliceKind::Ranks {
            self.require(slice, slice)?;
            for input in self.inputs_of(&plan, slice)? {
                self.hold(input, &mut tables)?;
            }
            for d in slice.domains() {
                tables.insert_part(*d, self.load_part(d)?);
            }
            // Its capture entries get their captures' value, so that every entry of its
            // own is read as it is.
            settle_domains(slice.domains(), &mut tables, self.rules, threads);
            check(
                slice.domains(),
                &tables,
                self.rules,
                threads,
                &mut report,
                expected,
            );
        } else {
            let pair = slice.pair();
            self.require(slice, slice)?;
            for m in read_by(pair) {
                let missing = self.missing(m);
                if !missing.is_empty() {
                    let input = plan
                        .find(&m.name())
                        .map_or_else(|| m.name(), |s| s.name().into());
                    return Err(BuildError::MissingInput {
                        slice: slice.name().into(),
                        input,
                        dir: self.dir.clone(),
                        files: missing.join(", "),
                    });
                }
                let (wdl, dtw) = (
                    self.open(m, Metric::Wdl, Scheme::Whole)?,
                    self.open(m, Metric::Dtw, Scheme::Whole)?,
                );
                let held = checked(&wdl, &dtw).map_err(|(metric, r)| BuildError::Unreadable {
                    error: file_error(self.dir.join(file_name(m, self.rules, metric)), r),
                })?;
                tables.insert(m, held);
            }
            verify_pair(pair, &mut tables, self.rules, threads, &mut report);
        }
        Ok(report)
    }
}

/// How [`check`] derives a position's value: from the position, its board
/// (White to move) and material, a move list to fill and the held tables.
type Expected = fn(&Position, (u64, u64, u64), Material, &mut MoveList, &Tables) -> Option<Code>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;
    use crate::tablebase::Builder;
    use crate::tablebase::build::children::by_moves;
    use crate::tablebase::format::{Kind, encode, file_name};
    use crate::tablebase::index::{board_of, is_stored};
    use std::string::ToString;

    /// The codes of a material's files, changed by `change`, written back.
    fn rewrite_files(
        dir: &std::path::Path,
        rules: RuleSet,
        m: Material,
        change: impl FnOnce(&mut [Option<Code>]),
    ) {
        let built = Tablebase::open(dir, rules).unwrap();
        let read = |metric| built.file(m, metric).unwrap().decode_all().unwrap();
        let (wdl, dtw) = (read(Metric::Wdl), read(Metric::Dtw));
        let mut values: Vec<Option<Code>> = wdl
            .iter()
            .zip(&dtw)
            .map(|(&w, &d)| {
                Some(if w == 0 {
                    Code::DRAW
                } else {
                    Code::from_bits(d)
                })
            })
            .collect();
        change(&mut values);
        for metric in [Metric::Wdl, Metric::Dtw] {
            let bytes = encode(rules, Kind::from(metric), m, &values).unwrap();
            std::fs::write(dir.join(file_name(m, rules, metric)), bytes).unwrap();
        }
    }

    /// The stored entries of a material, with their positions.
    fn stored(m: Material, rules: RuleSet) -> impl Iterator<Item = (u64, Position)> {
        (0..m.size()).filter_map(move |i| {
            let board = board_of(m, i)?;
            let pos = position_of(board, rules)?;
            is_stored(m, i, board).then_some((i, pos))
        })
    }

    /// The report of the `pairs` as it was computed before capture entries were settled
    /// and children indexed incrementally: every table held as its files store it, each
    /// position's children played and looked up one by one ([`by_moves`]).
    fn by_moves_report(tb: &Tablebase, pairs: &[Vec<Material>]) -> VerifyReport {
        let mut tables = Tables::default();
        for &m in build_order(tb.max_pieces()).iter().flatten() {
            tables.insert(m, tb.held(m).unwrap());
        }
        let mut report = VerifyReport::default();
        for pair in pairs {
            tb.check_pair(pair, &tables, 1, &mut report, |pos, _, _, list, tables| {
                by_moves(pos, list, tables)
            });
        }
        report
    }

    /// [`Tablebase::verify`] computed as [`by_moves_report`] does.
    fn verify_by_moves(tb: &Tablebase) -> VerifyReport {
        by_moves_report(tb, &build_order(tb.max_pieces()))
    }

    /// A wrong value in a king-only table, read as the child of a quiet move (a position of
    /// the colour swap, three pieces, no capture), makes its parent a mismatch; and the
    /// report, with wrong values in tables read through captures and crownings too, is the
    /// one the children played one by one give.
    #[test]
    fn verify_reads_children_as_their_moves_give_them() {
        let dir = std::env::temp_dir().join(format!("td-verify-fast-{}", std::process::id()));
        let rules = RuleSet::Default;
        Builder::new(rules, &dir).build(3).unwrap();
        let tb = Tablebase::open(&dir, rules).unwrap();
        let clean = tb.verify(1).unwrap();
        assert_eq!(clean.mismatch_count, 0);
        assert_eq!(clean, verify_by_moves(&tb));
        // A position of KvKK not won in one ply with a quiet child in KKvK that must not
        // capture: that child made a loss in 0 plies, the parent is a win in 1.
        let (parent, child) = (
            Material::from_name("KvKK").unwrap(),
            Material::from_name("KKvK").unwrap(),
        );
        let held = tb.held(parent).unwrap();
        let mut list = MoveList::new();
        let (fen, index) = stored(parent, rules)
            .filter(|(i, pos)| !by_captures(pos) && held.get(*i as usize) != Some(Code::win(1)))
            .find_map(|(_, pos)| {
                pos.legal_moves_into(&mut list);
                list.iter().find_map(|mv| {
                    let c = pos.after_unchecked(*mv);
                    let (m, i) = crate::tablebase::index::locate(&c)?;
                    (m == child && !by_captures(&c)).then(|| (pos.to_fen(), i))
                })
            })
            .unwrap();
        rewrite_files(&dir, rules, child, |v| {
            v[index as usize] = Some(Code::loss(0))
        });
        // A wrong draw in KvK, read through captures (of KKvK, KvKK...) and crownings (MvK).
        let kvk = Material::from_name("KvK").unwrap();
        rewrite_files(&dir, rules, kvk, |v| {
            for (i, _) in stored(kvk, rules).step_by(97) {
                v[i as usize] = Some(Code::win(7));
            }
        });
        let tb = Tablebase::open(&dir, rules).unwrap();
        let report = tb.verify(1).unwrap();
        let reference = verify_by_moves(&tb);
        // One pair at a time, the tables of fewer pieces are settled where its captures
        // lead.
        let pairs: Vec<(VerifyReport, VerifyReport)> = build_order(3)
            .into_iter()
            .filter(|pair| pair[0].pieces() == 3)
            .map(|pair| {
                let name = pair[0].name();
                let alone = tb.verify_material(&name, 1).unwrap();
                (alone, by_moves_report(&tb, &[pair]))
            })
            .collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            report.mismatches.iter().any(|s| s.starts_with(&fen)),
            "{fen} not in {:?}",
            report.mismatches
        );
        assert!(report.mismatch_count > 2);
        assert_eq!(report, reference);
        assert!(pairs.iter().any(|(alone, _)| alone.mismatch_count > 0));
        for (alone, reference) in pairs {
            assert_eq!(alone, reference);
        }
    }

    /// A rank slice is verified from its values' files before its material is put
    /// together: clean, it agrees; with one wrong value, that position is named.
    #[test]
    fn verify_slice_checks_a_rank_slice() {
        use crate::tablebase::format::{Summary, encode_with};
        let dir = std::env::temp_dir().join(format!("td-verify-slice-{}", std::process::id()));
        let rules = RuleSet::Default;
        let b = Builder::new(rules, &dir).threads(2).split_above(100_000);
        let plan = b.plan(3).unwrap();
        let mut rank_slices = Vec::new();
        for s in plan.slices() {
            b.build_slice(s.name()).unwrap();
            let r = b.verify_slice(s.name()).unwrap();
            assert_eq!(r.mismatch_count, 0, "{}: {:?}", s.name(), r.mismatches);
            assert!(r.positions > 0, "{}", s.name());
            if s.kind() == SliceKind::Ranks {
                rank_slices.push((s.name().to_string(), s.domains()[0], r.positions));
            }
        }
        assert!(rank_slices.len() >= 2, "{}", rank_slices.len());
        // The rank slices together check every position of the material and its swap
        // that the whole table's check does.
        let tb = Tablebase::open(&dir, rules).unwrap();
        let whole = tb.verify_material("KvKM", 1).unwrap();
        assert_eq!(whole.mismatch_count, 0);
        let kvkm = Material::from_name("KvKM").unwrap();
        assert_eq!(
            rank_slices
                .iter()
                .filter(|r| r.1.m == kvkm || r.1.m == kvkm.swapped())
                .map(|r| r.2)
                .sum::<u64>(),
            whole.positions
        );
        // One wrong value in a rank slice's file, of a position that does not capture.
        let (name, d, _) = rank_slices
            .iter()
            .find(|(_, d, _)| d.m.counts[0] + d.m.counts[2] > 0)
            .cloned()
            .unwrap();
        let file = b.open(d.m, Kind::Codes, d.scheme()).unwrap();
        let mut codes: Vec<Option<Code>> = file
            .decode_all()
            .unwrap()
            .into_iter()
            .map(|c| Some(Code::from_bits(c)))
            .collect();
        let mut cursor = d.cursor(0);
        let (index, fen) = (0..d.size())
            .find_map(|i| {
                let board = cursor.board();
                cursor.step();
                let pos = position_of(board?, rules)?;
                let stored = super::super::domain::orientation(board?)
                    != super::super::domain::Orientation::Mirrored;
                (stored && !by_captures(&pos) && pos.outcome().is_none()).then(|| (i, pos.to_fen()))
            })
            .unwrap();
        let old = codes[index as usize];
        codes[index as usize] = Some(if old == Some(Code::DRAW) {
            Code::win(3)
        } else {
            Code::DRAW
        });
        let bytes = encode_with(
            rules,
            Kind::Codes,
            d.m,
            d.scheme(),
            codes.len() as u64,
            Summary::default(),
            |first, block| {
                let first = first as usize;
                block.copy_from_slice(&codes[first..first + block.len()]);
            },
        )
        .unwrap();
        std::fs::write(
            dir.join(super::super::file_name_of(
                d.m,
                rules,
                Kind::Codes,
                d.scheme(),
            )),
            bytes,
        )
        .unwrap();
        let report = b.verify_slice(&name).unwrap();
        let missing = Builder::new(rules, dir.join("none"))
            .split_above(100_000)
            .verify_slice(&name)
            .unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(report.mismatch_count >= 1);
        assert!(
            report.mismatches.iter().any(|s| s.starts_with(&fen)),
            "{fen} not in {:?}",
            report.mismatches
        );
        assert!(
            matches!(&missing, BuildError::MissingSlice { slice, .. } if *slice == name),
            "{missing}"
        );
    }

    /// A table whose files are valid but hold one wrong value fails `verify`, which names
    /// the position.
    #[test]
    fn verify_finds_a_wrong_value() {
        let dir = std::env::temp_dir().join(format!("td-verify-wrong-{}", std::process::id()));
        let rules = RuleSet::Default;
        Builder::new(rules, &dir).build(2).unwrap();
        let m = Material::from_name("KvM").unwrap();
        // The first stored entry of a real position, its value changed.
        let (index, pos) = stored(m, rules).next().unwrap();
        rewrite_files(&dir, rules, m, |values| {
            let old = values[index as usize];
            values[index as usize] = Some(if old == Some(Code::DRAW) {
                Code::win(3)
            } else {
                Code::DRAW
            });
        });
        let report = Tablebase::open(&dir, rules).unwrap().verify(2).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(report.mismatch_count >= 1);
        let fen = pos.to_fen();
        assert!(
            report.mismatches.iter().any(|s| s.starts_with(&fen)),
            "{fen} not in {:?}",
            report.mismatches
        );
    }
}
