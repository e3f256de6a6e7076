//! The prober: [`Tablebase`].

use std::fs;
use std::path::{Path, PathBuf};
use std::string::ToString;
use std::sync::OnceLock;
use std::vec::Vec;

use super::error::{FileError, OpenError, ProbeError};
use super::format::{self, Refusal, TableFile};
use super::material::{self, Material, SLOTS, slot};
use super::resolve::by_captures;
use super::value::{self, wdl_of_symbol};
use super::{Metric, Wdl, file_name};
use crate::{Move, MoveList, Position, RuleSet};

type Slot = OnceLock<Result<TableFile, ProbeError>>;

/// The endgame tables of one rule set in a directory, read lazily: a material's file is
/// read (and its checksum and blocks checked) on the first probe that needs it, and kept.
/// `Send + Sync`: share one `Tablebase` between threads (in an `Arc`).
///
/// # Memory
///
/// A loaded file is held whole in memory, as it is on disk, with its three decoding tables
/// (4 096 entries of 4 bytes each): a table takes exactly its file's length plus 49 152
/// bytes ([`loaded_bytes`](Tablebase::loaded_bytes) adds them up), and nothing else is
/// decoded ahead (a probe decodes part of one block on the stack). The
/// `Tablebase` itself holds one slot per possible material and metric, 13 122 slots of
/// `size_of::<OnceLock<Result<_, ProbeError>>>()` bytes each, about 1 MB, allocated by
/// [`open`](Tablebase::open).
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
    dir: PathBuf,
    rules: RuleSet,
    max_pieces: u32,
    /// The other rule sets whose tables the directory holds, with their most pieces.
    others: Vec<(RuleSet, u32)>,
    slots: Vec<[Slot; 2]>,
}

impl Tablebase {
    /// Opens the tables of `rules` in `dir`. Only the directory's listing is read here (to
    /// find [`max_pieces`](Tablebase::max_pieces)); the files are read on first use. A
    /// directory without a table of `rules` opens, and every probe of it then gives
    /// [`ProbeError::NoTables`], which says what the directory holds instead.
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::{OpenError, Tablebase};
    /// let err = Tablebase::open("/no/such/directory", RuleSet::Default).unwrap_err();
    /// assert!(matches!(err, OpenError::Io { .. }));
    /// ```
    pub fn open(dir: impl AsRef<Path>, rules: RuleSet) -> Result<Tablebase, OpenError> {
        let dir = dir.as_ref().to_path_buf();
        let io = |e: std::io::Error| OpenError::Io {
            path: dir.clone(),
            reason: e.to_string(),
        };
        // The most pieces of each rule set's tables, in the order of `RuleSet::ALL`.
        let mut most = [0; RuleSet::ALL.len()];
        for entry in fs::read_dir(&dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            for (r, most) in RuleSet::ALL.into_iter().zip(most.iter_mut()) {
                if let Some(m) = parse_file_name(name, r) {
                    *most = (*most).max(m.pieces());
                }
            }
        }
        let mut max_pieces = 0;
        let mut others = Vec::new();
        for (r, most) in RuleSet::ALL.into_iter().zip(most) {
            if r == rules {
                max_pieces = most;
            } else if most > 0 {
                others.push((r, most));
            }
        }
        Ok(Tablebase {
            dir,
            rules,
            max_pieces,
            others,
            slots: (0..SLOTS).map(|_| Default::default()).collect(),
        })
    }

    /// The most pieces of the tables found in the directory (0 when it holds none; a
    /// probe then gives [`ProbeError::NoTables`]).
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::Tablebase;
    /// let tb = Tablebase::open(std::env::temp_dir(), RuleSet::Default)?;
    /// # let _ = tb.max_pieces();
    /// # Ok::<(), turkish_draughts::tablebase::OpenError>(())
    /// ```
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
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

    /// The bytes held by the files loaded so far (each file's length and its decoding
    /// tables, 49 152 bytes).
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
            .filter_map(|s| s.get())
            .filter_map(|r| r.as_ref().ok())
            .map(TableFile::memory_bytes)
            .sum()
    }

    /// The directory.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// [`ProbeError::NoTables`] when the directory holds no table of these rules.
    pub(crate) fn check_any_table(&self) -> Result<(), ProbeError> {
        if self.max_pieces > 0 {
            return Ok(());
        }
        Err(ProbeError::NoTables {
            dir: self.dir.clone(),
            rules: self.rules,
            held: self.others.clone(),
        })
    }

    /// The table file of a material, read on first use.
    pub(crate) fn file(&self, m: Material, metric: Metric) -> Result<&TableFile, ProbeError> {
        let cell = &self.slots[slot(m)][metric as usize];
        cell.get_or_init(|| self.load(m, metric))
            .as_ref()
            .map_err(Clone::clone)
    }

    fn load(&self, m: Material, metric: Metric) -> Result<TableFile, ProbeError> {
        let path = self.dir.join(file_name(m, self.rules, metric));
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(ProbeError::MissingTable {
                    metric,
                    material: m.name(),
                    path,
                });
            }
            Err(e) => {
                return Err(FileError::Io {
                    path,
                    reason: e.to_string(),
                }
                .into());
            }
        };
        TableFile::parse(bytes, self.rules, metric, m).map_err(|r| {
            match r {
                Refusal::Version(found) => FileError::WrongVersion {
                    path,
                    found,
                    expected: format::VERSION,
                },
                Refusal::Rules(found) => FileError::WrongRules { path, found },
                Refusal::Corrupt(reason) => FileError::Corrupt { path, reason },
            }
            .into()
        })
    }

    /// Where a position with both sides on the board is stored, after the checks every
    /// probe makes (its rule set, and its piece count against the tables there).
    #[inline]
    fn locate(&self, pos: &Position) -> Result<(Material, u64), ProbeError> {
        if pos.rules() != self.rules {
            return Err(ProbeError::RulesMismatch {
                position: pos.rules(),
                tables: self.rules,
            });
        }
        let pieces = pos.board().occupied().count();
        if pieces > self.max_pieces {
            // No table at all says more than "too many pieces".
            self.check_any_table()?;
            return Err(ProbeError::TooManyPieces {
                pieces,
                max: self.max_pieces,
            });
        }
        material::locate(pos).ok_or(ProbeError::NotCovered)
    }

    /// The stored symbol at an entry.
    #[inline]
    fn lookup(&self, m: Material, index: u64, metric: Metric) -> Result<u16, ProbeError> {
        let file = self.file(m, metric)?;
        file.get(index).map_err(|()| {
            ProbeError::File(FileError::Corrupt {
                path: self.dir.join(file_name(m, self.rules, metric)),
                reason: "a block does not decode".to_string(),
            })
        })
    }

    /// A position where one side has no piece: `Some(code)`, else `None`.
    fn bare(pos: &Position) -> Option<u16> {
        let b = pos.board();
        if b.by_color(pos.turn()).is_empty() {
            Some(value::loss(0))
        } else if b.by_color(!pos.turn()).is_empty() {
            // Any move leaves the opponent, with no piece, without a move.
            Some(if pos.has_legal_move() {
                value::win(1)
            } else {
                value::loss(0)
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
            return Ok(value::decode(code).0);
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
        Ok(wdl_of_symbol(self.lookup(m, index, Metric::Wdl)?))
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
        let (wdl, d) = value::decode(self.code_of(pos)?);
        Ok((wdl, d.map(u32::from)))
    }

    /// The value code of a position: the WDL file first, then for a decided position the
    /// DTW file; a position left to its captures from its children.
    pub(crate) fn code_of(&self, pos: &Position) -> Result<u16, ProbeError> {
        if let Some(c) = Self::bare(pos) {
            return Ok(c);
        }
        let (m, index) = self.locate(pos)?;
        if by_captures(pos) {
            return self.code_by_captures(pos);
        }
        match self.lookup(m, index, Metric::Wdl)? {
            0 => Ok(value::DRAW),
            w => {
                let code = self.lookup(m, index, Metric::Dtw)?;
                if code == value::DRAW || value::wdl_symbol(code) != w {
                    return Err(ProbeError::File(FileError::Corrupt {
                        path: self.dir.join(file_name(m, self.rules, Metric::Dtw)),
                        reason: "the DTW file disagrees with the WDL file".to_string(),
                    }));
                }
                Ok(code)
            }
        }
    }

    /// The value code of a position left to its captures: the children's WDL first (a
    /// win stops at the first lost child), then the distances of only the children that
    /// decide it (the lost ones for a win; every child for a loss; none for a draw).
    fn code_by_captures(&self, pos: &Position) -> Result<u16, ProbeError> {
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
            return Ok(value::DRAW);
        }
        let mut best: Option<u16> = None;
        for (mv, v) in list.iter().zip(values.iter()) {
            if any_lost && *v != Wdl::Loss {
                continue;
            }
            let (_, d) = value::decode(self.code_of(&pos.after_unchecked(*mv))?);
            let d = d.unwrap_or(0).saturating_add(1);
            best = Some(match best {
                None => d,
                Some(b) if any_lost => b.min(d),
                Some(b) => b.max(d),
            });
        }
        let d = best.unwrap_or(0);
        Ok(if any_lost {
            value::win(d)
        } else {
            value::loss(d)
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

/// The material of a file name of `rules` (`KMvK.default.wdl`), if it is one.
fn parse_file_name(name: &str, rules: RuleSet) -> Option<Material> {
    let (rest, ext) = name.rsplit_once('.')?;
    if ext != "wdl" && ext != "dtw" {
        return None;
    }
    let (mat, r) = rest.rsplit_once('.')?;
    if r != rules.name() {
        return None;
    }
    Material::from_name(mat)
}
