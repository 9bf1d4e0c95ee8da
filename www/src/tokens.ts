// A rough token estimate for display only — not what any model's tokenizer says. ctxpack budgets
// in UTF-16 code units (`maxChars`); exact token counting is a later engine.
//
// Rule of thumb: ~4 characters per token for Latin text, ~1 token per CJK character
// (Han, kana, Hangul, full-width punctuation).

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x3000 && cp <= 0x30ff) || // CJK punctuation, hiragana, katakana
    (cp >= 0x3400 && cp <= 0x4dbf) || // Han extension A
    (cp >= 0x4e00 && cp <= 0x9fff) || // Han
    (cp >= 0xac00 && cp <= 0xd7af) || // Hangul syllables
    (cp >= 0xf900 && cp <= 0xfaff) || // Han compatibility
    (cp >= 0xff00 && cp <= 0xffef) || // full-width forms
    (cp >= 0x20000 && cp <= 0x3ffff) // Han extensions B…
  );
}

export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isCjk(cp)) cjk++;
    else other += ch.length;
  }
  return cjk + Math.ceil(other / 4);
}

export const TOKEN_ESTIMATE_NOTE = "Estimate for display: ~4 characters per token for Latin text, ~1 per CJK character. Not a tokenizer.";
