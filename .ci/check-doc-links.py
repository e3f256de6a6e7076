#!/usr/bin/env python3
"""Fails when the built crate documentation has a relative link or picture that leads nowhere.

Usage: check-doc-links.py [DOC_DIR [CRATE]]   (defaults: target/doc turkish_draughts)

Reads every HTML page under DOC_DIR/CRATE, after `cargo doc --no-deps --all-features`, and
checks each relative `href` and `src` (links, pictures, scripts, styles): the file it names
must exist inside DOC_DIR, and a `#fragment` must be an `id` (or `name`) on that page.
Absolute addresses (`https:`, `mailto:`...) are not followed. Any relative address that
leads nowhere, or out of DOC_DIR, is printed and the exit code is 1: the documentation is
read on docs.rs without the repository, where such a link or picture would be broken.
"""

import html.parser
import os
import re
import sys
import urllib.parse

LINES = re.compile(r"\d+(-\d+)?")
SRC = os.sep + "src" + os.sep
IMPLS = os.sep + "trait.impl" + os.sep


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.refs = []  # (line, attribute, value)
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("href", "src", "srcset", "xlink:href"):
                self.refs.append((self.getpos()[0], f"<{tag} {name}>", value))
            elif name == "id" or (name == "name" and tag == "a"):
                self.ids.add(value)

    handle_startendtag = handle_starttag


def parse(path, cache):
    if path not in cache:
        page = Page()
        with open(path, encoding="utf-8") as f:
            page.feed(f.read())
        cache[path] = page
    return cache[path]


def main():
    doc = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/doc")
    crate = sys.argv[2] if len(sys.argv) > 2 else "turkish_draughts"
    top = os.path.join(doc, crate)
    if not os.path.isdir(top):
        print(f"{top} does not exist: run `cargo doc --no-deps --all-features` first")
        return 2
    cache = {}
    problems = []
    pages = 0
    checked = 0
    for dirpath, _, files in os.walk(top):
        for name in sorted(files):
            if not name.endswith(".html"):
                continue
            path = os.path.join(dirpath, name)
            pages += 1
            for line, where, value in parse(path, cache).refs:
                urls = [u.strip().split(" ")[0] for u in value.split(",")] if "srcset" in where else [value]
                for url in urls:
                    parts = urllib.parse.urlsplit(url)
                    if parts.scheme or parts.netloc or url.startswith("//"):
                        continue  # absolute: not ours to check
                    checked += 1
                    rel = os.path.relpath(path, doc)
                    target = path if parts.path == "" else os.path.normpath(
                        os.path.join(dirpath, urllib.parse.unquote(parts.path)))
                    if os.path.commonpath([doc, target]) != doc:
                        problems.append(f"{rel}:{line}: {where} {url}: leads out of {doc}")
                    elif os.path.isdir(target):
                        if not os.path.isfile(os.path.join(target, "index.html")):
                            problems.append(f"{rel}:{line}: {where} {url}: a folder without index.html")
                    elif not os.path.isfile(target):
                        if where == "<script src>" and IMPLS in target:
                            # rustdoc asks every trait page for the list of implementors in
                            # other crates and writes it only when there are some (it loads
                            # it asynchronously; a trait only the user implements has none)
                            continue
                        problems.append(f"{rel}:{line}: {where} {url}: no such file")
                    elif parts.fragment and target.endswith(".html"):
                        fragment = parts.fragment
                        if LINES.fullmatch(fragment) and SRC in target:
                            continue  # line numbers of a source page, marked by its script
                        ids = parse(target, cache).ids
                        if fragment not in ids and urllib.parse.unquote(fragment) not in ids:
                            problems.append(f"{rel}:{line}: {where} {url}: no `{fragment}` on that page")
    for p in problems:
        print(p)
    print(f"{pages} pages, {checked} relative links and pictures, {len(problems)} leading nowhere")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
