//! The preload and prompt-sections exports (the `ctxpack/files` entry, feature `files`): its
//! table's functions (`crate::files::calls`), `preloadFiles` with the contents kept in
//! JavaScript.

use super::{bind, error, host, metered, output, JsArgs, JsResult};
use crate::files::render::HEADING;
use crate::files::{Placed, PreloadInput, PreloadResult};
use crate::shape::Input;
use crate::text::utf16_len;
use crate::Result;
use wasm_bindgen::prelude::*;

crate::files::calls::table!(bind);

/// `preloadFiles`: the contents' text stays in JavaScript until the input is known to be well
/// formed; then it crosses once, into one buffer the core reads slices of, and the block is
/// written around the contents JavaScript still holds (`fill_block`).
fn preload_files(a: &mut JsArgs<'_>) -> JsResult {
    (|| {
        let limits = a.limits;
        let input = a.raw(0).cloned().unwrap_or(JsValue::UNDEFINED);
        let (value, tape) = host::value_apart(&input, "", &limits)?;
        let input = PreloadInput::read(&value, "")?;
        drop(value);
        let held = HeldContents::encode(&tape)?;
        let count = input.contents.as_ref().map_or(0, Vec::len);
        let by_content = held.by_content(count);
        let texts: Vec<Option<&str>> = by_content.iter().map(|h| h.map(|(t, _)| t)).collect();
        let plan = match a.counter() {
            None => crate::files::plan(&input, &texts, &limits)?,
            Some(f) => metered(Some(f), |meter| {
                crate::files::plan_metered(&input, &texts, &limits, meter)
            })?,
        };
        let (manifest, pieces, footer) = plan.into_parts();
        let result = output::to_js(
            decode,
            &PreloadResult {
                block: String::new(),
                manifest,
            },
        );
        fill_block(&result, &tape, &by_content, &pieces, &footer)?;
        Ok(result)
    })()
    .map_err(error::to_js)
}

#[wasm_bindgen(module = "/src/wasm/files/contents.js")]
extern "C" {
    /// See files/contents.js: the held contents written as UTF-8 into `view`; the bytes written.
    #[wasm_bindgen(js_name = encodeApart)]
    fn encode_apart(tape: &JsValue, view: &mut [u8]) -> u32;
    #[wasm_bindgen(catch, js_name = fillBlock)]
    fn fill_block_js(
        result: &JsValue,
        tape: &JsValue,
        literals: &str,
        cuts: &[u32],
        bodies: &[u32],
    ) -> std::result::Result<(), JsValue>;
}

// The held contents' side of the tape (glue.js `hostValue` with `apart`): plain fields of an
// object of glue.js's own making, so reading them cannot throw.
#[wasm_bindgen]
extern "C" {
    type ApartTape;
    #[wasm_bindgen(method, getter, js_name = heldAt)]
    fn held_at(this: &ApartTape) -> Option<Vec<u32>>;
    #[wasm_bindgen(method, getter, js_name = heldUnits)]
    fn held_units(this: &ApartTape) -> Option<f64>;
    #[wasm_bindgen(method, getter, js_name = heldBytes)]
    fn held_bytes(this: &ApartTape) -> Option<Vec<u32>>;
    #[wasm_bindgen(method, getter)]
    fn done(this: &ApartTape) -> Option<f64>;
}

/// Every held content's UTF-8 in one string, and which content each slice of it is.
struct HeldContents {
    text: String,
    /// Per held content: its index in `contents`, and its byte range in `text`.
    slices: Vec<(usize, std::ops::Range<usize>)>,
}

impl HeldContents {
    /// Encodes the tape's held contents into wasm memory. The UTF-8 is at least as long as the
    /// UTF-16 and at most three times as long: room for the UTF-16 length and an eighth more
    /// fits source code in one call; past that, the rest gets room for its worst case.
    fn encode(tape: &JsValue) -> Result<Self> {
        let t: &ApartTape = tape.unchecked_ref();
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a sum of lengths
        let units = t.held_units().unwrap_or(0.0) as usize;
        let mut buf: Vec<u8> = Vec::new();
        let mut room = units.saturating_add(units / 8).saturating_add(16);
        loop {
            let start = buf.len();
            buf.reserve_exact(room);
            buf.resize(start.saturating_add(room), 0);
            let view = buf.get_mut(start..).unwrap_or_default();
            let written = encode_apart(tape, view) as usize;
            buf.truncate(start.saturating_add(written));
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let done = t.done().unwrap_or(0.0) as usize;
            if done >= units {
                break;
            }
            room = units.saturating_sub(done).saturating_mul(3);
        }
        // TextEncoder writes valid UTF-8: anything else is not the tape glue.js makes.
        let text = String::from_utf8(buf)
            .map_err(|_| crate::json::read::not_json("an unknown host value", ""))?;
        let at = t.held_at().unwrap_or_default();
        let bytes = t.held_bytes().unwrap_or_default();
        let mut start = 0usize;
        let slices = at
            .iter()
            .zip(&bytes)
            .map(|(&i, &n)| {
                let end = start.saturating_add(n as usize);
                let range = start..end;
                start = end;
                (i as usize, range)
            })
            .collect();
        Ok(HeldContents { text, slices })
    }

    /// Per content of `contents` (`count` of them): its text and its index among the held
    /// contents, when it was held.
    fn by_content(&self, count: usize) -> Vec<Option<(&str, usize)>> {
        let mut texts = vec![None; count];
        for (j, (i, range)) in self.slices.iter().enumerate() {
            if let (Some(slot), Some(text)) = (texts.get_mut(*i), self.text.get(range.clone())) {
                *slot = Some((text, j));
            }
        }
        texts
    }
}

/// Writes the block into `result` in JavaScript, around the contents it still holds as strings:
/// the literal parts (the heading, each file's heading and fences) cross out, the 16 MB of
/// contents do not cross back. A content the core read from bytes is a literal part too.
fn fill_block(
    result: &JsValue,
    tape: &JsValue,
    held: &[Option<(&str, usize)>],
    pieces: &[Placed<'_>],
    footer: &str,
) -> Result<()> {
    if pieces.is_empty() {
        return Ok(());
    }
    let mut literals = String::from(HEADING);
    let mut units = utf16_len(HEADING);
    let mut cuts: Vec<u32> = Vec::with_capacity(pieces.len());
    let mut bodies: Vec<u32> = Vec::with_capacity(pieces.len().saturating_mul(2));
    let push = |literals: &mut String, units: &mut usize, from: usize| {
        *units = units.saturating_add(utf16_len(literals.get(from..).unwrap_or_default()));
    };
    for p in pieces {
        let from = literals.len();
        p.piece.write_head(&mut literals);
        let (body, body_units) = p.piece.body();
        match held.get(p.content).copied().flatten() {
            Some((_, j)) => {
                push(&mut literals, &mut units, from);
                cuts.push(u32::try_from(units).unwrap_or(u32::MAX));
                bodies.push(u32::try_from(j).unwrap_or(u32::MAX));
                bodies.push(u32::try_from(body_units).unwrap_or(u32::MAX));
                let from = literals.len();
                p.piece.write_tail(&mut literals);
                push(&mut literals, &mut units, from);
            }
            None => {
                literals.push_str(body);
                p.piece.write_tail(&mut literals);
                push(&mut literals, &mut units, from);
            }
        }
    }
    literals.push_str(footer);
    fill_block_js(result, tape, &literals, &cuts, &bodies)
        .map_err(|e| crate::files::block_refused_by_host(&host::js_message(&e)))
}
