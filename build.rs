//! Writes the front page of the crate documentation: README.md, with what only the
//! repository holds replaced by what the documentation can show. The documentation is read
//! on docs.rs, without the repository's files, so:
//!
//! - a picture line `![...](docs/NAME.svg)` becomes the SVG itself, drawn inline;
//! - the links to RULES.md, PERFORMANCE.md and CHANGELOG.md point to the documentation
//!   modules that hold those files (`turkish_draughts::docs`), and the links to the licence
//!   files to the licences' public texts.
//!
//! The library's code does not depend on it. `.ci/run` checks the built documentation for
//! relative links and pictures that lead nowhere.

use std::{env, fs, path::Path};

/// Link targets in README.md and what they become in the documentation.
const LINKS: [(&str, &str); 5] = [
    ("](RULES.md)", "](crate::docs::rules)"),
    ("](PERFORMANCE.md)", "](crate::docs::performance)"),
    ("](CHANGELOG.md)", "](crate::docs::changelog)"),
    (
        "](LICENSE-APACHE)",
        "](https://www.apache.org/licenses/LICENSE-2.0)",
    ),
    ("](LICENSE-MIT)", "](https://opensource.org/license/mit)"),
];

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&root);
    println!("cargo::rerun-if-changed=README.md");
    println!("cargo::rerun-if-changed=docs");
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let mut page = String::with_capacity(readme.len() + 16 * 1024);
    for line in readme.lines() {
        if let Some((alt, path)) = svg_picture(line) {
            let svg = fs::read_to_string(root.join(path))
                .unwrap_or_else(|e| panic!("{path}, drawn by README.md: {e}"));
            // One HTML block: no blank line inside, one before and after.
            page.push_str(&format!("<div role=\"img\" aria-label=\"{alt}\">\n"));
            page.extend(
                svg.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| l.to_string() + "\n"),
            );
            page.push_str("</div>\n");
        } else {
            let mut line = line.to_string();
            for (from, to) in LINKS {
                line = line.replace(from, to);
            }
            page.push_str(&line);
            page.push('\n');
        }
    }
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("README.md");
    fs::write(&out, page).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}

/// The alt text and path of a line that is only a picture `![alt](docs/NAME.svg)`.
fn svg_picture(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim().strip_prefix("![")?;
    let (alt, rest) = rest.split_once("](")?;
    let path = rest.strip_suffix(')')?;
    (path.starts_with("docs/") && path.ends_with(".svg") && !alt.contains('"'))
        .then_some((alt, path))
}
