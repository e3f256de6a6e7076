//! The SVG renderer: its output parsed as XML, element by element, and one reference picture.

use std::collections::BTreeMap;

use roxmltree::{Document, Node};
use turkish_draughts::svg::{SvgOptions, render};
use turkish_draughts::{Bitboard, Color, Piece, Position, Role, RuleSet, Square};

/// A king with a four-piece capture that turns three times (worked out by hand: a4 up the
/// a-file, c7 and f7 along rank 7, g5 down the g-file), among men of both colours.
const CAPTURE_FEN: &str = "W:WKa1,b2,c3,f2,h3:Ba4,c7,f7,g5,b6,e6,Kh8";

fn classes<'a>(node: &Node<'a, '_>) -> Vec<&'a str> {
    node.attribute("class")
        .map(|c| c.split_whitespace().collect())
        .unwrap_or_default()
}

fn with_class<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.is_element() && classes(n).contains(&class))
        .collect()
}

fn num(node: &Node, attr: &str) -> i64 {
    node.attribute(attr)
        .unwrap_or_else(|| panic!("no {attr} on {node:?}"))
        .parse()
        .unwrap_or_else(|_| panic!("{attr} of {node:?} is not a whole number"))
}

fn square_of(node: &Node) -> Square {
    node.attribute("data-square")
        .expect("data-square")
        .parse()
        .expect("a square name")
}

/// The rectangle `(x, y, width, height)` drawn for each square.
fn square_rects(doc: &Document) -> BTreeMap<Square, (i64, i64, i64, i64)> {
    with_class(doc, "square")
        .iter()
        .map(|n| {
            (
                square_of(n),
                (num(n, "x"), num(n, "y"), num(n, "width"), num(n, "height")),
            )
        })
        .collect()
}

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).expect("the output is well-formed XML")
}

#[test]
fn root_is_an_svg_of_the_requested_size() {
    let svg = render(&Position::start(), &SvgOptions::new().size(333));
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("width"), Some("333"));
    assert_eq!(root.attribute("height"), Some("333"));
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .expect("a title");
    assert_eq!(
        title.text(),
        Some(format!("{} (default rules)", Position::start().setup()).as_str())
    );
}

#[test]
fn sixty_four_squares_of_two_shades_without_overlap() {
    let svg = render(&Position::start(), &SvgOptions::new());
    let doc = parse(&svg);
    let squares = with_class(&doc, "square");
    assert_eq!(squares.len(), 64);
    let rects = square_rects(&doc);
    assert_eq!(rects.len(), 64, "each square drawn once");
    let light = squares
        .iter()
        .filter(|n| classes(n).contains(&"light"))
        .count();
    let dark = squares
        .iter()
        .filter(|n| classes(n).contains(&"dark"))
        .count();
    assert_eq!((light, dark), (32, 32));
    // Neighbours have different shades, and a1 is dark.
    for n in &squares {
        let sq = square_of(n);
        let dark = classes(n).contains(&"dark");
        let parity = (sq.file().index() + sq.rank().index()) % 2 == 0;
        assert_eq!(dark, parity, "{sq}");
    }
    // All the same size, at 64 different places.
    let sizes: std::collections::BTreeSet<_> = rects.values().map(|r| (r.2, r.3)).collect();
    assert_eq!(sizes.len(), 1);
    let corners: std::collections::BTreeSet<_> = rects.values().map(|r| (r.0, r.1)).collect();
    assert_eq!(corners.len(), 64);
}

#[test]
fn coordinates_are_written() {
    let svg = render(&Position::start(), &SvgOptions::new());
    let doc = parse(&svg);
    let texts = |class: &str| -> Vec<String> {
        let mut t: Vec<String> = with_class(&doc, class)
            .iter()
            .filter(|n| n.has_tag_name("text") && classes(n).contains(&"coord"))
            .map(|n| n.text().unwrap_or("").to_string())
            .collect();
        t.sort();
        t
    };
    assert_eq!(texts("file"), ["a", "b", "c", "d", "e", "f", "g", "h"]);
    assert_eq!(texts("rank"), ["1", "2", "3", "4", "5", "6", "7", "8"]);
    // Each file letter stands under its own file, each rank digit beside its rank.
    let rects = square_rects(&doc);
    for n in with_class(&doc, "file") {
        let file = n.text().unwrap();
        let sq: Square = format!("{file}1").parse().unwrap();
        let (x, y, w, h) = rects[&sq];
        let tx = num(&n, "x");
        assert!(x < tx && tx < x + w, "file {file}");
        assert!(num(&n, "y") > y + h, "file {file} under the board");
    }
    for n in with_class(&doc, "rank") {
        let rank = n.text().unwrap();
        let sq: Square = format!("a{rank}").parse().unwrap();
        let (x, y, _, h) = rects[&sq];
        let ty = num(&n, "y");
        assert!(y < ty && ty < y + h, "rank {rank}");
        assert!(num(&n, "x") < x, "rank {rank} left of the board");
    }
}

#[test]
fn one_piece_element_per_piece_and_a_crown_on_each_king() {
    let pos = Position::from_fen(CAPTURE_FEN, RuleSet::Default).unwrap();
    let svg = render(&pos, &SvgOptions::new());
    let doc = parse(&svg);
    let pieces = with_class(&doc, "piece");
    assert_eq!(pieces.len(), pos.board().occupied().count() as usize);
    let rects = square_rects(&doc);
    for n in &pieces {
        let sq = square_of(n);
        let c = classes(n);
        let colour = if c.contains(&"white") {
            Color::White
        } else {
            assert!(c.contains(&"black"), "{c:?}");
            Color::Black
        };
        let role = if c.contains(&"king") {
            Role::King
        } else {
            assert!(c.contains(&"man"), "{c:?}");
            Role::Man
        };
        assert_eq!(
            pos.board().piece_at(sq),
            Some(Piece::new(colour, role)),
            "{sq}"
        );
        let crowns = n
            .descendants()
            .filter(|d| classes(d).contains(&"crown"))
            .count();
        assert_eq!(crowns, usize::from(role == Role::King), "{sq}");
        // The disc is centred on its square.
        let disc = n
            .children()
            .find(|d| d.has_tag_name("circle"))
            .expect("a disc");
        let (x, y, w, h) = rects[&sq];
        assert_eq!((num(&disc, "cx"), num(&disc, "cy")), (x + w / 2, y + h / 2));
    }
    // Two kings in the FEN (a1 white, h8 black), so two crowns in the document.
    assert_eq!(with_class(&doc, "crown").len(), 2);
}

#[test]
fn a_shown_capture_has_one_arrow_per_landing_and_one_mark_per_captured_piece() {
    let pos = Position::from_fen(CAPTURE_FEN, RuleSet::Default).unwrap();
    let m = pos.parse_move("a1xa7xd7xg7xg4").unwrap();
    for flipped in [false, true] {
        let svg = render(&pos, &SvgOptions::new().show_move(m).flipped(flipped));
        let doc = parse(&svg);
        let rects = square_rects(&doc);
        let inside = |sq: Square, x: i64, y: i64| {
            let (rx, ry, w, h) = rects[&sq];
            rx <= x && x <= rx + w && ry <= y && y <= ry + h
        };
        let arrows = with_class(&doc, "arrow");
        let path = m.path().unwrap();
        assert_eq!(arrows.len(), path.len());
        assert_eq!(arrows.len(), 4);
        let mut at = m.from();
        for (arrow, to) in arrows.iter().zip(path) {
            assert!(inside(at, num(arrow, "x1"), num(arrow, "y1")), "from {at}");
            assert!(inside(to, num(arrow, "x2"), num(arrow, "y2")), "to {to}");
            assert_eq!(arrow.attribute("marker-end"), Some("url(#arrowhead)"));
            at = to;
        }
        let marks = with_class(&doc, "captured");
        assert_eq!(marks.len(), 4);
        let marked: Bitboard = marks.iter().map(square_of).collect();
        assert_eq!(
            marked,
            [Square::A4, Square::C7, Square::F7, Square::G5]
                .into_iter()
                .collect::<Bitboard>()
        );
        assert!(
            doc.descendants()
                .any(|n| n.has_tag_name("marker") && n.attribute("id") == Some("arrowhead"))
        );
    }
}

/// Where each element stands in the document: later ones are drawn over earlier ones.
fn order_of(doc: &Document, node: &Node) -> usize {
    doc.descendants()
        .position(|n| n == *node)
        .expect("a node of the document")
}

#[test]
fn the_path_and_the_crosses_lie_beneath_the_pieces() {
    let pos = Position::from_fen(CAPTURE_FEN, RuleSet::Default).unwrap();
    let m = pos.parse_move("a1xa7xd7xg7xg4").unwrap();
    let svg = render(&pos, &SvgOptions::new().show_move(m));
    let doc = parse(&svg);
    let pieces = with_class(&doc, "piece");
    let first_piece = pieces.iter().map(|n| order_of(&doc, n)).min().unwrap();
    let beneath: Vec<Node> = with_class(&doc, "arrow")
        .into_iter()
        .chain(with_class(&doc, "captured"))
        .collect();
    assert_eq!(beneath.len(), 8);
    for n in &beneath {
        assert!(
            order_of(&doc, n) < first_piece,
            "{n:?} is drawn over a piece"
        );
    }
    // The captured pieces are faded so that their crosses show; the others are not.
    for n in &pieces {
        let faded = n.attribute("opacity").map(|o| o.parse::<f64>().unwrap());
        if m.captured().contains(square_of(n)) {
            assert!(faded.is_some_and(|o| (0.3..1.0).contains(&o)), "{n:?}");
        } else {
            assert_eq!(faded, None, "{n:?}");
        }
    }
    // Each cross reaches beyond the piece's disc (radius 40): its ends stay visible.
    let rects = square_rects(&doc);
    for cross in with_class(&doc, "captured") {
        let (x, y, w, h) = rects[&square_of(&cross)];
        let (cx, cy) = (x + w / 2, y + h / 2);
        for line in cross.children().filter(|n| n.has_tag_name("line")) {
            for (xa, ya) in [("x1", "y1"), ("x2", "y2")] {
                let (dx, dy) = (num(&line, xa) - cx, num(&line, ya) - cy);
                assert!(dx * dx + dy * dy > 40 * 40, "{line:?}");
                assert!(
                    dx.abs() <= w / 2 && dy.abs() <= h / 2,
                    "{line:?} leaves its square"
                );
            }
        }
    }
}

#[test]
fn a_captured_kings_crown_is_drawn_over_its_cross() {
    // The white man on d4 takes the black king on d5.
    let pos = Position::from_fen("W:Wd4,a2:BKd5,h7", RuleSet::Default).unwrap();
    let m = pos.parse_move("d4xd6").unwrap();
    let svg = render(&pos, &SvgOptions::new().show_move(m));
    let doc = parse(&svg);
    let cross = with_class(&doc, "captured");
    assert_eq!(cross.len(), 1);
    assert_eq!(square_of(&cross[0]), Square::D5);
    let king = with_class(&doc, "king");
    assert_eq!(king.len(), 1);
    assert_eq!(square_of(&king[0]), Square::D5);
    let crown = king[0]
        .descendants()
        .find(|n| classes(n).contains(&"crown"))
        .expect("the captured king keeps its crown");
    assert!(order_of(&doc, &crown) > order_of(&doc, &cross[0]));
    // Nothing is drawn after the crown but other pieces (on other squares) and the end.
    let after: Vec<Node> = doc
        .descendants()
        .skip(order_of(&doc, &crown) + 1)
        .filter(|n| n.is_element())
        .collect();
    for n in after {
        let piece = n
            .ancestors()
            .find(|a| classes(a).contains(&"piece"))
            .unwrap_or_else(|| panic!("{n:?} is drawn over the crown"));
        assert_ne!(square_of(&piece), Square::D5, "{n:?}");
    }
}

#[test]
fn the_side_to_move_is_marked_when_asked() {
    for (fen, turn) in [("W:Wd4:Bd6", Color::White), ("B:Wd4:Bd6", Color::Black)] {
        let pos = Position::from_fen(fen, RuleSet::Default).unwrap();
        let plain = render(&pos, &SvgOptions::new());
        assert!(with_class(&parse(&plain), "turn").is_empty());
        for flipped in [false, true] {
            let svg = render(&pos, &SvgOptions::new().side_to_move(true).flipped(flipped));
            let doc = parse(&svg);
            let marks = with_class(&doc, "turn");
            assert_eq!(marks.len(), 1);
            let mark = &marks[0];
            let name = turn.to_string();
            assert!(classes(mark).contains(&name.as_str()), "{mark:?}");
            // Right of the board, level with the first rank of the side to move (its
            // player's side of the board).
            let rects = square_rects(&doc);
            let right = rects.values().map(|r| r.0 + r.2).max().unwrap();
            assert!(num(mark, "cx") > right, "{mark:?}");
            let home = match turn {
                Color::White => Square::A1,
                Color::Black => Square::A8,
            };
            let (_, y, _, h) = rects[&home];
            let cy = num(mark, "cy");
            assert!(y < cy && cy < y + h, "{mark:?}");
            let bottom = rects.values().map(|r| r.1).max().unwrap();
            let at_bottom = y == bottom;
            assert_eq!(at_bottom, (turn == Color::White) != flipped);
        }
    }
}

#[test]
fn a_quiet_move_has_one_arrow_and_no_marks() {
    let pos = Position::start();
    let m = pos.parse_move("d3-d4").unwrap();
    let svg = render(&pos, &SvgOptions::new().show_move(m));
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "arrow").len(), 1);
    assert_eq!(with_class(&doc, "captured").len(), 0);
    // Nothing about moves without one.
    let plain = render(&pos, &SvgOptions::new());
    let doc = parse(&plain);
    assert_eq!(with_class(&doc, "arrow").len(), 0);
}

#[test]
fn highlighted_squares_are_drawn_once_each() {
    let pos = Position::start();
    let marked: Bitboard = [Square::A1, Square::D4, Square::H8].into_iter().collect();
    let svg = render(&pos, &SvgOptions::new().highlight(marked));
    let doc = parse(&svg);
    let rects = square_rects(&doc);
    let hl = with_class(&doc, "highlight");
    assert_eq!(hl.len(), 3);
    for n in &hl {
        let sq = square_of(n);
        assert!(marked.contains(sq));
        assert_eq!(
            rects[&sq],
            (num(n, "x"), num(n, "y"), num(n, "width"), num(n, "height"))
        );
    }
}

#[test]
fn flipping_moves_a1_from_bottom_left_to_top_right() {
    let pos = Position::start();
    for (flipped, a1_left, a1_bottom) in [(false, true, true), (true, false, false)] {
        let svg = render(&pos, &SvgOptions::new().flipped(flipped));
        let doc = parse(&svg);
        let rects = square_rects(&doc);
        let (x, y, _, _) = rects[&Square::A1];
        let min_x = rects.values().map(|r| r.0).min().unwrap();
        let max_x = rects.values().map(|r| r.0).max().unwrap();
        let min_y = rects.values().map(|r| r.1).min().unwrap();
        let max_y = rects.values().map(|r| r.1).max().unwrap();
        assert_eq!(x == min_x, a1_left, "flipped {flipped}");
        assert_eq!(x == max_x, !a1_left, "flipped {flipped}");
        assert_eq!(y == max_y, a1_bottom, "flipped {flipped}");
        assert_eq!(y == min_y, !a1_bottom, "flipped {flipped}");
        // h8 is always opposite a1.
        let (hx, hy, _, _) = rects[&Square::H8];
        assert_eq!((hx == max_x, hy == min_y), (a1_left, a1_bottom));
        // White's men are at the bottom unless flipped.
        let white_y = num(
            &with_class(&doc, "white")[0]
                .children()
                .find(|n| n.has_tag_name("circle"))
                .unwrap(),
            "cy",
        );
        let black_y = num(
            &with_class(&doc, "black")[0]
                .children()
                .find(|n| n.has_tag_name("circle"))
                .unwrap(),
            "cy",
        );
        assert_eq!(white_y > black_y, !flipped);
    }
}

#[test]
fn position_to_svg_is_render() {
    let pos = Position::from_fen(CAPTURE_FEN, RuleSet::Tudaf).unwrap();
    let opts = SvgOptions::new().size(100).flipped(true);
    assert_eq!(pos.to_svg(&opts), render(&pos, &opts));
    assert!(pos.to_svg(&opts).contains("(tudaf rules)"));
}

#[test]
fn every_position_of_a_few_playouts_renders_as_valid_xml() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for rules in RuleSet::ALL {
        let mut pos = Position::new(rules);
        for ply in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            let svg = render(&pos, &SvgOptions::new().show_move(m).flipped(ply % 2 == 1));
            let doc = parse(&svg);
            assert_eq!(
                with_class(&doc, "piece").len(),
                pos.board().occupied().count() as usize
            );
            assert_eq!(
                with_class(&doc, "crown").len(),
                pos.board().kings().count() as usize
            );
            assert_eq!(
                with_class(&doc, "arrow").len(),
                pos.path_of(&m).unwrap().len()
            );
            assert_eq!(
                with_class(&doc, "captured").len(),
                m.captured().count() as usize
            );
            pos.play(m);
        }
    }
}

/// The reference picture: the capture position with its move shown, its origin and
/// destination highlighted, and the side to move marked. Its text only changes when the renderer does; then look at the
/// new picture and regenerate it with `UPDATE_SVG=1 cargo test --test formats svg::`.
#[test]
fn reference_picture_is_unchanged() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/svg/reference.svg");
    let pos = Position::from_fen(CAPTURE_FEN, RuleSet::Default).unwrap();
    let m = pos.parse_move("a1xa7xd7xg7xg4").unwrap();
    let opts = SvgOptions::new()
        .show_move(m)
        .highlight(m.from().bitboard() | m.to().bitboard())
        .side_to_move(true);
    let svg = render(&pos, &opts);
    if std::env::var_os("UPDATE_SVG").is_some() {
        std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
        std::fs::write(path, &svg).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}; create it with UPDATE_SVG=1"));
    assert!(
        svg == expected,
        "the SVG output differs from {path}; if the renderer changed on purpose, look at the \
         new picture and regenerate it with `UPDATE_SVG=1 cargo test --test formats svg::`"
    );
}

/// `docs/capture.svg` is what `cargo run --example svg -- --move a1xa7xd7xg7xg4 "<FEN>"`
/// writes; it must follow the renderer too. `UPDATE_SVG=1 cargo test --test formats svg::` rewrites it.
#[test]
fn docs_picture_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/capture.svg");
    let pos = Position::from_fen(CAPTURE_FEN, RuleSet::Default).unwrap();
    let m = pos.parse_move("a1xa7xd7xg7xg4").unwrap();
    let svg = render(&pos, &SvgOptions::new().show_move(m));
    if std::env::var_os("UPDATE_SVG").is_some() {
        std::fs::write(path, &svg).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(path).expect("docs/capture.svg");
    assert!(
        svg == expected,
        "docs/capture.svg is out of date: regenerate it with `UPDATE_SVG=1 cargo test --test formats svg::`"
    );
}

/// The `svg` example, found next to this test (`cargo test` builds the examples first; run
/// `cargo build --example svg` before `cargo test --test formats svg::` alone).
fn svg_example(args: &[&str]) -> std::process::Output {
    std::process::Command::new(crate::common::example_binary("svg"))
        .args(args)
        .output()
        .expect("the svg example runs")
}

#[test]
fn the_example_writes_the_renderers_picture() {
    let out = svg_example(&[
        "--move",
        "a1xa7xd7xg7xg4",
        "--flip",
        "--size",
        "300",
        "--rules",
        "tudaf",
        CAPTURE_FEN,
    ]);
    assert!(out.status.success());
    let pos = Position::from_fen(CAPTURE_FEN, RuleSet::Tudaf).unwrap();
    let m = pos.parse_move("a1xa7xd7xg7xg4").unwrap();
    let expected = render(
        &pos,
        &SvgOptions::new().show_move(m).flipped(true).size(300),
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn the_example_refuses_bad_input_with_one_line() {
    for args in [
        &[][..],
        &["W:Wz9:B"],
        &["--move", "d3-d5", "W:Wd3:Bh7"],
        &["--size", "0", "W:Wd3:Bh7"],
        &["--rules", "fide", "W:Wd3:Bh7"],
        &["--bogus", "W:Wd3:Bh7"],
        &["W:Wd3:Bh7", "extra"],
        &["--move"],
    ] {
        let out = svg_example(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && !err.contains("panicked"),
            "{err}"
        );
    }
}
