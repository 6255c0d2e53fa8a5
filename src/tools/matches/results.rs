//! The `--results` record of a match (or of one shard), and `estuary match-merge`, which adds
//! such records up into the report a single run would have printed.
//!
//! The record is text, one fact a line, fields separated by tabs (shown as spaces here):
//!
//! ```text
//! # estuary match results 1
//! first  Estuary 0.1
//! second  Fairy-Max 5.0b
//! variant  normal
//! games  100
//! seed  1
//! shard  1/4
//! sprt  elo0=0,elo1=10
//! pair  0  W  D
//! pair  4  L  -
//! ```
//!
//! `pair INDEX R1 R2` gives the results of engine A (the first) in the pair's two games: `W`,
//! `D`, `L`, or `-` for a game not played (the last pair of an odd match, or a pair cut short
//! by a decided SPRT). A pair line is written as soon as the pair is complete, so a record
//! of an interrupted match holds every finished pair. The `sprt` line is there only when a
//! test was run.

use super::options::Shard;
use crate::tools::match_stats::{format_report, GameResult, Pentanomial, Sprt, Tally};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

const MAGIC: &str = "# estuary match results 1";

/// What a record says about its match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub first: String,
    pub second: String,
    pub variant: String,
    pub games: u64,
    pub seed: u64,
    pub shard: Shard,
    /// The `--sprt` text, when a test was run.
    pub sprt: Option<String>,
}

impl Header {
    fn text(&self) -> String {
        let mut s = format!(
            "{MAGIC}\nfirst\t{}\nsecond\t{}\nvariant\t{}\ngames\t{}\nseed\t{}\nshard\t{}\n",
            self.first, self.second, self.variant, self.games, self.seed, self.shard
        );
        if let Some(t) = &self.sprt {
            let _ = writeln!(s, "sprt\t{t}");
        }
        s
    }
}

fn letter(r: Option<GameResult>) -> char {
    match r {
        Some(GameResult::Win) => 'W',
        Some(GameResult::Draw) => 'D',
        Some(GameResult::Loss) => 'L',
        None => '-',
    }
}

/// A results file being written.
pub struct Writer {
    file: std::fs::File,
}

impl Writer {
    /// Create (or empty) the file and write the header.
    pub fn create(path: &Path, header: &Header) -> std::io::Result<Writer> {
        let mut file = std::fs::File::create(path)?;
        file.write_all(header.text().as_bytes())?;
        file.flush()?;
        Ok(Writer { file })
    }

    /// Record one pair and flush.
    pub fn pair(&mut self, index: u64, games: [Option<GameResult>; 2]) -> std::io::Result<()> {
        writeln!(
            self.file,
            "pair\t{index}\t{}\t{}",
            letter(games[0]),
            letter(games[1])
        )?;
        self.file.flush()
    }
}

/// Results of game pairs, added up.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub tally: Tally,
    pub pentanomial: Pentanomial,
}

impl Totals {
    /// Count one pair: both games in the tally, the pair in the pentanomial when complete.
    pub fn add_pair(&mut self, games: [Option<GameResult>; 2]) {
        for r in games.into_iter().flatten() {
            self.tally.record(r);
        }
        if let [Some(a), Some(b)] = games {
            self.pentanomial.record_pair(a, b);
        }
    }
}

/// The end-of-match report (cutechess-cli's lines, the pentanomial, the SPRT verdict).
pub fn report(first: &str, second: &str, totals: &Totals, sprt: Option<&Sprt>) -> String {
    let status = sprt.map(|s| s.status(&totals.tally, &totals.pentanomial));
    format_report(
        first,
        second,
        &totals.tally,
        &totals.pentanomial,
        status.as_ref(),
    )
}

/// One record, read back.
struct Record {
    header: Header,
    pairs: Vec<(u64, [Option<GameResult>; 2])>,
}

fn read(path: &Path) -> Result<Record, String> {
    let at = |n: usize, why: &str| format!("{}:{}: {why}", path.display(), n + 1);
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read results file {}: {e}", path.display()))?;
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, l)| l) != Some(MAGIC) {
        return Err(format!(
            "{}: not an estuary match results file (first line should be {MAGIC:?})",
            path.display()
        ));
    }
    let mut fields: BTreeMap<&str, &str> = BTreeMap::new();
    let mut pairs = Vec::new();
    for (n, line) in lines {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once('\t').ok_or_else(|| at(n, "no tab"))?;
        if key != "pair" {
            fields.insert(key, value);
            continue;
        }
        let parts: Vec<&str> = value.split('\t').collect();
        let [index, r1, r2] = parts[..] else {
            return Err(at(n, "a pair line needs INDEX R1 R2"));
        };
        let index: u64 = index.parse().map_err(|_| at(n, "bad pair index"))?;
        let result = |r: &str| match r {
            "W" => Ok(Some(GameResult::Win)),
            "D" => Ok(Some(GameResult::Draw)),
            "L" => Ok(Some(GameResult::Loss)),
            "-" => Ok(None),
            _ => Err(at(n, "a result is W, D, L or -")),
        };
        pairs.push((index, [result(r1)?, result(r2)?]));
    }
    let get = |k: &str| {
        fields
            .get(k)
            .map(|s| s.to_string())
            .ok_or_else(|| format!("{}: no {k:?} line", path.display()))
    };
    let number = |k: &str| -> Result<u64, String> {
        get(k)?
            .parse()
            .map_err(|_| format!("{}: bad {k:?} line", path.display()))
    };
    let header = Header {
        first: get("first")?,
        second: get("second")?,
        variant: get("variant")?,
        games: number("games")?,
        seed: number("seed")?,
        shard: get("shard")?
            .parse()
            .map_err(|e| format!("{}: {e}", path.display()))?,
        sprt: fields.get("sprt").map(|s| s.to_string()),
    };
    Ok(Record { header, pairs })
}

/// `estuary match-merge FILE...`: the report of all records together. The records must
/// come from one match (same engines, game, games, seed and SPRT) and no pair may appear
/// twice.
pub fn merge(paths: &[std::path::PathBuf]) -> Result<String, String> {
    if paths.is_empty() {
        return Err("give at least one results file".into());
    }
    let mut first: Option<Header> = None;
    let mut seen: BTreeMap<u64, String> = BTreeMap::new();
    let mut totals = Totals::default();
    for path in paths {
        let rec = read(path)?;
        if let Some(h) = &first {
            let same = |a: &Header, b: &Header| {
                (&a.first, &a.second, &a.variant, a.games, a.seed, &a.sprt)
                    == (&b.first, &b.second, &b.variant, b.games, b.seed, &b.sprt)
            };
            if !same(h, &rec.header) {
                return Err(format!(
                    "{} is from another match (engines, game, games, seed or SPRT differ)",
                    path.display()
                ));
            }
        }
        for (index, games) in rec.pairs {
            if let Some(other) = seen.insert(index, path.display().to_string()) {
                return Err(format!(
                    "pair {index} appears twice ({other} and {})",
                    path.display()
                ));
            }
            totals.add_pair(games);
        }
        first.get_or_insert(rec.header);
    }
    let h = first.expect("at least one record");
    let sprt = h
        .sprt
        .as_deref()
        .map(|s| Sprt::parse(s).map_err(|e| format!("bad sprt line {s:?}: {e}")))
        .transpose()?;
    Ok(report(&h.first, &h.second, &totals, sprt.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::*;

    #[test]
    fn shards_add_up_to_the_whole() {
        let dir = std::env::temp_dir().join(format!("estuary-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let header = |k| Header {
            first: "A".into(),
            second: "B".into(),
            variant: "normal".into(),
            games: 5,
            seed: 7,
            shard: Shard { index: k, count: 2 },
            sprt: Some("elo0=0,elo1=10".into()),
        };
        let pairs: [(u64, [Option<GameResult>; 2]); 3] = [
            (0, [Some(Win), Some(Draw)]),
            (1, [Some(Loss), Some(Loss)]),
            (2, [Some(Win), None]),
        ];
        let mut whole = Totals::default();
        let mut paths = Vec::new();
        for k in 1..=2u64 {
            let path = dir.join(format!("shard{k}.txt"));
            let mut w = Writer::create(&path, &header(k)).unwrap();
            for (i, g) in pairs.iter().filter(|(i, _)| i % 2 == k - 1) {
                w.pair(*i, *g).unwrap();
            }
            paths.push(path);
        }
        for (_, g) in pairs {
            whole.add_pair(g);
        }
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        assert_eq!(
            merge(&paths).unwrap(),
            report("A", "B", &whole, Some(&sprt))
        );
        assert_eq!(whole.tally, Tally::new(2, 2, 1));
        assert_eq!(whole.pentanomial.counts(), [1, 0, 0, 1, 0]);
        // The same shard twice is refused.
        let twice = [paths[0].clone(), paths[0].clone()];
        assert!(merge(&twice).unwrap_err().contains("appears twice"));
        std::fs::write(dir.join("junk.txt"), "hello\n").unwrap();
        assert!(merge(&[dir.join("junk.txt")]).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
