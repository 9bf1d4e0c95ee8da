//! Classes in the brace languages (TypeScript, JavaScript, Dart): one lexer pass that knows
//! what hides a brace — strings, template literals with nested `${}`, regular-expression
//! literals (told from division by the token before), comments, JSX text and Dart's string
//! interpolation — then the classes are read off the tokens: the `class` keyword, its header up
//! to the body's `{` at bracket depth 0, and that brace's match. Decorators and modifiers just
//! before the keyword are part of the class, as the TypeScript compiler's `getStart()` has it.

use super::Found;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Dialect {
    /// TypeScript without JSX (`.ts`): `<T>x` is a type assertion.
    Ts,
    /// JavaScript and TSX: JSX elements where an expression starts.
    Jsx,
    Dart,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Ident,
    /// One of `{}()[]<>.,;:?=@`.
    Punct(u8),
    Arrow,
    /// `++` / `--` and a non-null assertion `x!`: after them a `/` divides and `<` compares.
    Step,
    /// Any other operator: after it a `/` starts a regular expression.
    Op,
    /// A literal: string, number, template, regular expression, JSX element.
    Value,
    /// A `)` closing `if (…)`, `while (…)`, `for (…)` or `with (…)`: a statement follows.
    CondClose,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
}

/// What a `{` opened, so its `}` knows what to resume.
#[derive(Debug, Clone, Copy)]
enum Brace {
    Block,
    Template,
    Jsx { depth: usize, in_tag: bool },
    DartString { quote: u8, triple: bool },
}

/// Enough for any real program; deeper input is read as ending there rather than risking
/// unbounded memory in a hostile file.
const MAX_NESTING: usize = 100_000;

struct Lexer<'a> {
    b: &'a [u8],
    at: usize,
    dialect: Dialect,
    tokens: Vec<Token>,
    braces: Vec<Brace>,
    /// For each open `(`: whether a condition keyword preceded it.
    parens: Vec<bool>,
}

fn ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80
}

fn ident_part(c: u8) -> bool {
    ident_start(c) || c.is_ascii_digit()
}

const REGEX_AFTER: [&str; 14] = [
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "yield",
    "await",
];

impl<'a> Lexer<'a> {
    fn peek(&self, k: usize) -> u8 {
        self.b.get(self.at.saturating_add(k)).copied().unwrap_or(0)
    }

    fn push(&mut self, kind: Kind, start: usize) {
        self.tokens.push(Token {
            kind,
            start,
            end: self.at,
        });
    }

    fn text(&self, t: &Token) -> &'a [u8] {
        self.b.get(t.start..t.end).unwrap_or(&[])
    }

    /// Whether an expression may start here (so `/` is a regex and `<` may open JSX).
    fn expression_expected(&self) -> bool {
        let Some(t) = self.tokens.last() else {
            return true;
        };
        match t.kind {
            // `x.return / 2` names a property, not the keyword.
            Kind::Ident => {
                let property = self
                    .tokens
                    .len()
                    .checked_sub(2)
                    .and_then(|i| self.tokens.get(i))
                    .is_some_and(|p| p.kind == Kind::Punct(b'.'));
                !property && REGEX_AFTER.iter().any(|k| k.as_bytes() == self.text(t))
            }
            Kind::Value | Kind::Step => false,
            Kind::Punct(b')' | b']') => false,
            _ => true,
        }
    }

    /// Whether the `!` here follows a value directly (`value!`), not starting a negation.
    fn non_null_assertion(&self) -> bool {
        self.tokens
            .last()
            .is_some_and(|t| t.end == self.at && t.kind != Kind::Op)
            && !self.expression_expected()
    }

    fn run(&mut self) {
        while self.at < self.b.len() {
            let c = self.peek(0);
            let start = self.at;
            match c {
                b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => self.at = self.at.saturating_add(1),
                b'/' if self.peek(1) == b'/' => self.line_comment(),
                b'/' if self.peek(1) == b'*' => self.block_comment(),
                b'#' if self.dialect != Dialect::Dart && start == 0 && self.peek(1) == b'!' => {
                    self.line_comment()
                }
                b'\'' | b'"' if self.dialect == Dialect::Dart => {
                    self.dart_string(false);
                }
                b'r' if self.dialect == Dialect::Dart && matches!(self.peek(1), b'\'' | b'"') => {
                    self.at = self.at.saturating_add(1);
                    self.dart_string(true);
                }
                b'\'' | b'"' => {
                    self.js_string(c);
                    self.push(Kind::Value, start);
                }
                b'`' if self.dialect != Dialect::Dart => {
                    self.at = self.at.saturating_add(1);
                    self.template(start);
                }
                b'/' if self.dialect != Dialect::Dart && self.expression_expected() => {
                    self.regex();
                    self.push(Kind::Value, start);
                }
                b'<' if self.dialect == Dialect::Jsx
                    && self.expression_expected()
                    && self.jsx_may_start() =>
                {
                    self.at = self.at.saturating_add(1);
                    self.jsx(0, true, start);
                }
                b'0'..=b'9' => {
                    self.number();
                    self.push(Kind::Value, start);
                }
                b'.' if self.peek(1).is_ascii_digit() => {
                    self.number();
                    self.push(Kind::Value, start);
                }
                _ if ident_start(c) => {
                    while ident_part(self.peek(0)) {
                        self.at = self.at.saturating_add(1);
                    }
                    self.push(Kind::Ident, start);
                }
                b'{' => {
                    self.at = self.at.saturating_add(1);
                    self.open(Brace::Block, start);
                }
                b'}' => {
                    self.at = self.at.saturating_add(1);
                    self.push(Kind::Punct(b'}'), start);
                    match self.braces.pop() {
                        Some(Brace::Template) => self.template(start),
                        Some(Brace::Jsx { depth, in_tag }) => self.jsx(depth, in_tag, start),
                        Some(Brace::DartString { quote, triple }) => {
                            self.dart_string_body(quote, triple, false, start)
                        }
                        Some(Brace::Block) | None => {}
                    }
                }
                b'(' => {
                    let cond = self.tokens.last().is_some_and(|t| {
                        t.kind == Kind::Ident
                            && matches!(self.text(t), b"if" | b"while" | b"for" | b"with")
                    });
                    self.parens.push(cond);
                    self.at = self.at.saturating_add(1);
                    self.push(Kind::Punct(b'('), start);
                }
                b')' => {
                    self.at = self.at.saturating_add(1);
                    let cond = self.parens.pop().unwrap_or(false);
                    self.push(
                        if cond {
                            Kind::CondClose
                        } else {
                            Kind::Punct(b')')
                        },
                        start,
                    );
                }
                b'=' if self.peek(1) == b'>' => {
                    self.at = self.at.saturating_add(2);
                    self.push(Kind::Arrow, start);
                }
                // `<<` and `<=` are operators: their second `<` opens no JSX or type arguments.
                b'<' if matches!(self.peek(1), b'<' | b'=') => {
                    self.at = self.at.saturating_add(2);
                    self.push(Kind::Op, start);
                }
                // TypeScript's non-null assertion `value!` ends a value, as `++` does.
                b'!' if self.peek(1) != b'=' && self.non_null_assertion() => {
                    self.at = self.at.saturating_add(1);
                    self.push(Kind::Step, start);
                }
                b'+' | b'-' if self.peek(1) == c => {
                    self.at = self.at.saturating_add(2);
                    self.push(Kind::Step, start);
                }
                b'[' | b']' | b'<' | b'>' | b'.' | b',' | b';' | b':' | b'?' | b'=' | b'@' => {
                    self.at = self.at.saturating_add(1);
                    self.push(Kind::Punct(c), start);
                }
                _ => {
                    self.at = self.at.saturating_add(1);
                    self.push(Kind::Op, start);
                }
            }
        }
    }

    fn open(&mut self, brace: Brace, start: usize) {
        self.push(Kind::Punct(b'{'), start);
        if self.braces.len() < MAX_NESTING {
            self.braces.push(brace);
        } else {
            self.at = self.b.len();
        }
    }

    fn line_comment(&mut self) {
        while !matches!(self.peek(0), b'\n' | b'\r') && self.at < self.b.len() {
            self.at = self.at.saturating_add(1);
        }
    }

    fn block_comment(&mut self) {
        self.at = self.at.saturating_add(2);
        // Dart's block comments nest; JavaScript's do not.
        let mut depth = 1usize;
        while self.at < self.b.len() {
            if self.peek(0) == b'*' && self.peek(1) == b'/' {
                self.at = self.at.saturating_add(2);
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return;
                }
            } else if self.dialect == Dialect::Dart && self.peek(0) == b'/' && self.peek(1) == b'*'
            {
                self.at = self.at.saturating_add(2);
                depth = depth.saturating_add(1);
            } else {
                self.at = self.at.saturating_add(1);
            }
        }
    }

    fn js_string(&mut self, q: u8) {
        self.at = self.at.saturating_add(1);
        while self.at < self.b.len() {
            match self.peek(0) {
                // A backslash before a CRLF continues the string over both bytes.
                b'\\' if self.peek(1) == b'\r' && self.peek(2) == b'\n' => {
                    self.at = self.at.saturating_add(3)
                }
                b'\\' => self.at = self.at.saturating_add(2),
                // An unterminated string ends with its line.
                b'\n' | b'\r' => return,
                c => {
                    self.at = self.at.saturating_add(1);
                    if c == q {
                        return;
                    }
                }
            }
        }
        self.at = self.at.min(self.b.len());
    }

    /// The rest of a template literal, from just after its backtick or a substitution's `}`.
    fn template(&mut self, start: usize) {
        while self.at < self.b.len() {
            match self.peek(0) {
                b'\\' => self.at = self.at.saturating_add(2),
                b'`' => {
                    self.at = self.at.saturating_add(1);
                    self.push(Kind::Value, start);
                    return;
                }
                b'$' if self.peek(1) == b'{' => {
                    let open = self.at.saturating_add(1);
                    self.at = self.at.saturating_add(2);
                    self.open(Brace::Template, open);
                    return;
                }
                _ => self.at = self.at.saturating_add(1),
            }
        }
        self.at = self.at.min(self.b.len());
        self.push(Kind::Value, start);
    }

    fn regex(&mut self) {
        self.at = self.at.saturating_add(1);
        let mut class = false;
        while self.at < self.b.len() {
            match self.peek(0) {
                b'\\' => self.at = self.at.saturating_add(2),
                b'\n' | b'\r' => return,
                b'[' => {
                    class = true;
                    self.at = self.at.saturating_add(1);
                }
                b']' => {
                    class = false;
                    self.at = self.at.saturating_add(1);
                }
                b'/' if !class => {
                    self.at = self.at.saturating_add(1);
                    while ident_part(self.peek(0)) {
                        self.at = self.at.saturating_add(1);
                    }
                    return;
                }
                _ => self.at = self.at.saturating_add(1),
            }
        }
        self.at = self.at.min(self.b.len());
    }

    fn number(&mut self) {
        let hex = matches!(self.peek(1), b'x' | b'X');
        while self.at < self.b.len() {
            let c = self.peek(0);
            // A sign belongs to a decimal exponent (`1e+5`); in hex `e` is a digit.
            let exponent_sign = matches!(c, b'+' | b'-')
                && !hex
                && matches!(self.b.get(self.at.saturating_sub(1)), Some(b'e' | b'E'));
            if c.is_ascii_alphanumeric() || c == b'.' || c == b'_' || exponent_sign {
                self.at = self.at.saturating_add(1);
            } else {
                return;
            }
        }
    }

    /// `<` opens JSX when a tag name or `>` (a fragment) follows — but in TSX `<T,>`,
    /// `<T = D>` and `<T extends U>` open a generic arrow function's type parameters, as the
    /// TypeScript compiler decides (`<T extends>`, `<T extends=…>` and `<T extends/>` stay JSX:
    /// an attribute named `extends`).
    fn jsx_may_start(&self) -> bool {
        // Right after the `<`: `a < b` with a space is a comparison wherever a value the
        // lexer cannot see ends (`value! < limit`).
        let i = self.at.saturating_add(1);
        if self.b.get(i) == Some(&b'>') {
            return true;
        }
        let Some(after) = self.ident_at(i) else {
            return false;
        };
        let mut name_end = after;
        if self.b.get(i..after) == Some(b"const".as_slice()) {
            if let Some(end) = self.ident_at(self.skip_space(after)) {
                name_end = end;
            }
        }
        let j = self.skip_space(name_end);
        if matches!(self.b.get(j), Some(b',' | b'=')) {
            return false;
        }
        let Some(end) = self.ident_at(j) else {
            return true;
        };
        if self.b.get(j..end) != Some(b"extends".as_slice()) {
            return true;
        }
        matches!(
            self.b.get(self.skip_space(end)),
            Some(b'=' | b'>' | b'/') | None
        )
    }

    fn skip_space(&self, mut i: usize) -> usize {
        while matches!(self.b.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            i = i.saturating_add(1);
        }
        i
    }

    /// The end of the identifier starting at `i`, if one does.
    fn ident_at(&self, i: usize) -> Option<usize> {
        if !self.b.get(i).copied().is_some_and(ident_start) {
            return None;
        }
        let mut end = i;
        while self.b.get(end).copied().is_some_and(ident_part) {
            end = end.saturating_add(1);
        }
        Some(end)
    }

    /// A JSX element from inside a tag (`in_tag`) or its children, `depth` elements deep.
    /// Returns at the element's end (one `Value` token for it) or at a `{` (code until its `}`).
    /// A closing tag (`</a>`, a fragment's `</>`) never holds a `{`, so a resumed tag is an
    /// opening one.
    fn jsx(&mut self, mut depth: usize, mut in_tag: bool, start: usize) {
        let mut closing = false;
        // `<` … `>` of type arguments in a tag (`<Select<Option> value={v}>`).
        let mut angles = 0usize;
        while self.at < self.b.len() {
            let c = self.peek(0);
            if in_tag {
                match c {
                    b'"' | b'\'' => {
                        // Attribute strings have no escapes.
                        self.at = self.at.saturating_add(1);
                        while self.at < self.b.len() && self.peek(0) != c {
                            self.at = self.at.saturating_add(1);
                        }
                        self.at = self.at.saturating_add(1);
                    }
                    b'{' => {
                        let open = self.at;
                        self.at = self.at.saturating_add(1);
                        self.open(Brace::Jsx { depth, in_tag }, open);
                        return;
                    }
                    // Comments may sit between attributes.
                    b'/' if self.peek(1) == b'/' => self.line_comment(),
                    b'/' if self.peek(1) == b'*' => self.block_comment(),
                    b'<' => {
                        angles = angles.saturating_add(1);
                        self.at = self.at.saturating_add(1);
                    }
                    b'>' if angles > 0 => {
                        angles = angles.saturating_sub(1);
                        self.at = self.at.saturating_add(1);
                    }
                    b'/' if self.peek(1) == b'>' && !closing => {
                        self.at = self.at.saturating_add(2);
                        if depth == 0 {
                            self.push(Kind::Value, start);
                            return;
                        }
                        in_tag = false;
                    }
                    b'>' => {
                        self.at = self.at.saturating_add(1);
                        if closing {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                self.push(Kind::Value, start);
                                return;
                            }
                        } else {
                            depth = depth.saturating_add(1);
                        }
                        in_tag = false;
                    }
                    _ => self.at = self.at.saturating_add(1),
                }
            } else {
                match c {
                    b'{' => {
                        let open = self.at;
                        self.at = self.at.saturating_add(1);
                        self.open(Brace::Jsx { depth, in_tag }, open);
                        return;
                    }
                    b'<' => {
                        self.at = self.skip_space(self.at.saturating_add(1));
                        in_tag = true;
                        angles = 0;
                        closing = self.peek(0) == b'/';
                        if closing {
                            self.at = self.at.saturating_add(1);
                        }
                    }
                    _ => self.at = self.at.saturating_add(1),
                }
            }
        }
        self.push(Kind::Value, start);
    }

    fn dart_string(&mut self, raw: bool) {
        let start = if raw {
            self.at.saturating_sub(1)
        } else {
            self.at
        };
        let q = self.peek(0);
        let triple = self.peek(1) == q && self.peek(2) == q;
        self.at = self.at.saturating_add(if triple { 3 } else { 1 });
        self.dart_string_body(q, triple, raw, start);
    }

    fn dart_string_body(&mut self, q: u8, triple: bool, raw: bool, start: usize) {
        while self.at < self.b.len() {
            let c = self.peek(0);
            match c {
                b'\\' if !raw => self.at = self.at.saturating_add(2),
                b'\n' | b'\r' if !triple => break,
                b'$' if !raw && self.peek(1) == b'{' => {
                    let open = self.at.saturating_add(1);
                    self.at = self.at.saturating_add(2);
                    self.open(Brace::DartString { quote: q, triple }, open);
                    return;
                }
                _ if c == q => {
                    if !triple {
                        self.at = self.at.saturating_add(1);
                        break;
                    }
                    if self.peek(1) == q && self.peek(2) == q {
                        self.at = self.at.saturating_add(3);
                        break;
                    }
                    self.at = self.at.saturating_add(1);
                }
                _ => self.at = self.at.saturating_add(1),
            }
        }
        self.at = self.at.min(self.b.len());
        self.push(Kind::Value, start);
    }
}

const TS_MODIFIERS: [&str; 4] = ["export", "default", "abstract", "declare"];
const DART_MODIFIERS: [&str; 9] = [
    "abstract",
    "base",
    "final",
    "interface",
    "sealed",
    "mixin",
    "macro",
    "augment",
    "external",
];

/// The tokens of `src`: what strings, comments, templates, regular expressions and JSX hide
/// is inside single tokens.
pub(super) fn lex(src: &str, dialect: Dialect) -> Vec<Token> {
    let mut lexer = Lexer {
        b: src.as_bytes(),
        at: 0,
        dialect,
        tokens: Vec::new(),
        braces: Vec::new(),
        parens: Vec::new(),
    };
    lexer.run();
    lexer.tokens
}

/// The identifier that token `i` of `src` is, or `""` for any other token or none.
pub(super) fn word_at<'s>(src: &'s str, tokens: &[Token], i: usize) -> &'s str {
    tokens
        .get(i)
        .filter(|t| t.kind == Kind::Ident)
        .and_then(|t| src.get(t.start..t.end))
        .unwrap_or("")
}

/// Whether token `i` is the punctuation `c`.
pub(super) fn punct_at(tokens: &[Token], i: usize, c: u8) -> bool {
    tokens.get(i).is_some_and(|t| t.kind == Kind::Punct(c))
}

pub(super) fn classes(src: &str, dialect: Dialect) -> Vec<Found> {
    let tokens = lex(src, dialect);
    let matches = matching(&tokens);
    // Needed only for `, Name = class`: computed the first time.
    let mut commas: Option<Vec<bool>> = None;
    let word = |i: usize| word_at(src, &tokens, i);
    let punct = |i: usize, c: u8| punct_at(&tokens, i, c);
    let modifiers: &[&str] = if dialect == Dialect::Dart {
        &DART_MODIFIERS
    } else {
        &TS_MODIFIERS
    };
    let mut found: Vec<Found> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 && punct(i.saturating_sub(1), b'.') {
            continue;
        }
        let next = match word(i) {
            "class" => i.saturating_add(1),
            "mixin" | "extension" if dialect == Dialect::Dart => match dart_declaration(&word, i) {
                Some(name_at) => name_at,
                None => continue,
            },
            _ => continue,
        };
        let own_name = match word(next) {
            "" if punct(next, b'{') => None,
            "" => continue,
            "extends" | "implements" | "with" => None,
            name => Some(name),
        };
        // The header runs to the body's `{` at bracket depth 0 (type parameters and arguments,
        // heritage expressions); a Dart mixin application `class A = B with C;` has no body.
        let mut depth = 0usize;
        let mut k = next;
        let mut end = None;
        while let Some(h) = tokens.get(k) {
            match h.kind {
                Kind::Punct(b'{') if depth == 0 => {
                    end = Some(
                        matches
                            .get(k)
                            .copied()
                            .flatten()
                            .and_then(|m| tokens.get(m))
                            .map_or(src.len(), |close| close.end),
                    );
                    break;
                }
                Kind::Punct(b';') if depth == 0 => {
                    end = Some(h.end);
                    break;
                }
                // A `}` closing an enclosing block: this was no class header.
                Kind::Punct(b'}') if depth == 0 => break,
                // Nor when another class starts first (a class expression in a heritage clause
                // is lost this way, but no header is read twice: the scan stays linear).
                Kind::Ident
                    if src.get(h.start..h.end) == Some("class")
                        && !punct(k.saturating_sub(1), b'.') =>
                {
                    break
                }
                Kind::Punct(b'(' | b'[' | b'<' | b'{') => depth = depth.saturating_add(1),
                Kind::Punct(b')' | b']' | b'>' | b'}') | Kind::CondClose => {
                    depth = depth.saturating_sub(1)
                }
                _ => {}
            }
            k = k.saturating_add(1);
        }
        let Some(end) = end else { continue };
        let mut first = i;
        // Modifiers and decorators, in any order, just before the keyword.
        while let Some(p) = first.checked_sub(1) {
            if modifiers.contains(&word(p)) {
                first = p;
            } else if let Some(at) = decorator_before(&tokens, &matches, first) {
                first = at;
            } else {
                break;
            }
        }
        let declared = assigned(&word, &punct, first).filter(|a| {
            a.comma.map_or(true, |c| {
                commas
                    .get_or_insert_with(|| declaration_commas(&tokens, src))
                    .get(c)
                    .copied()
                    .unwrap_or(false)
            })
        });
        let name = if let Some(Assigned {
            binding,
            declaration,
            ..
        }) = declared
        {
            // `const A = class …` is imported as `A`, and shown from its declaration on.
            first = declaration;
            if first > 0 && word(first.saturating_sub(1)) == "export" {
                first = first.saturating_sub(1);
            }
            binding.to_string()
        } else if let Some(own) = own_name {
            own.to_string()
        } else if (first..i).any(|m| word(m) == "default") {
            "default".to_string()
        } else {
            // An anonymous class expression (an argument, a return value) has no name to
            // import by.
            continue;
        };
        let start = tokens.get(first).map_or(t.start, |f| f.start);
        found.push(Found {
            name,
            keyword: t.start,
            start,
            end,
            parent: None,
        });
    }
    // Parents by containment: the classes come in keyword order.
    let mut stack: Vec<usize> = Vec::new();
    for index in 0..found.len() {
        let Some(keyword) = found.get(index).map(|f| f.keyword) else {
            continue;
        };
        while let Some(&top) = stack.last() {
            if found.get(top).is_some_and(|t| t.end <= keyword) {
                stack.pop();
            } else {
                break;
            }
        }
        let parent = stack.last().copied();
        // Unbalanced input can leave a body open past its parent's end; a span stays inside
        // its parent's whatever the file holds.
        let limit = parent.and_then(|p| found.get(p)).map(|p| p.end);
        if let Some(f) = found.get_mut(index) {
            f.parent = parent;
            if let Some(limit) = limit {
                f.end = f.end.min(limit);
            }
        }
        stack.push(index);
    }
    found
}

/// Dart's other class-like declarations: `mixin M on A {…}` (with `base`; `mixin class` is read
/// at its `class`), `extension E on T {…}` and `extension type [const] E(int i) {…}`. The index
/// of the declared name; `None` for an unnamed extension (nothing to import or re-declare by
/// name) or where the word is an identifier (`mixin = 1`).
fn dart_declaration<'s>(word: &impl Fn(usize) -> &'s str, at: usize) -> Option<usize> {
    let next = at.saturating_add(1);
    let is_name = |i: usize| !matches!(word(i), "" | "on" | "class");
    if word(at) == "mixin" {
        return is_name(next).then_some(next);
    }
    // `extension type on String {}` is an extension named `type`.
    if word(next) == "type" && is_name(next.saturating_add(1)) {
        let name = next.saturating_add(1);
        return Some(
            if word(name) == "const" && is_name(name.saturating_add(1)) {
                name.saturating_add(1)
            } else {
                name
            },
        );
    }
    is_name(next).then_some(next)
}

/// A class expression bound to a name: `(const|let|var) Name = class` or `, Name = class`.
struct Assigned<'s> {
    binding: &'s str,
    /// Where the declaration starts (the keyword, or the name after a comma).
    declaration: usize,
    /// The comma before the name, which must separate declarators (not be a comma operator).
    comma: Option<usize>,
}

fn assigned<'s>(
    word: &impl Fn(usize) -> &'s str,
    punct: &impl Fn(usize, u8) -> bool,
    class_at: usize,
) -> Option<Assigned<'s>> {
    let eq = class_at.checked_sub(1)?;
    if !punct(eq, b'=') {
        return None;
    }
    let name_at = eq.checked_sub(1)?;
    let binding = word(name_at);
    if binding.is_empty() {
        return None;
    }
    let before = name_at.checked_sub(1)?;
    match word(before) {
        "const" | "let" | "var" => Some(Assigned {
            binding,
            declaration: before,
            comma: None,
        }),
        _ if punct(before, b',') => Some(Assigned {
            binding,
            declaration: name_at,
            comma: Some(before),
        }),
        _ => None,
    }
}

/// For each token, whether it is a comma between the declarators of a `const`/`let`/`var`
/// (`var a = 1, B = class {}`) rather than a comma operator (`a = 1, B = class {}`, which
/// names no class). One pass, with a flag per open bracket: a declaration keyword sets it, a
/// `;` at that depth clears it.
fn declaration_commas(tokens: &[Token], src: &str) -> Vec<bool> {
    let mut out = vec![false; tokens.len()];
    let mut open: Vec<bool> = vec![false];
    let mut after_dot = false;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Kind::Punct(b'{' | b'(' | b'[') => open.push(false),
            Kind::Punct(b'}' | b')' | b']') | Kind::CondClose if open.len() > 1 => {
                open.pop();
            }
            Kind::Punct(b';') => {
                if let Some(top) = open.last_mut() {
                    *top = false;
                }
            }
            Kind::Punct(b',') => {
                if let Some(slot) = out.get_mut(i) {
                    *slot = open.last().copied().unwrap_or(false);
                }
            }
            Kind::Ident
                if !after_dot
                    && matches!(src.get(t.start..t.end), Some("const" | "let" | "var")) =>
            {
                if let Some(top) = open.last_mut() {
                    *top = true;
                }
            }
            _ => {}
        }
        after_dot = t.kind == Kind::Punct(b'.');
    }
    out
}

/// If a decorator (`@a.b` or `@a.b(…)`) ends just before token `at`, the index of its `@`.
fn decorator_before(tokens: &[Token], matches: &[Option<usize>], at: usize) -> Option<usize> {
    let mut p = at.checked_sub(1)?;
    let t = tokens.get(p)?;
    if matches!(t.kind, Kind::Punct(b')') | Kind::CondClose) {
        p = matches.get(p).copied().flatten()?.checked_sub(1)?;
    }
    // A dotted name, back to its `@`.
    loop {
        let t = tokens.get(p)?;
        if t.kind != Kind::Ident {
            return None;
        }
        let q = p.checked_sub(1)?;
        match tokens.get(q)?.kind {
            Kind::Punct(b'@') => return Some(q),
            Kind::Punct(b'.') => p = q.checked_sub(1)?,
            _ => return None,
        }
    }
}

/// For each bracket token its partner's index, by a stack per kind of bracket pair.
fn matching(tokens: &[Token]) -> Vec<Option<usize>> {
    let mut out = vec![None; tokens.len()];
    let mut braces: Vec<usize> = Vec::new();
    let mut parens: Vec<usize> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let (stack, open) = match t.kind {
            Kind::Punct(b'{') => (&mut braces, true),
            Kind::Punct(b'}') => (&mut braces, false),
            Kind::Punct(b'(') => (&mut parens, true),
            Kind::Punct(b')') | Kind::CondClose => (&mut parens, false),
            _ => continue,
        };
        if open {
            stack.push(i);
        } else if let Some(o) = stack.pop() {
            if let Some(slot) = out.get_mut(o) {
                *slot = Some(i);
            }
            if let Some(slot) = out.get_mut(i) {
                *slot = Some(o);
            }
        }
    }
    out
}
