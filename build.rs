//! Writes the front page of the crate documentation: README.md, with what only the
//! repository holds replaced by what the documentation can show. The documentation is read
//! on docs.rs, without the repository's files, so:
//!
//! - a picture line `![...](docs/NAME.svg)` becomes the SVG itself, drawn inline;
//! - the links to RULES.md, PERFORMANCE.md and CHANGELOG.md point to the documentation
//!   modules that hold those files (`turkish_draughts::docs`), and the links to the licence
//!   files to the licences' public texts;
//! - a link to any other file of the repository becomes its text, with the file named as
//!   being in the repository.
//!
//! It writes the endgame tables' page, docs/tablebase.md, the same way for its pictures: a
//! line `![...](tablebase/NAME.svg)` becomes the SVG of docs/tablebase/NAME.svg, inline.
//!
//! The library's code does not depend on it. `.ci/run` checks the built documentation for
//! relative links and pictures that lead nowhere.

use std::{env, fs, path::Path};

/// Files of the repository that README.md links to, and where the documentation has them.
const LINKS: [(&str, &str); 6] = [
    ("RULES.md", "crate::docs::rules"),
    ("docs/tablebase.md", "crate::docs::tablebase"),
    ("PERFORMANCE.md", "crate::docs::performance"),
    ("CHANGELOG.md", "crate::docs::changelog"),
    (
        "LICENSE-APACHE",
        "https://www.apache.org/licenses/LICENSE-2.0",
    ),
    ("LICENSE-MIT", "https://opensource.org/license/mit"),
];

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&root);
    println!("cargo::rerun-if-changed=README.md");
    println!("cargo::rerun-if-changed=docs");
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let mut page = String::with_capacity(readme.len() + 16 * 1024);
    for line in readme.lines() {
        if let Some((alt, path)) = svg_picture(line, "docs/") {
            push_svg(&mut page, alt, &root.join(path), "README.md");
        } else {
            page.push_str(&rewrite_links(line));
            page.push('\n');
        }
    }
    let out = Path::new(&out_dir).join("README.md");
    fs::write(&out, page).unwrap_or_else(|e| panic!("{}: {e}", out.display()));

    let tablebase = fs::read_to_string(root.join("docs/tablebase.md")).expect("docs/tablebase.md");
    let mut page = String::with_capacity(tablebase.len() + 1024 * 1024);
    for line in tablebase.lines() {
        if let Some((alt, path)) = svg_picture(line, "tablebase/") {
            push_svg(
                &mut page,
                alt,
                &root.join("docs").join(path),
                "docs/tablebase.md",
            );
        } else {
            page.push_str(line);
            page.push('\n');
        }
    }
    let out = Path::new(&out_dir).join("tablebase.md");
    fs::write(&out, page).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}

/// Appends the SVG file `path` to `page` as one HTML block (no blank line inside), labelled
/// with `alt`.
fn push_svg(page: &mut String, alt: &str, path: &Path, drawn_by: &str) {
    let svg = fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}, drawn by {drawn_by}: {e}", path.display()));
    // Several pictures share one page, and an id must be unique in a page: each of the
    // picture's ids (and the references to it) gets the file's name in front.
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("svg");
    let svg = prefix_ids(&svg, stem);
    page.push_str(&format!("<div role=\"img\" aria-label=\"{alt}\">\n"));
    page.extend(
        svg.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.to_string() + "\n"),
    );
    page.push_str("</div>\n");
}

/// `svg` with every `id="X"` made `id="PREFIX-X"`, and every reference to it (`url(#X)`,
/// `href="#X"`) changed to match.
fn prefix_ids(svg: &str, prefix: &str) -> String {
    let mut ids = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(" id=\"") {
        rest = &rest[at + 5..];
        if let Some(end) = rest.find('"') {
            ids.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    let mut out = svg.to_string();
    for id in ids {
        for (from, to) in [
            (format!(" id=\"{id}\""), format!(" id=\"{prefix}-{id}\"")),
            (format!("url(#{id})"), format!("url(#{prefix}-{id})")),
            (
                format!("href=\"#{id}\""),
                format!("href=\"#{prefix}-{id}\""),
            ),
        ] {
            out = out.replace(&from, &to);
        }
    }
    out
}

/// The alt text and path of a line that is only a picture `![alt](PREFIXNAME.svg)`.
fn svg_picture<'a>(line: &'a str, prefix: &str) -> Option<(&'a str, &'a str)> {
    let rest = line.trim().strip_prefix("![")?;
    let (alt, rest) = rest.split_once("](")?;
    let path = rest.strip_suffix(')')?;
    (path.starts_with(prefix) && path.ends_with(".svg") && !alt.contains('"'))
        .then_some((alt, path))
}

/// `line` with each link `[text](target)` to a file of the repository pointed at the
/// documentation's copy ([`LINKS`]), or written as text naming the file when the
/// documentation has none. Links to addresses (`https:`), anchors (`#...`) and items
/// (`crate::...`) stay as they are.
fn rewrite_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let (before, from_open) = rest.split_at(open);
        out.push_str(before);
        let link = from_open.split_once("](").and_then(|(text, after)| {
            let (target, tail) = after.split_once(')')?;
            let text = &text[1..];
            let plain = !text.contains(['[', ']']) && !target.contains(char::is_whitespace);
            plain.then_some((text, target, tail))
        });
        let Some((text, target, tail)) = link else {
            out.push('[');
            rest = &from_open[1..];
            continue;
        };
        let image = out.ends_with('!');
        let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
        let outside = path.is_empty() || path.contains(':');
        match LINKS.iter().find(|(file, _)| *file == path) {
            _ if image || outside => out.push_str(&format!("[{text}]({target})")),
            Some((_, to)) if fragment.is_empty() => out.push_str(&format!("[{text}]({to})")),
            Some((_, to)) => out.push_str(&format!("[{text}]({to}#{fragment})")),
            None if text.trim_matches('`') == path => {
                out.push_str(&format!("`{path}` (in the repository)"));
            }
            None => out.push_str(&format!("{text} (`{path}` in the repository)")),
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}
