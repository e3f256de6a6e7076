//! The pictures of docs/tablebase.md: each longest win's line of play is followed by a picture
//! of its position, `docs/tablebase/RULES-MATERIAL.svg`, that must show the position the line
//! names (pieces parsed from the SVG and compared with the FEN read here by hand), with the
//! line's first move drawn and the side to move marked, as the renderer draws them.
//!
//! `TD_WRITE_PICTURES=1 cargo test --test formats tablebase_page` writes the pictures from
//! the page's FENs (after the page's figures change), then checks them.

use std::collections::BTreeSet;
use std::path::Path;

use roxmltree::Document;
use turkish_draughts::svg::{SvgOptions, render};
use turkish_draughts::{Position, RuleSet};

/// The options every picture of the page is drawn with.
fn options() -> SvgOptions {
    SvgOptions::new().size(200).side_to_move(true)
}

/// One line of play of the page and the picture that follows it.
struct Entry {
    rules: RuleSet,
    material: String,
    fen: String,
    first_move: String,
    picture: Option<(String, String)>,
}

fn page() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/tablebase.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every line of play (`` - `MATERIAL`, `FEN` (N plies): MOVES ``) with the picture line
/// (`![ALT](tablebase/NAME.svg)`) after it, if there is one, and the table rows
/// (rules, material, FEN of the longest win).
fn entries(text: &str) -> (Vec<Entry>, Vec<(RuleSet, String, String)>) {
    let mut rules = None;
    let mut out: Vec<Entry> = Vec::new();
    let mut rows = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("## Default rules") {
            rules = Some(RuleSet::Default);
        } else if line.starts_with("## Federation") {
            rules = Some(RuleSet::Tudaf);
        } else if line.starts_with("## ") {
            rules = None;
        }
        let Some(rules) = rules else { continue };
        if let Some(row) = line.strip_prefix("| `") {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let material = cells[0].trim_matches('`').to_string();
            let fen = cells[cells.len() - 2].trim_matches('`').to_string();
            if fen != "-" {
                rows.push((rules, material, fen));
            }
        }
        let Some(rest) = line.strip_prefix("- `") else {
            continue;
        };
        let (material, rest) = rest.split_once("`, `").expect("- `MATERIAL`, `FEN` ...");
        let (fen, rest) = rest.split_once('`').expect("the FEN's closing quote");
        let (_, moves) = rest.split_once("): ").expect("(N plies): MOVES");
        let first_move = moves.split_whitespace().next().expect("a first move");
        let picture = lines[i + 1..]
            .iter()
            .find(|l| !l.trim().is_empty())
            .and_then(|l| l.strip_prefix("!["))
            .and_then(|l| l.split_once("]("))
            .and_then(|(alt, p)| Some((alt.to_string(), p.strip_suffix(')')?.to_string())));
        out.push(Entry {
            rules,
            material: material.to_string(),
            fen: fen.to_string(),
            first_move: first_move.to_string(),
            picture,
        });
    }
    (out, rows)
}

/// The pieces a FEN names, read here by hand: (square, "white"/"black", "man"/"king"), and
/// the side to move.
fn fen_pieces(fen: &str) -> (BTreeSet<(String, &'static str, &'static str)>, &'static str) {
    let mut parts = fen.split(':');
    let turn = match parts.next() {
        Some("W") => "white",
        Some("B") => "black",
        other => panic!("{fen}: turn {other:?}"),
    };
    let mut pieces = BTreeSet::new();
    for part in parts {
        let (colour, list) = match part.split_at(1) {
            ("W", l) => ("white", l),
            ("B", l) => ("black", l),
            _ => panic!("{fen}: {part}"),
        };
        for p in list.split(',').filter(|p| !p.is_empty()) {
            let (role, sq) = match p.strip_prefix('K') {
                Some(sq) => ("king", sq),
                None => ("man", p),
            };
            pieces.insert((sq.to_string(), colour, role));
        }
    }
    (pieces, turn)
}

/// The pieces a picture draws, and the side to move it marks.
fn svg_pieces(svg: &str) -> (BTreeSet<(String, &'static str, &'static str)>, String) {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    let mut pieces = BTreeSet::new();
    let mut turn = String::new();
    for n in doc.descendants().filter(|n| n.is_element()) {
        let classes: Vec<&str> = n.attribute("class").unwrap_or("").split(' ').collect();
        if classes[0] == "piece" {
            let colour = if classes.contains(&"white") {
                "white"
            } else {
                "black"
            };
            let role = if classes.contains(&"king") {
                "king"
            } else {
                "man"
            };
            let sq = n.attribute("data-square").expect("a piece's data-square");
            pieces.insert((sq.to_string(), colour, role));
        } else if classes[0] == "turn" {
            turn = classes[1].to_string();
        }
    }
    (pieces, turn)
}

#[test]
fn every_longest_win_has_a_picture_of_its_position() {
    let text = page();
    let (entries, rows) = entries(&text);
    assert!(entries.len() >= 70, "{} lines of play", entries.len());
    let write = std::env::var_os("TD_WRITE_PICTURES").is_some();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    for e in &entries {
        let name = format!("tablebase/{}-{}.svg", e.rules, e.material);
        let Some((alt, path)) = &e.picture else {
            panic!(
                "{} ({}): no picture after its line of play",
                e.material, e.rules
            );
        };
        assert_eq!(
            path, &name,
            "{} ({}): the picture's file",
            e.material, e.rules
        );
        assert!(
            alt.contains(&e.fen) && alt.contains(&e.material) && alt.contains(&e.first_move),
            "{name}: the alt text {alt:?} names the material, the FEN and the first move"
        );
        assert!(
            rows.contains(&(e.rules, e.material.clone(), e.fen.clone())),
            "{name}: the table's row of {} gives another position than {}",
            e.material,
            e.fen
        );
        let pos = Position::from_fen(&e.fen, e.rules).unwrap_or_else(|err| panic!("{name}: {err}"));
        let m = pos
            .parse_move(&e.first_move)
            .unwrap_or_else(|err| panic!("{name}: {}: {err}", e.first_move));
        let drawn = render(&pos, &options().show_move(m));
        let file = docs.join(&name);
        if write {
            std::fs::write(&file, &drawn).unwrap_or_else(|err| panic!("{name}: {err}"));
        }
        let svg = std::fs::read_to_string(&file).unwrap_or_else(|err| panic!("{name}: {err}"));
        let (want, turn) = fen_pieces(&e.fen);
        let (got, got_turn) = svg_pieces(&svg);
        assert_eq!(got, want, "{name}: the pieces drawn against {}", e.fen);
        assert_eq!(got_turn, turn, "{name}: the side to move drawn");
        assert!(
            svg == drawn,
            "{name} is not the renderer's picture of {} with {} shown (TD_WRITE_PICTURES=1 \
             writes it)",
            e.fen,
            e.first_move
        );
    }
    // Every picture file is one the page shows.
    let shown: BTreeSet<String> = entries
        .iter()
        .map(|e| format!("{}-{}.svg", e.rules, e.material))
        .collect();
    for f in std::fs::read_dir(docs.join("tablebase")).expect("docs/tablebase/") {
        let f = f.expect("a directory entry").file_name();
        let f = f.to_string_lossy();
        assert!(
            shown.contains(f.as_ref()),
            "docs/tablebase/{f} is not on the page"
        );
    }
}

#[test]
fn the_fen_reader_here_reads_kings_men_and_the_turn() {
    let (p, turn) = fen_pieces("B:WKa1,b2:Bh7");
    assert_eq!(turn, "black");
    let want: BTreeSet<_> = [
        ("a1".to_string(), "white", "king"),
        ("b2".to_string(), "white", "man"),
        ("h7".to_string(), "black", "man"),
    ]
    .into_iter()
    .collect();
    assert_eq!(p, want);
}
