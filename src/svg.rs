//! Board pictures as SVG: a [`Position`] drawn as a standalone SVG document, with an optional
//! move shown as arrows and squares highlighted.
//!
//! ```
//! use turkish_draughts::svg::{render, SvgOptions};
//! use turkish_draughts::{Position, RuleSet};
//! let pos = Position::from_fen("W:Wd4:Bd5,d7,Kh8", RuleSet::Default)?;
//! let m = pos.parse_move("d4xd6xd8")?;
//! let svg = render(&pos, &SvgOptions::new().size(400).show_move(m));
//! assert!(svg.starts_with("<svg "));
//! assert_eq!(svg.matches(r#"class="arrow""#).count(), 2);
//! assert_eq!(svg.matches(r#"class="captured""#).count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The drawing
//!
//! The document's `viewBox` is 880 units square: the 64 squares are 100 units each, inside a
//! 40-unit border that holds the file letters (below) and rank digits (left). `width` and
//! `height` are the [`size`](SvgOptions::size) in pixels. Elements carry classes that say what
//! they are, so the picture can be styled or inspected:
//!
//! | element | class | attributes |
//! |---|---|---|
//! | `rect` | `square light` / `square dark` | `data-square="a1"` |
//! | `rect` | `highlight` | `data-square` |
//! | `text` | `coord file` / `coord rank` | |
//! | `line` | `arrow` (one per landing square of the shown move) | |
//! | `g` | `captured` (a red cross, corner to corner of the square) | `data-square` |
//! | `g` | `piece white man`, `piece black king`, ... (`opacity="0.6"` when captured) | `data-square` |
//! | `path` (inside a king's `g`) | `crown` | |
//! | `circle` | `turn white` / `turn black` (with [`side_to_move`](SvgOptions::side_to_move)) | |
//!
//! They are written in that order, each drawn over the ones before: the arrows and the
//! crosses lie beneath the pieces, so that a piece and its crown stay readable under the
//! path, and a captured piece shows faded over its cross.
//!
//! The output depends only on the position and the options, and is the same on every
//! platform.

use alloc::string::String;
use core::fmt::Write;

use crate::{Bitboard, Color, File, Move, Position, Rank, Role, Square};

/// Units of one square in the `viewBox`.
const SQ: i32 = 100;
/// Width of the border around the squares, where the coordinates are written.
const BORDER: i32 = 40;
/// Side of the whole `viewBox`.
const VIEW: i32 = 2 * BORDER + 8 * SQ;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// How to draw a position: size, orientation, a move to show and squares to highlight.
///
/// Built with [`SvgOptions::new`] (or `Default`) and the builder methods.
///
/// ```
/// use turkish_draughts::svg::SvgOptions;
/// use turkish_draughts::{Bitboard, Square};
/// let opts = SvgOptions::new()
///     .size(320)
///     .flipped(true)
///     .highlight(Square::D4.bitboard() | Square::E5.bitboard());
/// assert_eq!(opts.size_px(), 320);
/// assert!(opts.is_flipped());
/// assert_eq!(opts.highlighted().count(), 2);
/// assert!(opts.shown_move().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    size: u32,
    flipped: bool,
    shown_move: Option<Move>,
    highlight: Bitboard,
    side_to_move: bool,
}

impl Default for SvgOptions {
    /// 480 pixels, White at the bottom, no move, no highlight, no side-to-move mark.
    fn default() -> SvgOptions {
        SvgOptions::new()
    }
}

impl SvgOptions {
    /// The default options: 480 pixels square, White at the bottom, no move shown, nothing
    /// highlighted, the side to move not marked.
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// assert_eq!(SvgOptions::new(), SvgOptions::default());
    /// assert_eq!(SvgOptions::new().size_px(), 480);
    /// ```
    pub const fn new() -> SvgOptions {
        SvgOptions {
            size: 480,
            flipped: false,
            shown_move: None,
            highlight: Bitboard::EMPTY,
            side_to_move: false,
        }
    }

    /// Sets the width and height of the picture in pixels (it scales: the drawing itself is
    /// in `viewBox` units).
    ///
    /// ```
    /// use turkish_draughts::svg::{render, SvgOptions};
    /// use turkish_draughts::Position;
    /// let svg = render(&Position::start(), &SvgOptions::new().size(200));
    /// assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200""#));
    /// ```
    #[must_use]
    pub const fn size(self, pixels: u32) -> SvgOptions {
        SvgOptions {
            size: pixels,
            ..self
        }
    }

    /// Draws the board from Black's side (rank 8 at the bottom, file `h` on the left) when
    /// `true`.
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// assert!(SvgOptions::new().flipped(true).is_flipped());
    /// ```
    #[must_use]
    pub const fn flipped(self, flipped: bool) -> SvgOptions {
        SvgOptions { flipped, ..self }
    }

    /// Shows a move of the drawn position: an arrow from its origin to its first landing
    /// square and on through every landing square of its [`path`](Move::path), and each
    /// captured piece faded over a red cross. The pieces are drawn as they stand before the
    /// move, over the arrows and crosses, so that every piece and crown stays readable.
    ///
    /// ```
    /// use turkish_draughts::svg::{render, SvgOptions};
    /// use turkish_draughts::Position;
    /// let pos = Position::start();
    /// let m = pos.parse_move("d3-d4")?;
    /// let svg = render(&pos, &SvgOptions::new().show_move(m));
    /// assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
    /// # Ok::<(), turkish_draughts::ParseMoveError>(())
    /// ```
    #[must_use]
    pub const fn show_move(self, mv: Move) -> SvgOptions {
        SvgOptions {
            shown_move: Some(mv),
            ..self
        }
    }

    /// Highlights these squares with a translucent yellow layer under the pieces.
    ///
    /// ```
    /// use turkish_draughts::svg::{render, SvgOptions};
    /// use turkish_draughts::{Bitboard, Position, Rank};
    /// let opts = SvgOptions::new().highlight(Bitboard::rank(Rank::Fourth));
    /// let svg = render(&Position::start(), &opts);
    /// assert_eq!(svg.matches(r#"class="highlight""#).count(), 8);
    /// ```
    #[must_use]
    pub const fn highlight(self, squares: Bitboard) -> SvgOptions {
        SvgOptions {
            highlight: squares,
            ..self
        }
    }

    /// Marks the side to move when `true`: a disc of its colour in the margin right of the
    /// board, level with the rank nearest that side's player (the bottom rank for White
    /// unless [flipped](SvgOptions::flipped)).
    ///
    /// ```
    /// use turkish_draughts::svg::{render, SvgOptions};
    /// use turkish_draughts::{Position, RuleSet};
    /// let pos = Position::from_fen("B:Wd4:Bd6", RuleSet::Default)?;
    /// let svg = render(&pos, &SvgOptions::new().side_to_move(true));
    /// assert_eq!(svg.matches(r#"class="turn black""#).count(), 1);
    /// assert!(!render(&pos, &SvgOptions::new()).contains("turn"));
    /// # Ok::<(), turkish_draughts::FenError>(())
    /// ```
    #[must_use]
    pub const fn side_to_move(self, shown: bool) -> SvgOptions {
        SvgOptions {
            side_to_move: shown,
            ..self
        }
    }

    /// The size in pixels.
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// assert_eq!(SvgOptions::new().size(64).size_px(), 64);
    /// ```
    pub const fn size_px(&self) -> u32 {
        self.size
    }

    /// Whether Black is drawn at the bottom.
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// assert!(!SvgOptions::new().is_flipped());
    /// ```
    pub const fn is_flipped(&self) -> bool {
        self.flipped
    }

    /// The move shown, if any.
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// assert!(SvgOptions::new().shown_move().is_none());
    /// ```
    pub const fn shown_move(&self) -> Option<Move> {
        self.shown_move
    }

    /// The highlighted squares.
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// assert!(SvgOptions::new().highlighted().is_empty());
    /// ```
    pub const fn highlighted(&self) -> Bitboard {
        self.highlight
    }

    /// Whether the side to move is marked.
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// assert!(!SvgOptions::new().shows_side_to_move());
    /// assert!(SvgOptions::new().side_to_move(true).shows_side_to_move());
    /// ```
    pub const fn shows_side_to_move(&self) -> bool {
        self.side_to_move
    }

    /// The top-left corner of a square in `viewBox` units.
    fn corner(&self, sq: Square) -> (i32, i32) {
        let (f, r) = (i32::from(sq.file().index()), i32::from(sq.rank().index()));
        let (col, row) = if self.flipped { (7 - f, r) } else { (f, 7 - r) };
        (BORDER + col * SQ, BORDER + row * SQ)
    }

    /// The centre of a square in `viewBox` units.
    fn centre(&self, sq: Square) -> (i32, i32) {
        let (x, y) = self.corner(sq);
        (x + SQ / 2, y + SQ / 2)
    }
}

/// Draws `pos` as a standalone SVG document (UTF-8 text, no external references).
///
/// The `<title>` holds the position's FEN and rule set. See the [module
/// documentation](self) for the elements it writes.
///
/// ```
/// use turkish_draughts::svg::{render, SvgOptions};
/// use turkish_draughts::Position;
/// let svg = render(&Position::start(), &SvgOptions::default());
/// assert_eq!(svg.matches(r#"class="square "#).count(), 64);
/// assert_eq!(svg.matches(r#"class="piece "#).count(), 32);
/// assert!(svg.trim_end().ends_with("</svg>"));
/// ```
pub fn render(pos: &Position, opts: &SvgOptions) -> String {
    let mut out = String::with_capacity(16 * 1024);
    // Writing to a `String` cannot fail.
    let _ = write_svg(&mut out, pos, opts);
    out
}

impl Position {
    /// The position as a standalone SVG picture; the same as [`svg::render`](render).
    ///
    /// ```
    /// use turkish_draughts::svg::SvgOptions;
    /// use turkish_draughts::Position;
    /// let svg = Position::start().to_svg(&SvgOptions::new().flipped(true));
    /// assert!(svg.contains("<title>"));
    /// ```
    pub fn to_svg(&self, opts: &SvgOptions) -> String {
        render(self, opts)
    }
}

fn write_svg(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
    write_frame(out, pos, opts)?;
    write_squares(out, opts)?;
    write_coordinates(out, opts)?;
    write_shown_move(out, pos, opts)?;
    // Pieces, a captured one faded so that its cross shows through.
    let captured = opts.shown_move.map_or(Bitboard::EMPTY, |mv| mv.captured());
    write_pieces(out, pos, opts, captured)?;
    if opts.side_to_move {
        write_turn(out, pos, opts)?;
    }
    out.push_str("</svg>\n");
    Ok(())
}

/// The `<svg>` element, its title, the arrowhead and the board's frame.
fn write_frame(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
    let size = opts.size;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {VIEW} {VIEW}" font-family="sans-serif">"#
    )?;
    writeln!(
        out,
        "<title>{} ({} rules)</title>",
        pos.setup(),
        pos.rules()
    )?;
    out.push_str(concat!(
        "<defs>\n",
        r#"<marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto">"#,
        r##"<path d="M0,0 L10,5 L0,10 z" fill="#1f5fbf"/></marker>"##,
        "\n</defs>\n"
    ));
    writeln!(
        out,
        r##"<rect x="0" y="0" width="{VIEW}" height="{VIEW}" fill="#5a3d2b"/>"##
    )?;
    Ok(())
}

/// The squares, and the highlighted ones over them.
fn write_squares(out: &mut String, opts: &SvgOptions) -> core::fmt::Result {
    // Squares, a1 dark as on every draughts and chess board.
    for rank in Rank::ALL {
        for file in File::ALL {
            let sq = Square::from_coords(file, rank);
            let (x, y) = opts.corner(sq);
            let dark = (file.index() + rank.index()) % 2 == 0;
            let (class, fill) = if dark {
                ("dark", DARK)
            } else {
                ("light", LIGHT)
            };
            writeln!(
                out,
                r#"<rect class="square {class}" data-square="{sq}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
            )?;
        }
    }

    for sq in opts.highlight {
        let (x, y) = opts.corner(sq);
        writeln!(
            out,
            r##"<rect class="highlight" data-square="{sq}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="#ffe14d" fill-opacity="0.55"/>"##
        )?;
    }
    Ok(())
}

/// The coordinates: files under the board, ranks to its left.
fn write_coordinates(out: &mut String, opts: &SvgOptions) -> core::fmt::Result {
    for file in File::ALL {
        let (x, _) = opts.centre(Square::from_coords(file, Rank::First));
        let y = VIEW - BORDER / 2 + 10;
        writeln!(
            out,
            r##"<text class="coord file" x="{x}" y="{y}" font-size="28" text-anchor="middle" fill="#f0e6d2">{}</text>"##,
            file.char()
        )?;
    }
    for rank in Rank::ALL {
        let (_, y) = opts.centre(Square::from_coords(File::A, rank));
        let x = BORDER / 2;
        writeln!(
            out,
            r##"<text class="coord rank" x="{x}" y="{}" font-size="28" text-anchor="middle" fill="#f0e6d2">{}</text>"##,
            y + 10,
            rank.char()
        )?;
    }
    Ok(())
}

/// The shown move, beneath the pieces: the arrows along its path, then a cross on each
/// captured square.
fn write_shown_move(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
    let Some(mv) = opts.shown_move else {
        return Ok(());
    };
    let mut at = mv.from();
    for &to in pos.path_here(&mv).iter() {
        let (x1, y1) = opts.centre(at);
        let (x2, y2) = opts.centre(to);
        // Stop short of the centre so that the head points at it.
        let (x2, y2) = shorten(x1, y1, x2, y2, 16);
        writeln!(
            out,
            r##"<line class="arrow" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#1f5fbf" stroke-width="12" stroke-opacity="0.85" stroke-linecap="round" marker-end="url(#arrowhead)"/>"##
        )?;
        at = to;
    }
    for sq in mv.captured() {
        let (cx, cy) = opts.centre(sq);
        writeln!(out, r#"<g class="captured" data-square="{sq}">"#)?;
        // Corner to corner: the ends stand out beyond the piece drawn over it.
        for (dx1, dy1, dx2, dy2) in [(-44, -44, 44, 44), (-44, 44, 44, -44)] {
            writeln!(
                out,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#d92020" stroke-width="10" stroke-linecap="round"/>"##,
                cx + dx1,
                cy + dy1,
                cx + dx2,
                cy + dy2
            )?;
        }
        out.push_str("</g>\n");
    }
    Ok(())
}

/// The pieces, those on `captured` faded.
fn write_pieces(
    out: &mut String,
    pos: &Position,
    opts: &SvgOptions,
    captured: Bitboard,
) -> core::fmt::Result {
    let board = pos.board();
    for sq in board.occupied() {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        let (cx, cy) = opts.centre(sq);
        let (colour, fill, stroke, ring) = match piece.color {
            Color::White => ("white", "#f7f3e8", "#2b2b2b", "#b9b2a0"),
            Color::Black => ("black", "#262626", "#0a0a0a", "#5c5c5c"),
        };
        let role = match piece.role {
            Role::Man => "man",
            Role::King => "king",
        };
        let faded = if captured.contains(sq) {
            r#" opacity="0.6""#
        } else {
            ""
        };
        writeln!(
            out,
            r#"<g class="piece {colour} {role}" data-square="{sq}"{faded}>"#
        )?;
        writeln!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="40" fill="{fill}" stroke="{stroke}" stroke-width="4"/>"#
        )?;
        writeln!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="29" fill="none" stroke="{ring}" stroke-width="3"/>"#
        )?;
        if piece.role == Role::King {
            // A crown: a band with three points, gold on both colours.
            writeln!(
                out,
                r##"<path class="crown" d="M{} {} L{} {} L{} {} L{} {} L{} {} L{} {} L{} {} Z" fill="#e0b020" stroke="#7a5a00" stroke-width="3" stroke-linejoin="round"/>"##,
                cx - 22,
                cy + 14,
                cx - 24,
                cy - 12,
                cx - 11,
                cy + 1,
                cx,
                cy - 18,
                cx + 11,
                cy + 1,
                cx + 24,
                cy - 12,
                cx + 22,
                cy + 14,
            )?;
        }
        out.push_str("</g>\n");
    }
    Ok(())
}

/// The side to move: a disc in the right margin, level with the rank nearest its player.
fn write_turn(out: &mut String, pos: &Position, opts: &SvgOptions) -> core::fmt::Result {
    let turn = pos.turn();
    let near = match turn {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    };
    let (_, cy) = opts.centre(Square::from_coords(File::A, near));
    let cx = VIEW - BORDER / 2;
    let (fill, stroke) = match turn {
        Color::White => ("#f7f3e8", "#2b2b2b"),
        Color::Black => ("#262626", "#f0e6d2"),
    };
    writeln!(
        out,
        r#"<circle class="turn {turn}" cx="{cx}" cy="{cy}" r="13" fill="{fill}" stroke="{stroke}" stroke-width="3"/>"#
    )?;
    Ok(())
}

/// Moves `(x2, y2)` back towards `(x1, y1)` by `by` units. Landing paths run along ranks and
/// files, so one of the two deltas is zero and the arithmetic stays exact.
fn shorten(x1: i32, y1: i32, x2: i32, y2: i32, by: i32) -> (i32, i32) {
    (x2 - (x2 - x1).signum() * by, y2 - (y2 - y1).signum() * by)
}
