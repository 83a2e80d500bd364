//! The rules of `xtask/ARCHITECTURE.md`, kept as tests: each reads the sources of
//! `xtask/src` (and, for the root and for the problems the tests name, every file of
//! `xtask/tests` and CI's script) and fails, naming the file, when its rule is broken.
//!
//! The sources are read as Rust tokens (`proc_macro2`), so comments do not count as code,
//! or as syntax trees (`syn`) where a rule needs the shape of a function, or as lines as
//! rustfmt lays them out where a rule counts lines. Where a rule speaks of code "test
//! modules aside", a file is read up to its `#[cfg(test)]` line, as the workspace puts its
//! test module last.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::visit::Visit;

/// A source file: its path under its folder (`problems/mod.rs`), and its text.
struct Source {
    path: String,
    text: String,
}

impl Source {
    /// The top-level module it belongs to (`problems`), or `None` for `lib.rs` and
    /// `main.rs`, the roots.
    fn module(&self) -> Option<&str> {
        let first = self.path.split('/').next().expect("a path");
        let module = first.strip_suffix(".rs").unwrap_or(first);
        (!matches!(module, "lib" | "main")).then_some(module)
    }

    /// Its text without its test module: up to its line `#[cfg(test)]`.
    fn code(&self) -> &str {
        match self.text.find("\n#[cfg(test)]") {
            Some(end) => &self.text[..end],
            None => &self.text,
        }
    }

    /// Whether it lies in `folder` (`judge/`) or is the file `folder` names.
    fn is_in(&self, folder: &str) -> bool {
        self.path.starts_with(folder)
    }
}

/// The Rust files under `folder` of xtask (`src`, `tests`), sorted by path.
fn sources(folder: &str) -> Vec<Source> {
    sources_in(&xtask::project_root().join("xtask").join(folder))
}

/// The Rust files under the folder `root`, sorted by their paths under it.
fn sources_in(root: &Path) -> Vec<Source> {
    fn walk(root: &Path, folder: &Path, found: &mut Vec<Source>) {
        for entry in fs::read_dir(folder).expect("the folder is readable") {
            let path = entry.expect("the folder is readable").path();
            if path.is_dir() {
                walk(root, &path, found);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let relative = path.strip_prefix(root).expect("under the root");
                found.push(Source {
                    path: relative.to_string_lossy().replace('\\', "/"),
                    text: fs::read_to_string(&path).expect("the source is readable"),
                });
            }
        }
    }
    let mut found = Vec::new();
    walk(root, root, &mut found);
    found.sort_by(|first, second| first.path.cmp(&second.path));
    found
}

/// `text` as Rust tokens: comments are gone, doc comments are string literals.
fn tokens(source: &Source, text: &str) -> TokenStream {
    text.parse()
        .unwrap_or_else(|error| panic!("{} does not lex: {error}", source.path))
}

/// The first words of the paths that start with `root::` in `stream` (`crate::problems`,
/// `xtask::judge`), in groups too, with each name of a use group (`crate::{judge, trace}`).
fn names_after(root: &str, stream: TokenStream, found: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    for (index, token) in tokens.iter().enumerate() {
        if let TokenTree::Group(group) = token {
            names_after(root, group.stream(), found);
        }
        let TokenTree::Ident(ident) = token else {
            continue;
        };
        let is_path = matches!(tokens.get(index + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
            && matches!(tokens.get(index + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':');
        if ident != root || !is_path {
            continue;
        }
        match tokens.get(index + 3) {
            Some(TokenTree::Ident(name)) => {
                found.insert(name.to_string());
            }
            Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => {
                // `crate::{a, b::c}`: the first word after each comma.
                let mut at_start = true;
                for inner in group.stream() {
                    match &inner {
                        TokenTree::Ident(name) if at_start => {
                            found.insert(name.to_string());
                            at_start = false;
                        }
                        TokenTree::Punct(punct) if punct.as_char() == ',' => at_start = true,
                        _ => at_start = false,
                    }
                }
            }
            _ => {}
        }
    }
}

/// Which top-level modules of `src/` each one uses, test modules included: an edge
/// `a -> b` when a file of `a` names `crate::b` (or `xtask::b`, as the binary's modules
/// reach the library).
fn module_edges() -> BTreeMap<String, BTreeSet<String>> {
    let sources = sources("src");
    let modules: BTreeSet<&str> = sources.iter().filter_map(Source::module).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in &sources {
        let Some(module) = source.module() else {
            continue;
        };
        let mut named = BTreeSet::new();
        for root in ["crate", "xtask"] {
            names_after(root, tokens(source, &source.text), &mut named);
        }
        let uses = named
            .into_iter()
            .filter(|name| name != module && modules.contains(name.as_str()));
        edges.entry(module.to_string()).or_default().extend(uses);
    }
    edges
}

/// A cycle among `edges`, as the modules along it, if there is one.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|on_path| on_path == module) {
            let mut cycle = path[start..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for next in edges.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|module| visit(module, edges, &mut Vec::new(), &mut done))
}

#[test]
fn rule_1_no_module_cycle_test_modules_included() {
    let edges = module_edges();
    assert!(edges.len() >= 6, "the modules of src/: {edges:?}");
    if let Some(cycle) = find_cycle(&edges) {
        panic!(
            "a module cycle: {}\nall uses: {edges:#?}",
            cycle.join(" -> ")
        );
    }
}

/// One crate's files, each with its module's path from the crate's root
/// (`board/chutes.rs` is `board::chutes`; the root file is the empty path).
struct CrateFiles {
    /// The crate, as a failure names it: `common`, `xtask` (the library), `cargo xtask`.
    name: &'static str,
    /// Its files, with their modules' paths.
    files: Vec<(Vec<String>, Source)>,
}

impl CrateFiles {
    /// The crate whose files are those of `sources` that `belongs` takes.
    fn of(name: &'static str, sources: Vec<Source>, belongs: impl Fn(&Source) -> bool) -> Self {
        let module_path = |source: &Source| {
            let stem = source.path.strip_suffix(".rs").unwrap_or(&source.path);
            let mut words: Vec<String> = stem.split('/').map(str::to_string).collect();
            if matches!(
                words.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                words.pop();
            }
            words
        };
        let files = sources.into_iter().filter(belongs);
        CrateFiles {
            name,
            files: files.map(|source| (module_path(&source), source)).collect(),
        }
    }

    /// `common`, xtask's library and xtask's binary (`main.rs` and `commands/`).
    fn all() -> Vec<CrateFiles> {
        let is_binary = |source: &Source| source.path == "main.rs" || source.is_in("commands/");
        let common = sources_in(&xtask::project_root().join("common").join("src"));
        vec![
            CrateFiles::of("common", common, |_| true),
            CrateFiles::of("xtask", sources("src"), |source| !is_binary(source)),
            CrateFiles::of("cargo xtask", sources("src"), is_binary),
        ]
    }

    /// Which file modules each one uses, test modules included: an edge `a -> b` when a
    /// file of `a` names a path into `b` from `crate`, `super` or `self` (a file's module
    /// is its own node; the modules written inline in it, its tests among them, are part
    /// of it).
    fn edges(&self) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
        let nodes: BTreeSet<&Vec<String>> = self.files.iter().map(|(path, _)| path).collect();
        let node_of = |path: &[String]| {
            let prefixes = (0..=path.len()).rev().map(|length| &path[..length]);
            let mut known = prefixes.filter(|prefix| nodes.contains(&prefix.to_vec()));
            known.next().map(<[String]>::to_vec)
        };
        let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
        for (module, source) in &self.files {
            let mut paths = Vec::new();
            absolute_paths(tokens(source, &source.text), module, &mut paths);
            let used = paths.iter().filter_map(|path| node_of(path));
            let used = used.filter(|node| node != module);
            edges.entry(module.clone()).or_default().extend(used);
        }
        edges
    }
}

/// Whether `tokens[at]` and `tokens[at + 1]` are `::`.
fn is_path_separator(tokens: &[TokenTree], at: usize) -> bool {
    let colon = |token: Option<&TokenTree>| matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == ':');
    colon(tokens.get(at)) && colon(tokens.get(at + 1))
}

/// Reads the path that starts at `tokens[start]` after the words `prefix` (a use group
/// `{a, b::c}` gives a path per tree) into `found`, and returns where it ends.
fn path_words(
    tokens: &[TokenTree],
    start: usize,
    mut words: Vec<String>,
    found: &mut Vec<Vec<String>>,
) -> usize {
    let mut index = start;
    loop {
        match tokens.get(index) {
            Some(TokenTree::Ident(word)) => words.push(word.to_string()),
            Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => {
                let trees: Vec<TokenTree> = group.stream().into_iter().collect();
                let mut at = 0;
                while at < trees.len() {
                    at = path_words(&trees, at, words.clone(), found);
                    let is_comma = |token: &TokenTree| matches!(token, TokenTree::Punct(p) if p.as_char() == ',');
                    while at < trees.len() && !is_comma(&trees[at]) {
                        at += 1;
                    }
                    at += 1;
                }
                return index + 1;
            }
            _ => break,
        }
        if !is_path_separator(tokens, index + 1) {
            index += 1;
            break;
        }
        index += 3;
    }
    found.push(words);
    index
}

/// The paths of `stream` that start at `crate`, `super` or `self`, read in the module
/// `module` (following the modules written inline), into `found` as the words from the
/// crate's root: `super::band_rule::X` in `board::chutes` is `board::band_rule::X`.
fn absolute_paths(stream: TokenStream, module: &[String], found: &mut Vec<Vec<String>>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut index = 0;
    while index < tokens.len() {
        match (&tokens[index], tokens.get(index + 1), tokens.get(index + 2)) {
            (
                TokenTree::Ident(word),
                Some(TokenTree::Ident(name)),
                Some(TokenTree::Group(body)),
            ) if word == "mod" => {
                let mut inner = module.to_vec();
                inner.push(name.to_string());
                absolute_paths(body.stream(), &inner, found);
                index += 3;
            }
            (TokenTree::Ident(word), ..)
                if ["crate", "super", "self"].contains(&word.to_string().as_str())
                    && !(index >= 2 && is_path_separator(&tokens, index - 2)) =>
            {
                let mut relative = Vec::new();
                index = path_words(&tokens, index, Vec::new(), &mut relative);
                for words in relative {
                    let mut absolute = module.to_vec();
                    for word in words {
                        match word.as_str() {
                            "crate" => absolute.clear(),
                            "super" => drop(absolute.pop()),
                            "self" => {}
                            _ => absolute.push(word),
                        }
                    }
                    found.push(absolute);
                }
            }
            (TokenTree::Group(group), ..) => {
                absolute_paths(group.stream(), module, found);
                index += 1;
            }
            _ => index += 1,
        }
    }
}

/// The uses among the modules directly inside `parent`: an edge `a -> b` when a file of
/// `a` or of a module inside it uses `b` or a module inside it (`parent`'s own file, the
/// root of that level, is neither).
fn edges_inside(
    parent: &[String],
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) -> BTreeMap<String, BTreeSet<String>> {
    let child = |node: &Vec<String>| {
        (node.len() > parent.len() && node.starts_with(parent)).then(|| node[parent.len()].clone())
    };
    let mut inside: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in edges {
        let Some(from_child) = child(from) else {
            continue;
        };
        let to_children = targets.iter().filter_map(child);
        let others: Vec<String> = to_children.filter(|to| *to != from_child).collect();
        inside.entry(from_child).or_default().extend(others);
    }
    inside
}

#[test]
fn rule_1_no_cycle_among_the_modules_of_any_module_in_xtask_or_common() {
    let mut levels = 0;
    for krate in CrateFiles::all() {
        let edges = krate.edges();
        assert!(edges.len() >= 5, "the modules of {}: {edges:?}", krate.name);
        for parent in edges.keys() {
            let inside = edges_inside(parent, &edges);
            levels += usize::from(!inside.is_empty());
            if let Some(cycle) = find_cycle(&inside) {
                panic!(
                    "a module cycle in {} inside `{}`: {}\nall uses there: {inside:#?}",
                    krate.name,
                    parent.join("::"),
                    cycle.join(" -> ")
                );
            }
        }
    }
    assert!(levels >= 8, "modules with modules inside: {levels}");
}

#[test]
fn a_path_is_read_from_where_it_stands() {
    let source = Source {
        path: "board/chutes.rs".to_string(),
        text: "use super::band_rule::{self, X};\nuse crate::observe::{Branch, a::B};\n\
               fn f(&self) { super::super::y(); let v = self::Z; }\n\
               mod tests { use super::super::early::E; use super::*; }\n"
            .to_string(),
    };
    let module = ["board".to_string(), "chutes".to_string()];
    let mut found = Vec::new();
    absolute_paths(tokens(&source, &source.text), &module, &mut found);
    let found: BTreeSet<String> = found.iter().map(|path| path.join("::")).collect();
    let expected = [
        "board::band_rule",
        "board::band_rule::X",
        "observe::Branch",
        "observe::a::B",
        "board::chutes",
        "y",
        "board::chutes::Z",
        "board::early::E",
    ];
    let expected: BTreeSet<String> = expected.iter().map(|path| path.to_string()).collect();
    assert_eq!(found, expected);
}

#[test]
fn rule_2_the_judge_knows_nothing_of_manifests() {
    let edges = module_edges();
    for module in ["problems", "bundle", "commands", "trace"] {
        assert!(
            !edges["judge"].contains(module),
            "judge/ uses {module}: {:?}",
            edges["judge"]
        );
    }
    for source in sources("src")
        .iter()
        .filter(|source| source.is_in("judge/"))
    {
        for manifest_word in ["cargo_metadata", "metadata.boj", "Cargo.toml"] {
            assert!(
                !source.text.contains(manifest_word),
                "{} reads manifests: `{manifest_word}`",
                source.path
            );
        }
    }
}

#[test]
fn rule_3_the_reference_solvers_share_no_code_with_the_solutions() {
    let edges = module_edges();
    assert!(
        edges["reference"].is_empty(),
        "reference/ uses {:?}",
        edges["reference"]
    );
    for source in sources("src")
        .iter()
        .filter(|source| source.is_in("reference/"))
    {
        let mut crates = BTreeSet::new();
        collect_path_roots(tokens(source, source.code()), &mut crates);
        let solution_crates: Vec<&String> = crates
            .iter()
            .filter(|name| *name == "common" || is_problem_crate(name))
            .collect();
        assert!(
            solution_crates.is_empty(),
            "{} uses the solutions' code: {solution_crates:?}",
            source.path
        );
    }
}

/// Whether `name` is a problem crate's name, `p` and digits.
fn is_problem_crate(name: &str) -> bool {
    name.strip_prefix('p')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// The first word of every path (`common` of `common::board::Board`) in `stream`.
fn collect_path_roots(stream: TokenStream, found: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    for (index, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(group) => collect_path_roots(group.stream(), found),
            TokenTree::Ident(ident) => {
                let after_colons = index >= 1
                    && matches!(&tokens[index - 1], TokenTree::Punct(p) if p.as_char() == ':');
                let before_colons = matches!(tokens.get(index + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                if before_colons && !after_colons {
                    found.insert(ident.to_string());
                }
            }
            _ => {}
        }
    }
}

/// Where the whole word `word` (letters, digits and `_` around it end it) stands in
/// `text`, a `p` or `P` before it allowed: the places that name a problem.
fn names_problem(text: &str, number: &str) -> bool {
    let is_word = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'_';
    text.match_indices(number).any(|(at, _)| {
        let mut start = at;
        if start > 0 && matches!(text.as_bytes()[start - 1], b'p' | b'P') {
            start -= 1;
        }
        let before = start.checked_sub(1).map(|index| text.as_bytes()[index]);
        let after = text.as_bytes().get(at + number.len()).copied();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

#[test]
fn rule_4_no_code_outside_the_table_names_a_problem_or_asks_the_kind_of_a_puzzle() {
    let workspace = xtask::problems::workspace::Workspace::load().expect("the workspace");
    let problems = workspace.problems().expect("the manifests");
    let numbers: Vec<String> = problems
        .iter()
        .map(|problem| problem.id.to_string())
        .collect();
    assert!(
        numbers.len() >= 3,
        "the problems of the workspace: {numbers:?}"
    );
    for source in sources("src")
        .iter()
        .filter(|source| !source.is_in("problems/"))
    {
        for number in &numbers {
            assert!(
                !names_problem(&source.text, number),
                "{} names problem {number} (comments included)",
                source.path
            );
        }
        assert!(
            !source.text.contains("with_number("),
            "{} finds an entry of the table by its number",
            source.path
        );
        for kind in ["Puzzle::Sudoku", "Puzzle::SuDominoKu"] {
            assert!(
                !source.code().contains(kind),
                "{} asks the kind of a puzzle (`{kind}`) outside its tests",
                source.path
            );
        }
    }
}

#[test]
fn rule_4_ci_names_no_problem_and_takes_every_folder() {
    let workspace = xtask::problems::workspace::Workspace::load().expect("the workspace");
    let problems = workspace.problems().expect("the manifests");
    let script = fs::read_to_string(xtask::project_root().join(".ci/run")).expect(".ci/run");
    for problem in &problems {
        assert!(
            !names_problem(&script, &problem.id.to_string()),
            ".ci/run names problem {}: its loops take every folder of problems/",
            problem.id
        );
    }
    assert!(
        script.contains("for folder in problems/*/"),
        "the loops' list"
    );
}

/// Whether `number` stands in `text` as a number of its own, no digit just before or after
/// it: `2000`, `p2000`, `sudoku_2000.py` and `seed 2000` name problem 2000; `12000` does not.
fn names_number(text: &str, number: &str) -> bool {
    let bytes = text.as_bytes();
    text.match_indices(number).any(|(at, _)| {
        let before = at.checked_sub(1).map(|index| bytes[index]);
        let after = bytes.get(at + number.len()).copied();
        !before.is_some_and(|byte| byte.is_ascii_digit())
            && !after.is_some_and(|byte| byte.is_ascii_digit())
    })
}

/// Every file under `folder`, whatever its kind, sorted by path.
fn files_under(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(folder).expect("the folder is readable") {
        let path = entry.expect("the folder is readable").path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files.sort();
    files
}

#[test]
fn rule_4_neither_ci_nor_the_tests_name_a_problem() {
    // The tests of xtask take a problem from the workspace or the table of problems by what
    // it is; only a problem's own folder (its `tests/`) names it.
    let workspace = xtask::problems::workspace::Workspace::load().expect("the workspace");
    let problems = workspace.problems().expect("the manifests");
    assert!(problems.len() >= 3, "the problems of the workspace");
    let root = xtask::project_root();
    let mut files = files_under(&root.join("xtask/tests"));
    files.push(root.join(".ci/run"));
    for file in &files {
        let shown = file.strip_prefix(&root).unwrap_or(file).display();
        // Its path and its text: a name such as `sudoku_2000.py` names a problem too.
        let bytes = fs::read(file).expect("the file is readable");
        let text = format!("{shown}\n{}", String::from_utf8_lossy(&bytes));
        for problem in &problems {
            let number = problem.id.to_string();
            assert!(
                !names_number(&text, &number) && !names_problem(&text, &problem.name),
                "{shown} names problem {} ({}), in its path or its text: a test takes a \
                 problem from the workspace or the table of problems by what it is (see \
                 tests/support/members.rs)",
                problem.id,
                problem.name
            );
        }
    }
}

/// Every string literal in `stream`, as written (quotes included).
fn string_literals(stream: TokenStream, found: &mut Vec<String>) {
    for token in stream {
        match token {
            TokenTree::Group(group) => string_literals(group.stream(), found),
            TokenTree::Literal(literal) => found.push(literal.to_string()),
            _ => {}
        }
    }
}

/// The first argument of every `join(...)` in `stream`, as written.
fn joined(stream: TokenStream, found: &mut Vec<String>) {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    for (index, token) in tokens.iter().enumerate() {
        let TokenTree::Group(group) = token else {
            continue;
        };
        let after_join =
            index >= 1 && matches!(&tokens[index - 1], TokenTree::Ident(name) if name == "join");
        if after_join && group.delimiter() == Delimiter::Parenthesis {
            if let Some(first) = group.stream().into_iter().next() {
                found.push(first.to_string());
            }
        }
        joined(group.stream(), found);
    }
}

#[test]
fn rule_5_one_root() {
    for (folder, files) in [("src", sources("src")), ("tests", sources("tests"))] {
        for source in &files {
            let mut literals = Vec::new();
            string_literals(tokens(source, &source.text), &mut literals);
            let defines_the_root = folder == "src" && source.path == "lib.rs";
            assert!(
                defines_the_root || !literals.iter().any(|text| text == "\"CARGO_MANIFEST_DIR\""),
                "{folder}/{} finds a root of its own from CARGO_MANIFEST_DIR; the root is \
                 xtask::project_root()",
                source.path
            );
            let mut joins = Vec::new();
            joined(tokens(source, &source.text), &mut joins);
            let climbs = joins
                .iter()
                .any(|text| text == "\"..\"" || text.starts_with("\"../"));
            assert!(
                !climbs,
                "{folder}/{} climbs out of a folder (`..`), as if to find the root",
                source.path
            );
        }
    }
}

/// The programs a function starts: the first argument of each `Command::new` in a function
/// that calls `.spawn()`, `.output()` or `.status()`, as written (`cargo()`, `"git"`).
#[derive(Default)]
struct StartedPrograms {
    /// Whether the function being read starts a process.
    starts: bool,
    /// The programs of its `Command::new`s.
    programs: Vec<String>,
    /// Each function that starts a process, with the programs it names.
    found: Vec<(String, Vec<String>)>,
}

impl StartedPrograms {
    fn function(&mut self, name: String, body: impl FnOnce(&mut Self)) {
        let outer = (
            std::mem::take(&mut self.starts),
            std::mem::take(&mut self.programs),
        );
        body(self);
        if self.starts {
            self.found.push((name, std::mem::take(&mut self.programs)));
        }
        (self.starts, self.programs) = outer;
    }
}

impl<'ast> Visit<'ast> for StartedPrograms {
    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.function(item.sig.ident.to_string(), |this| {
            syn::visit::visit_item_fn(this, item)
        });
    }
    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.function(item.sig.ident.to_string(), |this| {
            syn::visit::visit_impl_item_fn(this, item)
        });
    }
    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if matches!(
            call.method.to_string().as_str(),
            "spawn" | "output" | "status"
        ) {
            self.starts = true;
        }
        syn::visit::visit_expr_method_call(self, call);
    }
    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        let syn::Expr::Path(function) = &*call.func else {
            return syn::visit::visit_expr_call(self, call);
        };
        let words: Vec<String> = function
            .path
            .segments
            .iter()
            .map(|segment| segment.ident.to_string())
            .collect();
        if words.ends_with(&["Command".to_string(), "new".to_string()]) {
            self.programs.push(program_of(&call.args[0]));
        }
        syn::visit::visit_expr_call(self, call);
    }
}

/// How the program of a `Command::new` is written: a string's value, a call's function
/// with `()`, or a variable's name.
fn program_of(argument: &syn::Expr) -> String {
    match argument {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(text),
            ..
        }) => text.value(),
        syn::Expr::Call(call) => match &*call.func {
            syn::Expr::Path(path) => format!("{}()", path.path.segments.last().unwrap().ident),
            _ => "a call".to_string(),
        },
        syn::Expr::Reference(reference) => program_of(&reference.expr),
        syn::Expr::Path(path) => path.path.segments.last().unwrap().ident.to_string(),
        _ => "an expression".to_string(),
    }
}

#[test]
fn rule_6_one_runner() {
    // The tools that build and describe the solutions, the only programs started outside
    // the runner: cargo (as `cargo()` names the one that runs us), rustc and git.
    let tools = ["cargo()", "rustc", "git"];
    let mut starting = Vec::new();
    for source in sources("src")
        .iter()
        .filter(|source| !source.is_in("judge/"))
    {
        let file = syn::parse_file(source.code())
            .unwrap_or_else(|error| panic!("{} does not parse: {error}", source.path));
        let mut started = StartedPrograms::default();
        started.visit_file(&file);
        for (function, programs) in started.found {
            assert!(
                !programs.is_empty()
                    && programs
                        .iter()
                        .all(|program| tools.contains(&program.as_str())),
                "{}: `{function}` starts {programs:?}, not one of the build tools {tools:?}: \
                 a program judged runs through judge::run",
                source.path
            );
            starting.push(format!("{}: {function}", source.path));
        }
    }
    assert!(
        starting.len() >= 4,
        "the build tools are started somewhere: {starting:?}"
    );
}

/// The most lines a function of `src/` may take, signature to closing brace, unless its
/// doc comment says it is a hot path (and why).
const MOST_LINES_OF_A_FUNCTION: usize = 80;

/// The most lines a file of `src/` may take before its test module.
const MOST_LINES_OF_A_FILE: usize = 600;

/// A function as rustfmt lays it out (which CI keeps): from its `fn` line to the `}` at
/// the same indentation.
struct Function {
    /// Its name.
    name: String,
    /// Its first line, counted from 1.
    first_line: usize,
    /// How many lines it takes.
    lines: usize,
    /// Its doc comment, the `///` lines just above it.
    doc: String,
}

/// The functions of `code`, methods and nested functions included.
fn functions(code: &str) -> Vec<Function> {
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let text = line.trim_start();
        let indentation = &line[..line.len() - text.len()];
        let mut words = text.split_whitespace().skip_while(|word| {
            word.starts_with("pub")
                || ["const", "async", "unsafe", "extern", "\"C\""].contains(word)
        });
        if words.next() != Some("fn") {
            continue;
        }
        let name: String = words
            .next()
            .unwrap_or_default()
            .chars()
            .take_while(|&character| character.is_alphanumeric() || character == '_')
            .collect();
        // The line that opens the body; a declaration without one (in a trait) ends in `;`.
        let Some(opening) = (start..lines.len())
            .find(|&index| lines[index].contains('{') || lines[index].trim_end().ends_with(';'))
        else {
            continue;
        };
        if !lines[opening].contains('{') {
            continue;
        }
        let opening_line = lines[opening].trim_end();
        let closing = if opening_line.ends_with('}')
            && opening_line.matches('{').count() == opening_line.matches('}').count()
        {
            opening
        } else {
            let close = format!("{indentation}}}");
            (opening + 1..lines.len())
                .find(|&index| lines[index] == close)
                .unwrap_or(lines.len() - 1)
        };
        let doc_lines = lines[..start]
            .iter()
            .rev()
            .take_while(|above| {
                let above = above.trim_start();
                above.starts_with("///") || above.starts_with("#[")
            })
            .map(|above| above.trim_start());
        found.push(Function {
            name,
            first_line: start + 1,
            lines: closing - start + 1,
            doc: doc_lines.collect::<Vec<_>>().join("\n"),
        });
    }
    found
}

#[test]
fn the_functions_are_found_with_their_lengths() {
    let body = "        step();\n".repeat(79);
    let code = format!(
        "/// Short.\nfn short() {{ step(); }}\n\nimpl Thing {{\n    /// A hot path: one loop \
         that the profiler shows is half of the time.\n    pub(crate) fn long<T>(\n        \
         value: T,\n    ) -> u8\n    where\n        T: Copy,\n    {{\n{body}    }}\n}}\n\
         trait Named {{\n    fn name(&self) -> u8;\n}}\n"
    );
    let found: Vec<(String, usize, usize)> = functions(&code)
        .into_iter()
        .map(|function| (function.name, function.first_line, function.lines))
        .collect();
    assert_eq!(
        found,
        [("short".to_string(), 2, 1), ("long".to_string(), 6, 86)]
    );
    assert!(functions(&code)[1].doc.contains("hot path"));
}

#[test]
fn rule_7_small_rooms() {
    let mut too_large = Vec::new();
    let mut functions_read = 0;
    for source in sources("src") {
        let code = source.code();
        let lines = code.lines().count();
        if lines > MOST_LINES_OF_A_FILE {
            too_large.push(format!("{}: {lines} lines before its tests", source.path));
        }
        for function in functions(code) {
            functions_read += 1;
            if function.lines > MOST_LINES_OF_A_FUNCTION && !function.doc.contains("hot path") {
                too_large.push(format!(
                    "{}:{}: `{}` takes {} lines",
                    source.path, function.first_line, function.name, function.lines
                ));
            }
        }
    }
    assert!(
        functions_read > 300,
        "the functions of src/: {functions_read}"
    );
    assert!(
        too_large.is_empty(),
        "at most {MOST_LINES_OF_A_FUNCTION} lines a function (unless its doc comment says \
         why it is a hot path) and {MOST_LINES_OF_A_FILE} a file before its tests:\n{}",
        too_large.join("\n")
    );
}
