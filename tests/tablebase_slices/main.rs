//! Slices of the tablebase build: the plan's slices (counted by hand), each built alone
//! from a directory holding only its inputs, giving the same files byte for byte as the
//! one-process build; a missing input and an unknown name are typed errors.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use turkish_draughts::RuleSet;
use turkish_draughts::tablebase::{BuildError, Builder, SliceKind};

fn temp(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("td-slices-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every file of a directory, by name, with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .expect("list")
        .map(|e| {
            let e = e.expect("entry");
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect()
}

#[test]
fn the_plan_counts_by_hand() {
    let plan = Builder::new(RuleSet::Default, "unused")
        .plan(4)
        .expect("plan");
    // Materials of p pieces, at least one a side: the ways to share p among four groups,
    // C(p + 3, 3), less the 2 (p + 1) with a side empty; the ones that are their own colour
    // swap (same men and kings each side) stand alone, the others go in pairs.
    // 2 pieces: 4 materials, KvK and MvM alone, 3 slices. 3 pieces: 12, none alone, 6.
    // 4 pieces: 25, MMvMM, KMvKM and KKvKK alone, 14.
    let by_pieces = |p: u32| plan.slices().iter().filter(|s| s.pieces() == p).count();
    assert_eq!(
        (by_pieces(2), by_pieces(3), by_pieces(4)),
        (3, 6, 14),
        "slices a piece count"
    );
    // Index entries: KvK 64*64, KvM and MvK 64*48 each, MvM 48*48.
    let two: u64 = plan
        .slices()
        .iter()
        .filter(|s| s.pieces() == 2)
        .map(|s| s.positions())
        .sum();
    assert_eq!(two, 64 * 64 + 2 * 64 * 48 + 48 * 48);
    // Every slice after its inputs, and inputs of fewer pieces or fewer men.
    for (i, s) in plan.slices().iter().enumerate() {
        for input in s.inputs() {
            let j = plan
                .slices()
                .iter()
                .position(|t| t.name() == input)
                .expect("an input is a slice");
            assert!(j < i, "{} before {}", input, s.name());
        }
        assert_eq!(plan.find(s.name()), Some(s));
        for m in s.materials() {
            assert_eq!(plan.find(&m), Some(s));
        }
    }
    // Kings only: in KKvK a capture of the lone black king ends the game and kings do not
    // crown; in its swap KvKK, White's king takes one of two: KvK.
    assert_eq!(plan.find("KKvK").expect("KKvK").inputs(), ["KvK"]);
    // MMvK: taking the king ends the game; a crowning gives KMvK (read with Black to move
    // as KvKM). Its swap KvMM: the king takes one man (KvM, read as MvK) or both (the end).
    // KvKM's file leaves its capture positions to their children: its king takes the man
    // (KvK) or the king (KvM, in KvM+MvK), so KvK is read too.
    assert_eq!(
        plan.find("MMvK").expect("MMvK").inputs(),
        ["KvK", "KvM+MvK", "KvKM+KMvK"]
    );
    // KMvKM, its own swap (White to move): take the man, KMvK; take the king, KMvM; crown
    // and take the man, KKvK; crown and take the king, KKvM; crown alone, KKvKM; both
    // pieces taken ends the game. Read with Black to move as their swaps: KvKM, MvKM,
    // KvKK, MvKK, KMvKK.
    let mut got = plan.find("KMvKM").expect("KMvKM").inputs().to_vec();
    let mut want = vec![
        "KvKM+KMvK",
        "MvKM+KMvM",
        "KvKK+KKvK",
        "KKvM+MvKK",
        "KKvKM+KMvKK",
        // The captures of those (their files leave capture positions to their children):
        // KvKM takes to KvK or KvM; MvKM's man takes the king, MvM (crowned: KvM).
        "KvK",
        "KvM+MvK",
        "MvM",
    ];
    got.sort();
    want.sort();
    assert_eq!(got, want, "inputs of KMvKM");
}

#[test]
fn slices_built_alone_give_the_same_files() {
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let whole = temp(&format!("whole-{}", rules.name()));
        Builder::new(rules, &whole)
            .threads(2)
            .build(3)
            .expect("build");
        let reference = files(&whole);
        let plan = Builder::new(rules, &whole).plan(3).expect("plan");
        // Five threads: up to five small slices solved side by side, each as soon as what
        // it reads is finished; the same files, and the materials reported in plan order.
        let many = temp(&format!("many-{}", rules.name()));
        let report = Builder::new(rules, &many)
            .threads(5)
            .build(3)
            .expect("build on five threads");
        assert_eq!(files(&many), reference, "{}: five threads", rules.name());
        let in_order: Vec<String> = plan.slices().iter().flat_map(|s| s.materials()).collect();
        assert_eq!(report.built, in_order);
        let _ = std::fs::remove_dir_all(&many);
        // In plan order into one directory, each slice on three threads (a pair's levels
        // shared out between threads, where the whole build solved each alone).
        let one = temp(&format!("one-{}", rules.name()));
        let b = Builder::new(rules, &one).threads(3);
        for s in plan.slices() {
            assert!(b.build_slice(s.name()).expect("slice"), "{}", s.name());
        }
        assert_eq!(
            files(&one),
            reference,
            "{}: every slice in plan order",
            rules.name()
        );
        // Again: nothing to do.
        for s in plan.slices() {
            assert!(!b.build_slice(s.name()).expect("slice"));
        }
        // Each slice alone, in a directory holding only its inputs' files.
        for s in plan.slices() {
            let dir = temp(&format!("alone-{}", rules.name()));
            std::fs::create_dir_all(&dir).expect("mkdir");
            let own = |name: &str, slice: &str| {
                plan.find(slice)
                    .expect("slice")
                    .materials()
                    .iter()
                    .any(|m| name.starts_with(&format!("{m}.")))
            };
            for name in reference.keys() {
                if s.inputs().iter().any(|i| own(name, i)) {
                    std::fs::copy(whole.join(name), dir.join(name)).expect("copy");
                }
            }
            Builder::new(rules, &dir)
                .threads(1)
                .build_slice(s.name())
                .expect("slice alone");
            for (name, bytes) in files(&dir) {
                assert_eq!(Some(&bytes), reference.get(&name), "{name}");
                assert!(own(&name, s.name()) || s.inputs().iter().any(|i| own(&name, i)));
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
        let _ = std::fs::remove_dir_all(&one);
        let _ = std::fs::remove_dir_all(&whole);
    }
}

/// Pairs split into rank slices (every pair with men of more than 100 000 entries: all of
/// 3 pieces with men) give the same tables, byte for byte, as whole solves, built in one
/// process or a slice at a time; each rank slice leaves its values in a file of its own.
#[test]
fn rank_slices_give_the_same_files() {
    let rules = RuleSet::Tudaf;
    let whole = temp("rank-whole");
    Builder::new(rules, &whole).build(3).expect("build");
    let reference = files(&whole);
    let tables = |dir: &Path| -> BTreeMap<String, Vec<u8>> {
        files(dir)
            .into_iter()
            .filter(|(name, _)| !name.ends_with(".part"))
            .collect()
    };
    let split = temp("rank-split");
    let b = Builder::new(rules, &split).split_above(100_000);
    let report = b.build(3).expect("split build");
    assert_eq!(report.built.len(), reference.len() / 2);
    // Every entry solved once: the rank slices', none again for their assembly.
    assert_eq!(report.positions, b.plan(3).expect("plan").positions());
    assert_eq!(tables(&split), reference, "one process");
    let plan = b.plan(3).expect("plan");
    let ranks = plan
        .slices()
        .iter()
        .filter(|s| s.kind() == SliceKind::Ranks)
        .count();
    // KvKM+KMvK: 6 ranks of the man, a slice each (65 536 entries each, over a quarter of
    // the 100 000); the combinations of the men of MMvK+KvMM, of a few thousand entries,
    // go several to a slice, by their advance.
    assert!(ranks > 20, "{ranks} rank slices");
    assert!(plan.find("KvKM+KMvK.r-7").is_some());
    let batched = plan
        .slices()
        .iter()
        .find(|s| s.name().starts_with("KvMM+MMvK.a"))
        .expect("a slice of several combinations");
    assert!(batched.positions() <= 25_000, "{}", batched.positions());
    let parts = files(&split)
        .keys()
        .filter(|n| n.ends_with(".part"))
        .count();
    assert!(
        parts >= ranks,
        "{parts} files of values for {ranks} rank slices"
    );
    // A slice at a time, in plan order.
    let one = temp("rank-one");
    let b = Builder::new(rules, &one).split_above(100_000).threads(1);
    for s in plan.slices() {
        assert!(b.build_slice(s.name()).expect("slice"), "{}", s.name());
    }
    assert_eq!(tables(&one), reference, "a slice at a time");
    // A rank slice by its material's own name for it.
    assert!(!b.build_slice("KMvK.r7-").expect("present"));
    for dir in [whole, split, one] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn a_missing_input_is_named() {
    let dir = temp("missing");
    let b = Builder::new(RuleSet::Default, &dir).threads(1);
    b.build_slice("KvK").expect("KvK reads nothing");
    b.build_slice("KvM").expect("KvM+MvK reads KvK");
    let err = b.build_slice("MMvK").unwrap_err();
    match &err {
        BuildError::MissingInput { slice, input, .. } => {
            assert_eq!((slice.as_str(), input.as_str()), ("KvMM+MMvK", "KvKM+KMvK"));
        }
        e => panic!("expected MissingInput, got {e:?}"),
    }
    let text = err.to_string();
    assert!(text.contains("KMvK.default.dtw"), "{text}");
    // No file of the slice was written.
    assert!(!dir.join("MMvK.default.wdl").exists());
    // A corrupt input is missing too.
    std::fs::write(dir.join("KvK.default.dtw"), b"not a table").expect("write");
    let err = b.build_slice("KvKK").unwrap_err();
    assert!(
        matches!(&err, BuildError::MissingInput { input, .. } if input == "KvK"),
        "{err:?}"
    );
    for bad in ["", "KvX", "vK", "KKKKvKKK", "KvK+KvK"] {
        let err = b.build_slice(bad).unwrap_err();
        assert!(
            matches!(&err, BuildError::UnknownSlice { name } if name == bad),
            "{bad}: {err:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slice_over_the_memory_limit_is_refused_before_it_starts() {
    let dir = temp("memory");
    let plan = Builder::new(RuleSet::Default, &dir).plan(3).expect("plan");
    let s = plan.find("KvKM+KMvK").expect("slice");
    // Four bytes an entry solved and a byte an entry read, and the fixed part.
    assert_eq!(s.positions(), 2 * 48 * 64 * 64);
    assert!(s.memory() >= 4 * s.positions() + (64 << 20));
    let b = Builder::new(RuleSet::Default, &dir).threads(1);
    for s in plan.slices().iter().filter(|s| s.pieces() == 2) {
        b.build_slice(s.name()).expect("two pieces");
    }
    let tight = b.clone().memory_limit(s.memory() - 1);
    let err = tight.build_slice("KMvK").unwrap_err();
    match &err {
        BuildError::NotEnoughMemory {
            slice,
            needed,
            limit,
            splits,
        } => {
            assert_eq!(slice, "KvKM+KMvK");
            assert_eq!((*needed, *limit), (s.memory(), s.memory() - 1));
            assert!(*splits, "a pair with a man splits by ranks");
        }
        e => panic!("expected NotEnoughMemory, got {e:?}"),
    }
    assert!(err.to_string().contains("split_above"), "{err}");
    assert!(!dir.join("KMvK.default.wdl").exists());
    // Kings alone do not split: the error says to find more memory.
    let kings = plan.find("KKvK").expect("KKvK");
    let err = b
        .clone()
        .memory_limit(kings.memory() - 1)
        .build_slice("KKvK")
        .unwrap_err();
    assert!(
        matches!(&err, BuildError::NotEnoughMemory { splits: false, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("more memory"), "{err}");
    // The whole build checks every slice first and builds nothing.
    let before = files(&dir).len();
    let err = b.clone().memory_limit(s.memory() - 1).build(3).unwrap_err();
    assert!(matches!(err, BuildError::NotEnoughMemory { .. }), "{err:?}");
    assert_eq!(files(&dir).len(), before);
    // At the estimate it builds (after its input of three kings).
    let b = b.memory_limit(s.memory());
    assert!(b.build_slice("KKvK").expect("KKvK fits"));
    assert!(b.build_slice("KMvK").expect("fits"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The built example `name` (`cargo test` builds the examples first).
fn example(name: &str) -> std::process::Command {
    let exe = std::env::current_exe().expect("the test's own path");
    let path = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps")
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "run `cargo build --examples` first");
    let mut c = std::process::Command::new(path);
    c.stdin(std::process::Stdio::null());
    c
}

#[test]
fn the_plan_and_build_slice_commands() {
    let out = example("tablebase")
        .args(["plan", "--pieces", "2", "--workers", "2"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "slice\tpieces\tpositions\tmemory\tdisk\ttime\tinputs"
    );
    // KvK: 4 096 entries, 4 bytes each plus 64 MiB; 4 096 / 7.83 = 523 bytes of files;
    // 4 096 x (160.8 + 2 x 45.5) ns over two threads, under a millisecond.
    assert_eq!(lines[1], "KvK\t2\t4096\t67.1 MB\t0.5 kB\t0.0 s\t-");
    assert!(lines[2].starts_with("KvM+MvK\t2\t6144\t") && lines[2].ends_with("\tKvK"));
    assert!(lines[3].starts_with("MvM\t2\t2304\t") && lines[3].ends_with("\tKvM+MvK"));
    assert_eq!(
        lines[4],
        "total: 3 slices of 2 to 2 pieces (default rules), 12544 index entries"
    );
    assert!(lines[6].starts_with("disk: "), "{text}");
    assert!(
        lines[7].starts_with("time on 2 workers of 2 threads: "),
        "{text}"
    );

    let dir = temp("cli");
    let d = dir.to_str().expect("utf-8 path");
    let build = |name: &str| {
        example("tablebase")
            .args(["build-slice", "--rules", "tudaf", "--dir", d, name])
            .output()
            .expect("runs")
    };
    let out = build("KvK");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "built KvK\n");
    let out = build("KvK");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "present KvK\n");
    let out = build("MvM");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: slice MvM reads slice KvM+MvK") && err.contains("KvM.tudaf.dtw"),
        "{err}"
    );
    let out = build("MvK");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "built KvM+MvK\n");
    for args in [
        &["plan"][..],
        &["plan", "--pieces", "7"],
        &["plan", "--pieces", "3", "--dir", d],
        &["plan", "--pieces", "3", "--workers", "0"],
        &["build-slice", "--dir", d],
        &["build-slice", "--dir", d, "KvX"],
        &["build-slice", "--dir", d, "KvK", "MvM"],
        &["build", "--pieces", "2", "--dir", d, "--workers", "2"],
    ] {
        let out = example("tablebase").args(args).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && !err.contains("panicked"),
            "{err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
