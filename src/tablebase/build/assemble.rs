//! Putting a material's tables together from its rank slices' values: the material's
//! entries in index order, each read from the rank slice its men stand in (a rank slice's
//! entries are numbered in the material's order, so each slice's file is read straight
//! through), encoded into the same files a whole solve writes.

use std::collections::HashMap;
use std::sync::Mutex;
use std::vec::Vec;

use super::domain::{Cursor, Domain};
use super::error::BuildError;
use super::plan::{Plan, Slice, SliceKind};
use super::{Builder, file_name_of};
use crate::tablebase::format::{self, Kind, Rows, Scheme, Stream, Summary, TableFile};
use crate::tablebase::material::Material;
use crate::tablebase::probe::file_error;
use crate::tablebase::value::Code;

/// The men a set has on each row.
fn rows_of(men: u64) -> Rows {
    let mut r = [0u8; 8];
    for (row, c) in r.iter_mut().enumerate() {
        *c = ((men >> (8 * row)) & 0xff).count_ones() as u8;
    }
    r
}

/// A material's rank slices' files, read in the material's order.
struct Reading<'a> {
    m: Material,
    parts: &'a [(Domain, TableFile)],
    by_rows: &'a HashMap<(Rows, Rows), usize>,
    cursor: Cursor,
    streams: Vec<Stream<'a>>,
    /// The men of the entry before, and its part.
    last: Option<((u64, u64), usize)>,
}

impl<'a> Reading<'a> {
    fn new(
        m: Material,
        parts: &'a [(Domain, TableFile)],
        by_rows: &'a HashMap<(Rows, Rows), usize>,
    ) -> Reading<'a> {
        Reading {
            m,
            parts,
            by_rows,
            cursor: Domain::whole(m).cursor(0),
            streams: parts.iter().map(|(_, f)| Stream::new(f)).collect(),
            last: None,
        }
    }

    /// The next entry's value as the rank slice stores it (`None` for an entry no probe
    /// reads).
    fn next(&mut self) -> Result<Option<Code>, BuildError> {
        let men = self.cursor.men();
        let part = match self.last {
            Some((seen, p)) if seen == men => p,
            _ => {
                let key = (rows_of(men.0), rows_of(men.1));
                let p = *self.by_rows.get(&key).ok_or_else(|| {
                    BuildError::Internal(std::format!(
                        "no rank slice of {} for {key:?}",
                        self.m.name()
                    ))
                })?;
                self.last = Some((men, p));
                p
            }
        };
        self.cursor.step();
        let symbol = self.streams[part]
            .next_symbol()
            .map_err(|r| BuildError::Unreadable {
                error: file_error(std::path::PathBuf::from(self.parts[part].0.m.name()), r),
            })?;
        Ok((symbol != format::NO_VALUE).then(|| Code::from_bits(symbol)))
    }
}

impl Builder {
    /// Writes the tables of an assembly slice's materials from its rank slices' files.
    pub(crate) fn assemble(&self, slice: &Slice, plan: &Plan) -> Result<(), BuildError> {
        let mut materials: Vec<Material> = slice.pair().to_vec();
        materials.dedup();
        for m in materials {
            // Every rank slice's part of `m`.
            let mut parts: Vec<(Domain, TableFile)> = Vec::new();
            for input in slice.inputs() {
                let Some(s) = plan.find(input) else { continue };
                if s.kind() != SliceKind::Ranks {
                    continue;
                }
                for d in s.domains().iter().filter(|d| d.m == m) {
                    parts.push((*d, self.open(d.m, Kind::Codes, d.scheme())?));
                }
            }
            let by_rows: HashMap<(Rows, Rows), usize> = parts
                .iter()
                .enumerate()
                .filter_map(|(i, (d, _))| match d.scheme() {
                    Scheme::Rows(w, b) => Some(((w, b), i)),
                    Scheme::Whole => None,
                })
                .collect();
            let whole = Domain::whole(m);
            let covered: u64 = parts.iter().map(|(d, _)| d.size()).sum();
            if covered != whole.size() {
                return Err(BuildError::Internal(std::format!(
                    "the rank slices of {} hold {covered} of its {} entries",
                    m.name(),
                    whole.size()
                )));
            }
            let mut summary = Summary::default();
            for (d, f) in &parts {
                let index = |local: u64| {
                    d.board(local)
                        .and_then(|b| whole.index(b))
                        .unwrap_or(u64::MAX)
                };
                summary.merge(&f.header().summary, index);
            }
            let encoded: Vec<Result<Vec<u8>, BuildError>> = std::thread::scope(|scope| {
                let jobs: Vec<_> = [Kind::Wdl, Kind::Dtw]
                    .into_iter()
                    .map(|kind| {
                        let (parts, by_rows) = (&parts, &by_rows);
                        scope.spawn(move || self.encode_assembled(m, kind, parts, by_rows, summary))
                    })
                    .collect();
                jobs.into_iter()
                    .map(|j| {
                        j.join().unwrap_or_else(|_| {
                            Err(BuildError::Internal("an assembling thread failed".into()))
                        })
                    })
                    .collect()
            });
            for (kind, bytes) in [Kind::Wdl, Kind::Dtw].into_iter().zip(encoded) {
                let name = file_name_of(m, self.rules_of(), kind, Scheme::Whole);
                self.write(&name, &bytes?)?;
            }
        }
        Ok(())
    }

    /// One of a material's files, from its rank slices' files.
    fn encode_assembled(
        &self,
        m: Material,
        kind: Kind,
        parts: &[(Domain, TableFile)],
        by_rows: &HashMap<(Rows, Rows), usize>,
        summary: Summary,
    ) -> Result<Vec<u8>, BuildError> {
        // The encoder asks for every block twice, in order: a reading from the start for
        // each pass.
        let reading = Mutex::new(Reading::new(m, parts, by_rows));
        let failure: Mutex<Option<BuildError>> = Mutex::new(None);
        let bytes = format::encode_with(
            self.rules_of(),
            kind,
            m,
            Scheme::Whole,
            m.size(),
            summary,
            |first, block| {
                let Ok(mut r) = reading.lock() else { return };
                if first == 0 {
                    *r = Reading::new(m, parts, by_rows);
                }
                for v in block.iter_mut() {
                    match r.next() {
                        Ok(code) => *v = code,
                        Err(e) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert(e);
                            }
                            return;
                        }
                    }
                }
            },
        )
        .map_err(BuildError::Internal)?;
        if let Some(e) = failure.into_inner().ok().flatten() {
            return Err(e);
        }
        Ok(bytes)
    }
}
