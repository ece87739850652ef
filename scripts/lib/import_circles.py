#!/usr/bin/env python3
"""Lists the import circles between the source files of each crate of the workspace.

A file imports another when it names something of it: a `use` of a path inside the crate
(`crate::`, `super::`, `self::` or a child module), or such a path written in the code. The
path leads to the deepest module file it names: a name a module re-exports (`pub use`) is that
module's, and its `pub use` is not an import of its own. A module's file may use its own
submodules, which it declares. Test code is left out: `tests/` and `benches/` folders,
`tests.rs` files, and everything from a `#[cfg(test)]` at the start of a line to the end of the
file. Exits 1 and prints each circle when there is one (docs/ARCHITECTURE.md, House rules).

    python3 scripts/lib/import_circles.py [ROOT]
"""

import re
import sys
from pathlib import Path

# A `use`, and whether it is a re-export (`pub use`: a module's face to the others, not an
# import of its own).
USE = re.compile(r"(?<!\S)(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
INLINE_MOD = re.compile(r"\bmod\s+(\w+)\s*\{")
INLINE = re.compile(r"\b(?:crate|super|self)(?:\s*::\s*\w+)+")
# Comments and literals, read in one pass so that `//` in a string is no comment.
NOT_CODE = re.compile(
    r'//[^\n]*|/\*.*?\*/|r(#*)".*?"\1|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'', re.S
)


def is_test(path: Path) -> bool:
    parts = path.parts
    return "tests" in parts or "benches" in parts or path.name == "tests.rs"


def source_files(crate: Path):
    src = crate / "src"
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        # A binary beside a library is a crate of its own, using the library by its name.
        binary = rel.parts[0] == "bin" or (rel == Path("main.rs") and (src / "lib.rs").exists())
        if is_test(rel) or binary:
            continue
        yield path, rel


def module_of(rel: Path) -> tuple:
    """The module path of a file (`a/b.rs` and `a/b/mod.rs` are `("a", "b")`)."""
    parts = list(rel.with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def code_of(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    cut = re.search(r"^#\[cfg\(test\)\]", text, re.M)
    if cut:
        text = text[: cut.start()]
    return NOT_CODE.sub(lambda m: " " if m.group(0).startswith("/") else '""', text)


def split_top(text: str) -> list:
    """Splits a use tree's list at the commas outside braces."""
    items, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items if item.strip()]


def expand(tree: str, prefix: tuple = ()) -> list:
    """Every path of a use tree, as its segments."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+\w+", "", tree))
    brace = tree.find("{")
    if brace >= 0 and tree.endswith("}"):
        head = tuple(s for s in tree[:brace].split("::") if s)
        out = []
        for item in split_top(tree[brace + 1 : -1]):
            out.extend(expand(item, prefix + head))
        return out
    segments = prefix + tuple(s for s in tree.split("::") if s)
    if segments and segments[-1] == "self":
        segments = segments[:-1]
    if not segments:
        return []
    return [segments]


class Crate:
    def __init__(self, root: Path):
        self.root = root
        self.files = {}  # module path -> file
        self.code = {}
        for path, rel in source_files(root):
            module = module_of(rel)
            self.files[module] = path
            self.code[path] = code_of(path)

    def absolute(self, module: tuple, segments: tuple):
        """The path from the crate root, or None when it leaves the crate."""
        first, rest = segments[0], list(segments[1:])
        if first == "crate":
            base = ()
        elif first == "self":
            base = module
        elif first == "super":
            base = module[:-1]
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
        elif module + (first,) in self.files:
            base, rest = module, list(segments)
        else:
            return None
        return base + tuple(rest)

    def target(self, module: tuple, segments: tuple):
        """The file a path names: the deepest module file along it."""
        path = self.absolute(module, segments)
        if path is None:
            return None
        for n in range(len(path), -1, -1):
            if path[:n] in self.files:
                return self.files[path[:n]]
        return None

    def within(self, target: Path, path: Path) -> bool:
        """Whether `target` is a submodule of the module whose file is `path` (a module's file
        declares its submodules and may use them; the circle it would make with a submodule
        using it back is the module's own business)."""
        module = next(m for m, p in self.files.items() if p == path)
        child = next(m for m, p in self.files.items() if p == target)
        return len(child) > len(module) and child[: len(module)] == module

    def edges(self) -> dict:
        modules = {path: module for module, path in self.files.items()}
        out = {path: set() for path in self.code}
        for path, code in self.code.items():
            inline = inline_modules(code)
            paths = []
            for m in USE.finditer(code):
                if m.group(1) is None:
                    paths.extend((m.start(), seg) for seg in expand(m.group(2)))
            for m in INLINE.finditer(code):
                paths.append((m.start(), tuple(s.strip() for s in m.group(0).split("::"))))
            for at, segments in paths:
                module = modules[path] + tuple(n for s, e, n in inline if s <= at < e)
                target = self.target(module, segments)
                if target is not None and target != path and not self.within(target, path):
                    out[path].add(target)
        return out


def inline_modules(code: str) -> list:
    """The inline modules of a file (`mod name { ... }`): (start, end, name), outermost first."""
    out = []
    for m in INLINE_MOD.finditer(code):
        depth = 0
        for i in range(m.end() - 1, len(code)):
            if code[i] == "{":
                depth += 1
            elif code[i] == "}":
                depth -= 1
                if depth == 0:
                    out.append((m.start(), i, m.group(1)))
                    break
    return out


def circles(edges: dict) -> list:
    """The strongly connected parts of more than one file (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return found


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    failed = False
    for manifest in sorted(root.glob("*/Cargo.toml")):
        crate = Crate(manifest.parent)
        edges = crate.edges()
        for part in circles(edges):
            failed = True
            print("import circle:", file=sys.stderr)
            for file in part:
                ties = sorted(str(t.relative_to(root)) for t in edges[file] if t in part)
                print(f"  {file.relative_to(root)} -> {', '.join(ties)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
