//! Structured inputs for the `arbitrary` crate: any bytes decode to a well-formed project
//! (documents, profile, request, options) whose strings come from small hostile alphabets, so
//! the fuzzer spends its time in ranking, trimming, capping and rendering instead of in the JSON
//! syntax errors raw bytes mostly produce.
//!
//! Lone surrogates cannot live in a Rust string, so the generators write two private-use
//! characters in their place ([`LONE_HIGH`], [`LONE_LOW`]); [`with_lone_surrogates`] turns them
//! into `\ud83d` / `\ude00` escapes in the final JSON text (side by side they form a pair: 😀).

use arbitrary::Arbitrary;
use ctxpack::json::{self, ObjectBuilder, Value};
use std::cell::Cell;

pub const LONE_HIGH: char = '\u{F8FF}';
pub const LONE_LOW: char = '\u{F8FE}';

/// Replaces the lone-surrogate stand-ins by their JSON escapes.
pub fn with_lone_surrogates(text: &str) -> String {
    text.replace(LONE_HIGH, "\\ud83d")
        .replace(LONE_LOW, "\\ude00")
}

/// Pieces strings are made of: ASCII, CJK (BMP and astral), emoji, combining marks, every
/// character JSON escapes, header placeholders, pointer metacharacters, request words.
pub const PIECES: &[&str] = &[
    "a",
    "x",
    " ",
    "故",
    "事",
    "😀",
    "𠀋",
    "é",
    "e\u{301}",
    "\"",
    "\\",
    "\n",
    "\t",
    "\r",
    "\u{0}",
    "\u{1f}",
    "\u{7f}",
    "\u{2028}",
    "\u{feff}",
    "\u{FFFD}",
    "{id}",
    "{rank}",
    "{schema_type}",
    "{origin_type}",
    "{",
    "}",
    "~",
    "/",
    "episode",
    "Episodes 7-12",
    "第7-12集",
    "生成",
    "BRAINSTORM",
    "everything",
    "7",
    "12",
    "-",
    " [truncated]",
    "null",
    "[1,[]]",
    "{\"k\":\"v\"}",
    "\u{F8FF}",
    "\u{F8FE}",
    "İ",
    "ß",
];

/// Keeps generated strings (and so inputs) small enough for many executions per second.
const MAX_TEXT_BYTES: usize = 6000;
/// The string bytes one value may hold (bodies of a document, or a trim input).
pub const MAX_BODY_TEXT_BYTES: usize = 24_000;

#[derive(Arbitrary, Debug, Clone)]
pub enum Piece {
    Lit(u8),
    /// One piece repeated: long strings reach the truncation and summary thresholds.
    Run(u8, u16),
    Raw(String),
}

#[derive(Arbitrary, Debug, Clone)]
pub struct Text(pub Vec<Piece>);

fn pick<'a>(list: &[&'a str], i: u8) -> &'a str {
    list[usize::from(i) % list.len()]
}

impl Text {
    pub fn render(&self) -> String {
        self.render_within(&Cell::new(MAX_TEXT_BYTES))
    }

    /// Renders at most `budget` bytes (and at most MAX_TEXT_BYTES), taking them from it.
    pub fn render_within(&self, budget: &Cell<usize>) -> String {
        let limit = budget.get().min(MAX_TEXT_BYTES);
        let out = self.render_limited(limit);
        budget.set(budget.get() - out.len());
        out
    }

    fn render_limited(&self, max: usize) -> String {
        let mut out = String::new();
        for p in &self.0 {
            match p {
                Piece::Lit(i) => out.push_str(pick(PIECES, *i)),
                Piece::Run(i, n) => {
                    let piece = pick(PIECES, *i);
                    // Half the runs short (the thresholds of small budgets and summaries),
                    // half up to 1400 pieces (past the 500-unit truncation).
                    let count = if *n < 0x8000 { n % 40 } else { n % 1400 };
                    for _ in 0..usize::from(count) {
                        if out.len() + piece.len() > max {
                            break;
                        }
                        out.push_str(piece);
                    }
                }
                Piece::Raw(s) => out.push_str(s),
            }
            if out.len() > max {
                let mut cut = max;
                while !out.is_char_boundary(cut) {
                    cut -= 1;
                }
                out.truncate(cut);
                break;
            }
        }
        out
    }
}

pub const KEYS: &[&str] = &[
    "a",
    "b",
    "text",
    "id",
    "data",
    "metadata",
    "summary",
    "trimmed",
    "0",
    "1",
    "10",
    "01",
    "-1",
    "4294967294",
    "4294967295",
    "键",
    "😀",
    "a/b",
    "~",
    "__proto__",
    "",
];

#[derive(Arbitrary, Debug, Clone)]
pub enum Key {
    Lit(u8),
    Text(Text),
}

impl Key {
    pub fn render(&self) -> String {
        match self {
            Key::Lit(i) => pick(KEYS, *i).to_string(),
            Key::Text(t) => t.render(),
        }
    }
}

#[derive(Arbitrary, Debug, Clone, Copy)]
pub enum Num {
    Int(i32),
    Small(i8),
    Float(f64),
    Special(u8),
}

const SPECIAL_NUMBERS: &[f64] = &[
    0.0,
    -0.0,
    0.1,
    0.5,
    1e21,
    1e20,
    1e-7,
    5e-324,
    f64::MAX,
    -f64::MAX,
    123_456_789_012_345_680_000_000_000_000.0,
    2_147_483_647.0,
    2_147_483_648.0,
    9_007_199_254_740_993.0,
];

impl Num {
    pub fn value(self) -> f64 {
        match self {
            Num::Int(i) => f64::from(i),
            Num::Small(i) => f64::from(i),
            // NaN and ±Infinity are written `null`, as JSON.stringify writes them.
            Num::Float(f) => f,
            Num::Special(i) => SPECIAL_NUMBERS[usize::from(i) % SPECIAL_NUMBERS.len()],
        }
    }
}

/// A JSON value (document bodies, metadata, request params).
#[derive(Arbitrary, Debug, Clone)]
pub enum Body {
    Null,
    Bool(bool),
    Num(Num),
    Str(Text),
    Array(Vec<Body>),
    Object(Vec<(Key, Body)>),
    /// A value wrapped in arrays or objects: mostly a few levels, sometimes well past
    /// `json::MAX_DEPTH` (256).
    Deep {
        depth: u16,
        objects: bool,
        leaf: Box<Body>,
    },
}

/// Bodies nest at most this deep as values (enough to cross MAX_DEPTH inside a document).
const MAX_BODY_DEPTH: usize = 300;

impl Body {
    pub fn value(&self) -> Value {
        self.value_within(&Cell::new(MAX_BODY_TEXT_BYTES))
    }

    /// The value, its strings taking their bytes from `budget`.
    pub fn value_within(&self, budget: &Cell<usize>) -> Value {
        self.value_at(0, budget)
    }

    fn value_at(&self, depth: usize, budget: &Cell<usize>) -> Value {
        if depth > MAX_BODY_DEPTH {
            return Value::Null;
        }
        match self {
            Body::Null => Value::Null,
            Body::Bool(b) => Value::Bool(*b),
            Body::Num(n) => Value::Number(n.value()),
            Body::Str(t) => Value::String(t.render_within(budget)),
            Body::Array(items) => Value::Array(
                items
                    .iter()
                    .take(64)
                    .map(|b| b.value_at(depth + 1, budget))
                    .collect(),
            ),
            Body::Object(members) => {
                let mut o = ObjectBuilder::new();
                for (k, v) in members.iter().take(64) {
                    o.insert(k.render(), v.value_at(depth + 1, budget));
                }
                Value::Object(o.finish())
            }
            Body::Deep {
                depth: levels,
                objects,
                leaf,
            } => {
                // Mostly a few levels; one time in sixteen up to 299 (past MAX_DEPTH).
                let levels = if *levels >= 0xF000 {
                    usize::from(*levels) % 300
                } else {
                    usize::from(*levels) % 4
                };
                let mut v = leaf.value_at(depth + levels, budget);
                for _ in 0..levels.min(MAX_BODY_DEPTH.saturating_sub(depth)) {
                    v = if *objects {
                        let mut o = ObjectBuilder::new();
                        o.insert("k".into(), v);
                        Value::Object(o.finish())
                    } else {
                        Value::Array(vec![v])
                    };
                }
                v
            }
        }
    }
}

pub const TYPES: &[&str] = &[
    "灵感创意",
    "故事设定",
    "剧本设定",
    "chronicles",
    "分集结构",
    "单集大纲",
    "note",
    "",
];

pub const INTENTS: &[&str] = &[
    "default", "general", "synopsis", "all", "a/b", "意图", "~0", "",
];

const IDS: &[&str] = &["a", "{id}", "a/b", "~1", "😀", "故", " ", "\"", "\n", ""];

/// A count or budget: mostly a small whole number, sometimes anything.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub struct Count {
    pub kind: u8,
    pub small: u16,
    pub weird: Num,
}

impl Count {
    pub fn value(self, modulo: u16) -> Value {
        if self.kind < 240 {
            Value::Number(f64::from(self.small % modulo.max(1)))
        } else if self.kind < 252 {
            Value::Number(self.weird.value())
        } else if self.kind < 254 {
            Value::String("10".into())
        } else {
            Value::Null
        }
    }
}

#[derive(Arbitrary, Debug, Clone, Copy)]
pub struct Time {
    pub kind: u8,
    pub days: u16,
    pub secs: u32,
    pub offset: u8,
    pub weird: Num,
}

impl Time {
    pub fn value(self) -> Value {
        let day_ms = f64::from(self.days) * 86_400_000.0 + f64::from(self.secs % 86_400) * 1000.0;
        if self.kind < 120 {
            Value::Number(1.7e12 + day_ms)
        } else if self.kind < 230 {
            let year = 2000 + u32::from(self.days) % 60;
            let month = 1 + (u32::from(self.days) / 60) % 12;
            let day = 1 + (u32::from(self.days) / 720) % 28;
            let s = self.secs % 86_400;
            let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
            let date = format!("{year:04}-{month:02}-{day:02}");
            Value::String(match self.offset % 6 {
                0 => format!("{date}T{h:02}:{m:02}:{sec:02}Z"),
                1 => format!("{date}T{h:02}:{m:02}:{sec:02}+08:00"),
                2 => format!(
                    "{date}T{h:02}:{m:02}:{sec:02}.{:03}-05:30",
                    self.secs % 1000
                ),
                3 => format!("{date}T{h:02}:{m:02}:{sec:02}"),
                4 => date,
                _ => format!("{date} {h:02}:{m:02}"),
            })
        } else if self.kind < 245 {
            Value::Number(self.weird.value())
        } else if self.kind < 252 {
            Value::String(
                [
                    "soon",
                    "",
                    "2026-02-30T00:00:00Z",
                    "2026-13-01",
                    "+002026-01-01T00:00:00Z",
                ][usize::from(self.offset) % 5]
                    .into(),
            )
        } else {
            Value::Bool(true)
        }
    }
}

#[derive(Arbitrary, Debug, Clone)]
pub struct Doc {
    /// < 200: `d<i>`; < 240: a hostile id (still unique); < 250: doc 0's id (DUPLICATE_ID);
    /// else not a string.
    pub id_kind: u8,
    pub id_pick: u8,
    pub schema_type: u8,
    pub origin: u8,
    pub created_at: Time,
    pub data: Body,
    /// < 110: the value; < 220: JSON text of it (as the app's rows hold it); < 250: the value
    /// if it is a string, else plain text; else absent (MISSING_FIELD).
    pub data_form: u8,
    /// `None`: absent; `(kind, members)`: kind < 200 an object, < 230 null, else an array.
    pub metadata: Option<(u8, Vec<(Key, Body)>)>,
    pub is_leaf: Option<u8>,
    pub extra: Option<(Key, Body)>,
}

impl Doc {
    fn id(&self, i: usize, first_id: &Option<Value>) -> Value {
        if self.id_kind < 200 {
            Value::String(format!("d{i}"))
        } else if self.id_kind < 240 {
            Value::String(format!("{}{i}", pick(IDS, self.id_pick)))
        } else if self.id_kind < 250 {
            first_id.clone().unwrap_or(Value::String("d0".into()))
        } else if self.id_pick & 1 == 0 {
            Value::Number(f64::from(i as u32))
        } else {
            Value::Null
        }
    }

    pub fn value(&self, i: usize, first_id: &Option<Value>) -> Value {
        let mut o = ObjectBuilder::new();
        o.insert("id".into(), self.id(i, first_id));
        o.insert(
            "schema_type".into(),
            Value::String(pick(TYPES, self.schema_type).into()),
        );
        let origin = if self.origin < 120 {
            Value::String("user_input".into())
        } else if self.origin < 250 {
            Value::String("ai_generated".into())
        } else {
            Value::String("robot".into())
        };
        o.insert("origin_type".into(), origin);
        o.insert("created_at".into(), self.created_at.value());
        let budget = Cell::new(MAX_BODY_TEXT_BYTES);
        let data = self.data.value_within(&budget);
        if self.data_form < 110 {
            o.insert("data".into(), data);
        } else if self.data_form < 220 {
            o.insert("data".into(), Value::String(json::stringify(&data, 0)));
        } else if self.data_form < 250 {
            let text = match data {
                Value::String(s) => s,
                other => format!("not json: {}", json::stringify(&other, 0)),
            };
            o.insert("data".into(), Value::String(text));
        }
        if let Some((kind, members)) = &self.metadata {
            let m = if *kind < 200 {
                let mut b = ObjectBuilder::new();
                for (k, v) in members.iter().take(16) {
                    b.insert(k.render(), v.value_within(&budget));
                }
                Value::Object(b.finish())
            } else if *kind < 230 {
                Value::Null
            } else {
                Value::Array(vec![])
            };
            o.insert("metadata".into(), m);
        }
        if let Some(l) = self.is_leaf {
            let v = if l < 120 {
                Value::Bool(true)
            } else if l < 250 {
                Value::Bool(false)
            } else {
                Value::String("yes".into())
            };
            o.insert("is_leaf".into(), v);
        }
        if let Some((k, v)) = &self.extra {
            let key = k.render();
            // Only unknown fields: the known ones are generated above.
            if !matches!(
                key.as_str(),
                "id" | "schema_type"
                    | "origin_type"
                    | "created_at"
                    | "data"
                    | "metadata"
                    | "is_leaf"
            ) {
                o.insert(key, v.value_within(&budget));
            }
        }
        Value::Object(o.finish())
    }
}

/// A rule: keywords and/or a pattern from a small regular-expression alphabet.
#[derive(Arbitrary, Debug, Clone)]
pub struct RuleGen {
    pub id: Option<u8>,
    pub intent: u8,
    pub keywords: Option<Vec<Text>>,
    pub pattern: Option<Vec<Tok>>,
    pub params: Option<Vec<(Key, Num)>>,
}

/// Pieces of regular expressions: valid and invalid syntax, named captures, huge repetitions
/// (the size limit), Unicode classes regex-lite does not have, look-around it refuses.
pub const REGEX: &[&str] = &[
    "a",
    "e",
    "episode",
    "s?",
    "(?i)",
    "(?s)",
    "(?m)",
    "(?x)",
    "\\d",
    "\\d+",
    "\\D",
    "\\w",
    "\\s*",
    "\\s+",
    "\\b",
    "(?P<episodeStart>",
    "(?P<episodeEnd>",
    "(?P<n>",
    "(?<x>",
    "(?P<7>",
    "(?:",
    "(",
    ")",
    "[",
    "]",
    "[0-9]",
    "[^a]",
    "[[:alpha:]]",
    "|",
    "*",
    "+",
    "?",
    "*?",
    "{2}",
    "{1,3}",
    "{,5}",
    "{1000}",
    "{100000}",
    ".",
    "^",
    "$",
    "\\",
    "-",
    "第",
    "集",
    "到",
    "😀",
    "\\p{L}",
    "\\x{1F600}",
    "\\u{0}",
    "\\1",
    "(?=",
    "#",
    " ",
    "\\Q",
    "\u{F8FF}",
];

#[derive(Arbitrary, Debug, Clone)]
pub enum Tok {
    Lit(u8),
    Raw(String),
}

impl RuleGen {
    pub fn pattern_text(&self) -> Option<String> {
        self.pattern.as_ref().map(|toks| {
            toks.iter()
                .take(40)
                .map(|t| match t {
                    Tok::Lit(i) => pick(REGEX, *i).to_string(),
                    Tok::Raw(s) => s.chars().take(16).collect(),
                })
                .collect()
        })
    }

    pub fn keyword_texts(&self) -> Option<Vec<String>> {
        self.keywords.as_ref().map(|ks| {
            ks.iter()
                .take(8)
                .map(|k| k.render().chars().take(40).collect())
                .collect()
        })
    }

    /// The rule as profile JSON; `intents` are the names it may refer to.
    pub fn value(&self, intents: &[String]) -> Value {
        let mut o = ObjectBuilder::new();
        if let Some(id) = self.id {
            o.insert("id".into(), Value::String(format!("r{}", id % 4)));
        }
        let intent = if !intents.is_empty() && self.intent < 240 {
            intents[usize::from(self.intent) % intents.len()].clone()
        } else {
            pick(INTENTS, self.intent).to_string()
        };
        o.insert("intent".into(), Value::String(intent));
        if let Some(ks) = self.keyword_texts() {
            o.insert(
                "keywords".into(),
                Value::Array(ks.into_iter().map(Value::String).collect()),
            );
        }
        if let Some(p) = self.pattern_text() {
            o.insert("pattern".into(), Value::String(p));
        }
        if let Some(params) = &self.params {
            let mut b = ObjectBuilder::new();
            for (k, n) in params.iter().take(4) {
                b.insert(k.render(), Value::Number(n.value()));
            }
            o.insert("params".into(), Value::Object(b.finish()));
        }
        Value::Object(o.finish())
    }
}

#[derive(Arbitrary, Debug, Clone)]
pub struct IntentGen {
    pub name: u8,
    /// Two bits per type (TYPES order): none, required, optional, excluded.
    pub roles: u16,
    /// 255: list one type in two lists (INVALID_PROFILE).
    pub overlap: u8,
    pub others: u8,
    pub description: Option<Text>,
}

impl IntentGen {
    fn value(&self) -> Value {
        let mut lists: [Vec<Value>; 3] = [vec![], vec![], vec![]];
        for (t, name) in TYPES.iter().enumerate() {
            let role = (self.roles >> (2 * t)) & 3;
            if role > 0 {
                lists[usize::from(role) - 1].push(Value::String((*name).into()));
            }
        }
        if self.overlap == 255 {
            let t = Value::String(pick(TYPES, self.others).into());
            lists[0].push(t.clone());
            lists[2].push(t);
        }
        let mut o = ObjectBuilder::new();
        if let Some(d) = &self.description {
            o.insert("description".into(), Value::String(d.render()));
        }
        for (name, list) in ["required", "optional", "excluded"].iter().zip(lists) {
            if !list.is_empty() {
                o.insert((*name).into(), Value::Array(list));
            }
        }
        match self.others % 4 {
            0 => o.insert("others".into(), Value::String("include".into())),
            1 => o.insert("others".into(), Value::String("exclude".into())),
            2 if self.others > 250 => o.insert("others".into(), Value::String("all".into())),
            _ => {}
        }
        Value::Object(o.finish())
    }
}

#[derive(Arbitrary, Debug, Clone)]
pub struct Prof {
    /// < 200: one of the defined intents; < 230: absent; else any name.
    pub default_intent: u8,
    pub aliases: Option<Vec<(u8, u8)>>,
    pub intents: Option<Vec<IntentGen>>,
    pub rules: Option<Vec<RuleGen>>,
    pub weights: Option<[Option<Num>; 6]>,
    pub trim: Option<TrimGen>,
    pub budget: Option<Option<Count>>,
    pub cap: Option<u8>,
    pub render: Option<RenderGen>,
    /// 255: an unknown profile field (a typo).
    pub typo: u8,
}

#[derive(Arbitrary, Debug, Clone)]
pub struct TrimGen {
    pub full_ranks: Option<Count>,
    pub summarize_from: Option<(u8, Num)>,
    pub truncate_at: Option<Count>,
    pub truncate_marker: Option<Text>,
    pub summarize_at: Option<Count>,
    pub summarize_marker: Option<Text>,
}

#[derive(Arbitrary, Debug, Clone)]
pub struct RenderGen {
    pub header: Option<Text>,
    pub separator: Option<Text>,
    pub indent: Option<Count>,
    pub body: Option<u8>,
}

pub fn cap_value(c: u8) -> Value {
    match c % 8 {
        0 | 1 => Value::String("stop".into()),
        2 | 3 => Value::String("skip".into()),
        4 | 5 => Value::String("degrade".into()),
        6 => Value::Null,
        _ if c > 250 => Value::String("drop".into()),
        _ => Value::String("degrade".into()),
    }
}

impl Prof {
    /// The intents this profile defines (the default `default` when it defines none).
    pub fn intent_names(&self) -> Vec<String> {
        match &self.intents {
            None => vec!["default".into()],
            Some(list) => {
                let mut names: Vec<String> = list
                    .iter()
                    .take(6)
                    .map(|i| pick(INTENTS, i.name).to_string())
                    .collect();
                names.sort();
                names.dedup();
                names
            }
        }
    }

    pub fn value(&self) -> Value {
        let names = self.intent_names();
        let mut o = ObjectBuilder::new();
        if self.default_intent < 200 && !names.is_empty() {
            o.insert(
                "defaultIntent".into(),
                Value::String(names[usize::from(self.default_intent) % names.len()].clone()),
            );
        } else if self.default_intent >= 230 {
            o.insert(
                "defaultIntent".into(),
                Value::String(pick(INTENTS, self.default_intent).into()),
            );
        }
        if let Some(aliases) = &self.aliases {
            let mut b = ObjectBuilder::new();
            for (from, to) in aliases.iter().take(6) {
                b.insert(
                    pick(TYPES, *from).into(),
                    Value::String(pick(TYPES, *to).into()),
                );
            }
            o.insert("typeAliases".into(), Value::Object(b.finish()));
        }
        if let Some(intents) = &self.intents {
            let mut b = ObjectBuilder::new();
            for i in intents.iter().take(6) {
                b.insert(pick(INTENTS, i.name).into(), i.value());
            }
            o.insert("intents".into(), Value::Object(b.finish()));
        }
        if let Some(rules) = &self.rules {
            o.insert(
                "rules".into(),
                Value::Array(rules.iter().take(6).map(|r| r.value(&names)).collect()),
            );
        }
        if let Some(w) = &self.weights {
            let mut b = ObjectBuilder::new();
            let keys = [
                "required",
                "optional",
                "leaf",
                "userInput",
                "recency",
                "recencyHalfLifeMs",
            ];
            for (k, n) in keys.iter().zip(w.iter()) {
                if let Some(n) = n {
                    b.insert((*k).into(), Value::Number(n.value()));
                }
            }
            o.insert("weights".into(), Value::Object(b.finish()));
        }
        if let Some(t) = &self.trim {
            let mut b = ObjectBuilder::new();
            if let Some(c) = t.full_ranks {
                b.insert("fullRanks".into(), c.value(12));
            }
            if let Some((k, n)) = t.summarize_from {
                let v = if k < 240 {
                    f64::from(k) / 239.0
                } else {
                    n.value()
                };
                b.insert("summarizeFrom".into(), Value::Number(v));
            }
            if let Some(c) = t.truncate_at {
                b.insert("truncateAt".into(), c.value(700));
            }
            if let Some(m) = &t.truncate_marker {
                b.insert("truncateMarker".into(), Value::String(m.render()));
            }
            if let Some(c) = t.summarize_at {
                b.insert("summarizeAt".into(), c.value(200));
            }
            if let Some(m) = &t.summarize_marker {
                b.insert("summarizeMarker".into(), Value::String(m.render()));
            }
            o.insert("trim".into(), Value::Object(b.finish()));
        }
        if let Some(budget) = &self.budget {
            let mut b = ObjectBuilder::new();
            if let Some(c) = budget {
                b.insert("maxChars".into(), c.value(6000));
            }
            o.insert("budget".into(), Value::Object(b.finish()));
        }
        if let Some(c) = self.cap {
            o.insert("cap".into(), cap_value(c));
        }
        if let Some(r) = &self.render {
            let mut b = ObjectBuilder::new();
            if let Some(h) = &r.header {
                b.insert("header".into(), Value::String(h.render()));
            }
            if let Some(s) = &r.separator {
                b.insert("separator".into(), Value::String(s.render()));
            }
            if let Some(i) = r.indent {
                b.insert("indent".into(), i.value(12));
            }
            if let Some(body) = r.body {
                let v = match body % 5 {
                    0 | 1 => "data",
                    2 | 3 => "document",
                    _ => "json",
                };
                b.insert("body".into(), Value::String(v.into()));
            }
            o.insert("render".into(), Value::Object(b.finish()));
        }
        if self.typo == 255 {
            o.insert(
                "weight".into(),
                Value::Object(ObjectBuilder::new().finish()),
            );
        }
        Value::Object(o.finish())
    }
}

#[derive(Arbitrary, Debug, Clone)]
pub enum Req {
    Absent,
    Null,
    Text(Text),
    Intent {
        intent: u8,
        params: Vec<(Key, Body)>,
        text: Option<Text>,
    },
    /// A text-only object `{text}`.
    TextObject(Text),
    /// Wrong shapes: a number, an array, an unknown field, params without an intent.
    Bad(u8),
}

impl Req {
    pub fn value(&self, intents: &[String]) -> Option<Value> {
        Some(match self {
            Req::Absent => return None,
            Req::Null => Value::Null,
            Req::Text(t) => Value::String(t.render()),
            Req::Intent {
                intent,
                params,
                text,
            } => {
                let mut o = ObjectBuilder::new();
                let name = if !intents.is_empty() && *intent < 230 {
                    intents[usize::from(*intent) % intents.len()].clone()
                } else {
                    pick(INTENTS, *intent).to_string()
                };
                o.insert("intent".into(), Value::String(name));
                if !params.is_empty() {
                    let mut b = ObjectBuilder::new();
                    for (k, v) in params.iter().take(4) {
                        b.insert(k.render(), v.value());
                    }
                    o.insert("params".into(), Value::Object(b.finish()));
                }
                if let Some(t) = text {
                    o.insert("text".into(), Value::String(t.render()));
                }
                Value::Object(o.finish())
            }
            Req::TextObject(t) => {
                let mut o = ObjectBuilder::new();
                o.insert("text".into(), Value::String(t.render()));
                Value::Object(o.finish())
            }
            Req::Bad(k) => match k % 4 {
                0 => Value::Number(7.0),
                1 => Value::Array(vec![Value::String("x".into())]),
                2 => {
                    let mut o = ObjectBuilder::new();
                    o.insert("intnet".into(), Value::String("x".into()));
                    Value::Object(o.finish())
                }
                _ => {
                    let mut o = ObjectBuilder::new();
                    o.insert(
                        "params".into(),
                        Value::Object(ObjectBuilder::new().finish()),
                    );
                    let mut p = ObjectBuilder::new();
                    p.insert("n".into(), Value::Number(1.0));
                    o.insert("params".into(), Value::Object(p.finish()));
                    Value::Object(o.finish())
                }
            },
        })
    }
}

/// A whole assemble input: `{documents, request, profile, now, edges, maxChars, cap}`.
#[derive(Arbitrary, Debug, Clone)]
pub struct Project {
    pub docs: Vec<Doc>,
    pub request: Req,
    pub profile: Option<Prof>,
    pub now: Option<Time>,
    pub edges: Option<Vec<(u8, u8)>>,
    pub max_chars: Option<Count>,
    pub cap: Option<u8>,
    /// Indentation of the input text itself (0 = compact).
    pub indent: u8,
    /// 255: an unknown top-level field.
    pub typo: u8,
}

/// At most this many documents per input.
pub const MAX_DOCS: usize = 24;

impl Project {
    pub fn value(&self) -> Value {
        let mut o = ObjectBuilder::new();
        let mut first_id = None;
        let mut docs = Vec::new();
        for (i, d) in self.docs.iter().take(MAX_DOCS).enumerate() {
            let v = d.value(i, &first_id);
            if i == 0 {
                first_id = v.as_object().and_then(|o| o.get("id")).cloned();
            }
            docs.push(v);
        }
        let ids: Vec<Value> = docs
            .iter()
            .filter_map(|d| d.as_object().and_then(|o| o.get("id")).cloned())
            .collect();
        o.insert("documents".into(), Value::Array(docs));
        let names = self
            .profile
            .as_ref()
            .map_or_else(|| vec!["default".to_string()], Prof::intent_names);
        if let Some(r) = self.request.value(&names) {
            o.insert("request".into(), r);
        }
        if let Some(p) = &self.profile {
            o.insert("profile".into(), p.value());
        }
        if let Some(t) = self.now {
            o.insert("now".into(), t.value());
        }
        if let Some(edges) = &self.edges {
            let list = edges
                .iter()
                .take(32)
                .map(|(from, to)| {
                    let end = |k: u8| {
                        if ids.is_empty() || k == 255 {
                            Value::String("ghost".into())
                        } else {
                            ids[usize::from(k) % ids.len()].clone()
                        }
                    };
                    let mut e = ObjectBuilder::new();
                    e.insert("from".into(), end(*from));
                    e.insert("to".into(), end(*to));
                    Value::Object(e.finish())
                })
                .collect();
            o.insert("edges".into(), Value::Array(list));
        }
        if let Some(c) = self.max_chars {
            o.insert("maxChars".into(), c.value(6000));
        }
        if let Some(c) = self.cap {
            o.insert("cap".into(), cap_value(c));
        }
        if self.typo == 255 {
            o.insert("maxchars".into(), Value::Number(10.0));
        }
        Value::Object(o.finish())
    }

    /// The input as JSON text, lone-surrogate stand-ins turned into escapes.
    pub fn text(&self) -> String {
        let indent = match self.indent % 4 {
            0 | 1 => 0,
            2 => 2,
            _ => 10,
        };
        with_lone_surrogates(&json::stringify(&self.value(), indent))
    }
}
