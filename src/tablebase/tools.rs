//! Whole-table tools: statistics and verification.

use std::boxed::Box;
use std::string::String;
use std::sync::Mutex;
use std::vec::Vec;

use super::error::ProbeError;
use super::material::{self, Material, board_of};
use super::value::{self, DRAW};
use super::{Metric, Tablebase, Wdl, resolve};
use crate::{MoveList, Position};

/// The figures of one table (positions with the side to move holding the first side of
/// the material's name).
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
    /// Positions checked.
    pub positions: u64,
    /// Positions whose stored value differs from the one their moves give, as FENs with
    /// what was stored and what was expected (at most 100 kept).
    pub mismatches: Vec<String>,
    /// The number of mismatches.
    pub mismatch_count: u64,
}

impl Tablebase {
    /// The materials of the directory's tables (of this rule set), in build order.
    fn materials(&self) -> Vec<Material> {
        super::build::all_materials(self.max_pieces())
    }

    /// Every table's figures, in build order (fewer pieces first). The positions the files
    /// leave to their captures are probed on every core. A directory without a table of
    /// these rules gives [`ProbeError::NoTables`].
    ///
    /// See [`MaterialStats`] for an example.
    pub fn stats(&self) -> Result<Vec<MaterialStats>, ProbeError> {
        self.check_any_table()?;
        let mut out = Vec::new();
        for m in self.materials() {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let values = self.full_values(m, threads, &|p: &Position| self.code_of(p))?;
            let mut s = MaterialStats {
                material: m.name(),
                positions: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                longest_win: None,
            };
            let mut longest: Option<(u16, u64)> = None;
            for (i, &code) in values.iter().enumerate() {
                if board_of(m, i as u64).is_none() {
                    continue;
                }
                s.positions += 1;
                match value::decode(code) {
                    (Wdl::Win, Some(d)) => {
                        s.wins += 1;
                        if longest.is_none_or(|(l, _)| d > l) {
                            longest = Some((d, i as u64));
                        }
                    }
                    (Wdl::Loss, _) => s.losses += 1,
                    _ => s.draws += 1,
                }
            }
            if let Some((d, i)) = longest {
                let fen = board_of(m, i)
                    .and_then(|b| material::position_of(b, self.rules()))
                    .map(|p| p.to_fen())
                    .unwrap_or_default();
                s.longest_win = Some((u32::from(d), fen));
            }
            out.push(s);
        }
        Ok(out)
    }

    /// Every entry's value code of `m`, from its two files; the entries left to their
    /// captures get their children's values from `child`.
    fn full_values(
        &self,
        m: Material,
        threads: usize,
        child: &(impl Fn(&Position) -> Result<u16, ProbeError> + Sync),
    ) -> Result<Vec<u16>, ProbeError> {
        let decoded = |metric| -> Result<Vec<u16>, ProbeError> {
            self.file(m, metric)?
                .decode_all()
                .map_err(|r| super::probe::file_error(self.path_of(m, metric), r).into())
        };
        let wdl = decoded(Metric::Wdl)?;
        let mut values = resolve::combine(&wdl, decoded(Metric::Dtw)?);
        drop(wdl);
        resolve::resolve(m, self.rules(), &mut values, threads, child)?;
        Ok(values)
    }

    /// Checks every stored value against its position's moves: each position's value and
    /// distance are derived again from its children's (by the move generator and
    /// [`Position::outcome`]) and compared with the stored ones: the WDL file's value, and
    /// for a decided position the DTW file's distance (an entry where the two files
    /// disagree is a mismatch). The positions the files leave to their captures take their
    /// children's values, as a probe does. Uses `threads` threads (at least one). Every
    /// table up to [`max_pieces`](Tablebase::max_pieces) must be there; each is decoded
    /// into memory (2 bytes an index entry) for the check. A directory without a table of
    /// these rules gives [`ProbeError::NoTables`] (there is nothing to verify).
    ///
    /// ```
    /// use turkish_draughts::RuleSet;
    /// use turkish_draughts::tablebase::{Builder, Tablebase};
    /// # let dir = std::env::temp_dir().join(format!("td-doc-verify-{}", std::process::id()));
    /// Builder::new(RuleSet::Default, &dir).build(2)?;
    /// let report = Tablebase::open(&dir, RuleSet::Default)?.verify(1)?;
    /// assert_eq!(report.mismatch_count, 0);
    /// assert_eq!(report.positions, 64 * 63 + 2 * 48 * 63 + 48 * 47);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify(&self, threads: usize) -> Result<VerifyReport, ProbeError> {
        self.check_any_table()?;
        // Every table decoded in full, mirrored entries restored, by material slot: a
        // child's value is read at its own index, with no hashing and no mirror index.
        let mut all: Vec<Vec<u16>> = std::vec![Vec::new(); material::SLOTS];
        let lookup = |all: &[Vec<u16>], pos: &Position| -> u16 {
            let b = pos.board();
            if b.by_color(pos.turn()).is_empty() {
                return value::loss(0);
            }
            material::locate_unmirrored(pos)
                .and_then(|(m, _, i)| all[material::slot(m)].get(i as usize))
                .copied()
                .unwrap_or(u16::MAX)
        };
        for m in self.materials() {
            // The entries the files leave to their captures are resolved from the tables of
            // fewer pieces, already here; an entry where the WDL and DTW files disagree
            // holds a code no position has, and so is a mismatch below.
            let values = {
                let all = &all;
                self.full_values(m, threads, &|p: &Position| -> Result<u16, ProbeError> {
                    Ok(lookup(all, p))
                })?
            };
            all[material::slot(m)] = values;
        }
        let report = Mutex::new(VerifyReport::default());
        let rules = self.rules();
        let lookup = |pos: &Position| lookup(&all, pos);
        let work: Mutex<Vec<(Material, u64, u64)>> = Mutex::new(
            self.materials()
                .into_iter()
                .flat_map(|m| {
                    let n = m.size();
                    (0..n.div_ceil(1 << 14)).map(move |c| (m, c << 14, ((c + 1) << 14).min(n)))
                })
                .collect(),
        );
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    let mut list = Box::new(MoveList::new());
                    let mut mine = VerifyReport::default();
                    loop {
                        let next = work.lock().ok().and_then(|mut w| w.pop());
                        let Some((m, from, to)) = next else { break };
                        let table = &all[material::slot(m)];
                        for i in from..to {
                            let Some(board) = board_of(m, i) else {
                                continue;
                            };
                            let Some(pos) = material::position_of(board, rules) else {
                                continue;
                            };
                            mine.positions += 1;
                            let stored = table[i as usize];
                            let want = expected(&pos, &mut list, &lookup);
                            if stored != want {
                                mine.mismatch_count += 1;
                                if mine.mismatches.len() < 100 {
                                    mine.mismatches.push(std::format!(
                                        "{}: stored {:?}, expected {:?}",
                                        pos.to_fen(),
                                        value::decode(stored),
                                        value::decode(want)
                                    ));
                                }
                            }
                        }
                    }
                    if let Ok(mut r) = report.lock() {
                        r.positions += mine.positions;
                        r.mismatch_count += mine.mismatch_count;
                        let room = 100usize.saturating_sub(r.mismatches.len());
                        r.mismatches.extend(mine.mismatches.into_iter().take(room));
                    }
                });
            }
        });
        Ok(report.into_inner().unwrap_or_default())
    }
}

/// The value code a position must have, given its children's codes from `lookup`
/// (`u16::MAX` for a child no table holds, which never matches a stored code).
fn expected(pos: &Position, list: &mut MoveList, lookup: &impl Fn(&Position) -> u16) -> u16 {
    if let Some(outcome) = pos.outcome() {
        return match outcome.winner() {
            Some(w) if w == pos.turn() => value::win(0),
            Some(_) => value::loss(0),
            None => DRAW,
        };
    }
    pos.legal_moves_into(list);
    let (mut best_win, mut any_draw, mut longest_loss) = (None::<u16>, false, 0u16);
    for mv in list.iter() {
        let c = lookup(&pos.after_unchecked(*mv));
        if c == u16::MAX {
            return u16::MAX;
        }
        match value::decode(c) {
            (Wdl::Loss, Some(d)) => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
            (Wdl::Win, Some(d)) => longest_loss = longest_loss.max(d + 1),
            _ => any_draw = true,
        }
    }
    match best_win {
        Some(d) => value::win(d),
        None if any_draw => DRAW,
        None => value::loss(longest_loss),
    }
}

#[cfg(test)]
mod tests {
    use super::super::format::encode;
    use super::super::{Builder, file_name};
    use super::*;
    use crate::RuleSet;
    use std::format;

    /// A table whose files are valid but hold one wrong value fails `verify`, which names
    /// the position.
    #[test]
    fn verify_finds_a_wrong_value() {
        let dir = std::env::temp_dir().join(format!("td-verify-wrong-{}", std::process::id()));
        let rules = RuleSet::Default;
        Builder::new(rules, &dir).build(2).unwrap();
        let m = Material::from_name("KvM").unwrap();
        let built = Tablebase::open(&dir, rules).unwrap();
        let read = |metric| built.file(m, metric).unwrap().decode_all().unwrap();
        let mut values = resolve::combine(&read(Metric::Wdl), read(Metric::Dtw));
        // The first stored entry of a real position, its value changed.
        let (index, pos) = (0..m.size())
            .find_map(|i| {
                let board = board_of(m, i)?;
                let pos = material::position_of(board, rules)?;
                material::is_stored(m, i, board).then_some((i, pos))
            })
            .unwrap();
        let old = values[index as usize];
        values[index as usize] = if old == DRAW { value::win(3) } else { DRAW };
        for metric in [Metric::Wdl, Metric::Dtw] {
            let bytes = encode(rules, metric.into(), m, &values).unwrap();
            std::fs::write(dir.join(file_name(m, rules, metric)), bytes).unwrap();
        }
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
