#!/usr/bin/env python3
"""Fails when the Rust sources lose the layout the project keeps.

Usage: check-layout.py [--allow-long DIR]... [--allow-circle DIR]... [--self-test]

From the repository root, it reads every `.rs` file of the crates `src/` (the library),
`python/src/` and `wasm/src/`, and checks:

- no import circle between files: file A depends on file B when a `use` line of A, or a
  path written in A's code (`crate::x::y`, `super::y`, `child::y`), names an item that B
  defines. A path through a re-export (`pub use`) or a glob import (`use super::*`) is
  followed to the file that defines the item (for a glob, only the names A's code
  mentions; a private import that the file's code does not name only hands the item on);
  a `mod x;` declaration is no dependency, and a test module inside a file
  (`#[cfg(test)] mod tests { ... }`) counts apart from it, as nothing depends on it;
- no file of `src/` longer than MAX_FILE_LINES lines, and no function of `src/` longer
  than MAX_FN_LINES lines (from its `fn` line to its closing brace);
- no glob re-export (`pub use x::*`, `pub(crate) use x::*`) in `src/`: a module names what
  it re-exports.

`--allow-long DIR` (a path from the root, such as `src/tablebase`) lets the files and
functions under DIR be longer, and `--allow-circle DIR` lets a circle whose files all lie
under DIR be: each is printed, without failing. Any other finding is printed with its file
and line, and the exit code is 1.
`--self-test` runs the checks on small made-up crates (a circle, a re-export, a glob, a long
function) and fails if one of them is judged wrongly.
"""

import bisect
import itertools
import os
import re
import sys
import tempfile

MAX_FILE_LINES = 1000
MAX_FN_LINES = 120
CRATES = ["src", "python/src", "wasm/src"]
# The crates whose files and functions have the size limits and no glob re-export.
SIZED = ["src"]

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
ITEM = re.compile(
    r"\b(?:fn|struct|enum|union|trait|type|const|static|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)"
)
PATH = re.compile(r"(?<![A-Za-z0-9_:])((?:[A-Za-z_][A-Za-z0-9_]*)(?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)+)")
USE = re.compile(r"\b(pub(?:\s*\([^)]*\))?\s+)?use\s+([^;]*);")
MOD = re.compile(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*([;{])")
FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")
RAW = re.compile(r'b?r(#*)"')
KEYWORDS = {"crate", "super", "self", "Self"}


def strip(text):
    """The code without comments, and string and character literals emptied; lines kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c in "br" and (m := RAW.match(text, i)) and (i == 0 or not text[i - 1].isalnum()):
            end = '"' + m.group(1)
            j = text.find(end, m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'":
            # A character literal ('x', '\n', '\u{7b}'), or a lifetime ('a) left as it is.
            if text.startswith("\\", i + 1):
                j = text.find("'", i + 3)
                out.append("' '")
                i = j + 1
            elif i + 2 < n and text[i + 2] == "'":
                out.append("' '")
                i += 3
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def match_brace(code, open_pos):
    """The position of the `}` that closes the `{` at `open_pos`."""
    depth = 0
    for j in range(open_pos, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def use_tree(tree):
    """The paths of a use tree, as (segments, alias): `a::{b, c::{self, d as e}, f::*}` gives
    (a,b) b, (a,c) c, (a,c,d) e, (a,f,*) None."""
    tree = re.sub(r"\s*(::|[{},])\s*", r"\1", tree.strip())
    tree = re.sub(r"\s+", " ", tree)
    out = []

    def walk(prefix, s):
        # Split s on top-level commas.
        parts, depth, start = [], 0, 0
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        for part in filter(None, parts):
            if "{" in part:
                head, _, rest = part.partition("{")
                segs = [x for x in head.split("::") if x]
                walk(prefix + segs, rest[: rest.rindex("}")])
                continue
            part, _, alias = part.partition(" as ")
            alias = alias or None
            segs = [x for x in part.split("::") if x]
            if segs == ["self"]:
                segs = prefix
            else:
                segs = prefix + segs
            if segs and segs[-1] == "*":
                out.append((segs, None))
            elif segs:
                out.append((segs, alias or segs[-1]))

    walk([], tree)
    return out


class Module:
    def __init__(self, path, file, level, node):
        self.path = path  # segments from the crate root
        self.file = file
        self.level = level  # the brace depth of its items
        self.node = node  # the file, or the file and a test module inside it
        self.children = set()
        self.items = set()
        self.uses = {}  # name -> (absolute segments or None, line, public)
        self.globs = []  # (absolute segments, line, public)


class Crate:
    def __init__(self, files):
        """`files`: {path from the crate's directory: text}."""
        self.modules = {}
        self.texts = {rel: strip(text) for rel, text in sorted(files.items())}
        self.regions = {}  # file -> [(start, end, module path)], outer first
        self.lines = {}
        self.cache = {}
        for rel in self.texts:
            path = tuple(self.file_module(rel))
            self.modules[path] = Module(list(path), rel, 0, rel)
        for rel, code in self.texts.items():
            self.scan(rel, code)

    @staticmethod
    def file_module(rel):
        parts = rel[:-3].split("/")
        if parts[-1] in ("lib", "main", "mod"):
            parts = parts[:-1]
        return parts

    def line(self, rel, pos):
        return bisect.bisect_right(self.lines[rel], pos) + 1

    def module_at(self, rel, pos):
        best = tuple(self.file_module(rel))
        for start, end, path in self.regions[rel]:
            if start <= pos <= end:
                best = path
        return self.modules[best]

    def scan(self, rel, code):
        self.lines[rel] = [k for k, ch in enumerate(code) if ch == "\n"]
        self.regions[rel] = []
        depth = list(itertools.accumulate((ch == "{") - (ch == "}") for ch in code))
        for m in MOD.finditer(code):
            outer = self.module_at(rel, m.start())
            outer.children.add(m.group(1))
            if m.group(2) != "{":
                continue
            path = tuple(outer.path) + (m.group(1),)
            end = match_brace(code, m.end() - 1)
            self.regions[rel].append((m.end() - 1, end, path))
            # A test module is a node of its own: nothing else needs it.
            attributes = code[max(code.rfind(";", 0, m.start()), code.rfind("}", 0, m.start())) + 1 : m.start()]
            node = f"{rel}#{m.group(1)}" if "cfg(test" in attributes or "cfg(all(test" in attributes else outer.node
            self.modules[path] = Module(list(path), rel, depth[m.end() - 1], node)
        for m in ITEM.finditer(code):
            mod = self.module_at(rel, m.start())
            level = depth[m.start() - 1] if m.start() else 0
            if level == mod.level and m.group(1) not in ("fn", "unsafe", "extern"):
                mod.items.add(m.group(1))
        for m in USE.finditer(code):
            mod = self.module_at(rel, m.start())
            public = m.group(1) is not None
            line = self.line(rel, m.start())
            for segs, alias in use_tree(m.group(2)):
                target = self.absolute(mod, segs)
                if alias is None:
                    if target is not None:
                        mod.globs.append((target[:-1], line, public))
                else:
                    mod.uses[alias] = (target, line, public)

    def absolute(self, mod, segs):
        """`segs` as a path from the crate root, seen from `mod`; None for another crate."""
        segs = list(segs)
        if not segs:
            return None
        here = list(mod.path)
        if segs[0] == "crate":
            return segs[1:]
        if segs[0] in ("self", "super"):
            while segs and segs[0] in ("self", "super"):
                if segs[0] == "super":
                    here = here[:-1]
                segs = segs[1:]
            return here + segs
        if segs[0] in mod.children:
            return here + segs
        return None

    def resolve(self, segs, strict=False, seen=frozenset()):
        """The file that defines the item at the absolute path `segs`: through re-exports and
        globs to the item, or (unless `strict`) the module the path leads to when the item
        is out of sight (made by a macro). None when nothing is found."""
        key = (tuple(segs), strict)
        if not seen and key in self.cache:
            return self.cache[key]
        if key[0] in seen:
            return None
        seen = seen | {key[0]}
        found = None
        for k in range(len(segs), -1, -1):
            mod = self.modules.get(tuple(segs[:k]))
            if mod is None:
                continue
            rest = segs[k:]
            if not rest or rest[0] in mod.items or rest[0] in mod.children:
                # A glob's names are guessed from the words of the code: a word that is
                # only a module's name is more likely a variable.
                found = None if strict and (not rest or rest[0] not in mod.items) else mod.file
            elif rest[0] in mod.uses:
                target = mod.uses[rest[0]][0]
                if target is not None:
                    found = self.resolve(target + rest[1:], strict, seen)
            else:
                for glob, _, _ in mod.globs:
                    found = self.resolve(glob + rest, True, seen)
                    if found is not None:
                        break
                if found is None and not strict:
                    found = mod.file
            break
        if len(seen) == 1:
            self.cache[key] = found
        return found

    def edges(self):
        """{(from node, to file): where}: what each file (or test module) needs of the
        other files."""
        out = {}

        def add(node, target, where):
            if target is not None and target != node.split("#")[0]:
                out.setdefault((node, target), where)

        # The words of each file's code outside its `use` lines.
        words = {rel: set(IDENT.findall(USE.sub(" ", code))) for rel, code in self.texts.items()}
        for mod in self.modules.values():
            for name, (target, line, public) in mod.uses.items():
                # A private import that the file's code never names only hands the item on
                # to the modules below (through their `use super::*`), as a re-export does.
                if target is not None and not public and name in words[mod.file]:
                    add(mod.node, self.resolve(target), str(line))
            globs = [(glob, line) for glob, line, public in mod.globs if not public]
            if not globs:
                continue
            code = self.texts[mod.file]
            regions = [(a, b) for a, b, path in self.regions[mod.file] if list(path) == mod.path]
            a, b = regions[0] if regions else (0, len(code))
            for glob, line in globs:
                for name in sorted(set(IDENT.findall(code, a, b)) - KEYWORDS):
                    add(mod.node, self.resolve(glob + [name], True), f"{line} ({name})")
        for rel, code in self.texts.items():
            uses = [(m.start(), m.end()) for m in USE.finditer(code)]
            starts = [u[0] for u in uses]
            for m in PATH.finditer(code):
                k = bisect.bisect_right(starts, m.start()) - 1
                if k >= 0 and m.start() < uses[k][1]:
                    continue
                mod = self.module_at(rel, m.start())
                segs = [s.strip() for s in m.group(1).split("::")]
                target = self.absolute(mod, segs)
                if target is not None:
                    add(mod.node, self.resolve(target), str(self.line(rel, m.start())))
        return out


def circles(edges):
    """The strongly connected sets of more than one file (Tarjan)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def line_of(code, pos):
    return code.count("\n", 0, pos) + 1


def long_functions(code):
    """(name, first line, lines) of every function with a body."""
    out = []
    for m in FN.finditer(code):
        j = m.end()
        depth = 0
        while j < len(code):
            ch = code[j]
            if ch in "([<":
                depth += 1
            elif ch in ")]>" and depth > 0 and not (ch == ">" and code[j - 1] == "-"):
                depth -= 1
            elif ch == ";" and depth == 0:
                j = -1
                break
            elif ch == "{" and depth == 0:
                break
            j += 1
        if j < 0 or j >= len(code):
            continue
        first = line_of(code, m.start())
        last = line_of(code, match_brace(code, j))
        out.append((m.group(1), first, last - first + 1))
    return out


def read_crate(repo, top):
    """The text of every `.rs` file under `top`, by path from `top`."""
    files = {}
    top_dir = os.path.join(repo, top)
    for dirpath, _, names in os.walk(top_dir):
        for name in names:
            if name.endswith(".rs"):
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, top_dir).replace(os.sep, "/")
                with open(full, encoding="utf-8") as f:
                    files[rel] = f.read()
    return files


def under(path, dirs):
    return any(path == d or path.startswith(d.rstrip("/") + "/") for d in dirs)


def check(repo, allow_long=(), allow_circle=()):
    """The findings, as lines to print, and the notes: what `--allow-*` lets pass for now."""
    notes = []
    findings = []

    def report(line, allowed):
        (notes if allowed else findings).append(line)

    for top in CRATES:
        if not os.path.isdir(os.path.join(repo, top)):
            continue
        files = read_crate(repo, top)
        crate = Crate(files)
        edges = crate.edges()
        for group in circles(edges):
            inside = sorted((a, b, l) for (a, b), l in edges.items() if a in group and b in group)
            report(
                f"{top}: an import circle between {', '.join(group)}: "
                + "; ".join(f"{a}:{l} uses {b}" for a, b, l in inside),
                all(under(f"{top}/{rel.split('#')[0]}", allow_circle) for rel in group),
            )
        if top not in SIZED:
            continue
        for rel, text in sorted(files.items()):
            long_allowed = under(f"{top}/{rel}", allow_long)
            lines = text.count("\n") + (0 if text.endswith("\n") else 1)
            if lines > MAX_FILE_LINES:
                report(f"{top}/{rel}: {lines} lines, more than {MAX_FILE_LINES}", long_allowed)
            for name, first, count in long_functions(crate.texts[rel]):
                if count > MAX_FN_LINES:
                    report(
                        f"{top}/{rel}:{first}: fn {name} has {count} lines, more than {MAX_FN_LINES}",
                        long_allowed,
                    )
            for m in USE.finditer(crate.texts[rel]):
                if m.group(1) and re.search(r"\*", m.group(2)):
                    line = crate.line(rel, m.start())
                    findings.append(f"{top}/{rel}:{line}: a glob re-export: name what is re-exported")
    return findings, notes


SELF_TESTS = [
    # (files, the findings expected, each as a piece of its line)
    ({"src/lib.rs": "mod a;\nmod b;\n", "src/a.rs": "use crate::b::B;\npub struct A(B);\n",
      "src/b.rs": "pub struct B;\nfn f() { let _ = super::a::A; }\n"},
     ["an import circle between a.rs, b.rs"]),
    # An import that the file never names only hands the item on: no circle.
    ({"src/lib.rs": "mod a;\nmod b;\n", "src/a.rs": "use crate::b::B;\npub struct A;\n",
      "src/b.rs": "pub struct B;\nfn f() { let _ = super::a::A; }\n"}, []),
    # A path through a re-export lands on the defining file: no circle.
    ({"src/lib.rs": "mod a;\nmod b;\npub use b::B;\n", "src/a.rs": "use crate::B;\npub struct A;\n",
      "src/b.rs": "pub struct B;\n"}, []),
    ({"src/lib.rs": "mod a;\nmod b;\npub use a::A;\npub struct R;\n",
      "src/a.rs": "use crate::b::B;\npub struct A(B);\n", "src/b.rs": "pub struct B;\nfn f(_: crate::A) {}\n"},
     ["an import circle between a.rs, b.rs"]),
    # A glob import counts only the names the file mentions.
    ({"src/lib.rs": "mod p;\n", "src/p/mod.rs": "mod x;\nmod y;\npub(crate) use self::x::X;\npub struct P;\nfn f() { let _ = y::Y; }\n",
      "src/p/x.rs": "pub struct X;\n", "src/p/y.rs": "use super::*;\npub struct Y;\nfn g(_: X) {}\n"},
     []),
    ({"src/lib.rs": "mod p;\n", "src/p/mod.rs": "mod y;\npub struct P;\nfn f() { let _ = y::Y; }\n",
      "src/p/y.rs": "use super::*;\npub struct Y;\nfn g(_: P) {}\n"},
     ["an import circle between p/mod.rs, p/y.rs", "a glob"][:1]),
    ({"src/lib.rs": "mod p;\n", "src/p/mod.rs": "mod y;\npub(crate) use self::y::*;\n", "src/p/y.rs": "pub struct Y;\n"},
     ["a glob re-export"]),
    # Renamed imports, and names that hold `as`.
    ({"src/lib.rs": "mod a;\nmod b;\n", "src/a.rs": "use crate::b::{has_bases as hb, B as Bee};\npub struct A(Bee);\nfn f() { hb() }\n",
      "src/b.rs": "pub fn has_bases() {}\npub struct B;\nfn g(_: crate::a::A) {}\n"},
     ["an import circle between a.rs, b.rs"]),
    # Comments, strings and test modules: `mod tests { use super::*; }` is the same file.
    ({"src/lib.rs": "mod a;\nmod b;\n", "src/a.rs": "// use crate::b::B;\nconst S: &str = \"crate::b::B {\";\npub struct A;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { let _ = A; }\n}\n",
      "src/b.rs": "use crate::a::A;\npub struct B;\n"}, []),
    # Raw strings anywhere in a file are skipped whole, braces and quotes in them too.
    ({"src/lib.rs": "mod a;\nmod b;\n",
      "src/a.rs": "pub struct A;\n" + "const X: &str = r#\"{ \"x\" //\"#;\n" * 20 + "fn f() { let _ = crate::b::B; }\n",
      "src/b.rs": "pub struct B;\nfn g() { let _ = crate::a::A; }\n"},
     ["an import circle between a.rs, b.rs"]),
    ({"src/lib.rs": "fn long() {\n" + "    let _ = 1;\n" * MAX_FN_LINES + "}\nfn short() {}\n"},
     ["fn long has"]),
]


def self_test():
    failed = 0
    for k, (files, expected) in enumerate(SELF_TESTS):
        with tempfile.TemporaryDirectory() as repo:
            for rel, text in files.items():
                full = os.path.join(repo, rel)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w", encoding="utf-8") as f:
                    f.write(text)
            found, _ = check(repo)
        ok = len(found) == len(expected) and all(any(e in f for f in found) for e in expected)
        if not ok:
            failed += 1
            print(f"self-test {k}: expected {expected}, found {found}", file=sys.stderr)
    return failed


def main(argv):
    allow_long, allow_circle = [], []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--self-test":
            failed = self_test()
            print(f"self-test: {len(SELF_TESTS) - failed} of {len(SELF_TESTS)} cases right")
            return 1 if failed else 0
        if arg == "--allow-long" and args:
            allow_long.append(args.pop(0).rstrip("/"))
        elif arg == "--allow-circle" and args:
            allow_circle.append(args.pop(0).rstrip("/"))
        else:
            print(__doc__, file=sys.stderr)
            return 2
    findings, notes = check(".", allow_long, allow_circle)
    for note in notes:
        print(f"allowed for now: {note}")
    for f in findings:
        print(f)
    if not findings:
        allowed = " but what is allowed for now" if notes else ""
        print(f"layout: no import circle, no long file or function, no glob re-export{allowed}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
