//! How to start an engine: the `--engine` description (a plain command, or `key=value`
//! pairs) and the protocol it speaks.

use std::path::PathBuf;
use std::str::FromStr;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Xboard,
    Uci,
}

/// How to start an engine: `--engine` on the command line. A plain command (spoken to in
/// CECP), or `key=value` pairs: `cmd=PATH`, `arg=ARG` (repeatable), `proto=xboard|uci`,
/// `name=NAME`, `dir=DIR`, `option.NAME=VALUE` (repeatable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub cmd: String,
    pub args: Vec<String>,
    pub proto: Proto,
    pub name: Option<String>,
    pub dir: Option<PathBuf>,
    pub options: Vec<(String, String)>,
}

impl FromStr for EngineSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<EngineSpec, String> {
        let s = s.trim();
        if s.is_empty() {
            return Err("empty engine description".into());
        }
        let is_pairs = s
            .split_whitespace()
            .next()
            .is_some_and(|w| w.starts_with("cmd=") || w.starts_with("proto="));
        if !is_pairs {
            let mut words = s.split_whitespace().map(str::to_string);
            let cmd = words.next().unwrap_or_default();
            return Ok(EngineSpec {
                cmd,
                args: words.collect(),
                proto: Proto::Xboard,
                name: None,
                dir: None,
                options: Vec::new(),
            });
        }
        let mut spec = EngineSpec {
            cmd: String::new(),
            args: Vec::new(),
            proto: Proto::Xboard,
            name: None,
            dir: None,
            options: Vec::new(),
        };
        for pair in s.split_whitespace() {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("engine: {pair:?} is not key=value"))?;
            match key {
                "cmd" => spec.cmd = value.to_string(),
                "arg" => spec.args.push(value.to_string()),
                "proto" => {
                    spec.proto = match value {
                        "xboard" | "cecp" => Proto::Xboard,
                        "uci" => Proto::Uci,
                        _ => {
                            return Err(format!(
                                "engine: proto must be xboard or uci, not {value:?}"
                            ))
                        }
                    }
                }
                "name" => spec.name = Some(value.to_string()),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                k if k.starts_with("option.") && k.len() > 7 => {
                    spec.options.push((k[7..].to_string(), value.to_string()))
                }
                _ => return Err(format!("engine: unknown key {key:?}")),
            }
        }
        if spec.cmd.is_empty() {
            return Err("engine: cmd= is missing".into());
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs_read_plain_commands_and_pairs() {
        let plain: EngineSpec = "fairymax -x".parse().unwrap();
        assert_eq!(
            (plain.cmd.as_str(), plain.proto),
            ("fairymax", Proto::Xboard)
        );
        assert_eq!(plain.args, ["-x"]);
        let pairs: EngineSpec = "cmd=./sf proto=uci name=SF option.Hash=64 option.Threads=1"
            .parse()
            .unwrap();
        assert_eq!(pairs.proto, Proto::Uci);
        assert_eq!(pairs.name.as_deref(), Some("SF"));
        assert_eq!(
            pairs.options,
            [
                ("Hash".to_string(), "64".to_string()),
                ("Threads".to_string(), "1".to_string())
            ]
        );
        for bad in [
            "",
            "cmd=x proto=ucci",
            "cmd=x speed",
            "proto=uci",
            "cmd=x foo=1",
        ] {
            assert!(bad.parse::<EngineSpec>().is_err(), "{bad:?}");
        }
    }
}
