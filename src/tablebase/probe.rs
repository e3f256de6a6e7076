//! The prober: [`Tablebase`].

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};
use std::vec::Vec;

use super::error::{Corruption, FileError, OpenError, ProbeError};
use super::format::{FORMAT_VERSION, Header, Kind, Refusal, Scheme, Summary, TableFile, file_name};
use super::index;
use super::material::{Material, SLOTS, slot};
use super::resolve::by_captures;
use super::value::{Code, Metric, Wdl};
use crate::{Move, MoveList, Position, RuleSet};

/// The endgame tables of one rule set, from one or more directories and from files' bytes
/// handed over in memory. A table file on disk is opened on the first probe that needs it
/// (its header and block index read and checked), and each group of its blocks is read and
/// checked (its checksum, and that each block decodes) the first time a probe needs it; a
/// file in memory is checked the same way, a group at a time. A table that is missing or
/// cannot be read is looked for again at the next probe that needs it, so a table built or
/// copied into a directory later is found. `Send + Sync`: share one `Tablebase` between
/// threads (in an `Arc`).
///
/// # Memory
///
/// An opened file holds its three decoding tables (4 096 entries of 4 bytes each) and its
/// block index (10 bytes a group of blocks and 2 a block); a file on disk also holds the
/// groups of blocks read so far, as they are on disk, and a file handed over in memory
/// holds its bytes. [`loaded_bytes`](Tablebase::loaded_bytes) adds them up. A probe decodes
/// part of one block on the stack. The `Tablebase` itself holds one slot per possible
/// material and metric, 13 122 slots of `size_of::<OnceLock<TableFile>>()` bytes each
/// (about 1 MB), allocated by [`new`](Tablebase::new).
///
/// ```
/// use turkish_draughts::{Position, RuleSet};
/// use turkish_draughts::tablebase::{Builder, Tablebase, Wdl};
/// # let dir = std::env::temp_dir().join(format!("td-doc-tb-{}", std::process::id()));
/// Builder::new(RuleSet::Default, &dir).build(3)?;
/// let tb = Tablebase::open(&dir, RuleSet::Default)?;
/// assert_eq!(tb.max_pieces(), 3);
/// // Two kings against one, under the default rules: a win (in 9 plies).
/// let pos = Position::from_fen("W:WKa1,Kb2:BKh8", RuleSet::Default)?;
/// assert_eq!(tb.probe_wdl(&pos)?, Wdl::Win);
/// let plies = tb.probe_dtw(&pos)?.expect("a win has a distance");
/// let best = tb.best_moves(&pos)?;
/// assert!(!best.is_empty());
/// let child = pos.after_unchecked(best[0]);
/// assert_eq!(tb.probe_wdl(&child)?, Wdl::Loss);
/// assert_eq!(tb.probe_dtw(&child)?, Some(plies - 1));
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Tablebase {
    rules: RuleSet,
    /// The directories, searched in the order they were added.
    dirs: Vec<PathBuf>,
    /// The most pieces of the tables known (found in a directory or handed over).
    max_pieces: AtomicU32,
    /// The other rule sets whose tables the directories hold, with their most pieces.
    others: Vec<(RuleSet, u32)>,
    slots: Vec<[OnceLock<TableFile>; 2]>,
}

impl Tablebase {
    /// A tablebase of `rules` with no table yet: add directories with
    /// [`add_directory`](Tablebase::add_directory), or files' bytes with
    /// [`add_table`](Tablebase::add_table).
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Tablebase;
    /// let tb = Tablebase::new(RuleSet::Default);
    /// assert_eq!(tb.max_pieces(), 0);
    /// ```
    pub fn new(rules: RuleSet) -> Tablebase {
        Tablebase {
            rules,
            dirs: Vec::new(),
            max_pieces: AtomicU32::new(0),
            others: Vec::new(),
            slots: (0..SLOTS).map(|_| Default::default()).collect(),
        }
    }

    /// Opens the tables of `rules` in `dir`: [`new`](Tablebase::new), then
    /// [`add_directory`](Tablebase::add_directory). Only the directory's listing is read
    /// here; the files are read on first use. A directory without a table of `rules`
    /// opens, and every probe of it then gives [`ProbeError::NoTables`], which says what
    /// the directory holds instead.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::{OpenError, Tablebase};
    /// let err = Tablebase::open("/no/such/directory", RuleSet::Default).unwrap_err();
    /// assert!(matches!(err, OpenError::Io { .. }));
    /// ```
    ///
    /// # Errors
    ///
    /// [`OpenError::Io`] when the directory cannot be listed.
    pub fn open(dir: impl AsRef<Path>, rules: RuleSet) -> Result<Tablebase, OpenError> {
        let mut tb = Tablebase::new(rules);
        tb.add_directory(dir)?;
        Ok(tb)
    }

    /// Adds a directory of tables, searched after those added before. Its listing is read
    /// now (for [`max_pieces`](Tablebase::max_pieces)); its files on first use. Returns the
    /// number of files of this rule set's tables it holds.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// use turkish_draughts::tablebase::{Builder, Tablebase, Wdl};
    /// # let base = std::env::temp_dir().join(format!("td-doc-dirs-{}", std::process::id()));
    /// # let (small, big) = (base.join("small"), base.join("big"));
    /// // The tables of 2 pieces in one directory, those of 3 in another.
    /// Builder::new(RuleSet::Default, &small).build(2)?;
    /// Builder::new(RuleSet::Default, &big).build(3)?;
    /// for m in ["KvK", "KvM", "MvK", "MvM"] {
    ///     std::fs::remove_file(big.join(format!("{m}.default.wdl")))?;
    ///     std::fs::remove_file(big.join(format!("{m}.default.dtw")))?;
    /// }
    /// let mut tb = Tablebase::new(RuleSet::Default);
    /// tb.add_directory(&small)?;
    /// tb.add_directory(&big)?;
    /// assert_eq!(tb.max_pieces(), 3);
    /// let pos = Position::from_fen("W:WKa1,Kb2:BKh8", RuleSet::Default)?;
    /// assert_eq!(tb.probe_wdl(&pos)?, Wdl::Win);
    /// # std::fs::remove_dir_all(&base)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`OpenError::Io`] when the directory cannot be listed.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> Result<usize, OpenError> {
        let dir = dir.as_ref().to_path_buf();
        let found = list(&dir)?;
        let mut files = 0;
        for (r, most, n) in found {
            if r == self.rules {
                self.max_pieces.fetch_max(most, Ordering::Relaxed);
                files += n;
            } else if most > 0 {
                match self.others.iter_mut().find(|(o, _)| *o == r) {
                    Some((_, m)) => *m = (*m).max(most),
                    None => self.others.push((r, most)),
                }
            }
        }
        self.dirs.push(dir);
        Ok(files)
    }

    /// Adds a table file's bytes, named as in a directory (`KMvK.default.wdl`): for
    /// programs without a file system (WebAssembly in a browser), or with their tables
    /// elsewhere. The file is checked as one read from disk: its header and block index
    /// now, each group of blocks on first use. It takes the place of the same table added
    /// before, or read from a directory. Without a directory, a probe that needs a table
    /// not handed over gives [`ProbeError::MissingTable`] naming it, whatever its pieces.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// use turkish_draughts::tablebase::{Builder, ProbeError, Tablebase, Wdl};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-add-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(2)?;
    /// let mut tb = Tablebase::new(RuleSet::Default);
    /// let pos = Position::from_fen("W:WKd4:BKd6", RuleSet::Default)?;
    /// // A probe names the file it misses; hand it over and probe again.
    /// let Err(ProbeError::MissingTable { material, metric, .. }) = tb.probe_wdl(&pos) else {
    ///     unreachable!()
    /// };
    /// let name = format!("{material}.default.{}", metric.to_string().to_lowercase());
    /// tb.add_table(&name, std::fs::read(dir.join(&name))?)?;
    /// assert_eq!(tb.probe_wdl(&pos)?, Wdl::Win);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`FileError::Name`] when `name` names no table of this rule set, and the other
    /// [`FileError`]s when the bytes are not a valid table file of that name.
    pub fn add_table(&mut self, name: &str, bytes: impl Into<Arc<[u8]>>) -> Result<(), FileError> {
        let (m, metric) = parse_file_name(name, self.rules).ok_or_else(|| FileError::Name {
            path: PathBuf::from(name),
        })?;
        let file = TableFile::from_bytes(bytes.into(), &self.expected(m, metric))
            .map_err(|r| file_error(PathBuf::from(name), r))?;
        let cell = &mut self.slots[slot(m)][metric as usize];
        *cell = OnceLock::new();
        let _ = cell.set(file);
        self.max_pieces.fetch_max(m.pieces(), Ordering::Relaxed);
        Ok(())
    }

    /// The most pieces of the tables known: found in the directories when they were added
    /// (or later, when a probe looked for a table of more pieces), or handed over (0 when
    /// there are none; a probe then gives [`ProbeError::NoTables`]).
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Tablebase;
    /// let tb = Tablebase::open(std::env::temp_dir(), RuleSet::Default)?;
    /// # let _ = tb.max_pieces();
    /// # Ok::<(), turkish_draughts::tablebase::OpenError>(())
    /// ```
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces.load(Ordering::Relaxed)
    }

    /// The rule set of these tables.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Tablebase;
    /// let tb = Tablebase::open(std::env::temp_dir(), RuleSet::Tudaf)?;
    /// assert_eq!(tb.rules(), RuleSet::Tudaf);
    /// # Ok::<(), turkish_draughts::tablebase::OpenError>(())
    /// ```
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The bytes held by the files opened so far (see the memory section of [`Tablebase`]).
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Tablebase;
    /// let tb = Tablebase::open(std::env::temp_dir(), RuleSet::Default)?;
    /// assert_eq!(tb.loaded_bytes(), 0);
    /// # Ok::<(), turkish_draughts::tablebase::OpenError>(())
    /// ```
    pub fn loaded_bytes(&self) -> usize {
        self.slots
            .iter()
            .flatten()
            .filter_map(OnceLock::get)
            .map(TableFile::memory_bytes)
            .sum()
    }

    /// The directories, in the order they are searched.
    #[allow(dead_code)]
    pub(crate) fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// [`ProbeError::NoTables`] when no table of these rules is known.
    pub(crate) fn check_any_table(&self) -> Result<(), ProbeError> {
        if self.max_pieces() > 0 {
            return Ok(());
        }
        Err(ProbeError::NoTables {
            dir: self.dirs.first().cloned().unwrap_or_default(),
            rules: self.rules,
            held: self.others.clone(),
        })
    }

    /// The header a table's file must have.
    fn expected(&self, m: Material, metric: Metric) -> Header {
        Header {
            rules: self.rules,
            kind: Kind::from(metric),
            material: m,
            scheme: Scheme::Whole,
            entries: m.size(),
            per_block: 0,
            blocks: 0,
            per_group: 0,
            data_len: 0,
            summary: Summary::default(),
        }
    }

    /// The table file of a material, opened on first use.
    pub(crate) fn file(&self, m: Material, metric: Metric) -> Result<&TableFile, ProbeError> {
        let cell = &self.slots[slot(m)][metric as usize];
        if let Some(f) = cell.get() {
            return Ok(f);
        }
        let name = file_name(m, self.rules, metric);
        for dir in &self.dirs {
            let path = dir.join(&name);
            match TableFile::open(&path, &self.expected(m, metric)) {
                Ok(f) => {
                    // Another thread may have opened it meanwhile: either will do.
                    let _ = cell.set(f);
                    if let Some(f) = cell.get() {
                        return Ok(f);
                    }
                }
                Err(Refusal::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(r) => return Err(file_error(path, r).into()),
            }
        }
        Err(ProbeError::MissingTable {
            metric,
            material: m.name(),
            path: self
                .dirs
                .first()
                .map_or_else(|| PathBuf::from(&name), |d| d.join(&name)),
        })
    }

    /// The path of a table's file, for errors: in the first directory that has it, else in
    /// the first directory, else the name alone.
    pub(crate) fn path_of(&self, m: Material, metric: Metric) -> PathBuf {
        let name = file_name(m, self.rules, metric);
        self.dirs
            .iter()
            .map(|d| d.join(&name))
            .find(|p| p.exists())
            .or_else(|| self.dirs.first().map(|d| d.join(&name)))
            .unwrap_or_else(|| PathBuf::from(name))
    }

    /// Where a position with both sides on the board is stored, after the checks every
    /// probe makes (its rule set, and its piece count against the tables known).
    #[inline]
    fn locate(&self, pos: &Position) -> Result<(Material, u64), ProbeError> {
        if pos.rules() != self.rules {
            return Err(ProbeError::RulesMismatch {
                position: pos.rules(),
                tables: self.rules,
            });
        }
        let pieces = pos.board().occupied().count();
        if pieces > self.max_pieces() && !self.dirs.is_empty() {
            // Tables of more pieces may have been built since the directories were listed.
            self.relist();
            if pieces > self.max_pieces() {
                // No table at all says more than "too many pieces".
                self.check_any_table()?;
                return Err(ProbeError::TooManyPieces {
                    pieces,
                    max: self.max_pieces(),
                });
            }
        }
        index::locate(pos).ok_or(ProbeError::NotCovered)
    }

    /// Lists the directories again for tables of more pieces than known.
    fn relist(&self) {
        for dir in &self.dirs {
            if let Ok(found) = list(dir) {
                for (r, most, _) in found {
                    if r == self.rules {
                        self.max_pieces.fetch_max(most, Ordering::Relaxed);
                    }
                }
            }
        }
    }

    /// The stored symbol at an entry.
    #[inline]
    fn lookup(&self, m: Material, index: u64, metric: Metric) -> Result<u16, ProbeError> {
        let file = self.file(m, metric)?;
        file.get(index)
            .map_err(|r| file_error(self.path_of(m, metric), r).into())
    }

    /// A position where one side has no piece: `Some(code)`, else `None`.
    fn bare(pos: &Position) -> Option<Code> {
        let b = pos.board();
        if b.by_color(pos.turn()).is_empty() {
            Some(Code::loss(0))
        } else if b.by_color(!pos.turn()).is_empty() {
            // Any move leaves the opponent, with no piece, without a move.
            Some(if pos.has_legal_move() {
                Code::win(1)
            } else {
                Code::loss(0)
            })
        } else {
            None
        }
    }

    /// Win, draw or loss for the side to move, when both play their best (repetition
    /// aside: a cycle counts as a draw).
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// use turkish_draughts::tablebase::{Builder, ProbeError, Tablebase, Wdl};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-wdl-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(2)?;
    /// let tb = Tablebase::open(&dir, RuleSet::Default)?;
    /// // Under the default rules a lone king beats a lone man at once.
    /// let pos = Position::from_fen("B:WKd4:Bd6", RuleSet::Default)?;
    /// assert_eq!(tb.probe_wdl(&pos)?, Wdl::Loss);
    /// let three = Position::from_fen("W:WKd4:Bd6,e6", RuleSet::Default)?;
    /// assert!(matches!(tb.probe_wdl(&three), Err(ProbeError::TooManyPieces { pieces: 3, max: 2 })));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, ProbeError> {
        if let Some(code) = Self::bare(pos) {
            return Ok(code.wdl());
        }
        let (m, index) = self.locate(pos)?;
        if by_captures(pos) {
            // The files leave it out: the best of its captures.
            let mut list = MoveList::new();
            pos.legal_moves_into(&mut list);
            let mut best = Wdl::Loss;
            for mv in list.iter() {
                best = best.max(-self.probe_wdl(&pos.after_unchecked(*mv))?);
                if best == Wdl::Win {
                    break;
                }
            }
            return Ok(best);
        }
        Ok(Wdl::from_symbol(self.lookup(m, index, Metric::Wdl)?))
    }

    /// The distance to the end of the game in plies (`None` for a draw): the winner ends it
    /// as soon as it can, the loser puts it off as long as it can. Whether the side to move
    /// wins or loses is [`probe_wdl`](Tablebase::probe_wdl)'s answer. A position where the
    /// game has ended ([`Position::outcome`]) has distance 0.
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// use turkish_draughts::tablebase::{Builder, Tablebase};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-dtw-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(2)?;
    /// let tb = Tablebase::open(&dir, RuleSet::Default)?;
    /// // Two kings, and the side to move captures: the win takes one ply.
    /// let pos = Position::from_fen("W:WKd4:BKd6", RuleSet::Default)?;
    /// assert_eq!(tb.probe_dtw(&pos)?, Some(1));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_dtw(&self, pos: &Position) -> Result<Option<u32>, ProbeError> {
        Ok(self.code(pos)?.1)
    }

    /// The value and distance of a position.
    fn code(&self, pos: &Position) -> Result<(Wdl, Option<u32>), ProbeError> {
        let (wdl, d) = self.code_of(pos)?.decode();
        Ok((wdl, d.map(u32::from)))
    }

    /// The value code of a position: the WDL file first, then for a decided position the
    /// DTW file; a position left to its captures from its children.
    pub(crate) fn code_of(&self, pos: &Position) -> Result<Code, ProbeError> {
        if let Some(c) = Self::bare(pos) {
            return Ok(c);
        }
        let (m, index) = self.locate(pos)?;
        if by_captures(pos) {
            return self.code_by_captures(pos);
        }
        match self.lookup(m, index, Metric::Wdl)? {
            0 => Ok(Code::DRAW),
            w => {
                let code = Code::from_bits(self.lookup(m, index, Metric::Dtw)?);
                if code == Code::DRAW || code.wdl_symbol() != w {
                    return Err(ProbeError::File(FileError::Corrupt {
                        path: self.path_of(m, Metric::Dtw),
                        reason: Corruption::Disagree,
                    }));
                }
                Ok(code)
            }
        }
    }

    /// The value code of a position left to its captures: the children's WDL first (a
    /// win stops at the first lost child), then the distances of only the children that
    /// decide it (the lost ones for a win; every child for a loss; none for a draw).
    fn code_by_captures(&self, pos: &Position) -> Result<Code, ProbeError> {
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        let mut values = [Wdl::Draw; MoveList::CAPACITY];
        let (mut any_lost, mut any_draw) = (false, false);
        for (mv, v) in list.iter().zip(values.iter_mut()) {
            *v = self.probe_wdl(&pos.after_unchecked(*mv))?;
            any_lost |= *v == Wdl::Loss;
            any_draw |= *v == Wdl::Draw;
        }
        if !any_lost && any_draw {
            return Ok(Code::DRAW);
        }
        let mut best: Option<u16> = None;
        for (mv, v) in list.iter().zip(values.iter()) {
            if any_lost && *v != Wdl::Loss {
                continue;
            }
            let (_, d) = self.code_of(&pos.after_unchecked(*mv))?.decode();
            let d = d.unwrap_or(0).saturating_add(1);
            best = Some(match best {
                None => d,
                Some(b) if any_lost => b.min(d),
                Some(b) => b.max(d),
            });
        }
        let d = best.unwrap_or(0);
        Ok(if any_lost {
            Code::win(d)
        } else {
            Code::loss(d)
        })
    }

    /// Every legal move that keeps the position's value: for a win, the moves that win in
    /// the fewest plies; for a loss, those that lose in the most; for a draw, those that
    /// draw. Empty when the game has ended ([`Position::outcome`] is `Some`), even if the
    /// side to move has moves. In the order of [`Position::legal_moves`].
    ///
    /// ```
    /// use turkish_draughts::{Position, RuleSet};
    /// use turkish_draughts::tablebase::{Builder, Tablebase};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-best-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(2)?;
    /// let tb = Tablebase::open(&dir, RuleSet::Default)?;
    /// let pos = Position::from_fen("W:WKd4:BKd6", RuleSet::Default)?;
    /// let best = tb.best_moves(&pos)?;
    /// assert_eq!(best.len(), 2); // d4xd7 and d4xd8 both take the king
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_moves(&self, pos: &Position) -> Result<Vec<Move>, ProbeError> {
        if pos.outcome().is_some() {
            return Ok(Vec::new());
        }
        let mut list = MoveList::new();
        pos.legal_moves_into(&mut list);
        // A move's score: higher is better for the side to move.
        let mut scored: Vec<(Move, i64)> = Vec::with_capacity(list.len());
        for mv in list.iter() {
            let (wdl, d) = self.code(&pos.after_unchecked(*mv))?;
            let d = i64::from(d.unwrap_or(0));
            let score = match wdl {
                Wdl::Loss => 1_000_000 - d,
                Wdl::Draw => 0,
                Wdl::Win => -1_000_000 + d,
            };
            scored.push((*mv, score));
        }
        let best = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
        Ok(scored
            .into_iter()
            .filter(|&(_, s)| s == best)
            .map(|(m, _)| m)
            .collect())
    }
}

/// The material and metric of a file name of `rules` (`KMvK.default.wdl`), if it is one.
pub(crate) fn parse_file_name(name: &str, rules: RuleSet) -> Option<(Material, Metric)> {
    let (rest, ext) = name.rsplit_once('.')?;
    let metric = match ext {
        "wdl" => Metric::Wdl,
        "dtw" => Metric::Dtw,
        _ => return None,
    };
    let (mat, r) = rest.rsplit_once('.')?;
    if r != rules.name() {
        return None;
    }
    Some((Material::from_name(mat)?, metric))
}

/// For each rule set, the most pieces of its tables in `dir` and its number of files.
fn list(dir: &Path) -> Result<Vec<(RuleSet, u32, usize)>, OpenError> {
    let io = |e: std::io::Error| OpenError::Io {
        path: dir.to_path_buf(),
        source: Arc::new(e),
    };
    let mut found: Vec<(RuleSet, u32, usize)> = RuleSet::ALL.iter().map(|&r| (r, 0, 0)).collect();
    for entry in fs::read_dir(dir).map_err(io)? {
        let entry = entry.map_err(io)?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        for (r, most, n) in found.iter_mut() {
            if let Some((m, _)) = parse_file_name(name, *r) {
                *most = (*most).max(m.pieces());
                *n += 1;
            }
        }
    }
    Ok(found)
}

/// The error of a file that could not be read, with its path.
pub(crate) fn file_error(path: PathBuf, r: Refusal) -> FileError {
    match r {
        Refusal::Version(found) => FileError::WrongVersion {
            path,
            found,
            expected: FORMAT_VERSION,
        },
        Refusal::Rules(found) => FileError::WrongRules { path, found },
        Refusal::Corrupt(reason) => FileError::Corrupt { path, reason },
        Refusal::Io(e) => FileError::Io {
            path,
            source: Arc::new(e),
        },
    }
}
