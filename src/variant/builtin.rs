//! The built-in variants (compiled into the binary) and loading of more from a directory.

use super::{ConfigError, Variant};
use std::sync::OnceLock;

/// Built-in config files: (file name, text).
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "normal.toml",
        include_str!("../../engine-configs/normal.toml"),
    ),
    (
        "twokingdoms.toml",
        include_str!("../../engine-configs/twokingdoms.toml"),
    ),
    ("wey.toml", include_str!("../../engine-configs/wey.toml")),
    (
        "mitregi.toml",
        include_str!("../../engine-configs/mitregi.toml"),
    ),
    (
        "flightferry.toml",
        include_str!("../../engine-configs/flightferry.toml"),
    ),
];

static REGISTRY: OnceLock<Vec<&'static Variant>> = OnceLock::new();
static EXTRA: std::sync::Mutex<Vec<&'static Variant>> = std::sync::Mutex::new(Vec::new());

fn builtins() -> &'static [&'static Variant] {
    REGISTRY.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(file, text)| {
                let v = Variant::from_toml(&format!("engine-configs/{file}"), text)
                    .unwrap_or_else(|e| panic!("built-in variant config is broken: {e}"));
                &*Box::leak(Box::new(v))
            })
            .collect()
    })
}

/// Every known variant: the built-ins, then the loaded ones (a loaded one with a built-in's
/// name replaces it).
pub fn all() -> Vec<&'static Variant> {
    let extra = EXTRA.lock().unwrap_or_else(|e| e.into_inner());
    let mut out: Vec<&'static Variant> = builtins()
        .iter()
        .copied()
        .filter(|b| !extra.iter().any(|e| e.name == b.name))
        .collect();
    out.extend(extra.iter().copied());
    out
}

/// Look a variant up by wire name.
pub fn find(name: &str) -> Option<&'static Variant> {
    all().into_iter().find(|v| v.name == name)
}

/// Names of all variants.
pub fn names() -> Vec<String> {
    all().iter().map(|v| v.name.clone()).collect()
}

/// Load every `*.toml` of a directory, in name order: the good files are registered, the
/// broken ones are reported (each error names its file and line). The one loader used by the
/// command line, CECP and UCI.
pub fn load_dir_all(dir: &std::path::Path) -> (Vec<String>, Vec<ConfigError>) {
    let read = match std::fs::read_dir(dir) {
        Ok(r) => r,
        Err(e) => {
            return (
                Vec::new(),
                vec![ConfigError {
                    file: dir.display().to_string(),
                    line: None,
                    message: format!("cannot read directory: {e}"),
                }],
            )
        }
    };
    let mut paths: Vec<_> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let (mut names, mut errors) = (Vec::new(), Vec::new());
    for p in paths {
        match load_file(&p) {
            Ok(name) => names.push(name),
            Err(e) => errors.push(e),
        }
    }
    (names, errors)
}

/// `load_dir_all`, as a result: the names loaded, or the first error (the good files are
/// registered either way).
pub fn load_dir(dir: &std::path::Path) -> Result<Vec<String>, ConfigError> {
    let (names, mut errors) = load_dir_all(dir);
    if errors.is_empty() {
        Ok(names)
    } else {
        Err(errors.swap_remove(0))
    }
}

/// Load one config file.
pub fn load_file(path: &std::path::Path) -> Result<String, ConfigError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        file: file.clone(),
        line: None,
        message: format!("cannot read: {e}"),
    })?;
    let v = Variant::from_toml(&file, &text)?;
    let name = v.name.clone();
    let leaked: &'static Variant = Box::leak(Box::new(v));
    let mut extra = EXTRA.lock().unwrap_or_else(|e| e.into_inner());
    extra.retain(|e| e.name != name);
    extra.push(leaked);
    Ok(name)
}
