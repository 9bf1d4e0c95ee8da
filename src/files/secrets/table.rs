//! The credential shapes a content is scanned for: one row per token family, each a keyword the
//! token starts with (the prefilter: a row is tried only where a word starts with its first two
//! bytes), the alphabet and length of the body after it, and what else the body must show.
//!
//! A keyword-led token is a secret whatever its body spells (`hf_xxxx…` too, as secretlint
//! has it): a stand-in that keeps a real token's shape is refused with it. An AWS access key id
//! (`AKIA…`) alone is not a secret (the secret access key is; secretlint's default agrees).
//!
//! Shapes that have no keyword of their own are found by what stands before them (scan.rs):
//! PEM private keys (`-----BEGIN … PRIVATE KEY-----`, which also covers a GCP service account's
//! `private_key`), URLs with a password (`://user:pass@`), and values assigned to secret-named
//! keys (`AWS_SECRET_ACCESS_KEY=…`, `"api_token": "…"`, `password: …`).

/// The characters a token's body is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Body {
    /// `A-Za-z0-9`.
    Alnum,
    /// `A-Za-z0-9_`.
    Word,
    /// `A-Za-z0-9_-` (base64url).
    Url,
    /// `A-Za-z0-9-`.
    Dashed,
    /// `A-Za-z0-9+/=`.
    Base64,
    /// `0-9a-fA-F`.
    Hex,
    /// `A-Za-z`.
    Letters,
    /// `A-Za-z0-9_-/`: a URL's path.
    Path,
    /// `A-Za-z0-9_-.`: dotted parts.
    Dotted,
}

impl Body {
    pub(super) fn has(self, b: u8) -> bool {
        let alnum = b.is_ascii_alphanumeric();
        match self {
            Body::Alnum => alnum,
            Body::Word => alnum || b == b'_',
            Body::Url => alnum || b == b'_' || b == b'-',
            Body::Dashed => alnum || b == b'-',
            Body::Base64 => alnum || b == b'+' || b == b'/' || b == b'=',
            Body::Hex => b.is_ascii_hexdigit(),
            Body::Letters => b.is_ascii_alphabetic(),
            Body::Path => alnum || b == b'_' || b == b'-' || b == b'/',
            Body::Dotted => alnum || b == b'_' || b == b'-' || b == b'.',
        }
    }
}

/// What the body must show besides its alphabet and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Then {
    Nothing,
    /// At least three letters and three digits (`sk-` also starts CSS classes and slugs).
    Mixed,
    /// `.payload.signature` after the header.
    Jwt,
    /// At least `n` of the given byte inside the body (Slack's `-`, a webhook's `/`,
    /// SendGrid's `.`).
    Has(u8, u8),
    /// The body's first `n` characters are digits (Notion's `ntn_` + 11 digits).
    Digits(u8),
}

/// One family's token shape. `max` 0: no upper bound on the body.
pub(super) struct Rule {
    pub family: &'static str,
    pub keyword: &'static str,
    pub body: Body,
    pub min: u16,
    pub max: u16,
    pub then: Then,
}

const fn rule(family: &'static str, keyword: &'static str, body: Body, min: u16) -> Rule {
    Rule {
        family,
        keyword,
        body,
        min,
        max: 0,
        then: Then::Nothing,
    }
}

impl Rule {
    const fn max(self, max: u16) -> Rule {
        Rule { max, ..self }
    }
    const fn then(self, then: Then) -> Rule {
        Rule { then, ..self }
    }
}

use Body::*;

const GITHUB: &str = "a GitHub token";
const SLACK: &str = "a Slack token";
const SHOPIFY: &str = "a Shopify token";
const STRIPE: &str = "a Stripe secret key";
const VAULT: &str = "a HashiCorp Vault token";
const VERCEL: &str = "a Vercel token";
const GRAFANA: &str = "a Grafana token";

/// Earlier rows win where keywords overlap (`sk-ant-` before `sk-`).
#[rustfmt::skip]
pub(super) const RULES: [Rule; 49] = [
    rule(GITHUB, "ghp_", Word, 36),
    rule(GITHUB, "gho_", Word, 36),
    rule(GITHUB, "ghu_", Word, 36),
    rule(GITHUB, "ghs_", Word, 36),
    rule(GITHUB, "ghr_", Word, 36),
    rule(GITHUB, "github_pat_", Word, 60),
    rule("a GitLab token", "glpat-", Url, 20),
    rule(SLACK, "xoxb-", Dashed, 8).then(Then::Has(b'-', 1)),
    rule(SLACK, "xoxp-", Dashed, 8).then(Then::Has(b'-', 1)),
    rule(SLACK, "xoxa-", Dashed, 8).then(Then::Has(b'-', 1)),
    rule(SLACK, "xoxr-", Dashed, 8).then(Then::Has(b'-', 1)),
    rule(SLACK, "xoxs-", Dashed, 8).then(Then::Has(b'-', 1)),
    rule(SLACK, "xoxo-", Dashed, 8).then(Then::Has(b'-', 1)),
    rule(SLACK, "xapp-", Dashed, 8).then(Then::Has(b'-', 1)),
    rule("a Slack webhook", "hooks.slack.com/services/", Path, 20).then(Then::Has(b'/', 2)),
    rule("an npm token", "npm_", Word, 36),
    rule(STRIPE, "sk_live_", Alnum, 24),
    rule(STRIPE, "rk_live_", Alnum, 24),
    rule(STRIPE, "sk_test_", Alnum, 24),
    rule("an Anthropic API key", "sk-ant-", Url, 32),
    rule("an OpenAI API key", "sk-", Url, 32).then(Then::Mixed),
    rule("a Google API key", "AIza", Url, 35),
    rule("a SendGrid API key", "SG.", Dotted, 40).then(Then::Has(b'.', 1)),
    rule(SHOPIFY, "shpss_", Alnum, 32),
    rule(SHOPIFY, "shpat_", Alnum, 32),
    rule(SHOPIFY, "shpca_", Alnum, 32),
    rule(SHOPIFY, "shppa_", Alnum, 32),
    rule(VAULT, "hvs.", Url, 90),
    rule(VAULT, "hvb.", Url, 90),
    rule(VAULT, "hvr.", Url, 90),
    rule("a Docker personal access token", "dckr_pat_", Url, 20),
    rule("a Hugging Face token", "hf_", Letters, 34).max(34),
    rule("a Groq API key", "gsk_", Alnum, 52).max(52),
    rule("a Linear API key", "lin_api_", Word, 32),
    rule("a 1Password service account token", "ops_ey", Base64, 60),
    rule(VERCEL, "vcp_", Alnum, 20),
    rule(VERCEL, "vci_", Alnum, 20),
    rule(VERCEL, "vca_", Alnum, 20),
    rule(VERCEL, "vcr_", Alnum, 20),
    rule(VERCEL, "vck_", Alnum, 20),
    rule("a Tailscale key", "tskey-", Dashed, 20).then(Then::Has(b'-', 2)),
    rule(GRAFANA, "glc_", Base64, 32),
    rule(GRAFANA, "glsa_", Word, 40),
    rule("a Notion integration token", "ntn_", Alnum, 46).max(46).then(Then::Digits(11)),
    rule("a Databricks token", "dapi", Hex, 32).max(32),
    rule("a Figma token", "figd_", Url, 40),
    rule("a JSON Web Token", "eyJ", Url, 10).then(Then::Jwt),
    rule("a Twilio API key", "SK", Hex, 32).max(32),
    rule("a Stripe restricted test key", "rk_test_", Alnum, 24),
];
