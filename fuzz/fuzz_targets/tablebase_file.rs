//! Table files: any bytes, written as the WDL and the DTW file of the two-king material
//! (with the checksum put right, so that the header and block checks are reached), are
//! either refused with a typed error or give values; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use turkish_draughts::tablebase::Tablebase;
use turkish_draughts::{Position, RuleSet};

/// The checksum of the format: 64-bit FNV-1a over bytes 0..40 and 48.. of the file.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes[..40].iter().chain(&bytes[48..]) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn dir() -> &'static std::path::Path {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("td-fuzz-tablebase-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("temporary directory");
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.to_vec();
    // The first byte picks whether the checksum is put right (most inputs) or left as is.
    if bytes.len() >= 48 && data[0] != b'!' {
        let sum = checksum(&bytes);
        bytes[40..48].copy_from_slice(&sum.to_le_bytes());
    }
    let dir = dir();
    std::fs::write(dir.join("KvK.default.wdl"), &bytes).expect("write");
    std::fs::write(dir.join("KvK.default.dtw"), &bytes).expect("write");
    let tb = Tablebase::open(dir, RuleSet::Default).expect("open");
    for fen in ["W:WKa1:BKh8", "B:WKd4:BKd6", "W:WKh8:BKa1", "B:WKb2:BKg7"] {
        let pos = Position::from_fen(fen, RuleSet::Default).expect("fen");
        let _ = tb.probe_wdl(&pos);
        let _ = tb.probe_dtw(&pos);
        let _ = tb.best_moves(&pos);
    }
});
